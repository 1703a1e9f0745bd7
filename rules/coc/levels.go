package coc

import "strings"

// Level is the outcome level of a d100 roll, best first: critical, extreme, hard, regular (the successes), then
// failure and fumble.
type Level string

// The six levels.
const (
	Critical Level = "critical"
	Extreme  Level = "extreme"
	Hard     Level = "hard"
	Regular  Level = "regular"
	Failure  Level = "failure"
	Fumble   Level = "fumble"
)

// Levels returns the six levels, best first.
func Levels() []Level { return []Level{Critical, Extreme, Hard, Regular, Failure, Fumble} }

// Rank orders the levels: fumble 0, failure 1, regular 2, hard 3, extreme 4, critical 5; −1 for an unknown level.
func (l Level) Rank() int {
	switch l {
	case Fumble:
		return 0
	case Failure:
		return 1
	case Regular:
		return 2
	case Hard:
		return 3
	case Extreme:
		return 4
	case Critical:
		return 5
	}
	return -1
}

// Success reports whether the level is a success of some degree (regular or better).
func (l Level) Success() bool { return l.Rank() >= 2 }

// Key is the catalog key of the level's name ("coc.level.hard").
func (l Level) Key() string {
	switch l {
	case Critical:
		return "coc.level.critical"
	case Extreme:
		return "coc.level.extreme"
	case Hard:
		return "coc.level.hard"
	case Regular:
		return "coc.level.regular"
	case Failure:
		return "coc.level.failure"
	case Fumble:
		return "coc.level.fumble"
	}
	return ""
}

// Difficulty is the level a roll must reach to succeed. The zero Difficulty is Regular.
type Difficulty string

// The four difficulties. DifficultyCritical is met only by 01.
const (
	DifficultyRegular  Difficulty = "regular"
	DifficultyHard     Difficulty = "hard"
	DifficultyExtreme  Difficulty = "extreme"
	DifficultyCritical Difficulty = "critical"
)

// Difficulties returns the four difficulties, easiest first.
func Difficulties() []Difficulty {
	return []Difficulty{DifficultyRegular, DifficultyHard, DifficultyExtreme, DifficultyCritical}
}

// Key is the catalog key of the difficulty's name ("coc.difficulty.hard"); the zero value is Regular's.
func (d Difficulty) Key() string {
	switch d.norm() {
	case DifficultyRegular:
		return "coc.difficulty.regular"
	case DifficultyHard:
		return "coc.difficulty.hard"
	case DifficultyExtreme:
		return "coc.difficulty.extreme"
	case DifficultyCritical:
		return "coc.difficulty.critical"
	}
	return ""
}

func (d Difficulty) norm() Difficulty {
	if d == "" {
		return DifficultyRegular
	}
	return d
}

// Valid reports whether d is one of the four difficulties or "".
func (d Difficulty) Valid() bool { return d.Key() != "" }

// Level is the lowest level that meets the difficulty.
func (d Difficulty) Level() Level {
	switch d.norm() {
	case DifficultyHard:
		return Hard
	case DifficultyExtreme:
		return Extreme
	case DifficultyCritical:
		return Critical
	}
	return Regular
}

// ParseDifficulty accepts a difficulty id in any case; "" is Regular.
func ParseDifficulty(s string) (Difficulty, error) {
	d := Difficulty(strings.ToLower(strings.TrimSpace(s))).norm()
	if !d.Valid() {
		return "", newError(ErrBadDifficulty, "Difficulty", s)
	}
	return d, nil
}

// Target is the highest roll that meets the difficulty with value v: v, ⌊v/2⌋, ⌊v/5⌋, or 1 for Critical.
func (d Difficulty) Target(v int) int {
	switch d.norm() {
	case DifficultyHard:
		return Half(v)
	case DifficultyExtreme:
		return Fifth(v)
	case DifficultyCritical:
		return 1
	}
	return v
}

// DifficultyAgainst is the difficulty of acting against an NPC's value without an opposed roll (§5.2): below 50
// Regular, 50 or more Hard, 90 or more Extreme.
func DifficultyAgainst(value int) Difficulty {
	switch {
	case value >= 90:
		return DifficultyExtreme
	case value >= 50:
		return DifficultyHard
	}
	return DifficultyRegular
}

// Thresholds are the three numbers of a value: full (Regular), half (Hard) and fifth (Extreme).
type Thresholds struct {
	Regular int `json:"regular"`
	Hard    int `json:"hard"`
	Extreme int `json:"extreme"`
}

// ThresholdsOf is v, ⌊v/2⌋ and ⌊v/5⌋ (E1.1: INT 85 → 85 / 42 / 17).
func ThresholdsOf(v int) Thresholds { return Thresholds{Regular: v, Hard: Half(v), Extreme: Fifth(v)} }

// FumbleFrom is the lowest fumbling roll when target is the number a success needs: 96 below 50, else 100.
func FumbleFrom(target int) int {
	if target < 50 {
		return 96
	}
	return 100
}

// Judge is the outcome algorithm (§5.1) for a roll of 1–100 against value v with difficulty d: the achieved level
// and whether it meets d. 01 is always a critical; a roll from FumbleFrom(d.Target(v)) up is a fumble; otherwise
// the level is the best of extreme (≤ ⌊v/5⌋), hard (≤ ⌊v/2⌋) or regular (≤ v) the roll meets, else failure.
func Judge(roll, v int, d Difficulty) (Level, bool) {
	var l Level
	switch t := ThresholdsOf(v); {
	case roll == 1:
		l = Critical
	case roll >= FumbleFrom(d.Target(v)):
		l = Fumble
	case roll <= t.Extreme:
		l = Extreme
	case roll <= t.Hard:
		l = Hard
	case roll <= t.Regular:
		l = Regular
	default:
		l = Failure
	}
	return l, l.Rank() >= d.Level().Rank()
}
