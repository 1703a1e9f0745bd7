package ddb

import (
	"strings"

	"rulekeeper/rules/dnd5e"
)

// Spell is a spell the character knows or has prepared, mapped to an SRD spell.
type Spell struct {
	ID       string      `json:"id"`              // the SRD spell id ("fireball"): dnd5e.LookupSpell
	Level    int         `json:"level"`           // 0 for a cantrip
	Prepared bool        `json:"prepared"`        // castable now: prepared, always prepared, a cantrip, or a known spell of a class that knows its spells
	Class    dnd5e.Class `json:"class,omitempty"` // the class whose list it comes from ("" for race, feat, item, background spells or a class rulekeeper does not know)
	Source   string      `json:"source"`          // class, race, feat, item, background
}

// knownCasters know their spells, all castable; the others prepare them from a list or a spellbook.
var knownCasters = map[dnd5e.Class]bool{"bard": true, "ranger": true, "sorcerer": true, "warlock": true,
	"fighter": true, "rogue": true}

// spells maps the class spells and the spells granted by race, class
// features, feats, items and background to SRD spells; others are reported.
// A spell listed twice is kept once (prepared if either is).
func (b *builder) spells() {
	classByID := map[int]int{}
	for i, c := range b.ch.Classes {
		classByID[c.ID.Int()] = i
	}
	for _, cs := range b.ch.ClassSpells {
		var cls dnd5e.Class
		if i, ok := classByID[cs.CharacterClassID.Int()]; ok {
			cls = b.classes[i].Class
		}
		for _, s := range cs.Spells {
			prepared := s.Prepared || s.AlwaysPrepared || knownCasters[cls]
			b.addSpell(s, srcClass, cls, prepared)
		}
	}
	for _, src := range actionSources(b.ch.Spells) {
		for _, s := range b.ch.Spells[src] {
			b.addSpell(s, src, "", true)
		}
	}
}

// addSpell records one spell, or reports it when it is not an SRD spell.
func (b *builder) addSpell(s spell, src string, cls dnd5e.Class, prepared bool) {
	name := strings.TrimSpace(s.Definition.Name)
	sp, ok := dnd5e.LookupSpell(dnd5e.SpellID(name))
	switch {
	case name == "":
		return
	case s.Definition.IsHomebrew:
		b.report(Unmapped{Kind: KindSpell, Name: name, ID: s.Definition.ID.Int(), Reason: ReasonHomebrew, Level: s.Definition.Level.Int()})
		return
	case !ok:
		b.report(Unmapped{Kind: KindSpell, Name: name, ID: s.Definition.ID.Int(), Reason: ReasonSpellNotSRD, Level: s.Definition.Level.Int()})
		return
	}
	prepared = prepared || sp.Cantrip()
	for i, x := range b.out.Spells {
		if x.ID == sp.ID {
			b.out.Spells[i].Prepared = x.Prepared || prepared
			if x.Class == "" {
				b.out.Spells[i].Class = cls
			}
			return
		}
	}
	b.out.Spells = append(b.out.Spells, Spell{ID: sp.ID, Level: sp.Level, Prepared: prepared, Class: cls, Source: src})
}

// casterDivisor is how a class's levels count toward the multiclass
// spellcaster level: 1 for full casters, 2 for paladins and rangers (and
// artificers, rounded up), 3 for the eldritch knight and arcane trickster
// subclasses, 0 for none; a class rulekeeper does not know uses D&D
// Beyond's spell rules. Warlocks have pact magic instead.
func casterDivisor(c class, id dnd5e.Class) (div int, roundUp bool) {
	switch id {
	case "bard", "cleric", "druid", "sorcerer", "wizard":
		return 1, false
	case "paladin", "ranger":
		return 2, false
	case "warlock":
		return 0, false
	}
	if c.SubclassDefinition != nil {
		switch strings.ToLower(strings.TrimSpace(c.SubclassDefinition.Name)) {
		case "eldritch knight", "arcane trickster":
			return 3, false
		}
	}
	if strings.EqualFold(strings.TrimSpace(c.Definition.Name), "artificer") {
		return 2, true
	}
	if id == "" && c.Definition.CanCastSpells && c.Definition.SpellRules != nil {
		if d := c.Definition.SpellRules.MultiClassSpellSlotDivisor.Int(); d >= 1 && d <= 3 {
			return d, false
		}
	}
	return 0, false
}

// spellSlots sets the sheet's slots from the class levels (SRD multiclass
// rules: one spellcasting class uses its own table, several add their
// levels, halves and thirds rounded down, into the multiclass table) plus
// the warlock's pact magic slots at their level; D&D Beyond's "used" counts
// are kept, capped at the maximum.
func (b *builder) spellSlots() {
	casters, single, total := 0, 0, 0
	for i, c := range b.ch.Classes {
		div, up := casterDivisor(c, b.classes[i].Class)
		if div == 0 {
			continue
		}
		level := b.classes[i].Level
		casters++
		// A single class has slots from 2nd level (half casters) or 3rd (third casters); artificers from 1st.
		if level >= div || up {
			single = (level + div - 1) / div
		}
		if up {
			total += (level + div - 1) / div
		} else {
			total += level / div
		}
	}
	var slots [9]int
	switch {
	case casters == 1 && single > 0:
		slots = dnd5e.SlotsFor("wizard", single)
	case casters > 1 && total > 0:
		slots = dnd5e.SlotsFor("wizard", total)
	}
	if wl := b.classLevel("warlock"); wl > 0 {
		n, level := dnd5e.PactSlots(wl)
		slots[level-1] += n
	}
	used := [9]int{}
	for _, list := range [][]slot{b.ch.SpellSlots, b.ch.PactMagic} {
		for _, s := range list {
			if l := s.Level.Int(); l >= 1 && l <= 9 {
				used[l-1] += max(0, s.Used.Int())
			}
		}
	}
	for i := range slots {
		b.c.SpellSlots[i] = dnd5e.SpellSlot{Max: slots[i], Used: min(used[i], slots[i])}
	}
}

// spellAbility is the sheet class's spellcasting ability (its subclass's for
// an eldritch knight or arcane trickster), else the one of the highest-level
// spellcasting class, so a sheet with slots has one.
func (b *builder) spellAbility() dnd5e.Ability {
	order := []int{b.main}
	for i := range b.ch.Classes {
		if i != b.main {
			order = append(order, i)
		}
	}
	best, bestLevel := dnd5e.Ability(""), 0
	for _, i := range order {
		c := b.ch.Classes[i]
		ab := abilityOf(c.Definition.SpellCastingAbilityID.Int())
		if ab == "" && c.SubclassDefinition != nil {
			ab = abilityOf(c.SubclassDefinition.SpellCastingAbilityID.Int())
		}
		if info, ok := b.classes[i].Class.Info(); ok && ab == "" {
			ab = info.Spellcasting
		}
		if i == b.main && ab != "" {
			return ab
		}
		if ab != "" && b.classes[i].Level > bestLevel {
			best, bestLevel = ab, b.classes[i].Level
		}
	}
	return best
}
