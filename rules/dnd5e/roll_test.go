package dnd5e

import (
	"reflect"
	"testing"

	"rulekeeper/rules/dice"
)

func forced(faces ...int) dice.Roller { return dice.NewScripted(faces) }

func conds(ids ...Condition) []ActiveCondition {
	var out []ActiveCondition
	for _, id := range ids {
		out = append(out, ActiveCondition{ID: id})
	}
	return out
}

func TestSkillCheck(t *testing.T) {
	for _, tc := range []struct {
		name      string
		skill     Skill
		conds     []Condition
		exhaust   int
		opts      RollOptions
		faces     []int
		notation  string
		mode      Mode
		cancelled bool
		natural   int
		total     int
		outcome   Outcome
		effects   []Effect
	}{
		{name: "proficient", skill: "athletics", faces: []int{12}, notation: "1d20+5", mode: Normal, natural: 12, total: 17},
		{name: "not proficient", skill: "stealth", faces: []int{12}, notation: "1d20+1", mode: Normal, natural: 12, total: 13},
		{name: "negative mod", skill: "persuasion", faces: []int{12}, notation: "1d20-1", mode: Normal, natural: 12, total: 11},
		{name: "zero mod", skill: "arcana", faces: []int{12}, notation: "1d20", mode: Normal, natural: 12, total: 12},
		{name: "advantage", skill: "athletics", opts: RollOptions{Mode: Advantage}, faces: []int{4, 15}, notation: "2d20kh1+5",
			mode: Advantage, natural: 15, total: 20, effects: []Effect{{Effect: EffectAdvantage}}},
		{name: "disadvantage", skill: "athletics", opts: RollOptions{Mode: Disadvantage}, faces: []int{4, 15}, notation: "2d20kl1+5",
			mode: Disadvantage, natural: 4, total: 9, effects: []Effect{{Effect: EffectDisadvantage}}},
		{name: "bless bonus", skill: "athletics", opts: RollOptions{Bonus: "1d4", DC: 20}, faces: []int{13, 2}, notation: "1d20+5+1d4",
			mode: Normal, natural: 13, total: 20, outcome: OutcomeSuccess},
		{name: "bane bonus", skill: "athletics", opts: RollOptions{Bonus: "-1d4", DC: 15}, faces: []int{11, 2}, notation: "1d20+5-1d4",
			mode: Normal, natural: 11, total: 14, outcome: OutcomeFailure},
		{name: "bonus with sign", skill: "athletics", opts: RollOptions{Bonus: "+2"}, faces: []int{10}, notation: "1d20+5+2",
			mode: Normal, natural: 10, total: 17},
		{name: "meets DC", skill: "athletics", opts: RollOptions{DC: 15}, faces: []int{10}, notation: "1d20+5", mode: Normal,
			natural: 10, total: 15, outcome: OutcomeSuccess},
		// G-B8: a natural 20 is not an automatic success, nor a natural 1 a failure.
		{name: "nat 20 fails high DC", skill: "arcana", opts: RollOptions{DC: 25}, faces: []int{20}, notation: "1d20", mode: Normal,
			natural: 20, total: 20, outcome: OutcomeFailure},
		{name: "nat 1 succeeds low DC", skill: "athletics", opts: RollOptions{DC: 5}, faces: []int{1}, notation: "1d20+5", mode: Normal,
			natural: 1, total: 6, outcome: OutcomeSuccess},
		{name: "poisoned", skill: "athletics", conds: []Condition{Poisoned}, faces: []int{18, 3}, notation: "2d20kl1+5",
			mode: Disadvantage, natural: 3, total: 8, effects: []Effect{{Condition: Poisoned, Effect: EffectDisadvantage}}},
		{name: "frightened", skill: "athletics", conds: []Condition{Frightened}, faces: []int{18, 3}, notation: "2d20kl1+5",
			mode: Disadvantage, natural: 3, total: 8, effects: []Effect{{Condition: Frightened, Effect: EffectDisadvantage}}},
		{name: "exhaustion 1", skill: "athletics", exhaust: 1, faces: []int{18, 3}, notation: "2d20kl1+5",
			mode: Disadvantage, natural: 3, total: 8, effects: []Effect{{Condition: Exhaustion, Level: 1, Effect: EffectDisadvantage}}},
		{name: "adv cancels poisoned+frightened+exhaustion", skill: "athletics", conds: []Condition{Poisoned, Frightened}, exhaust: 2,
			opts: RollOptions{Mode: Advantage}, faces: []int{7}, notation: "1d20+5", mode: Normal, cancelled: true, natural: 7, total: 12,
			effects: []Effect{{Effect: EffectAdvantage}, {Condition: Frightened, Effect: EffectDisadvantage},
				{Condition: Poisoned, Effect: EffectDisadvantage}, {Condition: Exhaustion, Level: 2, Effect: EffectDisadvantage}}},
		{name: "restrained does not touch checks", skill: "athletics", conds: []Condition{Restrained, Blinded}, faces: []int{9},
			notation: "1d20+5", mode: Normal, natural: 9, total: 14},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := fighter3(t)
			c.Conditions = conds(tc.conds...)
			c.Exhaustion = tc.exhaust
			res, err := c.SkillCheck(tc.skill, forced(tc.faces...), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.Notation != tc.notation || res.Mode != tc.mode || res.Cancelled != tc.cancelled ||
				res.Natural != tc.natural || res.Total != tc.total || res.Outcome != tc.outcome {
				t.Errorf("got %s mode %s cancelled %v nat %d total %d %q; want %s %s %v %d %d %q",
					res.Notation, res.Mode, res.Cancelled, res.Natural, res.Total, res.Outcome,
					tc.notation, tc.mode, tc.cancelled, tc.natural, tc.total, tc.outcome)
			}
			if !reflect.DeepEqual(res.Effects, tc.effects) {
				t.Errorf("effects %+v, want %+v", res.Effects, tc.effects)
			}
			if res.Roll == nil || res.Roll.Total != res.Total {
				t.Errorf("roll result missing or different: %+v", res.Roll)
			}
			if res.Skill != tc.skill || res.Ability != tc.skill.Ability() || res.Kind != KindSkillCheck {
				t.Errorf("identity %+v", res)
			}
		})
	}
}

