package coc

import "strings"

// Characteristic is one of the eight characteristic ids (str con siz dex app int pow edu) or Luck.
type Characteristic string

// The eight characteristics, and Luck (rolled like one and rolled against like one).
const (
	STR  Characteristic = "str"
	CON  Characteristic = "con"
	SIZ  Characteristic = "siz"
	DEX  Characteristic = "dex"
	APP  Characteristic = "app"
	INT  Characteristic = "int"
	POW  Characteristic = "pow"
	EDU  Characteristic = "edu"
	Luck Characteristic = "luck"
)

var charTable = []struct {
	id       Characteristic
	key      string
	notation string // how it is rolled at creation (§1)
}{
	{STR, "coc.char.str", "3d6*5"},
	{CON, "coc.char.con", "3d6*5"},
	{SIZ, "coc.char.siz", "(2d6+6)*5"},
	{DEX, "coc.char.dex", "3d6*5"},
	{APP, "coc.char.app", "3d6*5"},
	{INT, "coc.char.int", "(2d6+6)*5"},
	{POW, "coc.char.pow", "3d6*5"},
	{EDU, "coc.char.edu", "(2d6+6)*5"},
	{Luck, "coc.char.luck", "3d6*5"},
}

// Characteristics returns the eight characteristics in sheet order (STR CON SIZ DEX APP INT POW EDU); Luck is not
// among them.
func Characteristics() []Characteristic {
	out := make([]Characteristic, 0, len(charTable)-1)
	for _, e := range charTable {
		if e.id != Luck {
			out = append(out, e.id)
		}
	}
	return out
}

// Valid reports whether c is one of the eight characteristics or Luck.
func (c Characteristic) Valid() bool { return c.Key() != "" }

// Key is the catalog key of the characteristic's name ("coc.char.str"), or "" for an unknown id.
func (c Characteristic) Key() string {
	for _, e := range charTable {
		if e.id == c {
			return e.key
		}
	}
	return ""
}

// Notation is the dice notation the characteristic is rolled with at creation: "3d6*5" or "(2d6+6)*5".
func (c Characteristic) Notation() string {
	for _, e := range charTable {
		if e.id == c {
			return e.notation
		}
	}
	return ""
}

// ParseCharacteristic accepts a characteristic id in any case ("STR", "luck").
func ParseCharacteristic(s string) (Characteristic, error) {
	c := Characteristic(strings.ToLower(strings.TrimSpace(s)))
	if !c.Valid() {
		return "", newError(ErrUnknownChar, "Char", s)
	}
	return c, nil
}

// Limits of characteristics (rolled values land in 15–90; the scale is 0–99).
const (
	MinChar = 0
	MaxChar = 99
)

// Scores are the eight characteristics.
type Scores struct {
	STR int `json:"str"`
	CON int `json:"con"`
	SIZ int `json:"siz"`
	DEX int `json:"dex"`
	APP int `json:"app"`
	INT int `json:"int"`
	POW int `json:"pow"`
	EDU int `json:"edu"`
}

// Get returns the value of characteristic c (0 for Luck or an unknown id: Luck lives on the character).
func (s Scores) Get(c Characteristic) int {
	if p := s.field(c); p != nil {
		return *p
	}
	return 0
}

// Set changes characteristic c; Luck and unknown ids are ignored.
func (s *Scores) Set(c Characteristic, v int) {
	if p := s.field(c); p != nil {
		*p = v
	}
}

func (s *Scores) field(c Characteristic) *int {
	switch c {
	case STR:
		return &s.STR
	case CON:
		return &s.CON
	case SIZ:
		return &s.SIZ
	case DEX:
		return &s.DEX
	case APP:
		return &s.APP
	case INT:
		return &s.INT
	case POW:
		return &s.POW
	case EDU:
		return &s.EDU
	}
	return nil
}

// Validate checks every characteristic is within MinChar–MaxChar.
func (s Scores) Validate() error {
	for _, c := range Characteristics() {
		if v := s.Get(c); v < MinChar || v > MaxChar {
			return newError(ErrBadChar, "Char", string(c), "Value", v, "Min", MinChar, "Max", MaxChar)
		}
	}
	return nil
}

// QuickStartValues are the Quick-Start values assigned to the eight characteristics in any order (§1); Luck is
// still rolled.
var QuickStartValues = [8]int{40, 50, 50, 50, 60, 60, 70, 80}

// CheckQuickStart reports whether s assigns exactly QuickStartValues (in any order).
func CheckQuickStart(s Scores) error {
	count := map[int]int{}
	for _, v := range QuickStartValues {
		count[v]++
	}
	for _, c := range Characteristics() {
		count[s.Get(c)]--
	}
	for _, n := range count {
		if n != 0 {
			return newError(ErrNotQuickStart)
		}
	}
	return nil
}

// Half is the Hard threshold of a value: ⌊v/2⌋.
func Half(v int) int { return floorDiv(v, 2) }

// Fifth is the Extreme threshold of a value: ⌊v/5⌋.
func Fifth(v int) int { return floorDiv(v, 5) }

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}
