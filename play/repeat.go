package play

import (
	"slices"

	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// Repeat saves (issue 12): a spell marked with dnd5e.Spell.RepeatSave (hold person, hold monster, slow, …) that
// lands on a combatant of the channel's encounter leaves it a dnd5e.RepeatSave — in a character's sheet extras, or an
// NPC's stats — with the spell's save DC. When that combatant's turn ends (/init next), it rolls the save; a success
// ends the spell's conditions and effect on it and the record. A record whose conditions ended otherwise (the
// caster's concentration, their duration) is dropped without a roll. Not covered: the save hideous laughter allows
// each time its target takes damage; the caster's holding keeps a condition ended by a save until its concentration
// ends (then there is nothing left to remove).

// RepeatRoll is a save a creature repeated at the end of its turn against a spell.
type RepeatRoll struct {
	Name    string            `json:"name"`
	Spell   string            `json:"spell"`
	Caster  string            `json:"caster,omitempty"`
	Roll    *dnd5e.RollResult `json:"roll"`
	Success bool              `json:"success"`
	Ended   []dnd5e.Condition `json:"ended,omitempty"` // the conditions that ended with a success
}

// recordRepeats leaves a repeat save on every combatant target spell sp landed on (dc: the caster's spell save
// DC), with the conditions it put there.
func (s *scene) recordRepeats(sp dnd5e.Spell, res *dnd5e.CastResult, caster string, dc int, targets []*Creature) {
	if sp.RepeatSave == "" {
		return
	}
	for i, f := range targets {
		ct := res.Targets[i]
		if !ct.Landed || f.comb == nil || f.dead5e() {
			continue
		}
		var landed []dnd5e.Condition
		for _, sc := range ct.Conditions {
			if !slices.Contains(f.immune, sc.ID) {
				landed = append(landed, sc.ID)
			}
		}
		if len(ct.Conditions) > 0 && len(landed) == 0 {
			continue // immune to all of it
		}
		rs, ok := dnd5e.NewRepeatSave(sp, dc, caster, landed)
		if !ok {
			continue
		}
		if f.d5 != nil {
			f.extras.Repeats = dnd5e.AddRepeat(f.extras.Repeats, rs)
			f.dirty = true
			continue
		}
		f.stats5e().Repeats = dnd5e.AddRepeat(f.stats5e().Repeats, rs)
		f.touchStats()
	}
}

// repeatSaves rolls the saves of the combatant whose turn just ended, in the order they were recorded.
func (s *scene) repeatSaves(e *encounter.Encounter, ended *encounter.Ref) ([]RepeatRoll, error) {
	if ended == nil || e.System != encounter.DnD5e {
		return nil, nil
	}
	comb, err := e.Find(ended.ID)
	if err != nil {
		return nil, nil // it left the encounter
	}
	cr, err := s.combatant(e, comb)
	if err != nil {
		return nil, nil // its sheet is gone
	}
	if err := cr.as5e(); err != nil || cr.dead5e() {
		return nil, nil
	}
	list := cr.extras.Repeats
	if cr.d5 == nil {
		list = cr.stats5e().Repeats
	}
	if len(list) == 0 {
		return nil, nil
	}
	var out []RepeatRoll
	var keep []dnd5e.RepeatSave
	for _, rs := range list {
		if !cr.underSpell(rs) {
			continue
		}
		roll, err := cr.repeatRoll(rs, s)
		if err != nil {
			return nil, err
		}
		rr := RepeatRoll{Name: cr.Name(), Spell: rs.Spell, Caster: rs.Caster, Roll: roll, Success: roll.Outcome == dnd5e.OutcomeSuccess}
		if !rr.Success {
			keep = append(keep, rs)
		} else if rr.Ended, err = cr.endSpell(s, rs); err != nil {
			return nil, err
		}
		out = append(out, rr)
	}
	if cr.d5 != nil {
		cr.extras.Repeats, cr.dirty = keep, true
	} else {
		cr.stats5e().Repeats = keep
		cr.touchStats()
	}
	cr.repeated = append(cr.repeated, out...)
	return out, s.settle(cr)
}

// underSpell reports whether the creature still has a condition (or, on a sheet, the effect) the spell left.
func (cr *Creature) underSpell(rs dnd5e.RepeatSave) bool {
	if cr.d5 != nil {
		if _, ok := cr.d5.FindEffect(rs.Spell); ok {
			return true
		}
		for _, c := range rs.Conditions {
			if cr.d5.HasCondition(c) {
				return true
			}
		}
		return false
	}
	for _, c := range rs.Conditions {
		if slices.Contains(cr.comb.ConditionIDs(), string(c)) {
			return true
		}
	}
	return false
}

// repeatRoll rolls a repeat save: a sheet's own save; an NPC's with its stats and conditions.
func (cr *Creature) repeatRoll(rs dnd5e.RepeatSave, s *scene) (*dnd5e.RollResult, error) {
	if cr.d5 != nil {
		return cr.d5.RepeatSaveFor(rs, s.r)
	}
	return rs.Roll(cr.target5e(), cr.saveMod5e(rs.Ability), s.r)
}

// endSpell ends a spell's conditions and effect on the creature after a successful repeat save.
func (cr *Creature) endSpell(s *scene, rs dnd5e.RepeatSave) ([]dnd5e.Condition, error) {
	var ended []dnd5e.Condition
	for _, c := range rs.Conditions {
		if cr.d5 != nil {
			if !cr.d5.HasCondition(c) {
				continue
			}
			if _, err := cr.d5.RemoveCondition(c); err != nil {
				return nil, err
			}
			cr.dirty = true
		} else {
			if _, err := cr.enc.RemoveCondition(cr.comb.ID, string(c)); err != nil {
				continue // ended already
			}
			s.changed(cr.channel)
		}
		ended = append(ended, c)
	}
	if cr.d5 != nil {
		if _, ok := cr.d5.FindEffect(rs.Spell); ok {
			if _, err := cr.d5.RemoveEffect(rs.Spell); err != nil {
				return nil, err
			}
		}
	}
	return ended, nil
}
