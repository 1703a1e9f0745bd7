package dnd5e

import (
	"reflect"
	"strings"
	"testing"

	"rulekeeper/rules/dice"
)

func TestSheetAttack(t *testing.T) {
	goblin := Target{Name: "goblin", AC: 15}
	for _, tc := range []struct {
		name     string
		attack   string
		attacker []Condition
		exhaust  int
		target   Target
		opts     AttackOptions
		faces    []int
		notation string
		total    int
		outcome  Outcome
		hit      bool
		crit     bool
		autoCrit bool
		damage   int // Damage.Total, -1 when no damage
		dmgNote  string
		effects  []Effect
	}{
		// Longsword: +3 STR +2 prof = +5; damage 1d8+3.
		{name: "hit", attack: "Longsword", target: goblin, faces: []int{10, 6}, notation: "1d20+5", total: 15,
			outcome: OutcomeHit, hit: true, damage: 9, dmgNote: "1d8[slashing]+3"},
		{name: "miss", attack: "longsword", target: goblin, faces: []int{9}, notation: "1d20+5", total: 14,
			outcome: OutcomeMiss, damage: -1},
		// Crossbow: +1 DEX +2 prof +1 bonus = +4; damage 1d8+1.
		{name: "crossbow", attack: "Light crossbow", target: goblin, faces: []int{11, 8}, notation: "1d20+4", total: 15,
			outcome: OutcomeHit, hit: true, damage: 9, dmgNote: "1d8[piercing]+1"},
		{name: "nat 20 vs AC 30", attack: "Longsword", target: Target{AC: 30}, faces: []int{20, 3, 5}, notation: "1d20+5", total: 25,
			outcome: OutcomeCrit, hit: true, crit: true, damage: 11, dmgNote: "2d8[slashing]+3"},
		{name: "nat 1 vs AC 5", attack: "Longsword", target: Target{AC: 5}, faces: []int{1}, notation: "1d20+5", total: 6,
			outcome: OutcomeMiss, damage: -1},
		{name: "unknown AC", attack: "Longsword", target: Target{}, faces: []int{2, 4}, notation: "1d20+5", total: 7,
			outcome: OutcomeNone, hit: true, damage: 7, dmgNote: "1d8[slashing]+3"},
		{name: "bless", attack: "Longsword", target: goblin, opts: AttackOptions{Bonus: "1d4"}, faces: []int{8, 2, 5},
			notation: "1d20+5+1d4", total: 15, outcome: OutcomeHit, hit: true, damage: 8, dmgNote: "1d8[slashing]+3"},
		{name: "extra damage", attack: "Longsword", target: goblin, opts: AttackOptions{ExtraDamage: "2d6"}, faces: []int{12, 4, 1, 6},
			notation: "1d20+5", total: 17, outcome: OutcomeHit, hit: true, damage: 14, dmgNote: "1d8[slashing]+3+2d6"},
		{name: "poisoned attacker", attack: "Longsword", attacker: []Condition{Poisoned}, target: goblin, faces: []int{19, 9},
			notation: "2d20kl1+5", total: 14, outcome: OutcomeMiss, damage: -1,
			effects: []Effect{{Condition: Poisoned, Effect: EffectDisadvantage}}},
		{name: "invisible attacker", attack: "Longsword", attacker: []Condition{Invisible}, target: goblin, faces: []int{3, 12, 4},
			notation: "2d20kh1+5", total: 17, outcome: OutcomeHit, hit: true, damage: 7, dmgNote: "1d8[slashing]+3",
			effects: []Effect{{Condition: Invisible, Effect: EffectAdvantage}}},
		{name: "exhaustion 3 attacker", attack: "Longsword", exhaust: 3, target: goblin, faces: []int{19, 9},
			notation: "2d20kl1+5", total: 14, outcome: OutcomeMiss, damage: -1,
			effects: []Effect{{Condition: Exhaustion, Level: 3, Effect: EffectDisadvantage}}},
		{name: "blinded target", attack: "Longsword", target: Target{AC: 15, Conditions: []Condition{Blinded}}, faces: []int{3, 12, 4},
			notation: "2d20kh1+5", total: 17, outcome: OutcomeHit, hit: true, damage: 7, dmgNote: "1d8[slashing]+3",
			effects: []Effect{{Condition: Blinded, OnTarget: true, Effect: EffectAdvantage}}},
		{name: "invisible target", attack: "Longsword", target: Target{AC: 15, Conditions: []Condition{Invisible}}, faces: []int{19, 9},
			notation: "2d20kl1+5", total: 14, outcome: OutcomeMiss, damage: -1,
			effects: []Effect{{Condition: Invisible, OnTarget: true, Effect: EffectDisadvantage}}},
		{name: "prone target within 5 ft", attack: "Longsword", target: Target{AC: 15, Conditions: []Condition{Prone}}, faces: []int{3, 12, 4},
			notation: "2d20kh1+5", total: 17, outcome: OutcomeHit, hit: true, damage: 7, dmgNote: "1d8[slashing]+3",
			effects: []Effect{{Condition: Prone, OnTarget: true, Effect: EffectAdvantage}}},
		{name: "prone target at 30 ft", attack: "Light crossbow", target: Target{AC: 15, Conditions: []Condition{Prone}},
			opts: AttackOptions{Distance: 30}, faces: []int{19, 9}, notation: "2d20kl1+4", total: 13, outcome: OutcomeMiss, damage: -1,
			effects: []Effect{{Condition: Prone, OnTarget: true, Effect: EffectDisadvantage}}},
		{name: "paralyzed within 5 ft: auto crit", attack: "Longsword", target: Target{AC: 15, Conditions: []Condition{Paralyzed}},
			faces: []int{2, 10, 4, 5}, notation: "2d20kh1+5", total: 15, outcome: OutcomeCrit, hit: true, crit: true, autoCrit: true,
			damage: 12, dmgNote: "2d8[slashing]+3",
			effects: []Effect{{Condition: Paralyzed, OnTarget: true, Effect: EffectAdvantage}, {Condition: Paralyzed, OnTarget: true, Effect: EffectAutoCrit}}},
		{name: "unconscious within 5 ft: auto crit", attack: "Longsword", target: Target{AC: 15, Conditions: []Condition{Unconscious, Prone}},
			faces: []int{2, 10, 4, 5}, notation: "2d20kh1+5", total: 15, outcome: OutcomeCrit, hit: true, crit: true, autoCrit: true,
			damage: 12, dmgNote: "2d8[slashing]+3",
			effects: []Effect{{Condition: Unconscious, OnTarget: true, Effect: EffectAdvantage}, {Condition: Prone, OnTarget: true, Effect: EffectAdvantage},
				{Condition: Unconscious, OnTarget: true, Effect: EffectAutoCrit}}},
		{name: "natural 20 vs paralyzed: crit, auto crit not needed", attack: "Longsword", target: Target{AC: 15, Conditions: []Condition{Paralyzed}},
			faces: []int{20, 10, 4, 5}, notation: "2d20kh1+5", total: 25, outcome: OutcomeCrit, hit: true, crit: true,
			damage: 12, dmgNote: "2d8[slashing]+3",
			effects: []Effect{{Condition: Paralyzed, OnTarget: true, Effect: EffectAdvantage}}},
		{name: "paralyzed at 30 ft: no auto crit", attack: "Light crossbow", target: Target{AC: 15, Conditions: []Condition{Paralyzed}},
			opts: AttackOptions{Distance: 30}, faces: []int{2, 11, 4}, notation: "2d20kh1+4", total: 15, outcome: OutcomeHit, hit: true,
			damage: 5, dmgNote: "1d8[piercing]+1",
			effects: []Effect{{Condition: Paralyzed, OnTarget: true, Effect: EffectAdvantage}}},
		{name: "paralyzed within 5 ft: miss is a miss", attack: "Longsword", target: Target{AC: 15, Conditions: []Condition{Paralyzed}},
			faces: []int{2, 3}, notation: "2d20kh1+5", total: 8, outcome: OutcomeMiss, damage: -1,
			effects: []Effect{{Condition: Paralyzed, OnTarget: true, Effect: EffectAdvantage}}},
		// Several sources on each side cancel: invisible attacker + restrained target vs poisoned + prone attacker.
		{name: "sources cancel", attack: "Longsword", attacker: []Condition{Invisible, Poisoned, Prone},
			target: Target{AC: 15, Conditions: []Condition{Restrained}}, opts: AttackOptions{Mode: Advantage}, faces: []int{10, 6},
			notation: "1d20+5", total: 15, outcome: OutcomeHit, hit: true, damage: 9, dmgNote: "1d8[slashing]+3",
			effects: []Effect{{Effect: EffectAdvantage}, {Condition: Poisoned, Effect: EffectDisadvantage}, {Condition: Prone, Effect: EffectDisadvantage},
				{Condition: Invisible, Effect: EffectAdvantage}, {Condition: Restrained, OnTarget: true, Effect: EffectAdvantage}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := fighter3(t)
			c.Conditions = conds(tc.attacker...)
			c.Exhaustion = tc.exhaust
			res, err := c.Attack(tc.attack, tc.target, forced(tc.faces...), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.Notation != tc.notation || res.Total != tc.total || res.Outcome != tc.outcome || res.Hit != tc.hit ||
				res.Crit != tc.crit || res.AutoCrit != tc.autoCrit {
				t.Errorf("got %q total %d %q hit %v crit %v auto %v; want %q %d %q %v %v %v", res.Notation, res.Total, res.Outcome,
					res.Hit, res.Crit, res.AutoCrit, tc.notation, tc.total, tc.outcome, tc.hit, tc.crit, tc.autoCrit)
			}
			if !reflect.DeepEqual(res.Effects, tc.effects) {
				t.Errorf("effects %+v\nwant %+v", res.Effects, tc.effects)
			}
			if tc.damage < 0 {
				if res.Damage != nil {
					t.Errorf("damage rolled on a miss: %+v", res.Damage)
				}
				return
			}
			if res.Damage == nil {
				t.Fatal("no damage on a hit")
			}
			if res.Damage.Total != tc.damage {
				t.Errorf("damage %d, want %d (%+v)", res.Damage.Total, tc.damage, res.Damage)
			}
			if nospace(res.Damage.Notation) != tc.dmgNote {
				t.Errorf("damage notation %q, want %q", res.Damage.Notation, tc.dmgNote)
			}
			if res.Attack == "" {
				t.Error("attack name missing")
			}
		})
	}
}

func TestAdHocAttack(t *testing.T) {
	// The bonus is the whole to-hit modifier and the damage the whole notation.
	res, err := RollAttack(Target{Name: "ogre"}, Target{Name: "Brom", AC: 16}, 6, "2d8[bludgeoning]+4", forced(10, 3, 5), AttackOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Notation != "1d20+6" || !res.Hit || res.Damage.Total != 12 || res.Attacker != "ogre" || res.Target != "Brom" {
		t.Errorf("ad-hoc attack %+v %+v", res, res.Damage)
	}
	// A character's conditions apply to its ad-hoc attacks.
	c := fighter3(t)
	c.Conditions = conds(Frightened)
	res, err = RollAttack(c.AsTarget(), Target{AC: 10}, 3, "1d6", forced(15, 4), AttackOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Notation != "2d20kl1+3" || res.Hit {
		t.Errorf("frightened ad-hoc attack %+v", res)
	}
	for _, tc := range []struct {
		toHit  int
		damage string
		opts   AttackOptions
		target Target
		code   string
	}{
		{99, "1d6", AttackOptions{}, Target{AC: 10}, ErrBadToHit},
		{3, " ", AttackOptions{}, Target{AC: 10}, ErrNoDamage},
		{3, "1d6", AttackOptions{Mode: "x"}, Target{AC: 10}, ErrBadMode},
		{3, "1d6", AttackOptions{CritRule: "triple"}, Target{AC: 10}, ErrBadCritRule},
		{3, "1d6", AttackOptions{}, Target{AC: -1}, ErrBadAC},
		{3, "1d6", AttackOptions{Distance: -5}, Target{AC: 10}, ErrBadAmount},
	} {
		_, err := RollAttack(Target{}, tc.target, tc.toHit, tc.damage, forced(10, 3), tc.opts)
		wantCode(t, err, tc.code)
	}
	for _, bad := range []AttackOptions{{Bonus: "1d4+"}, {ExtraDamage: "2d"}} {
		_, err := RollAttack(Target{}, Target{AC: 10}, 3, "1d6", forced(10, 3), bad)
		if _, ok := err.(*dice.Error); !ok {
			t.Errorf("%+v: %v, want a *dice.Error", bad, err)
		}
	}
	_, err = RollAttack(Target{}, Target{AC: 10}, 3, "1d6+", forced(10, 3), AttackOptions{})
	if _, ok := err.(*dice.Error); !ok {
		t.Errorf("bad damage: %v, want a *dice.Error", err)
	}
	_, err = c.Attack("Halberd", Target{AC: 10}, forced(10), AttackOptions{})
	wantCode(t, err, ErrUnknownAttack)

	// Comments in sheet damage and in the extra damage do not swallow the modifier.
	c = fighter3(t)
	c.Attacks[0].Damage = "1d8[slashing] trusty blade"
	res, err = c.Attack("longsword", Target{AC: 10}, forced(15, 4, 6, 2), AttackOptions{ExtraDamage: "1d6[fire] flame tongue", Bonus: "1d4 bless"})
	if err != nil {
		t.Fatal(err)
	}
	// 1d20+5+1d4 with 15 and 4 → 24; damage 1d8+3 with 6 → 9 slashing, 1d6 with 2 → 2 fire.
	if nospace(res.Notation) != "1d20+5+1d4bless" || res.Total != 24 {
		t.Errorf("attack with comments %q %d", res.Notation, res.Total)
	}
	if res.Damage == nil || nospace(res.Damage.Notation) != "1d8[slashing]+3+1d6[fire]" {
		t.Fatalf("damage with comments %+v", res.Damage)
	}
	if len(res.Damage.Parts) != 2 || res.Damage.Parts[0].Final != 9 || res.Damage.Parts[1].Final != 2 || res.Damage.Total != 11 {
		t.Errorf("damage parts %+v", res.Damage.Parts)
	}
}

// TestCritDamage: a crit doubles the dice, never the modifiers (B5.2), or
// takes the dice maximum plus a roll under the "max" rule.
func TestCritDamage(t *testing.T) {
	for _, tc := range []struct {
		name     string
		notation string
		crit     bool
		rule     CritRule
		faces    []int
		rolled   string   // whole rolled notation, spaces removed
		notes    []string // per-type notations, spaces removed
		critMax  []int
		total    int
	}{
		{"normal", "1d8+3", false, "", []int{5}, "1d8+3", []string{"1d8+3"}, []int{0}, 8},
		{"double", "1d8+3", true, CritDouble, []int{5, 7}, "2d8+3", []string{"2d8+3"}, []int{0}, 15},
		{"default rule is double", "1d8+3", true, "", []int{5, 7}, "2d8+3", []string{"2d8+3"}, []int{0}, 15},
		{"double with sneak attack", "1d6[piercing]+4+3d6", true, CritDouble, []int{1, 2, 3, 4, 5, 6, 1, 2},
			"2d6[piercing]+4+6d6", []string{"2d6[piercing]+4+6d6"}, []int{0}, 28},
		{"max", "1d8+3", true, CritMax, []int{5}, "1d8+3", []string{"1d8+3"}, []int{8}, 16},
		{"max two types", "2d6[slashing]+1d8[fire]+2", true, CritMax, []int{3, 4, 5},
			"2d6[slashing]+1d8[fire]+2", []string{"2d6[slashing]+2", "1d8[fire]"}, []int{12, 8}, 21 + 13},
		{"double two types", "2d6[slashing]+1d8[fire]+2", true, CritDouble, []int{1, 2, 3, 4, 5, 6},
			"4d6[slashing]+2d8[fire]+2", []string{"4d6[slashing]+2", "2d8[fire]"}, []int{0, 0}, 12 + 11},
		{"max with a penalty die", "1d8[radiant]-1d4", true, CritMax, []int{5, 2},
			"1d8[radiant]-1d4", []string{"1d8[radiant]-1d4"}, []int{8 - 4}, 5 - 2 + 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := RollDamage(tc.notation, tc.crit, tc.rule, Target{}, forced(tc.faces...))
			if err != nil {
				t.Fatal(err)
			}
			if nospace(d.Notation) != tc.rolled || d.Roll == nil || d.Roll.Breakdown() == "" {
				t.Errorf("rolled %q (%v), want %q", d.Notation, d.Roll, tc.rolled)
			}
			if len(d.Parts) != len(tc.notes) {
				t.Fatalf("parts %+v", d.Parts)
			}
			for i, p := range d.Parts {
				if nospace(p.Notation) != tc.notes[i] || p.CritMax != tc.critMax[i] {
					t.Errorf("part %d: %q +%d, want %q +%d", i, p.Notation, p.CritMax, tc.notes[i], tc.critMax[i])
				}
			}
			if d.Total != tc.total || d.Raw != tc.total {
				t.Errorf("total %d raw %d, want %d", d.Total, d.Raw, tc.total)
			}
			if d.Crit != tc.crit || (tc.crit && d.CritRule == "") {
				t.Errorf("crit %v rule %q", d.Crit, d.CritRule)
			}
		})
	}
}

func nospace(s string) string { return strings.ReplaceAll(s, " ", "") }

// TestDefences is B5.4 per damage type.
func TestDefences(t *testing.T) {
	for _, tc := range []struct {
		name     string
		notation string
		target   Target
		faces    []int
		parts    []DamagePart // only Type, Raw, flags, Final compared
		total    int
		effects  []Effect
	}{
		{"resistance halves rounding down", "1d8[fire]+2", Target{Resist: []DamageType{"fire"}}, []int{5},
			[]DamagePart{{Type: "fire", Raw: 7, Resisted: true, Final: 3}}, 3, nil},
		{"vulnerability doubles", "1d8[fire]+2", Target{Vuln: []DamageType{"fire"}}, []int{5},
			[]DamagePart{{Type: "fire", Raw: 7, Vulnerable: true, Final: 14}}, 14, nil},
		{"immunity", "1d8[poison]+2", Target{Immune: []DamageType{"poison"}}, []int{5},
			[]DamagePart{{Type: "poison", Raw: 7, Immune: true, Final: 0}}, 0, nil},
		{"resistance then vulnerability", "1d8[cold]+2", Target{Resist: []DamageType{"cold"}, Vuln: []DamageType{"cold"}}, []int{5},
			[]DamagePart{{Type: "cold", Raw: 7, Resisted: true, Vulnerable: true, Final: 6}}, 6, nil},
		{"per type", "1d8[slashing]+3+2d6[fire]", Target{Resist: []DamageType{"slashing"}, Vuln: []DamageType{"fire"}}, []int{6, 2, 3},
			[]DamagePart{{Type: "slashing", Raw: 9, Resisted: true, Final: 4}, {Type: "fire", Raw: 5, Vulnerable: true, Final: 10}}, 14, nil},
		{"same type twice is one group", "1d6[fire]+1d4[cold]+1d6[fire]", Target{Immune: []DamageType{"cold"}}, []int{2, 3, 4},
			[]DamagePart{{Type: "fire", Raw: 6, Final: 6}, {Type: "cold", Raw: 3, Immune: true, Final: 0}}, 6, nil},
		{"petrified resists everything", "1d8[slashing]+1d6+3", Target{Conditions: []Condition{Petrified}}, []int{8, 2},
			[]DamagePart{{Type: "slashing", Raw: 13, Resisted: true, Final: 6}}, 6,
			[]Effect{{Condition: Petrified, OnTarget: true, Effect: EffectResistAll}}},
		{"untyped", "2d6+1", Target{Resist: []DamageType{"fire"}}, []int{3, 3},
			[]DamagePart{{Raw: 7, Final: 7}}, 7, nil},
		{"negative clamps to 0", "1d4[piercing]-3", Target{}, []int{1},
			[]DamagePart{{Type: "piercing", Raw: 0, Final: 0}}, 0, nil},
		{"labels are case-insensitive, unknown labels untyped", "1d6[Fire]+1d4[sneak]", Target{Resist: []DamageType{"fire"}}, []int{5, 4},
			[]DamagePart{{Type: "fire", Raw: 9, Resisted: true, Final: 4}}, 4, nil},
		{"comment dropped", "1d6[fire]+2 flaming sword", Target{}, []int{5},
			[]DamagePart{{Type: "fire", Raw: 7, Final: 7}}, 7, nil},
		{"untyped before typed joins it", "2+1d6[acid]", Target{Resist: []DamageType{"acid"}}, []int{5},
			[]DamagePart{{Type: "acid", Raw: 7, Resisted: true, Final: 3}}, 3, nil},
		{"grouped term takes its label", "(1d6+2)[fire]+1d4[cold]-1", Target{Vuln: []DamageType{"cold"}}, []int{3, 4},
			[]DamagePart{{Type: "fire", Raw: 4, Final: 4}, {Type: "cold", Raw: 4, Vulnerable: true, Final: 8}}, 12, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := RollDamage(tc.notation, false, "", tc.target, forced(tc.faces...))
			if err != nil {
				t.Fatal(err)
			}
			var got []DamagePart
			for _, p := range d.Parts {
				got = append(got, DamagePart{Type: p.Type, Raw: p.Raw, Resisted: p.Resisted, Vulnerable: p.Vulnerable, Immune: p.Immune, Final: p.Final})
			}
			if !reflect.DeepEqual(got, tc.parts) {
				t.Errorf("parts %+v\nwant  %+v", got, tc.parts)
			}
			if d.Total != tc.total {
				t.Errorf("total %d, want %d", d.Total, tc.total)
			}
			if !reflect.DeepEqual(d.Effects, tc.effects) {
				t.Errorf("effects %+v, want %+v", d.Effects, tc.effects)
			}
		})
	}
	p := ResolveDamage(15, "fire", Target{Resist: []DamageType{"fire"}})
	if p.Final != 7 || !p.Resisted {
		t.Errorf("ResolveDamage %+v", p)
	}
}

func TestTargetTakeDamage(t *testing.T) {
	g := Target{HP: 7, MaxHP: 7, TempHP: 3}
	d := g.TakeDamage(5)
	if d.TempAbsorbed != 3 || d.HPAfter != 5 || g.TempHP != 0 || d.Down {
		t.Errorf("%+v %+v", d, g)
	}
	d = g.TakeDamage(9)
	if g.HP != 0 || !d.Down {
		t.Errorf("%+v %+v", d, g)
	}
}
