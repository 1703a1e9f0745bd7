package ddb

import (
	"strings"

	"rulekeeper/rules/dnd5e"
)

// defaultSpeed is the walking speed of a race that gives none.
const defaultSpeed = 30

// ddbWalk is D&D Beyond's movement id of walking (customSpeeds).
const ddbWalk = 1

// speed sets the walking speed: the race's (raised by an "innate-speed-walking"
// set value), plus the "speed" and "speed-walking" bonuses (unrestricted, or
// restricted to not wearing heavy armour when no heavy armour is worn), plus
// "unarmored-movement" bonuses when no armour or shield is worn; the sheet's
// custom walking speed replaces it. Bonuses of the sheet's own class are left
// out when that class is a barbarian or a monk: the rules add fast movement
// and unarmored movement themselves (dnd5e.Character.FeatureEffects).
func (b *builder) speed() {
	walk := defaultSpeed
	if w := b.ch.Race.WeightSpeeds.Normal.Walk; w.ok {
		walk = w.Int()
	}
	b.mods.each("set", "innate-speed-walking", func(m activeMod) { walk = max(walk, m.amount()) })
	heavy, armoured := false, false
	for _, it := range b.ch.Inventory {
		if t := armorType(it.Definition); it.Equipped && t != 0 {
			armoured = true
			heavy = heavy || t == armorHeavy
		}
	}
	own := b.classes[b.main].Class
	ownFeature := own == "barbarian" || own == "monk"
	for _, m := range b.mods {
		if m.Type != "bonus" || ownFeature && m.src == srcClass && (m.class == b.main || m.class < 0) {
			continue
		}
		r := strings.ToLower(strings.NewReplacer("’", "'").Replace(strings.TrimSpace(m.Restriction)))
		switch m.SubType {
		case "speed", "speed-walking":
			if r == "" || r == "unless your speed is already higher" || !heavy && r == "while you aren't wearing heavy armor" {
				walk += m.amount()
			}
		case "unarmored-movement":
			if !armoured {
				walk += m.amount()
			}
		}
	}
	for _, cs := range b.ch.CustomSpeeds {
		if cs.MovementID.Int() == ddbWalk && cs.Distance.Int() > 0 {
			walk = cs.Distance.Int()
		}
	}
	b.c.Speed = b.clamp(KindSpeed, "", walk, 0, dnd5e.MaxSpeed)
}
