package rogue

import (
	"encoding/json"
	"slices"
	"strings"
	"unicode/utf8"
)

// Version is the current sheet schema version, stored in the "v" field.
const Version = 1

// Limits enforced by Validate.
const (
	MaxNameLen     = 64     // runes
	MinLevel       = 1      //
	MaxLevel       = 50     // monsters may out-level the player's 20
	MinScore       = 1      // base attribute score
	MaxScore       = 30     //
	MaxEnhancement = 10     // |enhancement| per attribute
	MaxHPLimit     = 9999   // max HP, damage and healing amounts
	MaxResistance  = 20     //
	MaxCounter     = 9999   // |hunger/thirst counter|
	MaxCap         = 10     // equipment caps (max dodge, block, parry, cast)
	MaxCursed      = 20     // cursed items equipped
	MaxPower       = 10     // power level of a lingering effect
	MaxTurns       = 100000 // duration of a lingering effect
	MaxEffects     = 64     //
	MaxTalentPts   = 6      // talent points at level 18 (A21)
	MaxBonusHP     = 9999   //
)

// Attributes holds one number per attribute.
type Attributes struct {
	Str int `json:"str"`
	Agi int `json:"agi"`
	Sta int `json:"sta"`
	Cha int `json:"cha"`
}

// Get returns the value for attribute a (0 for an unknown id).
func (s Attributes) Get(a Attribute) int {
	switch a {
	case Str:
		return s.Str
	case Agi:
		return s.Agi
	case Sta:
		return s.Sta
	case Cha:
		return s.Cha
	}
	return 0
}

// Set changes the value for attribute a; unknown ids are ignored.
func (s *Attributes) Set(a Attribute, v int) {
	switch a {
	case Str:
		s.Str = v
	case Agi:
		s.Agi = v
	case Sta:
		s.Sta = v
	case Cha:
		s.Cha = v
	}
}

// Resistance is a resistance value against one damage type (A9): body armour
// counts for regular hits (body), the helmet for critical hits (head);
// shields, rings and amulets count for both, so add them to both.
type Resistance struct {
	Body int `json:"body"`
	Head int `json:"head"`
}

// Shield is an equipped shield's block range (A17). 2.0 shields (min/max):
// buckler 1/2, target 1/3, shield 2/4, barrier 2/5.
type Shield struct {
	MinBlock int `json:"min_block"`
	MaxBlock int `json:"max_block"`
}

// BashDie is the shield's Shield Bash damage die: D3 for a buckler or target
// (max block ≤ 3), D6 for a shield or barrier [M].
func (s Shield) BashDie() int {
	if s.MaxBlock <= 3 {
		return 3
	}
	return 6
}

// Equipment holds what the rules need to know about equipped items.
type Equipment struct {
	MaxDodge    *int    `json:"max_dodge,omitempty"`    // lowest Max Dodge of armour and helmet; nil = no limit
	Shield      *Shield `json:"shield,omitempty"`       // nil = no shield
	MaxParry    *int    `json:"max_parry,omitempty"`    // a parry weapon (small off-hand, or medium two-handed) and its Max Parry; nil = none
	MaxCast     *int    `json:"max_cast,omitempty"`     // lowest Max Cast of armour and helmet; nil = no limit
	Cursed      int     `json:"cursed,omitempty"`       // cursed items equipped: +1 fumble modifier each (A14, G-A10)
	Luck        bool    `json:"luck,omitempty"`         // Symbol of Luck: fumble modifier −1 (min 0), crit modifier +1
	CritMod     int     `json:"crit_mod,omitempty"`     // crit modifier from enchants and magic, 0–5
	LargeWeapon bool    `json:"large_weapon,omitempty"` // wielding a large weapon (Sweeping Blow: +1 min block, +1 max parry)
}

// Cap returns an int pointer for the Equipment caps.
func Cap(n int) *int { return &n }

// DefenceUse records which defences a creature has used this turn (A15, A17:
// each works once per turn). Turn resets it.
type DefenceUse struct {
	Dodge bool `json:"dodge,omitempty"`
	Block bool `json:"block,omitempty"`
	Parry bool `json:"parry,omitempty"`
}

