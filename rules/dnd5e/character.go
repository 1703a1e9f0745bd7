package dnd5e

import (
	"encoding/json"
	"strings"
	"time"
	"unicode/utf8"

	"rulekeeper/rules/dice"
)

// Version is the current sheet schema version, stored in the "v" field.
// Version 2 added the subclass, effects, feature resources and counters;
// Decode reads version 1 sheets (which have none of them) as they are.
const Version = 2

// oldestVersion is the oldest sheet version Decode still reads.
const oldestVersion = 1

// Limits enforced by Validate and by the mechanics.
const (
	MaxNameLen    = 64    // runes in a character or attack name
	MinLevel      = 1     //
	MaxLevel      = 20    //
	MinScore      = 1     // ability score range
	MaxScore      = 30    //
	MinAC         = 1     //
	MaxAC         = 50    //
	MaxHPLimit    = 9999  // upper bound of MaxHP, TempHP, damage and healing amounts
	MaxSpeed      = 1000  // feet
	MaxAttacks    = 25    // attacks on one sheet
	MaxAttackMod  = 50    // |bonus| of a sheet attack and |to-hit| of an ad-hoc attack
	MaxDC         = 100   //
	MaxRounds     = 14400 // condition duration: a day of 6-second rounds
	MaxExhaustion = 6     //
	LongRestEvery = 24 * time.Hour
)

// Scores are the six ability scores (1–30).
type Scores struct {
	Str int `json:"str"`
	Dex int `json:"dex"`
	Con int `json:"con"`
	Int int `json:"int"`
	Wis int `json:"wis"`
	Cha int `json:"cha"`
}

// Get returns the score of ability a (0 for an unknown id).
func (s Scores) Get(a Ability) int {
	switch a {
	case Str:
		return s.Str
	case Dex:
		return s.Dex
	case Con:
		return s.Con
	case Int:
		return s.Int
	case Wis:
		return s.Wis
	case Cha:
		return s.Cha
	}
	return 0
}

// Set changes the score of ability a; unknown ids are ignored.
func (s *Scores) Set(a Ability, v int) {
	switch a {
	case Str:
		s.Str = v
	case Dex:
		s.Dex = v
	case Con:
		s.Con = v
	case Int:
		s.Int = v
	case Wis:
		s.Wis = v
	case Cha:
		s.Cha = v
	}
}

// Attack is a weapon (or other attack) on the sheet.
type Attack struct {
	Name       string  `json:"name"`
	Ability    Ability `json:"ability"` // str or dex
	Proficient bool    `json:"proficient,omitempty"`
	Bonus      int     `json:"bonus,omitempty"`  // magic bonus etc., added to hit and NOT to damage (put damage bonuses in Damage)
	Damage     string  `json:"damage"`           // dice notation with types, e.g. "1d8[slashing]"; the ability modifier is added by the rules
	Ranged     bool    `json:"ranged,omitempty"` // a ranged (or thrown) attack; melee otherwise
	// Range of a ranged attack in feet ("80/320"); zero: the SRD weapon table's for its name, if any.
	Range WeaponRange `json:"range,omitzero"`
}

// ActiveCondition is a condition on a creature. Rounds is the remaining duration
// in rounds; 0 means until removed.
type ActiveCondition struct {
	ID     Condition `json:"id"`
	Rounds int       `json:"rounds,omitempty"`
}

// DeathSaves are the death-save tallies (0–3 each).
type DeathSaves struct {
	Successes int `json:"successes"`
	Failures  int `json:"failures"`
}

// SpellSlot is one spell level's slots.
type SpellSlot struct {
	Max  int `json:"max"`
	Used int `json:"used"`
}

