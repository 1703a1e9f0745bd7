package dnd5e

import "rulekeeper/rules/dice"

// Applying what a cast reports beyond damage, healing and conditions.

// Revive brings a dead character back to life (revivify, raise dead,
// resurrection) with hp hit points (-1 or more than the maximum: all of
// them): conscious, death saves reset, unconscious removed. Exhaustion, other
// conditions and effects stay. Refused unless dead.
func (c *Character) Revive(hp int) (*HPChange, error) {
	if c.State != Dead {
		return nil, newError(ErrNotDead, "Name", c.Name)
	}
	if hp == 0 || hp < -1 || hp > MaxHPLimit {
		return nil, newError(ErrBadAmount, "Amount", hp, "Max", MaxHPLimit)
	}
	if hp < 0 || hp > c.EffectiveMaxHP() {
		hp = c.EffectiveMaxHP()
	}
	ch := c.hpSnapshot(hp)
	c.HP = hp
	ch.Applied = hp
	c.wake(ch)
	return c.hpFinish(ch), nil
}

// CureResult reports what ApplyCure ended.
type CureResult struct {
	Conditions []Condition      `json:"conditions,omitempty"`
	Exhaustion *ConditionChange `json:"exhaustion,omitempty"`
	Effects    []string         `json:"effects,omitempty"`
}

// ApplyCure ends on the character what a spell's cure ends. With cure.One
// the caller names the one to end in pick (a condition id, or "exhaustion");
// an empty pick ends the first the character has. Conditions it does not have
// are skipped.
func (c *Character) ApplyCure(cure SpellCure, pick string) *CureResult {
	res := &CureResult{}
	exhaustion := cure.Exhaustion > 0 && c.Exhaustion > 0
	if cure.One && pick != string(Exhaustion) {
		for _, id := range cure.Conditions {
			if (pick == "" || pick == string(id)) && c.removeCondition(id) {
				res.Conditions = append(res.Conditions, id)
				break
			}
		}
		exhaustion = exhaustion && pick == "" && len(res.Conditions) == 0
	} else if !cure.One {
		for _, id := range cure.Conditions {
			if c.removeCondition(id) {
				res.Conditions = append(res.Conditions, id)
			}
		}
	}
	if exhaustion {
		res.Exhaustion, _ = c.SetExhaustion(max(0, c.Exhaustion-cure.Exhaustion))
	}
	for _, id := range cure.Effects {
		if c.effectIndex(id) >= 0 {
			c.dropEffects(func(e ActiveEffect) bool { return e.ID == id })
			res.Effects = append(res.Effects, id)
		}
	}
	return res
}

// DispelResult is a counterspell or dispel magic against one spell.
type DispelResult struct {
	Level     int         `json:"level"`           // the level of the spell to end
	Slot      int         `json:"slot"`            // the level counterspell or dispel magic was cast at
	Automatic bool        `json:"automatic"`       // Level ≤ Slot: it ends with no check
	DC        int         `json:"dc,omitempty"`    // 10 + Level
	Check     *RollResult `json:"check,omitempty"` // the spellcasting ability check
	Success   bool        `json:"success"`
}

// DispelCheck resolves counterspell or dispel magic cast at slot against a
// spell of level (0–9): a spell of the slot's level or lower ends; a higher
// one ends on a spellcasting ability check against DC 10 + its level (the
// character's effects and conditions apply to the check; o.DC is ignored).
func (c *Character) DispelCheck(level, slot int, r dice.Roller, o RollOptions) (*DispelResult, error) {
	if err := c.canAct(); err != nil {
		return nil, err
	}
	if c.SpellAbility == "" {
		return nil, newError(ErrNotACaster, "Name", c.Name)
	}
	if level < 0 || level > 9 || slot < 1 || slot > 9 {
		return nil, newError(ErrBadSlotLevel, "Slot", slot, "Max", 9)
	}
	res := &DispelResult{Level: level, Slot: slot}
	if level <= slot {
		res.Automatic, res.Success = true, true
		return res, nil
	}
	res.DC = 10 + level
	o.DC = res.DC
	check, err := c.AbilityCheck(c.SpellAbility, r, o)
	if err != nil {
		return nil, err
	}
	res.Check = check
	res.Success = check.Outcome == OutcomeSuccess
	return res, nil
}
