package dnd5e

import "rulekeeper/rules/dice"

// Repeat saves: spells whose creatures make the save again at the end of each of their turns, the spell ending on
// them with a success (hold person, hold monster, slow, …). Spell.RepeatSave marks them with the ability of the
// repeated save; the caller records a RepeatSave on each creature the spell lands on and rolls it when that
// creature's turn ends. Spells whose repeated saves count successes and failures to three (contagion, flesh to
// stone, prismatic spray and wall) or come only with one of the spell's options (eyebite's sickened) are not marked:
// spell_repeat_test.go lists them with the reason.

// repeatSaves are the spells with a save at the end of each of the affected creature's turns, and its ability.
var repeatSaves = map[string]Ability{
	"blindness_deafness":  Con,
	"confusion":           Wis,
	"hideous_laughter":    Wis,
	"hold_monster":        Wis, // "at the end of each round": on the creature's turn, as the issue asks
	"hold_person":         Wis,
	"power_word_stun":     Con,
	"ray_of_enfeeblement": Con,
	"slow":                Wis,
	"sunburst":            Con, // a creature blinded by it
}

// addRepeatSaves marks the spell table's repeat saves (spell.go's init).
func addRepeatSaves() {
	for id, a := range repeatSaves {
		i, ok := spellIndex[id]
		if !ok {
			panic("repeat: unknown spell " + id)
		}
		spellTable[i].RepeatSave = a
	}
}

// RepeatSave is a save a creature under a spell repeats at the end of each of its turns: a success ends the
// spell's conditions on it (prone stays: the creature stands up with its own movement) and the spell's effect.
type RepeatSave struct {
	Spell      string      `json:"spell"`
	Ability    Ability     `json:"ability"`
	DC         int         `json:"dc"`
	Conditions []Condition `json:"conditions,omitempty"`
	Caster     string      `json:"caster,omitempty"` // the caster's name, for the reply
}

// NewRepeatSave is the repeat save of spell s cast with save DC dc by caster that landed conditions on a
// creature; ok is false when the spell allows none.
func NewRepeatSave(s Spell, dc int, caster string, landed []Condition) (RepeatSave, bool) {
	if s.RepeatSave == "" || dc < 1 {
		return RepeatSave{}, false
	}
	rs := RepeatSave{Spell: s.ID, Ability: s.RepeatSave, DC: dc, Caster: caster}
	for _, c := range landed {
		if c != Prone {
			rs.Conditions = append(rs.Conditions, c)
		}
	}
	return rs, true
}

// Roll rolls the save for a creature described by self (its conditions: a paralyzed creature fails a STR or DEX
// save, not a WIS one) with its saving-throw modifier mod.
func (rs RepeatSave) Roll(self Target, mod int, r dice.Roller) (*RollResult, error) {
	return self.Save(rs.Ability, mod, r, RollOptions{DC: rs.DC})
}

// RepeatSaveFor rolls the save for a character with its own save bonus, effects and conditions.
func (c *Character) RepeatSaveFor(rs RepeatSave, r dice.Roller) (*RollResult, error) {
	return c.Save(rs.Ability, r, RollOptions{DC: rs.DC})
}

// AddRepeat puts rs on a list, replacing an older one of the same spell.
func AddRepeat(list []RepeatSave, rs RepeatSave) []RepeatSave {
	out := make([]RepeatSave, 0, len(list)+1)
	for _, x := range list {
		if x.Spell != rs.Spell {
			out = append(out, x)
		}
	}
	return append(out, rs)
}
