package dnd5e

import (
	"math/big"
	"testing"
)

// bruteD20 enumerates every outcome of a d20 roll (two d20s with advantage or
// disadvantage), a minimum face, a flat modifier and bonus dice (sides; a
// negative side count subtracts the die) against target, with the natural
// 1 / natural critMin+ rule when natural.
func bruteD20(mode Mode, minFace, modifier int, bonus []int, target int, natural bool, critMin int) *big.Rat {
	if critMin == 0 {
		critMin = 20
	}
	hits, total := int64(0), int64(0)
	var rec func(i, sum int, nat int)
	rec = func(i, sum, nat int) {
		if i == len(bonus) {
			total++
			switch {
			case natural && nat == 1:
			case natural && nat >= critMin:
				hits++
			case sum >= target:
				hits++
			}
			return
		}
		sides, sign := bonus[i], 1
		if sides < 0 {
			sides, sign = -sides, -1
		}
		for f := 1; f <= sides; f++ {
			rec(i+1, sum+sign*f, nat)
		}
	}
	for a := 1; a <= 20; a++ {
		for b := 1; b <= 20; b++ {
			n := a
			switch mode {
			case Advantage:
				n = max(a, b)
			case Disadvantage:
				n = min(a, b)
			default:
				if b > 1 {
					continue
				}
			}
			face := max(n, minFace)
			rec(0, face+modifier, face)
		}
	}
	return big.NewRat(hits, total)
}

// TestEffectOdds: the exact odds of rolls with effects match enumeration
// (issue 13: Bless adds 1d4 and the chance says so).
func TestEffectOdds(t *testing.T) {
	reliable := custom("reliable", Mod{Kind: ModMinD20, Roll: ScopeCheck, Value: 10, Prof: Proficient})
	keen := custom("keen", Mod{Kind: ModCritRange, Value: 19, Attack: WeaponAttack})
	for _, tc := range []struct {
		name string
		fx   []ActiveEffect
		roll func(c *Character) (*Odds, error)
		want *big.Rat
	}{
		{name: "bless on an attack (Brom +5 vs AC 17)", fx: []ActiveEffect{bless},
			roll: func(c *Character) (*Odds, error) {
				r, err := c.Attack("Longsword", Target{AC: 17}, forced(1, 1), AttackOptions{})
				return r.Odds(), err
			}, want: bruteD20(Normal, 0, 5, []int{4}, 17, true, 20)},
		{name: "bless on an attack with advantage", fx: []ActiveEffect{bless},
			roll: func(c *Character) (*Odds, error) {
				r, err := c.Attack("Longsword", Target{AC: 19}, forced(1, 1, 1), AttackOptions{Mode: Advantage})
				return r.Odds(), err
			}, want: bruteD20(Advantage, 0, 5, []int{4}, 19, true, 20)},
		{name: "bless and bane on a CON save DC 15", fx: []ActiveEffect{bless, bane},
			roll: func(c *Character) (*Odds, error) {
				r, err := c.Save(Con, forced(1, 1, 1), RollOptions{DC: 15})
				return r.Odds(), err
			}, want: bruteD20(Normal, 0, 4, []int{4, -4}, 15, false, 20)},
		{name: "bless on a save with the user's own 1d6", fx: []ActiveEffect{bless},
			roll: func(c *Character) (*Odds, error) {
				r, err := c.Save(Con, forced(1, 1, 1), RollOptions{DC: 18, Bonus: "1d6"})
				return r.Odds(), err
			}, want: bruteD20(Normal, 0, 4, []int{6, 4}, 18, false, 20)},
		{name: "reliable talent on athletics DC 16", fx: []ActiveEffect{reliable},
			roll: func(c *Character) (*Odds, error) {
				r, err := c.SkillCheck("athletics", forced(1), RollOptions{DC: 16})
				return r.Odds(), err
			}, want: bruteD20(Normal, 10, 5, nil, 16, false, 20)},
		{name: "reliable talent with disadvantage", fx: []ActiveEffect{reliable},
			roll: func(c *Character) (*Odds, error) {
				r, err := c.SkillCheck("athletics", forced(1, 1), RollOptions{DC: 18, Mode: Disadvantage})
				return r.Odds(), err
			}, want: bruteD20(Disadvantage, 10, 5, nil, 18, false, 20)},
		{name: "improved critical vs AC 30", fx: []ActiveEffect{keen},
			roll: func(c *Character) (*Odds, error) {
				r, err := c.Attack("Longsword", Target{AC: 30}, forced(1), AttackOptions{})
				return r.Odds(), err
			}, want: big.NewRat(2, 20)},
		{name: "bless on a death save", fx: []ActiveEffect{bless},
			roll: func(c *Character) (*Odds, error) {
				c.HP, c.State = 0, Dying
				r, err := c.DeathSave(forced(5, 1), RollOptions{})
				return r.Odds(), err
			}, want: bruteD20(Normal, 0, 0, []int{4}, 10, true, 20)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := withEffects(t, fighter3(t), tc.fx...)
			o, err := tc.roll(c)
			if err != nil {
				t.Fatal(err)
			}
			if o == nil || o.Rat == nil || o.Rat.Cmp(tc.want) != 0 || !o.Exact {
				t.Errorf("odds %+v, enumeration %s", o, tc.want.RatString())
			}
		})
	}
	// The worked value: +5 vs 15 with advantage and nothing else is 319/400.
	if o := D20OddsFor(D20Spec{Mode: Advantage, Modifier: 5, Target: 15}); o.Rat.RatString() != "319/400" {
		t.Errorf("advantage +5 vs 15: %s", o.Rat.RatString())
	}
}
