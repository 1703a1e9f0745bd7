package dnd5e

// The small id types of a monster stat block. Each has a Key() (its catalog
// key in locales/catalog/monsters.<lang>.toml, "" for an unknown id) and a
// function listing every id.

// monsterID is one id and its catalog key.
type monsterID struct{ id, key string }

func keyIn(table []monsterID, id string) string {
	for _, e := range table {
		if e.id == id {
			return e.key
		}
	}
	return ""
}

func idsIn[T ~string](table []monsterID) []T {
	out := make([]T, len(table))
	for i, e := range table {
		out[i] = T(e.id)
	}
	return out
}

// Size is a creature size id.
type Size string

// The six sizes.
const (
	Tiny       Size = "tiny"
	Small      Size = "small"
	Medium     Size = "medium"
	Large      Size = "large"
	Huge       Size = "huge"
	Gargantuan Size = "gargantuan"
)

var sizeTable = []monsterID{
	{"tiny", "monster.size.tiny"},
	{"small", "monster.size.small"},
	{"medium", "monster.size.medium"},
	{"large", "monster.size.large"},
	{"huge", "monster.size.huge"},
	{"gargantuan", "monster.size.gargantuan"},
}

// Sizes returns the six sizes, smallest first.
func Sizes() []Size { return idsIn[Size](sizeTable) }

// Key is the catalog key of the size ("monster.size.tiny").
func (s Size) Key() string { return keyIn(sizeTable, string(s)) }

// CreatureType is one of the 14 creature types.
type CreatureType string

var creatureTypeTable = []monsterID{
	{"aberration", "monster.type.aberration"},
	{"beast", "monster.type.beast"},
	{"celestial", "monster.type.celestial"},
	{"construct", "monster.type.construct"},
	{"dragon", "monster.type.dragon"},
	{"elemental", "monster.type.elemental"},
	{"fey", "monster.type.fey"},
	{"fiend", "monster.type.fiend"},
	{"giant", "monster.type.giant"},
	{"humanoid", "monster.type.humanoid"},
	{"monstrosity", "monster.type.monstrosity"},
	{"ooze", "monster.type.ooze"},
	{"plant", "monster.type.plant"},
	{"undead", "monster.type.undead"},
}

// CreatureTypes returns the 14 creature types in alphabetical order.
func CreatureTypes() []CreatureType { return idsIn[CreatureType](creatureTypeTable) }

// Key is the catalog key of the type ("monster.type.beast").
func (c CreatureType) Key() string { return keyIn(creatureTypeTable, string(c)) }

// Tag is a creature type's tag (the SRD's parenthesis: "humanoid (goblinoid)").
type Tag string

var tagTable = []monsterID{
	{"any_race", "monster.tag.any_race"},
	{"demon", "monster.tag.demon"},
	{"devil", "monster.tag.devil"},
	{"dwarf", "monster.tag.dwarf"},
	{"elf", "monster.tag.elf"},
	{"gnoll", "monster.tag.gnoll"},
	{"gnome", "monster.tag.gnome"},
	{"goblinoid", "monster.tag.goblinoid"},
	{"grimlock", "monster.tag.grimlock"},
	{"human", "monster.tag.human"},
	{"kobold", "monster.tag.kobold"},
	{"lizardfolk", "monster.tag.lizardfolk"},
	{"merfolk", "monster.tag.merfolk"},
	{"orc", "monster.tag.orc"},
	{"sahuagin", "monster.tag.sahuagin"},
	{"shapechanger", "monster.tag.shapechanger"},
	{"titan", "monster.tag.titan"},
}

// Tags returns every tag in the SRD.
func Tags() []Tag { return idsIn[Tag](tagTable) }

// Key is the catalog key of the tag ("monster.tag.goblinoid").
func (t Tag) Key() string { return keyIn(tagTable, string(t)) }

// Alignment is a stat block's alignment, including "any" forms.
type Alignment string

