package dnd5e

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"rulekeeper/internal/catalogtest"
)

// TestMonsterCatalogs: the four monsters catalogs hold exactly MonsterKeys();
// every monster and action has a name in each language, distinct within the
// language among monsters; Chinese names in Han characters, Korean in Hangul.
func TestMonsterCatalogs(t *testing.T) {
	catalogtest.Keys(t, "monsters", MonsterKeys())
	for _, lang := range catalogtest.Langs {
		cat := catalogtest.Read(t, "monsters", lang)
		seen := map[string]string{}
		for _, key := range slices.Concat(monsterNameKeys, monsterActionKeys) {
			name := cat[key]
			if strings.HasPrefix(key, "monster.action.") {
				checkScript(t, lang, key, name)
				continue
			}
			if other, dup := seen[name]; dup {
				t.Errorf("%s: %s and %s are both %q", lang, other, key, name)
			}
			seen[name] = key
			checkScript(t, lang, key, name)
		}
	}
	// The names the brief fixes.
	for lang, want := range map[string]map[string]string{
		"zh-CN": {"goblin": "地精", "bugbear": "熊地精", "hobgoblin": "大地精"},
		"zh-TW": {"goblin": "地精", "bugbear": "熊地精"},
		"ko":    {"goblin": "고블린", "bugbear": "버그베어", "ogre": "오우거"},
	} {
		cat := catalogtest.Read(t, "monsters", lang)
		for id, name := range want {
			if cat["monster."+id] != name {
				t.Errorf("%s: %s is %q, want %q", lang, id, cat["monster."+id], name)
			}
		}
	}
}

func checkScript(t *testing.T, lang, key, name string) {
	t.Helper()
	switch lang {
	case "zh-CN", "zh-TW":
		if !hasScript(name, unicode.Han) || hasLatin(name) {
			t.Errorf("%s: %s is %q", lang, key, name)
		}
	case "ko":
		if !hasScript(name, unicode.Hangul) || hasLatin(name) {
			t.Errorf("ko: %s is %q", key, name)
		}
	}
}

// TestMonsterCatalogEnglishIsSRD: the English names are the SRD's.
func TestMonsterCatalogEnglishIsSRD(t *testing.T) {
	srd := readMonstersJSON(t)
	en := catalogtest.Read(t, "monsters", "en")
	for _, x := range srd {
		if key := "monster." + strings.ReplaceAll(x.Index, "-", "_"); en[key] != x.Name {
			t.Errorf("en: %s is %q, SRD %q", key, en[key], x.Name)
		}
	}
}

// TestMonsterKeyLists: the generated key lists match the table.
func TestMonsterKeyLists(t *testing.T) {
	var names, acts []string
	for _, m := range Monsters() {
		names = append(names, m.Key())
		for _, a := range m.Actions {
			acts = append(acts, a.Key())
			if !a.Kind.Valid() || a.Attack != "" && a.Attack.Key() == "" {
				t.Errorf("%s %s: kind %q attack %q", m.ID, a.ID, a.Kind, a.Attack)
			}
			for _, d := range a.Damage {
				if d.Type != "" && !d.Type.Valid() || d.Variant != "" && d.Variant.Key() == "" {
					t.Errorf("%s %s: damage %+v", m.ID, a.ID, d)
				}
			}
		}
		for _, s := range m.Spellcasting {
			acts = append(acts, "monster.action."+s.ID)
		}
		ids := []string{m.Size.Key(), m.Type.Key(), m.Alignment.Key(), m.Armor[0].Kind.Key()}
		for _, tg := range m.Tags {
			ids = append(ids, tg.Key())
		}
		for _, l := range append(slices.Clone(m.Languages.Speaks), m.Languages.Understands...) {
			ids = append(ids, l.Key())
		}
		for _, d := range slices.Concat(m.Vulnerable, m.Resistant, m.Immune) {
			if d.Qualifier != QualNone {
				ids = append(ids, d.Qualifier.Key())
			}
		}
		if slices.Contains(ids, "") || m.SwarmOf != "" && m.SwarmOf.Key() == "" {
			t.Errorf("%s: an id without a catalog key: %v", m.ID, ids)
		}
	}
	slices.Sort(acts)
	acts = slices.Compact(acts)
	if !slices.Equal(names, monsterNameKeys) || !slices.Equal(acts, monsterActionKeys) {
		t.Errorf("monsterNameKeys/monsterActionKeys are stale: run go generate ./rules/dnd5e/")
	}
}

