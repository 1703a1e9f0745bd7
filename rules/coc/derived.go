package coc

import "strconv"

// HitPoints is the maximum HP: ⌊(CON + SIZ) / 10⌋ (§3).
func HitPoints(s Scores) int { return (s.CON + s.SIZ) / 10 }

// MagicPoints is the maximum MP: ⌊POW / 5⌋.
func MagicPoints(s Scores) int { return s.POW / 5 }

// StartingSanity is POW.
func StartingSanity(s Scores) int { return s.POW }

// MaxSanity is 99 − Cthulhu Mythos, at least 0.
func MaxSanity(mythos int) int { return max(0, 99-mythos) }

// AgeMovePenalty is ⌊age/10⌋ − 3 from age 40, else 0 (§2).
func AgeMovePenalty(age int) int {
	if age >= 40 {
		return age/10 - 3
	}
	return 0
}

// Move is the move rate (§3): 9 when DEX and STR are both above SIZ, 7 when both are below, else 8; less the age
// penalty; at least 0.
func Move(s Scores, age int) int {
	mov := 7
	switch {
	case s.DEX > s.SIZ && s.STR > s.SIZ:
		mov = 9
	case s.DEX >= s.SIZ || s.STR >= s.SIZ:
		mov = 8
	}
	return max(0, mov-AgeMovePenalty(age))
}

// DamageBonus is a damage bonus: a flat −2, −1 or 0, or Count dice of Sides faces (1D4, nD6).
type DamageBonus struct {
	Count int `json:"count,omitempty"`
	Sides int `json:"sides,omitempty"`
	Flat  int `json:"flat,omitempty"`
}

// Notation is the bonus as dice notation: "-2", "-1", "0", "1d4", "2d6".
func (b DamageBonus) Notation() string {
	if b.Count > 0 {
		return strconv.Itoa(b.Count) + "d" + strconv.Itoa(b.Sides)
	}
	return strconv.Itoa(b.Flat)
}

// String is the bonus as a sheet shows it: "-2", "0", "+1D4", "+2D6".
func (b DamageBonus) String() string {
	if b.Count > 0 {
		return "+" + strconv.Itoa(b.Count) + "D" + strconv.Itoa(b.Sides)
	}
	return strconv.Itoa(b.Flat)
}

// Max is the highest the bonus can add.
func (b DamageBonus) Max() int { return b.Count*b.Sides + b.Flat }

// Halved is the half bonus of thrown weapons and bows: the same dice with half the faces (1D4 → 1D2, 1D6 → 1D3,
// 2D6 → 2D3), a flat malus halved toward zero (−2 → −1, −1 → 0).
func (b DamageBonus) Halved() DamageBonus {
	return DamageBonus{Count: b.Count, Sides: b.Sides / 2, Flat: b.Flat / 2}
}

// BuildAndBonus is Build and the damage bonus by STR + SIZ (§3, E3.3): up to 64 −2/−2; 65–84 −1/−1; 85–124 0/0;
// 125–164 +1D4/1; from 165, ⌊(sum − 45)/80⌋ D6 and Build one more.
func BuildAndBonus(s Scores) (int, DamageBonus) {
	sum := s.STR + s.SIZ
	switch {
	case sum <= 64:
		return -2, DamageBonus{Flat: -2}
	case sum <= 84:
		return -1, DamageBonus{Flat: -1}
	case sum <= 124:
		return 0, DamageBonus{}
	case sum <= 164:
		return 1, DamageBonus{Count: 1, Sides: 4}
	}
	n := (sum - 45) / 80
	return n + 1, DamageBonus{Count: n, Sides: 6}
}

// Derived are the values computed from a character's characteristics, age and Cthulhu Mythos.
type Derived struct {
	HP          int         `json:"hp"` // maximum hit points
	MP          int         `json:"mp"` // maximum magic points
	StartingSAN int         `json:"starting_san"`
	MaxSAN      int         `json:"max_san"`
	MOV         int         `json:"mov"`
	Build       int         `json:"build"`
	DB          DamageBonus `json:"db"`
	Dodge       int         `json:"dodge"` // base Dodge: ⌊DEX/2⌋
	LanguageOwn int         `json:"language_own"`
}

// DerivedOf computes the derived values (E3.1, E3.2, E3.4).
func DerivedOf(s Scores, age, mythos int) Derived {
	build, db := BuildAndBonus(s)
	return Derived{
		HP:          HitPoints(s),
		MP:          MagicPoints(s),
		StartingSAN: StartingSanity(s),
		MaxSAN:      MaxSanity(mythos),
		MOV:         Move(s, age),
		Build:       build,
		DB:          db,
		Dodge:       s.DEX / 2,
		LanguageOwn: s.EDU,
	}
}
