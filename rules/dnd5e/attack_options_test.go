package dnd5e

import (
	"errors"
	"reflect"
	"testing"

	"rulekeeper/rules/coded"
)

// archer is fighter3 with its light crossbow marked ranged, as a sheet or an import would.
func archer(t *testing.T) *Character {
	c := fighter3(t)
	for i := range c.Attacks {
		c.Attacks[i].Ranged = c.Attacks[i].Name == "Light crossbow"
	}
	return c
}

// TestAttackCover: SRD "Cover" — half cover +2 AC, three-quarters +5, total cover cannot be targeted. The light
// crossbow of fighter3 is +4: a natural 11 totals 15.
func TestAttackCover(t *testing.T) {
	goblin := Target{Name: "goblin", AC: 13}
	for _, tc := range []struct {
		name    string
		cover   Cover
		ac      int
		outcome Outcome
		err     string
	}{
		{"no cover: AC 13", CoverNone, 13, OutcomeHit, ""},
		{"half: AC 15, 15 hits", CoverHalf, 15, OutcomeHit, ""},
		{"three-quarters: AC 18, 15 misses", CoverThreeQuarters, 18, OutcomeMiss, ""},
		{"total: refused", CoverTotal, 0, "", ErrTotalCover},
		{"unknown", Cover("full"), 0, "", ErrBadCover},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := archer(t)
			res, err := c.Attack("Light crossbow", goblin, forced(11, 4), AttackOptions{Distance: 30, Cover: tc.cover})
			if tc.err != "" {
				if !errors.Is(err, coded.Code(tc.err)) {
					t.Fatalf("err %v, want %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.AC != tc.ac || res.Outcome != tc.outcome || res.Cover != tc.cover || res.CoverBonus != tc.cover.Bonus() {
				t.Errorf("AC %d %s cover %q +%d; want AC %d %s", res.AC, res.Outcome, res.Cover, res.CoverBonus, tc.ac, tc.outcome)
			}
		})
	}
	// An unknown AC stays unknown: the cover is only noted.
	res, err := archer(t).Attack("Longsword", Target{}, forced(11, 4), AttackOptions{Cover: CoverHalf})
	if err != nil || res.AC != 0 || res.CoverBonus != 0 || res.Cover != CoverHalf {
		t.Errorf("unknown AC with cover: %+v %v", res, err)
	}
}

