package play

import (
	"context"
	"time"

	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
)

// The D&D 5e commands on one character: death saves, first aid, rests and conditions. Each runs in one
// transaction; a change that ends the character's concentration (incapacitated, dying) ends the conditions its
// spell held there too.

// Character5e is a 5e character after a command, with its record id (the buttons that act on it carry it).
type Character5e struct {
	ID string
	*dnd5e.Character
}

// DeathSave is a death save of the acting character (named, else the caller's active one).
func (t *Table) DeathSave(ctx context.Context, c Caller, character string, o dnd5e.RollOptions, r dice.Roller) (*Character5e, *dnd5e.DeathSaveResult, error) {
	var (
		out *Character5e
		res *dnd5e.DeathSaveResult
	)
	err := t.update(ctx, c, r, func(s *scene) error {
		cr, err := s.edit5e(character)
		if err != nil {
			return err
		}
		if err := s.deathSaveTurn(cr); err != nil {
			return err
		}
		if res, err = cr.d5.DeathSave(s.r, o); err != nil {
			return err
		}
		out = &Character5e{ID: cr.ch.ID, Character: cr.d5}
		if _, err := cr.spendEffects(s, res.Applied, ""); err != nil {
			return err
		}
		return s.settle(cr)
	})
	return out, res, err
}

// DeathSaveByID is a death save of the character with record id id (the "next death save" button).
func (t *Table) DeathSaveByID(ctx context.Context, c Caller, id string, r dice.Roller) (*Character5e, *dnd5e.DeathSaveResult, error) {
	var (
		out *Character5e
		res *dnd5e.DeathSaveResult
	)
	err := t.update(ctx, c, r, func(s *scene) error {
		ch, err := s.byID(id, "char.err.gone")
		if err != nil {
			return err
		}
		if !s.canEdit(ch) {
			return fail("char.err.not_owner", "Name", ch.Name)
		}
		cr := s.character(ch)
		if err := cr.as5e(); err != nil {
			return err
		}
		if err := s.deathSaveTurn(cr); err != nil {
			return err
		}
		if res, err = cr.d5.DeathSave(s.r, dnd5e.RollOptions{}); err != nil {
			return err
		}
		cr.dirty = true
		if _, err := cr.spendEffects(s, res.Applied, ""); err != nil {
			return err
		}
		out = &Character5e{ID: ch.ID, Character: cr.d5}
		return nil
	})
	return out, res, err
}

// Stabilized is first aid given to a dying character.
type Stabilized struct {
	Patient *dnd5e.Character
	Healer  *dnd5e.Character // the caller's active character that rolled Medicine; nil with a kit and no healer
	Result  *dnd5e.StabilizeResult
}

// Stabilize gives first aid to a dying character of the guild (anyone's): a healer's kit stabilizes with no roll;
// otherwise the caller's active character (the healer, who must be up) makes a DC 10 WIS (Medicine) check.
// Helping needs no ownership of the patient, but it needs a healer, unless the caller owns the patient (or is a
// GM) and uses a kit.
func (t *Table) Stabilize(ctx context.Context, c Caller, patient string, kit bool, mode dnd5e.Mode, r dice.Roller) (*Stabilized, error) {
	var out *Stabilized
	err := t.update(ctx, c, r, func(s *scene) error {
		ch, err := s.findCharacter(patient)
		if err != nil {
			return err
		}
		if ch == nil {
			return fail("char.err.not_found", "Name", patient)
		}
		p := s.character(ch)
		if err := p.as5e(); err != nil {
			return err
		}
		var (
			healer *dnd5e.Character
			helper *Creature
		)
		hid, err := s.activeID()
		if err != nil {
			return err
		}
		if hid != "" && hid != ch.ID {
			hch, err := s.tx.Character(hid)
			if err != nil {
				return err
			}
			h := s.character(hch)
			helper = h
			if err := h.as5e(); err != nil {
				return err
			}
			if healer = h.d5; healer.HP == 0 {
				return fail("play.stabilize.err.healer_down", "Name", healer.Name)
			}
		}
		switch {
		case healer == nil && hid == ch.ID && !kit:
			return fail("play.stabilize.err.self", "Name", p.d5.Name)
		case healer == nil && !kit:
			return fail("play.stabilize.err.no_healer")
		case healer == nil && !s.canEdit(ch):
			return fail("play.stabilize.err.no_healer")
		}
		if err := s.mayHelp(helper, p); err != nil {
			return err
		}
		res, err := p.d5.Stabilize(s.r, dnd5e.StabilizeOptions{Kit: kit, Healer: healer, Roll: dnd5e.RollOptions{Mode: mode}})
		if err != nil {
			return err
		}
		p.dirty = true
		out = &Stabilized{Patient: p.d5, Healer: healer, Result: res}
		return nil
	})
	return out, err
}

