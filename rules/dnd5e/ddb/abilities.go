package ddb

import (
	"strings"

	"rulekeeper/rules/dnd5e"
)

// abilityIDs are D&D Beyond's stat ids 1–6 with the long names its modifier subtypes use.
var abilityIDs = []struct {
	id   int
	ab   dnd5e.Ability
	long string
}{
	{1, dnd5e.Str, "strength"},
	{2, dnd5e.Dex, "dexterity"},
	{3, dnd5e.Con, "constitution"},
	{4, dnd5e.Int, "intelligence"},
	{5, dnd5e.Wis, "wisdom"},
	{6, dnd5e.Cha, "charisma"},
}

// abilityOf is the ability of a stat id, or "" outside 1–6.
func abilityOf(statID int) dnd5e.Ability {
	if statID >= 1 && statID <= len(abilityIDs) {
		return abilityIDs[statID-1].ab
	}
	return ""
}

// statValue is the value of stat id in list, and whether it is set.
func statValue(list []stat, id int) (int, bool) {
	for _, s := range list {
		if s.ID.Int() == id && s.Value.ok {
			return s.Value.Int(), true
		}
	}
	return 0, false
}

// scoreCap is the highest score bonuses (racial, ASI, feats) may reach.
const scoreCap = 20

// scores computes the six ability scores as D&D Beyond does: the base score,
// plus the unrestricted "<ability>-score" bonuses (race, ASI, feats, items),
// capped at 20 (raised by "ability-score-maximum" bonuses; a base above the
// cap is kept), plus the sheet's "other bonus" (bonusStats, uncapped), raised
// to the highest "<ability>-score" set value (an amulet of health), and
// replaced by the sheet's override (overrideStats) when there is one.
func (b *builder) scores() (dnd5e.Scores, error) {
	var out dnd5e.Scores
	for _, a := range abilityIDs {
		base, ok := statValue(b.ch.Stats, a.id)
		if !ok {
			return out, newError(ErrNoStats, "Ability", string(a.ab))
		}
		limit := scoreCap
		b.mods.each("bonus", "ability-score-maximum", func(m activeMod) {
			if m.StatID.Int() == a.id || m.EntityID.Int() == a.id {
				limit += m.amount()
			}
		})
		score := min(base+b.mods.sum("bonus", a.long+"-score"), max(limit, base))
		if extra, ok := statValue(b.ch.BonusStats, a.id); ok {
			score += extra
		}
		b.mods.each("set", a.long+"-score", func(m activeMod) {
			if r := strings.ToLower(strings.TrimSpace(m.Restriction)); r == "" || r == "if not already higher" {
				score = max(score, m.amount())
			}
		})
		if o, ok := statValue(b.ch.OverrideStats, a.id); ok && o > 0 {
			score = o
		}
		if score < dnd5e.MinScore || score > dnd5e.MaxScore {
			return out, newError(ErrBadScore, "Ability", string(a.ab), "Score", score, "Min", dnd5e.MinScore, "Max", dnd5e.MaxScore)
		}
		out.Set(a.ab, score)
	}
	return out, nil
}

// skillIDs are D&D Beyond's skill slugs (modifier subtypes) and the skill
// ids its character values use (valueId of typeId 23–26).
var skillIDs = []struct {
	slug  string
	value int
	skill dnd5e.Skill
}{
	{"acrobatics", 3, "acrobatics"}, {"animal-handling", 11, "animal_handling"}, {"arcana", 6, "arcana"},
	{"athletics", 2, "athletics"}, {"deception", 16, "deception"}, {"history", 7, "history"},
	{"insight", 12, "insight"}, {"intimidation", 17, "intimidation"}, {"investigation", 8, "investigation"},
	{"medicine", 13, "medicine"}, {"nature", 9, "nature"}, {"perception", 14, "perception"},
	{"performance", 18, "performance"}, {"persuasion", 19, "persuasion"}, {"religion", 10, "religion"},
	{"sleight-of-hand", 4, "sleight_of_hand"}, {"stealth", 5, "stealth"}, {"survival", 15, "survival"},
}

// Character value type ids (D&D Beyond's "characterValues"), as far as the mapping reads them.
const (
	cvACOverride      = 1  // the AC, replacing everything
	cvACMagic         = 2  // AC magic bonus
	cvACMisc          = 3  // AC misc bonus
	cvACBaseOverride  = 4  // armour base (AC + DEX) override: not kept
	cvItemDamage      = 10 // an item's damage bonus (valueId = inventory id)
	cvItemToHit       = 12 // an item's to-hit bonus
	cvItemToHitSet    = 13 // an item's to-hit override
	cvSkillOverride   = 23 // a skill's total: not kept
	cvSkillMisc       = 24 // a skill's misc bonus: not kept
	cvSkillMagic      = 25 // a skill's magic bonus: not kept
	cvSkillProficient = 26 // a skill's proficiency: 1 none, 2 half, 3 proficient, 4 expertise
)

// proficiencies fills the saving throws, skills and expertise from the
// "proficiency" and "expertise" modifiers (expertise implies proficiency),
// then applies the sheet's per-skill proficiency overrides.
func (b *builder) proficiencies() {
	c := b.c
	c.Saves = nil
	for _, a := range abilityIDs {
		if b.mods.has("proficiency", a.long+"-saving-throws") || b.mods.has("proficiency", "saving-throws") {
			c.Saves = append(c.Saves, a.ab)
		}
	}
	prof, expert := map[dnd5e.Skill]bool{}, map[dnd5e.Skill]bool{}
	for _, s := range skillIDs {
		expert[s.skill] = b.mods.has("expertise", s.slug)
		prof[s.skill] = expert[s.skill] || b.mods.has("proficiency", s.slug)
	}
	for _, v := range b.ch.CharacterValues {
		for _, s := range skillIDs {
			if v.ValueID.Int() != s.value || !v.Value.ok {
				continue
			}
			switch v.TypeID.Int() {
			case cvSkillProficient:
				p := v.Value.Int()
				prof[s.skill], expert[s.skill] = p >= 3, p >= 4
				if p == 2 {
					b.report(Unmapped{Kind: KindSkill, Name: string(s.skill), Reason: ReasonHalfProficiency})
				}
			case cvSkillOverride, cvSkillMisc, cvSkillMagic:
				b.report(Unmapped{Kind: KindSkill, Name: string(s.skill), Reason: ReasonOverride, Value: v.Value.Int()})
			}
		}
	}
	c.Skills, c.Expertise = nil, nil
	for _, s := range skillIDs {
		if prof[s.skill] {
			c.Skills = append(c.Skills, s.skill)
		}
		if prof[s.skill] && expert[s.skill] {
			c.Expertise = append(c.Expertise, s.skill)
		}
	}
}
