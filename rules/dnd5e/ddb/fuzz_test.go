package ddb

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rulekeeper/rules/dnd5e"
)

// FuzzParse: no input panics; an input either fails with a coded error of
// this package or dnd5e (never a dice error: damage notations are always
// valid), or maps to a valid sheet that survives a store round trip.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.json"))
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	for _, s := range []string{"", "{}", "null", "[]", `{"success":false}`, `{"data":{}}`, `{"data":[]}`,
		`{"name":"X","classes":[{"level":1e300,"definition":{"name":"Fighter"}}],"stats":[{"id":1,"value":"NaN"}]}`,
		`{"name":"X","classes":[{"level":-5,"definition":{"name":"Wizard"}}],"stats":[{"id":1,"value":10},{"id":2,"value":10},{"id":3,"value":10},{"id":4,"value":10},{"id":5,"value":10},{"id":6,"value":10}],"removedHitPoints":-99999,"temporaryHitPoints":1e12,"inventory":[{"equipped":true,"definition":{"name":"X","filterType":"Weapon","damage":{"diceString":"99d999"},"armorClass":1e12}}],"conditions":[{"id":4,"level":99}]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		im, err := Parse(data)
		if err != nil {
			if c := code(err); !strings.HasPrefix(c, "ddb.err.") && !strings.HasPrefix(c, "dnd5e.err.") {
				t.Fatalf("uncoded error %v", err)
			}
			return
		}
		if err := im.Character.Validate(); err != nil {
			t.Fatalf("invalid sheet: %v", err)
		}
		b, err := json.Marshal(im.Character)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := dnd5e.Decode(b); err != nil {
			t.Fatalf("sheet does not decode: %v", err)
		}
		for _, u := range im.Unmapped {
			if u.Kind.Key() == "" || u.Reason.Key() == "" {
				t.Fatalf("unmapped entry without catalog keys: %+v", u)
			}
		}
		for _, s := range im.Spells {
			if _, ok := dnd5e.LookupSpell(s.ID); !ok {
				t.Fatalf("spell %q is not an SRD spell", s.ID)
			}
		}
	})
}

// FuzzCharacterID: no input panics; an id is digits only.
func FuzzCharacterID(f *testing.F) {
	for _, s := range []string{"https://www.dndbeyond.com/characters/1", "ddb.ac/characters/2/x", "3", "", "::"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := CharacterID(s)
		if err != nil {
			return
		}
		if !isID(id) {
			t.Fatalf("CharacterID(%q) = %q", s, id)
		}
		if _, err := ServiceURL("", id); err != nil {
			t.Fatal(err)
		}
	})
}