// Character is a Rogue's Tale creature: a player character or (Monster) an
// NPC. It is plain data serialised as JSON; mutating methods change it in
// place and keep it valid (setters validate a copy and change nothing on error).
type Character struct {
	V       int    `json:"v"`
	Name    string `json:"name"`
	Race    Race   `json:"race"`
	Sex     Sex    `json:"sex"`
	Size    Size   `json:"size"`
	Level   int    `json:"level"`
	Monster bool   `json:"monster,omitempty"` // aura radius 2 and ×1.5 (A10); exempt from the rule of three and the talent budget
	Undead  bool   `json:"undead,omitempty"`  // Turn Undead works on it
	Daemon  bool   `json:"daemon,omitempty"`  // Banish / Enslave Daemon work on it

	Base          Attributes `json:"base"`                     // base scores (rule of three)
	Enhance       Attributes `json:"enhance"`                  // lasting enhancements: enchants, the level-up points are in Base
	AbilityDamage Attributes `json:"ability_damage,omitempty"` // ability damage from diseases (≥ 0)

	HP        int `json:"hp"`
	MaxHP     int `json:"max_hp"`             // = HPFormula() + BonusHP, kept by Recalc
	BonusHP   int `json:"bonus_hp,omitempty"` // extra max HP (monsters, house rules)
	Energy    int `json:"energy"`
	MaxEnergy int `json:"max_energy"` // = base STA bonus + 3, kept by Recalc

	Resist map[DamageType]Resistance `json:"resist,omitempty"` // resistible types only (not magic or trap)
	Immune []Immunity                `json:"immune,omitempty"`
	Weak   []DamageType              `json:"weak,omitempty"`
	Aura   DamageType                `json:"aura,omitempty"` // "" = none

	Hunger int `json:"hunger"` // hunger counter: turns left, 1..2520 in range (A11)
	Thirst int `json:"thirst"` // thirst counter

	Talents []Talent  `json:"talents,omitempty"`
	Spells  []Spell   `json:"spells,omitempty"`
	Equip   Equipment `json:"equip"`
	Form    Form      `json:"form,omitempty"` // shapeshifted form, "" = natural

	Effects  []Effect   `json:"effects,omitempty"`
	Used     DefenceUse `json:"used"`                // defences used this turn
	LoseTurn bool       `json:"lose_turn,omitempty"` // the next turn is lost (Curse of Sloth, Curse of Gluttony)
	// LoseTurnBy is the catalog key of what cost the next turn (the curse),
	// reported by Turn as TurnResult.LostBy; "" on sheets saved before it was kept.
	LoseTurnBy string `json:"lose_turn_by,omitempty"`
}

// NewOptions are the optional parts of a new sheet.
type NewOptions struct {
	Size    Size // "" = the race's size
	Monster bool
	Undead  bool
	Daemon  bool
	Talents []Talent
	Spells  []Spell
	Equip   Equipment
}

// New makes a valid character at full HP and energy, hunger and thirst at
// Satiated (counter 1620, the middle of the level: A11 "set" rule).
// It enforces the rule of three (for non-monsters), the talent budget and
// prerequisites, and the literacy needed for each spell.
func New(name string, race Race, sex Sex, level int, base Attributes, o NewOptions) (*Character, error) {
	info, ok := race.Info()
	if !ok {
		return nil, newError(ErrUnknownRace, "Race", string(race))
	}
	size := o.Size
	if size == "" {
		size = info.Size
	}
	c := &Character{
		V: Version, Name: strings.TrimSpace(name), Race: race, Sex: sex, Size: size, Level: level,
		Monster: o.Monster, Undead: o.Undead, Daemon: o.Daemon, Base: base,
		Hunger: SetLevel(LevelSatiated), Thirst: SetLevel(LevelSatiated),
		Talents: slices.Clone(o.Talents), Spells: slices.Clone(o.Spells), Equip: o.Equip,
	}
	c.Recalc()
	c.HP, c.Energy = c.MaxHP, c.MaxEnergy
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return c, nil
}

