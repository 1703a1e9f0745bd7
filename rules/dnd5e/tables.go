package dnd5e

import "strings"

// Ability is one of the six ability ids: str dex con int wis cha.
type Ability string

// The six abilities.
const (
	Str Ability = "str"
	Dex Ability = "dex"
	Con Ability = "con"
	Int Ability = "int"
	Wis Ability = "wis"
	Cha Ability = "cha"
)

var abilityTable = []struct {
	id  Ability
	key string
}{
	{Str, "dnd5e.ability.str"},
	{Dex, "dnd5e.ability.dex"},
	{Con, "dnd5e.ability.con"},
	{Int, "dnd5e.ability.int"},
	{Wis, "dnd5e.ability.wis"},
	{Cha, "dnd5e.ability.cha"},
}

// Abilities returns the six abilities in sheet order (STR, DEX, CON, INT, WIS, CHA).
func Abilities() []Ability {
	out := make([]Ability, len(abilityTable))
	for i, a := range abilityTable {
		out[i] = a.id
	}
	return out
}

// Valid reports whether a is one of the six ability ids.
func (a Ability) Valid() bool { return a.Key() != "" }

// Key is the catalog key of the ability's name ("dnd5e.ability.str"), or "" for an unknown id.
func (a Ability) Key() string {
	for _, e := range abilityTable {
		if e.id == a {
			return e.key
		}
	}
	return ""
}

// ParseAbility accepts an ability id in any case ("STR", "dex").
func ParseAbility(s string) (Ability, error) {
	a := Ability(strings.ToLower(strings.TrimSpace(s)))
	if !a.Valid() {
		return "", newError(ErrUnknownAbility, "Ability", s)
	}
	return a, nil
}

// Skill is one of the 18 skill ids (athletics, sleight_of_hand, …).
type Skill string

// SkillInfo is one row of the skill table.
type SkillInfo struct {
	ID      Skill
	Ability Ability
}

var skillTable = []struct {
	id  Skill
	ab  Ability
	key string
}{
	{"acrobatics", Dex, "dnd5e.skill.acrobatics"},
	{"animal_handling", Wis, "dnd5e.skill.animal_handling"},
	{"arcana", Int, "dnd5e.skill.arcana"},
	{"athletics", Str, "dnd5e.skill.athletics"},
	{"deception", Cha, "dnd5e.skill.deception"},
	{"history", Int, "dnd5e.skill.history"},
	{"insight", Wis, "dnd5e.skill.insight"},
	{"intimidation", Cha, "dnd5e.skill.intimidation"},
	{"investigation", Int, "dnd5e.skill.investigation"},
	{"medicine", Wis, "dnd5e.skill.medicine"},
	{"nature", Int, "dnd5e.skill.nature"},
	{"perception", Wis, "dnd5e.skill.perception"},
	{"performance", Cha, "dnd5e.skill.performance"},
	{"persuasion", Cha, "dnd5e.skill.persuasion"},
	{"religion", Int, "dnd5e.skill.religion"},
	{"sleight_of_hand", Dex, "dnd5e.skill.sleight_of_hand"},
	{"stealth", Dex, "dnd5e.skill.stealth"},
	{"survival", Wis, "dnd5e.skill.survival"},
}

// Skills used by the mechanics by name.
const (
	Medicine   Skill = "medicine"
	Perception Skill = "perception"
)

// Skills returns the 18 skills with their abilities, in alphabetical id order.
func Skills() []SkillInfo {
	out := make([]SkillInfo, len(skillTable))
	for i, s := range skillTable {
		out[i] = SkillInfo{ID: s.id, Ability: s.ab}
	}
	return out
}

// Ability is the skill's ability ("" for an unknown skill).
func (s Skill) Ability() Ability {
	for _, e := range skillTable {
		if e.id == s {
			return e.ab
		}
	}
	return ""
}

// Valid reports whether s is one of the 18 skill ids.
func (s Skill) Valid() bool { return s.Ability() != "" }

// Key is the catalog key of the skill's name ("dnd5e.skill.athletics"), or "".
func (s Skill) Key() string {
	for _, e := range skillTable {
		if e.id == s {
			return e.key
		}
	}
	return ""
}

// ParseSkill accepts a skill id in any case; spaces and dashes count as underscores
// ("Sleight of Hand", "animal-handling").
func ParseSkill(s string) (Skill, error) {
	id := strings.ToLower(strings.TrimSpace(s))
	id = strings.NewReplacer(" ", "_", "-", "_").Replace(id)
	if !Skill(id).Valid() {
		return "", newError(ErrUnknownSkill, "Skill", s)
	}
	return Skill(id), nil
}

