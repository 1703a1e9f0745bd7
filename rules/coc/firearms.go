package coc

import "rulekeeper/rules/dice"

// RangeBand is how far a shot is, relative to the weapon's base range (§7.3).
type RangeBand string

// The bands.
const (
	PointBlank RangeBand = "point_blank" // within DEX/5 feet: a bonus die, Regular
	BaseRange  RangeBand = "base"        // within base range: Regular
	LongRange  RangeBand = "long"        // within 2× base range: Hard
	VeryLong   RangeBand = "very_long"   // within 4× base range: Extreme
	Beyond     RangeBand = "beyond"      // farther: no shot
)

// Key is the catalog key of the band ("coc.range.long").
func (b RangeBand) Key() string {
	switch b {
	case PointBlank:
		return "coc.range.point_blank"
	case BaseRange:
		return "coc.range.base"
	case LongRange:
		return "coc.range.long"
	case VeryLong:
		return "coc.range.very_long"
	case Beyond:
		return "coc.range.beyond"
	}
	return ""
}

// Difficulty is the band's difficulty (Beyond: Critical, though Shoot refuses it).
func (b RangeBand) Difficulty() Difficulty {
	switch b {
	case LongRange:
		return DifficultyHard
	case VeryLong:
		return DifficultyExtreme
	case Beyond:
		return DifficultyCritical
	}
	return DifficultyRegular
}

// MaxDistance is the farthest shot measured, in feet.
const MaxDistance = 100_000

// RangeOf is the band of a shot at distance feet with a weapon of base range yards (3 feet each) by a shooter of
// DEX dex (E7.5).
func RangeOf(distance, baseRange, dex int) RangeBand {
	feet := 3 * baseRange
	switch {
	case distance <= dex/5:
		return PointBlank
	case distance <= feet:
		return BaseRange
	case distance <= 2*feet:
		return LongRange
	case distance <= 4*feet:
		return VeryLong
	}
	return Beyond
}

// ShotInput is one shot with a firearm: the shooter's skill value and DEX, the weapon, the distance in feet, and the
// circumstances (cover, aiming, a fast target …) as modifiers (§7.3). Firearms are not opposed.
type ShotInput struct {
	Value    int    `json:"value"` // the weapon's Firearms skill
	DEX      int    `json:"dex"`
	Weapon   Weapon `json:"weapon"`
	Distance int    `json:"distance"` // feet
	Mods     []Mod  `json:"mods,omitempty"`
	Bonus    int    `json:"bonus,omitempty"`
	Penalty  int    `json:"penalty,omitempty"`
}

// ShotResult is a resolved shot.
type ShotResult struct {
	Band  RangeBand    `json:"band"`
	Check *CheckResult `json:"check"`
	Hit   bool         `json:"hit"`
	// Extreme is true for an extreme success or a critical: maximum damage (RollDamage).
	Extreme bool `json:"extreme,omitempty"`
}

// shotCheck builds the roll of a shot: the band's difficulty and the point-blank bonus die added to the mods.
func shotCheck(in ShotInput) (CheckInput, RangeBand, error) {
	if err := in.Weapon.validate(); err != nil {
		return CheckInput{}, "", err
	}
	if in.Weapon.Skill.Group() != GroupFirearms {
		return CheckInput{}, "", newError(ErrWeaponSkill, "Weapon", in.Weapon.Name, "Skill", string(in.Weapon.Skill))
	}
	if in.Distance < 0 || in.Distance > MaxDistance {
		return CheckInput{}, "", newError(ErrBadDistance, "Distance", in.Distance, "Max", MaxDistance)
	}
	if in.DEX < MinChar || in.DEX > MaxChar {
		return CheckInput{}, "", newError(ErrBadChar, "Char", string(DEX), "Value", in.DEX, "Min", MinChar, "Max", MaxChar)
	}
	band := RangeOf(in.Distance, in.Weapon.Range, in.DEX)
	if band == Beyond {
		return CheckInput{}, "", newError(ErrOutOfRange, "Distance", in.Distance, "Max", 12*in.Weapon.Range)
	}
	mods := append([]Mod(nil), in.Mods...)
	if band == PointBlank {
		mods = append(mods, ModPointBlank)
	}
	return CheckInput{Subject: SkillSubject(in.Weapon.Skill), Value: in.Value, Difficulty: band.Difficulty(),
		Bonus: in.Bonus, Penalty: in.Penalty, Mods: mods, Combat: true, Malfunction: in.Weapon.Malfunction}, band, nil
}

// Shoot rolls a shot (E7.5, E7.6).
func Shoot(r dice.Roller, in ShotInput) (*ShotResult, error) {
	ci, band, err := shotCheck(in)
	if err != nil {
		return nil, err
	}
	res, err := Check(r, ci)
	if err != nil {
		return nil, err
	}
	return &ShotResult{Band: band, Check: res, Hit: res.Success,
		Extreme: res.Success && res.Level.Rank() >= Extreme.Rank()}, nil
}

// ShotOdds are the exact odds of a shot (nil for invalid input).
func ShotOdds(in ShotInput) *Odds {
	ci, _, err := shotCheck(in)
	if err != nil {
		return nil
	}
	return ci.Odds()
}
