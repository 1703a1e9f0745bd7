package ddb

import (
	"encoding/json"
	"strings"

	"rulekeeper/rules/dnd5e"
)

// Import is what Parse makes of a D&D Beyond character.
type Import struct {
	// Character is the sheet, valid (dnd5e.Character.Validate).
	Character *dnd5e.Character `json:"character"`
	ID        int              `json:"id,omitempty"`   // D&D Beyond's character id
	Race      string           `json:"race,omitempty"` // D&D Beyond's race name (fullName)
	// Classes lists every class of the D&D Beyond sheet; Mapped marks the one the sheet holds.
	Classes []ClassLevel `json:"classes"`
	// Spells the character knows or has prepared that are SRD spells, in sheet order.
	Spells []Spell `json:"spells,omitempty"`
	// Weapons notes thrown, versatile and range of the sheet attacks made from weapons.
	Weapons []Weapon `json:"weapons,omitempty"`
	// Unmapped lists what the sheet does not hold, in the order found.
	Unmapped []Unmapped `json:"unmapped,omitempty"`
}

// builder holds one Parse's state.
type builder struct {
	ch      *character
	mods    mods
	classes []ClassLevel
	main    int // index of the sheet's class in classes
	c       *dnd5e.Character
	out     *Import
}

func (b *builder) report(u Unmapped) { b.out.Unmapped = append(b.out.Unmapped, u) }

// Parse reads a D&D Beyond character (the character-service v5 JSON: the
// service's {"success":true,"data":{…}} answer, or the bare data object) and
// maps it to a rulekeeper sheet. Input over MaxSize is refused. It fails
// only when no sheet can be made: unreadable JSON, no name, a missing or
// impossible ability score, no class rulekeeper knows; everything else that
// does not fit is listed in Import.Unmapped.
func Parse(data []byte) (*Import, error) {
	if len(data) > MaxSize {
		return nil, newError(ErrTooLarge, "Max", MaxSize)
	}
	ch, err := decode(data)
	if err != nil {
		return nil, err
	}
	name := truncate(strings.TrimSpace(ch.Name), dnd5e.MaxNameLen)
	if name == "" {
		return nil, newError(ErrNoName)
	}
	b := &builder{ch: ch, out: &Import{ID: ch.ID.Int(), Race: strings.TrimSpace(ch.Race.FullName)}}
	b.classes = readClasses(ch)
	b.main = mainClass(b.classes)
	if b.main < 0 {
		return nil, newError(ErrNoClass)
	}
	b.classes[b.main].Mapped = true
	b.out.Classes = b.classes
	b.mods = collectMods(ch)
	scores, err := b.scores()
	if err != nil {
		return nil, err
	}
	main := b.classes[b.main]
	if b.c, err = dnd5e.New(name, main.Class, main.Level, scores); err != nil {
		return nil, err
	}
	b.build()
	if err := b.c.Validate(); err != nil {
		return nil, err
	}
	b.out.Character = b.c
	return b.out, nil
}

// decode reads the envelope (in one pass) or the bare data object.
func decode(data []byte) (*character, error) {
	var env envelope
	if err := json.Unmarshal(data, &env); err != nil {
		return nil, newError(ErrBadJSON)
	}
	if env.Success != nil && !*env.Success {
		return nil, newError(ErrNotSuccess)
	}
	if env.Data != nil {
		return env.Data, nil
	}
	var ch character
	if err := json.Unmarshal(data, &ch); err != nil {
		return nil, newError(ErrBadJSON)
	}
	return &ch, nil
}

// build fills the sheet made by dnd5e.New from the D&D Beyond data.
func (b *builder) build() {
	b.c.Subclass = b.classes[b.main].Subclass
	b.reportClasses()
	b.proficiencies()
	b.hitPoints()
	b.armorClass()
	b.speed()
	b.weapons()
	b.actions()
	b.spells()
	b.spellSlots()
	b.c.SpellAbility = b.spellAbility()
	b.defences()
	b.lifeState()
	b.conditions()
	b.reportTraits()
}

// reportTraits lists the race, the feats and the magic items in use: their
// numbers (scores, proficiencies, hit points, AC, speed, defences) are
// applied, their other effects are not tracked.
func (b *builder) reportTraits() {
	if r := b.ch.Race; strings.TrimSpace(r.FullName) != "" {
		reason := ReasonRaceTraits
		if r.IsHomebrew {
			reason = ReasonHomebrew
		}
		b.report(Unmapped{Kind: KindRace, Name: strings.TrimSpace(r.FullName), Reason: reason})
	}
	for _, f := range b.ch.Feats {
		reason := ReasonFeat
		if f.Definition.IsHomebrew {
			reason = ReasonHomebrew
		}
		if name := strings.TrimSpace(f.Definition.Name); name != "" {
			b.report(Unmapped{Kind: KindFeat, Name: name, ID: f.Definition.ID.Int(), Reason: reason})
		}
	}
	for _, it := range b.ch.Inventory {
		d := it.Definition
		name := strings.TrimSpace(d.Name)
		if !activeItem(it) || name == "" || plainMagic(d) {
			continue
		}
		switch {
		case d.IsHomebrew:
			b.report(Unmapped{Kind: KindItem, Name: name, ID: d.ID.Int(), Reason: ReasonHomebrew})
		case d.Magic:
			b.report(Unmapped{Kind: KindItem, Name: name, ID: d.ID.Int(), Reason: ReasonMagicItem})
		}
	}
}

// plainMagic reports whether an item's magic is only a +N to attacks and
// damage (a weapon) or to AC (armour, shield), which the sheet holds.
func plainMagic(d itemDef) bool {
	if len(d.GrantedModifiers) == 0 {
		return false
	}
	for _, m := range d.GrantedModifiers {
		if m.Type != "bonus" || m.SubType != "magic" && m.SubType != "armor-class" {
			return false
		}
	}
	return armorType(d) != 0 || d.FilterType == "Weapon"
}
