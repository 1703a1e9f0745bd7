package locales

import (
	"slices"
	"strings"
	"testing"
)

// TestFold: one rule for every typed name, covering what bot's two old rules accepted (normName dropped spaces,
// _ - ·; rtNorm also : ： ( ) （ ）; spells also ') and more: NFKC, case folding, / ／ ’.
func TestFold(t *testing.T) {
	tests := []struct{ a, b string }{
		{"Sleight of Hand", "sleight_of_hand"},
		{"sleight-of-hand", "SLEIGHTOFHAND"},
		{"ＳＬＥＩＧＨＴ　ＯＦ　ＨＡＮＤ", "sleight of hand"}, // full-width letters and space (NFKC)
		{"Strength (STR)", "strength str"},
		{"力量（STR）", "力量str"},
		{"Crushing Blow: Rank 1", "crushing blow rank 1"},
		{"龙语：读写", "龙语读写"},
		{"Tenser's Floating Disk", "tensers floating disk"},
		{"Tenser’s Floating Disk", "tensers_floating_disk"},
		{"hp/max", "hp／max"},
		{"마법·사", "마법사"},
		{"Straße", "STRASSE"}, // case folding, not lower-casing
		{"\t 장님 상태\n", "장님상태"},
	}
	for _, tt := range tests {
		if Fold(tt.a) != Fold(tt.b) {
			t.Errorf("Fold(%q) = %q, Fold(%q) = %q: want equal", tt.a, Fold(tt.a), tt.b, Fold(tt.b))
		}
	}
	for _, different := range [][2]string{{"str", "sta"}, {"1", "l"}, {"火球", "火球术"}} {
		if Fold(different[0]) == Fold(different[1]) {
			t.Errorf("%q and %q fold alike", different[0], different[1])
		}
	}
}

// TestIndex: ids are found by their own spelling, their catalog names in every language, their aliases and extra
// names, within their kind only.
func TestIndex(t *testing.T) {
	x := NewIndex()
	x.Add("dnd5e.condition", "blinded", "dnd5e.condition.blinded")
	x.Add("dnd5e.condition", "poisoned", "dnd5e.condition.poisoned")
	x.Add("rogue.attr", "str", "rogue.attr.str", "might")
	for _, tt := range []struct{ kind, typed, id string }{
		{"dnd5e.condition", "blinded", "blinded"},
		{"dnd5e.condition", "Blinded", "blinded"},
		{"dnd5e.condition", For(ZhCN).T("dnd5e.condition.blinded"), "blinded"},
		{"dnd5e.condition", For(ZhTW).T("dnd5e.condition.poisoned"), "poisoned"},
		{"dnd5e.condition", For(KO).T("dnd5e.condition.blinded"), "blinded"},
		{"dnd5e.condition", "장님", "blinded"}, // alias/dnd5e.ko.toml
		{"rogue.attr", "Strength (STR)", "str"},
		{"rogue.attr", "strength", "str"}, // alias/rogue.en.toml
		{"rogue.attr", "STR", "str"},
		{"rogue.attr", "Might", "str"}, // extra
	} {
		if id, ok := x.Lookup(tt.kind, tt.typed); !ok || id != tt.id {
			t.Errorf("Lookup(%s, %q) = %q %v, want %q", tt.kind, tt.typed, id, ok, tt.id)
		}
	}
	if id, ok := x.Lookup("rogue.attr", "blinded"); ok {
		t.Errorf("a condition found among attributes: %q", id)
	}
	if id, ok := x.Lookup("dnd5e.condition", ""); ok {
		t.Errorf("the empty name found %q", id)
	}
	if got := x.Search("dnd5e.condition", "BLIND"); !slices.Equal(got, []string{"blinded"}) {
		t.Errorf("Search BLIND: %v", got)
	}
	if got := x.Search("dnd5e.condition", ""); !slices.Equal(got, []string{"blinded", "poisoned"}) {
		t.Errorf("Search everything: %v", got)
	}
	if len(x.Clashes()) != 0 {
		t.Errorf("clashes: %+v", x.Clashes())
	}
	for _, tt := range []struct{ kind, id, key string }{
		{"dnd5e.condition", "blinded", "dnd5e.condition.blinded"},
		{"rogue.attr", "str", "rogue.attr.str"},
		{"rogue.attr", "blinded", ""},
	} {
		if got := x.Key(tt.kind, tt.id); got != tt.key {
			t.Errorf("Key(%s, %s) = %q, want %q", tt.kind, tt.id, got, tt.key)
		}
	}
	x.AddNames("dnd5e.condition", "stunned", "Blinded")
	if c := x.Clashes(); len(c) != 1 || c[0].First != "blinded" || c[0].Then != "stunned" {
		t.Errorf("clash not reported: %+v", c)
	}
}

// TestAliasKeys: the alias files load, every alias key is a catalog key, no alias is empty or padded, and within a
// kind of ids (the key without its last part: "dnd5e.condition") no alias, folded, is another key's alias, id or
// catalog name in any language: an alias never makes a name ambiguous.
func TestAliasKeys(t *testing.T) {
	if err := AliasError(); err != nil {
		t.Fatal(err)
	}
	keys := AliasKeys()
	if len(keys) == 0 {
		t.Fatal("no aliases")
	}
	en := For(EN)
	// names[kind|folded name] are the keys whose id or catalog name (any language) folds to it: two keys may share
	// one (data for an index to sort out), an alias may not add to it.
	names := map[string]map[string]bool{}
	seen := map[string]bool{}
	name := func(key, n string) {
		f := key[:strings.LastIndex(key, ".")] + "|" + Fold(n)
		if names[f] == nil {
			names[f] = map[string]bool{}
		}
		names[f][key] = true
	}
	for _, key := range keys {
		if !en.Has(key) {
			t.Errorf("alias key %q is not a catalog key", key)
			continue
		}
		kindOf := key[:strings.LastIndex(key, ".")]
		if seen[kindOf] {
			continue
		}
		seen[kindOf] = true
		for _, k := range Keys(EN) { // the catalog names and ids of the kind's keys
			if strings.HasPrefix(k, kindOf+".") && !strings.Contains(k[len(kindOf)+1:], ".") {
				name(k, k[len(kindOf)+1:])
				for _, l := range Langs {
					name(k, For(l).T(k))
				}
			}
		}
	}
	aliasOwner := map[string]string{}
	claim := func(key, a string) {
		f := key[:strings.LastIndex(key, ".")] + "|" + Fold(a)
		for other := range names[f] {
			if other != key {
				t.Errorf("alias %q of %s is a name of %s", a, key, other)
			}
		}
		if other, ok := aliasOwner[f]; ok && other != key {
			t.Errorf("alias %q names both %s and %s", a, other, key)
		}
		aliasOwner[f] = key
	}
	for _, key := range keys {
		for _, a := range Aliases(key) {
			if a == "" || strings.TrimSpace(a) != a {
				t.Errorf("%s: alias %q", key, a)
			}
			claim(key, a)
		}
	}
}