var alignmentTable = []monsterID{
	{"lawful_good", "monster.alignment.lawful_good"},
	{"neutral_good", "monster.alignment.neutral_good"},
	{"chaotic_good", "monster.alignment.chaotic_good"},
	{"lawful_neutral", "monster.alignment.lawful_neutral"},
	{"neutral", "monster.alignment.neutral"},
	{"chaotic_neutral", "monster.alignment.chaotic_neutral"},
	{"lawful_evil", "monster.alignment.lawful_evil"},
	{"neutral_evil", "monster.alignment.neutral_evil"},
	{"chaotic_evil", "monster.alignment.chaotic_evil"},
	{"unaligned", "monster.alignment.unaligned"},
	{"any", "monster.alignment.any"},
	{"any_non_good", "monster.alignment.any_non_good"},
	{"any_non_lawful", "monster.alignment.any_non_lawful"},
	{"any_chaotic", "monster.alignment.any_chaotic"},
	{"any_evil", "monster.alignment.any_evil"},
	{"neutral_good_or_evil", "monster.alignment.neutral_good_or_evil"}, // 50 % neutral good, 50 % neutral evil
}

// Alignments returns every alignment a stat block uses.
func Alignments() []Alignment { return idsIn[Alignment](alignmentTable) }

// Key is the catalog key of the alignment ("monster.alignment.lawful_evil").
func (a Alignment) Key() string { return keyIn(alignmentTable, string(a)) }

// ACKind is where an armor class comes from.
type ACKind string

// The AC sources.
const (
	ACDex       ACKind = "dex"       // 10 + DEX, no armor named
	ACNatural   ACKind = "natural"   // natural armor
	ACArmor     ACKind = "armor"     // worn armor and/or a shield
	ACSpell     ACKind = "spell"     // with a spell (mage armor, barkskin)
	ACCondition ACKind = "condition" // while the creature has a condition
)

var acKindTable = []monsterID{
	{"dex", "monster.ac.dex"},
	{"natural", "monster.ac.natural"},
	{"armor", "monster.ac.armor"},
	{"spell", "monster.ac.spell"},
	{"condition", "monster.ac.condition"},
}

// ACKinds returns the five AC sources.
func ACKinds() []ACKind { return idsIn[ACKind](acKindTable) }

// Key is the catalog key of the AC source ("monster.ac.natural").
func (k ACKind) Key() string { return keyIn(acKindTable, string(k)) }

// Language is a language id, or one of the SRD's placeholders (LangAll …).
type Language string

// The placeholder languages.
const (
	LangAll        Language = "all"          // all languages
	LangKnewInLife Language = "knew_in_life" // the languages it knew in life
	LangCreator    Language = "creator"      // the languages of its creator
	LangCommands   Language = "commands"     // commands given in any language
)

var languageTable = []monsterID{
	{"abyssal", "monster.lang.abyssal"},
	{"aquan", "monster.lang.aquan"},
	{"auran", "monster.lang.auran"},
	{"blink_dog", "monster.lang.blink_dog"},
	{"celestial", "monster.lang.celestial"},
	{"common", "monster.lang.common"},
	{"deep_speech", "monster.lang.deep_speech"},
	{"draconic", "monster.lang.draconic"},
	{"druidic", "monster.lang.druidic"},
	{"dwarvish", "monster.lang.dwarvish"},
	{"elvish", "monster.lang.elvish"},
	{"giant", "monster.lang.giant"},
	{"giant_eagle", "monster.lang.giant_eagle"},
	{"giant_elk", "monster.lang.giant_elk"},
	{"giant_owl", "monster.lang.giant_owl"},
	{"gnoll", "monster.lang.gnoll"},
	{"gnomish", "monster.lang.gnomish"},
	{"goblin", "monster.lang.goblin"},
	{"ignan", "monster.lang.ignan"},
	{"infernal", "monster.lang.infernal"},
	{"orc", "monster.lang.orc"},
	{"otyugh", "monster.lang.otyugh"},
	{"primordial", "monster.lang.primordial"},
	{"sahuagin", "monster.lang.sahuagin"},
	{"sphinx", "monster.lang.sphinx"},
	{"sylvan", "monster.lang.sylvan"},
	{"terran", "monster.lang.terran"},
	{"thieves_cant", "monster.lang.thieves_cant"},
	{"undercommon", "monster.lang.undercommon"},
	{"winter_wolf", "monster.lang.winter_wolf"},
	{"worg", "monster.lang.worg"},
	{"all", "monster.lang.all"},
	{"knew_in_life", "monster.lang.knew_in_life"},
	{"creator", "monster.lang.creator"},
	{"commands", "monster.lang.commands"},
}