// Character is a D&D 5e character sheet. It is plain data, serialised as JSON
// (the bot stores it as the store record's sheet). Mutating methods change it
// in place; call Validate after editing fields directly.
type Character struct {
	V            int               `json:"v"`
	Name         string            `json:"name"`
	Class        Class             `json:"class"`
	Level        int               `json:"level"`
	Scores       Scores            `json:"scores"`
	Skills       []Skill           `json:"skills,omitempty"`    // proficient skills
	Expertise    []Skill           `json:"expertise,omitempty"` // subset of Skills: proficiency doubled
	Saves        []Ability         `json:"saves,omitempty"`     // proficient saving throws (New fills the class's two)
	AC           int               `json:"ac"`
	HP           int               `json:"hp"`
	MaxHP        int               `json:"max_hp"` // before exhaustion; see EffectiveMaxHP
	TempHP       int               `json:"temp_hp,omitempty"`
	Speed        int               `json:"speed"`    // feet
	HitDice      int               `json:"hit_dice"` // remaining; total = Level, die = class Hit Die
	Attacks      []Attack          `json:"attacks,omitempty"`
	Conditions   []ActiveCondition `json:"conditions,omitempty"` // never holds Exhaustion
	Exhaustion   int               `json:"exhaustion,omitempty"` // 0–6
	DeathSaves   DeathSaves        `json:"death_saves"`
	State        State             `json:"state"`
	LastLongRest time.Time         `json:"last_long_rest,omitzero"`
	SpellAbility Ability           `json:"spell_ability,omitempty"` // "" = no spellcasting
	SpellSlots   [9]SpellSlot      `json:"spell_slots"`             // index 0 = 1st-level slots
	Resist       []DamageType      `json:"resist,omitempty"`
	Vuln         []DamageType      `json:"vuln,omitempty"`
	Immune       []DamageType      `json:"immune,omitempty"`
	// Version 2.
	Subclass Subclass       `json:"subclass,omitempty"` // SRD subclass of Class ("" = none chosen)
	Effects  []ActiveEffect `json:"effects,omitempty"`  // spells, activated features, items, house rules
	// TurnUses records, per effect id, the turn key of the turn it last added
	// once-per-turn damage (sneak attack): see AttackOptions.Turn.
	TurnUses map[string]string `json:"turn_uses,omitempty"`
	// Spent: what is spent of each feature resource since its reset, by
	// feature id ("rage": 1, "ki": 3); the maximum comes from the class table.
	Spent map[string]int `json:"spent,omitempty"`
	// Counters: custom counters (Avrae's !cc).
	Counters []Counter `json:"counters,omitempty"`
}

