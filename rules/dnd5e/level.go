package dnd5e

// What a change of level or class does to the rest of a sheet (/sheet set level and class).

// SlotsFollowTable reports whether the sheet's spell-slot maxima are its class table's (SlotsFor), or all 0 (a
// sheet made before slots were filled in): then a new level or class brings the new table's slots, while slots
// set by hand stay as they are.
func (c *Character) SlotsFollowTable() bool {
	want := SlotsFor(c.Class, c.Level)
	table, none := true, true
	for i, s := range c.SpellSlots {
		table = table && s.Max == want[i]
		none = none && s.Max == 0
	}
	return table || none
}

// SetLevel changes the character's level (ErrBadLevel outside MinLevel–MaxLevel): the Hit Dice of the levels
// gained come with them and levels lost take the surplus away, and spell slots that follow the class table follow
// it to the new level.
func (c *Character) SetLevel(n int) error {
	if n < MinLevel || n > MaxLevel {
		return newError(ErrBadLevel, "Level", n, "Min", MinLevel, "Max", MaxLevel)
	}
	follow := c.SlotsFollowTable()
	c.HitDice = min(n, c.HitDice+max(0, n-c.Level))
	c.Level = n
	if follow {
		c.FillSpellSlots()
	}
	return nil
}

// SetClass changes the character's class (ErrUnknownClass for an unknown id): its saving-throw proficiencies and
// spellcasting ability become the new class's, and spell slots that follow the class table follow the new one.
func (c *Character) SetClass(class Class) error {
	info, ok := class.Info()
	if !ok {
		return newError(ErrUnknownClass, "Class", string(class))
	}
	follow := c.SlotsFollowTable()
	c.Class, c.Saves, c.SpellAbility = class, []Ability{info.Saves[0], info.Saves[1]}, info.Spellcasting
	if follow {
		c.FillSpellSlots()
	}
	return nil
}
