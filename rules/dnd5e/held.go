package dnd5e

// The conditions a concentration spell holds (B6). A concentration spell's conditions that last as long as the
// spell end when the caster's concentration does: a new concentration spell, a failed CON save, or the caster
// incapacitated, dying or dead. The caster's sheet keeps them as a Holding beside its concentration.

// HeldCondition is a condition a concentration spell put on a creature: a character (its sheet id) or an NPC of
// an encounter (the channel and the combatant's id). Name is the creature's name when it was put on, for logs.
type HeldCondition struct {
	Character string    `json:"character,omitempty"`
	Channel   string    `json:"channel,omitempty"`
	Combatant string    `json:"combatant,omitempty"`
	Name      string    `json:"name"`
	Condition Condition `json:"condition"`
}

// Holding is what a caster's concentration holds: the spell the conditions belong to, and the conditions.
type Holding struct {
	Spell      string
	Conditions []HeldCondition
}

// Holds reports whether a condition a spell just put on a creature is held by the caster's concentration: the
// spell is a concentration spell, the caster concentrates on it, the creature did not have the condition before
// (added: a condition it already had stays when the spell ends), and the condition lasts as long as the spell (not
// Fixed).
func Holds(s Spell, k Concentration, sc SpellCondition, added bool) bool {
	return s.Concentration && k.Spell == s.ID && added && !sc.Fixed
}

// Hold adds a held condition of spell s; a holding of another spell is replaced.
func (h *Holding) Hold(s Spell, c HeldCondition) {
	if h.Spell != s.ID {
		*h = Holding{Spell: s.ID}
	}
	h.Conditions = append(h.Conditions, c)
}

// Ended returns the held conditions that end because the caster, whose concentration is now k, no longer
// concentrates on the spell that holds them (none when it still does), and empties the holding.
func (h *Holding) Ended(k Concentration) []HeldCondition {
	if len(h.Conditions) == 0 || (k.Active() && k.Spell == h.Spell) {
		return nil
	}
	out := h.Conditions
	*h = Holding{}
	return out
}

// Kept is what the holding keeps for concentration k: its conditions when k is still the spell that holds them.
func (h Holding) Kept(k Concentration) []HeldCondition {
	if k.Active() && k.Spell == h.Spell {
		return h.Conditions
	}
	return nil
}
