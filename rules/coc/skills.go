package coc

import (
	"strings"
	"unicode/utf8"
)

// Skill is a skill id ("spot_hidden", "fighting_brawl", "science_biology", …).
type Skill string

// Skills the mechanics use by name.
const (
	Dodge          Skill = "dodge"
	LanguageOwn    Skill = "language_own"
	LanguageOther  Skill = "language_other"
	CreditRating   Skill = "credit_rating"
	CthulhuMythos  Skill = "cthulhu_mythos"
	FirstAidSkill  Skill = "first_aid"
	MedicineSkill  Skill = "medicine"
	FightingBrawl  Skill = "fighting_brawl"
	Throw          Skill = "throw"
	Psychoanalysis Skill = "psychoanalysis"
)

// Group is a skill family that has no skill of its own: every Fighting and Firearms skill is a specialisation.
type Group string

// The two groups. Fighting skills fight back; Firearms skills shoot.
const (
	GroupFighting Group = "fighting"
	GroupFirearms Group = "firearms"
)

// Key is the catalog key of the group's name ("coc.group.fighting"), or "" for none.
func (g Group) Key() string {
	switch g {
	case GroupFighting:
		return "coc.group.fighting"
	case GroupFirearms:
		return "coc.group.firearms"
	}
	return ""
}

// SkillKind says which sheets list a skill.
type SkillKind string

// Skill kinds: the standard 1920s sheet, uncommon skills and modern-era skills (§4.1).
const (
	Standard SkillKind = "standard"
	Uncommon SkillKind = "uncommon"
	Modern   SkillKind = "modern"
)

// SkillInfo is one row of the skill table: the base value is Base, or BaseOf ÷ BaseDiv (rounded down) when BaseOf
// is set (Dodge = DEX/2, Language (Own) = EDU).
type SkillInfo struct {
	ID      Skill          `json:"id"`
	Base    int            `json:"base"`
	BaseOf  Characteristic `json:"base_of,omitempty"`
	BaseDiv int            `json:"base_div,omitempty"`
	Group   Group          `json:"group,omitempty"`  // fighting or firearms
	Parent  Skill          `json:"parent,omitempty"` // a named specialisation's general skill (science_biology → science)
	Any     bool           `json:"any,omitempty"`    // takes a specialisation name of the player's (Language (Other): Latin)
	Kind    SkillKind      `json:"kind"`
	NoMark  bool           `json:"no_mark,omitempty"` // never earns a development mark (Credit Rating, Cthulhu Mythos)
	key     string
}

// sk builds a standard row with a fixed base.
func sk(id Skill, base int) SkillInfo {
	return SkillInfo{ID: id, Base: base, Kind: Standard}
}

func (s SkillInfo) in(g Group) SkillInfo       { s.Group = g; return s }
func (s SkillInfo) of(p Skill) SkillInfo       { s.Parent = p; return s }
func (s SkillInfo) kind(k SkillKind) SkillInfo { s.Kind = k; return s }
func (s SkillInfo) anySpec() SkillInfo         { s.Any = true; return s }
func (s SkillInfo) noMark() SkillInfo          { s.NoMark = true; return s }
func (s SkillInfo) from(c Characteristic, d int) SkillInfo {
	s.BaseOf, s.BaseDiv = c, d
	return s
}

