package main

// The generator's copy of the rules/dnd5e monster types: same type and field
// names, so that the emitter can write the table as Go composite literals.
// (The generator does not import rules/dnd5e, so that a broken table can be
// regenerated.)

type (
	Size            string
	CreatureType    string
	Tag             string
	Alignment       string
	ACKind          string
	Condition       string
	DamageType      string
	DamageQualifier string
	Language        string
	ActionKind      string
	AttackKind      string
	Variant         string
	Ability         string
	Skill           string
	Class           string
)

type Monster struct {
	ID              string
	Size            Size
	Type            CreatureType
	SwarmOf         Size
	Tags            []Tag
	Alignment       Alignment
	Armor           []ArmorClass
	HP              int
	HitDice         string
	HPRoll          string
	Speed           Speeds
	Scores          Scores
	Saves           []SaveBonus
	Skills          []SkillBonus
	Vulnerable      []DamageDefence
	Resistant       []DamageDefence
	Immune          []DamageDefence
	ConditionImmune []Condition
	Senses          Senses
	Languages       Languages
	CR              CR
	XP              int
	Proficiency     int
	Actions         []MonsterAction
	Legendary       int
	Spellcasting    []Spellcasting
}

type ArmorClass struct {
	Value     int
	Kind      ACKind
	Spell     string
	Condition Condition
}

type Speeds struct {
	Walk, Fly, Swim, Climb, Burrow int
	Hover                          bool
}

type Scores struct{ Str, Dex, Con, Int, Wis, Cha int }

type SaveBonus struct {
	Ability Ability
	Bonus   int
}

type SkillBonus struct {
	Skill Skill
	Bonus int
}

type DamageDefence struct {
	Type      DamageType
	Qualifier DamageQualifier
}

type Senses struct {
	Darkvision  int
	Blindsight  int
	BlindBeyond bool
	Tremorsense int
	Truesight   int
	Passive     int
}

type Languages struct {
	Speaks      []Language
	Understands []Language
	Any         int
	Telepathy   int
}

type CR struct{ Num, Den int }

type MonsterAction struct {
	ID          string
	Kind        ActionKind
	Attack      AttackKind
	ToHit       int
	Reach       int
	Range       int
	LongRange   int
	Damage      []MonsterDamage
	Save        *MonsterSave
	EscapeDC    int
	Multiattack [][]MultiattackStep
	Uses        []string
	Options     []string
	Parent      string
	Recharge    int
	PerDay      int
	PerRest     bool
	Cost        int
}

type MonsterDamage struct {
	Dice    string
	Type    DamageType
	Choice  int
	Variant Variant
	OnFail  bool
}

type MonsterSave struct {
	DC      int
	Ability Ability
	Half    bool
}

type MultiattackStep struct {
	Action string
	Count  int
	Dice   string
}

type Spellcasting struct {
	ID      string
	Ability Ability
	DC      int
	ToHit   int
	Level   int
	Class   Class
	Slots   []int
	Spells  []MonsterSpell
}

type MonsterSpell struct {
	ID     string
	Level  int
	AtWill bool
	PerDay int
}

// MonsterException is an action whose numbers are not all in the table.
type MonsterException struct {
	Monster string
	Action  string
	Reason  string
	Missing []string
}
