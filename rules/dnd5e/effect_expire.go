package dnd5e

import "strings"

// When effects end: turns, rests and concentration.

// TurnEvent is the start or the end of a creature's turn in an encounter.
type TurnEvent struct {
	Who string // the creature whose turn it is, by name (as in Duration.Turn and ConcLink.Caster)
	End bool   // the turn ends (false: it starts)
}

// TickEffects applies a turn event to an effect list whose bearer is named
// bearer, and returns the effects kept and those that ended:
//   - at the end of a turn, ForRounds effects counted on that creature (Turn,
//     or the bearer when Turn is "") lose a round and end at 0;
//   - at the start of a turn, UntilTurnStart effects of that creature end, and
//     UntilTurnEnd effects of that creature are marked begun;
//   - at the end of a turn, begun UntilTurnEnd effects of that creature end.
//
// Call it for every creature with effects at every turn start and end (an
// effect may count another creature's turns: guiding bolt's advantage lasts
// until the end of the caster's next turn).
func TickEffects(list []ActiveEffect, bearer string, ev TurnEvent) (kept, ended []ActiveEffect) {
	for _, e := range list {
		d := &e.Duration
		whose := d.Turn
		if whose == "" {
			whose = bearer
		}
		mine := sameName(whose, ev.Who)
		switch {
		case !mine:
		case d.Kind == ForRounds && ev.End:
			d.Rounds--
			if d.Rounds <= 0 {
				ended = append(ended, e)
				continue
			}
		case d.Kind == UntilTurnStart && !ev.End:
			ended = append(ended, e)
			continue
		case d.Kind == UntilTurnEnd && !ev.End:
			d.Begun = true
		case d.Kind == UntilTurnEnd && ev.End && d.Begun:
			ended = append(ended, e)
			continue
		}
		kept = append(kept, e)
	}
	return kept, ended
}

func sameName(a, b string) bool {
	return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b))
}

// TurnReport is what a turn event did to a sheet's effects.
type TurnReport struct {
	Ended []ActiveEffect `json:"ended,omitempty"`
	// TempHP: temporary hit points an effect grants at the start of the
	// bearer's turn (heroism); nil when none.
	TempHP *HPChange `json:"temp_hp,omitempty"`
	// Healed: hit points an effect or feature restores at the start of the
	// bearer's turn (regenerate, survivor); nil when none.
	Healed *HPChange `json:"healed,omitempty"`
}

// OnTurn applies a turn event to the character's stored effects
// (TickEffects with the character as bearer). At the start of its own turn,
// a living character gets the temporary hit points of its EachTurn temp_hp
// mods (the larger pool is kept) and regains the hit points of its
// regeneration mods and, with the survivor feature, 5 + CON modifier when it
// has at most half its hit points (but more than 0). A max_hp effect that
// ends caps the hit points.
func (c *Character) OnTurn(ev TurnEvent) *TurnReport {
	rep := &TurnReport{}
	kept, ended := TickEffects(c.Effects, c.Name, ev)
	c.replaceEffects(kept)
	rep.Ended = ended
	if ev.End || !sameName(ev.Who, c.Name) || c.State == Dead {
		return rep
	}
	temp := 0
	for _, e := range c.AllEffects() {
		for _, m := range e.Mods {
			if m.Kind == ModTempHP && m.EachTurn {
				temp = max(temp, m.Value)
			}
		}
	}
	if temp > 0 && c.State == Conscious {
		rep.TempHP, _ = c.SetTempHP(temp)
	}
	heal := 0
	for _, e := range c.AllEffects() {
		for _, m := range e.Mods {
			if m.Kind == ModRegen {
				heal += m.Value
			}
		}
	}
	if c.HasFeature("survivor") && c.State == Conscious && c.HP <= c.EffectiveMaxHP()/2 {
		heal += 5 + c.Mod(Con)
	}
	if heal > 0 {
		rep.Healed, _ = c.Heal(min(heal, MaxHPLimit))
	}
	return rep
}

// EndConcentrationEffects ends the effects of list tied to caster's
// concentration on spell ("" = on any spell): caster lost or dropped it.
func EndConcentrationEffects(list []ActiveEffect, caster, spell string) (kept, ended []ActiveEffect) {
	for _, e := range list {
		if e.Conc != nil && sameName(e.Conc.Caster, caster) && (spell == "" || e.Conc.Spell == spell) {
			ended = append(ended, e)
			continue
		}
		kept = append(kept, e)
	}
	return kept, ended
}

// EndConcentrationEffects ends the character's effects tied to caster's
// concentration on spell ("" = any spell) and caps its hit points (aid is
// not a concentration spell, but a house effect may be). It returns them.
func (c *Character) EndConcentrationEffects(caster, spell string) []ActiveEffect {
	kept, ended := EndConcentrationEffects(c.Effects, caster, spell)
	c.replaceEffects(kept)
	return ended
}

// replaceEffects sets the stored effects to list and caps the hit points at
// the new maximum; it returns the HP change when the maximum changed.
func (c *Character) replaceEffects(list []ActiveEffect) *HPChange {
	hp := c.hpSnapshot(0)
	c.Effects = list
	if len(c.Effects) == 0 {
		c.Effects = nil
	}
	if c.EffectiveMaxHP() == hp.MaxBefore {
		return nil
	}
	c.HP = min(c.HP, c.EffectiveMaxHP())
	return c.hpFinish(hp)
}

// Rounds that pass during a rest (1 hour, 8 hours).
const (
	shortRestRounds = 600
	longRestRounds  = 4800
)

// restEffects ends the effects a rest ends: UntilShortRest on any rest,
// UntilLongRest on a long one, turn-bound ones, and timed ones that run out
// during the rest (1 hour or 8 hours); the others lose the rest's rounds.
func restEffects(list []ActiveEffect, long bool) (kept, ended []ActiveEffect) {
	passes := shortRestRounds
	if long {
		passes = longRestRounds
	}
	for _, e := range list {
		switch e.Duration.Kind {
		case UntilShortRest, UntilTurnStart, UntilTurnEnd:
			ended = append(ended, e)
			continue
		case UntilLongRest:
			if long {
				ended = append(ended, e)
				continue
			}
		case ForRounds:
			if e.Duration.Rounds <= passes {
				ended = append(ended, e)
				continue
			}
			e.Duration.Rounds -= passes
		}
		kept = append(kept, e)
	}
	return kept, ended
}

// RestEffects applies a rest (long or short) to any effect list: see restEffects.
func RestEffects(list []ActiveEffect, long bool) (kept, ended []ActiveEffect) {
	return restEffects(list, long)
}
