package sessionlog

import (
	"math"
	"testing"
)

func approx(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// TestStatsOfTheFight counts the fixture by hand: Aria's check (14, 11/20), attack with advantage (17, 319/400),
// damage 14 and failed save (3, 4/5); Goblin 2's critical (20, 7/20), damage 11 and revealed check (11, no
// target); Borin's fumble (1, 11/20); Mira's healing 9.
func TestStatsOfTheFight(t *testing.T) {
	s := fight(t).Stats()
	type want struct {
		name                                            string
		rolls, succ, fail, crits, fumbles, d20s, d20Sum int
		d20Expected                                     float64
		judged, judgedSucc                              int
		expected                                        float64
		dealt, taken, healGiven, healTaken              int
	}
	wants := []want{
		{"Aria", 4, 2, 1, 0, 0, 3, 34, 10.5 + 13.825 + 10.5, 3, 2, 0.55 + 0.7975 + 0.8, 14, 0, 0, 0},
		{"Goblin 1", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 14, 0, 0},
		{"Goblin 2", 3, 1, 0, 1, 0, 2, 31, 21, 1, 1, 0.35, 11, 0, 0, 0},
		{"Borin", 1, 0, 1, 0, 1, 1, 1, 10.5, 1, 0, 0.55, 0, 11, 0, 9},
		{"Mira", 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0},
	}
	if len(s.Names) != len(wants) {
		t.Fatalf("%d names, want %d: %+v", len(s.Names), len(wants), s.Names)
	}
	for i, w := range wants {
		g := s.Names[i]
		got := want{g.Name, g.Rolls, g.Successes, g.Failures, g.Crits, g.Fumbles, g.D20s, g.D20Sum, g.D20Expected,
			g.Judged, g.JudgedSuccesses, g.ExpectedSuccesses, g.DamageDealt, g.DamageTaken, g.HealingGiven,
			g.HealingTaken}
		if !approx(got.d20Expected, w.d20Expected) || !approx(got.expected, w.expected) {
			t.Errorf("%s: expected naturals %v, successes %v; want %v, %v", w.name, got.d20Expected, got.expected,
				w.d20Expected, w.expected)
		}
		got.d20Expected, got.expected = w.d20Expected, w.expected
		if got != w {
			t.Errorf("got  %+v\nwant %+v", got, w)
		}
	}
	aria := s.Names[0]
	if !approx(aria.D20Mean(), 34.0/3) || !approx(aria.D20ExpectedMean(), 34.825/3) {
		t.Errorf("Aria's naturals: mean %v against %v", aria.D20Mean(), aria.D20ExpectedMean())
	}
	if !approx(aria.Luck(), 2-2.1475) || !approx(aria.SuccessRate(), 2.0/3) || !approx(aria.ExpectedRate(), 2.1475/3) {
		t.Errorf("Aria's luck %v, rate %v against %v", aria.Luck(), aria.SuccessRate(), aria.ExpectedRate())
	}
	all := s.All
	if all.Rolls != 9 || all.D20s != 6 || all.D20Sum != 66 || all.DamageDealt != 25 || all.DamageTaken != 25 ||
		all.HealingGiven != 9 || all.Judged != 5 || all.JudgedSuccesses != 3 || !approx(all.Luck(), 3-3.0475) {
		t.Errorf("the table: %+v", all)
	}
	if (&Tally{}).D20Mean() != 0 || (&Tally{}).ExpectedRate() != 0 {
		t.Error("an empty tally averages to 0")
	}
}

// TestExpectedNatural checks the expected natural d20 of each mode against all 400 pairs of faces.
func TestExpectedNatural(t *testing.T) {
	hi, lo := 0, 0
	for a := 1; a <= 20; a++ {
		for b := 1; b <= 20; b++ {
			hi += max(a, b)
			lo += min(a, b)
		}
	}
	for _, tt := range []struct {
		mode Mode
		want float64
	}{{Straight, 10.5}, {Advantage, float64(hi) / 400}, {Disadvantage, float64(lo) / 400}} {
		if got := tt.mode.expectedNatural(); !approx(got, tt.want) {
			t.Errorf("mode %q: %v, want %v", tt.mode, got, tt.want)
		}
	}
}

// TestStatsWithoutCharacters: a plain roll by a user without a character counts under the user's name; damage
// from nobody (a trap) counts only as taken.
func TestStatsWithoutCharacters(t *testing.T) {
	l := running(t)
	entries := []Entry{
		{Time: at(1), Kind: KindRoll, User: bob, UserName: "bob", Lines: []string{"1d20 = 7"},
			Roll: &Roll{Expr: "1d20", Dice: []Die{{Sides: 20, Face: 7}}, Total: 7, Natural: 7, Mode: Disadvantage}},
		{Time: at(2), Kind: KindDamage, Lines: []string{"The trap hits Aria for 4."}, Damage: &Damage{Amount: 4, Target: "Aria"}},
	}
	for _, e := range entries {
		if err := l.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	s := l.Stats()
	if len(s.Names) != 2 || s.Names[0].Name != "bob" || s.Names[0].Rolls != 1 || !approx(s.Names[0].D20Expected, 7.175) ||
		s.Names[1].Name != "Aria" || s.Names[1].DamageTaken != 4 || s.All.DamageDealt != 4 {
		t.Errorf("%+v", s)
	}
}

// TestStatsHPWithoutSource: an /hp entry names the one it changed as both its character and its target; it counts
// as taken (or healing received), never as dealt or given by that same name, nor in the table's dealt total.
func TestStatsHPWithoutSource(t *testing.T) {
	l := running(t)
	for _, e := range []Entry{
		{Time: at(1), Kind: KindDamage, Character: "Aria", Lines: []string{"Aria takes 5"}, Damage: &Damage{Amount: 5, Target: "Aria"}},
		{Time: at(2), Kind: KindHeal, Character: "Aria", Lines: []string{"Aria heals 3"}, Damage: &Damage{Amount: 3, Target: "Aria"}},
		{Time: at(3), Kind: KindAttack, Character: "Borin", Lines: []string{"Borin hits Aria"}, Damage: &Damage{Amount: 4, Target: "Aria"}},
	} {
		if err := l.Append(e); err != nil {
			t.Fatal(err)
		}
	}
	s := l.Stats()
	for _, n := range s.Names {
		switch n.Name {
		case "Aria":
			if n.DamageTaken != 9 || n.DamageDealt != 0 || n.HealingTaken != 3 || n.HealingGiven != 0 {
				t.Errorf("Aria %+v", n)
			}
		case "Borin":
			if n.DamageDealt != 4 || n.DamageTaken != 0 {
				t.Errorf("Borin %+v", n)
			}
		}
	}
	if s.All.DamageDealt != 4 || s.All.DamageTaken != 9 || s.All.HealingGiven != 0 || s.All.HealingTaken != 3 {
		t.Errorf("all %+v", s.All)
	}
}
