package locales

import (
	"io/fs"
	"path"
	"sort"
	"strings"
	"testing"
	"text/template/parse"

	"github.com/BurntSushi/toml"
)

// message is one catalog entry as written: its area (the file), key and unrendered value.
type message struct{ area, key, value string }

// rawMessages reads every catalog file of one language as written, sorted by key.
func rawMessages(t testing.TB, l Lang) []message {
	t.Helper()
	paths, err := fs.Glob(catalogFS, "catalog/*."+string(l)+".toml")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no %s catalogs: %v", l, err)
	}
	var out []message
	for _, p := range paths {
		data, err := fs.ReadFile(catalogFS, p)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]string
		if err := toml.Unmarshal(data, &m); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		area := strings.TrimSuffix(path.Base(p), "."+string(l)+".toml")
		for k, v := range m {
			out = append(out, message{area, k, v})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].key < out[j].key })
	return out
}

// rawCatalog is rawMessages as a map from key to value.
func rawCatalog(t testing.TB, l Lang) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, m := range rawMessages(t, l) {
		out[m.key] = m.value
	}
	return out
}

// fields lists the template fields a message uses ({{.Name}} → Name).
func fields(t testing.TB, key, value string) []string {
	t.Helper()
	trees, err := parse.Parse(key, value, "{{", "}}")
	if err != nil {
		t.Fatalf("%s: %v", key, err)
	}
	var out []string
	var walk func(n parse.Node)
	walk = func(n parse.Node) {
		switch x := n.(type) {
		case *parse.ListNode:
			for _, c := range x.Nodes {
				walk(c)
			}
		case *parse.ActionNode:
			for _, c := range x.Pipe.Cmds {
				for _, a := range c.Args {
					if f, ok := a.(*parse.FieldNode); ok {
						out = append(out, f.Ident[0])
					}
				}
			}
		}
	}
	walk(trees[key].Root)
	return out
}
