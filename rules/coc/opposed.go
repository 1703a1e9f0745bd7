package coc

import "rulekeeper/rules/dice"

// OpposedOutcome is the result of an opposed roll, from the first side's point of view.
type OpposedOutcome string

// The outcomes (§5.6, G3).
const (
	OpposedWin  OpposedOutcome = "win"  // the first side wins
	OpposedLose OpposedOutcome = "lose" // the second side wins
	OpposedTie  OpposedOutcome = "tie"  // same level and same value: an impasse, or both roll again
	OpposedNone OpposedOutcome = "none" // both failed: nobody gets what they wanted
)

// Key is the catalog key of the outcome ("coc.opposed.win").
func (o OpposedOutcome) Key() string {
	switch o {
	case OpposedWin:
		return "coc.opposed.win"
	case OpposedLose:
		return "coc.opposed.lose"
	case OpposedTie:
		return "coc.opposed.tie"
	case OpposedNone:
		return "coc.opposed.none"
	}
	return ""
}

// successRank is a level's rank with fumble and failure counted alike.
func successRank(l Level) int { return max(l.Rank(), Failure.Rank()) }

// Oppose compares two rolls: the better level wins; at the same level (both succeeding) the higher value wins
// (byValue); equal values tie; both failing is OpposedNone.
func Oppose(a, b *CheckResult) (out OpposedOutcome, byValue bool) {
	ra, rb := successRank(a.Level), successRank(b.Level)
	switch {
	case !a.Level.Success() && !b.Level.Success():
		return OpposedNone, false
	case ra > rb:
		return OpposedWin, false
	case rb > ra:
		return OpposedLose, false
	case a.Value > b.Value:
		return OpposedWin, true
	case b.Value > a.Value:
		return OpposedLose, true
	}
	return OpposedTie, false
}

// OpposedResult is an opposed roll: both rolls and the outcome for A.
type OpposedResult struct {
	A       *CheckResult   `json:"a"`
	B       *CheckResult   `json:"b"`
	Outcome OpposedOutcome `json:"outcome"`
	ByValue bool           `json:"by_value,omitempty"` // the levels tied and the higher value decided
}

// opposedInput checks an opposed side: no difficulty, never pushed.
func opposedInput(in CheckInput) (CheckInput, error) {
	if in.Pushed {
		return in, newError(ErrNoPush, "Subject", in.Subject.String())
	}
	if d := in.Difficulty.norm(); d != DifficultyRegular {
		return in, newError(ErrBadDifficulty, "Difficulty", string(d))
	}
	return in, nil
}

// Opposed rolls A then B and compares them (E5.15, E5.16). Opposed rolls have no difficulty and are never pushed.
func Opposed(r dice.Roller, a, b CheckInput) (*OpposedResult, error) {
	var rolls [2]*CheckResult
	for i, in := range []CheckInput{a, b} {
		in, err := opposedInput(in)
		if err != nil {
			return nil, err
		}
		if rolls[i], err = Check(r, in); err != nil {
			return nil, err
		}
	}
	out, byValue := Oppose(rolls[0], rolls[1])
	return &OpposedResult{A: rolls[0], B: rolls[1], Outcome: out, ByValue: byValue}, nil
}