// New makes a valid level-N character with the class defaults: the class's
// save proficiencies and spellcasting ability, AC 10 + DEX mod, speed 30,
// all Hit Dice, and max HP by the fixed-value rule (Hit Die max + CON mod at
// level 1, then Hit Die/2 + 1 + CON mod per level, at least 1 per level), at full HP.
func New(name string, class Class, level int, scores Scores) (*Character, error) {
	info, ok := class.Info()
	if !ok {
		return nil, newError(ErrUnknownClass, "Class", string(class))
	}
	if level < MinLevel || level > MaxLevel {
		return nil, newError(ErrBadLevel, "Level", level, "Min", MinLevel, "Max", MaxLevel)
	}
	if err := scores.validate(); err != nil {
		return nil, err
	}
	con := Modifier(scores.Con)
	maxHP := max(1, info.HitDie+con)
	for l := 2; l <= level; l++ {
		maxHP += max(1, info.HitDie/2+1+con)
	}
	c := &Character{
		V:            Version,
		Name:         strings.TrimSpace(name),
		Class:        class,
		Level:        level,
		Scores:       scores,
		Saves:        []Ability{info.Saves[0], info.Saves[1]},
		AC:           max(MinAC, 10+Modifier(scores.Dex)),
		HP:           maxHP,
		MaxHP:        maxHP,
		Speed:        30,
		HitDice:      level,
		State:        Conscious,
		SpellAbility: info.Spellcasting,
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return c, nil
}

// Decode unmarshals a stored sheet and validates it.
func Decode(data []byte) (*Character, error) {
	var c Character
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, newError(ErrBadSheet)
	}
	if c.V >= oldestVersion && c.V < Version {
		c.V = Version // older sheets lack only fields whose zero value is right
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return &c, nil
}

func (s Scores) validate() error {
	for _, a := range Abilities() {
		v := s.Get(a)
		if v < MinScore || v > MaxScore {
			return newError(ErrBadScore, "Ability", string(a), "Score", v, "Min", MinScore, "Max", MaxScore)
		}
	}
	return nil
}

// Validate checks every field and returns the first problem as an *Error
// (or a *dice.Error for an attack's damage notation).
func (c *Character) Validate() error {
	if c.V != Version {
		return newError(ErrBadVersion, "Version", c.V)
	}
	if n := utf8.RuneCountInString(c.Name); strings.TrimSpace(c.Name) == "" || n > MaxNameLen {
		return newError(ErrBadName, "Max", MaxNameLen)
	}
	if !c.Class.Valid() {
		return newError(ErrUnknownClass, "Class", string(c.Class))
	}
	if c.Level < MinLevel || c.Level > MaxLevel {
		return newError(ErrBadLevel, "Level", c.Level, "Min", MinLevel, "Max", MaxLevel)
	}
	if err := c.Scores.validate(); err != nil {
		return err
	}
	seen := map[Skill]bool{}
	for _, s := range c.Skills {
		if !s.Valid() {
			return newError(ErrUnknownSkill, "Skill", string(s))
		}
		if seen[s] {
			return newError(ErrDuplicate, "Name", string(s))
		}
		seen[s] = true
	}
	seenE := map[Skill]bool{}
	for _, s := range c.Expertise {
		if !s.Valid() {
			return newError(ErrUnknownSkill, "Skill", string(s))
		}
		if !seen[s] {
			return newError(ErrExpertiseNeedsProf, "Skill", string(s))
		}
		if seenE[s] {
			return newError(ErrDuplicate, "Name", string(s))
		}
		seenE[s] = true
	}
	seenA := map[Ability]bool{}
	for _, a := range c.Saves {
		if !a.Valid() {
			return newError(ErrUnknownAbility, "Ability", string(a))
		}
		if seenA[a] {
			return newError(ErrDuplicate, "Name", string(a))
		}
		seenA[a] = true
	}
	if c.AC < MinAC || c.AC > MaxAC {
		return newError(ErrBadAC, "AC", c.AC, "Min", MinAC, "Max", MaxAC)
	}
	if c.MaxHP < 1 || c.MaxHP > MaxHPLimit {
		return newError(ErrBadMaxHP, "MaxHP", c.MaxHP, "Min", 1, "Max", MaxHPLimit)
	}
	if c.Exhaustion < 0 || c.Exhaustion > MaxExhaustion {
		return newError(ErrBadExhaustion, "Level", c.Exhaustion, "Max", MaxExhaustion)
	}
	if c.HP < 0 || c.HP > c.EffectiveMaxHP() {
		return newError(ErrBadHP, "HP", c.HP, "Max", c.EffectiveMaxHP())
	}
	if c.TempHP < 0 || c.TempHP > MaxHPLimit {
		return newError(ErrBadTempHP, "TempHP", c.TempHP, "Max", MaxHPLimit)
	}
	if c.Speed < 0 || c.Speed > MaxSpeed {
		return newError(ErrBadSpeed, "Speed", c.Speed, "Max", MaxSpeed)
	}
	if c.HitDice < 0 || c.HitDice > c.Level {
		return newError(ErrBadHitDice, "HitDice", c.HitDice, "Max", c.Level)
	}
	if len(c.Attacks) > MaxAttacks {
		return newError(ErrTooManyAttacks, "Max", MaxAttacks)
	}
	names := map[string]bool{}
	for _, a := range c.Attacks {
		if err := a.validate(); err != nil {
			return err
		}
		k := strings.ToLower(strings.TrimSpace(a.Name))
		if names[k] {
			return newError(ErrDuplicate, "Name", a.Name)
		}
		names[k] = true
	}
	seenC := map[Condition]bool{}
	for _, ac := range c.Conditions {
		if !ac.ID.Valid() || ac.ID == Exhaustion {
			return newError(ErrUnknownCondition, "Condition", string(ac.ID))
		}
		if seenC[ac.ID] {
			return newError(ErrDuplicate, "Name", string(ac.ID))
		}
		seenC[ac.ID] = true
		if ac.Rounds < 0 || ac.Rounds > MaxRounds {
			return newError(ErrBadRounds, "Rounds", ac.Rounds, "Max", MaxRounds)
		}
	}
	ds := c.DeathSaves
	if ds.Successes < 0 || ds.Successes > 3 || ds.Failures < 0 || ds.Failures > 3 {
		return newError(ErrBadDeathSaves, "Successes", ds.Successes, "Failures", ds.Failures)
	}
	switch c.State {
	case Conscious:
		if c.HP == 0 {
			return newError(ErrBadState, "State", string(c.State), "HP", c.HP)
		}
	case Dying, Stable, Dead:
		if c.HP != 0 {
			return newError(ErrBadState, "State", string(c.State), "HP", c.HP)
		}
	default:
		return newError(ErrBadState, "State", string(c.State), "HP", c.HP)
	}
	if c.SpellAbility != "" && !c.SpellAbility.Valid() {
		return newError(ErrSpellAbility, "Ability", string(c.SpellAbility))
	}
	for i, s := range c.SpellSlots {
		if s.Max < 0 || s.Max > 9 || s.Used < 0 || s.Used > s.Max {
			return newError(ErrBadSpellSlots, "Level", i+1, "Max", s.Max, "Used", s.Used)
		}
	}
	for _, list := range [][]DamageType{c.Resist, c.Vuln, c.Immune} {
		for _, d := range list {
			if !d.Valid() {
				return newError(ErrUnknownDamageType, "Type", string(d))
			}
		}
	}
	return c.validateV2()
}

// validateV2 checks the fields version 2 added.
func (c *Character) validateV2() error {
	if c.Subclass != "" && c.Subclass.Class() != c.Class {
		return newError(ErrUnknownSubclass, "Subclass", string(c.Subclass), "Class", string(c.Class))
	}
	if err := validateEffects(c.Effects); err != nil {
		return err
	}
	if len(c.TurnUses) > MaxEffects {
		return newError(ErrTooManyEffects, "Max", MaxEffects)
	}
	if err := c.validateSpent(); err != nil {
		return err
	}
	return validateCounters(c.Counters)
}

func (a Attack) validate() error {
	if n := utf8.RuneCountInString(a.Name); strings.TrimSpace(a.Name) == "" || n > MaxNameLen {
		return newError(ErrBadAttackName, "Max", MaxNameLen)
	}
	if a.Ability != Str && a.Ability != Dex {
		return newError(ErrAttackAbility, "Attack", a.Name, "Ability", string(a.Ability))
	}
	if a.Bonus < -MaxAttackMod || a.Bonus > MaxAttackMod {
		return newError(ErrBadAttackBonus, "Attack", a.Name, "Bonus", a.Bonus, "Max", MaxAttackMod)
	}
	if strings.TrimSpace(a.Damage) == "" {
		return newError(ErrNoDamage)
	}
	if _, err := dice.Parse(a.Damage); err != nil {
		return err
	}
	return nil
}

// Modifier is the ability modifier of a score: floor((score − 10) / 2).
func Modifier(score int) int {
	d := score - 10
	if d < 0 {
		return -((-d + 1) / 2)
	}
	return d / 2
}

// ProficiencyBonus by total level: 2 + floor((level − 1) / 4). Levels outside 1–20 are clamped.
func ProficiencyBonus(level int) int {
	level = min(max(level, MinLevel), MaxLevel)
	return 2 + (level-1)/4
}

// ClassInfo returns the character's class row.
func (c *Character) ClassInfo() ClassInfo { info, _ := c.Class.Info(); return info }

// HitDie is the faces of the character's Hit Die (12, 10, 8 or 6).
func (c *Character) HitDie() int { return c.ClassInfo().HitDie }

// Mod is the modifier of ability a.
func (c *Character) Mod(a Ability) int { return Modifier(c.Scores.Get(a)) }

// Proficiency is the character's proficiency bonus.
func (c *Character) Proficiency() int { return ProficiencyBonus(c.Level) }

// Proficient reports whether the character is proficient in skill s.
func (c *Character) Proficient(s Skill) bool { return containsSkill(c.Skills, s) }

// HasExpertise reports whether the character has expertise in skill s.
func (c *Character) HasExpertise(s Skill) bool {
	return containsSkill(c.Expertise, s) && c.Proficient(s)
}

// SaveProficient reports whether the character is proficient in a's saving
// throw (by its sheet, or in every save by an effect: diamond soul).
func (c *Character) SaveProficient(a Ability) bool {
	for _, x := range c.Saves {
		if x == a {
			return true
		}
	}
	for _, e := range c.AllEffects() {
		for _, m := range e.Mods {
			if m.Kind == ModSaveProfAll {
				return a.Valid()
			}
		}
	}
	return false
}

func containsSkill(list []Skill, s Skill) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// SkillProficiency is the proficiency part of a skill bonus: 0, the proficiency bonus, or twice it (expertise).
func (c *Character) SkillProficiency(s Skill) int {
	switch {
	case c.HasExpertise(s):
		return 2 * c.Proficiency()
	case c.Proficient(s):
		return c.Proficiency()
	}
	return 0
}

// SkillBonus is ability mod + proficiency (doubled with expertise).
func (c *Character) SkillBonus(s Skill) int { return c.Mod(s.Ability()) + c.SkillProficiency(s) }

// SaveBonus is ability mod + proficiency if proficient in the save.
func (c *Character) SaveBonus(a Ability) int {
	b := c.Mod(a)
	if c.SaveProficient(a) {
		b += c.Proficiency()
	}
	return b
}

// Passive is a passive score: 10 + all modifiers, +5 with advantage, −5 with disadvantage.
type Passive struct {
	Skill     Skill     `json:"skill"`
	Base      int       `json:"base"` // 10 + skill bonus
	Mode      Mode      `json:"mode"` // final mode after conditions
	Cancelled bool      `json:"cancelled,omitempty"`
	Effects   []Effect  `json:"effects,omitempty"`
	Applied   []Applied `json:"applied,omitempty"` // flat check bonuses of effects (jack of all trades, pass without trace)
	Score     int       `json:"score"`
}

// PassiveScore computes a passive skill score (e.g. passive Perception), applying
// the mode, the character's conditions that affect ability checks, and its
// effects' advantage, disadvantage and flat check bonuses.
func (c *Character) PassiveScore(s Skill, mode Mode) (*Passive, error) {
	if !s.Valid() {
		return nil, newError(ErrUnknownSkill, "Skill", string(s))
	}
	if err := mode.validate(); err != nil {
		return nil, err
	}
	t := c.AsTarget()
	fx := gatherD20(t.Effects, rollQuery{scope: ScopeCheck, ability: s.Ability(), skill: s, prof: c.SkillProficiency(s) > 0}, false)
	effects := optionEffects(mode)
	effects = append(effects, t.checkEffects()...)
	effects = append(effects, fx.modes...)
	final, cancelled := ResolveMode(effects)
	p := &Passive{Skill: s, Base: 10 + c.SkillBonus(s), Mode: final, Cancelled: cancelled, Effects: effects}
	p.Score = p.Base
	for _, a := range fx.applied {
		// Flat bonuses count (jack of all trades, pass without trace); dice and minimums are for rolls.
		if a.Kind == ModBonus && a.Value != 0 {
			a.Dice, a.Spent, a.Total = "", false, a.Value
			p.Score += a.Value
			p.Applied = append(p.Applied, a)
		}
	}
	switch final {
	case Advantage:
		p.Score += 5
	case Disadvantage:
		p.Score -= 5
	}
	return p, nil
}

// SpellSaveDC is 8 + spellcasting mod + proficiency (B6).
func (c *Character) SpellSaveDC() (int, error) {
	if c.SpellAbility == "" {
		return 0, newError(ErrNoSpellcasting, "Name", c.Name)
	}
	return 8 + c.Mod(c.SpellAbility) + c.Proficiency(), nil
}

// SpellAttackBonus is spellcasting mod + proficiency (B6).
func (c *Character) SpellAttackBonus() (int, error) {
	if c.SpellAbility == "" {
		return 0, newError(ErrNoSpellcasting, "Name", c.Name)
	}
	return c.Mod(c.SpellAbility) + c.Proficiency(), nil
}

// EffectiveMaxHP is MaxHP plus the effects' max_hp mods (aid), at least 1
// and at most MaxHPLimit, halved (rounded down, at least 1) at exhaustion 4 or more.
func (c *Character) EffectiveMaxHP() int {
	return effectiveMax(min(max(1, c.MaxHP+c.maxHPBonus()), MaxHPLimit), c.Exhaustion)
}

func effectiveMax(maxHP, exhaustion int) int {
	if exhaustion >= 4 {
		return max(1, maxHP/2)
	}
	return maxHP
}

// EffectiveSpeed applies the effects' speed mods (SpeedEffects), then
// grappled/restrained (0), exhaustion 2 (halved) and 5 (0).
func (c *Character) EffectiveSpeed() (int, []Effect) {
	var effects []Effect
	speed, _ := c.SpeedEffects()
	if c.Exhaustion >= 2 {
		speed /= 2
		effects = append(effects, Effect{Condition: Exhaustion, Level: c.Exhaustion, Effect: EffectSpeedHalved})
	}
	zero := false
	for _, id := range []Condition{Grappled, Restrained} {
		if c.HasCondition(id) {
			effects = append(effects, Effect{Condition: id, Effect: EffectSpeedZero})
			zero = true
		}
	}
	if c.Exhaustion >= 5 {
		effects = append(effects, Effect{Condition: Exhaustion, Level: c.Exhaustion, Effect: EffectSpeedZero})
		zero = true
	}
	if zero {
		speed = 0
	}
	return speed, effects
}

// SpeedEffects is the speed with the effects' mods and no condition: Speed
// plus every speed mod (longstrider, fast movement), times every
// speed_factor (haste ×2, slow ×½), rounded down, at least 0; Applied lists them.
func (c *Character) SpeedEffects() (int, []Applied) {
	speed := c.Speed
	var applied []Applied
	factors := []Applied{}
	for _, e := range c.AllEffects() {
		for _, m := range e.Mods {
			switch m.Kind {
			case ModSpeed:
				speed += m.Value
				applied = append(applied, Applied{Effect: e.ID, Source: e.Source, Kind: m.Kind, Value: m.Value, Total: m.Value})
			case ModSpeedFactor:
				factors = append(factors, Applied{Effect: e.ID, Source: e.Source, Kind: m.Kind, Value: m.Value})
			}
		}
	}
	speed = max(0, speed)
	for _, f := range factors {
		next := speed * f.Value / 100
		f.Total = next - speed
		speed = next
		applied = append(applied, f)
	}
	return min(speed, MaxSpeed), applied
}

// FindAttack looks an attack up by name, ignoring case and surrounding spaces.
func (c *Character) FindAttack(name string) (Attack, error) {
	k := strings.ToLower(strings.TrimSpace(name))
	for _, a := range c.Attacks {
		if strings.ToLower(strings.TrimSpace(a.Name)) == k {
			return a, nil
		}
	}
	return Attack{}, newError(ErrUnknownAttack, "Attack", name)
}

// AsTarget describes the character for the attack and save functions:
// name, AC (before effects: the rules functions apply them), HP,
// conditions, exhaustion, damage defences, DEX modifier and every effect
// (AllEffects, copied).
func (c *Character) AsTarget() Target {
	t := Target{
		Name:       c.Name,
		AC:         c.AC,
		DexMod:     c.Mod(Dex),
		Effects:    cloneEffects(c.AllEffects()),
		HP:         c.HP,
		MaxHP:      c.EffectiveMaxHP(),
		TempHP:     c.TempHP,
		Exhaustion: c.Exhaustion,
		Resist:     append([]DamageType(nil), c.Resist...),
		Vuln:       append([]DamageType(nil), c.Vuln...),
		Immune:     append([]DamageType(nil), c.Immune...),
	}
	for _, ac := range c.Conditions {
		t.Conditions = append(t.Conditions, ac.ID)
	}
	return t
}
