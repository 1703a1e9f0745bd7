package dnd5e

import "strconv"

// Spell slots from features: arcane recovery and natural recovery regain
// spent slots; a sorcerer's flexible casting turns slots and sorcery points
// into each other.

// RecoverSlots uses arcane recovery (wizard) or natural recovery (land
// druid), once per long rest after a short rest: it regains the spent spell
// slots of the levels given, each 1st–5th, whose levels add up to at most
// ArcaneRecoveryLevels.
func (c *Character) RecoverSlots(feature string, levels []int) (*FeatureUse, error) {
	if feature != "arcane_recovery" && feature != "natural_recovery" {
		return nil, newError(ErrUnknownFeature, "Feature", feature)
	}
	r, ok := c.FindResource(feature)
	if !ok {
		return nil, newError(ErrNoFeature, "Name", c.Name, "Feature", feature)
	}
	limit := ArcaneRecoveryLevels(c.Level)
	sum := 0
	need := map[int]int{}
	for _, l := range levels {
		if l < 1 || l > 5 {
			return nil, newError(ErrBadRecovery, "Levels", levelsText(levels), "Max", limit)
		}
		sum += l
		need[l]++
	}
	if len(levels) == 0 || sum > limit {
		return nil, newError(ErrBadRecovery, "Levels", levelsText(levels), "Max", limit)
	}
	for l, n := range need {
		if c.SpellSlots[l-1].Used < n {
			return nil, newError(ErrNoSlotSpent, "Name", c.Name, "Slot", l)
		}
	}
	if r.Left() < 1 {
		return nil, newError(ErrNoUsesLeft, "Name", c.Name, "Feature", feature, "Max", r.Max)
	}
	ch, _ := c.SpendResource(feature, 1)
	for _, l := range levels {
		c.SpellSlots[l-1].Used--
	}
	return &FeatureUse{Feature: feature, Resource: ch, Slots: append([]int(nil), levels...)}, nil
}

func levelsText(levels []int) string {
	s := ""
	for i, l := range levels {
		if i > 0 {
			s += "+"
		}
		s += strconv.Itoa(l)
	}
	return s
}

// CreateSlot is a sorcerer's flexible casting: SlotCost(slot) sorcery points
// regain a spent spell slot of slot level (1st–5th). (A slot beyond the
// class maximum cannot be stored, so only a spent one comes back.)
func (c *Character) CreateSlot(slot int) (*FeatureUse, error) {
	cost := SlotCost(slot)
	if cost == 0 {
		return nil, newError(ErrBadSlotLevel, "Slot", slot, "Max", 5)
	}
	if c.SpellSlots[slot-1].Used == 0 {
		return nil, newError(ErrNoSlotSpent, "Name", c.Name, "Slot", slot)
	}
	ch, err := c.SpendResource("sorcery_points", cost)
	if err != nil {
		return nil, err
	}
	c.SpellSlots[slot-1].Used--
	return &FeatureUse{Feature: "sorcery_points", Resource: ch, Slots: []int{slot}}, nil
}

// ConvertSlot is the other way: a spell slot of slot level (1st–9th) is
// spent for as many sorcery points (up to the maximum).
func (c *Character) ConvertSlot(slot int) (*FeatureUse, error) {
	if _, ok := c.FindResource("sorcery_points"); !ok {
		return nil, newError(ErrNoFeature, "Name", c.Name, "Feature", "sorcery_points")
	}
	if slot < 1 || slot > 9 {
		return nil, newError(ErrBadSlotLevel, "Slot", slot, "Max", 9)
	}
	if c.SlotsLeft(slot) == 0 {
		return nil, newError(ErrNoSlotLeft, "Name", c.Name, "Slot", slot, "Max", c.SpellSlots[slot-1].Max)
	}
	c.SpellSlots[slot-1].Used++
	ch, _ := c.RestoreResource("sorcery_points", slot)
	return &FeatureUse{Feature: "sorcery_points", Resource: ch, Slots: []int{slot}}, nil
}
