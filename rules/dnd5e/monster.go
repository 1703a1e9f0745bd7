package dnd5e

// The monster table (monsters_table.go) is generated from the 5e-database's
// Monsters.json (SRD 5.1 numbers, MIT; the SRD itself is CC-BY-4.0, see NOTICE):
//
//	go generate ./rules/dnd5e/
//
// reads ../../../shared/data/srd-5.1/Monsters.json (or $RULEKEEPER_SRD_DIR/Monsters.json,
// or -in FILE) and rewrites monsters_table.go. It copies numbers and names, never descriptions.
//go:generate go run ./internal/monstergen -out monsters_table.go

// Monster is one SRD 5.1 stat block as numbers and ids (no prose). Its name is
// the catalog entry Key() ("monster.goblin"); every id inside has a Key() too.
type Monster struct {
	ID        string       `json:"id"` // "goblin", "adult_red_dragon" (the 5e-database index, dashes as underscores)
	Size      Size         `json:"size"`
	Type      CreatureType `json:"type"`
	SwarmOf   Size         `json:"swarm_of,omitempty"` // a swarm: the size of its members ("swarm of Tiny beasts")
	Tags      []Tag        `json:"tags,omitempty"`     // the type's parenthesis: goblinoid, devil, shapechanger…
	Alignment Alignment    `json:"alignment"`

	Armor   []ArmorClass `json:"armor"`    // the first is the creature's AC; others are alternatives (mage armor, a shield)
	HP      int          `json:"hp"`       // average hit points
	HitDice string       `json:"hit_dice"` // "2d6", the Hit Dice alone
	HPRoll  string       `json:"hp_roll"`  // "2d6", "19d12+133": Hit Dice plus CON modifier × dice
	Speed   Speeds       `json:"speed"`
	Scores  Scores       `json:"scores"`

	Saves  []SaveBonus  `json:"saves,omitempty"`  // proficient saving throws only; others are the ability modifier
	Skills []SkillBonus `json:"skills,omitempty"` // listed skills only; others are the ability modifier

	Vulnerable      []DamageDefence `json:"vulnerable,omitempty"`
	Resistant       []DamageDefence `json:"resistant,omitempty"`
	Immune          []DamageDefence `json:"immune,omitempty"`
	ConditionImmune []Condition     `json:"condition_immune,omitempty"`

	Senses    Senses    `json:"senses"`
	Languages Languages `json:"languages"`

	CR          CR  `json:"cr"`
	XP          int `json:"xp"`
	Proficiency int `json:"proficiency"`

	// Actions are the traits with numbers, actions, reactions and legendary
	// actions, in stat-block order (Kind says which).
	Actions      []MonsterAction `json:"actions,omitempty"`
	Legendary    int             `json:"legendary,omitempty"` // legendary actions per round (3 in every SRD stat block that has them)
	Spellcasting []Spellcasting  `json:"spellcasting,omitempty"`
}

// Key is the catalog key of the monster's name ("monster.goblin").
func (m *Monster) Key() string { return "monster." + m.ID }

// ArmorClass is one AC value and where it comes from.
type ArmorClass struct {
	Value     int       `json:"value"`
	Kind      ACKind    `json:"kind"`
	Spell     string    `json:"spell,omitempty"`     // Kind ACSpell: the spell id ("mage_armor"; catalog key "spell.mage_armor")
	Condition Condition `json:"condition,omitempty"` // Kind ACCondition: the AC while the creature has it (ankheg: prone)
}

// Speeds are the movement speeds in feet; 0 = none.
type Speeds struct {
	Walk   int  `json:"walk"`
	Fly    int  `json:"fly,omitempty"`
	Swim   int  `json:"swim,omitempty"`
	Climb  int  `json:"climb,omitempty"`
	Burrow int  `json:"burrow,omitempty"`
	Hover  bool `json:"hover,omitempty"`
}

// SaveBonus is a saving throw the monster is proficient in and its whole bonus.
type SaveBonus struct {
	Ability Ability `json:"ability"`
	Bonus   int     `json:"bonus"`
}

// SkillBonus is a skill listed in the stat block and its whole bonus.
type SkillBonus struct {
	Skill Skill `json:"skill"`
	Bonus int   `json:"bonus"`
}

// DamageDefence is one vulnerability, resistance or immunity. Type "" with
// QualSpells means every type (damage from spells).
type DamageDefence struct {
	Type      DamageType      `json:"type,omitempty"`
	Qualifier DamageQualifier `json:"qualifier,omitempty"`
}

// DamageQualifier narrows a defence to some sources of damage.
type DamageQualifier string

// The SRD's qualifiers.
const (
	QualNone                 DamageQualifier = ""
	QualNonmagical           DamageQualifier = "nonmagical"             // from nonmagical attacks (weapons)
	QualNonmagicalSilver     DamageQualifier = "nonmagical_unsilvered"  // …that aren't silvered
	QualNonmagicalAdamantine DamageQualifier = "nonmagical_nonadamant"  // …that aren't adamantine
	QualSpells               DamageQualifier = "spells"                 // damage from spells
	QualMagicGood            DamageQualifier = "magic_weapon_good_user" // from magic weapons wielded by good creatures
)

// Senses are the special senses' ranges in feet (0 = none) and passive Perception.
type Senses struct {
	Darkvision  int  `json:"darkvision,omitempty"`
	Blindsight  int  `json:"blindsight,omitempty"`
	BlindBeyond bool `json:"blind_beyond,omitempty"` // blind beyond the blindsight radius
	Tremorsense int  `json:"tremorsense,omitempty"`
	Truesight   int  `json:"truesight,omitempty"`
	Passive     int  `json:"passive_perception"`
}

