package coc

import (
	"slices"

	"rulekeeper/rules/dice"
)

// DeathRule says when one hit kills outright (G2).
type DeathRule string

// The rules: classic (damage above max HP) and Pulp (damage of max HP or more).
const (
	DeathClassic DeathRule = "classic"
	DeathPulp    DeathRule = "pulp"
)

// Key is the catalog key of the rule ("coc.death.classic").
func (d DeathRule) Key() string {
	switch d {
	case DeathClassic, "":
		return "coc.death.classic"
	case DeathPulp:
		return "coc.death.pulp"
	}
	return ""
}

// WoundResult is what one hit did to a character (§7.5).
type WoundResult struct {
	Damage      int          `json:"damage"` // after armour
	Before      int          `json:"before"`
	After       int          `json:"after"`
	MaxHP       int          `json:"max_hp"`
	MajorWound  bool         `json:"major_wound,omitempty"` // this hit was a major wound
	CON         *CheckResult `json:"con,omitempty"`         // the roll to stay conscious after a major wound
	Unconscious bool         `json:"unconscious,omitempty"` // fell unconscious from this hit
	Dying       bool         `json:"dying,omitempty"`       // began dying: at 0 HP with a major wound
	Dead        bool         `json:"dead,omitempty"`        // killed outright (or already dead: nothing changed)
	Added       []Condition  `json:"added,omitempty"`       // conditions this hit added
}

// TakeDamage applies one hit's damage, already net of armour (E7.9). Damage above max HP kills (≥ under DeathPulp).
// Half of max HP or more is a major wound: prone, and a CON roll (tens, units) or unconscious. At 0 HP a character
// with a major wound is dying and unconscious; without one, only unconscious. Damage to the dead changes nothing.
func (c *Character) TakeDamage(r dice.Roller, amount int, rule DeathRule) (*WoundResult, error) {
	if amount < 0 || amount > MaxPool {
		return nil, newError(ErrBadAmount, "Amount", amount, "Max", MaxPool)
	}
	if rule.Key() == "" {
		return nil, newError(ErrBadDeathRule, "Rule", string(rule))
	}
	res := &WoundResult{Damage: amount, Before: c.HP, MaxHP: c.MaxHP}
	add := func(id Condition) {
		if c.add(id) {
			res.Added = append(res.Added, id)
		}
	}
	switch {
	case c.Has(Dead):
		res.After, res.Dead = c.HP, true
		return res, nil
	case amount > c.MaxHP || (rule == DeathPulp && amount >= c.MaxHP):
		c.HP = 0
		c.RemoveCondition(Dying)
		c.RemoveCondition(Stable)
		add(Dead)
		res.Dead = true
		return res, nil
	case amount == 0:
		res.After = c.HP
		return res, nil
	}
	c.HP = max(0, c.HP-amount)
	res.After = c.HP
	if 2*amount >= c.MaxHP {
		res.MajorWound = true
		add(MajorWound)
		add(Prone)
	}
	switch {
	case c.HP == 0 && c.Has(MajorWound):
		c.RemoveCondition(Stable)
		add(Dying)
		add(Unconscious)
	case c.HP == 0:
		add(Unconscious)
	case res.MajorWound && !c.Has(Unconscious):
		con, err := Check(r, CheckInput{Subject: CharSubject(CON), Value: c.Scores.CON})
		if err != nil {
			return nil, err
		}
		res.CON = con
		if !con.Success {
			add(Unconscious)
		}
	}
	res.Unconscious = slices.Contains(res.Added, Unconscious)
	res.Dying = slices.Contains(res.Added, Dying)
	return res, nil
}

// DyingResult is a dying character's CON roll.
type DyingResult struct {
	CON  *CheckResult `json:"con"`
	Dead bool         `json:"dead,omitempty"`
}

// DyingRoll is the CON roll a dying character makes at the end of each round (or a stabilised one when Medicine
// comes too late): a failure means death.
func (c *Character) DyingRoll(r dice.Roller) (*DyingResult, error) {
	if c.Has(Dead) {
		return nil, newError(ErrIsDead, "Name", c.Name)
	}
	if !c.Has(Dying) && !c.Has(Stable) {
		return nil, newError(ErrNotDying, "Name", c.Name)
	}
	con, err := Check(r, CheckInput{Subject: CharSubject(CON), Value: c.Scores.CON})
	if err != nil {
		return nil, err
	}
	res := &DyingResult{CON: con}
	if !con.Success {
		res.Dead = true
		c.HP = 0
		c.RemoveCondition(Dying)
		c.RemoveCondition(Stable)
		c.add(Dead)
	}
	return res, nil
}