// Decode unmarshals a stored sheet, recomputes the derived maxima and validates it.
func Decode(data []byte) (*Character, error) {
	var c Character
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, newError(ErrBadSheet)
	}
	if c.V != Version {
		return nil, newError(ErrBadVersion, "Version", c.V)
	}
	c.Recalc()
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return &c, nil
}

// Encode marshals the sheet as JSON.
func (c *Character) Encode() ([]byte, error) { return json.Marshal(c) }

// Clone returns a deep copy.
func (c *Character) Clone() *Character {
	cp := *c
	cp.Immune = slices.Clone(c.Immune)
	cp.Weak = slices.Clone(c.Weak)
	cp.Talents = slices.Clone(c.Talents)
	cp.Spells = slices.Clone(c.Spells)
	cp.Effects = slices.Clone(c.Effects)
	if c.Resist != nil {
		cp.Resist = make(map[DamageType]Resistance, len(c.Resist))
		for k, v := range c.Resist {
			cp.Resist[k] = v
		}
	}
	cp.Equip.MaxDodge = clonePtr(c.Equip.MaxDodge)
	cp.Equip.MaxParry = clonePtr(c.Equip.MaxParry)
	cp.Equip.MaxCast = clonePtr(c.Equip.MaxCast)
	if c.Equip.Shield != nil {
		s := *c.Equip.Shield
		cp.Equip.Shield = &s
	}
	return &cp
}

