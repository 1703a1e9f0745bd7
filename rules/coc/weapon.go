package coc

import (
	"strings"
	"unicode/utf8"

	"rulekeeper/rules/dice"
)

// DBMode is how much of the wielder's damage bonus a weapon adds (§7.4).
type DBMode string

// The three modes. The zero DBMode means the skill's default (Weapon.DBMode).
const (
	DBFull DBMode = "full" // melee weapons
	DBHalf DBMode = "half" // thrown weapons and bows
	DBNone DBMode = "none" // firearms
)

// Key is the catalog key of the mode's name ("coc.db.half").
func (m DBMode) Key() string {
	switch m {
	case DBFull:
		return "coc.db.full"
	case DBHalf:
		return "coc.db.half"
	case DBNone:
		return "coc.db.none"
	}
	return ""
}

// Weapon is a weapon on the sheet.
type Weapon struct {
	Name        string `json:"name"`
	Skill       Skill  `json:"skill"`                 // a Fighting or Firearms skill, or Throw
	Damage      string `json:"damage"`                // dice notation without the damage bonus: "1d8", "1d10+2"
	DB          DBMode `json:"db,omitempty"`          // "" = the skill's default (DBMode)
	Impale      bool   `json:"impale,omitempty"`      // blades, bullets, arrows: an extreme success adds a damage roll
	Range       int    `json:"range,omitempty"`       // base range in yards; 0 for melee weapons
	Uses        int    `json:"uses,omitempty"`        // attacks per round; 0 means 1
	Malfunction int    `json:"malfunction,omitempty"` // a roll at or above it jams (firearms); 0 = never
}

// Weapon limits.
const (
	MaxWeapons = 25
	MaxRange   = 10_000 // yards
	MaxUses    = 100
)

// DBMode is the weapon's damage-bonus mode: its own, else full for Fighting skills, half for Throw and Bow, none for
// other Firearms.
func (w Weapon) DBMode() DBMode {
	switch {
	case w.DB != "":
		return w.DB
	case w.Skill == Throw || w.Skill == "firearms_bow":
		return DBHalf
	case w.Skill.Group() == GroupFirearms:
		return DBNone
	}
	return DBFull
}

// PerRound is the attacks the weapon makes in a round (at least 1).
func (w Weapon) PerRound() int { return max(1, w.Uses) }

// Ranged reports whether attacks with the weapon are shots or throws (judged by range, not opposed).
func (w Weapon) Ranged() bool { return w.Skill == Throw || w.Skill.Group() == GroupFirearms }

func (w Weapon) validate() error {
	if n := utf8.RuneCountInString(w.Name); strings.TrimSpace(w.Name) == "" || n > MaxNameLen {
		return newError(ErrBadWeaponName, "Max", MaxNameLen)
	}
	if !w.Skill.Valid() || (w.Skill != Throw && w.Skill.Group() == "") {
		return newError(ErrWeaponSkill, "Weapon", w.Name, "Skill", string(w.Skill))
	}
	if strings.TrimSpace(w.Damage) == "" {
		return newError(ErrNoDamage, "Weapon", w.Name)
	}
	if _, err := dice.Parse(w.Damage); err != nil {
		return err
	}
	if w.DB != "" && w.DB.Key() == "" {
		return newError(ErrBadDamageBonus, "Weapon", w.Name, "DB", string(w.DB))
	}
	if w.Range < 0 || w.Range > MaxRange {
		return newError(ErrBadRange, "Weapon", w.Name, "Range", w.Range, "Max", MaxRange)
	}
	if w.Uses < 0 || w.Uses > MaxUses {
		return newError(ErrBadUses, "Weapon", w.Name, "Uses", w.Uses, "Max", MaxUses)
	}
	if w.Malfunction < 0 || w.Malfunction > 100 {
		return newError(ErrBadMalfunction, "Weapon", w.Name, "Malfunction", w.Malfunction)
	}
	return nil
}

// ParseDamage splits a sheet's damage text into the weapon's notation and damage-bonus mode: "1D8+DB" → "1D8",
// full; "1D6+½DB" (or "+DB/2", "+1/2DB", "+half DB") → half; "1D10" → "" (the skill's default).
func ParseDamage(s string) (string, DBMode, error) {
	t := strings.TrimSpace(s)
	low := strings.ToLower(strings.ReplaceAll(t, " ", ""))
	mode := DBMode("")
	for _, suf := range []struct {
		text string
		mode DBMode
	}{{"+½db", DBHalf}, {"+db/2", DBHalf}, {"+1/2db", DBHalf}, {"+halfdb", DBHalf}, {"+db", DBFull}} {
		if strings.HasSuffix(low, suf.text) {
			low = strings.TrimSuffix(low, suf.text)
			mode = suf.mode
			break
		}
	}
	if mode == "" {
		low = t
	}
	if strings.TrimSpace(low) == "" {
		return "", "", newError(ErrNoDamage, "Weapon", s)
	}
	if _, err := dice.Parse(low); err != nil {
		return "", "", err
	}
	return low, mode, nil
}
