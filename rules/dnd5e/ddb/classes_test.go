package ddb

import (
	"testing"

	"rulekeeper/rules/dnd5e"
)

// classEntry is a classes[] entry for the tests.
func classEntry(id int, name string, level int, starting bool, sub string, extra ...any) obj {
	c := obj{"id": id, "level": level, "isStartingClass": starting, "hitDiceUsed": 0,
		"definition": obj{"id": id, "name": name}}
	if sub != "" {
		c["subclassDefinition"] = obj{"id": id + 1000, "name": sub}
	}
	def := c["definition"].(obj)
	for i := 0; i+1 < len(extra); i += 2 {
		def[extra[i].(string)] = extra[i+1]
	}
	return c
}

// TestClassChoice: the sheet's class is the SRD class of highest level, then the starting one.
func TestClassChoice(t *testing.T) {
	tests := []struct {
		name     string
		classes  list
		class    dnd5e.Class
		level    int
		subclass dnd5e.Subclass
		reports  []Unmapped
	}{
		{"higher level wins", list{classEntry(1, "Rogue", 2, true, ""), classEntry(2, "Fighter", 3, false, "Champion")},
			"fighter", 3, "champion", []Unmapped{{Kind: KindClass, Name: "Rogue", ID: 1, Reason: ReasonSecondClass, Level: 2},
				{Kind: KindLevel, Reason: ReasonProficiency, Level: 5, Value: 1}}},
		{"tie: starting class", list{classEntry(1, "Rogue", 3, false, ""), classEntry(2, "Fighter", 3, true, "")},
			"fighter", 3, "", []Unmapped{{Kind: KindClass, Name: "Rogue", ID: 1, Reason: ReasonSecondClass, Level: 3},
				{Kind: KindLevel, Reason: ReasonProficiency, Level: 6, Value: 1}}},
		{"class not SRD", list{classEntry(1, "Artificer", 4, true, ""), classEntry(2, "Wizard", 2, false, "")},
			"wizard", 2, "", []Unmapped{{Kind: KindClass, Name: "Artificer", ID: 1, Reason: ReasonClassNotSRD, Level: 4},
				{Kind: KindLevel, Reason: ReasonProficiency, Level: 6, Value: 1}}},
		{"subclass not SRD", list{classEntry(1, "Fighter", 5, true, "Battle Master")},
			"fighter", 5, "", []Unmapped{{Kind: KindSubclass, Name: "Battle Master", ID: 1001, Reason: ReasonSubclassNotSRD}}},
		{"2024 subclass names", list{classEntry(1, "Monk", 3, true, "Warrior of the Open Hand")}, "monk", 3, "open_hand", nil},
		{"another class's subclass name", list{classEntry(1, "Fighter", 3, true, "Thief")},
			"fighter", 3, "", []Unmapped{{Kind: KindSubclass, Name: "Thief", ID: 1001, Reason: ReasonSubclassNotSRD}}},
		{"class name in any case", list{classEntry(1, "WIZARD", 1, true, "")}, "wizard", 1, "", nil},
		{"level clamped to 20", list{classEntry(1, "Fighter", 25, true, "")}, "fighter", 20, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			im := mustMutated(t, "fighter.json", func(d obj) {
				d["classes"] = tt.classes
				d["race"] = nil
			})
			c := im.Character
			check(t, "class", c.Class, tt.class)
			check(t, "level", c.Level, tt.level)
			check(t, "subclass", c.Subclass, tt.subclass)
			check(t, "unmapped", im.Unmapped, tt.reports)
		})
	}
}

// TestMulticlassModifiers: a class modifier not available to multiclassing
// counts from the starting class only.
func TestMulticlassModifiers(t *testing.T) {
	im := mustMutated(t, "fighter.json", func(d obj) {
		d["classes"] = list{
			classEntry(1, "Fighter", 3, true, "", "classFeatures", list{obj{"id": 11, "name": "Proficiencies"}}),
			classEntry(2, "Rogue", 2, false, "", "classFeatures", list{obj{"id": 21, "name": "Proficiencies"}}),
		}
		d["modifiers"].(obj)["class"] = list{
			m("proficiency", "strength-saving-throws", nil, "componentId", 11, "availableToMulticlass", false),
			m("proficiency", "dexterity-saving-throws", nil, "componentId", 21, "availableToMulticlass", false),
			m("proficiency", "stealth", nil, "componentId", 21, "availableToMulticlass", true),
			m("proficiency", "arcana", nil, "componentId", 99, "availableToMulticlass", false), // not a class feature: kept
		}
	})
	check(t, "saves", im.Character.Saves, []dnd5e.Ability{dnd5e.Str})
	check(t, "skills", im.Character.Skills, []dnd5e.Skill{"arcana", "athletics", "intimidation", "stealth"})
}

