package dnd5e

import "strings"

// Class features with numbers (SRD 5.1; issue 13). The table below lists,
// for each class and its SRD subclass, the features the rules act on and the
// level they come at; a test cross-checks the levels and every number with the
// SRD data (Levels.json) when present. A feature's name in every language is
// the catalog key "feature.<id>" (locales/catalog/features.*.toml).

// Subclass is the SRD subclass of a class (one per class in SRD 5.1).
type Subclass string

var subclassTable = []struct {
	id    Subclass
	class Class
	key   string
}{
	{"berserker", "barbarian", "feature.subclass.berserker"},
	{"lore", "bard", "feature.subclass.lore"},
	{"life", "cleric", "feature.subclass.life"},
	{"land", "druid", "feature.subclass.land"},
	{"champion", "fighter", "feature.subclass.champion"},
	{"open_hand", "monk", "feature.subclass.open_hand"},
	{"devotion", "paladin", "feature.subclass.devotion"},
	{"hunter", "ranger", "feature.subclass.hunter"},
	{"thief", "rogue", "feature.subclass.thief"},
	{"draconic", "sorcerer", "feature.subclass.draconic"},
	{"fiend", "warlock", "feature.subclass.fiend"},
	{"evocation", "wizard", "feature.subclass.evocation"},
}

// Subclasses lists the 12 SRD subclasses, in class order.
func Subclasses() []Subclass {
	out := make([]Subclass, len(subclassTable))
	for i, s := range subclassTable {
		out[i] = s.id
	}
	return out
}

// Class is the class the subclass belongs to ("" for an unknown id).
func (s Subclass) Class() Class {
	for _, e := range subclassTable {
		if e.id == s {
			return e.class
		}
	}
	return ""
}

// Key is the catalog key of the subclass's name ("feature.subclass.champion"), or "".
func (s Subclass) Key() string {
	for _, e := range subclassTable {
		if e.id == s {
			return e.key
		}
	}
	return ""
}

// ParseSubclass accepts a subclass id in any case; spaces and dashes count as
// underscores ("Open Hand"). It must belong to class c (any class when c is "").
func ParseSubclass(s string, c Class) (Subclass, error) {
	id := Subclass(strings.NewReplacer(" ", "_", "-", "_").Replace(strings.ToLower(strings.TrimSpace(s))))
	if id.Class() == "" || (c != "" && id.Class() != c) {
		return "", newError(ErrUnknownSubclass, "Subclass", s, "Class", string(c))
	}
	return id, nil
}

// Feature is one row of the feature table: a feature a class (or its SRD
// subclass) gains at a level.
type Feature struct {
	ID       string   `json:"id"`
	Class    Class    `json:"class"`
	Subclass Subclass `json:"subclass,omitempty"`
	Level    int      `json:"level"`
	// SRD is the feature's index in the SRD data (Levels.json), for the cross-check.
	SRD string `json:"srd"`
}

// Key is the catalog key of the feature's name ("feature.sneak_attack").
func (f Feature) Key() string { return "feature." + f.ID }

// feat is a row of featureTable; key is the feature's catalog key.
func feat(key string, c Class, sub Subclass, level int, srd string) Feature {
	return Feature{ID: strings.TrimPrefix(key, "feature."), Class: c, Subclass: sub, Level: level, SRD: srd}
}

