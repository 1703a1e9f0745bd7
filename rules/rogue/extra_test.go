package rogue

import "testing"

// foe is a level-6 average human with 30 HP (no defences, no level difference with the attackers below).
func foe(t *testing.T, name string) *Character {
	t.Helper()
	return human(t, name, avg, withLevel(6), func(c *Character) { c.BonusHP = 23; c.HP = 30 })
}

// A21: Multi Shot also shoots up to its AGI bonus of extra targets adjacent to the target, each rolled as its own
// attack (range from the attacker's square), for one energy.
func TestMultiShotTargets(t *testing.T) {
	m := human(t, "M", Attributes{7, 10, 8, 8}, withLevel(6), withTalents(AimedShot, MultiShot))
	d, e1, e2 := foe(t, "D"), foe(t, "E1"), foe(t, "E2")
	o := AttackOptions{Kind: Ranged, Talent: MultiShot, Weapon: Weapon{Damage: "1d6"}, Rules: Rules{NoCritEffect: true},
		DX: 3, DY: 4, From: &Square{0, 0}, To: &Square{3, 4},
		Targets: []Nearby{{"e1", &Square{4, 4}, e1}, {"e2", &Square{2, 3}, e2}}}
	// main: 4+4+3 = 11 ≥ 9, 1d6+3 = 4; e1 (range 2): a fumble; e2 (distance 3, range 1): 3+3+3 = 9 ≥ 8, 1d6+3 = 5
	res, err := Attack(m, d, o, faces(4, 4, 1, 1, 1, 3, 3, 2))
	if err != nil {
		t.Fatal(err)
	}
	if !res.Hit || d.HP != 26 || res.EnergySpent != 1 || m.Energy != m.MaxEnergy-1 || res.Extra != 3 || len(res.Extras) != 2 {
		t.Fatalf("main: %+v HP %d energy %d", res.Outcome, d.HP, m.Energy)
	}
	x1, x2 := res.Extras[0], res.Extras[1]
	if x1.ID != "e1" || x1.Result.Outcome != OutcomeFumble || x1.Result.Bands.Target != 9 || e1.HP != 30 || x1.Result.EnergySpent != 0 {
		t.Errorf("e1: %+v HP %d", x1.Result.Bands, e1.HP)
	}
	if x2.ID != "e2" || !x2.Result.Hit || x2.Result.Bands.Target != 8 || x2.Result.Damage.Total != 5 || e2.HP != 25 {
		t.Errorf("e2: %+v HP %d", x2.Result.Bands, e2.HP)
	}
}

// A21: Sweeping Blow also strikes up to its STR bonus of extra targets adjacent to the attacker, each rolled.
func TestSweepingBlowTargets(t *testing.T) {
	sw := human(t, "Sw", Attributes{10, 8, 8, 8}, withLevel(6), withTalents(CrushingBlow, SweepingBlow))
	d, e1, e2 := foe(t, "D"), foe(t, "E1"), foe(t, "E2")
	o := AttackOptions{Talent: SweepingBlow, Weapon: Weapon{Damage: "1d8"}, Rules: Rules{NoCritEffect: true}, From: &Square{0, 0}, To: &Square{1, 0},
		Targets: []Nearby{{"e1", &Square{0, 1}, e1}, {"e2", nil, e2}}}
	res, err := Attack(sw, d, o, faces(4, 4, 1, 4, 4, 2, 2, 5, 3))
	if err != nil {
		t.Fatal(err)
	}
	if d.HP != 26 || e1.HP != 25 || e2.HP != 24 || len(res.Extras) != 2 || res.Extras[1].Result.Damage.Notation != "1d8+3" {
		t.Errorf("HP %d %d %d, extras %+v", d.HP, e1.HP, e2.HP, res.Extras)
	}
}

