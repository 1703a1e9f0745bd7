package play

import (
	"context"

	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/rogue"
)

// Check is /check's input: the acting character and each system's reading of what to roll.
type Check struct {
	Character string
	Dnd5e     Reading[Check5e]
	Rogue     Reading[rogue.CheckOptions]
	CoC       Reading[CheckCoC]
}

// Check5e is a D&D 5e ability check: with a skill, or an ability alone (Skill "").
type Check5e struct {
	Skill   dnd5e.Skill
	Ability dnd5e.Ability
	Options dnd5e.RollOptions
}

// CheckResult is a check in the character's system.
type CheckResult struct {
	System string
	Dnd5e  *Roll5e
	Rogue  *RollRogue
	CoC    *RollCoC
	// CoCCombined is a Call of Cthulhu combined roll (coc_combined.go).
	CoCCombined *CombinedCoC
}

// Roll5e is a D&D 5e check or save and the character who rolled it.
type Roll5e struct {
	Character *dnd5e.Character
	Roll      *dnd5e.RollResult
}

// RollRogue is a Rogue's Tale check and the character who rolled it.
type RollRogue struct {
	Character *rogue.Character
	Options   rogue.CheckOptions // what was rolled
	Roll      *rogue.CheckResult
}

// Check rolls an ability check (5e: a skill or an ability; Rogue's Tale: an attribute or a named check; Call of
// Cthulhu: a skill, characteristic, Luck or SAN roll, or a push) for the acting character, by its system. A write:
// a 5e check spends the uses of the effects it used (guidance, bardic inspiration); a CoC roll marks skills, spends
// Luck and is kept for a push (coc_check.go).
func (t *Table) Check(ctx context.Context, c Caller, in Check, r dice.Roller) (*CheckResult, error) {
	var out *CheckResult
	err := t.update(ctx, c, r, func(s *scene) error {
		res, err := rulesOf(s.actingSystem(in.Character)).check(s, &in)
		out = res
		return err
	})
	return out, err
}

// view5e is the acting 5e character, for reading.
func (s *scene) view5e(name string) (*Creature, error) {
	ch, err := s.acting(name)
	if err != nil {
		return nil, err
	}
	cr := s.character(ch)
	return cr, cr.as5e()
}

func (rules5e) check(s *scene, in *Check) (*CheckResult, error) {
	if in.Dnd5e.Err != nil {
		return nil, in.Dnd5e.Err
	}
	cr, err := s.view5e(in.Character)
	if err != nil {
		return nil, err
	}
	k := in.Dnd5e.In
	var res *dnd5e.RollResult
	if k.Skill != "" {
		res, err = cr.d5.SkillCheck(k.Skill, s.r, k.Options)
	} else {
		res, err = cr.d5.AbilityCheck(k.Ability, s.r, k.Options)
	}
	if err != nil {
		return nil, err
	}
	if _, err := cr.spendEffects(s, res.Applied, ""); err != nil {
		return nil, err
	}
	return &CheckResult{System: System5e, Dnd5e: &Roll5e{Character: cr.d5, Roll: res}}, nil
}

func (rulesRogue) check(s *scene, in *Check) (*CheckResult, error) {
	if in.Rogue.Err != nil {
		return nil, in.Rogue.Err
	}
	ch, err := s.acting(in.Character)
	if err != nil {
		return nil, err
	}
	cr := s.character(ch)
	if err := cr.asRogue(); err != nil {
		return nil, err
	}
	res, err := cr.rt.Check(in.Rogue.In, s.r)
	if err != nil {
		return nil, err
	}
	return &CheckResult{System: SystemRogue, Rogue: &RollRogue{Character: cr.rt, Options: in.Rogue.In, Roll: res}}, nil
}

// Save rolls a D&D 5e saving throw for the acting character (a write: it spends what it used of its effects).
func (t *Table) Save(ctx context.Context, c Caller, character string, a dnd5e.Ability, o dnd5e.RollOptions, r dice.Roller) (*Roll5e, error) {
	var out *Roll5e
	err := t.update(ctx, c, r, func(s *scene) error {
		cr, err := s.view5e(character)
		if err != nil {
			return err
		}
		res, err := cr.d5.Save(a, s.r, o)
		if err != nil {
			return err
		}
		out = &Roll5e{Character: cr.d5, Roll: res}
		_, err = cr.spendEffects(s, res.Applied, "")
		return err
	})
	return out, err
}

// Identify rolls INT (Arcana) to identify a spell (B10) for the acting 5e character; sameClass: the spell was cast
// as a spell of the identifier's own class (advantage). A write: the check spends what it used of its effects.
func (t *Table) Identify(ctx context.Context, c Caller, character string, sp dnd5e.Spell, sameClass bool, o dnd5e.RollOptions, r dice.Roller) (*dnd5e.Character, *dnd5e.IdentifyResult, error) {
	var (
		out *dnd5e.Character
		res *dnd5e.IdentifyResult
	)
	err := t.update(ctx, c, r, func(s *scene) error {
		cr, err := s.view5e(character)
		if err != nil {
			return err
		}
		if res, err = cr.d5.IdentifySpell(sp, sameClass, s.r, o); err != nil {
			return err
		}
		out = cr.d5
		_, err = cr.spendEffects(s, res.Check.Applied, "")
		return err
	})
	return out, res, err
}
