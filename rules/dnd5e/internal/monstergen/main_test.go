package main

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestTableIsUpToDate regenerates the table from Monsters.json and compares
// it with the committed rules/dnd5e/monsters_table.go (skipped without the file).
func TestTableIsUpToDate(t *testing.T) {
	in := filepath.Join("..", "..", "..", "..", "..", "shared", "data", "srd-5.1", "Monsters.json")
	if dir := os.Getenv("RULEKEEPER_SRD_DIR"); dir != "" {
		in = filepath.Join(dir, "Monsters.json")
	}
	if _, err := os.Stat(in); err != nil {
		t.Skip("SRD 5.1 Monsters.json not found (set RULEKEEPER_SRD_DIR)")
	}
	out := filepath.Join(t.TempDir(), "table.go")
	if err := run(in, out); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(out)
	want, err := os.ReadFile(filepath.Join("..", "..", "monsters_table.go"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("monsters_table.go is stale: run go generate ./rules/dnd5e/")
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{
		"Wing Attack (Costs 2 Actions)": "wing_attack",
		"Claw (Bite in Beast Form)":     "claw",
		"Will-o'-Wisp":                  "will_o_wisp",
		"Thieves' cant":                 "thieves_cant",
		"Tentacle Attack or Fling":      "tentacle_attack_or_fling",
	} {
		if got := slug(in); got != want {
			t.Errorf("slug(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestDefences(t *testing.T) {
	for in, want := range map[string][]DamageDefence{
		"fire": {{"fire", ""}},
		"bludgeoning, piercing, and slashing from nonmagical weapons": {
			{"bludgeoning", "nonmagical"}, {"piercing", "nonmagical"}, {"slashing", "nonmagical"}},
		"piercing and slashing from nonmagical weapons that aren't adamantine": {
			{"piercing", "nonmagical_nonadamant"}, {"slashing", "nonmagical_nonadamant"}},
		"bludgeoning, piercing, and slashing from nonmagical attacks (from stoneskin)": {
			{"bludgeoning", "nonmagical"}, {"piercing", "nonmagical"}, {"slashing", "nonmagical"}},
		"damage from spells": {{"", "spells"}},
		"piercing from magic weapons wielded by good creatures": {{"piercing", "magic_weapon_good_user"}},
	} {
		got, err := defences(in)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("defences(%q) = %v %v, want %v", in, got, err, want)
		}
	}
	if _, err := defences("psychic from bad puns"); err == nil {
		t.Error("an unknown qualifier is accepted")
	}
}

func TestLanguages(t *testing.T) {
	for in, want := range map[string]Languages{
		"Common, Goblin": {Speaks: []Language{"common", "goblin"}},
		"understands Abyssal, Celestial, Infernal, and Primordial but can't speak, telepathy 120 ft.": {
			Understands: []Language{"abyssal", "celestial", "infernal", "primordial"}, Telepathy: 120},
		"Blink Dog, understands Sylvan but can't speak it":         {Speaks: []Language{"blink_dog"}, Understands: []Language{"sylvan"}},
		"any one language (usually Common)":                        {Any: 1},
		"Thieves' cant plus any two languages":                     {Speaks: []Language{"thieves_cant"}, Any: 2},
		"Common plus up to five other languages":                   {Speaks: []Language{"common"}, Any: 5},
		"the languages it knew in life":                            {Speaks: []Language{"knew_in_life"}},
		"understands the languages of its creator but can't speak": {Understands: []Language{"creator"}},
		"": {},
	} {
		got, err := languages(in)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("languages(%q) = %+v %v, want %+v", in, got, err, want)
		}
	}
	if _, err := languages("Klingon"); err == nil {
		t.Error("an unknown language is accepted")
	}
}

// TestActionFromText: numbers the structured data lacks come from the text.
func TestActionFromText(t *testing.T) {
	bonus := 4
	a := &srdAction{
		Name:        "Bite",
		Desc:        "Melee Weapon Attack: +4 to hit, reach 5 ft., one target. Hit: 5 (1d6 + 2) piercing damage, and the target must make a DC 11 Constitution saving throw, taking 10 (3d6) poison damage on a failed save, or half as much damage on a successful one.",
		AttackBonus: &bonus,
		Damage:      []srdDamage{{DamageType: &ref{Index: "piercing"}, DamageDice: "1d6+2"}},
	}
	p, _, err := action("action", a)
	if err != nil {
		t.Fatal(err)
	}
	want := MonsterAction{ID: "bite", Kind: "action", Attack: "melee_weapon", ToHit: 4, Reach: 5,
		Damage: []MonsterDamage{{Dice: "1d6+2", Type: "piercing"}, {Dice: "3d6", Type: "poison", OnFail: true}},
		Save:   &MonsterSave{DC: 11, Ability: "con", Half: true}}
	if !reflect.DeepEqual(p.MonsterAction, want) {
		t.Errorf("bite\n got %+v\nwant %+v", p.MonsterAction, want)
	}
	if miss := unaccounted(p, nil); len(miss) > 0 {
		t.Errorf("unaccounted %v", miss)
	}
	p.desc += " It takes 7 (2d6) acid damage at the start of each of its turns."
	if miss := unaccounted(p, nil); !reflect.DeepEqual(miss, []string{"2d6"}) {
		t.Errorf("unaccounted %v, want [2d6]", miss)
	}
}
