package coc

import "rulekeeper/rules/dice"

// MasteryValue is the skill value whose reaching in development gives 2D6 SAN (§9, G6: on crossing only).
const MasteryValue = 90

// Improvement is one improvement check of the development phase.
type Improvement struct {
	Skill    Skill        `json:"skill"`
	Spec     string       `json:"spec,omitempty"`
	Before   int          `json:"before"`
	Roll     D100         `json:"roll"`
	Improved bool         `json:"improved"`       // the roll was over the skill, or 96+
	Gain     *dice.Result `json:"gain,omitempty"` // 1D10
	After    int          `json:"after"`
	Mastery  bool         `json:"mastery,omitempty"` // crossed 90: 2D6 SAN
	SAN      *dice.Result `json:"san,omitempty"`
}

// Development is the development phase of one character.
type Development struct {
	Improvements []Improvement `json:"improvements"`
	SANBefore    int           `json:"san_before"`
	SANAfter     int           `json:"san_after"`
}

// Improves reports whether an improvement roll raises a skill at value: over it, or 96 and up (E9.1, E9.2).
func Improves(roll, value int) bool { return roll > value || roll >= 96 }

// Develop makes an improvement check for every marked skill, in sheet order, and clears the marks (§9). Dice, per
// skill: a d100 (tens, units), 1D10 on an improvement, and 2D6 SAN (up to the maximum) when the skill goes from below
// 90 to 90 or more. Skills may pass 100.
func (c *Character) Develop(r dice.Roller) (*Development, error) {
	if c.Has(Dead) {
		return nil, newError(ErrIsDead, "Name", c.Name)
	}
	d := &Development{SANBefore: c.SAN}
	marked := false
	for i := range c.Skills {
		e := &c.Skills[i]
		if !e.Mark {
			continue
		}
		marked = true
		imp, err := c.improve(r, e)
		if err != nil {
			return nil, err
		}
		d.Improvements = append(d.Improvements, imp)
	}
	if !marked {
		return nil, newError(ErrNoMarks, "Name", c.Name)
	}
	d.SANAfter = c.SAN
	return d, nil
}

func (c *Character) improve(r dice.Roller, e *SkillEntry) (Improvement, error) {
	roll, err := rollPlain(r)
	if err != nil {
		return Improvement{}, err
	}
	imp := Improvement{Skill: e.ID, Spec: e.Spec, Before: e.Value, Roll: roll, After: e.Value}
	e.Mark = false
	if !Improves(roll.Value, e.Value) {
		return imp, nil
	}
	if imp.Gain, err = dice.Roll("1d10", r); err != nil {
		return Improvement{}, err
	}
	imp.Improved = true
	imp.After = min(MaxValue, e.Value+imp.Gain.Total)
	e.Value = imp.After
	if imp.Before < MasteryValue && imp.After >= MasteryValue {
		if imp.SAN, err = dice.Roll("2d6", r); err != nil {
			return Improvement{}, err
		}
		imp.Mastery = true
		c.SAN = min(c.MaxSAN(), c.SAN+imp.SAN.Total)
	}
	if e.ID == CthulhuMythos {
		c.SAN = min(c.SAN, c.MaxSAN())
	}
	return imp, nil
}

// LuckRecovery is a Luck recovery roll (§5.5).
type LuckRecovery struct {
	Roll     D100         `json:"roll"`
	Improved bool         `json:"improved"` // the roll was over Luck
	Gain     *dice.Result `json:"gain,omitempty"`
	Before   int          `json:"before"`
	After    int          `json:"after"` // at most 99
}

// RecoverLuck rolls d100 (tens, units); over the current Luck, 1D10 is added (Luck ≤ 99).
func (c *Character) RecoverLuck(r dice.Roller) (*LuckRecovery, error) {
	if c.Has(Dead) {
		return nil, newError(ErrIsDead, "Name", c.Name)
	}
	roll, err := rollPlain(r)
	if err != nil {
		return nil, err
	}
	res := &LuckRecovery{Roll: roll, Before: c.Luck, After: c.Luck}
	if roll.Value > c.Luck {
		if res.Gain, err = dice.Roll("1d10", r); err != nil {
			return nil, err
		}
		res.Improved = true
		c.Luck = min(MaxLuck, c.Luck+res.Gain.Total)
		res.After = c.Luck
	}
	return res, nil
}
