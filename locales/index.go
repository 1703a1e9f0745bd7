package locales

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/BurntSushi/toml"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Names typed in any language. An Index finds the id behind a name a user types — a command, an option, a choice,
// a spell, a skill, a condition … — in any of the four languages. Each id is found by its own spelling, by its
// catalog name in every language, and by the aliases of its catalog key in alias/<area>.<lang>.toml
// (`"<catalog key>" = ["alt", …]`), all compared after Fold.

//go:embed alias/*.toml
var aliasFS embed.FS

var (
	aliasOnce  sync.Once
	aliasByKey map[string][]string // catalog key → aliases in every language, in file order
	aliasErr   error
)

func loadAliasFiles() {
	aliasByKey = map[string][]string{}
	paths, _ := fs.Glob(aliasFS, "alias/*.toml")
	slices.Sort(paths)
	for _, p := range paths {
		name := strings.TrimSuffix(path.Base(p), ".toml")
		_, lang, ok := strings.Cut(name, ".")
		if l, known := Match(lang); !ok || !known || string(l) != lang {
			aliasErr = fmt.Errorf("locales: %s: not alias/<area>.<lang>.toml with a supported language", p)
			return
		}
		data, err := aliasFS.ReadFile(p)
		if err != nil {
			aliasErr = err
			return
		}
		var m map[string][]string
		if err := toml.Unmarshal(data, &m); err != nil {
			aliasErr = fmt.Errorf("locales: %s: %w", p, err)
			return
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			aliasByKey[k] = append(aliasByKey[k], m[k]...)
		}
	}
}

// Aliases returns the names users may type for a catalog key besides its catalog names, in every language.
func Aliases(key string) []string {
	aliasOnce.Do(loadAliasFiles)
	return aliasByKey[key]
}

// AliasKeys lists the catalog keys the alias files name.
func AliasKeys() []string {
	aliasOnce.Do(loadAliasFiles)
	out := make([]string, 0, len(aliasByKey))
	for k := range aliasByKey {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// AliasError reports a broken alias file (bad TOML, a name that is not <area>.<lang>.toml). Tests check it.
func AliasError() error {
	aliasOnce.Do(loadAliasFiles)
	return aliasErr
}

// foldDrop are the characters Fold removes: spacing and the punctuation people put in names or leave out.
const foldDrop = ":：()（）/／·_-'’"

// Fold is the one comparison rule for typed names: Unicode NFKC (full-width letters and digits become plain
// ones), case folding, and no spaces or : ： ( ) （ ） / ／ · _ - ' ’. "Sleight of Hand", "sleight_of_hand" and
// "ＳＬＥＩＧＨＴ-ＯＦ-ＨＡＮＤ" fold alike.
func Fold(s string) string {
	s = cases.Fold().String(norm.NFKC.String(s)) // a Caser is not safe for concurrent use: one per call
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(foldDrop, r) || unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// Index finds the id of a name typed in any language, by kind ("dnd5e.skill", "cmd.sheet"…): a name is looked up
// among the ids of one kind only. Build it once with Add; it is then safe for concurrent lookups.
type Index struct {
	ids   map[string]map[string]string   // kind → folded name → id
	names map[string]map[string][]string // kind → id → folded names, in the order added
	keys  map[string]map[string]string   // kind → id → catalog key (Add)
	order map[string][]string            // kind → ids in the order added
	clash []Clash
}

// Clash is a name that two ids of one kind answer to; the later one wins.
type Clash struct {
	Kind, Name, First, Then string
}

// NewIndex returns an empty index.
func NewIndex() *Index {
	return &Index{ids: map[string]map[string]string{}, names: map[string]map[string][]string{}, order: map[string][]string{},
		keys: map[string]map[string]string{}}
}

// Add indexes id under kind by its own spelling, by the catalog text of key in every language (when key is not
// ""), by the aliases of key, and by the extra names.
func (x *Index) Add(kind, id, key string, extra ...string) {
	names := []string{id}
	if key != "" {
		if x.keys[kind] == nil {
			x.keys[kind] = map[string]string{}
		}
		x.keys[kind][id] = key
		for _, l := range Langs {
			if p := For(l); p.Has(key) {
				names = append(names, p.T(key))
			}
		}
		names = append(names, Aliases(key)...)
	}
	x.AddNames(kind, id, append(names, extra...)...)
}

// AddNames indexes id under kind by the given names only.
func (x *Index) AddNames(kind, id string, names ...string) {
	m := x.ids[kind]
	if m == nil {
		m = map[string]string{}
		x.ids[kind], x.names[kind] = m, map[string][]string{}
	}
	if _, seen := x.names[kind][id]; !seen {
		x.order[kind] = append(x.order[kind], id)
	}
	for _, n := range names {
		f := Fold(n)
		if f == "" {
			continue
		}
		if old, ok := m[f]; ok && old != id {
			x.clash = append(x.clash, Clash{Kind: kind, Name: n, First: old, Then: id})
		}
		m[f] = id
		if !slices.Contains(x.names[kind][id], f) {
			x.names[kind][id] = append(x.names[kind][id], f)
		}
	}
}

// Key returns the catalog key id of kind was added with ("" when none).
func (x *Index) Key(kind, id string) string { return x.keys[kind][id] }

// Lookup returns the id of kind that typed names.
func (x *Index) Lookup(kind, typed string) (string, bool) {
	id, ok := x.ids[kind][Fold(typed)]
	return id, ok
}

// Search returns the ids of kind with a name that contains what was typed (all of them for ""), in the order added.
func (x *Index) Search(kind, typed string) []string {
	f := Fold(typed)
	var out []string
	for _, id := range x.order[kind] {
		for _, n := range x.names[kind][id] {
			if strings.Contains(n, f) {
				out = append(out, id)
				break
			}
		}
	}
	return out
}

// Clashes lists the names that lead to two ids of one kind.
func (x *Index) Clashes() []Clash { return x.clash }
