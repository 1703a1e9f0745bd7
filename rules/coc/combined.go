package coc

import "rulekeeper/rules/dice"

// CombinedMode says what a combined roll needs: every skill to succeed, or any one.
type CombinedMode string

// The two modes.
const (
	CombinedAll CombinedMode = "all"
	CombinedAny CombinedMode = "any"
)

// Key is the catalog key of the mode ("coc.combined.all").
func (m CombinedMode) Key() string {
	switch m {
	case CombinedAll:
		return "coc.combined.all"
	case CombinedAny:
		return "coc.combined.any"
	}
	return ""
}

// CombinedOutcome is how many of a combined roll's values the die met.
type CombinedOutcome string

// The three outcomes.
const (
	CombinedSuccess CombinedOutcome = "success" // every value
	CombinedPartial CombinedOutcome = "partial" // some
	CombinedFailure CombinedOutcome = "failure" // none
)

// Key is the catalog key of the outcome ("coc.combined.partial").
func (o CombinedOutcome) Key() string {
	switch o {
	case CombinedSuccess:
		return "coc.combined.success"
	case CombinedPartial:
		return "coc.combined.partial"
	case CombinedFailure:
		return "coc.combined.failure"
	}
	return ""
}

// Combined-roll sizes.
const (
	MinCombined = 2
	MaxCombined = 5
)

// CombinedPart is one value of a combined roll.
type CombinedPart struct {
	Subject Subject `json:"subject"`
	Value   int     `json:"value"`
}

// CombinedInput is one d100 compared with several values (§5.7).
type CombinedInput struct {
	Parts      []CombinedPart `json:"parts"`
	Mode       CombinedMode   `json:"mode"`
	Difficulty Difficulty     `json:"difficulty,omitempty"`
	Bonus      int            `json:"bonus,omitempty"`
	Penalty    int            `json:"penalty,omitempty"`
	Mods       []Mod          `json:"mods,omitempty"`
}

// CombinedResult is a combined roll: the one die, each value's verdict, and the overall outcome.
type CombinedResult struct {
	Mode    CombinedMode    `json:"mode"`
	Roll    D100            `json:"roll"`
	Parts   []*CheckResult  `json:"parts"`
	Outcome CombinedOutcome `json:"outcome"`
	Success bool            `json:"success"` // Mode all: every part; any: at least one
}

// Combined rolls one d100 against every part (E5.17). Each successful part marks its skill (CheckResult.Mark).
func Combined(r dice.Roller, in CombinedInput) (*CombinedResult, error) {
	if n := len(in.Parts); n < MinCombined || n > MaxCombined {
		return nil, newError(ErrBadCombined, "Count", n, "Min", MinCombined, "Max", MaxCombined)
	}
	if in.Mode.Key() == "" {
		return nil, newError(ErrBadCombinedMode, "Mode", string(in.Mode))
	}
	var checks []CheckInput
	for _, p := range in.Parts {
		ci := CheckInput{Subject: p.Subject, Value: p.Value, Difficulty: in.Difficulty.norm(), Bonus: in.Bonus,
			Penalty: in.Penalty, Mods: in.Mods}
		if err := ci.validate(); err != nil {
			return nil, err
		}
		checks = append(checks, ci)
	}
	net, clamped, err := netDice(in.Bonus, in.Penalty, in.Mods)
	if err != nil {
		return nil, err
	}
	roll, err := RollD100(r, net)
	if err != nil {
		return nil, err
	}
	res := &CombinedResult{Mode: in.Mode, Roll: roll}
	won := 0
	for _, ci := range checks {
		cr := &CheckResult{CheckInput: ci, Net: net, Clamped: clamped, Roll: roll}
		cr.judge(roll.Value)
		cr.Mark = cr.Success && ci.Subject.Markable()
		if cr.Success {
			won++
		}
		res.Parts = append(res.Parts, cr)
	}
	switch won {
	case len(checks):
		res.Outcome = CombinedSuccess
	case 0:
		res.Outcome = CombinedFailure
	default:
		res.Outcome = CombinedPartial
	}
	res.Success = won == len(checks) || (in.Mode == CombinedAny && won > 0)
	return res, nil
}

// CombinedOdds are the exact chances of a combined roll's outcomes.
type CombinedOdds struct {
	Success Chance `json:"success"` // every part
	Partial Chance `json:"partial"` // some
	Failure Chance `json:"failure"` // none
	Wins    Chance `json:"wins"`    // the roll succeeds in its mode
}

// CombinedOddsOf are the chances of Combined(in); nil for invalid input.
func CombinedOddsOf(in CombinedInput) *CombinedOdds {
	if n := len(in.Parts); n < MinCombined || n > MaxCombined || in.Mode.Key() == "" {
		return nil
	}
	for _, p := range in.Parts {
		ci := CheckInput{Subject: p.Subject, Value: p.Value, Difficulty: in.Difficulty.norm()}
		if ci.validate() != nil {
			return nil
		}
	}
	net, _, err := netDice(in.Bonus, in.Penalty, in.Mods)
	if err != nil {
		return nil
	}
	nums, den := KeptDistribution(net)
	var all, some, none int64
	for v := 1; v <= 100; v++ {
		won := 0
		for _, p := range in.Parts {
			if _, ok := Judge(v, p.Value, in.Difficulty.norm()); ok {
				won++
			}
		}
		switch won {
		case len(in.Parts):
			all += nums[v]
		case 0:
			none += nums[v]
		default:
			some += nums[v]
		}
	}
	o := &CombinedOdds{Success: NewChance(all, den), Partial: NewChance(some, den), Failure: NewChance(none, den)}
	o.Wins = o.Success
	if in.Mode == CombinedAny {
		o.Wins = NewChance(all+some, den)
	}
	return o
}
