package play

import (
	"context"

	"rulekeeper/rules/coc"
	"rulekeeper/rules/dice"
)

// /check for a Call of Cthulhu character (coc digest §5): a d100 against a skill, a characteristic, Luck or SAN with a
// difficulty, bonus and penalty dice and a Luck budget; or a push of the character's last roll. A success marks the
// skill for development and Luck spent comes off the sheet, so a CoC check is a change (owner or GM). The roll is
// kept on the sheet as the character's last one: a push (/check push:true, or the reply's "Push" button) and a Luck
// spend after the roll (the reply's "Spend Luck" button) refer to it.

// CheckCoC is a Call of Cthulhu roll: a new one with Options, or (Push) a push of the last roll of that subject.
type CheckCoC struct {
	Options coc.CheckOptions
	Push    bool
	// Also are the other subjects of a combined roll (coc_combined.go), Need what it needs (all by default).
	Also []coc.Subject
	Need coc.CombinedMode
}

// RollCoC is a Call of Cthulhu roll and the character who made it.
type RollCoC struct {
	Character   *coc.Character
	CharacterID string // the record's id, for the buttons
	Seq         int    // the roll's number on the sheet, for the buttons
	Roll        *coc.CheckResult
	// Before is the roll a push or a Luck spend followed (nil for a new roll).
	Before *coc.CheckResult
	// Odds are the exact chances of Roll before it was made (Luck not counted).
	Odds *coc.Odds
}

func (rulesCoC) check(s *scene, in *Check) (*CheckResult, error) {
	if in.CoC.Err != nil {
		return nil, in.CoC.Err
	}
	cr, err := s.editCoC(in.Character)
	if err != nil {
		return nil, err
	}
	k := in.CoC.In
	if len(k.Also) > 0 {
		out, err := s.combinedCoC(cr, k.Options, k.Also, k.Need)
		return &CheckResult{System: SystemCoC, CoCCombined: out}, err
	}
	if k.Push {
		out, err := s.pushCoC(cr, &k.Options.Subject, 0)
		return &CheckResult{System: SystemCoC, CoC: out}, err
	}
	res, err := cr.cc.Check(s.r, k.Options)
	if err != nil {
		return nil, err
	}
	return &CheckResult{System: SystemCoC, CoC: cr.rolled(res, nil)}, nil
}

// rolled keeps res as the character's last roll and describes it.
func (cr *Creature) rolled(res, before *coc.CheckResult) *RollCoC {
	seq := cr.remember(res)
	return &RollCoC{Character: cr.cc, CharacterID: cr.ch.ID, Seq: seq, Roll: res, Before: before, Odds: res.Odds()}
}

// lastRoll is the character's last roll: of subject (nil: any), and number seq (0: any).
func (cr *Creature) lastRoll(subject *coc.Subject, seq int) (*coc.CheckResult, error) {
	last := cr.ccLast
	if last == nil {
		return nil, fail("cthulhu.err.no_last_roll", "Name", cr.cc.Name)
	}
	if seq != 0 && last.Seq != seq {
		return nil, fail("cthulhu.err.stale_roll", "Name", cr.cc.Name)
	}
	if subject != nil && *subject != last.Roll.Subject {
		return nil, fail("cthulhu.err.last_roll_other", "Name", cr.cc.Name, "Subject", last.Roll.Subject.String())
	}
	return last.Roll, nil
}

// pushCoC pushes the character's last roll (coc.Push refuses what may not be pushed).
func (s *scene) pushCoC(cr *Creature, subject *coc.Subject, seq int) (*RollCoC, error) {
	prev, err := cr.lastRoll(subject, seq)
	if err != nil {
		return nil, err
	}
	res, err := cr.cc.Push(s.r, prev)
	if err != nil {
		return nil, err
	}
	return cr.rolled(res, prev), nil
}

// buttonCoC is the CoC character of a button's record id, for a change (owner or GM only).
func (s *scene) buttonCoC(id string) (*Creature, error) {
	ch, err := s.byID(id, "char.err.gone")
	if err != nil {
		return nil, err
	}
	if !s.canEdit(ch) {
		return nil, fail("char.err.not_owner", "Name", ch.Name)
	}
	cr := s.character(ch)
	if err := cr.asCoC(); err != nil {
		return nil, err
	}
	cr.dirty = true
	return cr, nil
}

// CoCPush pushes roll number seq of the character with record id id (a "Push" button; owner or GM).
func (t *Table) CoCPush(ctx context.Context, c Caller, id string, seq int, r dice.Roller) (*RollCoC, error) {
	var out *RollCoC
	err := t.update(ctx, c, r, func(s *scene) error {
		cr, err := s.buttonCoC(id)
		if err != nil {
			return err
		}
		out, err = s.pushCoC(cr, nil, seq)
		return err
	})
	return out, err
}

// CoCSpendLuck lowers roll number seq of the character with record id id by points of Luck (a "Spend Luck" button;
// owner or GM). A success bought with Luck earns no development mark.
func (t *Table) CoCSpendLuck(ctx context.Context, c Caller, id string, seq, points int) (*RollCoC, error) {
	var out *RollCoC
	err := t.update(ctx, c, nil, func(s *scene) error {
		cr, err := s.buttonCoC(id)
		if err != nil {
			return err
		}
		prev, err := cr.lastRoll(nil, seq)
		if err != nil {
			return err
		}
		res, err := cr.cc.SpendLuck(prev, points)
		if err != nil {
			return err
		}
		out = cr.rolled(res, prev)
		return nil
	})
	return out, err
}