func clonePtr(p *int) *int {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

// Update applies f to a copy of the sheet, recomputes the maxima, validates
// the copy and only then replaces c: a change that breaks a rule (the rule of
// three, a talent prerequisite, …) returns the error and leaves c unchanged.
// This is how the bot edits a sheet (/sheet set …).
// Update keeps the sheet-level rules: an edit that changes the equipment ends
// Mage Armour (see Edit).
func (c *Character) Update(f func(*Character)) error {
	_, err := c.Edit(f)
	return err
}

// Edit is Update returning the lasting effects the edit ended: Mage Armour
// ends when the caster's equipped items change (A24), whichever equipment
// field the edit touched (an edit that leaves the equipment as it was ends
// nothing). The bot applies every /sheet set with it.
func (c *Character) Edit(f func(*Character)) ([]Effect, error) {
	cp := c.Clone()
	f(cp)
	var ended []Effect
	if !c.Equip.equal(cp.Equip) {
		ended = cp.endOnEquipmentChange()
	}
	cp.Recalc()
	if err := cp.Validate(); err != nil {
		return nil, err
	}
	*c = *cp
	return ended, nil
}

// endOnEquipmentChange removes the effects that end when the equipped items
// change (Mage Armour, A24; 2.0: an item breaking does not count, and the
// bot does not model breakage) and returns them.
func (c *Character) endOnEquipmentChange() []Effect {
	var ended []Effect
	c.Effects = slices.DeleteFunc(c.Effects, func(x Effect) bool {
		if x.Kind == KindSpell && x.ID == string(MageArmour) {
			ended = append(ended, x)
			return true
		}
		return false
	})
	return ended
}

// Recalc recomputes MaxHP and MaxEnergy from the formulas and clamps HP and
// energy to them.
func (c *Character) Recalc() {
	c.MaxHP = max(1, c.HPFormula()+c.BonusHP)
	c.MaxEnergy = EnergyFormula(c.BaseMod(Sta))
	c.HP = min(c.HP, c.MaxHP)
	c.Energy = min(c.Energy, c.MaxEnergy)
}

// raceBase is the score giving modifier 0 for attribute a.
func (c *Character) raceBase(a Attribute) int {
	info, ok := c.Race.Info()
	if !ok {
		return 7
	}
	return info.Base.Get(a)
}

// Modifier is the attribute modifier of a score for a race (A2): score − 7
// for humans, score − 6 for orc STR.
func Modifier(race Race, a Attribute, score int) int {
	info, ok := race.Info()
	if !ok {
		return score - 7
	}
	return score - info.Base.Get(a)
}

// Bonus is the positive part of a modifier (G-A5: "bonus" = max(mod, 0)).
func Bonus(mod int) int { return max(mod, 0) }

// BaseMod is the modifier of the base score.
func (c *Character) BaseMod(a Attribute) int { return c.Base.Get(a) - c.raceBase(a) }

// Score is the final score: base + enhancement − ability damage + spell buffs
// (Divine Grace: AGI and CHA +1; Divine Might: STR and STA +1).
func (c *Character) Score(a Attribute) int {
	return c.Base.Get(a) + c.Enhance.Get(a) - c.AbilityDamage.Get(a) + c.buff(a)
}

// Mod is the final modifier of attribute a (uncapped: the +5 cap applies to
// the combined modifier of a roll).
func (c *Character) Mod(a Attribute) int { return c.Score(a) - c.raceBase(a) }

func (c *Character) buff(a Attribute) int {
	n := 0
	if (a == Agi || a == Cha) && c.hasSpellEffect(DivineGrace) {
		n++
	}
	if (a == Str || a == Sta) && c.hasSpellEffect(DivineMight) {
		n++
	}
	return n
}

// HPMultiplier is 1 + floor((level − 1) / 3): ×1 at levels 1–3, ×2 at 4–6, … (A6).
func HPMultiplier(level int) int { return 1 + (max(level, 1)-1)/3 }

// HPFormula is baseSTA + baseSTAbonus × multiplier + (finalSTAmod − baseSTAmod)
// (A6). "Final" counts enhancements and ability damage, not temporary spell
// buffs. Example: level 4, base STA 8, one +1 enhancement → 8 + 1×2 + 1 = 11.
func (c *Character) HPFormula() int {
	base := c.Base.Sta
	bm := c.BaseMod(Sta)
	final := base + c.Enhance.Sta - c.AbilityDamage.Sta - c.raceBase(Sta)
	return base + Bonus(bm)*HPMultiplier(c.Level) + (final - bm)
}

// HPFormulaFor computes A6 for a base STA score, STA enhancement and level (human STA).
func HPFormulaFor(level, baseSta, enhance int) int {
	c := Character{Race: Human, Level: level, Base: Attributes{Sta: baseSta}, Enhance: Attributes{Sta: enhance}}
	return c.HPFormula()
}

// EnergyFormula is the energy maximum: base STA bonus + 3 (A8).
func EnergyFormula(baseStaMod int) int { return Bonus(baseStaMod) + 3 }

// TalentPoints is the number of talent points at a level: one at level 3 and
// one more every 3 levels, up to 6 at level 18 (A21).
func TalentPoints(level int) int { return min(max(level, 0)/3, MaxTalentPts) }

// Dead reports whether the creature is dead (HP 0).
func (c *Character) Dead() bool { return c.HP <= 0 }

// HasTalent reports whether the creature has talent t. While shapeshifted
// only the form's talents (by level) and Bestial Wrath count. Clearcasting
// comes with Silent Cast.
func (c *Character) HasTalent(t Talent) bool {
	if c.Form != FormNone {
		if t == BestialWrath {
			return slices.Contains(c.Talents, t)
		}
		return slices.Contains(FormTalents(c.Form, c.Level), t)
	}
	if t == Clearcasting && slices.Contains(c.Talents, SilentCast) {
		return true
	}
	return slices.Contains(c.Talents, t)
}

// Knows reports whether the creature knows spell s.
func (c *Character) Knows(s Spell) bool { return slices.Contains(c.Spells, s) }

// IsImmune reports whether the creature is immune to i.
func (c *Character) IsImmune(i Immunity) bool {
	return slices.Contains(c.Immune, i) || (c.Aura != "" && Immunity(c.Aura) == i)
}

// IsWeak reports whether the creature is vulnerable to d (A9.3).
func (c *Character) IsWeak(d DamageType) bool { return slices.Contains(c.Weak, d) }

// FumbleMod is the creature's critical failure modifier: +1 per cursed item,
// −1 with the Symbol of Luck, at least 0 (A1.2, A14).
func (c *Character) FumbleMod() (int, []Mod) {
	var mods []Mod
	n := 0
	if c.Equip.Cursed > 0 {
		n += c.Equip.Cursed
		mods = append(mods, Mod{SrcCursed, c.Equip.Cursed})
	}
	if c.Equip.Luck && n > 0 {
		n--
		mods = append(mods, Mod{SrcLuck, -1})
	}
	return min(n, MaxFumbleMod), mods
}

// CritMod is the creature's own critical success modifier (enchants, magic,
// Symbol of Luck), at most 5.
func (c *Character) CritMod() (int, []Mod) {
	var mods []Mod
	n := 0
	if c.Equip.CritMod > 0 {
		n += c.Equip.CritMod
		mods = append(mods, Mod{SrcCritMagic, c.Equip.CritMod})
	}
	if c.Equip.Luck {
		n++
		mods = append(mods, Mod{SrcLuck, 1})
	}
	return min(n, MaxCritMod), mods
}

// RuleOfThree checks the base scores against the rule of three (A5):
//   - before level 20 the highest and lowest may differ by at most 3;
//   - female exception: 4, if STR is strictly the lowest and CHA the highest;
//   - from level 20 one point (the level-20 point) ignores the limit: the
//     scores are valid if taking one point off some attribute gives scores
//     valid before level 20, and the gap is at most 4 (the level-20 point may
//     not push the female gap to 5).
func RuleOfThree(sex Sex, level int, base Attributes) error {
	if ok, _, _ := rule3(sex, base); ok {
		return nil
	}
	gap, limit := spread(base), 3
	if femaleShape(sex, base) {
		limit = 4
	}
	if level < 20 {
		return newError(ErrRuleOfThree, "Gap", gap, "Limit", limit)
	}
	if gap <= 4 {
		for _, a := range AllAttributes() {
			prev := base
			prev.Set(a, base.Get(a)-1)
			if ok, _, _ := rule3(sex, prev); ok {
				return nil
			}
		}
	}
	return newError(ErrRuleOfThree20, "Gap", gap)
}

func rule3(sex Sex, s Attributes) (ok bool, gap, limit int) {
	gap, limit = spread(s), 3
	if femaleShape(sex, s) {
		limit = 4
	}
	return gap <= limit, gap, limit
}

func spread(s Attributes) int {
	v := []int{s.Str, s.Agi, s.Sta, s.Cha}
	return slices.Max(v) - slices.Min(v)
}

// femaleShape: STR strictly lowest (both other abilities above it) and CHA
// the highest (ties with AGI or STA allowed).
func femaleShape(sex Sex, s Attributes) bool {
	return sex == Female && s.Agi > s.Str && s.Sta > s.Str && s.Cha > s.Str &&
		s.Cha >= s.Agi && s.Cha >= s.Sta
}

// Validate checks every field and returns the first problem as an *Error.
func (c *Character) Validate() error {
	if c.V != Version {
		return newError(ErrBadVersion, "Version", c.V)
	}
	if n := utf8.RuneCountInString(c.Name); strings.TrimSpace(c.Name) == "" || n > MaxNameLen {
		return newError(ErrBadName, "Max", MaxNameLen)
	}
	if !c.Race.Valid() {
		return newError(ErrUnknownRace, "Race", string(c.Race))
	}
	if c.Sex.Key() == "" {
		return newError(ErrUnknownSex, "Sex", string(c.Sex))
	}
	if c.Size.Step() == 0 {
		return newError(ErrUnknownSize, "Size", string(c.Size))
	}
	if c.Level < MinLevel || c.Level > MaxLevel {
		return newError(ErrBadLevel, "Level", c.Level, "Min", MinLevel, "Max", MaxLevel)
	}
	for _, a := range AllAttributes() {
		if v := c.Base.Get(a); v < MinScore || v > MaxScore {
			return newError(ErrBadScore, "Attribute", string(a), "Score", v, "Min", MinScore, "Max", MaxScore)
		}
		if v := c.Enhance.Get(a); v < -MaxEnhancement || v > MaxEnhancement {
			return newError(ErrBadEnhancement, "Attribute", string(a), "Value", v, "Max", MaxEnhancement)
		}
		if v := c.AbilityDamage.Get(a); v < 0 || v > MaxScore {
			return newError(ErrBadAbilityDamage, "Attribute", string(a), "Value", v, "Max", MaxScore)
		}
	}
	if !c.Monster {
		if err := RuleOfThree(c.Sex, c.Level, c.Base); err != nil {
			return err
		}
	}
	if c.BonusHP < 0 || c.BonusHP > MaxBonusHP {
		return newError(ErrBadAmount, "Amount", c.BonusHP, "Max", MaxBonusHP)
	}
	if c.MaxHP < 1 || c.MaxHP > MaxHPLimit {
		return newError(ErrBadMaxHP, "MaxHP", c.MaxHP, "Max", MaxHPLimit)
	}
	if c.HP < 0 || c.HP > c.MaxHP {
		return newError(ErrBadHP, "HP", c.HP, "Max", c.MaxHP)
	}
	if c.MaxEnergy < 0 || c.MaxEnergy > MaxHPLimit {
		return newError(ErrBadMaxEnergy, "MaxEnergy", c.MaxEnergy, "Max", MaxHPLimit)
	}
	if c.Energy < 0 || c.Energy > c.MaxEnergy {
		return newError(ErrBadEnergy, "Energy", c.Energy, "Max", c.MaxEnergy)
	}
	for t, r := range c.Resist {
		if !t.Valid() {
			return newError(ErrUnknownDamageType, "Type", string(t))
		}
		if !t.Resistible() {
			return newError(ErrNotResistible, "Type", string(t))
		}
		for _, v := range []int{r.Body, r.Head} {
			if v < 0 || v > MaxResistance {
				return newError(ErrBadResistance, "Type", string(t), "Value", v, "Max", MaxResistance)
			}
		}
	}
	for i, im := range c.Immune {
		if im.Key() == "" {
			return newError(ErrUnknownDamageType, "Type", string(im))
		}
		if slices.Contains(c.Immune[:i], im) {
			return newError(ErrDuplicate, "Name", string(im))
		}
	}
	for i, w := range c.Weak {
		if !w.Valid() {
			return newError(ErrUnknownDamageType, "Type", string(w))
		}
		if slices.Contains(c.Weak[:i], w) {
			return newError(ErrDuplicate, "Name", string(w))
		}
	}
	if c.Aura != "" && (!c.Aura.Valid() || c.Aura == Physical || c.Aura == Magic || c.Aura == Trap) {
		return newError(ErrBadAura, "Type", string(c.Aura))
	}
	for _, v := range []int{c.Hunger, c.Thirst} {
		if v < -MaxCounter || v > MaxCounter {
			return newError(ErrBadCounter, "Value", v, "Min", -MaxCounter, "Max", MaxCounter)
		}
	}
	if err := c.validateTalents(); err != nil {
		return err
	}
	for i, s := range c.Spells {
		info, ok := s.Info()
		if !ok {
			return newError(ErrUnknownSpell, "Spell", string(s))
		}
		if slices.Contains(c.Spells[:i], s) {
			return newError(ErrDuplicate, "Name", string(s))
		}
		if !c.Monster && !slices.Contains(c.Talents, info.School.Literacy()) {
			return newError(ErrSpellLiteracy, "Spell", string(s), "Talent", string(info.School.Literacy()))
		}
	}
	if err := c.Equip.validate(); err != nil {
		return err
	}
	switch c.Form {
	case FormNone:
	case Wolf, Bear:
		need := ShapeshiftWolf
		if c.Form == Bear {
			need = ShapeshiftBear
		}
		if !slices.Contains(c.Talents, need) {
			return newError(ErrTalentUnknownToMe, "Name", c.Name, "Talent", string(need))
		}
	default:
		return newError(ErrUnknownOption, "Option", "form", "Value", string(c.Form))
	}
	if c.LoseTurnBy != "" && !slices.ContainsFunc(Curses(), func(x Curse) bool { return x.Key() == c.LoseTurnBy }) {
		return newError(ErrUnknownEffect, "Kind", string(KindCurse), "ID", c.LoseTurnBy)
	}
	if len(c.Effects) > MaxEffects {
		return newError(ErrTooManyEffects, "Max", MaxEffects)
	}
	for _, e := range c.Effects {
		if err := e.validate(); err != nil {
			return err
		}
	}
	return nil
}

func (c *Character) validateTalents() error {
	count := 0
	for i, t := range c.Talents {
		info, ok := t.Info()
		if !ok {
			return newError(ErrUnknownTalent, "Talent", string(t))
		}
		if slices.Contains(c.Talents[:i], t) {
			return newError(ErrDuplicate, "Name", string(t))
		}
		if info.Needs != "" && !slices.Contains(c.Talents, info.Needs) {
			return newError(ErrTalentPrereq, "Talent", string(t), "Needs", string(info.Needs))
		}
		if t != Clearcasting {
			count++
		}
	}
	if !c.Monster && count > TalentPoints(c.Level) {
		return newError(ErrTooManyTalents, "Count", count, "Max", TalentPoints(c.Level), "Level", c.Level)
	}
	return nil
}

func (e Equipment) validate() error {
	for _, p := range []*int{e.MaxDodge, e.MaxParry, e.MaxCast} {
		if p != nil && (*p < 0 || *p > MaxCap) {
			return newError(ErrBadCap, "Value", *p, "Max", MaxCap)
		}
	}
	if s := e.Shield; s != nil {
		if s.MinBlock < 0 || s.MaxBlock > MaxCap || s.MinBlock > s.MaxBlock {
			return newError(ErrBadShield, "MinBlock", s.MinBlock, "MaxBlock", s.MaxBlock, "Max", MaxCap)
		}
		if e.MaxParry != nil {
			return newError(ErrShieldAndParry)
		}
	}
	if e.Cursed < 0 || e.Cursed > MaxCursed {
		return newError(ErrBadCount, "Value", e.Cursed, "Max", MaxCursed)
	}
	if e.CritMod < 0 || e.CritMod > MaxCritMod {
		return newError(ErrBadCount, "Value", e.CritMod, "Max", MaxCritMod)
	}
	return nil
}

// SetEquipment replaces the equipment (validated) and returns the effects
// that ended because it changed (Mage Armour, A24; see Edit).
func (c *Character) SetEquipment(e Equipment) ([]Effect, error) {
	return c.Edit(func(cp *Character) { cp.Equip = e })
}

// equal reports whether two equipment records say the same (caps compared by value).
func (e Equipment) equal(o Equipment) bool {
	eqCap := func(a, b *int) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }
	eqShield := (e.Shield == nil) == (o.Shield == nil) && (e.Shield == nil || *e.Shield == *o.Shield)
	return eqCap(e.MaxDodge, o.MaxDodge) && eqCap(e.MaxParry, o.MaxParry) && eqCap(e.MaxCast, o.MaxCast) && eqShield &&
		e.Cursed == o.Cursed && e.Luck == o.Luck && e.CritMod == o.CritMod && e.LargeWeapon == o.LargeWeapon
}

// Resistance returns the creature's resistance to d at location loc, with
// spell buffs (Divine Grace, Divine Might, Mage Armour). Magic and trap: always 0.
func (c *Character) Resistance(d DamageType, loc Location) int {
	if !d.Resistible() {
		return 0
	}
	r := c.Resist[d]
	v := r.Body
	if loc == Head {
		v = r.Head
	}
	return v + c.resistBuff(d)
}

func (c *Character) resistBuff(d DamageType) int {
	n := 0
	for _, e := range c.Effects {
		if e.Kind != KindSpell {
			continue
		}
		switch Spell(e.ID) {
		case DivineGrace:
			if d == Physical || d == Poison || d == Disease {
				n++
			}
		case DivineMight:
			if d == Fire || d == Frost || d == Shock {
				n++
			}
		case MageArmour:
			n += e.Value
		}
	}
	return n
}

// Location is a hit location (A19): regular hits strike the body, critical
// hits the head.
type Location string

// Hit locations.
const (
	Body Location = "body"
	Head Location = "head"
)

// Key is the catalog key of the location's name.
func (l Location) Key() string {
	switch l {
	case Body:
		return "rogue.location.body"
	case Head:
		return "rogue.location.head"
	}
	return ""
}
