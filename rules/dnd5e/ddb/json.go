package ddb

import (
	"bytes"
	"strconv"
)

// The D&D Beyond character-service v5 JSON, only the fields the mapping
// reads. Numbers go through num, which never fails: D&D Beyond writes some
// ids as strings ("valueId": "3"), many values as null, and a fuzzed input
// may put anything anywhere.

// numLimit bounds every number read (ids have 8–10 digits), so sums of the
// few thousand numbers a MaxSize input can hold cannot overflow.
const numLimit = 1_000_000_000_000

// num is a tolerant JSON number: a number (fractions truncated), a numeric
// string, or anything else (null, object, bool), which reads as unset.
type num struct {
	v  int
	ok bool // the JSON held a number (or a numeric string)
}

// UnmarshalJSON implements json.Unmarshaler; it never fails.
func (n *num) UnmarshalJSON(b []byte) error {
	*n = num{}
	s := string(bytes.TrimSpace(b))
	if len(s) >= 2 && s[0] == '"' {
		u, err := strconv.Unquote(s)
		if err != nil {
			return nil
		}
		s = u
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != f { // NaN
		return nil
	}
	f = min(max(f, -numLimit), numLimit)
	*n = num{v: int(f), ok: true}
	return nil
}

// Int is the number, 0 when unset.
func (n num) Int() int { return n.v }

// envelope is the service's answer: {"success":true,"message":"…","data":{…}}.
type envelope struct {
	Success *bool      `json:"success"`
	Data    *character `json:"data"`
}

// character is the "data" object.
type character struct {
	ID                 num                   `json:"id"`
	Name               string                `json:"name"`
	BaseHitPoints      num                   `json:"baseHitPoints"`
	BonusHitPoints     num                   `json:"bonusHitPoints"`
	OverrideHitPoints  num                   `json:"overrideHitPoints"`
	RemovedHitPoints   num                   `json:"removedHitPoints"`
	TemporaryHitPoints num                   `json:"temporaryHitPoints"`
	Stats              []stat                `json:"stats"`
	BonusStats         []stat                `json:"bonusStats"`
	OverrideStats      []stat                `json:"overrideStats"`
	Race               race                  `json:"race"`
	Classes            []class               `json:"classes"`
	Feats              []feat                `json:"feats"`
	Modifiers          map[string][]modifier `json:"modifiers"`
	Inventory          []item                `json:"inventory"`
	Spells             map[string][]spell    `json:"spells"`
	ClassSpells        []classSpells         `json:"classSpells"`
	SpellSlots         []slot                `json:"spellSlots"`
	PactMagic          []slot                `json:"pactMagic"`
	DeathSaves         deathSaves            `json:"deathSaves"`
	Conditions         []condition           `json:"conditions"`
	CharacterValues    []characterValue      `json:"characterValues"`
	Actions            map[string][]action   `json:"actions"`
	CustomActions      []named               `json:"customActions"`
	CustomSpeeds       []customSpeed         `json:"customSpeeds"`
}

// stat is one ability entry: id 1–6 (STR … CHA) and a value (null = none).
type stat struct {
	ID    num `json:"id"`
	Value num `json:"value"`
}

type race struct {
	FullName     string `json:"fullName"`
	BaseRaceName string `json:"baseRaceName"`
	IsHomebrew   bool   `json:"isHomebrew"`
	WeightSpeeds struct {
		Normal struct {
			Walk num `json:"walk"`
		} `json:"normal"`
	} `json:"weightSpeeds"`
}

// class is one entry of "classes".
type class struct {
	ID                 num            `json:"id"`
	Level              num            `json:"level"`
	IsStartingClass    bool           `json:"isStartingClass"`
	HitDiceUsed        num            `json:"hitDiceUsed"`
	Definition         classDef       `json:"definition"`
	SubclassDefinition *classDef      `json:"subclassDefinition"`
	ClassFeatures      []classFeature `json:"classFeatures"`
}

type classDef struct {
	ID                    num             `json:"id"`
	Name                  string          `json:"name"`
	HitDice               num             `json:"hitDice"`
	SpellCastingAbilityID num             `json:"spellCastingAbilityId"`
	CanCastSpells         bool            `json:"canCastSpells"`
	IsHomebrew            bool            `json:"isHomebrew"`
	SpellRules            *spellRules     `json:"spellRules"`
	ClassFeatures         []featureDefRef `json:"classFeatures"`
}

type spellRules struct {
	MultiClassSpellSlotDivisor num `json:"multiClassSpellSlotDivisor"`
}

// classFeature is an entry of a class's "classFeatures": {"definition": {…}}.
type classFeature struct {
	Definition featureDefRef `json:"definition"`
}

// featureDefRef is a class or subclass feature's definition.
type featureDefRef struct {
	ID            num    `json:"id"`
	Name          string `json:"name"`
	RequiredLevel num    `json:"requiredLevel"`
}

type feat struct {
	Definition struct {
		ID         num    `json:"id"`
		Name       string `json:"name"`
		IsHomebrew bool   `json:"isHomebrew"`
	} `json:"definition"`
}

// modifier is one bonus, proficiency, set value, resistance… of a source.
type modifier struct {
	Type                  string `json:"type"`
	SubType               string `json:"subType"`
	Value                 num    `json:"value"`
	FixedValue            num    `json:"fixedValue"`
	StatID                num    `json:"statId"`
	EntityID              num    `json:"entityId"`
	Restriction           string `json:"restriction"`
	FriendlySubtypeName   string `json:"friendlySubtypeName"`
	IsGranted             *bool  `json:"isGranted"`
	AvailableToMulticlass *bool  `json:"availableToMulticlass"`
	ComponentID           num    `json:"componentId"`
}

// amount is the modifier's value, or its fixed value when the value is unset.
func (m modifier) amount() int {
	if m.Value.ok {
		return m.Value.v
	}
	return m.FixedValue.v
}

// item is one inventory entry.
type item struct {
	ID         num     `json:"id"`
	Equipped   bool    `json:"equipped"`
	IsAttuned  bool    `json:"isAttuned"`
	Definition itemDef `json:"definition"`
}

type itemDef struct {
	ID               num        `json:"id"`
	Name             string     `json:"name"`
	Type             string     `json:"type"`
	FilterType       string     `json:"filterType"`
	Magic            bool       `json:"magic"`
	CanAttune        bool       `json:"canAttune"`
	IsHomebrew       bool       `json:"isHomebrew"`
	ArmorClass       num        `json:"armorClass"`
	ArmorTypeID      num        `json:"armorTypeId"`
	GrantedModifiers []modifier `json:"grantedModifiers"`
	Damage           *damage    `json:"damage"`
	DamageType       string     `json:"damageType"`
	FixedDamage      num        `json:"fixedDamage"`
	Properties       []property `json:"properties"`
	AttackType       num        `json:"attackType"`
	CategoryID       num        `json:"categoryId"`
	Range            num        `json:"range"`
	LongRange        num        `json:"longRange"`
	IsMonkWeapon     bool       `json:"isMonkWeapon"`
}

// damage is a weapon's or an action's dice.
type damage struct {
	DiceString string `json:"diceString"`
	DiceCount  num    `json:"diceCount"`
	DiceValue  num    `json:"diceValue"`
	FixedValue num    `json:"fixedValue"`
}

type property struct {
	Name  string `json:"name"`
	Notes string `json:"notes"`
}

// spell is an entry of "spells" or of a class's "classSpells".
type spell struct {
	Definition struct {
		ID         num    `json:"id"`
		Name       string `json:"name"`
		Level      num    `json:"level"`
		IsHomebrew bool   `json:"isHomebrew"`
	} `json:"definition"`
	Prepared       bool `json:"prepared"`
	AlwaysPrepared bool `json:"alwaysPrepared"`
}

type classSpells struct {
	CharacterClassID num     `json:"characterClassId"`
	Spells           []spell `json:"spells"`
}

// slot is one spell level's slot use: "used" counts; "available" is not read
// (the slots come from the class levels).
type slot struct {
	Level num `json:"level"`
	Used  num `json:"used"`
}

type deathSaves struct {
	FailCount    num  `json:"failCount"`
	SuccessCount num  `json:"successCount"`
	IsStabilized bool `json:"isStabilized"`
}

type condition struct {
	ID    num `json:"id"`
	Level num `json:"level"`
}

// characterValue is a sheet override: typeId says what, valueId which item or skill.
type characterValue struct {
	TypeID  num `json:"typeId"`
	Value   num `json:"value"`
	ValueID num `json:"valueId"`
}

// action is a class, race or feat action; those shown as attacks become sheet attacks.
type action struct {
	Name                  string  `json:"name"`
	DisplayAsAttack       bool    `json:"displayAsAttack"`
	IsProficient          bool    `json:"isProficient"`
	AbilityModifierStatID num     `json:"abilityModifierStatId"`
	Dice                  *damage `json:"dice"`
	DamageTypeID          num     `json:"damageTypeId"`
	IsMartialArts         bool    `json:"isMartialArts"`
	AttackTypeRange       num     `json:"attackTypeRange"`
}

type named struct {
	Name string `json:"name"`
}

type customSpeed struct {
	MovementID num `json:"movementId"`
	Distance   num `json:"distance"`
}
