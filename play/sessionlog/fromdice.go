package sessionlog

import (
	"math/big"

	"rulekeeper/rules/dice"
)

// FromDice is a roll of the dice package as log data: its notation (without the comment), every die (kept or
// dropped), the total and the natural d20, and the outcome of a comparison ("1d20+5>=15"): a crit or a fumble when
// the natural 20 or 1 agrees with the verdict. The caller adds what the rules know: Mode, Target, Odds, and the
// outcome the rules judged (an attack's hit, a save).
func FromDice(res *dice.Result) Roll {
	r := Roll{Expr: res.Expr.Notation(), Total: res.Total, Natural: res.Natural}
	for _, d := range res.Dice() {
		r.Dice = append(r.Dice, Die{Sides: d.Sides, Face: d.Face, Dropped: !d.Kept})
	}
	switch {
	case res.Verdict == dice.VerdictSuccess && res.Crit == dice.CritSuccess:
		r.Outcome = Crit
	case res.Verdict == dice.VerdictSuccess:
		r.Outcome = Success
	case res.Verdict == dice.VerdictFailure && res.Crit == dice.CritFailure:
		r.Outcome = Fumble
	case res.Verdict == dice.VerdictFailure:
		r.Outcome = Failure
	}
	return r
}

// NewOdds is the chance p as log data, with the exact fraction when there is one (dnd5e.Odds.Rat, nil when too
// large to show).
func NewOdds(p float64, exact *big.Rat) *Odds {
	o := &Odds{P: p}
	if exact != nil {
		o.Fraction = exact.RatString()
	}
	return o
}