// TestAttackRange: B5.3 — beyond normal range, or a ranged attack with a hostile within 5 ft: disadvantage;
// beyond long range: refused. The light crossbow is 80/320 ft (SRD weapon table).
func TestAttackRange(t *testing.T) {
	long := Effect{Source: SourceLongRange, Effect: EffectDisadvantage}
	threat := Effect{Source: SourceThreatened, Effect: EffectDisadvantage}
	for _, tc := range []struct {
		name     string
		attack   string
		opts     AttackOptions
		faces    []int
		notation string
		effects  []Effect
		err      string
	}{
		{"normal range", "Light crossbow", AttackOptions{Distance: 80}, []int{11, 4}, "1d20+4", nil, ""},
		{"beyond normal range", "Light crossbow", AttackOptions{Distance: 85}, []int{11, 4, 4}, "2d20kl1+4", []Effect{long}, ""},
		{"at long range", "Light crossbow", AttackOptions{Distance: 320}, []int{11, 4, 4}, "2d20kl1+4", []Effect{long}, ""},
		{"beyond long range", "Light crossbow", AttackOptions{Distance: 325}, nil, "", nil, ErrOutOfRange},
		{"threatened", "Light crossbow", AttackOptions{Distance: 30, Threatened: true}, []int{11, 4, 4}, "2d20kl1+4", []Effect{threat}, ""},
		{"threatened melee: no effect", "Longsword", AttackOptions{Threatened: true}, []int{11, 4}, "1d20+5", nil, ""},
		{"threatened with advantage cancels", "Light crossbow", AttackOptions{Distance: 30, Threatened: true, Mode: Advantage},
			[]int{11, 4}, "1d20+4", []Effect{{Effect: EffectAdvantage}, threat}, ""},
		{"melee far away: no range rule", "Longsword", AttackOptions{Distance: 400}, []int{11, 4}, "1d20+5", nil, ""},
		{"given range overrides", "Light crossbow", AttackOptions{Distance: 90, Range: WeaponRange{100, 400}}, []int{11, 4}, "1d20+4", nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := archer(t).Attack(tc.attack, Target{AC: 10}, forced(tc.faces...), tc.opts)
			if tc.err != "" {
				if !errors.Is(err, coded.Code(tc.err)) {
					t.Fatalf("err %v, want %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Notation != tc.notation || !reflect.DeepEqual(res.Effects, tc.effects) {
				t.Errorf("got %q %+v, want %q %+v", res.Notation, res.Effects, tc.notation, tc.effects)
			}
		})
	}
}

func TestWeaponRangeOf(t *testing.T) {
	for name, want := range map[string]WeaponRange{"Longbow": {150, 600}, "light crossbow": {80, 320}, "Hand-Crossbow": {30, 120}, "dagger": {20, 60}} {
		if got, ok := WeaponRangeOf(name); !ok || got != want {
			t.Errorf("%s: %v %v, want %v", name, got, ok, want)
		}
	}
	if _, ok := WeaponRangeOf("Longsword"); ok {
		t.Error("a longsword has no range")
	}
}

// TestNonlethalRangedRefused: B7.6 knocking out takes a melee attack.
func TestNonlethalRangedRefused(t *testing.T) {
	_, err := archer(t).Attack("Light crossbow", Target{AC: 10}, forced(11, 4), AttackOptions{Nonlethal: true})
	if !errors.Is(err, coded.Code(ErrNonlethalRanged)) {
		t.Fatalf("err %v, want %s", err, ErrNonlethalRanged)
	}
	res, err := archer(t).Attack("Longsword", Target{AC: 10}, forced(11, 4), AttackOptions{Nonlethal: true})
	if err != nil || !res.Nonlethal {
		t.Fatalf("melee nonlethal: %+v %v", res, err)
	}
}

// TestKnockOut: B7.6 — a nonlethal hit that drops a creature to 0 HP leaves it unconscious and stable, even when
// the damage left over would kill it (B7.1's example: max 12, current 6, take 18).
func TestKnockOut(t *testing.T) {
	for _, tc := range []struct {
		name      string
		hp, dmg   int
		state     State
		knocked   bool
		failures  int
		hpAfter   int
		unconscio bool
	}{
		{"B7.1 example knocked out, not dead", 6, 18, Stable, true, 0, 0, true},
		{"drops to 0", 6, 7, Stable, true, 0, 0, true},
		{"stays up", 6, 3, Conscious, false, 0, 3, false},
		{"already at 0: ordinary damage", 0, 3, Dying, false, 1, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c *Character
			if tc.hp == 0 {
				c = dying(t)
			} else {
				c = sheet12(t, tc.hp)
			}
			ch, err := c.KnockOut(tc.dmg, false)
			if err != nil {
				t.Fatal(err)
			}
			if c.State != tc.state || ch.KnockedOut != tc.knocked || c.DeathSaves.Failures != tc.failures || c.HP != tc.hpAfter ||
				c.HasCondition(Unconscious) != tc.unconscio || ch.InstantDeath {
				t.Errorf("state %s knocked %v failures %d hp %d unconscious %v instant %v", c.State, ch.KnockedOut,
					c.DeathSaves.Failures, c.HP, c.HasCondition(Unconscious), ch.InstantDeath)
			}
			if ch.StateAfter != c.State {
				t.Errorf("change says %s, sheet %s", ch.StateAfter, c.State)
			}
		})
	}
}

