package play

import (
	"strings"

	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// Effects at turn boundaries (/init next, 5e). Every combatant's effects hear the turn that ended, the turns of
// the down NPCs passed over (each a start and an end), and the turn that begins, in that order: timed effects count
// down at the end of the turns they count (their bearer's, or their caster's: guiding bolt), "until the start of
// X's next turn" effects end when X's turn begins (shield), and the beginning creature gets what its effects give
// at the start of its turn (heroism's temporary hit points, regeneration; for a character also the survivor
// feature). Going back (/init prev) brings no effect back: the GM adds it again with /effect add.

// TurnEffects is what a turn change did to one combatant's effects.
type TurnEffects struct {
	Name   string               `json:"name"`
	Ended  []dnd5e.ActiveEffect `json:"ended,omitempty"`
	TempHP *dnd5e.HPChange      `json:"temp_hp,omitempty"`
	Healed *dnd5e.HPChange      `json:"healed,omitempty"`
}

// turnEffects applies the turn change's boundaries to the effects of every combatant that has some.
func (s *scene) turnEffects(e *encounter.Encounter, turn *Turn) error {
	tc := turn.TurnChange
	var events []dnd5e.TurnEvent
	if tc.Ended != nil {
		events = append(events, dnd5e.TurnEvent{Who: tc.Ended.Name, End: true})
	}
	for _, sk := range tc.Skipped {
		events = append(events, dnd5e.TurnEvent{Who: sk.Name}, dnd5e.TurnEvent{Who: sk.Name, End: true})
	}
	events = append(events, dnd5e.TurnEvent{Who: tc.Began.Name})
	for _, comb := range e.Order() {
		cr, err := s.turnCreature(e, comb)
		if err != nil || cr == nil {
			if err != nil {
				return err
			}
			continue
		}
		te, err := cr.hearTurns(s, events)
		if err != nil {
			return err
		}
		if te != nil {
			turn.Effects = append(turn.Effects, *te)
		}
	}
	return nil
}

// turnCreature is a combatant's creature when it has effects to tick; nil otherwise (or when its sheet is gone or
// of another system).
func (s *scene) turnCreature(e *encounter.Encounter, comb *encounter.Combatant) (*Creature, error) {
	if comb.Kind != encounter.KindCharacter {
		if len(npcEffects(comb)) == 0 {
			return nil, nil
		}
		return s.npc(e, s.c.ChannelID, comb), nil
	}
	cr, err := s.sheet5eByID(comb.CharacterID)
	if err != nil || cr == nil {
		return nil, err
	}
	if cr.combatantOf(e, s.c.ChannelID); len(cr.d5.AllEffects()) == 0 {
		return nil, nil
	}
	return cr, nil
}

// hearTurns applies turn events to the creature's effects; nil when nothing changed that a reply shows.
func (cr *Creature) hearTurns(s *scene, events []dnd5e.TurnEvent) (*TurnEffects, error) {
	te := &TurnEffects{Name: cr.Name()}
	if cr.d5 != nil {
		before := len(cr.d5.Effects)
		for _, ev := range events {
			rep := cr.d5.OnTurn(ev)
			te.Ended = append(te.Ended, rep.Ended...)
			if rep.TempHP != nil && !rep.TempHP.NoEffect {
				te.TempHP = rep.TempHP
			}
			if rep.Healed != nil && !rep.Healed.NoEffect {
				te.Healed = rep.Healed
			}
		}
		cr.dirty = cr.dirty || before > 0 || te.TempHP != nil || te.Healed != nil
	} else {
		list := npcEffects(cr.comb)
		for _, ev := range events {
			var ended []dnd5e.ActiveEffect
			list, ended = dnd5e.TickEffects(list, cr.comb.Name, ev)
			te.Ended = append(te.Ended, ended...)
		}
		if _, err := cr.putNPCEffects(s, list); err != nil {
			return nil, err
		}
		if err := cr.npcTurnStart(s, events[len(events)-1], te); err != nil {
			return nil, err
		}
	}
	if len(te.Ended) == 0 && te.TempHP == nil && te.Healed == nil {
		return nil, nil
	}
	return te, nil
}

// npcTurnStart gives an NPC whose turn begins what its effects give then: the largest each-turn temporary hit
// points, and its regeneration.
func (cr *Creature) npcTurnStart(s *scene, ev dnd5e.TurnEvent, te *TurnEffects) error {
	if ev.End || !sameCombatant(cr.comb, ev.Who) || cr.comb.Down() {
		return nil
	}
	temp, heal := 0, 0
	for _, e := range npcEffects(cr.comb) {
		for _, m := range e.Mods {
			switch {
			case m.Kind == dnd5e.ModTempHP && m.EachTurn:
				temp = max(temp, m.Value)
			case m.Kind == dnd5e.ModRegen:
				heal += m.Value
			}
		}
	}
	if temp > cr.comb.TempHP {
		ch, err := cr.enc.SetTempHP(cr.comb.ID, min(temp, encounter.MaxHP))
		if err != nil {
			return err
		}
		te.TempHP = npcChange(ch)
	}
	if heal > 0 && cr.comb.HP < cr.comb.MaxHP {
		ch, err := cr.enc.Heal(cr.comb.ID, min(heal, encounter.MaxHP))
		if err != nil {
			return err
		}
		te.Healed = npcChange(ch)
	}
	s.changed(cr.channel)
	return nil
}

// sameCombatant reports whether name names the combatant.
func sameCombatant(c *encounter.Combatant, name string) bool {
	return strings.EqualFold(strings.TrimSpace(c.Name), strings.TrimSpace(name))
}
