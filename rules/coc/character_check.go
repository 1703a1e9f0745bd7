package coc

import "rulekeeper/rules/dice"

// CheckOptions is a roll a character makes against one of its own values.
type CheckOptions struct {
	Subject    Subject    `json:"subject"`
	Difficulty Difficulty `json:"difficulty,omitempty"`
	Bonus      int        `json:"bonus,omitempty"`
	Penalty    int        `json:"penalty,omitempty"`
	Mods       []Mod      `json:"mods,omitempty"`
	Pushed     bool       `json:"pushed,omitempty"` // this roll pushes a failed one
	Combat     bool       `json:"combat,omitempty"` // an attack or defence
	// Luck is the most Luck the player will spend to turn a failure into a success: when the roll fails and the
	// points needed are at most Luck (and the character has them), they are spent. 0 spends none.
	Luck int `json:"luck,omitempty"`
}

// Check rolls against the character's value for o.Subject. A success marks the skill for development (not when
// Luck bought it); Luck spent is taken from the sheet. Dead characters do not roll.
func (c *Character) Check(r dice.Roller, o CheckOptions) (*CheckResult, error) {
	if c.Has(Dead) {
		return nil, newError(ErrIsDead, "Name", c.Name)
	}
	if o.Luck < 0 || o.Luck > MaxLuck {
		return nil, newError(ErrBadAmount, "Amount", o.Luck, "Max", MaxLuck)
	}
	in, err := c.Input(o)
	if err != nil {
		return nil, err
	}
	res, err := Check(r, in)
	if err != nil {
		return nil, err
	}
	if !res.Success && o.Luck > 0 {
		if need, ok := res.LuckNeeded(); ok && need <= min(o.Luck, c.Luck) {
			if bought, err := SpendLuck(res, need); err == nil {
				res = bought
				c.Luck -= need
			}
		}
	}
	c.ApplyMarks(res)
	return res, nil
}

// Input is the CheckInput of a roll against the character's own value for o.Subject (for Opposed, Melee and
// Combined, which take plain inputs). o.Luck is not part of it.
func (c *Character) Input(o CheckOptions) (CheckInput, error) {
	v, err := c.Value(o.Subject)
	if err != nil {
		return CheckInput{}, err
	}
	return CheckInput{Subject: o.Subject, Value: v, Difficulty: o.Difficulty, Bonus: o.Bonus, Penalty: o.Penalty,
		Mods: o.Mods, Pushed: o.Pushed, Combat: o.Combat}, nil
}

// ApplyMarks gives a development mark to the skill of every result that earned one (CheckResult.Mark): use it for
// the character's side of Opposed, Melee, Shoot and Combined results. Nil results are skipped.
func (c *Character) ApplyMarks(results ...*CheckResult) {
	for _, res := range results {
		if res != nil && res.Mark {
			_, _ = c.Mark(res.Subject.Skill, res.Subject.Spec)
		}
	}
}

// Push rolls the pushed attempt of the character's failed roll prev (see Push) and marks the skill on a success.
func (c *Character) Push(r dice.Roller, prev *CheckResult) (*CheckResult, error) {
	if c.Has(Dead) {
		return nil, newError(ErrIsDead, "Name", c.Name)
	}
	res, err := Push(r, prev)
	if err != nil {
		return nil, err
	}
	c.ApplyMarks(res)
	return res, nil
}

// SpendLuck lowers the character's roll prev by points of Luck (see SpendLuck) and takes them from the sheet.
func (c *Character) SpendLuck(prev *CheckResult, points int) (*CheckResult, error) {
	if points > c.Luck {
		return nil, newError(ErrLuckNotEnough, "Want", points, "Have", c.Luck)
	}
	res, err := SpendLuck(prev, points)
	if err != nil {
		return nil, err
	}
	c.Luck -= points
	return res, nil
}
