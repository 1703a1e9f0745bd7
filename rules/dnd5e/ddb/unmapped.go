package ddb

// Unmapped is one thing of the D&D Beyond sheet that the rulekeeper sheet
// does not hold, or holds only in part: the bot lists them on the import
// reply as the kind's name (Kind.Key) and the reason's message
// (Reason.Key, with Args). Name is D&D Beyond's own name (user data, not
// translated), except for KindSkill and KindCondition entries, where it is
// the dnd5e id (dnd5e.Skill, dnd5e.Condition) whose Key names it.
type Unmapped struct {
	Kind   Kind   `json:"kind"`
	Name   string `json:"name,omitempty"`
	ID     int    `json:"id,omitempty"`    // D&D Beyond's id of the thing, when it has one
	Reason Reason `json:"reason"`          //
	Level  int    `json:"level,omitempty"` // a class level, a spell level, a total level
	Value  int    `json:"value,omitempty"` // a number the reason names (the value kept, the difference)
}

// Args are the template arguments of the reason's message, as name/value pairs.
func (u Unmapped) Args() []any {
	return []any{"Name", u.Name, "Level", u.Level, "Value", u.Value}
}

// Kind says what an Unmapped entry is.
type Kind string

// The kinds.
const (
	KindClass     Kind = "class"
	KindSubclass  Kind = "subclass"
	KindLevel     Kind = "level"
	KindRace      Kind = "race"
	KindFeat      Kind = "feat"
	KindItem      Kind = "item"
	KindAttack    Kind = "attack"
	KindSpell     Kind = "spell"
	KindSkill     Kind = "skill"
	KindAC        Kind = "ac"
	KindHP        Kind = "hp"
	KindSpeed     Kind = "speed"
	KindCondition Kind = "condition"
)

var kindTable = []struct {
	id  Kind
	key string
}{
	{KindClass, "ddb.kind.class"},
	{KindSubclass, "ddb.kind.subclass"},
	{KindLevel, "ddb.kind.level"},
	{KindRace, "ddb.kind.race"},
	{KindFeat, "ddb.kind.feat"},
	{KindItem, "ddb.kind.item"},
	{KindAttack, "ddb.kind.attack"},
	{KindSpell, "ddb.kind.spell"},
	{KindSkill, "ddb.kind.skill"},
	{KindAC, "ddb.kind.ac"},
	{KindHP, "ddb.kind.hp"},
	{KindSpeed, "ddb.kind.speed"},
	{KindCondition, "ddb.kind.condition"},
}

// Kinds lists every kind.
func Kinds() []Kind {
	out := make([]Kind, len(kindTable))
	for i, k := range kindTable {
		out[i] = k.id
	}
	return out
}

// Key is the catalog key of the kind's name ("ddb.kind.spell"), or "".
func (k Kind) Key() string {
	for _, e := range kindTable {
		if e.id == k {
			return e.key
		}
	}
	return ""
}

// Reason says why an entry is not (fully) mapped.
type Reason string

// The reasons; the message of each uses the Args named after it.
const (
	ReasonClassNotSRD      Reason = "class_not_srd"     // Name, Level: a class rulekeeper does not know
	ReasonSecondClass      Reason = "second_class"      // Name, Level: the sheet holds one class
	ReasonSubclassNotSRD   Reason = "subclass_not_srd"  // Name: its features are not applied
	ReasonProficiency      Reason = "proficiency"       // Level (total), Value (bonus lost): the bonus follows the class level
	ReasonRaceTraits       Reason = "race_traits"       // Name: numbers applied, other traits not tracked
	ReasonFeat             Reason = "feat"              // Name: numbers applied, other effects not tracked
	ReasonMagicItem        Reason = "magic_item"        // Name: numbers applied, other properties not tracked
	ReasonHomebrew         Reason = "homebrew"          // Name: homebrew content
	ReasonNoDamage         Reason = "no_damage"         // Name: a weapon or action without damage dice
	ReasonAttackAbility    Reason = "attack_ability"    // Name: attacks with an ability other than STR or DEX
	ReasonTooManyAttacks   Reason = "too_many_attacks"  // Name, Value (the limit)
	ReasonCustomAction     Reason = "custom_action"     // Name
	ReasonSpellNotSRD      Reason = "spell_not_srd"     // Name, Level
	ReasonOverride         Reason = "override"          // Name (a skill id, or empty for AC), Value: a sheet override not kept
	ReasonHalfProficiency  Reason = "half_proficiency"  // Name (a skill id): kept as not proficient
	ReasonConditionUnknown Reason = "condition_unknown" // Value (D&D Beyond's condition id)
	ReasonConditionImmune  Reason = "condition_immune"  // Name (the condition id): a feature makes the character immune
	ReasonClamped          Reason = "clamped"           // Value (the number kept): out of the sheet's range
)

var reasonTable = []struct {
	id  Reason
	key string
}{
	{ReasonClassNotSRD, "ddb.reason.class_not_srd"},
	{ReasonSecondClass, "ddb.reason.second_class"},
	{ReasonSubclassNotSRD, "ddb.reason.subclass_not_srd"},
	{ReasonProficiency, "ddb.reason.proficiency"},
	{ReasonRaceTraits, "ddb.reason.race_traits"},
	{ReasonFeat, "ddb.reason.feat"},
	{ReasonMagicItem, "ddb.reason.magic_item"},
	{ReasonHomebrew, "ddb.reason.homebrew"},
	{ReasonNoDamage, "ddb.reason.no_damage"},
	{ReasonAttackAbility, "ddb.reason.attack_ability"},
	{ReasonTooManyAttacks, "ddb.reason.too_many_attacks"},
	{ReasonCustomAction, "ddb.reason.custom_action"},
	{ReasonSpellNotSRD, "ddb.reason.spell_not_srd"},
	{ReasonOverride, "ddb.reason.override"},
	{ReasonHalfProficiency, "ddb.reason.half_proficiency"},
	{ReasonConditionUnknown, "ddb.reason.condition_unknown"},
	{ReasonConditionImmune, "ddb.reason.condition_immune"},
	{ReasonClamped, "ddb.reason.clamped"},
}

// Reasons lists every reason.
func Reasons() []Reason {
	out := make([]Reason, len(reasonTable))
	for i, r := range reasonTable {
		out[i] = r.id
	}
	return out
}

// Key is the catalog key of the reason's message ("ddb.reason.feat"), or "".
func (r Reason) Key() string {
	for _, e := range reasonTable {
		if e.id == r {
			return e.key
		}
	}
	return ""
}

// Keys lists every catalog key of the package: kinds, reasons and error codes.
func Keys() []string {
	var keys []string
	for _, k := range kindTable {
		keys = append(keys, k.key)
	}
	for _, r := range reasonTable {
		keys = append(keys, r.key)
	}
	return append(keys, ErrorCodes()...)
}
