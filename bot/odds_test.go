package bot_test

import (
	"math"
	"math/big"
	"strings"
	"testing"
)

// enumerate counts, over every outcome of the d20 (1d20, or two d20 for adv/dis) and of an extra die of extra faces
// (0 for none), the outcomes for which ok(natural, extra) holds, and returns them as a fraction.
func enumerate(mode string, extra int, ok func(nat, x int) bool) *big.Rat {
	n, den := 0, 0
	dies := []int{0}
	if extra > 0 {
		dies = dies[:0]
		for x := 1; x <= extra; x++ {
			dies = append(dies, x)
		}
	}
	second := []int{0}
	if mode != "normal" {
		second = nil
		for b := 1; b <= 20; b++ {
			second = append(second, b)
		}
	}
	for a := 1; a <= 20; a++ {
		for _, b := range second {
			nat := a
			switch {
			case mode == "adv":
				nat = max(a, b)
			case mode == "dis":
				nat = min(a, b)
			}
			for _, x := range dies {
				den++
				if ok(nat, x) {
					n++
				}
			}
		}
	}
	return big.NewRat(int64(n), int64(den))
}

// hitRule is an attack roll's verdict: a natural 20 hits and a natural 1 misses whatever the numbers.
func hitRule(mod, ac int) func(nat, x int) bool {
	return func(nat, x int) bool { return nat == 20 || (nat != 1 && nat+mod+x >= ac) }
}

// wantChance checks a result's chance (0–1) and its fraction against an independently counted one.
func wantChance(t *testing.T, what string, m map[string]any, want *big.Rat) {
	t.Helper()
	f, _ := want.Float64()
	got, ok := m["chance"].(float64)
	if !ok {
		t.Errorf("%s: no chance in %v", what, m)
		return
	}
	if math.Abs(got-f) > 1e-15 {
		t.Errorf("%s: chance %v, want %v (%s)", what, got, f, want.RatString())
	}
	if r, _ := m["chance_rat"].(string); r != want.RatString() {
		t.Errorf("%s: chance_rat %q, want %q", what, r, want.RatString())
	}
}

