package main

// The parts of the 5e-database's Monsters.json that the generator reads.
// Description fields ("desc") are read only to find numbers in them.

type ref struct {
	Index string `json:"index"`
	Name  string `json:"name"`
	URL   string `json:"url"`
}

type srdMonster struct {
	Index         string         `json:"index"`
	Name          string         `json:"name"`
	Size          string         `json:"size"`
	Type          string         `json:"type"`
	Subtype       string         `json:"subtype"`
	Alignment     string         `json:"alignment"`
	ArmorClass    []srdAC        `json:"armor_class"`
	HitPoints     int            `json:"hit_points"`
	HitDice       string         `json:"hit_dice"`
	HitPointsRoll string         `json:"hit_points_roll"`
	Speed         map[string]any `json:"speed"`
	Strength      int            `json:"strength"`
	Dexterity     int            `json:"dexterity"`
	Constitution  int            `json:"constitution"`
	Intelligence  int            `json:"intelligence"`
	Wisdom        int            `json:"wisdom"`
	Charisma      int            `json:"charisma"`
	Proficiencies []struct {
		Value       int `json:"value"`
		Proficiency ref `json:"proficiency"`
	} `json:"proficiencies"`
	Vulnerabilities     []string       `json:"damage_vulnerabilities"`
	Resistances         []string       `json:"damage_resistances"`
	Immunities          []string       `json:"damage_immunities"`
	ConditionImmunities []ref          `json:"condition_immunities"`
	Senses              map[string]any `json:"senses"`
	Languages           string         `json:"languages"`
	ChallengeRating     float64        `json:"challenge_rating"`
	ProficiencyBonus    int            `json:"proficiency_bonus"`
	XP                  int            `json:"xp"`
	SpecialAbilities    []srdAction    `json:"special_abilities"`
	Actions             []srdAction    `json:"actions"`
	LegendaryActions    []srdAction    `json:"legendary_actions"`
	Reactions           []srdAction    `json:"reactions"`
}

type srdAC struct {
	Type      string `json:"type"`
	Value     int    `json:"value"`
	Spell     *ref   `json:"spell"`
	Condition *ref   `json:"condition"`
}

type srdDC struct {
	DCType      ref    `json:"dc_type"`
	DCValue     int    `json:"dc_value"`
	SuccessType string `json:"success_type"`
}

type srdUsage struct {
	Type     string `json:"type"`
	Times    int    `json:"times"`
	Dice     string `json:"dice"`
	MinValue int    `json:"min_value"`
}

type srdDamage struct {
	DamageType *ref   `json:"damage_type"`
	DamageDice string `json:"damage_dice"`
	DC         *srdDC `json:"dc"`
	Notes      string `json:"notes"`
	Choose     int    `json:"choose"`
	From       *struct {
		Options []srdDamage `json:"options"`
	} `json:"from"`
}

type srdOption struct {
	OptionType string      `json:"option_type"`
	ActionName string      `json:"action_name"`
	Count      any         `json:"count"` // a number, or words/dice ("Number of Heads", "1d4")
	Items      []srdOption `json:"items"`
	Name       string      `json:"name"`
	DC         *srdDC      `json:"dc"`
	Damage     []srdDamage `json:"damage"`
}

type srdChoice struct {
	Choose int `json:"choose"`
	From   struct {
		Options []srdOption `json:"options"`
	} `json:"from"`
}

type srdAction struct {
	Name          string      `json:"name"`
	Desc          string      `json:"desc"`
	AttackBonus   *int        `json:"attack_bonus"`
	Damage        []srdDamage `json:"damage"`
	DC            *srdDC      `json:"dc"`
	Usage         *srdUsage   `json:"usage"`
	Multiattack   string      `json:"multiattack_type"`
	Steps         []srdOption `json:"actions"`
	ActionOptions *srdChoice  `json:"action_options"`
	Options       *srdChoice  `json:"options"`
	Attacks       []srdOption `json:"attacks"`
	Spellcasting  *struct {
		Level   int            `json:"level"`
		Ability ref            `json:"ability"`
		DC      int            `json:"dc"`
		Mod     int            `json:"modifier"`
		School  string         `json:"school"`
		Slots   map[string]int `json:"slots"`
		Spells  []struct {
			Name  string    `json:"name"`
			Level int       `json:"level"`
			URL   string    `json:"url"`
			Usage *srdUsage `json:"usage"`
		} `json:"spells"`
	} `json:"spellcasting"`
}
