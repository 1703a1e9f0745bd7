package ddb

import (
	"rulekeeper/rules/dnd5e"
)

// D&D Beyond's armour type ids (definition.armorTypeId).
const (
	armorLight  = 1
	armorMedium = 2
	armorHeavy  = 3
	armorShield = 4
)

// mediumDexCap is the DEX a medium armour adds at most (raised by an
// "ac-max-dex-armored-modifier" set value: medium armor master).
const mediumDexCap = 2

// armorType is an item's armour type id (0 = not armour), from armorTypeId
// or, when that is missing, its type name.
func armorType(d itemDef) int {
	if t := d.ArmorTypeID.Int(); t >= armorLight && t <= armorShield {
		return t
	}
	switch d.Type {
	case "Light Armor":
		return armorLight
	case "Medium Armor":
		return armorMedium
	case "Heavy Armor":
		return armorHeavy
	case "Shield":
		return armorShield
	}
	return 0
}

// itemACBonus is the "armor-class" bonus an item in use grants (a +1 armour, a ring of protection).
func itemACBonus(it item) int {
	if !activeItem(it) {
		return 0
	}
	n := 0
	for _, m := range it.Definition.GrantedModifiers {
		if m.Type == "bonus" && m.SubType == "armor-class" && (m.IsGranted == nil || *m.IsGranted) {
			n += m.amount()
		}
	}
	return n
}

// armorClass computes the AC as D&D Beyond does: its override when the sheet
// has one; else the best of the worn armours (light: + DEX, medium: + DEX up
// to 2, heavy: no DEX; each with its magic bonus and the "armored-armor-class"
// bonuses, defense fighting style) or, with no armour, the best of 10 + DEX,
// unarmoured defence ("unarmored-armor-class" set values: + CON for a
// barbarian, + WIS for a monk, who loses it with a shield; + a fixed value
// for draconic resilience) and natural armour ("minimum-base-armor": base +
// DEX unless "unarmored-dex-ac-bonus" is ignored) + the "unarmored-armor-class"
// bonuses; then + the best shield with its magic, + the AC bonuses of other
// items in use (ring of protection) and of race, class and feats, + the
// sheet's magic and misc AC bonuses.
func (b *builder) armorClass() {
	for _, v := range b.ch.CharacterValues {
		if v.TypeID.Int() == cvACOverride && v.Value.ok && v.Value.Int() > 0 {
			b.c.AC = b.clamp(KindAC, "", v.Value.Int(), dnd5e.MinAC, dnd5e.MaxAC)
			return
		}
	}
	dex := b.c.Mod(dnd5e.Dex)
	armour, shield, gear := -1, 0, 0
	hasShield := false
	for _, it := range b.ch.Inventory {
		if !it.Equipped {
			continue
		}
		switch t := armorType(it.Definition); t {
		case 0:
			gear += itemACBonus(it)
		case armorShield:
			hasShield = true
			shield = max(shield, it.Definition.ArmorClass.Int()+itemACBonus(it))
		default:
			armour = max(armour, b.armourAC(it, t, dex))
		}
	}
	base := armour
	if armour < 0 {
		base = b.unarmouredAC(dex, hasShield)
	}
	other := 0
	b.mods.each("bonus", "armor-class", func(m activeMod) {
		if m.src != srcItem && !m.restricted() {
			other += m.amount()
		}
	})
	for _, v := range b.ch.CharacterValues {
		switch v.TypeID.Int() {
		case cvACMagic, cvACMisc:
			other += v.Value.Int()
		case cvACBaseOverride:
			if v.Value.ok {
				b.report(Unmapped{Kind: KindAC, Reason: ReasonOverride, Value: v.Value.Int()})
			}
		}
	}
	b.c.AC = b.clamp(KindAC, "", base+shield+gear+other, dnd5e.MinAC, dnd5e.MaxAC)
}

// armourAC is the AC of wearing one armour of type t, before shield and other bonuses.
func (b *builder) armourAC(it item, t, dex int) int {
	ac := it.Definition.ArmorClass.Int() + itemACBonus(it) + b.mods.sum("bonus", "armored-armor-class")
	switch t {
	case armorLight:
		return ac + dex
	case armorMedium:
		limit := mediumDexCap
		b.mods.each("set", "ac-max-dex-armored-modifier", func(m activeMod) { limit = max(limit, m.amount()) })
		return ac + min(dex, limit)
	}
	return ac
}

// unarmouredAC is the best AC without armour, before shield and other bonuses.
func (b *builder) unarmouredAC(dex int, shield bool) int {
	best := 10 + dex
	b.mods.each("set", "unarmored-armor-class", func(m activeMod) {
		ab := abilityOf(m.StatID.Int())
		if ab == dnd5e.Wis && shield { // a monk's unarmored defense needs no shield
			return
		}
		v := 10 + dex + m.amount()
		if ab != "" {
			v += b.c.Mod(ab)
		}
		best = max(best, v)
	})
	natDex := dex
	if b.mods.has("ignore", "unarmored-dex-ac-bonus") {
		natDex = 0
	}
	b.mods.each("set", "minimum-base-armor", func(m activeMod) { best = max(best, m.amount()+natDex) })
	return best + b.mods.sum("bonus", "unarmored-armor-class")
}
