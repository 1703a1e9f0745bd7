package store_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"rulekeeper/store"
)

// fill puts a little of everything into guild g, and one character into a neighbour guild.
func fill(t *testing.T, db *store.DB, g string) {
	t.Helper()
	err := db.Update(ctx, g, func(tx store.Tx) error {
		if err := tx.PutGuild(store.Guild{Language: "ko", CritRule: "max", House: map[string]string{"a": "<b>"}}); err != nil {
			return err
		}
		var first string
		for i, name := range []string{"Aria", "Bryn", "가온", "林风"} {
			c := &store.Character{OwnerID: fmt.Sprint("u", i%2), Name: name, System: "dnd5e",
				Sheet: json.RawMessage(fmt.Sprintf(`{"hp":%d,"note":"<&>"}`, i))}
			if err := tx.PutCharacter(c); err != nil {
				return err
			}
			if first == "" {
				first = c.ID
			}
			if err := tx.SetActive(c.OwnerID, c.ID); err != nil {
				return err
			}
		}
		if err := tx.SetActive("gm", first); err != nil {
			return err
		}
		for _, ch := range []string{"c2", "c1"} {
			if err := tx.PutEncounter(&store.Encounter{ChannelID: ch, Data: json.RawMessage(`{"round":1}`)}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(ctx, g+"0", func(tx store.Tx) error {
		return tx.PutCharacter(&store.Character{OwnerID: "u0", Name: "Neighbour"})
	})
	if err != nil {
		t.Fatal(err)
	}
}

// roundTrip writes and reads an export through its JSON.
func roundTrip(t *testing.T, e *store.Export) *store.Export {
	t.Helper()
	var buf bytes.Buffer
	if err := e.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := store.ReadExport(&buf)
	if err != nil {
		t.Fatalf("ReadExport: %v\n%s", err, buf.String())
	}
	return got
}

func sameExport(t *testing.T, got, want *store.Export) {
	t.Helper()
	g, w := *got, *want
	g.Exported = w.Exported
	gj, _ := json.Marshal(g)
	wj, _ := json.Marshal(w)
	if !bytes.Equal(gj, wj) {
		t.Errorf("exports differ:\n got  %s\n want %s", gj, wj)
	}
}

func TestExportImport(t *testing.T) {
	src, _ := openTemp(t, store.Options{NoSync: true})
	fill(t, src, "g1")
	e, err := src.Export("g1")
	if err != nil {
		t.Fatal(err)
	}
	if e.Format != "rulekeeper-guild" || e.Version != store.ExportVersion || e.Exported.IsZero() || len(e.Characters) != 4 ||
		len(e.Active) != 3 || len(e.Encounters) != 2 || e.Encounters[0].ChannelID != "c1" {
		t.Fatalf("export: %+v", e)
	}

	// Import into another file that already holds other data for the guild: replaced, neighbours kept.
	dst, _ := openTemp(t, store.Options{NoSync: true})
	err = dst.Update(ctx, "g1", func(tx store.Tx) error {
		if err := tx.PutCharacter(&store.Character{OwnerID: "u9", Name: "Old"}); err != nil {
			return err
		}
		return tx.PutEncounter(&store.Encounter{ChannelID: "c9"})
	})
	if err != nil {
		t.Fatal(err)
	}
	fill(t, dst, "g2") // g2 and g20 must survive
	if err := dst.Import(roundTrip(t, e)); err != nil {
		t.Fatalf("Import: %v", err)
	}
	again, err := dst.Export("g1")
	if err != nil {
		t.Fatal(err)
	}
	sameExport(t, again, e)
	g2, _ := dst.Export("g2")
	if len(g2.Characters) != 4 {
		t.Errorf("import into g1 changed g2: %d characters", len(g2.Characters))
	}
	// The imported names are indexed: conflicts and lookups work.
	err = dst.Update(ctx, "g1", func(tx store.Tx) error {
		if _, err := tx.FindCharacter("u0", "aria"); err != nil {
			return err
		}
		return tx.PutCharacter(&store.Character{OwnerID: "u0", Name: "ARIA"})
	})
	if !errors.Is(err, store.ErrConflict) {
		t.Errorf("after import: %v, want ErrConflict", err)
	}

	// Moved to another guild.
	moved := roundTrip(t, e)
	moved.SetGuild("g3")
	if err := dst.Import(moved); err != nil {
		t.Fatal(err)
	}
	g3, _ := dst.Export("g3")
	if len(g3.Characters) != 4 || g3.Characters[0].GuildID != "g3" || g3.Guild.Language != "ko" {
		t.Errorf("moved export: %+v", g3)
	}
}

func TestExportEmptyGuild(t *testing.T) {
	db, _ := openTemp(t, store.Options{NoSync: true})
	e, err := db.Export("nobody")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	e.WriteJSON(&buf)
	for _, want := range []string{`"characters": []`, `"active": {}`, `"encounters": []`, `"guild_id": "nobody"`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("empty export lacks %s:\n%s", want, buf.String())
		}
	}
	if err := db.Import(roundTrip(t, e)); err != nil {
		t.Errorf("importing an empty export: %v", err)
	}
}

// TestExportExample: the example in doc.go (testdata/export-v1.json) is a valid export and imports as shown.
func TestExportExample(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "export-v1.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	e, err := store.ReadExport(f)
	if err != nil {
		t.Fatalf("ReadExport: %v", err)
	}
	db, _ := openTemp(t, store.Options{NoSync: true})
	if err := db.Import(e); err != nil {
		t.Fatal(err)
	}
	got, err := db.Export("123456789012345678")
	if err != nil {
		t.Fatal(err)
	}
	if e.Version != 1 || got.Version != store.ExportVersion {
		t.Errorf("versions: read %d, exported %d; want 1 (the example) and %d", e.Version, got.Version, store.ExportVersion)
	}
	e.Version = store.ExportVersion // a version 1 file imports, and exports as the current version
	sameExport(t, got, e)
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	example, _ := os.ReadFile(filepath.Join("testdata", "export-v1.json"))
	for _, line := range strings.Split(strings.TrimSpace(string(example)), "\n") {
		if !strings.Contains(string(doc), "//\t"+line+"\n") {
			t.Errorf("doc.go's example lacks the line %q of testdata/export-v1.json", line)
		}
	}
}

func TestImportInvalid(t *testing.T) {
	base := func() *store.Export {
		f, err := os.ReadFile(filepath.Join("testdata", "export-v1.json"))
		if err != nil {
			t.Fatal(err)
		}
		e, err := store.ReadExport(bytes.NewReader(f))
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	huge := json.RawMessage(`"` + strings.Repeat("x", store.MaxRecordSize) + `"`)
	for name, change := range map[string]func(e *store.Export){
		"wrong format":       func(e *store.Export) { e.Format = "something-else" },
		"newer version":      func(e *store.Export) { e.Version = store.ExportVersion + 1 },
		"no version":         func(e *store.Export) { e.Version = 0 },
		"no guild":           func(e *store.Export) { e.Guild.GuildID = "" },
		"null character":     func(e *store.Export) { e.Characters = append(e.Characters, nil) },
		"character w/o ID":   func(e *store.Export) { e.Characters[0].ID = "" },
		"duplicate ID":       func(e *store.Export) { e.Characters[1].ID = e.Characters[0].ID },
		"duplicate name":     func(e *store.Export) { e.Characters[1].Name = "ARIA" },
		"empty name":         func(e *store.Export) { e.Characters[1].Name = "" },
		"no owner":           func(e *store.Export) { e.Characters[1].OwnerID = "" },
		"other guild's char": func(e *store.Export) { e.Characters[1].GuildID = "999" },
		"bad sheet":          func(e *store.Export) { e.Characters[1].Sheet = json.RawMessage(`{`) },
		"oversize sheet":     func(e *store.Export) { e.Characters[1].Sheet = huge },
		"dangling active":    func(e *store.Export) { e.Active["u5"] = "no-such-id" },
		"bad active user":    func(e *store.Export) { e.Active[""] = "1" },
		"duplicate channel":  func(e *store.Export) { e.Encounters = append(e.Encounters, e.Encounters[0]) },
		"encounter w/o chan": func(e *store.Export) { e.Encounters[0].ChannelID = "" },
		"null encounter":     func(e *store.Export) { e.Encounters[0] = nil },
		"oversize encounter": func(e *store.Export) { e.Encounters[0].Data = huge },
		"other guild's enc":  func(e *store.Export) { e.Encounters[0].GuildID = "999" },
		"oversize settings":  func(e *store.Export) { e.Guild.House = map[string]string{"x": string(huge)} },
	} {
		t.Run(name, func(t *testing.T) {
			db, _ := openTemp(t, store.Options{NoSync: true})
			fill(t, db, "123456789012345678")
			before, _ := db.Export("123456789012345678")
			e := base()
			change(e)
			err := db.Import(e)
			if !errors.Is(err, store.ErrBadExport) || store.Code(err) != "store.err.bad_export" {
				t.Fatalf("Import = %v, want ErrBadExport", err)
			}
			after, _ := db.Export("123456789012345678")
			sameExport(t, after, before)
		})
	}
}

func TestReadExportInvalid(t *testing.T) {
	for _, in := range []string{
		``, `not json`, `[]`, `{"format":"rulekeeper-guild","version":1,"guild":{"guild_id":"1"},"extra":true}`,
		`{"format":"rulekeeper-guild","version":1,"guild":{"guild_id":"1"}} {}`,
		`{"format":"rulekeeper-guild","version":1,"guild":{"guild_id":"1"},"characters":[{"id":1}]}`,
	} {
		if _, err := store.ReadExport(strings.NewReader(in)); !errors.Is(err, store.ErrBadExport) {
			t.Errorf("ReadExport(%.40q) = %v, want ErrBadExport", in, err)
		}
	}
	if e, err := store.ReadExport(strings.NewReader(`{"format":"rulekeeper-guild","version":1,"guild":{"guild_id":"1"}}`)); err != nil {
		t.Errorf("minimal export: %v", err)
	} else if !reflect.DeepEqual(e.Guild, store.Guild{GuildID: "1"}) {
		t.Errorf("minimal export: %+v", e)
	}
}

// TestImportAtomic: an import that fails half-way (here: the file fills up) changes nothing.
func TestImportAtomic(t *testing.T) {
	db, _ := openTemp(t, store.Options{NoSync: true, MaxSize: 1 << 20})
	fill(t, db, "g1")
	before, _ := db.Export("g1")
	e := &store.Export{Format: store.ExportFormat, Version: store.ExportVersion, Guild: store.Guild{GuildID: "g1"}}
	for i := range 20 {
		e.Characters = append(e.Characters, &store.Character{ID: fmt.Sprint(i), OwnerID: "u", Name: fmt.Sprint("n", i),
			Sheet: json.RawMessage(`"` + strings.Repeat("x", 200<<10) + `"`)})
	}
	if err := db.Import(e); !errors.Is(err, store.ErrFull) {
		t.Fatalf("Import = %v, want ErrFull", err)
	}
	after, _ := db.Export("g1")
	sameExport(t, after, before)
}
