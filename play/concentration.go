package play

import (
	"errors"

	"rulekeeper/rules/coded"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/store"
)

// Concentration across creatures (B6). A 5e caster's concentration, and the conditions its spell holds on other
// creatures (dnd5e.Holding: a sheet id, or a channel and combatant id), are kept in its sheet (sheets.go). When a
// command ends a concentration — a new concentration spell (/cast); a failed CON save, 0 HP or incapacitation from
// /cast, /attack or /hp damage; incapacitation from /condition, the other commands that edit a 5e sheet,
// /init condition, /sheet set and /sheet rename — the conditions it held end in the same transaction, on sheets and
// on encounter NPCs, in this channel or another. /sheet import creates a character that holds nothing. A condition
// the target already had is not held, so ending the spell leaves it; two casters' identical conditions are one
// condition on the target, and the first concentration to end removes it. A concentrating NPC (npc.go) keeps its
// spell and holding in its stats, and loses them the same ways.

// settle ends the concentration of the given characters that can no longer concentrate (B6), then removes the
// conditions held, and the effects given (effectconc.go), by every concentration that ended. Call it with the
// creatures a command changed.
func (s *scene) settle(touched ...*Creature) error {
	for _, cr := range touched {
		if cr.d5 == nil {
			if err := s.settleNPC(cr); err != nil {
				return err
			}
			continue
		}
		if ended := cr.conc.EndIfIncapacitated(cr.d5); ended != "" {
			cr.concEnded, cr.dirty = ended, true
		}
		if err := s.endHeldEffects(cr, false); err != nil {
			return err
		}
		held := cr.holding.Ended(cr.conc)
		if len(held) == 0 {
			continue
		}
		cr.dirty = true
		if err := s.release(cr, held); err != nil {
			return err
		}
	}
	return nil
}

// release removes held conditions from their bearers and tells the holder which ended. Conditions or creatures
// that are gone are skipped.
func (s *scene) release(holder *Creature, held []dnd5e.HeldCondition) error {
	for _, h := range held {
		switch {
		case h.Character != "":
			name, ok, err := s.releaseOnSheet(h)
			if err != nil {
				return err
			}
			if ok {
				holder.released = append(holder.released, Released{Name: name, Condition: h.Condition})
			}
		case h.Combatant != "":
			e, err := s.encounter(h.Channel)
			if err != nil {
				return err
			}
			if e == nil {
				continue
			}
			ch, err := e.RemoveCondition(h.Combatant, string(h.Condition))
			if err != nil {
				continue // the combatant left, or the condition ended already
			}
			s.changed(h.Channel)
			holder.released = append(holder.released, Released{Name: ch.Combatant.Name, Condition: h.Condition})
		}
	}
	return nil
}

// releaseOnSheet removes a held condition from a 5e character's sheet; ok is false when the sheet or the condition
// is gone.
func (s *scene) releaseOnSheet(h dnd5e.HeldCondition) (name string, ok bool, err error) {
	cr := s.chars[h.Character]
	if cr == nil {
		ch, err := s.tx.Character(h.Character)
		if err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return "", false, nil
			}
			return "", false, err
		}
		if ch.System != System5e {
			return "", false, nil
		}
		cr = s.character(ch)
	}
	if cr.ch.System != System5e {
		return "", false, nil
	}
	if err := cr.as5e(); err != nil {
		return "", false, err
	}
	if _, err := cr.d5.RemoveCondition(h.Condition); err != nil {
		if errors.Is(err, coded.Code(dnd5e.ErrConditionAbsent)) {
			return "", false, nil
		}
		return "", false, err
	}
	cr.dirty = true
	return cr.d5.Name, true, nil
}