// skillTable holds the skills in sheet order (§4.1; G7: Mathematics 10, Forgery 05, Appraise 05). The keys are
// written out so that every catalog key appears in the source.
var skillTable = []SkillInfo{
	withKey(sk("accounting", 5), "coc.skill.accounting"),
	withKey(sk("anthropology", 1), "coc.skill.anthropology"),
	withKey(sk("appraise", 5), "coc.skill.appraise"),
	withKey(sk("archaeology", 1), "coc.skill.archaeology"),
	withKey(sk("art_craft", 5).anySpec(), "coc.skill.art_craft"),
	withKey(sk("art_acting", 5).of("art_craft"), "coc.skill.art_acting"),
	withKey(sk("art_fine_art", 5).of("art_craft"), "coc.skill.art_fine_art"),
	withKey(sk("art_forgery", 5).of("art_craft"), "coc.skill.art_forgery"),
	withKey(sk("art_photography", 5).of("art_craft"), "coc.skill.art_photography"),
	withKey(sk("charm", 15), "coc.skill.charm"),
	withKey(sk("climb", 20), "coc.skill.climb"),
	withKey(sk("computer_use", 5).kind(Modern), "coc.skill.computer_use"),
	withKey(sk(CreditRating, 0).noMark(), "coc.skill.credit_rating"),
	withKey(sk(CthulhuMythos, 0).noMark(), "coc.skill.cthulhu_mythos"),
	withKey(sk("disguise", 5), "coc.skill.disguise"),
	withKey(sk(Dodge, 0).from(DEX, 2), "coc.skill.dodge"),
	withKey(sk("drive_auto", 20), "coc.skill.drive_auto"),
	withKey(sk("electrical_repair", 10), "coc.skill.electrical_repair"),
	withKey(sk("electronics", 1).kind(Modern), "coc.skill.electronics"),
	withKey(sk("fast_talk", 5), "coc.skill.fast_talk"),
	withKey(sk(FightingBrawl, 25).in(GroupFighting), "coc.skill.fighting_brawl"),
	withKey(sk("fighting_axe", 15).in(GroupFighting), "coc.skill.fighting_axe"),
	withKey(sk("fighting_chainsaw", 10).in(GroupFighting), "coc.skill.fighting_chainsaw"),
	withKey(sk("fighting_flail", 10).in(GroupFighting), "coc.skill.fighting_flail"),
	withKey(sk("fighting_garrote", 15).in(GroupFighting), "coc.skill.fighting_garrote"),
	withKey(sk("fighting_spear", 20).in(GroupFighting), "coc.skill.fighting_spear"),
	withKey(sk("fighting_sword", 20).in(GroupFighting), "coc.skill.fighting_sword"),
	withKey(sk("fighting_whip", 5).in(GroupFighting), "coc.skill.fighting_whip"),
	withKey(sk("firearms_handgun", 20).in(GroupFirearms), "coc.skill.firearms_handgun"),
	withKey(sk("firearms_rifle_shotgun", 25).in(GroupFirearms), "coc.skill.firearms_rifle_shotgun"),
	withKey(sk("firearms_bow", 15).in(GroupFirearms), "coc.skill.firearms_bow"),
	withKey(sk("firearms_flamethrower", 10).in(GroupFirearms), "coc.skill.firearms_flamethrower"),
	withKey(sk("firearms_heavy", 10).in(GroupFirearms), "coc.skill.firearms_heavy"),
	withKey(sk("firearms_machine_gun", 10).in(GroupFirearms), "coc.skill.firearms_machine_gun"),
	withKey(sk("firearms_smg", 15).in(GroupFirearms), "coc.skill.firearms_smg"),
	withKey(sk(FirstAidSkill, 30), "coc.skill.first_aid"),
	withKey(sk("history", 5), "coc.skill.history"),
	withKey(sk("intimidate", 15), "coc.skill.intimidate"),
	withKey(sk("jump", 20), "coc.skill.jump"),
	withKey(sk(LanguageOther, 1).anySpec(), "coc.skill.language_other"),
	withKey(sk(LanguageOwn, 0).from(EDU, 1).anySpec(), "coc.skill.language_own"),
	withKey(sk("law", 5), "coc.skill.law"),
	withKey(sk("library_use", 20), "coc.skill.library_use"),
	withKey(sk("listen", 20), "coc.skill.listen"),
	withKey(sk("locksmith", 1), "coc.skill.locksmith"),
	withKey(sk("mechanical_repair", 10), "coc.skill.mechanical_repair"),
	withKey(sk(MedicineSkill, 1), "coc.skill.medicine"),
	withKey(sk("natural_world", 10), "coc.skill.natural_world"),
	withKey(sk("navigate", 10), "coc.skill.navigate"),
	withKey(sk("occult", 5), "coc.skill.occult"),
	withKey(sk("operate_heavy_machinery", 1), "coc.skill.operate_heavy_machinery"),
	withKey(sk("persuade", 10), "coc.skill.persuade"),
	withKey(sk("pilot", 1).anySpec(), "coc.skill.pilot"),
	withKey(sk(Psychoanalysis, 1), "coc.skill.psychoanalysis"),
	withKey(sk("psychology", 10), "coc.skill.psychology"),
	withKey(sk("ride", 5), "coc.skill.ride"),
	withKey(sk("science", 1).anySpec(), "coc.skill.science"),
	withKey(sk("science_astronomy", 1).of("science"), "coc.skill.science_astronomy"),
	withKey(sk("science_biology", 1).of("science"), "coc.skill.science_biology"),
	withKey(sk("science_botany", 1).of("science"), "coc.skill.science_botany"),
	withKey(sk("science_chemistry", 1).of("science"), "coc.skill.science_chemistry"),
	withKey(sk("science_cryptography", 1).of("science"), "coc.skill.science_cryptography"),
	withKey(sk("science_engineering", 1).of("science"), "coc.skill.science_engineering"),
	withKey(sk("science_forensics", 1).of("science"), "coc.skill.science_forensics"),
	withKey(sk("science_geology", 1).of("science"), "coc.skill.science_geology"),
	withKey(sk("science_mathematics", 10).of("science"), "coc.skill.science_mathematics"),
	withKey(sk("science_meteorology", 1).of("science"), "coc.skill.science_meteorology"),
	withKey(sk("science_pharmacy", 1).of("science"), "coc.skill.science_pharmacy"),
	withKey(sk("science_physics", 1).of("science"), "coc.skill.science_physics"),
	withKey(sk("science_zoology", 1).of("science"), "coc.skill.science_zoology"),
	withKey(sk("sleight_of_hand", 10), "coc.skill.sleight_of_hand"),
	withKey(sk("spot_hidden", 25), "coc.skill.spot_hidden"),
	withKey(sk("stealth", 20), "coc.skill.stealth"),
	withKey(sk("survival", 10).anySpec(), "coc.skill.survival"),
	withKey(sk("swim", 20), "coc.skill.swim"),
	withKey(sk(Throw, 20), "coc.skill.throw"),
	withKey(sk("track", 10), "coc.skill.track"),
	withKey(sk("animal_handling", 5).kind(Uncommon), "coc.skill.animal_handling"),
	withKey(sk("artillery", 1).in(GroupFirearms).kind(Uncommon), "coc.skill.artillery"),
	withKey(sk("demolitions", 1).kind(Uncommon), "coc.skill.demolitions"),
	withKey(sk("diving", 1).kind(Uncommon), "coc.skill.diving"),
	withKey(sk("hypnosis", 1).kind(Uncommon), "coc.skill.hypnosis"),
	withKey(sk("read_lips", 1).kind(Uncommon), "coc.skill.read_lips"),
	withKey(sk("lore", 1).anySpec().kind(Uncommon), "coc.skill.lore"),
}