// TestOdds5e: checks, saves, attacks, death saves, first aid and identify carry the chance of success computed
// before the roll, in the JSON and as a line of the reply; the expected values are counted outcome by outcome.
func TestOdds5e(t *testing.T) {
	e := newPlayEnv(t)
	e.party() // Aria: DEX +3, DEX save +5 (rogue); rapier +5. Borin: AC 11.
	e.brawl("alice", "bob")
	dc15 := func(mod int) func(nat, x int) bool { return func(nat, x int) bool { return nat+mod+x >= 15 } }
	tests := []struct {
		user, line string
		faces      []int
		want       *big.Rat
		text       string // in the reply
	}{
		// +5 vs DC 15 with advantage: 1 − (9/20)² = 319/400 = 79.75%.
		{"alice", "/check skill:dex bonus:2 dc:15 mode:adv", []int{3, 12}, big.NewRat(319, 400), "Chance of success: 79.75% (319/400)"},
		{"alice", "/save ability:dex dc:15 mode:adv", []int{3, 12}, enumerate("adv", 0, dc15(5)), "79.75%"},
		// With disadvantage: (11/20)² = 121/400.
		{"alice", "/check skill:dex bonus:2 dc:15 mode:dis", []int{3, 12}, big.NewRat(121, 400), "Chance of success: 30.25% (121/400)"},
		{"alice", "/check skill:dex dc:15", []int{9}, big.NewRat(9, 20), "45% (9/20)"},
		// Bless: +3 + 1d4 vs DC 15, the d4 independent of the d20.
		{"alice", "/check skill:dex bonus:1d4 dc:15", []int{9, 2}, enumerate("normal", 4, dc15(3)), "Chance of success:"},
		// Checks have no natural-20 rule: +3 vs DC 30 cannot succeed; +3 vs DC 1 always does.
		{"alice", "/check skill:dex dc:30", []int{20}, big.NewRat(0, 1), "Chance of success: 0%"},
		{"alice", "/check skill:dex dc:1", []int{1}, big.NewRat(1, 1), "Chance of success: 100%"},
		// Attacks: the natural 20 always hits and the natural 1 always misses.
		{"alice", "/attack bonus:5 ac:15 mode:adv damage:1d6", []int{3, 12, 4}, enumerate("adv", 0, hitRule(5, 15)), "Chance to hit: 79.75% (319/400)"},
		{"alice", "/attack bonus:5 ac:15 mode:dis damage:1d6", []int{3, 12}, enumerate("dis", 0, hitRule(5, 15)), "Chance to hit: 30.25%"},
		{"alice", "/attack bonus:15 ac:10 damage:1d6", []int{2, 4}, big.NewRat(19, 20), "Chance to hit: 95% (19/20)"},
		{"alice", "/attack bonus:-5 ac:30 damage:1d6", []int{2}, big.NewRat(1, 20), "Chance to hit: 5% (1/20)"},
		{"alice", "/attack bonus:5+1d4 ac:15 damage:1d6", []int{2, 1}, enumerate("normal", 4, hitRule(5, 15)), "Chance to hit:"},
		{"alice", "/attack bonus:5+1d4 ac:15 mode:adv damage:1d6", []int{2, 1, 1}, enumerate("adv", 4, hitRule(5, 15)), "Chance to hit:"},
		// A weapon against a tracked target: rapier +5 vs Borin's AC 11.
		{"alice", "/attack weapon:rapier target:Borin", []int{2}, enumerate("normal", 0, hitRule(5, 11)), "75% (3/4)"},
	}
	for _, tt := range tests {
		r := e.ok(tt.user, tt.line, tt.faces...)
		wantChance(t, tt.line, r.Result, tt.want)
		if !strings.Contains(r.Text, tt.text) {
			t.Errorf("%s: reply lacks %q:\n%s", tt.line, tt.text, r.Text)
		}
	}
	if f, _ := enumerate("adv", 0, hitRule(5, 15)).Float64(); f != 0.7975 {
		t.Fatalf("the counting itself: %v", f)
	}

	// Nothing to compare with: no chance.
	for _, line := range []string{"/check skill:dex", "/attack bonus:5 damage:1d6"} {
		r := e.ok("alice", line, 10, 3)
		if _, ok := r.Result["chance"]; ok || strings.Contains(r.Text, "Chance") {
			t.Errorf("%s: a chance without a DC or AC: %v\n%s", line, r.Result, r.Text)
		}
	}

	// A save failed with no roll has no chance at all.
	e.ok("alice", "/condition add name:paralyzed")
	wantChance(t, "paralyzed DEX save", e.ok("alice", "/save ability:dex dc:5").Result, big.NewRat(0, 1))
	e.ok("alice", "/condition remove name:paralyzed")

	// Death saves: 10 or more, a natural 20 included, a natural 1 excluded (it is two failures).
	e.ok("bob", "/hp damage amount:20")
	death := func(mod, x int) func(nat, x int) bool {
		return func(nat, d int) bool { return nat == 20 || (nat != 1 && nat+mod+d >= 10) }
	}
	for _, tt := range []struct {
		line  string
		faces []int
		want  *big.Rat
	}{
		{"/deathsave roll", []int{12}, big.NewRat(11, 20)},
		{"/deathsave roll mode:adv", []int{12, 3}, enumerate("adv", 0, death(0, 0))},
		{"/deathsave roll bonus:1d4", []int{5, 1}, enumerate("normal", 4, death(0, 0))},
	} {
		r := e.ok("bob", tt.line, tt.faces...)
		wantChance(t, tt.line, r.Result, tt.want)
		if !strings.Contains(r.Text, "Chance of success: ") {
			t.Errorf("%s: no chance line:\n%s", tt.line, r.Text)
		}
	}
	// The button rolls a plain death save.
	wantChance(t, "death save button", e.ok("bob", "click 1", 5).Result, big.NewRat(11, 20))
	if f, _ := enumerate("adv", 0, death(0, 0)).Float64(); f != 0.7975 {
		t.Errorf("death save with advantage: %v", f)
	}

	// First aid: Aria's Medicine +3 (WIS +1, proficient) against DC 10; a kit always works.
	r := e.ok("alice", "/deathsave stabilize character:Borin", 9)
	wantChance(t, "stabilize", r.Result, enumerate("normal", 0, func(nat, _ int) bool { return nat+3 >= 10 }))
	if !strings.Contains(r.Text, "Chance of success: 70% (7/10)") {
		t.Errorf("stabilize text:\n%s", r.Text)
	}
}

// TestOddsCast: a spell attack's chance to hit and each target's chance to save.
func TestOddsCast(t *testing.T) {
	e := castEnv(t)
	e.ok("gm-carol", "/settings show_npc_stats value:on") // the Ogre's numbers in public (issue 11 §3)
	// Fire bolt: Wiz's spell attack +5 against the Ogre's AC 11.
	r := e.ok("wendy", "/cast spell:fire_bolt target:Ogre", 2)
	wantChance(t, "fire bolt", castTargets(t, r.Result)["Ogre"], enumerate("normal", 0, hitRule(5, 11)))
	if !strings.Contains(r.Text, "hit chance 75%") {
		t.Errorf("fire bolt text:\n%s", r.Text)
	}
	// Burning hands: the Ogre's DEX save −1 against Mira's DC.
	r = e.ok("alice", "/cast spell:burning_hands target:Ogre", 2, 1, 2, 3)
	dc := jnum(t, r.Result, "dc")
	wantChance(t, "burning hands", castTargets(t, r.Result)["Ogre"],
		enumerate("normal", 0, func(nat, _ int) bool { return nat-1 >= dc }))
	if !strings.Contains(r.Text, "save chance ") {
		t.Errorf("burning hands text:\n%s", r.Text)
	}
	// Identify: INT (Arcana) against 15 + the spell's level.
	r = e.ok("alice", "/identify spell:fireball", 10)
	if _, ok := r.Result["chance"].(float64); !ok || !strings.Contains(r.Text, "Chance of success") {
		t.Errorf("identify: %v\n%s", r.Result, r.Text)
	}
}