// A21: Blade Flurry: one extra attack with the main hand (AGI bonus ≥ 1) and one with the off hand (≥ 3, with the
// off-hand penalties unless Dual Wield); an extra attack may go to the target again, and is skipped if it is dead.
func TestBladeFlurryTargets(t *testing.T) {
	bf := human(t, "B", Attributes{7, 10, 8, 8}, withLevel(6), withTalents(BladeFlurry))
	d, e := foe(t, "D"), foe(t, "E")
	o := AttackOptions{Talent: BladeFlurry, Weapon: Weapon{Damage: "1d4", Size: WeaponSmall}, Rules: Rules{NoCritEffect: true},
		Targets: []Nearby{{"d", nil, d}, {"e", nil, e}}}
	// main 1d4+3 = 5; again at D, main hand 1d4+3 = 6; at E, off hand: 4+4+1 = 9, 1d4−1 = 3
	res, err := Attack(bf, d, o, faces(4, 4, 2, 4, 4, 3, 4, 4, 4))
	if err != nil {
		t.Fatal(err)
	}
	x0, x1 := res.Extras[0].Result, res.Extras[1].Result
	if d.HP != 19 || e.HP != 27 || x0.Hand != MainHand || x1.Hand != OffHand || x1.Offense() != 1 || x1.Damage.Notation != "1d4-1" {
		t.Errorf("HP %d %d; extra 0 %s, extra 1 %s offense %d damage %+v", d.HP, e.HP, x0.Hand, x1.Hand, x1.Offense(), x1.Damage)
	}
	// The main attack kills D: the extra attack at D is skipped, the one at E still rolled.
	d, e = foe(t, "D"), foe(t, "E")
	d.HP = 4
	o.Targets = []Nearby{{"d", nil, d}, {"e", nil, e}}
	res, err = Attack(bf, d, o, faces(4, 4, 2, 4, 4, 4))
	if err != nil {
		t.Fatal(err)
	}
	if !d.Dead() || res.Extras[0].Result != nil || res.Extras[1].Result == nil || e.HP != 27 {
		t.Errorf("skip the dead: %+v, E HP %d", res.Extras, e.HP)
	}
}

// Extra targets are checked before any die is rolled; a refused attack changes nothing.
func TestExtraTargetErrors(t *testing.T) {
	sw := human(t, "Sw", Attributes{10, 8, 8, 8}, withLevel(12), withTalents(CrushingBlow, SweepingBlow, AimedShot, MultiShot))
	d, e, dead := foe(t, "D"), foe(t, "E"), foe(t, "Dead")
	dead.HP = 0
	near := func(c *Character) Nearby { return Nearby{c.Name, nil, c} }
	sweep := AttackOptions{Talent: SweepingBlow, Weapon: Weapon{Damage: "1d8"}, Rules: Rules{NoCritEffect: true}}
	tests := []struct {
		name string
		o    func(AttackOptions) AttackOptions
		code string
	}{
		{"no talent", func(o AttackOptions) AttackOptions { o.Talent = ""; o.Targets = []Nearby{near(e)}; return o }, ErrNoExtraTargets},
		{"too many", func(o AttackOptions) AttackOptions {
			o.Targets = []Nearby{near(e), near(foe(t, "F")), near(foe(t, "G")), near(foe(t, "H"))}
			return o
		}, ErrTooManyTargets},
		{"the target again", func(o AttackOptions) AttackOptions { o.Targets = []Nearby{near(d)}; return o }, ErrDuplicate},
		{"twice", func(o AttackOptions) AttackOptions { o.Targets = []Nearby{near(e), near(e)}; return o }, ErrDuplicate},
		{"itself", func(o AttackOptions) AttackOptions { o.Targets = []Nearby{near(sw)}; return o }, ErrSelfTarget},
		{"dead", func(o AttackOptions) AttackOptions { o.Targets = []Nearby{near(dead)}; return o }, ErrDead},
		{"not next to the attacker", func(o AttackOptions) AttackOptions {
			o.From, o.Targets = &Square{0, 0}, []Nearby{{"e", &Square{2, 0}, e}}
			return o
		}, ErrNotNextToAttacker},
		{"Multi Shot: not next to the target", func(o AttackOptions) AttackOptions {
			o.Kind, o.Talent, o.Weapon, o.To = Ranged, MultiShot, Weapon{Damage: "1d6"}, &Square{5, 5}
			o.Targets = []Nearby{{"e", &Square{5, 7}, e}}
			return o
		}, ErrNotNextToTarget},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			energy, hp := sw.Energy, e.HP
			_, err := Attack(sw, d, tt.o(sweep), faces(4, 4, 4, 4, 4, 4, 4, 4, 4))
			wantCode(t, err, tt.code)
			if sw.Energy != energy || e.HP != hp || d.HP != 30 {
				t.Error("a refused attack changed something")
			}
		})
	}
	// A roller error during an extra attack changes nothing either.
	o := sweep
	o.Targets = []Nearby{near(e)}
	if _, err := Attack(sw, d, o, faces(4, 4, 1, 4)); err == nil || d.HP != 30 || e.HP != 30 || sw.Energy != sw.MaxEnergy {
		t.Errorf("out of dice: %v", err)
	}
}