// withKey sets the row's catalog key (written out in the table so a search for the key finds it).
func withKey(s SkillInfo, key string) SkillInfo { s.key = key; return s }

// Skills returns the skill table in sheet order: the standard 1920s sheet, the modern skills among them, then the
// uncommon skills.
func Skills() []SkillInfo { return append([]SkillInfo(nil), skillTable...) }

// skillIndex finds a skill's row in skillTable.
var skillIndex = func() map[Skill]int {
	m := make(map[Skill]int, len(skillTable))
	for i, e := range skillTable {
		m[e.ID] = i
	}
	return m
}()

// Info returns the skill's table row.
func (s Skill) Info() (SkillInfo, bool) {
	if i, ok := skillIndex[s]; ok {
		return skillTable[i], true
	}
	return SkillInfo{}, false
}

// Valid reports whether s is a skill id of the table.
func (s Skill) Valid() bool { _, ok := s.Info(); return ok }

// Key is the catalog key of the skill's name ("coc.skill.spot_hidden"), or "" for an unknown id.
func (s Skill) Key() string { info, _ := s.Info(); return info.key }

// Group is the skill's group (fighting, firearms) or "".
func (s Skill) Group() Group { info, _ := s.Info(); return info.Group }

// ParseSkill accepts a skill id in any case ("Spot_Hidden").
func ParseSkill(s string) (Skill, error) {
	id := Skill(strings.ToLower(strings.TrimSpace(s)))
	if !id.Valid() {
		return "", newError(ErrUnknownSkill, "Skill", s)
	}
	return id, nil
}

// BaseValue is the skill's base value for characteristics sc (Dodge = ⌊DEX/2⌋, Language (Own) = EDU).
func (s SkillInfo) BaseValue(sc Scores) int {
	if s.BaseOf != "" {
		return sc.Get(s.BaseOf) / s.BaseDiv
	}
	return s.Base
}

// MaxSpecLen is the longest specialisation name, in runes.
const MaxSpecLen = 32

// normSpec trims a specialisation name and checks it fits the skill.
func normSpec(id Skill, spec string) (string, error) {
	spec = strings.TrimSpace(spec)
	info, _ := id.Info()
	if spec == "" {
		return "", nil
	}
	if !info.Any || utf8.RuneCountInString(spec) > MaxSpecLen {
		return "", newError(ErrBadSpec, "Skill", string(id), "Max", MaxSpecLen)
	}
	return spec, nil
}
