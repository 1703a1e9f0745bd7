package dnd5e

// Monsters that cast spells (issue 12): a Spellcasting or Innate Spellcasting trait turns the monster into a caster
// the spell rules take — its scores, the trait's ability, class and caster level (cantrips scale with it), a slot of
// every level (an NPC's slots and daily uses are the GM's to count), and the stat block's own spell save DC and
// attack bonus (CastOptions.SaveDC and AttackBonus).

// Caster is the monster as a caster named name with hp hit points, and the options its stat block fixes (its save
// DC and attack bonus, any class's spells); ok is false without a Spellcasting trait. The first trait with a DC
// counts.
func (m *Monster) Caster(name string, hp int) (c *Character, o CastOptions, ok bool) {
	var sc *Spellcasting
	for i := range m.Spellcasting {
		if sc == nil || (sc.DC == 0 && m.Spellcasting[i].DC > 0) {
			sc = &m.Spellcasting[i]
		}
	}
	if sc == nil {
		return nil, CastOptions{}, false
	}
	level := sc.Level
	if level < MinLevel {
		level = max(MinLevel, min(MaxLevel, int(m.CR.Value())))
	}
	class := sc.Class
	if _, known := class.Info(); !known {
		class = "wizard"
	}
	c, err := New(name, class, min(level, MaxLevel), m.Scores)
	if err != nil {
		return nil, CastOptions{}, false
	}
	c.SpellAbility = sc.Ability
	for i := range c.SpellSlots {
		c.SpellSlots[i] = SpellSlot{Max: 1}
	}
	c.HP, c.MaxHP = max(1, hp), max(1, hp, m.HP)
	c.AC = m.AC()
	return c, CastOptions{AnyClass: true, SaveDC: sc.DC, AttackBonus: sc.ToHit}, true
}
