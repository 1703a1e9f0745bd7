package play

import (
	"slices"
	"strconv"

	"rulekeeper/rules/coc"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// The turn order's GM rules (issue 12): dead characters are passed over, one death save per turn, and timed
// conditions end with the encounter unless they outlast it on purpose.

// syncOut marks the channel's 5e and Call of Cthulhu characters that are dead by their sheets as out of the turn
// order (and those brought back as in), before a turn change.
func (s *scene) syncOut(e *encounter.Encounter) error {
	if e.System != encounter.DnD5e && e.System != encounter.CoC {
		return nil
	}
	for _, comb := range e.Combatants {
		if comb.Kind != encounter.KindCharacter {
			continue
		}
		out, err := s.deadBySheet(e.System, comb.CharacterID)
		if err != nil {
			return err
		}
		if out != comb.Out {
			if _, err := e.SetOut(comb.ID, out); err != nil {
				return err
			}
			s.changed(s.c.ChannelID)
		}
	}
	return nil
}

// deadBySheet reports a character of the encounter's system whose sheet says it is dead (false when it is gone or of
// another system).
func (s *scene) deadBySheet(sys encounter.System, id string) (bool, error) {
	if sys == encounter.CoC {
		cr, err := s.sheetCoCByID(id)
		return cr != nil && cr.cc.Has(coc.Dead), err
	}
	cr, err := s.sheet5eByID(id)
	return cr != nil && cr.d5.State == dnd5e.Dead, err
}

// deathSaveTurn refuses a second death save in one round of the channel's running encounter when the character is
// one of its combatants (one save a turn, B7.3), and notes this one on the sheet.
func (s *scene) deathSaveTurn(cr *Creature) error {
	e, err := s.here()
	if err != nil || e == nil || e.Round == 0 || e.System != encounter.DnD5e {
		return err
	}
	cr.combatantOf(e, s.c.ChannelID)
	if cr.comb == nil || cr.d5.State != dnd5e.Dying {
		return nil
	}
	key := s.c.ChannelID + ":" + strconv.Itoa(e.Round)
	if cr.extras.DeathSaveTurn == key {
		return fail("deathsave.err.once_per_turn", "Name", cr.d5.Name, "Round", e.Round)
	}
	cr.extras.DeathSaveTurn, cr.dirty = key, true
	return nil
}

// OutlastRounds is the longest a timed condition may have left and still end with the encounter: a condition put
// on for longer than a minute outlasts the fight on purpose.
const OutlastRounds = 10

// endEncounter5e is what ending a 5e encounter does to the creatures in it: its characters' timed sheet conditions
// with at most OutlastRounds left end (none with keep), their repeat saves and death-save turn are over, and what its
// NPCs held by concentration ends with them. It returns the conditions that ended.
func (s *scene) endEncounter5e(e *encounter.Encounter, keep bool) ([]encounter.Expiry, error) {
	if e.System != encounter.DnD5e {
		return nil, nil
	}
	var ended []encounter.Expiry
	for _, comb := range e.Combatants {
		if comb.Kind != encounter.KindCharacter {
			cr := s.npc(e, s.c.ChannelID, comb)
			if held := cr.stats5e().Holding; len(held) > 0 {
				if err := s.release(cr, held); err != nil {
					return nil, err
				}
			}
			continue
		}
		cr, err := s.sheet5eByID(comb.CharacterID)
		if err != nil {
			return nil, err
		}
		if cr == nil {
			continue
		}
		if len(cr.extras.Repeats) > 0 || cr.extras.DeathSaveTurn != "" {
			cr.extras.Repeats, cr.extras.DeathSaveTurn, cr.dirty = nil, "", true
		}
		if keep {
			continue
		}
		for _, cd := range slices.Clone(cr.d5.Conditions) {
			if cd.Rounds > 0 && cd.Rounds <= OutlastRounds && cr.d5.HasCondition(cd.ID) {
				if _, err := cr.d5.RemoveCondition(cd.ID); err != nil {
					return nil, err
				}
				cr.dirty = true
				ended = append(ended, encounter.Expiry{Combatant: comb.Ref(), Condition: string(cd.ID)})
			}
		}
	}
	return ended, nil
}