// TestMonsterTemplateArgs: error messages use only the arguments the code
// passes; labels only their documented arguments; names none.
func TestMonsterTemplateArgs(t *testing.T) {
	args := catalogtest.CallArgs(t, "newError")
	catalogtest.Produced(t, MonsterErrorCodes(), args)
	labels := map[string][]string{
		LabelTelepathy: {"Feet"}, LabelAnyLanguages: {"Count"}, LabelUnderstands: {"Languages"},
		LabelRecharge: {"Min"}, LabelPerDay: {"Count"}, LabelCost: {"Cost"}, LabelSwarm: {"Size", "Type"},
		LabelMultiattack: {"N"},
	}
	for _, k := range MonsterKeys() {
		if _, isCode := args[k]; isCode {
			continue
		}
		args[k] = map[string]bool{}
		for _, a := range labels[k] {
			args[k][a] = true
		}
	}
	catalogtest.Args(t, "monsters", MonsterKeys(), args)
}

// TestMonsterReviewComments: a comment after a value is "# review: …", and
// zh-CN and zh-TW flag the same names.
func TestMonsterReviewComments(t *testing.T) {
	flagged := map[string][]string{}
	for _, lang := range catalogtest.Langs {
		for key, comment := range lineComments(t, filepath.Join(moduleDir(t), "locales", "catalog", "monsters."+lang+".toml")) {
			if !strings.HasPrefix(comment, "# review: ") {
				t.Errorf("%s %s: comment %q", lang, key, comment)
			}
			flagged[lang] = append(flagged[lang], key)
		}
		slices.Sort(flagged[lang])
	}
	if !slices.Equal(flagged["zh-CN"], flagged["zh-TW"]) || len(flagged["en"]) > 0 {
		t.Errorf("review flags differ: zh-CN %v, zh-TW %v, en %v", flagged["zh-CN"], flagged["zh-TW"], flagged["en"])
	}
}

// lineComments returns each key's comment after its value.
func lineComments(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		k, v, ok := strings.Cut(line, " = ")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		q, err := strconv.QuotedPrefix(v)
		if err != nil {
			t.Fatalf("%s: %q", path, line)
		}
		if rest := strings.TrimSpace(v[len(q):]); rest != "" {
			out[strings.Trim(k, `"`)] = rest
		}
	}
	return out
}

func moduleDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestMonsterAliases: every line of locales/alias/monsters.<lang>.toml is a
// catalog key of the monsters area with a list of non-empty alternatives that
// differ from the key's catalog name and name no other monster or action.
func TestMonsterAliases(t *testing.T) {
	keys := map[string]bool{}
	for _, k := range MonsterKeys() {
		keys[k] = true
	}
	for _, lang := range catalogtest.Langs {
		cat := catalogtest.Read(t, "monsters", lang)
		byName := map[string]string{}
		for k, v := range cat {
			byName[strings.ToLower(v)] = k
		}
		path := filepath.Join(moduleDir(t), "locales", "alias", "monsters."+lang+".toml")
		aliases := readAliases(t, path)
		if len(aliases) == 0 {
			t.Errorf("%s: no aliases", path)
		}
		owner := map[string]string{}
		for key, list := range aliases {
			if !keys[key] {
				t.Errorf("%s: %s is not a monsters catalog key", path, key)
			}
			for _, a := range list {
				low := strings.ToLower(strings.TrimSpace(a))
				switch {
				case low == "":
					t.Errorf("%s: %s has an empty alias", path, key)
				case byName[low] != "" && byName[low] != key:
					t.Errorf("%s: %s alias %q is the name of %s", path, key, a, byName[low])
				case owner[low] != "" && owner[low] != key:
					t.Errorf("%s: alias %q of both %s and %s", path, a, key, owner[low])
				case low == strings.ToLower(cat[key]):
					t.Errorf("%s: %s alias %q repeats the name", path, key, a)
				}
				owner[low] = key
			}
		}
	}
}

// readAliases reads `"key" = ["a", "b"]` lines.
func readAliases(t *testing.T, path string) map[string][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string][]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, " = ")
		key, err := strconv.Unquote(k)
		if !ok || err != nil || !strings.HasPrefix(v, "[") || !strings.HasSuffix(v, "]") {
			t.Fatalf("%s:%d: not a \"key\" = [\"alias\", …] line", path, n)
		}
		if _, dup := out[key]; dup {
			t.Fatalf("%s:%d: %s twice", path, n, key)
		}
		rest := strings.TrimSpace(v[1 : len(v)-1])
		for rest != "" {
			q, err := strconv.QuotedPrefix(rest)
			if err != nil {
				t.Fatalf("%s:%d: bad quoting", path, n)
			}
			a, _ := strconv.Unquote(q)
			out[key] = append(out[key], a)
			rest = strings.TrimPrefix(strings.TrimSpace(rest[len(q):]), ",")
			rest = strings.TrimSpace(rest)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
