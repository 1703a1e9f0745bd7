package coc

import (
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// Version is the current sheet schema version, stored in the "v" field.
const Version = 1

// Sheet limits enforced by Validate.
const (
	MaxNameLen = 64  // runes in a character, occupation or weapon name
	MinAge     = 1   //
	MaxAge     = 150 //
	MaxPool    = 999 // max HP and max MP
	MaxLuck    = 99  //
	MaxArmour  = 99  //
	MaxSkills  = 200 // skill entries on one sheet
	MaxMythos  = 1000
)

// SkillEntry is a skill whose value the sheet records (points spent, development), with its development mark.
// Skills not on the sheet have their base value.
type SkillEntry struct {
	ID    Skill  `json:"id"`
	Spec  string `json:"spec,omitempty"` // specialisation name of an "any" skill (Language (Other): Latin)
	Value int    `json:"value"`
	Mark  bool   `json:"mark,omitempty"` // succeeded this session: rolled for improvement in the development phase
}

// SanDay tracks the Sanity lost during one game day (indefinite insanity, §6.2).
type SanDay struct {
	Day   int `json:"day"`   // the game day (a number the Keeper advances)
	Start int `json:"start"` // SAN when the day's first loss came
	Lost  int `json:"lost"`  // SAN lost so far that day
}

// Character is a Call of Cthulhu 7e investigator sheet, plain data serialised as JSON (Encode/Decode). Mutating
// methods change it in place; call Validate after editing fields directly. Maximum SAN is not stored: it is
// 99 − Cthulhu Mythos (MaxSAN); maximum Luck is MaxLuck.
type Character struct {
	V          int               `json:"v"`
	Name       string            `json:"name"`
	Occupation string            `json:"occupation,omitempty"`
	Age        int               `json:"age"`
	Scores     Scores            `json:"scores"`
	HP         int               `json:"hp"`
	MaxHP      int               `json:"max_hp"`
	MP         int               `json:"mp"`
	MaxMP      int               `json:"max_mp"`
	SAN        int               `json:"san"`
	StartSAN   int               `json:"start_san"` // SAN at creation (POW)
	Luck       int               `json:"luck"`
	Skills     []SkillEntry      `json:"skills,omitempty"`
	Armour     int               `json:"armor,omitempty"`
	Weapons    []Weapon          `json:"weapons,omitempty"`
	Conditions []ActiveCondition `json:"conditions,omitempty"`
	SanDay     SanDay            `json:"san_day"`
	// MythosInsanities counts the insanities Mythos horrors caused (the first adds 5 Cthulhu Mythos, later ones 1).
	MythosInsanities int `json:"mythos_insanities,omitempty"`
}

// New makes a valid investigator with the derived values at full: HP (at least 1), MP, SAN = POW (at most 99), and
// the given Luck. Skills start at their base values (none is stored).
func New(name string, age int, s Scores, luck int) (*Character, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	hp := max(1, HitPoints(s))
	c := &Character{
		V: Version, Name: strings.TrimSpace(name), Age: age, Scores: s,
		HP: hp, MaxHP: hp, MP: MagicPoints(s), MaxMP: MagicPoints(s),
		SAN: min(StartingSanity(s), MaxSanity(0)), StartSAN: StartingSanity(s), Luck: luck,
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
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return &c, nil
}

// Encode validates the sheet and marshals it.
func (c *Character) Encode() ([]byte, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return json.Marshal(c)
}

// Validate checks every field and returns the first problem as an *Error (or a *dice.Error for a weapon's damage).
func (c *Character) Validate() error {
	if c.V != Version {
		return newError(ErrBadVersion, "Version", c.V)
	}
	if n := utf8.RuneCountInString(c.Name); strings.TrimSpace(c.Name) == "" || n > MaxNameLen ||
		utf8.RuneCountInString(c.Occupation) > MaxNameLen {
		return newError(ErrBadName, "Max", MaxNameLen)
	}
	if c.Age < MinAge || c.Age > MaxAge {
		return newError(ErrBadAge, "Age", c.Age, "Min", MinAge, "Max", MaxAge)
	}
	if err := c.Scores.Validate(); err != nil {
		return err
	}
	if err := c.validateSkills(); err != nil {
		return err
	}
	if err := c.validatePools(); err != nil {
		return err
	}
	if c.Armour < 0 || c.Armour > MaxArmour {
		return newError(ErrBadArmour, "Armour", c.Armour, "Max", MaxArmour)
	}
	if err := c.validateWeapons(); err != nil {
		return err
	}
	if err := c.validateConditions(); err != nil {
		return err
	}
	if c.MythosInsanities < 0 || c.MythosInsanities > MaxMythos {
		return newError(ErrBadMythosCount, "Count", c.MythosInsanities, "Max", MaxMythos)
	}
	return nil
}

func (c *Character) validatePools() error {
	for _, p := range []struct {
		stat          Stat
		cur, most, lo int
	}{
		{StatHP, c.MaxHP, MaxPool, 1},
		{StatMP, c.MaxMP, MaxPool, 0},
	} {
		if p.cur < p.lo || p.cur > p.most {
			return newError(ErrBadPoolMax, "Pool", string(p.stat), "Value", p.cur, "Min", p.lo, "Max", p.most)
		}
	}
	for _, p := range []struct {
		name      string
		cur, most int
	}{
		{string(StatHP), c.HP, c.MaxHP},
		{string(StatMP), c.MP, c.MaxMP},
		{string(StatSAN), c.SAN, c.MaxSAN()},
		{string(StatSAN), c.StartSAN, MaxChar},
		{string(Luck), c.Luck, MaxLuck},
	} {
		if p.cur < 0 || p.cur > p.most {
			return newError(ErrBadPool, "Pool", p.name, "Value", p.cur, "Max", p.most)
		}
	}
	d := c.SanDay
	if err := checkDay(d.Day); err != nil {
		return err
	}
	if d.Start < 0 || d.Start > MaxChar || d.Lost < 0 || d.Lost > MaxValue {
		return newError(ErrBadSanDay, "Start", d.Start, "Lost", d.Lost)
	}
	return nil
}

func (c *Character) validateSkills() error {
	if len(c.Skills) > MaxSkills {
		return newError(ErrBadCount, "Count", len(c.Skills), "Max", MaxSkills)
	}
	seen := map[string]bool{}
	for _, e := range c.Skills {
		if !e.ID.Valid() {
			return newError(ErrUnknownSkill, "Skill", string(e.ID))
		}
		spec, err := normSpec(e.ID, e.Spec)
		if err != nil {
			return err
		}
		if spec != e.Spec {
			return newError(ErrBadSpec, "Skill", string(e.ID), "Max", MaxSpecLen)
		}
		if e.Value < 0 || e.Value > MaxValue {
			return newError(ErrBadSkillValue, "Skill", string(e.ID), "Value", e.Value, "Max", MaxValue)
		}
		if e.Mark && !(Subject{Skill: e.ID}).Markable() {
			return newError(ErrBadMark, "Skill", string(e.ID))
		}
		k := entryKey(e.ID, e.Spec)
		if seen[k] {
			return newError(ErrDuplicate, "Name", Subject{Skill: e.ID, Spec: e.Spec}.String())
		}
		seen[k] = true
	}
	return nil
}

func (c *Character) validateWeapons() error {
	if len(c.Weapons) > MaxWeapons {
		return newError(ErrTooManyWeapons, "Max", MaxWeapons)
	}
	names := map[string]bool{}
	for _, w := range c.Weapons {
		if err := w.validate(); err != nil {
			return err
		}
		k := foldName(w.Name)
		if names[k] {
			return newError(ErrDuplicate, "Name", w.Name)
		}
		names[k] = true
	}
	return nil
}

func (c *Character) validateConditions() error {
	seen := map[Condition]bool{}
	for _, a := range c.Conditions {
		if !a.ID.Valid() {
			return newError(ErrUnknownCondition, "Condition", string(a.ID))
		}
		if seen[a.ID] {
			return newError(ErrDuplicate, "Name", string(a.ID))
		}
		seen[a.ID] = true
		if err := checkDay(a.Day); err != nil {
			return err
		}
		if a.Hours < 0 || a.Hours > MaxHours {
			return newError(ErrBadHours, "Hours", a.Hours, "Max", MaxHours)
		}
		if (a.ID == Dead || a.ID == Dying) && c.HP != 0 {
			return newError(ErrBadConditionState, "Condition", string(a.ID), "HP", c.HP)
		}
	}
	return nil
}

// foldName is the comparison form of a free-text name: trimmed and lower-cased.
func foldName(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// entryKey identifies a skill entry: the id and the folded specialisation.
func entryKey(id Skill, spec string) string { return string(id) + "\x00" + foldName(spec) }

// MaxSAN is 99 − Cthulhu Mythos.
func (c *Character) MaxSAN() int { return MaxSanity(c.Mythos()) }

// Mythos is the character's Cthulhu Mythos.
func (c *Character) Mythos() int { v, _ := c.SkillValue(CthulhuMythos, ""); return v }

// Derived computes the character's derived values.
func (c *Character) Derived() Derived { return DerivedOf(c.Scores, c.Age, c.Mythos()) }

// FindWeapon looks a weapon up by name, ignoring case and surrounding spaces.
func (c *Character) FindWeapon(name string) (Weapon, error) {
	k := foldName(name)
	for _, w := range c.Weapons {
		if foldName(w.Name) == k {
			return w, nil
		}
	}
	return Weapon{}, newError(ErrUnknownWeapon, "Weapon", name)
}
