package rogue

import "testing"

// The data a reply prints must add up (issue 14, Rogue's Tale item 10): the to-hit target as 7 + every band
// modifier (A15; an invisible target's base 12 is 7 + 5, A16), and the natural rolls of each band as Resolve
// judges them (a natural 2 is always a critical failure, A1.2: never "hit on 2+").
func TestNeedAddsUp(t *testing.T) {
	invisible := func(c *Character) { c.Effects = append(c.Effects, Effect{Kind: KindState, ID: string(Invisible)}) }
	tests := []struct {
		name   string
		att    *Character
		def    *Character
		o      AttackOptions
		target int
	}{
		{"melee, invisible target with dodge and block", human(t, "A", avg), human(t, "D", Attributes{8, 8, 7, 7}, invisible, func(c *Character) { c.Equip.Shield = &Shield{1, 2} }), AttackOptions{Weapon: Weapon{Damage: "1d6"}}, 14},
		{"melee, dodge and block (A15 example)", human(t, "A", avg), exampleDefender(t), AttackOptions{Weapon: Weapon{Damage: "1d6"}}, 9},
		{"ranged, range 5 and deflect 1, halved by Dark Vision", human(t, "A", avg, withLevel(3), withTalents(DarkVision)), exampleDefender(t), AttackOptions{Kind: Ranged, DX: 10, Weapon: Weapon{Damage: "1d6"}}, 10},
		{"ranged, nothing", human(t, "A", avg), human(t, "D", avg), AttackOptions{Kind: Ranged, DX: 1, Weapon: Weapon{Damage: "1d6"}}, 7},
	}
	for _, tt := range tests {
		p, err := PlanAttack(tt.att, tt.def, tt.o)
		if err != nil {
			t.Fatal(err)
		}
		sum := p.Need.From
		for _, m := range p.Need.Mods {
			sum += m.Value
		}
		if p.Need.From != 7 || sum != p.Need.Total || p.Need.Total != p.Bands.Target || p.Bands.Target != tt.target {
			t.Errorf("%s: %d + %+v = %d, want %d (target %d)", tt.name, p.Need.From, p.Need.Mods, p.Need.Total, tt.target, p.Bands.Target)
		}
	}
}

// HitFrom and the defence bands name exactly the natural rolls Resolve gives them, for every offense, defence,
// range and critical failure modifier.
func TestBandsMatchResolve(t *testing.T) {
	for off := -5; off <= 5; off++ {
		for dodge := 0; dodge <= 3; dodge++ {
			for second := 0; second <= 3; second++ {
				for fumbleAt := 2; fumbleAt <= 12; fumbleAt++ {
					for _, base := range []int{7, 12} {
						b := Bands{Offense: off, Base: base, Dodge: dodge, Second: second, SecondIs: DefenceParry, FumbleAt: fumbleAt, CritAt: 12}
						b.fill()
						hitFrom, dodged, parried := 0, []int{}, []int{}
						for n := 12; n >= 2; n-- {
							switch b.Resolve(n) {
							case OutcomeHit, OutcomeCritical:
								hitFrom = n
							case OutcomeDodged:
								dodged = append([]int{n}, dodged...)
							case OutcomeParried:
								parried = append([]int{n}, parried...)
							}
						}
						if b.HitFrom != hitFrom {
							t.Fatalf("%+v: HitFrom %d, Resolve hits from %d", b, b.HitFrom, hitFrom)
						}
						if !sameSpan(dodged, b.DodgeFrom, b.DodgeTo) || !sameSpan(parried, b.SecondFrom, b.SecondTo) {
							t.Fatalf("%+v: dodged %v parried %v", b, dodged, parried)
						}
					}
				}
			}
		}
	}
	// The cases the issue names: +5 against nothing hits from 3, not 2; with two cursed items from 5.
	for _, tt := range []struct{ cursed, from int }{{0, 3}, {2, 5}, {10, 0}} {
		a := human(t, "A", Attributes{12, 9, 9, 9}, func(c *Character) { c.Equip.Cursed = tt.cursed })
		p, err := PlanAttack(a, human(t, "D", avg), AttackOptions{Weapon: Weapon{Damage: "1d6"}})
		if err != nil || p.Bands.HitFrom != tt.from {
			t.Errorf("cursed %d: hit from %d, want %d (%v)", tt.cursed, p.Bands.HitFrom, tt.from, err)
		}
	}
}

// sameSpan reports whether the naturals are exactly from..to (none: 0, 0).
func sameSpan(naturals []int, from, to int) bool {
	if len(naturals) == 0 {
		return from == 0 && to == 0
	}
	return naturals[0] == from && naturals[len(naturals)-1] == to && len(naturals) == to-from+1
}

// Powered: the power level matters for curses, poisons, diseases (trigger, A26) and slow effects (A13), not for
// states, lasting spells and haste, where a reply need not print "power 0".
func TestEffectPowered(t *testing.T) {
	for _, tt := range []struct {
		e    Effect
		want bool
	}{
		{Effect{Kind: KindCurse, ID: string(CurseAgony)}, true},
		{Effect{Kind: KindPoison, ID: string(PoisonSlowing)}, true},
		{Effect{Kind: KindDisease, ID: string(DiseaseBonePlague)}, true},
		{Effect{Kind: KindSlow, Power: 1}, true},
		{Effect{Kind: KindState, ID: string(Confused), Turns: 3}, false},
		{Effect{Kind: KindSpell, ID: string(MageArmour), Power: 3}, false},
		{Effect{Kind: KindHaste}, false},
	} {
		if tt.e.Powered() != tt.want {
			t.Errorf("%+v: powered %v", tt.e, !tt.want)
		}
	}
}