// TestSpellReaches: 5e 7 — /cast refuses a target beyond the spell's range (fire bolt 120 ft, touch 5 ft; self and
// sight are not measured).
func TestSpellReaches(t *testing.T) {
	for _, tc := range []struct {
		r    SpellRange
		dist int
		ok   bool
	}{
		{SpellRange{Kind: RangeFeet, Dist: 120}, 120, true},
		{SpellRange{Kind: RangeFeet, Dist: 120}, 125, false},
		{SpellRange{Kind: RangeTouch}, 5, true},
		{SpellRange{Kind: RangeTouch}, 10, false},
		{SpellRange{Kind: RangeMiles, Dist: 1}, 5280, true},
		{SpellRange{Kind: RangeSight}, 9999, true},
		{SpellRange{Kind: RangeSelf}, 30, true},
	} {
		err := tc.r.Reaches("Goblin", tc.dist)
		if (err == nil) != tc.ok || (err != nil && !errors.Is(err, coded.Code(ErrSpellOutOfRange))) {
			t.Errorf("%+v at %d ft: %v", tc.r, tc.dist, err)
		}
	}
}

// TestCastCover: SRD "Cover" on spells — a DEX save gets the cover's bonus (burning hands, DC 13 for a 1st-level
// wizard: 11 fails, 11 + 2 behind half cover saves), a spell attack the AC's, and sacred flame ignores cover.
func TestCastCover(t *testing.T) {
	c := caster(t, "wizard", 1)
	for _, tc := range []struct {
		cover Cover
		saved bool
		bonus int
	}{{CoverNone, false, 0}, {CoverHalf, true, 2}, {CoverThreeQuarters, true, 5}} {
		res, err := c.Cast(spell(t, "burning_hands"), 1, []SpellTarget{{Target: Target{Name: "G"}, Cover: tc.cover}}, faces(11, 2, 2, 2), CastOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if g := res.Targets[0]; g.Saved != tc.saved || g.CoverBonus != tc.bonus || g.Save.Total != 11+tc.bonus {
			t.Errorf("%q: saved %v bonus %d total %d", tc.cover, g.Saved, g.CoverBonus, g.Save.Total)
		}
		c = caster(t, "wizard", 1) // a fresh slot
	}
	res, err := c.Cast(spell(t, "fire_bolt"), 0, []SpellTarget{{Target: Target{Name: "G", AC: 12}, Cover: CoverHalf, Distance: 30}}, faces(8), CastOptions{}) // 8 + 5 = 13: hits AC 12, not 14
	if err != nil || res.Targets[0].Attacks[0].AC != 14 || res.Targets[0].Attacks[0].Hit {
		t.Errorf("fire bolt behind half cover: %+v %v", res.Targets[0].Attacks[0], err)
	}
	cl := caster(t, "cleric", 1)
	res, err = cl.Cast(spell(t, "sacred_flame"), 0, []SpellTarget{{Target: Target{Name: "X"}, Cover: CoverThreeQuarters}}, faces(5, 3), CastOptions{})
	if err != nil || res.Targets[0].CoverBonus != 0 || res.Targets[0].Save.Total != 5 {
		t.Errorf("sacred flame ignores cover: %+v %v", res.Targets[0], err)
	}
}

// TestSaveCover: SRD "Cover" — a DEX save behind half cover gets +2, three-quarters +5; other saves nothing;
// total cover is refused.
func TestSaveCover(t *testing.T) {
	for _, tc := range []struct {
		a     Ability
		cover Cover
		total int
	}{{Dex, CoverNone, 10}, {Dex, CoverHalf, 12}, {Dex, CoverThreeQuarters, 15}, {Wis, CoverHalf, 10}} {
		res, err := Target{}.Save(tc.a, 0, forced(10), RollOptions{Cover: tc.cover, DC: 12})
		if err != nil || res.Total != tc.total {
			t.Errorf("%s %q: %+v %v, want total %d", tc.a, tc.cover, res, err, tc.total)
		}
	}
	if _, err := (Target{}).Save(Dex, 0, forced(10), RollOptions{Cover: CoverTotal}); !errors.Is(err, coded.Code(ErrTotalCover)) {
		t.Errorf("total cover: %v", err)
	}
}

// TestCastThreatened: B5.3 on spells (issue 14, 5e 7) — a ranged spell attack (fire bolt, each scorching ray,
// a cantrip cast at no target) with a hostile creature within 5 ft has disadvantage; a melee spell attack
// (shocking grasp) does not. Fire bolt: 2d20kl1+5 for a 1st-level wizard (INT 16, proficiency 2).
func TestCastThreatened(t *testing.T) {
	threat := Effect{Source: SourceThreatened, Effect: EffectDisadvantage}
	for _, tc := range []struct {
		name, spell string
		level       int
		targets     []SpellTarget
		faces       []int
		threatened  bool
		want        []Effect // on every attack
	}{
		{"fire bolt threatened", "fire_bolt", 0, []SpellTarget{{Target: Target{Name: "G", AC: 12}, Distance: 30}}, []int{15, 3, 5}, true, []Effect{threat}},
		{"fire bolt alone", "fire_bolt", 0, []SpellTarget{{Target: Target{Name: "G", AC: 12}, Distance: 30}}, []int{15, 5}, false, nil},
		{"fire bolt at no target", "fire_bolt", 0, nil, []int{15, 3, 5}, true, []Effect{threat}},
		{"shocking grasp: melee", "shocking_grasp", 0, []SpellTarget{{Target: Target{Name: "G", AC: 12}, Distance: 5}}, []int{15, 5}, true, nil},
		{"scorching ray: each ray", "scorching_ray", 2, []SpellTarget{{Target: Target{Name: "G", AC: 12}, Distance: 30, Instances: 3}},
			[]int{15, 3, 1, 1, 15, 3, 1, 1, 15, 3, 1, 1}, true, []Effect{threat}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := caster(t, "wizard", 3)
			res, err := c.Cast(spell(t, tc.spell), tc.level, tc.targets, faces(tc.faces...), CastOptions{Threatened: tc.threatened, AnyClass: true})
			if err != nil {
				t.Fatal(err)
			}
			attacks := res.OpenAttacks
			if res.OpenAttack != nil {
				attacks = append(attacks, res.OpenAttack)
			}
			for _, ct := range res.Targets {
				attacks = append(attacks, ct.Attacks...)
			}
			if len(attacks) == 0 {
				t.Fatal("no attack rolled")
			}
			for _, a := range attacks {
				if !reflect.DeepEqual(a.Effects, tc.want) || (tc.want != nil) != (a.Mode == Disadvantage) {
					t.Errorf("mode %q effects %+v, want %+v", a.Mode, a.Effects, tc.want)
				}
			}
		})
	}
}

// TestParseWeaponRange: `range:` of an ad-hoc attack (issue 14, 5e 7) — normal/long in feet, or one range.
func TestParseWeaponRange(t *testing.T) {
	for in, want := range map[string]WeaponRange{"80/320": {80, 320}, " 30 / 120 ": {30, 120}, "30": {30, 30}, "5/15": {5, 15}} {
		if got, err := ParseWeaponRange(in); err != nil || got != want {
			t.Errorf("%q: %v %v, want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "far", "80/", "/320", "320/80", "0", "-5/10", "80/20000", "80/320/640", "1e2"} {
		if _, err := ParseWeaponRange(in); !errors.Is(err, coded.Code(ErrBadWeaponRange)) {
			t.Errorf("%q: %v, want %s", in, err, ErrBadWeaponRange)
		}
	}
}

func TestIsThrownMelee(t *testing.T) {
	for name, want := range map[string]bool{"Dagger": true, "light hammer": true, "Javelin": true, "shortbow": false, "dart": false, "Longsword": false} {
		if got := IsThrownMelee(name); got != want {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}
}