// Rest is a short rest spending hitDice Hit Dice (long false), or a long rest at the time at (long true).
func (t *Table) Rest(ctx context.Context, c Caller, character string, long bool, hitDice int, at time.Time, r dice.Roller) (*dnd5e.Character, *dnd5e.RestResult, error) {
	var (
		out *dnd5e.Character
		res *dnd5e.RestResult
	)
	err := t.update(ctx, c, r, func(s *scene) error {
		cr, err := s.edit5e(character)
		if err != nil {
			return err
		}
		if long {
			res, err = s.longRest5e(cr, at, false)
		} else if res, err = cr.d5.ShortRest(hitDice, s.r); err == nil {
			res.SlotsRestored = cr.d5.RestorePactSlots() // a warlock's Pact Magic comes back on a short rest too (PHB 107)
		}
		if err != nil {
			return err
		}
		out = cr.d5
		return s.settle(cr)
	})
	return out, res, err
}

// Condition is /condition's change: add (Rounds, 0 = until removed), set the exhaustion level (Level > 0 with
// Condition exhaustion), or remove.
type Condition struct {
	Character string
	Condition dnd5e.Condition
	Remove    bool
	Rounds    int
	Level     int
}

// ConditionResult is /condition's outcome: the character, the change, and what followed for its concentration
// (B6: a condition that incapacitates ends it, with the conditions and effects it held).
type ConditionResult struct {
	Character *dnd5e.Character
	Change    *dnd5e.ConditionChange
	Conc      *Hit
}

// SetCondition puts a condition on the acting character or takes it off.
func (t *Table) SetCondition(ctx context.Context, c Caller, in Condition) (*ConditionResult, error) {
	var out *ConditionResult
	err := t.update(ctx, c, nil, func(s *scene) error {
		cr, err := s.conditionTarget(in)
		if err != nil {
			return err
		}
		var ch *dnd5e.ConditionChange
		switch {
		case in.Remove:
			ch, err = cr.d5.RemoveCondition(in.Condition)
		case in.Condition == dnd5e.Exhaustion && in.Level > 0:
			ch, err = cr.d5.SetExhaustion(in.Level)
		default:
			ch, err = cr.d5.AddCondition(in.Condition, dnd5e.ConditionOptions{Rounds: in.Rounds})
		}
		if err != nil {
			return err
		}
		if err := s.settle(cr); err != nil {
			return err
		}
		out = &ConditionResult{Character: cr.d5, Change: ch, Conc: s.hit(cr, nil)}
		return nil
	})
	return out, err
}

// conditionTarget is the 5e character /condition changes, once the change is allowed (authz.go), with the
// caller's active character acting: a harmful condition added, exhaustion raised or invisibility taken away
// harms it; anything else helps it.
func (s *scene) conditionTarget(in Condition) (*Creature, error) {
	ch, err := s.acting(in.Character)
	if err != nil {
		return nil, err
	}
	cr := s.character(ch)
	if err := cr.as5e(); err != nil {
		return nil, err
	}
	harm := conditionHarms(in.Condition) != in.Remove
	if in.Condition == dnd5e.Exhaustion && !in.Remove && in.Level > 0 {
		harm = in.Level > cr.d5.Exhaustion
	}
	actor, err := s.actor()
	if err != nil {
		return nil, err
	}
	if err := s.harmOrHelp(actor, cr, harm); err != nil {
		return nil, err
	}
	cr.dirty = true
	return cr, nil
}

// Sheet5e reads the acting 5e character (named, else the caller's active one), for a check, a save, a list of
// its conditions or an autocomplete.
func (t *Table) Sheet5e(ctx context.Context, c Caller, character string) (*dnd5e.Character, error) {
	var out *dnd5e.Character
	err := t.view(ctx, c, nil, func(s *scene) error {
		cr, err := s.view5e(character)
		if err != nil {
			return err
		}
		out = cr.d5
		return nil
	})
	return out, err
}
