package play

// /init next and prev: the turn change and what it does to the sheets of the characters whose turns end and begin.

import (
	"context"

	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
	"rulekeeper/rules/rogue"
)

// Turn is what /init next (or prev) did: the encounter's turn change, with what the sheets said.
type Turn struct {
	*encounter.TurnChange
	// SheetExpired are the ended 5e character's sheet conditions that ran out.
	SheetExpired []encounter.Expiry
	// Sheet is the beginning 5e character's sheet (its state: dying prompts the death save), and SheetID its id.
	Sheet   *dnd5e.Character
	SheetID string
	// Repeated are the saves the ended combatant repeated against spells that allow one (repeat.go).
	Repeated []RepeatRoll
	// Effects are what the turn's boundaries did to the combatants' effects (effectturn.go), in turn order.
	Effects []TurnEffects
	// CoCDying are the CON rolls of the dying investigators at the end of a round (coc_dying.go).
	CoCDying []CoCDyingRoll
}

// InitTurn ends the current turn and begins the next (next) or goes back one (prev), in one transaction with the
// turn's sheet effects: the ended 5e character's timed sheet conditions count down, a beginning Rogue's Tale
// character's sheet defences come back. Only those who run the encounter go back or begin round 1; a player ends
// their own combatant's turn. In 5e, dead characters are passed over (listed as skipped) and the ended combatant
// repeats its saves against spells that allow one, with r. In Call of Cthulhu, a round's end makes the dying roll CON.
func (t *Table) InitTurn(ctx context.Context, c Caller, next bool, r dice.Roller) (*encounter.Encounter, *Turn, error) {
	var turn *Turn
	e, err := t.runEncounter(ctx, c, r, func(s *scene, e *encounter.Encounter) error {
		turn = &Turn{}
		cur := e.Current()
		if !next || cur == nil {
			if err := s.mayControl(e); err != nil {
				return err
			}
		} else if err := s.mayAct(e, cur); err != nil {
			return err
		}
		if err := s.syncOut(e); err != nil {
			return err
		}
		var err error
		if next {
			turn.TurnChange, err = e.Next()
		} else {
			turn.TurnChange, err = e.Prev()
		}
		if err != nil {
			return err
		}
		switch e.System {
		case encounter.CoC:
			if turn.CoCDying, err = s.cocDyingRolls(e, turn.TurnChange); err != nil {
				return err
			}
			return s.skipNewlyDead(e, turn)
		case encounter.Rogue:
			// The beginning character's sheet defences come back (the encounter resets its NPCs' own).
			if next && turn.Began.Kind == encounter.KindCharacter {
				reset, err := s.resetRogueDefences(e.Current())
				if err != nil {
					return err
				}
				turn.DefencesReset = turn.DefencesReset || reset
			}
		case encounter.DnD5e:
			if next {
				if turn.Repeated, err = s.repeatSaves(e, turn.Ended); err != nil {
					return err
				}
			}
			if err := s.turnSheets5e(turn, next); err != nil {
				return err
			}
			if next {
				return s.turnEffects(e, turn)
			}
		}
		return nil
	})
	return e, turn, err
}

// turnSheets5e: the ended character's timed sheet conditions count down (SRD: at the end of its turn); a beginning
// character's sheet tells whether it is dying.
func (s *scene) turnSheets5e(turn *Turn, next bool) error {
	tc := turn.TurnChange
	if next && tc.Ended != nil && tc.Ended.Kind == encounter.KindCharacter {
		cr, err := s.sheet5eByID(tc.Ended.CharacterID)
		if err != nil {
			return err
		}
		if cr != nil {
			for _, x := range cr.d5.TickConditions() {
				turn.SheetExpired = append(turn.SheetExpired, encounter.Expiry{Combatant: *tc.Ended, Condition: string(x)})
			}
			cr.dirty = cr.dirty || len(turn.SheetExpired) > 0
		}
	}
	if tc.CheckDying {
		cr, err := s.sheet5eByID(tc.Began.CharacterID)
		if err != nil {
			return err
		}
		if cr != nil {
			turn.Sheet, turn.SheetID = cr.d5, cr.ch.ID
		}
	}
	return nil
}

// sheet5eByID is the 5e character with record id id; nil when it is gone or of another system.
func (s *scene) sheet5eByID(id string) (*Creature, error) {
	ch, err := s.maybeByID(id)
	if err != nil || ch == nil || ch.System != System5e {
		return nil, err
	}
	cr := s.character(ch)
	return cr, cr.as5e()
}

// sheetCoCByID is the Call of Cthulhu character with record id id; nil when it is gone or of another system.
func (s *scene) sheetCoCByID(id string) (*Creature, error) {
	ch, err := s.maybeByID(id)
	if err != nil || ch == nil || ch.System != SystemCoC {
		return nil, err
	}
	cr := s.character(ch)
	return cr, cr.asCoC()
}

// resetRogueDefences gives a beginning Rogue's Tale character its sheet's defences back (A17: once per turn each).
func (s *scene) resetRogueDefences(c *encounter.Combatant) (bool, error) {
	if c == nil || c.Kind != encounter.KindCharacter {
		return false, nil
	}
	ch, err := s.maybeByID(c.CharacterID)
	if err != nil || ch == nil || ch.System != SystemRogue {
		return false, err
	}
	cr := s.character(ch)
	if err := cr.asRogue(); err != nil {
		return false, err
	}
	if cr.rt.Used == (rogue.DefenceUse{}) {
		return false, nil
	}
	cr.rt.Used, cr.dirty = rogue.DefenceUse{}, true
	return true, nil
}