// featureTable: the SRD features rulekeeper applies, by class then level.
// A feature several classes share (extra attack, evasion, channel divinity)
// has one id and a row per class.
var featureTable = []Feature{
	feat("feature.rage", "barbarian", "", 1, "rage"),
	feat("feature.reckless_attack", "barbarian", "", 2, "reckless-attack"),
	feat("feature.danger_sense", "barbarian", "", 2, "danger-sense"),
	feat("feature.extra_attack", "barbarian", "", 5, "barbarian-extra-attack"),
	feat("feature.fast_movement", "barbarian", "", 5, "fast-movement"),
	feat("feature.feral_instinct", "barbarian", "", 7, "feral-instinct"),
	feat("feature.brutal_critical", "barbarian", "", 9, "brutal-critical-1-die"),
	feat("feature.bardic_inspiration", "bard", "", 1, "bardic-inspiration-d6"),
	feat("feature.jack_of_all_trades", "bard", "", 2, "jack-of-all-trades"),
	feat("feature.song_of_rest", "bard", "", 2, "song-of-rest-d6"),
	feat("feature.font_of_inspiration", "bard", "", 5, "font-of-inspiration"),
	feat("feature.cutting_words", "bard", "lore", 3, "cutting-words"),
	feat("feature.channel_divinity", "cleric", "", 2, "channel-divinity-1-rest"),
	feat("feature.disciple_of_life", "cleric", "life", 1, "disciple-of-life"),
	feat("feature.preserve_life", "cleric", "life", 2, "channel-divinity-preserve-life"),
	feat("feature.divine_strike", "cleric", "life", 8, "divine-strike"),
	feat("feature.wild_shape", "druid", "", 2, "wild-shape-cr-1-4-or-below-no-flying-or-swim-speed"),
	feat("feature.natural_recovery", "druid", "land", 2, "natural-recovery"),
	feat("feature.second_wind", "fighter", "", 1, "second-wind"),
	feat("feature.action_surge", "fighter", "", 2, "action-surge-1-use"),
	feat("feature.extra_attack", "fighter", "", 5, "extra-attack-1"),
	feat("feature.indomitable", "fighter", "", 9, "indomitable-1-use"),
	feat("feature.improved_critical", "fighter", "champion", 3, "improved-critical"),
	feat("feature.remarkable_athlete", "fighter", "champion", 7, "remarkable-athlete"),
	feat("feature.superior_critical", "fighter", "champion", 15, "superior-critical"),
	feat("feature.survivor", "fighter", "champion", 18, "survivor"),
	feat("feature.martial_arts", "monk", "", 1, "martial-arts"),
	feat("feature.ki", "monk", "", 2, "ki"),
	feat("feature.unarmored_movement", "monk", "", 2, "unarmored-movement-1"),
	feat("feature.extra_attack", "monk", "", 5, "monk-extra-attack"),
	feat("feature.evasion", "monk", "", 7, "monk-evasion"),
	feat("feature.purity_of_body", "monk", "", 10, "purity-of-body"),
	feat("feature.diamond_soul", "monk", "", 14, "diamond-soul"),
	feat("feature.wholeness_of_body", "monk", "open_hand", 6, "wholeness-of-body"),
	feat("feature.divine_sense", "paladin", "", 1, "divine-sense"),
	feat("feature.lay_on_hands", "paladin", "", 1, "lay-on-hands"),
	feat("feature.divine_smite", "paladin", "", 2, "divine-smite"),
	feat("feature.channel_divinity", "paladin", "", 3, "channel-divinity"),
	feat("feature.extra_attack", "paladin", "", 5, "paladin-extra-attack"),
	feat("feature.aura_of_protection", "paladin", "", 6, "aura-of-protection"),
	feat("feature.aura_of_courage", "paladin", "", 10, "aura-of-courage"),
	feat("feature.improved_divine_smite", "paladin", "", 11, "improved-divine-smite"),
	feat("feature.cleansing_touch", "paladin", "", 14, "cleansing-touch"),
	feat("feature.sacred_weapon", "paladin", "devotion", 3, "channel-divinity-sacred-weapon"),
	feat("feature.aura_of_devotion", "paladin", "devotion", 7, "aura-of-devotion"),
	feat("feature.extra_attack", "ranger", "", 5, "ranger-extra-attack"),
	feat("feature.sneak_attack", "rogue", "", 1, "sneak-attack"),
	feat("feature.uncanny_dodge", "rogue", "", 5, "uncanny-dodge"),
	feat("feature.evasion", "rogue", "", 7, "rogue-evasion"),
	feat("feature.reliable_talent", "rogue", "", 11, "reliable-talent"),
	feat("feature.stroke_of_luck", "rogue", "", 20, "stroke-of-luck"),
	feat("feature.sorcery_points", "sorcerer", "", 2, "font-of-magic"),
	feat("feature.sorcerous_restoration", "sorcerer", "", 20, "sorcerous-restoration"),
	feat("feature.dark_ones_blessing", "warlock", "fiend", 1, "dark-ones-blessing"),
	feat("feature.mystic_arcanum_6", "warlock", "", 11, "mystic-arcanum-6th-level"),
	feat("feature.mystic_arcanum_7", "warlock", "", 13, "mystic-arcanum-7th-level"),
	feat("feature.mystic_arcanum_8", "warlock", "", 15, "mystic-arcanum-8th-level"),
	feat("feature.mystic_arcanum_9", "warlock", "", 17, "mystic-arcanum-9th-level"),
	feat("feature.arcane_recovery", "wizard", "", 1, "arcane-recovery"),
}

// FeatureTable returns every row of the feature table.
func FeatureTable() []Feature { return append([]Feature(nil), featureTable...) }

// featureIDs lists each feature id once, in table order.
func featureIDs() []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range featureTable {
		if !seen[f.ID] {
			seen[f.ID] = true
			out = append(out, f.ID)
		}
	}
	return out
}

// LookupFeature finds a feature by id ("sneak_attack"); for a feature of
// several classes it returns the first row.
func LookupFeature(id string) (Feature, bool) {
	for _, f := range featureTable {
		if f.ID == id {
			return f, true
		}
	}
	return Feature{}, false
}

// ParseFeature accepts a feature id or English name in any case, with spaces
// or dashes for underscores and apostrophes dropped ("Sneak Attack",
// "dark one's blessing"), or its catalog key.
func ParseFeature(s string) (Feature, error) {
	id := strings.TrimPrefix(SpellID(s), "feature.")
	if f, ok := LookupFeature(id); ok {
		return f, nil
	}
	return Feature{}, newError(ErrUnknownFeature, "Feature", s)
}

// FeaturesOf lists the features a single-class character of class c,
// subclass sub (may be "") and level has, one row per feature id, in table order.
func FeaturesOf(c Class, sub Subclass, level int) []Feature {
	var out []Feature
	for _, f := range featureTable {
		if f.Class == c && f.Level <= level && (f.Subclass == "" || f.Subclass == sub) {
			out = append(out, f)
		}
	}
	return out
}

// HasFeature reports whether the character has feature id by its class, subclass and level.
func (c *Character) HasFeature(id string) bool {
	for _, f := range FeaturesOf(c.Class, c.Subclass, c.Level) {
		if f.ID == id {
			return true
		}
	}
	return false
}