// Class is one of the 12 SRD class ids (barbarian … wizard).
type Class string

// ClassInfo is one row of the class table.
type ClassInfo struct {
	ID     Class
	HitDie int        // faces of the class's Hit Die: 12, 10, 8 or 6
	Saves  [2]Ability // the two saving-throw proficiencies
	// Spellcasting is the spellcasting ability, "" for classes without spellcasting (fighter, monk, rogue, barbarian).
	Spellcasting Ability
}

var classTable = []struct {
	info ClassInfo
	key  string
}{
	{ClassInfo{"barbarian", 12, [2]Ability{Str, Con}, ""}, "dnd5e.class.barbarian"},
	{ClassInfo{"bard", 8, [2]Ability{Dex, Cha}, Cha}, "dnd5e.class.bard"},
	{ClassInfo{"cleric", 8, [2]Ability{Wis, Cha}, Wis}, "dnd5e.class.cleric"},
	{ClassInfo{"druid", 8, [2]Ability{Int, Wis}, Wis}, "dnd5e.class.druid"},
	{ClassInfo{"fighter", 10, [2]Ability{Str, Con}, ""}, "dnd5e.class.fighter"},
	{ClassInfo{"monk", 8, [2]Ability{Str, Dex}, ""}, "dnd5e.class.monk"},
	{ClassInfo{"paladin", 10, [2]Ability{Wis, Cha}, Cha}, "dnd5e.class.paladin"},
	{ClassInfo{"ranger", 10, [2]Ability{Str, Dex}, Wis}, "dnd5e.class.ranger"},
	{ClassInfo{"rogue", 8, [2]Ability{Dex, Int}, ""}, "dnd5e.class.rogue"},
	{ClassInfo{"sorcerer", 6, [2]Ability{Con, Cha}, Cha}, "dnd5e.class.sorcerer"},
	{ClassInfo{"warlock", 8, [2]Ability{Wis, Cha}, Cha}, "dnd5e.class.warlock"},
	{ClassInfo{"wizard", 6, [2]Ability{Int, Wis}, Int}, "dnd5e.class.wizard"},
}

// Classes returns the 12 SRD classes in alphabetical id order.
func Classes() []ClassInfo {
	out := make([]ClassInfo, len(classTable))
	for i, c := range classTable {
		out[i] = c.info
	}
	return out
}

// Info returns the class's table row; ok is false for an unknown id.
func (c Class) Info() (info ClassInfo, ok bool) {
	for _, e := range classTable {
		if e.info.ID == c {
			return e.info, true
		}
	}
	return ClassInfo{}, false
}

// Valid reports whether c is one of the 12 class ids.
func (c Class) Valid() bool { _, ok := c.Info(); return ok }

// Key is the catalog key of the class's name ("dnd5e.class.wizard"), or "".
func (c Class) Key() string {
	for _, e := range classTable {
		if e.info.ID == c {
			return e.key
		}
	}
	return ""
}

// ParseClass accepts a class id in any case.
func ParseClass(s string) (Class, error) {
	c := Class(strings.ToLower(strings.TrimSpace(s)))
	if !c.Valid() {
		return "", newError(ErrUnknownClass, "Class", s)
	}
	return c, nil
}

// Condition is one of the 14 SRD condition ids, or Exhaustion.
type Condition string

// The 14 conditions and exhaustion.
const (
	Blinded       Condition = "blinded"
	Charmed       Condition = "charmed"
	Deafened      Condition = "deafened"
	Frightened    Condition = "frightened"
	Grappled      Condition = "grappled"
	Incapacitated Condition = "incapacitated"
	Invisible     Condition = "invisible"
	Paralyzed     Condition = "paralyzed"
	Petrified     Condition = "petrified"
	Poisoned      Condition = "poisoned"
	Prone         Condition = "prone"
	Restrained    Condition = "restrained"
	Stunned       Condition = "stunned"
	Unconscious   Condition = "unconscious"
	// Exhaustion has levels 1–6 and lives in Character.Exhaustion / Target.Exhaustion,
	// never in a condition list.
	Exhaustion Condition = "exhaustion"
)

