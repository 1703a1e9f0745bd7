package dnd5e

// Spell slots by class and level (SRD class tables). Full casters (bard,
// cleric, druid, sorcerer, wizard) share one table; paladins and rangers use
// the half-caster table from 2nd level; a warlock's Pact Magic slots are all of
// one level and come back on a short rest. Classes without spellcasting have
// none. (Mystic Arcanum, once-a-day 6th–9th-level spells of warlocks 11+, are
// not slots.)

// fullCaster[level-1] are the 1st–9th-level slots of a full caster.
var fullCaster = [20][9]int{
	{2}, {3}, {4, 2}, {4, 3}, {4, 3, 2}, {4, 3, 3}, {4, 3, 3, 1}, {4, 3, 3, 2}, {4, 3, 3, 3, 1},
	{4, 3, 3, 3, 2}, {4, 3, 3, 3, 2, 1}, {4, 3, 3, 3, 2, 1}, {4, 3, 3, 3, 2, 1, 1}, {4, 3, 3, 3, 2, 1, 1},
	{4, 3, 3, 3, 2, 1, 1, 1}, {4, 3, 3, 3, 2, 1, 1, 1}, {4, 3, 3, 3, 2, 1, 1, 1, 1}, {4, 3, 3, 3, 3, 1, 1, 1, 1},
	{4, 3, 3, 3, 3, 2, 1, 1, 1}, {4, 3, 3, 3, 3, 2, 2, 1, 1},
}

// halfCaster[level-1] are the slots of a paladin or ranger (none at 1st level).
var halfCaster = [20][9]int{
	{}, {2}, {3}, {3}, {4, 2}, {4, 2}, {4, 3}, {4, 3}, {4, 3, 2}, {4, 3, 2},
	{4, 3, 3}, {4, 3, 3}, {4, 3, 3, 1}, {4, 3, 3, 1}, {4, 3, 3, 2}, {4, 3, 3, 2},
	{4, 3, 3, 3, 1}, {4, 3, 3, 3, 1}, {4, 3, 3, 3, 2}, {4, 3, 3, 3, 2},
}

// PactSlots returns a warlock's Pact Magic at a level: how many slots, all of slotLevel.
func PactSlots(level int) (count, slotLevel int) {
	level = min(max(level, MinLevel), MaxLevel)
	switch {
	case level == 1:
		return 1, 1
	case level == 2:
		return 2, 1
	case level <= 10:
		return 2, (level + 1) / 2 // 3–4: 2nd, 5–6: 3rd, 7–8: 4th, 9–10: 5th
	case level <= 16:
		return 3, 5
	}
	return 4, 5
}

// PactMagic reports whether the class casts with Pact Magic (the warlock).
func PactMagic(c Class) bool { return c == "warlock" }

// SlotsFor returns the number of 1st–9th-level spell slots (index 0 = 1st) of
// a single-class character of class c at level (clamped to 1–20). Classes
// without spellcasting, and unknown ids, have none.
func SlotsFor(c Class, level int) [9]int {
	level = min(max(level, MinLevel), MaxLevel)
	switch c {
	case "bard", "cleric", "druid", "sorcerer", "wizard":
		return fullCaster[level-1]
	case "paladin", "ranger":
		return halfCaster[level-1]
	case "warlock":
		var out [9]int
		n, l := PactSlots(level)
		out[l-1] = n
		return out
	}
	return [9]int{}
}

// FillSpellSlots sets each slot level's maximum from the class table
// (SlotsFor(c.Class, c.Level)), keeping used slots (capped at the new
// maximum). Call it after creating a character or changing its level.
func (c *Character) FillSpellSlots() {
	slots := SlotsFor(c.Class, c.Level)
	for i, n := range slots {
		c.SpellSlots[i].Max = n
		c.SpellSlots[i].Used = min(c.SpellSlots[i].Used, n)
	}
}

// SlotsLeft is the number of unused slots of a slot level (1–9); 0 outside 1–9.
func (c *Character) SlotsLeft(level int) int {
	if level < 1 || level > 9 {
		return 0
	}
	s := c.SpellSlots[level-1]
	return max(0, s.Max-s.Used)
}

// LowestSlot returns the lowest slot level ≥ minLevel with a slot left, or 0.
func (c *Character) LowestSlot(minLevel int) int {
	for l := max(1, minLevel); l <= 9; l++ {
		if c.SlotsLeft(l) > 0 {
			return l
		}
	}
	return 0
}

// RestorePactSlots regains a warlock's spent Pact Magic slots, as a short rest
// does (ShortRest itself does not touch slots); it returns how many came back.
// Other classes get nothing back.
func (c *Character) RestorePactSlots() int {
	if !PactMagic(c.Class) {
		return 0
	}
	n := 0
	for i := range c.SpellSlots {
		n += c.SpellSlots[i].Used
		c.SpellSlots[i].Used = 0
	}
	return n
}
