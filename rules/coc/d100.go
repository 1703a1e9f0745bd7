package coc

import "rulekeeper/rules/dice"

// MaxDice is the most bonus or penalty dice a roll can have once they cancel out (G1).
const MaxDice = 2

// D100 is one percentile roll with its bonus or penalty dice. Every die is a d10 whose face 10 reads as the digit 0.
//
// Forced dice (dice.NewScripted, the console's --dice) are consumed in this order: the ordinary tens die, the units
// die, then each extra tens die in order. Tens 0 with units 0 is 100; tens 0 with units 1–9 is 1–9. So faces 10,10
// are 100 and 10,1 are 01; 6,8,2 with one bonus die are the candidates 68 and 28.
type D100 struct {
	Tens       int   `json:"tens"`            // digit 0–9 of the ordinary tens die
	Units      int   `json:"units"`           // digit 0–9 of the units die
	Extra      []int `json:"extra,omitempty"` // digits of the extra tens dice, in roll order
	Net        int   `json:"net,omitempty"`   // > 0 bonus dice, < 0 penalty dice
	Candidates []int `json:"candidates"`      // 10·tens + units (0 read as 100) for the ordinary die, then each extra one
	Kept       int   `json:"kept"`            // index of the kept candidate: the lowest with bonus dice, the highest with penalty dice
	Value      int   `json:"value"`           // the kept candidate, 1–100
}

// Percentile is the value of a tens digit and a units digit: 10·tens + units, with 0 read as 100.
func Percentile(tens, units int) int {
	if v := 10*tens + units; v != 0 {
		return v
	}
	return 100
}

// digit reads a d10 face (1–10) as a digit (1–9, 0).
func digit(face int) int { return face % 10 }

// RollD100 rolls a percentile with net bonus (> 0) or penalty (< 0) dice; |net| must be at most MaxDice.
func RollD100(r dice.Roller, net int) (D100, error) {
	if net > MaxDice || net < -MaxDice {
		return D100{}, newError(ErrBadDice, "Bonus", max(net, 0), "Penalty", max(-net, 0), "Max", MaxDice)
	}
	extra := net
	if extra < 0 {
		extra = -extra
	}
	faces := make([]int, 2+extra)
	for i := range faces {
		f, err := r.Roll(1, 10)
		if err != nil {
			return D100{}, err
		}
		faces[i] = f
	}
	d := D100{Tens: digit(faces[0]), Units: digit(faces[1]), Net: net}
	tens := []int{d.Tens}
	for _, f := range faces[2:] {
		d.Extra = append(d.Extra, digit(f))
		tens = append(tens, digit(f))
	}
	for i, t := range tens {
		c := Percentile(t, d.Units)
		d.Candidates = append(d.Candidates, c)
		v := d.Candidates[d.Kept]
		if (net > 0 && c < v) || (net < 0 && c > v) {
			d.Kept = i
		}
	}
	d.Value = d.Candidates[d.Kept]
	return d, nil
}

// rollPlain is a d100 without bonus or penalty dice.
func rollPlain(r dice.Roller) (D100, error) { return RollD100(r, 0) }
