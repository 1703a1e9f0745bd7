package ddb

import (
	"strings"

	"rulekeeper/rules/dnd5e"
)

// ClassLevel is one class of the D&D Beyond sheet.
type ClassLevel struct {
	Name         string         `json:"name"`                    // D&D Beyond's class name
	Class        dnd5e.Class    `json:"class,omitempty"`         // its SRD id ("" for a class rulekeeper does not know)
	Level        int            `json:"level"`                   //
	SubclassName string         `json:"subclass_name,omitempty"` // D&D Beyond's subclass name
	Subclass     dnd5e.Subclass `json:"subclass,omitempty"`      // its SRD id ("" for none or another subclass)
	Starting     bool           `json:"starting,omitempty"`      // the class taken at 1st level
	Mapped       bool           `json:"mapped,omitempty"`        // the class the sheet holds
}

// subclassNames maps D&D Beyond's subclass names (2014 and 2024 books) to the SRD subclasses.
var subclassNames = map[string]dnd5e.Subclass{
	"path of the berserker":    "berserker",
	"college of lore":          "lore",
	"life domain":              "life",
	"circle of the land":       "land",
	"champion":                 "champion",
	"way of the open hand":     "open_hand",
	"warrior of the open hand": "open_hand",
	"oath of devotion":         "devotion",
	"hunter":                   "hunter",
	"thief":                    "thief",
	"draconic bloodline":       "draconic",
	"draconic sorcery":         "draconic",
	"the fiend":                "fiend",
	"fiend patron":             "fiend",
	"school of evocation":      "evocation",
	"evoker":                   "evocation",
}

// clampLevel keeps a class level in 1–20.
func clampLevel(n int) int { return min(max(n, dnd5e.MinLevel), dnd5e.MaxLevel) }

// readClasses lists the sheet's classes with their SRD ids.
func readClasses(ch *character) []ClassLevel {
	out := make([]ClassLevel, len(ch.Classes))
	for i, c := range ch.Classes {
		cl := ClassLevel{Name: strings.TrimSpace(c.Definition.Name), Level: clampLevel(c.Level.Int()), Starting: c.IsStartingClass}
		if id, err := dnd5e.ParseClass(cl.Name); err == nil && !c.Definition.IsHomebrew {
			cl.Class = id
		}
		if c.SubclassDefinition != nil {
			cl.SubclassName = strings.TrimSpace(c.SubclassDefinition.Name)
			if s, ok := subclassNames[strings.ToLower(cl.SubclassName)]; ok && s.Class() == cl.Class {
				cl.Subclass = s
			}
		}
		out[i] = cl
	}
	return out
}

// mainClass picks the class the sheet holds: the SRD class of highest level,
// then the starting class, then the first listed; -1 if there is none.
func mainClass(cls []ClassLevel) int {
	best := -1
	for i, c := range cls {
		if c.Class == "" {
			continue
		}
		if best < 0 || c.Level > cls[best].Level || c.Level == cls[best].Level && c.Starting && !cls[best].Starting {
			best = i
		}
	}
	return best
}

// totalLevel is the character level: every class's level added.
func totalLevel(cls []ClassLevel) int {
	n := 0
	for _, c := range cls {
		n += c.Level
	}
	return n
}

// reportClasses lists the classes and subclasses the sheet does not hold, and
// the proficiency bonus the single class loses against the total level.
func (b *builder) reportClasses() {
	for i, c := range b.classes {
		switch {
		case c.Class == "":
			b.report(Unmapped{Kind: KindClass, Name: c.Name, ID: b.ch.Classes[i].Definition.ID.Int(), Reason: ReasonClassNotSRD, Level: c.Level})
		case i != b.main:
			b.report(Unmapped{Kind: KindClass, Name: c.Name, ID: b.ch.Classes[i].Definition.ID.Int(), Reason: ReasonSecondClass, Level: c.Level})
		case c.SubclassName != "" && c.Subclass == "":
			b.report(Unmapped{Kind: KindSubclass, Name: c.SubclassName, ID: b.ch.Classes[i].SubclassDefinition.ID.Int(), Reason: ReasonSubclassNotSRD})
		}
	}
	total := totalLevel(b.classes)
	level := b.classes[b.main].Level
	if lost := dnd5e.ProficiencyBonus(total) - dnd5e.ProficiencyBonus(level); lost > 0 {
		b.report(Unmapped{Kind: KindLevel, Reason: ReasonProficiency, Level: total, Value: lost})
	}
}
