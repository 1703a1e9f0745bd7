package ddb

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"rulekeeper/rules/coded"
)

// rewrap returns the fixture both in the service's envelope and as the bare data object.
func rewrap(t testing.TB, data []byte) (env, bare []byte) {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if d, ok := doc["data"]; ok {
		doc = d.(map[string]any)
	}
	bare, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	env, err = json.Marshal(map[string]any{"id": 0, "success": true, "message": "ok", "data": doc})
	if err != nil {
		t.Fatal(err)
	}
	return env, bare
}

// obj and list are JSON objects and arrays as encoding/json decodes them.
type (
	obj  = map[string]any
	list = []any
)

// fixtureData reads a fixture's data object.
func fixtureData(t testing.TB, file string) obj {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	_, bare := rewrap(t, raw)
	var d obj
	if err := json.Unmarshal(bare, &d); err != nil {
		t.Fatal(err)
	}
	return d
}

// mutated parses a fixture after change edits its data object.
func mutated(t testing.TB, file string, change func(d obj)) (*Import, error) {
	t.Helper()
	d := fixtureData(t, file)
	change(d)
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return Parse(b)
}

// mustMutated is mutated that must succeed.
func mustMutated(t testing.TB, file string, change func(d obj)) *Import {
	t.Helper()
	im, err := mutated(t, file, change)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return im
}

// code is the catalog key of a coded error, or "".
func code(err error) string {
	var ce *coded.Error
	if errors.As(err, &ce) {
		return ce.Code
	}
	return ""
}

// appendTo appends v to the list at d[key].
func appendTo(d obj, key string, v ...any) {
	l, _ := d[key].(list)
	d[key] = append(l, v...)
}

// addMod appends a modifier to the source's list.
func addMod(d obj, src string, m obj) {
	mods := d["modifiers"].(obj)
	l, _ := mods[src].(list)
	mods[src] = append(l, m)
}

// m is a modifier with its type, subtype, value and optional extra fields.
func m(typ, sub string, value any, extra ...any) obj {
	out := obj{"type": typ, "subType": sub, "value": value, "restriction": "", "isGranted": true}
	for i := 0; i+1 < len(extra); i += 2 {
		out[extra[i].(string)] = extra[i+1]
	}
	return out
}

// cv is a character value.
func cv(typeID, value, valueID int) obj {
	return obj{"typeId": typeID, "value": value, "valueId": itoa(valueID)}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// inventory returns the fixture's inventory entry with the given inventory id.
func inventory(d obj, id int) obj {
	for _, it := range d["inventory"].(list) {
		if int(it.(obj)["id"].(float64)) == id {
			return it.(obj)
		}
	}
	panic("no inventory id")
}

// hasUnmapped reports whether im lists an entry of kind and reason (and name, when not empty).
func hasUnmapped(im *Import, k Kind, r Reason, name string) bool {
	for _, u := range im.Unmapped {
		if u.Kind == k && u.Reason == r && (name == "" || u.Name == name) {
			return true
		}
	}
	return false
}
