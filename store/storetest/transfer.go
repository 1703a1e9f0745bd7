package storetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"rulekeeper/store"
)

// Fill puts a little of everything into guild g of st (settings, characters of two owners with non-ASCII names
// and sheets that JSON could rewrite, active pointers, encounters) and one character into the guild g+"0".
func Fill(t testing.TB, st store.Store, g string) {
	t.Helper()
	err := st.Update(ctx, g, func(tx store.Tx) error {
		if err := tx.PutGuild(store.Guild{Language: "ko", CritRule: "max", House: map[string]string{"a": "<b>"}}); err != nil {
			return err
		}
		var first string
		for i, name := range []string{"Aria", "Bryn", "가온", "林风", "Émile", "fred"} {
			c := &store.Character{OwnerID: fmt.Sprint("u", i%2), Name: name, System: "dnd5e",
				Sheet: json.RawMessage(fmt.Sprintf(`{"hp":%d,"n":1e3,"s":"\u0000<&>","z":[] }`, i))}
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
		for _, ch := range []string{"c2", "c1", "é"} {
			if err := tx.PutEncounter(&store.Encounter{ChannelID: ch, Data: json.RawMessage(`{"round":1,"x":1.50}`)}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	err = st.Update(ctx, g+"0", func(tx store.Tx) error {
		return tx.PutCharacter(&store.Character{OwnerID: "u0", Name: "Neighbour"})
	})
	if err != nil {
		t.Fatal(err)
	}
}

// ExportJSON is the export of guild g of st as JSON with its "exported" time zeroed, for comparing stores.
func ExportJSON(t testing.TB, st store.Store, g string) []byte {
	t.Helper()
	e, err := store.ExportGuild(ctx, st, g)
	if err != nil {
		t.Fatalf("ExportGuild(%q): %v", g, err)
	}
	e.Exported = time.Time{}
	var buf bytes.Buffer
	if err := e.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// SameStores fails t unless a and b hold the same guilds with byte-identical exports.
func SameStores(t testing.TB, a, b store.Store) {
	t.Helper()
	ga, err1 := a.Guilds(ctx)
	gb, err2 := b.Guilds(ctx)
	if err1 != nil || err2 != nil || fmt.Sprint(ga) != fmt.Sprint(gb) {
		t.Fatalf("guilds differ: %q (%v) and %q (%v)", ga, err1, gb, err2)
	}
	for _, g := range ga {
		if ea, eb := ExportJSON(t, a, g), ExportJSON(t, b, g); !bytes.Equal(ea, eb) {
			t.Errorf("guild %q differs:\n%s\n%s", g, ea, eb)
		}
	}
}

// exportImport: the generic ExportGuild and ImportGuild round-trip a guild exactly, replace what the target
// held, leave its neighbours, and Copy moves a whole store.
func (s suite) exportImport(t *testing.T) {
	src := s.new(t)
	Fill(t, src, "g1")
	want := ExportJSON(t, src, "g1")
	e, err := store.ExportGuild(ctx, src, "g1")
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Characters) != 6 || len(e.Active) != 3 || len(e.Encounters) != 3 || e.Encounters[0].ChannelID != "c1" {
		t.Fatalf("export: %d characters, %d active, %d encounters", len(e.Characters), len(e.Active), len(e.Encounters))
	}
	dst := s.new(t)
	put(t, dst, "g1", "u9", "Old")
	Fill(t, dst, "g2")
	if err := store.ImportGuild(ctx, dst, e); err != nil {
		t.Fatalf("ImportGuild: %v", err)
	}
	if got := ExportJSON(t, dst, "g1"); !bytes.Equal(got, want) {
		t.Errorf("after ImportGuild:\n got  %s\n want %s", got, want)
	}
	if cs := len(mustExport(t, dst, "g2").Characters); cs != 6 {
		t.Errorf("importing g1 changed g2: %d characters", cs)
	}
	// The imported names are indexed.
	err = dst.Update(ctx, "g1", func(tx store.Tx) error {
		return tx.PutCharacter(&store.Character{OwnerID: "u0", Name: "ARIA"})
	})
	wantErr(t, "a name taken by an import", err, store.ErrConflict)
	// An invalid export changes nothing.
	bad := mustExport(t, src, "g1")
	bad.Active["u7"] = "no-such-id"
	wantErr(t, "ImportGuild of an invalid export", store.ImportGuild(ctx, dst, bad), store.ErrBadExport)
	if got := ExportJSON(t, dst, "g1"); !bytes.Equal(got, want) {
		t.Errorf("a refused import changed the guild")
	}
	// Copy of a whole store.
	cp := s.new(t)
	stats, err := store.Copy(ctx, src, cp, nil)
	if err != nil || stats.Guilds != 2 || stats.Characters != 7 || stats.Encounters != 3 {
		t.Errorf("Copy = %+v, %v", stats, err)
	}
	SameStores(t, src, cp)
}

func mustExport(t *testing.T, st store.Store, g string) *store.Export {
	t.Helper()
	e, err := store.ExportGuild(ctx, st, g)
	if err != nil {
		t.Fatal(err)
	}
	return e
}