// TestSpellSlots: single-class tables, the multiclass table, third casters, pact magic, used slots.
func TestSpellSlots(t *testing.T) {
	ek := func(level int) obj {
		c := classEntry(1, "Fighter", level, true, "Eldritch Knight")
		c["subclassDefinition"].(obj)["spellCastingAbilityId"] = 4
		return c
	}
	tests := []struct {
		name    string
		classes list
		used    list
		want    [9]dnd5e.SpellSlot
		ability dnd5e.Ability
	}{
		{"paladin 1: none", list{classEntry(1, "Paladin", 1, true, "")}, nil, slotsOf(), dnd5e.Cha},
		{"paladin 5: 4/2", list{classEntry(1, "Paladin", 5, true, "")}, nil, slotsOf(4, 0, 2, 0), dnd5e.Cha},
		{"eldritch knight 2: none", list{ek(2)}, nil, slotsOf(), dnd5e.Int},
		{"eldritch knight 7: 4/2", list{ek(7)}, nil, slotsOf(4, 0, 2, 0), dnd5e.Int},
		{"cleric 3 / druid 2: caster level 5", list{classEntry(1, "Cleric", 3, true, ""), classEntry(2, "Druid", 2, false, "")},
			nil, slotsOf(4, 0, 3, 0, 2, 0), dnd5e.Wis},
		{"paladin 3 / sorcerer 2: 1 + 2 = 3", list{classEntry(1, "Paladin", 3, true, ""), classEntry(2, "Sorcerer", 2, false, "")},
			nil, slotsOf(4, 0, 2, 0), dnd5e.Cha},
		{"artificer 3 (rounded up) / wizard 2", list{classEntry(1, "Artificer", 3, true, ""), classEntry(2, "Wizard", 2, false, "")},
			nil, slotsOf(4, 0, 3, 0), dnd5e.Int},
		{"homebrew caster by its spell rules", list{classEntry(1, "Fighter", 1, true, ""),
			classEntry(2, "Mystic", 4, false, "", "canCastSpells", true, "spellRules", obj{"multiClassSpellSlotDivisor": 1}, "spellCastingAbilityId", 5)},
			nil, slotsOf(4, 0, 3, 0), dnd5e.Wis},
		{"warlock 5 / wizard 3: pact slots join the 3rd level", list{classEntry(1, "Warlock", 5, true, ""), classEntry(2, "Wizard", 3, false, "")},
			list{obj{"level": 1, "used": 9}, obj{"level": 3, "used": 1}}, slotsOf(4, 4, 2, 0, 2, 1), dnd5e.Cha},
		{"fighter 5 / wizard 2: the wizard's ability", list{classEntry(1, "Fighter", 5, true, ""), classEntry(2, "Wizard", 2, false, "")},
			nil, slotsOf(3, 0), dnd5e.Int},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			im := mustMutated(t, "fighter.json", func(d obj) {
				d["classes"] = tt.classes
				d["spellSlots"] = tt.used
				d["pactMagic"] = nil
			})
			check(t, "slots", im.Character.SpellSlots, tt.want)
			check(t, "spell ability", im.Character.SpellAbility, tt.ability)
		})
	}
}

// TestSpells: prepared or known, granted spells, duplicates, homebrew.
func TestSpells(t *testing.T) {
	sp := func(name string, level int, extra ...any) obj {
		s := obj{"definition": obj{"id": 1, "name": name, "level": level}}
		for i := 0; i+1 < len(extra); i += 2 {
			if extra[i] == "isHomebrew" {
				s["definition"].(obj)["isHomebrew"] = extra[i+1]
				continue
			}
			s[extra[i].(string)] = extra[i+1]
		}
		return s
	}
	im := mustMutated(t, "wizard.json", func(d obj) {
		d["classSpells"] = list{obj{"characterClassId": 50003, "spells": list{
			sp("Sleep", 1), sp("Light", 0), sp("Hunter's Mark", 1, "prepared", true), sp("Mirror Image", 2, "alwaysPrepared", true),
			sp("Witch Bolt", 1, "isHomebrew", true), sp("", 1)}},
			obj{"characterClassId": 12345, "spells": list{sp("Bless", 1)}}}
		d["spells"] = obj{"race": list{sp("Light", 0)}, "item": list{sp("Sleep", 1)}, "feat": list{sp("Misty Step", 2)}, "background": nil}
	})
	check(t, "spells", im.Spells, []Spell{
		{ID: "sleep", Level: 1, Prepared: true, Class: "wizard", Source: "class"}, // prepared by the item copy
		{ID: "light", Level: 0, Prepared: true, Class: "wizard", Source: "class"},
		{ID: "hunters_mark", Level: 1, Prepared: true, Class: "wizard", Source: "class"},
		{ID: "mirror_image", Level: 2, Prepared: true, Class: "wizard", Source: "class"},
		{ID: "bless", Level: 1, Source: "class"}, // a class id the sheet does not list
		{ID: "misty_step", Level: 2, Prepared: true, Source: "feat"},
	})
	if !hasUnmapped(im, KindSpell, ReasonHomebrew, "Witch Bolt") {
		t.Errorf("homebrew spell not reported: %v", im.Unmapped)
	}
}
