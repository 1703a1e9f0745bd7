package dnd5e

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"text/template"
	"unicode"
)

// readSpellCatalog reads locales/catalog/spells.<lang>.toml (flat `"key" = "value"` lines).
func readSpellCatalog(t *testing.T, lang string) map[string]string {
	t.Helper()
	path := filepath.Join("..", "..", "locales", "catalog", "spells."+lang+".toml")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, " = ")
		if !ok {
			t.Fatalf("%s:%d: not a key = value line", path, n)
		}
		key, err1 := strconv.Unquote(k)
		val, err2 := strconv.Unquote(v)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s:%d: bad quoting", path, n)
		}
		if _, dup := out[key]; dup {
			t.Fatalf("%s:%d: duplicate key %s", path, n, key)
		}
		out[key] = val
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSpellCatalogs: the four spells catalogs hold exactly SpellKeys(); every
// spell has a name in each language (English = the table's name; distinct
// within a language; Chinese names in Han characters, Korean in Hangul), and
// every template parses.
func TestSpellCatalogs(t *testing.T) {
	want := SpellKeys()
	sort.Strings(want)
	for i := 1; i < len(want); i++ {
		if want[i] == want[i-1] {
			t.Errorf("SpellKeys lists %s twice", want[i])
		}
	}
	for _, lang := range catalogLangs {
		cat := readSpellCatalog(t, lang)
		var got []string
		for k, v := range cat {
			got = append(got, k)
			if strings.TrimSpace(v) == "" {
				t.Errorf("%s: %s is empty", lang, k)
			}
			if _, err := template.New(k).Parse(v); err != nil {
				t.Errorf("%s: %s: %v", lang, k, err)
			}
		}
		sort.Strings(got)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s spells catalog: missing %v, unused %v", lang, diff(want, got), diff(got, want))
		}
		names := map[string]string{}
		for _, s := range spellTable {
			name, ok := cat[s.Key()]
			if !ok {
				continue // reported above
			}
			if other, dup := names[name]; dup {
				t.Errorf("%s: %s and %s are both %q", lang, other, s.ID, name)
			}
			names[name] = s.ID
			switch lang {
			case "en":
				if name != s.Name {
					t.Errorf("en: %s is %q, the table says %q", s.ID, name, s.Name)
				}
			case "zh-CN", "zh-TW":
				if !hasScript(name, unicode.Han) || hasLatin(name) {
					t.Errorf("%s: %s is %q", lang, s.ID, name)
				}
			case "ko":
				if !hasScript(name, unicode.Hangul) || hasLatin(name) {
					t.Errorf("ko: %s is %q", s.ID, name)
				}
			}
		}
	}
	// The names the brief fixes.
	for lang, want := range map[string]map[string]string{
		"zh-CN": {"fireball": "火球术", "magic_missile": "魔法飞弹", "cure_wounds": "治疗伤口"},
		"zh-TW": {"fireball": "火球術", "magic_missile": "魔法飛彈", "cure_wounds": "治療傷口"},
		"ko":    {"fireball": "파이어볼", "magic_missile": "매직 미사일", "cure_wounds": "상처 치료"},
	} {
		cat := readSpellCatalog(t, lang)
		for id, name := range want {
			if cat["spell."+id] != name {
				t.Errorf("%s: %s is %q, want %q", lang, id, cat["spell."+id], name)
			}
		}
	}
}

func hasScript(s string, tab *unicode.RangeTable) bool {
	for _, r := range s {
		if unicode.Is(tab, r) {
			return true
		}
	}
	return false
}

func hasLatin(s string) bool {
	for _, r := range s {
		if r < 0x80 && unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// TestSpellErrorTemplateArgs: every spell error code is returned somewhere,
// and its messages use only arguments the code passes with it, the same set
// in every language; the other spell keys use no argument but {{.Dist}} in the
// two distance ranges.
func TestSpellErrorTemplateArgs(t *testing.T) {
	args := errorArgs(t)
	codes := map[string]bool{}
	for _, code := range SpellErrorCodes() {
		codes[code] = true
		if _, ok := args[code]; !ok {
			t.Errorf("%s is never returned", code)
		}
	}
	en := readSpellCatalog(t, "en")
	for _, lang := range catalogLangs {
		cat := readSpellCatalog(t, lang)
		for key, msg := range cat {
			used := placeholders(msg)
			switch {
			case codes[key]:
				for p := range used {
					if !args[key][p] {
						t.Errorf("%s %s uses {{.%s}}, which the code never passes", lang, key, p)
					}
				}
			case key == RangeFeet.Key() || key == RangeMiles.Key():
				if !sameSet(used, map[string]bool{"Dist": true}) {
					t.Errorf("%s %s uses %v, want {{.Dist}}", lang, key, used)
				}
			default:
				if len(used) > 0 {
					t.Errorf("%s %s uses %v", lang, key, used)
				}
			}
			if ref := placeholders(en[key]); !sameSet(ref, used) {
				t.Errorf("%s %s uses %v, en uses %v", lang, key, used, ref)
			}
		}
	}
}
