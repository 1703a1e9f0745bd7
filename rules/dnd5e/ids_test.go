package dnd5e

import (
	"slices"
	"testing"

	"rulekeeper/internal/catalogtest"
)

// TestIDTables: every id table the bot reads names from — monster sizes, types, tags, alignments, armor kinds,
// languages, action and attack kinds, variants, damage qualifiers, class features and their resources — lists each
// id once, and each id's catalog key is in every language's catalog.
func TestIDTables(t *testing.T) {
	keyed := func(ids []string, key func(string) string) []string {
		out := make([]string, len(ids))
		for i, id := range ids {
			out[i] = key(id)
		}
		return out
	}
	strs := func(ids any) []string {
		switch v := ids.(type) {
		case []Size:
			return keyed(toStrings(v), func(s string) string { return Size(s).Key() })
		case []CreatureType:
			return keyed(toStrings(v), func(s string) string { return CreatureType(s).Key() })
		case []Tag:
			return keyed(toStrings(v), func(s string) string { return Tag(s).Key() })
		case []Alignment:
			return keyed(toStrings(v), func(s string) string { return Alignment(s).Key() })
		case []ACKind:
			return keyed(toStrings(v), func(s string) string { return ACKind(s).Key() })
		case []Language:
			return keyed(toStrings(v), func(s string) string { return Language(s).Key() })
		case []ActionKind:
			return keyed(toStrings(v), func(s string) string { return ActionKind(s).Key() })
		case []AttackKind:
			return keyed(toStrings(v), func(s string) string { return AttackKind(s).Key() })
		case []Variant:
			return keyed(toStrings(v), func(s string) string { return Variant(s).Key() })
		case []DamageQualifier:
			return keyed(toStrings(v), func(s string) string { return DamageQualifier(s).Key() })
		}
		return nil
	}
	var features []string
	for _, f := range FeatureTable() {
		if !slices.Contains(features, f.Key()) {
			features = append(features, f.Key())
		}
	}
	tables := []struct {
		name, area string
		keys       []string
	}{
		{"sizes", "monsters", strs(Sizes())},
		{"creature types", "monsters", strs(CreatureTypes())},
		{"tags", "monsters", strs(Tags())},
		{"alignments", "monsters", strs(Alignments())},
		{"armor kinds", "monsters", strs(ACKinds())},
		{"languages", "monsters", strs(LanguageIDs())},
		{"action kinds", "monsters", strs(ActionKinds())},
		{"attack kinds", "monsters", strs(AttackKinds())},
		{"variants", "monsters", strs(Variants())},
		{"damage qualifiers", "monsters", strs(DamageQualifiers())},
		{"features", "features", features},
		{"resources", "features", keyed(ResourceIDs(), func(id string) string { return Resource{ID: id}.Key() })},
	}
	for _, tt := range tables {
		if len(tt.keys) == 0 {
			t.Errorf("%s: empty", tt.name)
		}
		seen := map[string]bool{}
		for _, k := range tt.keys {
			if k == "" || seen[k] {
				t.Errorf("%s: key %q missing or listed twice", tt.name, k)
			}
			seen[k] = true
		}
		for _, lang := range []string{"en", "zh-CN", "zh-TW", "ko"} {
			cat := catalogtest.Read(t, tt.area, lang)
			for _, k := range tt.keys {
				if _, ok := cat[k]; !ok {
					t.Errorf("%s: %s catalog lacks %q", tt.name, lang, k)
				}
			}
		}
	}
}

// TestParseSubclass: a subclass id (any case, spaces or dashes for underscores) of the given class, or of any class
// when none is given.
func TestParseSubclass(t *testing.T) {
	subs := Subclasses()
	if len(subs) == 0 {
		t.Fatal("no subclasses")
	}
	s := subs[0]
	for _, tt := range []struct {
		in    string
		class Class
		ok    bool
	}{
		{string(s), s.Class(), true},
		{string(s), "", true},
		{" " + string(s) + " ", s.Class(), true},
		{string(s), otherClass(s.Class()), false},
		{"no_such_path", "", false},
	} {
		got, err := ParseSubclass(tt.in, tt.class)
		if (err == nil) != tt.ok || (tt.ok && got != s) {
			t.Errorf("ParseSubclass(%q, %q) = %q, %v", tt.in, tt.class, got, err)
		}
	}
}

func otherClass(c Class) Class {
	for _, x := range Classes() {
		if x.ID != c {
			return x.ID
		}
	}
	return ""
}

// TestRestEffects: a short rest ends the effects that last until a short rest or a turn boundary and 600 rounds of
// timed ones; a long rest also ends those that last until a long rest, and 4800 rounds.
func TestRestEffects(t *testing.T) {
	src := EffectSource{Kind: SourceCustom, Name: "x"}
	effects := []ActiveEffect{
		NewEffect(src, Duration{Kind: UntilShortRest}),
		NewEffect(EffectSource{Kind: SourceCustom, Name: "y"}, Duration{Kind: UntilLongRest}),
		NewEffect(EffectSource{Kind: SourceCustom, Name: "z"}, Duration{Kind: ForRounds, Rounds: 1000}),
		NewEffect(EffectSource{Kind: SourceCustom, Name: "w"}, Duration{Kind: UntilRemoved}),
	}
	for _, tt := range []struct {
		long              bool
		kept, ended, left int // left: rounds left of the 1000-round effect (0: ended)
	}{
		{false, 3, 1, 400},
		{true, 1, 3, 0},
	} {
		kept, ended := RestEffects(effects, tt.long)
		if len(kept) != tt.kept || len(ended) != tt.ended {
			t.Errorf("long %v: kept %d ended %d", tt.long, len(kept), len(ended))
		}
		for _, e := range kept {
			if e.Duration.Kind == ForRounds && e.Duration.Rounds != tt.left {
				t.Errorf("long %v: %d rounds left", tt.long, e.Duration.Rounds)
			}
		}
	}
}

// TestMonsterExceptions: every exception names a monster of the table and says why.
func TestMonsterExceptions(t *testing.T) {
	names := map[string]bool{}
	for _, m := range Monsters() {
		names[m.ID] = true
	}
	ex := MonsterExceptions()
	if len(ex) == 0 {
		t.Fatal("no exceptions listed")
	}
	for _, e := range ex {
		if !names[e.Monster] || e.Reason == "" {
			t.Errorf("exception %+v", e)
		}
	}
}