// LanguageIDs returns every language id of the SRD's stat blocks, placeholders last.
func LanguageIDs() []Language { return idsIn[Language](languageTable) }

// Key is the catalog key of the language ("monster.lang.draconic").
func (l Language) Key() string { return keyIn(languageTable, string(l)) }

// ActionKind says where an action sits in the stat block.
type ActionKind string

// The action kinds. The SRD 5.1 stat blocks have no separate bonus actions.
const (
	ActTrait     ActionKind = "trait"     // a special trait with numbers (Charge, Fire Aura)
	ActAction    ActionKind = "action"    //
	ActReaction  ActionKind = "reaction"  //
	ActLegendary ActionKind = "legendary" //
)

var actionKindTable = []monsterID{
	{"trait", "monster.kind.trait"},
	{"action", "monster.kind.action"},
	{"reaction", "monster.kind.reaction"},
	{"legendary", "monster.kind.legendary"},
}

// ActionKinds returns the four action kinds in stat-block order.
func ActionKinds() []ActionKind { return idsIn[ActionKind](actionKindTable) }

// Valid reports whether k is one of the four action kinds.
func (k ActionKind) Valid() bool { return k.Key() != "" }

// Key is the catalog key of the kind ("monster.kind.legendary").
func (k ActionKind) Key() string { return keyIn(actionKindTable, string(k)) }

// AttackKind is the kind of an action's attack roll.
type AttackKind string

// The attack kinds.
const (
	AttackMeleeWeapon         AttackKind = "melee_weapon"
	AttackRangedWeapon        AttackKind = "ranged_weapon"
	AttackMeleeOrRangedWeapon AttackKind = "melee_or_ranged_weapon" // thrown: reach and range
	AttackMeleeSpell          AttackKind = "melee_spell"
	AttackRangedSpell         AttackKind = "ranged_spell"
)

var attackKindTable = []monsterID{
	{"melee_weapon", "monster.attack.melee_weapon"},
	{"ranged_weapon", "monster.attack.ranged_weapon"},
	{"melee_or_ranged_weapon", "monster.attack.melee_or_ranged_weapon"},
	{"melee_spell", "monster.attack.melee_spell"},
	{"ranged_spell", "monster.attack.ranged_spell"},
}

// AttackKinds returns the five attack kinds.
func AttackKinds() []AttackKind { return idsIn[AttackKind](attackKindTable) }

// Key is the catalog key of the attack kind ("monster.attack.melee_weapon").
func (k AttackKind) Key() string { return keyIn(attackKindTable, string(k)) }

// Melee reports whether the attack can be made in melee.
func (k AttackKind) Melee() bool {
	return k == AttackMeleeWeapon || k == AttackMeleeOrRangedWeapon || k == AttackMeleeSpell
}

// Ranged reports whether the attack can be made at range.
func (k AttackKind) Ranged() bool {
	return k == AttackRangedWeapon || k == AttackMeleeOrRangedWeapon || k == AttackRangedSpell
}

// Variant names an alternative damage component.
type Variant string

