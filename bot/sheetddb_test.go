package bot_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"rulekeeper/fetch"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/dnd5e/ddb"
)

// ddbFixtures are the D&D Beyond characters of rules/dnd5e/ddb/testdata (several classes, a multiclass, casters).
var ddbFixtures = []string{"barbarian", "fighter", "monk", "paladin_warlock", "rogue", "wizard"}

func ddbFixture(t *testing.T, name string) (path string, data []byte) {
	t.Helper()
	path = filepath.Join("..", "rules", "dnd5e", "ddb", "testdata", name+".json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return path, data
}

// wantSheet is what the mapping makes of a fixture, as the store would hold it.
func wantSheet(t *testing.T, data []byte) (*ddb.Import, *dnd5e.Character) {
	t.Helper()
	imp, err := ddb.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(imp.Character)
	if err != nil {
		t.Fatal(err)
	}
	c, err := dnd5e.Decode(raw)
	if err != nil {
		t.Fatal(err)
	}
	return imp, c
}

// fakeDDB is D&D Beyond's character service on loopback: it serves the fixtures by id (1 = barbarian, …, in
// ddbFixtures order), 404 for other ids, and a slow answer for id 99.
func fakeDDB(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := strings.TrimPrefix(r.URL.Path, "/character/v5/character/")
		if id == "99" {
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
			}
			return
		}
		for i, name := range ddbFixtures {
			if id == string(rune('1'+i)) {
				_, data := ddbFixture(t, name)
				w.Write(data)
				return
			}
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/character/v5/character"
}

// TestSheetImportDDB: `/sheet import file:` of a D&D Beyond character and `/sheet import url:` (from a fake
// character service) store exactly the sheet the mapping makes — every field — as the active character, and
// the reply lists what could not be mapped.
func TestSheetImportDDB(t *testing.T) {
	e := &playEnv{t: t, path: filepath.Join(t.TempDir(), "play.db"), now: transcriptStart, rec: newTranscriptRec(t)}
	e.ddb = fetch.DDB{Base: fakeDDB(t)}
	e.open()
	t.Cleanup(func() { e.db.Close() })
	for i, name := range ddbFixtures {
		path, data := ddbFixture(t, name)
		imp, want := wantSheet(t, data)
		for _, how := range []struct{ user, line string }{
			{"file_" + name, "/sheet import file:" + path},
			{"url_" + name, "/sheet import url:https://www.dndbeyond.com/characters/" + string(rune('1'+i)) + "/builder"},
		} {
			r := e.ok(how.user, how.line)
			got := e.sheet(how.user, want.Name)
			if !reflect.DeepEqual(got, want) {
				gj, _ := json.Marshal(got)
				wj, _ := json.Marshal(want)
				t.Errorf("%s: stored sheet differs:\n got %s\nwant %s", how.line, gj, wj)
			}
			if !strings.Contains(r.Text, want.Name) || (len(imp.Unmapped) > 0) != strings.Contains(r.Text, "Not mapped") {
				t.Errorf("%s: reply %q (unmapped %d)", how.line, r.Text, len(imp.Unmapped))
			}
			if n := len(r.Result["import"].(map[string]any)["unmapped"].([]any)); len(imp.Unmapped) > 0 && n != len(imp.Unmapped) {
				t.Errorf("%s: JSON lists %d unmapped, want %d", how.line, n, len(imp.Unmapped))
			}
			// The import made it the active character: /sheet show without a name shows it.
			if s := e.ok(how.user, "/sheet show"); !strings.Contains(s.Text, want.Name) {
				t.Errorf("%s: not the active character: %s", how.line, s.Text)
			}
		}
	}
}

// TestSheetImportDDBSpells (issue 16): the SRD spells an import finds are kept on the sheet, prepared or not: /sheet
// show lists them, and they survive a change of the sheet and a /sheet export and import.
func TestSheetImportDDBSpells(t *testing.T) {
	e := newPlayEnv(t)
	prepared := map[bool]int{}
	for _, name := range ddbFixtures {
		path, data := ddbFixture(t, name)
		imp, want := wantSheet(t, data)
		user := "u_" + name
		e.ok(user, "/sheet import file:"+path)
		var wantSpells []any
		for _, s := range imp.Spells {
			k := map[string]any{"id": s.ID}
			if s.Prepared {
				k["prepared"] = true
			}
			wantSpells = append(wantSpells, k)
		}
		check := func(user, when string) {
			t.Helper()
			r := e.ok(user, "/sheet show")
			if got := r.Result["spells"]; !reflect.DeepEqual(got, any(wantSpells)) && !(got == nil && len(wantSpells) == 0) {
				t.Errorf("%s %s: spells %v, want %v", name, when, got, wantSpells)
			}
			if len(imp.Spells) > 0 && !strings.Contains(r.Text, "Spells: ") {
				t.Errorf("%s %s: /sheet show lists no spells: %s", name, when, r.Text)
			}
		}
		check(user, "after the import")
		e.ok(user, "/sheet set field:ac value:15")
		check(user, "after /sheet set")
		file := e.exportFile(user, "dnd5e", want.Name)("copy_"+name, func(map[string]any) {})
		e.ok("copy_"+user, "/sheet import file:"+file)
		check("copy_"+user, "after /sheet export and import")
		for _, s := range imp.Spells {
			prepared[s.Prepared]++
		}
	}
	if prepared[true] == 0 || prepared[false] == 0 {
		t.Fatalf("the fixtures hold %d prepared and %d unprepared SRD spells: the test needs both", prepared[true], prepared[false])
	}
}

// TestSheetImportDDBRefused: bad links, private characters, both options, a bot without downloads, and the
// bounded download (size and time) are refused with nothing stored.
func TestSheetImportDDBRefused(t *testing.T) {
	base := fakeDDB(t)
	e := &playEnv{t: t, path: filepath.Join(t.TempDir(), "play.db"), now: transcriptStart, rec: newTranscriptRec(t)}
	e.ddb = fetch.DDB{Base: base, Limit: 2000, Timeout: 100 * time.Millisecond}
	e.open()
	t.Cleanup(func() { e.db.Close() })
	path, _ := ddbFixture(t, "wizard")
	e.refused("ann", "/sheet import url:https://example.com/characters/1", ddb.ErrBadURL)
	e.refused("ann", "/sheet import url:https://www.dndbeyond.com/characters/7", "ddb.err.not_shared")
	e.refused("ann", "/sheet import url:https://www.dndbeyond.com/characters/1", ddb.ErrTooLarge)
	e.refused("ann", "/sheet import url:https://www.dndbeyond.com/characters/99", "ddb.err.timeout")
	e.refused("ann", "/sheet import url:https://www.dndbeyond.com/characters/1 file:"+path, "sheet.err.file_or_url")
	e.refused("ann", "/sheet import", "sheet.err.no_file")
	// a file is bounded at 256 KiB (the fixtures are far below): one byte more is refused before it is read
	big := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(big, append([]byte(`{"data":{}}`), bytes.Repeat([]byte(" "), 256<<10-10)...), 0o600); err != nil {
		t.Fatal(err)
	}
	e.refused("ann", "/sheet import file:"+big, "sheet.err.file_too_large")
	for _, fx := range ddbFixtures {
		if _, data := ddbFixture(t, fx); len(data) > 256<<10 {
			t.Errorf("fixture %s is %d bytes, over the cap", fx, len(data))
		}
	}

	none := newPlayEnv(t) // no downloader configured
	none.refused("ann", "/sheet import url:https://www.dndbeyond.com/characters/1", "sheet.err.no_download")
}
