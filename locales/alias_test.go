package locales

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// aliasSet holds the alias files: area → language → catalog key → names.
type aliasSet map[string]map[Lang]map[string][]string

// readAliases reads every alias/<area>.<lang>.toml file as written.
func readAliases(t testing.TB) aliasSet {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("alias", "*.toml"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no alias files: %v", err)
	}
	out := aliasSet{}
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".toml")
		area, lang, ok := strings.Cut(name, ".")
		l, known := Match(lang)
		if !ok || !known || string(l) != lang {
			t.Errorf("%s: not <area>.<lang>.toml with a supported language", p)
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var m map[string][]string
		if err := toml.Unmarshal(data, &m); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if out[area] == nil {
			out[area] = map[Lang]map[string][]string{}
		}
		out[area][l] = m
	}
	return out
}

// fold is how names compare: case and spacing do not matter.
func fold(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// kind is the family of ids a key belongs to ("spell.fireball" → "spell", "dnd5e.skill.arcana" →
// "dnd5e.skill"): a typed name is looked up among one kind, so it must be unique there.
func kind(key string) string {
	i := strings.LastIndex(key, ".")
	return key[:i]
}

// areaNames maps each area's keys to their catalog names in every language.
func areaNames(t testing.TB) map[string]map[string][]string {
	t.Helper()
	out := map[string]map[string][]string{} // area → key → names
	for _, l := range Langs {
		for _, m := range rawMessages(t, l) {
			if out[m.area] == nil {
				out[m.area] = map[string][]string{}
			}
			out[m.area][m.key] = append(out[m.area][m.key], m.value)
		}
	}
	return out
}

// TestAliasFiles: every alias key is a catalog key of the same area; names are trimmed, not repeated, not the
// catalog name itself, and name one id only among the ids of their kind (in any language).
func TestAliasFiles(t *testing.T) {
	names := areaNames(t)
	aliases := readAliases(t)
	count := 0
	for area, byLang := range aliases {
		catalog, ok := names[area]
		if !ok {
			t.Errorf("alias area %q has no catalog", area)
			continue
		}
		owner := map[string]string{} // kind + folded name → key
		for key, ns := range catalog {
			for _, n := range append(ns, key[strings.LastIndex(key, ".")+1:]) {
				owner[kind(key)+"|"+fold(n)] = key
			}
		}
		for _, l := range Langs {
			for key, list := range byLang[l] {
				if _, ok := catalog[key]; !ok {
					t.Errorf("alias/%s.%s.toml: %q is not a key of the %s catalog", area, l, key, area)
					continue
				}
				if len(list) == 0 {
					t.Errorf("alias/%s.%s.toml: %q has no names", area, l, key)
				}
				for i, a := range list {
					count++
					switch {
					case strings.TrimSpace(a) != a || a == "":
						t.Errorf("alias/%s.%s.toml: %q has the name %q", area, l, key, a)
					case slices.Contains(list[:i], a):
						t.Errorf("alias/%s.%s.toml: %q repeats %q", area, l, key, a)
					}
					id := kind(key) + "|" + fold(a)
					if other, taken := owner[id]; taken && other == key {
						t.Errorf("alias/%s.%s.toml: %q is already the catalog name or id of %s", area, l, a, key)
					} else if taken {
						t.Errorf("alias/%s.%s.toml: %q names both %s and %s", area, l, a, key, other)
					}
				}
			}
		}
		// Names in different languages may repeat for one key; across keys they are checked below.
		seen := map[string]string{}
		for _, l := range Langs {
			for key, list := range byLang[l] {
				for _, a := range list {
					id := kind(key) + "|" + fold(a)
					if other, ok := seen[id]; ok && other != key {
						t.Errorf("alias %q names both %s and %s", a, key, other)
					}
					seen[id] = key
				}
			}
		}
	}
	t.Logf("aliases: %d names in %d areas", count, len(aliases))
}
