package coc

import (
	"math/big"
	"strconv"
)

// Chance is an exact probability Num/Den in lowest terms (Den > 0). Every chance of a d100 roll is a whole number
// of 1/10, 1/100, 1/1000 or 1/10000 steps, so Chance never needs big numbers.
type Chance struct {
	Num int64 `json:"num"`
	Den int64 `json:"den"`
}

// NewChance is num/den reduced; den must be positive.
func NewChance(num, den int64) Chance {
	if den <= 0 {
		return Chance{Num: 0, Den: 1}
	}
	g := gcd(num, den)
	if g == 0 {
		return Chance{Num: 0, Den: 1}
	}
	return Chance{Num: num / g, Den: den / g}
}

func gcd(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// Float is the chance as a float64.
func (c Chance) Float() float64 {
	if c.Den == 0 {
		return 0
	}
	return float64(c.Num) / float64(c.Den)
}

// Rat is the chance as a *big.Rat (for rules/dice-style rendering).
func (c Chance) Rat() *big.Rat {
	if c.Den == 0 {
		return new(big.Rat)
	}
	return big.NewRat(c.Num, c.Den)
}

// String is "num/den" ("1/4", "0/1").
func (c Chance) String() string {
	if c.Den == 0 {
		return "0/1"
	}
	return strconv.FormatInt(c.Num, 10) + "/" + strconv.FormatInt(c.Den, 10)
}

// Add is c + d.
func (c Chance) Add(d Chance) Chance {
	if c.Den == 0 {
		return d
	}
	if d.Den == 0 {
		return c
	}
	return NewChance(c.Num*d.Den+d.Num*c.Den, c.Den*d.Den)
}

// Mul is c · d.
func (c Chance) Mul(d Chance) Chance {
	if c.Den == 0 || d.Den == 0 {
		return Chance{Num: 0, Den: 1}
	}
	return NewChance(c.Num*d.Num, c.Den*d.Den)
}
