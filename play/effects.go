package play

import (
	"encoding/json"
	"slices"

	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// Effects on creatures (issue 13). A 5e character keeps its effects on its sheet (dnd5e.Character.Effects); an NPC
// of an encounter keeps them in its combatant's Stats, under the key "effects", beside whatever else the stats
// hold (the 5e saves and defences). These small functions are the one place that knows where each kind keeps them,
// so that the commands ask a Creature and never care.
//
// Decisions:
//   - An NPC's max_hp effect raises (or lowers) the encounter's maximum and HP by its value when it starts, and
//     the maximum back when it ends (the HP capped); a temp_hp effect grants its temporary HP; condition immunity
//     ends that condition on it. As on a sheet, an effect with the same ID replaces the old one.
//   - Effects do not land on a dead character or a down NPC.

// npcEffectsKey is the key of an NPC's effects in its Stats object.
const npcEffectsKey = "effects"

// npcEffects reads an NPC's stored effects (none when absent or unreadable).
func npcEffects(c *encounter.Combatant) []dnd5e.ActiveEffect {
	if c == nil || len(c.Stats) == 0 {
		return nil
	}
	var x struct {
		Effects []dnd5e.ActiveEffect `json:"effects"`
	}
	if json.Unmarshal(c.Stats, &x) != nil {
		return nil
	}
	return x.Effects
}

// NPCEffects are the effects an NPC combatant keeps in its Stats (none for a character's row: its sheet holds them).
func NPCEffects(c *encounter.Combatant) []dnd5e.ActiveEffect { return npcEffects(c) }

// withNPCEffects is an NPC's Stats object with its effects replaced by list (removed when empty), every other key
// kept as it was.
func withNPCEffects(stats json.RawMessage, list []dnd5e.ActiveEffect) (json.RawMessage, error) {
	m := map[string]json.RawMessage{}
	if len(stats) > 0 {
		if err := json.Unmarshal(stats, &m); err != nil {
			m = map[string]json.RawMessage{} // not an object: nothing worth keeping
		}
	}
	delete(m, npcEffectsKey)
	if len(list) > 0 {
		data, err := json.Marshal(list)
		if err != nil {
			return nil, err
		}
		m[npcEffectsKey] = data
	}
	if len(m) == 0 {
		return nil, nil
	}
	return json.Marshal(m)
}

// putNPCEffects stores an NPC's effects, and changes its maximum HP by what its max_hp effects add or take away
// compared with before (the HP follow a rise and are capped by a fall).
func (cr *Creature) putNPCEffects(s *scene, list []dnd5e.ActiveEffect) (*dnd5e.HPChange, error) {
	before := maxHPBonus(npcEffects(cr.comb))
	stats, err := withNPCEffects(cr.comb.Stats, list)
	if err != nil {
		return nil, err
	}
	if _, err := cr.enc.SetStats(cr.comb.ID, stats); err != nil {
		return nil, err
	}
	s.changed(cr.channel)
	delta := maxHPBonus(list) - before
	if delta == 0 {
		return nil, nil
	}
	m := min(max(1, cr.comb.MaxHP+delta), encounter.MaxHP)
	hp := min(cr.comb.HP, m)
	if delta > 0 && cr.comb.HP > 0 {
		hp = min(cr.comb.HP+delta, m)
	}
	ch, err := cr.enc.SetHP(cr.comb.ID, hp, m)
	if err != nil {
		return nil, err
	}
	return npcChange(ch), nil
}

// maxHPBonus is what a list's max_hp mods add to a maximum.
func maxHPBonus(list []dnd5e.ActiveEffect) int {
	n := 0
	for _, e := range list {
		for _, m := range e.Mods {
			if m.Kind == dnd5e.ModMaxHP {
				n += m.Value
			}
		}
	}
	return n
}

// addEffect5e puts an effect on the creature: a sheet's AddEffect, or the same on an NPC's stored list.
func (cr *Creature) addEffect5e(s *scene, e dnd5e.ActiveEffect) (*dnd5e.EffectChange, error) {
	if cr.d5 != nil {
		ch, err := cr.d5.AddEffect(e)
		if err == nil {
			cr.dirty = true
		}
		return ch, err
	}
	if cr.comb.Down() {
		return nil, &dnd5e.Error{Code: dnd5e.ErrIsDead, Args: map[string]any{"Name": cr.comb.Name}}
	}
	if err := e.Validate(); err != nil {
		return nil, err
	}
	list := slices.Clone(npcEffects(cr.comb))
	ch := &dnd5e.EffectChange{Effect: e}
	if i := slices.IndexFunc(list, func(x dnd5e.ActiveEffect) bool { return x.ID == e.ID }); i >= 0 {
		list[i], ch.Replaced = e, true
	} else {
		if len(list) >= dnd5e.MaxEffects {
			return nil, &dnd5e.Error{Code: dnd5e.ErrTooManyEffects, Args: map[string]any{"Max": dnd5e.MaxEffects}}
		}
		list = append(list, e)
	}
	hp, err := cr.putNPCEffects(s, list)
	if err != nil {
		return nil, err
	}
	ch.HP = hp
	temp := 0
	for _, m := range e.Mods {
		switch {
		case m.Kind == dnd5e.ModTempHP && !m.EachTurn:
			temp = max(temp, m.Value)
		case m.Kind == dnd5e.ModCondImmune:
			if _, err := cr.enc.RemoveCondition(cr.comb.ID, string(m.Condition)); err == nil {
				ch.Ended = append(ch.Ended, m.Condition)
			}
		}
	}
	if temp > cr.comb.TempHP {
		tc, err := cr.enc.SetTempHP(cr.comb.ID, min(temp, encounter.MaxHP))
		if err != nil {
			return nil, err
		}
		ch.HP = npcChange(tc)
	}
	return ch, nil
}

// findEffect5e finds one of the creature's stored effects by its id or name (dnd5e.Character.FindEffect).
func (cr *Creature) findEffect5e(name string) (dnd5e.ActiveEffect, bool) {
	if cr.d5 != nil {
		return cr.d5.FindEffect(name)
	}
	probe := &dnd5e.Character{Effects: npcEffects(cr.comb)}
	return probe.FindEffect(name)
}

// removeEffect5e ends the creature's effect called name (its id, a spell or feature name, an item's name).
func (cr *Creature) removeEffect5e(s *scene, name string) (*dnd5e.EffectChange, error) {
	if cr.d5 != nil {
		ch, err := cr.d5.RemoveEffect(name)
		if err == nil {
			cr.dirty = true
		}
		return ch, err
	}
	e, ok := cr.findEffect5e(name)
	if !ok {
		return nil, &dnd5e.Error{Code: dnd5e.ErrUnknownEffect, Args: map[string]any{"Name": cr.comb.Name, "Effect": name}}
	}
	list := slices.DeleteFunc(slices.Clone(npcEffects(cr.comb)), func(x dnd5e.ActiveEffect) bool { return x.ID == e.ID })
	hp, err := cr.putNPCEffects(s, list)
	if err != nil {
		return nil, err
	}
	return &dnd5e.EffectChange{Effect: e, Removed: true, HP: hp}, nil
}

// spendEffects records what a roll used of the creature's effects (a use of guidance, bardic inspiration, a
// duplicate of mirror image; a once-per-turn damage in turn) and returns the ids of the effects that ended.
func (cr *Creature) spendEffects(s *scene, applied []dnd5e.Applied, turn string) ([]string, error) {
	spent := slices.ContainsFunc(applied, func(a dnd5e.Applied) bool { return a.Spent })
	if !spent {
		return nil, nil
	}
	if cr.d5 != nil {
		cr.dirty = true
		return cr.d5.SpendEffects(applied, turn), nil
	}
	kept, ended := dnd5e.SpendEffects(npcEffects(cr.comb), applied)
	_, err := cr.putNPCEffects(s, kept)
	return ended, err
}

// endConcEffects ends the creature's effects tied to caster's concentration on spell and returns them.
func (cr *Creature) endConcEffects(s *scene, caster, spell string) ([]dnd5e.ActiveEffect, error) {
	if cr.d5 != nil {
		ended := cr.d5.EndConcentrationEffects(caster, spell)
		cr.dirty = cr.dirty || len(ended) > 0
		return ended, nil
	}
	kept, ended := dnd5e.EndConcentrationEffects(npcEffects(cr.comb), caster, spell)
	if len(ended) == 0 {
		return nil, nil
	}
	_, err := cr.putNPCEffects(s, kept)
	return ended, err
}
