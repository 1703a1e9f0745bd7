package play

import (
	"slices"

	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// Effects that end with their caster's concentration (bless, haste, faerie fire, hunter's mark …). Each such effect
// names its caster and spell (dnd5e.ConcLink); the caster's sheet keeps, beside its concentration, the creatures it
// put them on (a sheet id, or a channel and a combatant id), as it keeps the conditions its spell holds
// (concentration.go). When the concentration ends — in the same places the held conditions end — every bearer loses
// the effects tied to it, in this channel or another; bearers that are gone are skipped.

// effectBearer is a creature that got effects of a concentration spell.
type effectBearer struct {
	Character string `json:"character,omitempty"` // a sheet id
	Channel   string `json:"channel,omitempty"`   // an NPC: its encounter's channel and its combatant id
	Combatant string `json:"combatant,omitempty"`
	Name      string `json:"name"`
}

// bearerHolding is what a caster's concentration keeps: the spell, and who bears its effects.
type bearerHolding struct {
	Spell   string
	Bearers []effectBearer
}

// hold records a bearer of spell's effects (a holding of another spell is replaced; each bearer once).
func (h *bearerHolding) hold(spell string, b effectBearer) {
	if h.Spell != spell {
		*h = bearerHolding{Spell: spell}
	}
	if !slices.ContainsFunc(h.Bearers, func(x effectBearer) bool {
		return x.Character == b.Character && x.Channel == b.Channel && x.Combatant == b.Combatant
	}) {
		h.Bearers = append(h.Bearers, b)
	}
}

// ended returns the bearers whose effects end because the caster, whose concentration is now k, no longer
// concentrates on their spell, with that spell, and empties the holding.
func (h *bearerHolding) ended(k dnd5e.Concentration) (string, []effectBearer) {
	if len(h.Bearers) == 0 || (k.Active() && k.Spell == h.Spell) {
		return "", nil
	}
	spell, out := h.Spell, h.Bearers
	*h = bearerHolding{}
	return spell, out
}

// kept is what the holding keeps for concentration k.
func (h bearerHolding) kept(k dnd5e.Concentration) []effectBearer {
	if k.Active() && k.Spell == h.Spell {
		return h.Bearers
	}
	return nil
}

// bearerOf is the record of a creature as a bearer.
func bearerOf(cr *Creature) effectBearer {
	b := effectBearer{Name: cr.Name()}
	if cr.ch != nil {
		b.Character = cr.ch.ID
	} else {
		b.Channel, b.Combatant = cr.channel, cr.comb.ID
	}
	return b
}

// EffectEnded is an effect that ended on a creature.
type EffectEnded struct {
	Name   string             `json:"name"`   // the bearer
	Effect dnd5e.ActiveEffect `json:"effect"` // the effect as it was
}

// endHeldEffects ends the effects of holder's concentration spell on every bearer when holder no longer
// concentrates on it (force: it ended even if the same spell was cast again), and tells the holder which ended.
func (s *scene) endHeldEffects(holder *Creature, force bool) error {
	k := holder.conc
	if force {
		k = dnd5e.Concentration{}
	}
	spell, bearers := holder.bearers.ended(k)
	if len(bearers) == 0 {
		return nil
	}
	holder.dirty = true
	caster := holder.Name()
	for _, b := range bearers {
		cr, err := s.bearer(b)
		if err != nil {
			return err
		}
		if cr == nil {
			continue
		}
		ended, err := cr.endConcEffects(s, caster, spell)
		if err != nil {
			return err
		}
		for _, e := range ended {
			holder.effectsEnded = append(holder.effectsEnded, EffectEnded{Name: cr.Name(), Effect: e})
		}
	}
	return nil
}

// bearer loads a bearer's creature; nil when it is gone (a deleted sheet, another system, a combatant that left).
func (s *scene) bearer(b effectBearer) (*Creature, error) {
	if b.Character != "" {
		return s.sheet5eByID(b.Character)
	}
	e, err := s.encounter(b.Channel)
	if err != nil || e == nil {
		return nil, err
	}
	for _, comb := range e.Combatants {
		if comb.ID == b.Combatant && comb.Kind == encounter.KindNPC {
			return s.npc(e, b.Channel, comb), nil
		}
	}
	return nil, nil
}