// The variants.
const (
	OneHanded  Variant = "one_handed"
	TwoHanded  Variant = "two_handed"
	Shillelagh Variant = "shillelagh" // with the shillelagh spell
	InMelee    Variant = "melee"      // a thrown weapon used in melee
	AtRange    Variant = "ranged"     // …thrown
	HalfHP     Variant = "half_hp"    // a swarm at half its hit points or fewer
	Enlarged   Variant = "enlarged"   // a duergar while enlarged
)

var variantTable = []monsterID{
	{"one_handed", "monster.variant.one_handed"},
	{"two_handed", "monster.variant.two_handed"},
	{"shillelagh", "monster.variant.shillelagh"},
	{"melee", "monster.variant.melee"},
	{"ranged", "monster.variant.ranged"},
	{"half_hp", "monster.variant.half_hp"},
	{"enlarged", "monster.variant.enlarged"},
}

// Variants returns the damage variants.
func Variants() []Variant { return idsIn[Variant](variantTable) }

// Key is the catalog key of the variant ("monster.variant.two_handed").
func (v Variant) Key() string { return keyIn(variantTable, string(v)) }

// Key is the catalog key of the qualifier ("monster.qual.nonmagical"), "" for QualNone.
func (q DamageQualifier) Key() string { return keyIn(qualifierTable, string(q)) }

var qualifierTable = []monsterID{
	{"nonmagical", "monster.qual.nonmagical"},
	{"nonmagical_unsilvered", "monster.qual.nonmagical_unsilvered"},
	{"nonmagical_nonadamant", "monster.qual.nonmagical_nonadamant"},
	{"spells", "monster.qual.spells"},
	{"magic_weapon_good_user", "monster.qual.magic_weapon_good_user"},
}

// DamageQualifiers returns the qualifiers (QualNone excluded).
func DamageQualifiers() []DamageQualifier { return idsIn[DamageQualifier](qualifierTable) }

// Stat-block labels and usage words (catalog keys) for the bot's /monster
// reply. The templates take the named arguments.
const (
	LabelSpeedWalk    = "monster.speed.walk"
	LabelSpeedFly     = "monster.speed.fly"
	LabelSpeedSwim    = "monster.speed.swim"
	LabelSpeedClimb   = "monster.speed.climb"
	LabelSpeedBurrow  = "monster.speed.burrow"
	LabelSpeedHover   = "monster.speed.hover"
	LabelDarkvision   = "monster.sense.darkvision"
	LabelBlindsight   = "monster.sense.blindsight"
	LabelBlindBeyond  = "monster.sense.blind_beyond"
	LabelTremorsense  = "monster.sense.tremorsense"
	LabelTruesight    = "monster.sense.truesight"
	LabelPassive      = "monster.sense.passive_perception"
	LabelTelepathy    = "monster.lang.telepathy"     // Feet
	LabelAnyLanguages = "monster.lang.any"           // Count
	LabelUnderstands  = "monster.lang.understands"   // Languages (a joined list)
	LabelRecharge     = "monster.usage.recharge"     // Min
	LabelPerDay       = "monster.usage.per_day"      // Count
	LabelPerRest      = "monster.usage.per_rest"     // (none)
	LabelCost         = "monster.usage.cost"         // Cost
	LabelSwarm        = "monster.swarm"              // Size (a localized size), Type (a localized type)
	LabelMultiattack  = "monster.multiattack.option" // N (1-based option number)
)

// MonsterLabels lists the label keys above.
func MonsterLabels() []string {
	return []string{
		LabelSpeedWalk, LabelSpeedFly, LabelSpeedSwim, LabelSpeedClimb, LabelSpeedBurrow, LabelSpeedHover,
		LabelDarkvision, LabelBlindsight, LabelBlindBeyond, LabelTremorsense, LabelTruesight, LabelPassive,
		LabelTelepathy, LabelAnyLanguages, LabelUnderstands, LabelRecharge, LabelPerDay, LabelPerRest,
		LabelCost, LabelSwarm, LabelMultiattack,
	}
}