var conditionTable = []struct {
	id  Condition
	key string
}{
	{Blinded, "dnd5e.condition.blinded"},
	{Charmed, "dnd5e.condition.charmed"},
	{Deafened, "dnd5e.condition.deafened"},
	{Frightened, "dnd5e.condition.frightened"},
	{Grappled, "dnd5e.condition.grappled"},
	{Incapacitated, "dnd5e.condition.incapacitated"},
	{Invisible, "dnd5e.condition.invisible"},
	{Paralyzed, "dnd5e.condition.paralyzed"},
	{Petrified, "dnd5e.condition.petrified"},
	{Poisoned, "dnd5e.condition.poisoned"},
	{Prone, "dnd5e.condition.prone"},
	{Restrained, "dnd5e.condition.restrained"},
	{Stunned, "dnd5e.condition.stunned"},
	{Unconscious, "dnd5e.condition.unconscious"},
	{Exhaustion, "dnd5e.condition.exhaustion"},
}

// Conditions returns the 14 conditions followed by Exhaustion (15 ids).
func Conditions() []Condition {
	out := make([]Condition, len(conditionTable))
	for i, c := range conditionTable {
		out[i] = c.id
	}
	return out
}

// Valid reports whether c is a condition id (Exhaustion included).
func (c Condition) Valid() bool { return c.Key() != "" }

// Key is the catalog key of the condition's name ("dnd5e.condition.poisoned"), or "".
func (c Condition) Key() string {
	for _, e := range conditionTable {
		if e.id == c {
			return e.key
		}
	}
	return ""
}

// ParseCondition accepts a condition id in any case.
func ParseCondition(s string) (Condition, error) {
	c := Condition(strings.ToLower(strings.TrimSpace(s)))
	if !c.Valid() {
		return "", newError(ErrUnknownCondition, "Condition", s)
	}
	return c, nil
}

// DamageType is one of the 13 SRD damage type ids. The empty DamageType means untyped damage.
type DamageType string

var damageTable = []struct {
	id  DamageType
	key string
}{
	{"acid", "dnd5e.damage.acid"},
	{"bludgeoning", "dnd5e.damage.bludgeoning"},
	{"cold", "dnd5e.damage.cold"},
	{"fire", "dnd5e.damage.fire"},
	{"force", "dnd5e.damage.force"},
	{"lightning", "dnd5e.damage.lightning"},
	{"necrotic", "dnd5e.damage.necrotic"},
	{"piercing", "dnd5e.damage.piercing"},
	{"poison", "dnd5e.damage.poison"},
	{"psychic", "dnd5e.damage.psychic"},
	{"radiant", "dnd5e.damage.radiant"},
	{"slashing", "dnd5e.damage.slashing"},
	{"thunder", "dnd5e.damage.thunder"},
}

// DamageTypes returns the 13 damage types in alphabetical id order.
func DamageTypes() []DamageType {
	out := make([]DamageType, len(damageTable))
	for i, d := range damageTable {
		out[i] = d.id
	}
	return out
}

// Valid reports whether d is one of the 13 damage type ids ("" is not valid).
func (d DamageType) Valid() bool { return d.Key() != "" }

// Key is the catalog key of the damage type's name ("dnd5e.damage.fire"), or "".
func (d DamageType) Key() string {
	for _, e := range damageTable {
		if e.id == d {
			return e.key
		}
	}
	return ""
}

// ParseDamageType accepts a damage type id in any case; "" is untyped and accepted.
func ParseDamageType(s string) (DamageType, error) {
	d := DamageType(strings.ToLower(strings.TrimSpace(s)))
	if d != "" && !d.Valid() {
		return "", newError(ErrUnknownDamageType, "Type", s)
	}
	return d, nil
}

// State is a character's life state.
type State string

// The four states. A character with HP > 0 is Conscious (even if it has the
// unconscious condition from, say, a sleep spell); Dying, Stable and Dead all have 0 HP.
const (
	Conscious State = "conscious"
	Dying     State = "dying"
	Stable    State = "stable"
	Dead      State = "dead"
)

// States returns the four states.
func States() []State { return []State{Conscious, Dying, Stable, Dead} }

// Key is the catalog key of the state's name ("dnd5e.state.dying"), or "".
func (s State) Key() string {
	switch s {
	case Conscious:
		return "dnd5e.state.conscious"
	case Dying:
		return "dnd5e.state.dying"
	case Stable:
		return "dnd5e.state.stable"
	case Dead:
		return "dnd5e.state.dead"
	}
	return ""
}

// Valid reports whether s is one of the four states.
func (s State) Valid() bool { return s.Key() != "" }