// Languages are what the monster speaks and understands.
type Languages struct {
	Speaks      []Language `json:"speaks,omitempty"`
	Understands []Language `json:"understands,omitempty"` // understood but not spoken
	Any         int        `json:"any,omitempty"`         // more languages of its choice ("any two languages")
	Telepathy   int        `json:"telepathy,omitempty"`   // feet
}

// CR is a challenge rating as a fraction: {0,1}, {1,8}, {1,4}, {1,2}, {1,1} … {30,1}.
type CR struct {
	Num int `json:"num"`
	Den int `json:"den"`
}

// MonsterAction is a trait with numbers, an action, a reaction or a legendary
// action. Its name is the catalog entry Key() ("monster.action.scimitar");
// the same name has the same ID in every stat block.
type MonsterAction struct {
	ID   string     `json:"id"`
	Kind ActionKind `json:"kind"`

	Attack    AttackKind `json:"attack,omitempty"` // "" when there is no attack roll
	ToHit     int        `json:"to_hit,omitempty"`
	Reach     int        `json:"reach,omitempty"`      // melee reach in feet
	Range     int        `json:"range,omitempty"`      // ranged: normal range in feet
	LongRange int        `json:"long_range,omitempty"` // ranged: long range in feet (0 = none)

	Damage   []MonsterDamage `json:"damage,omitempty"`
	Save     *MonsterSave    `json:"save,omitempty"`
	EscapeDC int             `json:"escape_dc,omitempty"` // a grapple or restraint the target escapes at this DC

	Multiattack [][]MultiattackStep `json:"multiattack,omitempty"` // options (the SRD's "or"), each a list of steps
	Uses        []string            `json:"uses,omitempty"`        // ids of the monster's actions this one makes (legendary "Tail Attack")
	Options     []string            `json:"options,omitempty"`     // ids of the sub-actions to choose from (breath weapons)
	Parent      string              `json:"parent,omitempty"`      // a sub-action: the id of the action that offers it

	Recharge int  `json:"recharge,omitempty"` // recharges on a d6 roll of at least this (5 = "Recharge 5–6")
	PerDay   int  `json:"per_day,omitempty"`
	PerRest  bool `json:"per_rest,omitempty"` // recharges after a short or long rest
	Cost     int  `json:"cost,omitempty"`     // legendary action cost (1 unless the SRD says more)
}

// Key is the catalog key of the action's name ("monster.action.scimitar").
func (a *MonsterAction) Key() string { return "monster.action." + a.ID }

// MonsterDamage is one damage component of an action, e.g. 2d10+8 piercing.
type MonsterDamage struct {
	Dice string     `json:"dice"` // dice notation; may be a flat number ("1")
	Type DamageType `json:"type"`
	// Choice groups alternatives: components with the same non-zero Choice are
	// one choice (the first is the default); 0 = always dealt.
	Choice  int     `json:"choice,omitempty"`
	Variant Variant `json:"variant,omitempty"` // what the alternative is (two_handed…)
	// OnFail marks damage taken on a failed save against the action's Save
	// (halved on a success when Save.Half) rather than on a hit.
	OnFail bool `json:"on_fail,omitempty"`
}

// MonsterSave is the saving throw an action calls for.
type MonsterSave struct {
	DC      int     `json:"dc"`
	Ability Ability `json:"ability"`
	Half    bool    `json:"half,omitempty"` // half damage on a successful save
}

// MultiattackStep is Count uses of the action Action within a multiattack.
type MultiattackStep struct {
	Action string `json:"action"`          // an action id, or a Spellcasting id
	Count  int    `json:"count,omitempty"` // uses (when Dice is "")
	Dice   string `json:"dice,omitempty"`  // the number of uses is rolled ("1d4")
}

// MonsterException is an action whose numbers the table does not hold in
// full, and why: "prose" (Missing: the dice, DCs ("DC16") and to-hit
// bonuses ("+4hit") found only in the SRD's description, e.g. a condition's
// duration, a conditional rider, a swallowed creature's acid),
// "multiattack_ref" (Missing: a multiattack step naming no action of the
// stat block), "multiattack_count" (the count is not a number: the hydra's
// heads; the table uses 5).
type MonsterException struct {
	Monster string   `json:"monster"`
	Action  string   `json:"action"`
	Reason  string   `json:"reason"`
	Missing []string `json:"missing,omitempty"`
}

// Spellcasting is a Spellcasting or Innate Spellcasting trait.
type Spellcasting struct {
	ID      string         `json:"id"` // "spellcasting", "innate_spellcasting" (monster.action.<id>)
	Ability Ability        `json:"ability"`
	DC      int            `json:"dc,omitempty"`
	ToHit   int            `json:"to_hit,omitempty"` // spell attack bonus (0 = not given)
	Level   int            `json:"level,omitempty"`  // caster level
	Class   Class          `json:"class,omitempty"`  // whose spell list ("wizard")
	Slots   []int          `json:"slots,omitempty"`  // Slots[i] = slots of level i+1
	Spells  []MonsterSpell `json:"spells"`
}

// MonsterSpell is a spell a monster can cast; ID is the spell table's id.
type MonsterSpell struct {
	ID     string `json:"id"` // "fireball" (catalog key "spell.fireball")
	Level  int    `json:"level"`
	AtWill bool   `json:"at_will,omitempty"`
	PerDay int    `json:"per_day,omitempty"` // 0 with !AtWill: cast with a slot
}
