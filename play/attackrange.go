package play

import (
	"rulekeeper/rules/area"
	"rulekeeper/rules/encounter"
)

// Where an attacker and its target stand (issue 14, 5e 7): the distance of a 5e attack and whether a hostile
// creature threatens the attacker, from the channel's grid when the encounter has one.

// distance5e is a 5e attack's distance in feet: the one given, else the grid's when both creatures are placed (a
// diagonal step counts 5 ft, as /cast counts), else 5 ft.
func distance5e(given *int, attacker, tgt *Creature) int {
	switch {
	case given != nil:
		return *given
	case attacker != nil && tgt != nil && attacker.pos() != nil && tgt.pos() != nil:
		return attacker.pos().Squares(*tgt.pos()) * area.FeetPerSquare
	}
	return 5
}

// threatened reports whether a hostile creature that can act stands within 5 ft of the attacker on the grid: an
// NPC next to a character, a character next to an NPC (a ranged attack then has disadvantage).
func (s *scene) threatened(e *encounter.Encounter, attacker *Creature) (bool, error) {
	if e == nil || attacker == nil || attacker.pos() == nil {
		return false, nil
	}
	hostile := encounter.KindNPC
	if attacker.comb != nil && attacker.comb.Kind == encounter.KindNPC {
		hostile = encounter.KindCharacter
	}
	for _, comb := range e.Combatants {
		if comb.Kind != hostile || comb.Pos == nil || comb.Pos.Squares(*attacker.pos()) > 1 {
			continue
		}
		foe, err := s.combatant(e, comb)
		if err != nil {
			return false, err
		}
		if err := foe.as5e(); err != nil {
			continue
		}
		if foe.canAct5e() {
			return true, nil
		}
	}
	return false, nil
}
