package coc

import (
	"slices"

	"rulekeeper/rules/dice"
)

// AgeRule is one band of the age table (§2).
type AgeRule struct {
	Min       int              `json:"min"`
	Max       int              `json:"max"`
	EDUChecks int              `json:"edu_checks"` // EDU improvement checks
	Deduction int              `json:"deduction"`  // points the player takes off From
	From      []Characteristic `json:"from"`
	APP       int              `json:"app"`                  // change to APP (≤ 0)
	EDU       int              `json:"edu"`                  // flat change to EDU (15–19: −5)
	MOV       int              `json:"mov"`                  // move penalty (AgeMovePenalty)
	LuckTwice bool             `json:"luck_twice,omitempty"` // roll Luck twice, keep the higher
}

var physical = []Characteristic{STR, CON, DEX}

var ageTable = []AgeRule{
	{Min: 15, Max: 19, Deduction: 5, From: []Characteristic{STR, SIZ}, EDU: -5, LuckTwice: true},
	{Min: 20, Max: 39, EDUChecks: 1},
	{Min: 40, Max: 49, EDUChecks: 2, Deduction: 5, From: physical, APP: -5, MOV: 1},
	{Min: 50, Max: 59, EDUChecks: 3, Deduction: 10, From: physical, APP: -10, MOV: 2},
	{Min: 60, Max: 69, EDUChecks: 4, Deduction: 20, From: physical, APP: -15, MOV: 3},
	{Min: 70, Max: 79, EDUChecks: 4, Deduction: 40, From: physical, APP: -20, MOV: 4},
	{Min: 80, Max: 89, EDUChecks: 4, Deduction: 80, From: physical, APP: -25, MOV: 5},
}

// Age-table limits.
const (
	MinTableAge = 15
	MaxTableAge = 89
)

// AgeRuleFor returns the band of the age table for age (15–89).
func AgeRuleFor(age int) (AgeRule, error) {
	for _, a := range ageTable {
		if age >= a.Min && age <= a.Max {
			a.From = slices.Clone(a.From)
			return a, nil
		}
	}
	return AgeRule{}, newError(ErrAgeTable, "Age", age, "Min", MinTableAge, "Max", MaxTableAge)
}

// DefaultSplit spreads a band's deduction over its characteristics in steps of 5, first listed first (−20 from STR,
// CON, DEX → 10, 5, 5).
func (a AgeRule) DefaultSplit() map[Characteristic]int {
	out := map[Characteristic]int{}
	for left, i := a.Deduction, 0; left > 0; i++ {
		step := min(5, left)
		out[a.From[i%len(a.From)]] += step
		left -= step
	}
	return out
}

// EDUCheck is one EDU improvement check: d100 over EDU adds 1D10 (no 96+ rule here).
type EDUCheck struct {
	Roll     D100         `json:"roll"`
	Improved bool         `json:"improved"`
	Gain     *dice.Result `json:"gain,omitempty"`
	EDU      int          `json:"edu"` // after the check
}

// AgeResult is the age adjustment of a new investigator.
type AgeResult struct {
	Age       int                    `json:"age"`
	Rule      AgeRule                `json:"rule"`
	Before    Scores                 `json:"before"`
	After     Scores                 `json:"after"`
	Split     map[Characteristic]int `json:"split,omitempty"` // points taken off each characteristic
	EDUChecks []EDUCheck             `json:"edu_checks,omitempty"`
}

// ApplyAge adjusts rolled characteristics for age (E2.1, E2.2): the deduction split as the player chose (nil: the
// default split), APP and EDU changes, then the EDU checks (each a d100, then 1D10 on an improvement; EDU ≤ 99).
// Luck is not touched here (see Generate for the 15–19 band's second Luck roll).
func ApplyAge(r dice.Roller, s Scores, age int, split map[Characteristic]int) (*AgeResult, error) {
	rule, err := AgeRuleFor(age)
	if err != nil {
		return nil, err
	}
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if split == nil {
		split = rule.DefaultSplit()
	}
	res := &AgeResult{Age: age, Rule: rule, Before: s, Split: split}
	total := 0
	for ch, n := range split {
		if !slices.Contains(rule.From, ch) || n < 0 {
			return nil, newError(ErrDeductionChar, "Char", string(ch))
		}
		total += n
		s.Set(ch, s.Get(ch)-n)
	}
	if total != rule.Deduction {
		return nil, newError(ErrBadDeduction, "Total", total, "Want", rule.Deduction)
	}
	s.APP = max(MinChar, s.APP+rule.APP)
	s.EDU = max(MinChar, s.EDU+rule.EDU)
	if err := s.Validate(); err != nil {
		return nil, err
	}
	for range rule.EDUChecks {
		chk, err := eduCheck(r, s.EDU)
		if err != nil {
			return nil, err
		}
		s.EDU = chk.EDU
		res.EDUChecks = append(res.EDUChecks, chk)
	}
	res.After = s
	return res, nil
}

func eduCheck(r dice.Roller, edu int) (EDUCheck, error) {
	roll, err := rollPlain(r)
	if err != nil {
		return EDUCheck{}, err
	}
	chk := EDUCheck{Roll: roll, EDU: edu}
	if roll.Value > edu {
		if chk.Gain, err = dice.Roll("1d10", r); err != nil {
			return EDUCheck{}, err
		}
		chk.Improved = true
		chk.EDU = min(MaxChar, edu+chk.Gain.Total)
	}
	return chk, nil
}