func TestExpertiseCheck(t *testing.T) {
	c := fighter3(t)
	c.Expertise = []Skill{"athletics"}
	res, err := c.SkillCheck("athletics", forced(10), RollOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Notation != "1d20+7" || res.Proficiency != 4 || !res.Expertise {
		t.Errorf("expertise check %+v", res)
	}
}

func TestAbilityCheckAndInitiative(t *testing.T) {
	c := fighter3(t)
	res, err := c.AbilityCheck(Dex, forced(11), RollOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Notation != "1d20+1" || res.Total != 12 || res.Kind != KindAbilityCheck || res.Proficiency != 0 {
		t.Errorf("DEX check %+v", res)
	}
	_, err = c.AbilityCheck("luck", forced(11), RollOptions{})
	wantCode(t, err, ErrUnknownAbility)
}

func TestSave(t *testing.T) {
	for _, tc := range []struct {
		name     string
		ability  Ability
		conds    []Condition
		exhaust  int
		opts     RollOptions
		faces    []int
		notation string
		total    int
		autoFail bool
		outcome  Outcome
		effects  []Effect
	}{
		{name: "proficient STR", ability: Str, faces: []int{10}, notation: "1d20+5", total: 15},
		{name: "not proficient WIS", ability: Wis, faces: []int{10}, notation: "1d20+1", total: 11},
		{name: "DC", ability: Con, opts: RollOptions{DC: 13}, faces: []int{8}, notation: "1d20+4", total: 12, outcome: OutcomeFailure},
		{name: "restrained DEX", ability: Dex, conds: []Condition{Restrained}, faces: []int{15, 5}, notation: "2d20kl1+1", total: 6,
			effects: []Effect{{Condition: Restrained, Effect: EffectDisadvantage}}},
		{name: "restrained STR unaffected", ability: Str, conds: []Condition{Restrained}, faces: []int{10}, notation: "1d20+5", total: 15},
		{name: "poisoned does not touch saves", ability: Con, conds: []Condition{Poisoned}, faces: []int{10}, notation: "1d20+4", total: 14},
		{name: "exhaustion 3", ability: Wis, exhaust: 3, faces: []int{15, 5}, notation: "2d20kl1+1", total: 6,
			effects: []Effect{{Condition: Exhaustion, Level: 3, Effect: EffectDisadvantage}}},
		{name: "exhaustion 2 no effect", ability: Wis, exhaust: 2, faces: []int{15}, notation: "1d20+1", total: 16},
		{name: "paralyzed STR", ability: Str, conds: []Condition{Paralyzed}, opts: RollOptions{DC: 5}, autoFail: true, outcome: OutcomeFailure,
			effects: []Effect{{Condition: Paralyzed, Effect: EffectAutoFail}}},
		{name: "stunned DEX no DC", ability: Dex, conds: []Condition{Stunned}, autoFail: true, outcome: OutcomeFailure,
			effects: []Effect{{Condition: Stunned, Effect: EffectAutoFail}}},
		{name: "unconscious+petrified DEX", ability: Dex, conds: []Condition{Unconscious, Petrified}, autoFail: true, outcome: OutcomeFailure,
			effects: []Effect{{Condition: Petrified, Effect: EffectAutoFail}, {Condition: Unconscious, Effect: EffectAutoFail}}},
		{name: "paralyzed CON rolls", ability: Con, conds: []Condition{Paralyzed}, opts: RollOptions{DC: 10}, faces: []int{9},
			notation: "1d20+4", total: 13, outcome: OutcomeSuccess},
		{name: "advantage cancels restrained", ability: Dex, conds: []Condition{Restrained}, opts: RollOptions{Mode: Advantage}, faces: []int{9},
			notation: "1d20+1", total: 10, effects: []Effect{{Effect: EffectAdvantage}, {Condition: Restrained, Effect: EffectDisadvantage}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := fighter3(t)
			c.Conditions = conds(tc.conds...)
			c.Exhaustion = tc.exhaust
			res, err := c.Save(tc.ability, forced(tc.faces...), tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.Notation != tc.notation || res.Total != tc.total || res.AutoFail != tc.autoFail || res.Outcome != tc.outcome {
				t.Errorf("got %q total %d auto %v %q; want %q %d %v %q", res.Notation, res.Total, res.AutoFail, res.Outcome,
					tc.notation, tc.total, tc.autoFail, tc.outcome)
			}
			if tc.autoFail != (res.Roll == nil) {
				t.Errorf("auto-fail %v but roll %v", tc.autoFail, res.Roll)
			}
			if !reflect.DeepEqual(res.Effects, tc.effects) {
				t.Errorf("effects %+v, want %+v", res.Effects, tc.effects)
			}
		})
	}
}

func TestNPCSave(t *testing.T) {
	goblin := Target{Name: "goblin", Conditions: []Condition{Restrained}}
	res, err := goblin.Save(Dex, 2, forced(17, 6), RollOptions{DC: 12})
	if err != nil {
		t.Fatal(err)
	}
	if res.Notation != "2d20kl1+2" || res.Total != 8 || res.Outcome != OutcomeFailure {
		t.Errorf("NPC save %+v", res)
	}
	res, err = Target{Conditions: []Condition{Frightened}}.AbilityCheck(Str, 1, forced(17, 6), RollOptions{})
	if err != nil || res.Total != 7 {
		t.Errorf("NPC check %+v %v", res, err)
	}
}

func TestRollOptionErrors(t *testing.T) {
	c := fighter3(t)
	_, err := c.SkillCheck("athletics", forced(10), RollOptions{Mode: "lucky"})
	wantCode(t, err, ErrBadMode)
	_, err = c.SkillCheck("athletics", forced(10), RollOptions{DC: -1})
	wantCode(t, err, ErrBadDC)
	_, err = c.SkillCheck("athletics", forced(10), RollOptions{DC: 101})
	wantCode(t, err, ErrBadDC)
	_, err = c.SkillCheck("cooking", forced(10), RollOptions{})
	wantCode(t, err, ErrUnknownSkill)
	_, err = c.Save("luck", forced(10), RollOptions{})
	wantCode(t, err, ErrUnknownAbility)
	_, err = c.SkillCheck("athletics", forced(10), RollOptions{Bonus: "1d4+"})
	if _, ok := err.(*dice.Error); !ok {
		t.Errorf("bad bonus: %v, want a *dice.Error", err)
	}
	// Running out of forced dice is the roller's error, passed through.
	_, err = c.SkillCheck("athletics", forced(), RollOptions{})
	if _, ok := err.(*dice.Error); !ok {
		t.Errorf("no dice: %v, want a *dice.Error", err)
	}
	c.HP, c.State = 0, Dead
	_, err = c.SkillCheck("athletics", forced(10), RollOptions{})
	wantCode(t, err, ErrIsDead)
	_, err = c.Save(Con, forced(10), RollOptions{})
	wantCode(t, err, ErrIsDead)
}

// TestAdvantageCancels is B2: several sources on each side still cancel, and
// several on one side are still one extra die.
func TestAdvantageCancels(t *testing.T) {
	for _, tc := range []struct {
		name    string
		effects []Effect
		mode    Mode
		cancel  bool
	}{
		{"none", nil, Normal, false},
		{"three advantages", []Effect{{Effect: EffectAdvantage}, {Condition: Invisible, Effect: EffectAdvantage}, {Condition: Blinded, OnTarget: true, Effect: EffectAdvantage}}, Advantage, false},
		{"two disadvantages", []Effect{{Condition: Poisoned, Effect: EffectDisadvantage}, {Condition: Prone, Effect: EffectDisadvantage}}, Disadvantage, false},
		{"one each", []Effect{{Effect: EffectAdvantage}, {Condition: Poisoned, Effect: EffectDisadvantage}}, Normal, true},
		{"three adv one dis", []Effect{{Effect: EffectAdvantage}, {Effect: EffectAdvantage}, {Effect: EffectAdvantage}, {Effect: EffectDisadvantage}}, Normal, true},
		{"other effects ignored", []Effect{{Effect: EffectAutoCrit}, {Effect: EffectResistAll}}, Normal, false},
	} {
		if m, c := ResolveMode(tc.effects); m != tc.mode || c != tc.cancel {
			t.Errorf("%s: %s %v, want %s %v", tc.name, m, c, tc.mode, tc.cancel)
		}
	}
}
