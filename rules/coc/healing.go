package coc

import "rulekeeper/rules/dice"

// HealResult is what a First Aid, Medicine or natural-healing step did (§7.6).
type HealResult struct {
	Aid             *CheckResult `json:"aid,omitempty"`  // the healer's First Aid or Medicine roll, or the weekly CON roll
	Roll            *dice.Result `json:"roll,omitempty"` // the HP rolled (1D3, 2D3)
	Healed          int          `json:"healed"`
	Before          int          `json:"before"`
	After           int          `json:"after"`
	Woke            bool         `json:"woke,omitempty"`
	Stabilised      bool         `json:"stabilised,omitempty"`
	MajorWoundEnded bool         `json:"major_wound_ended,omitempty"`
	Complication    bool         `json:"complication,omitempty"` // a fumbled weekly roll: the Keeper adds a lasting complication
}

// heal adds HP up to the maximum; above 0 the character is no longer dying, and at half of max HP or more the
// major wound ends.
func (c *Character) heal(res *HealResult, amount int) {
	res.Before = c.HP
	c.HP = min(c.MaxHP, c.HP+amount)
	res.Healed, res.After = c.HP-res.Before, c.HP
	if c.HP > 0 {
		c.RemoveCondition(Dying)
	}
	if 2*c.HP >= c.MaxHP && c.RemoveCondition(MajorWound) {
		res.MajorWoundEnded = true
	}
}

func (c *Character) aidFrom(aid *CheckResult, want Skill) (*HealResult, error) {
	if c.Has(Dead) {
		return nil, newError(ErrIsDead, "Name", c.Name)
	}
	if aid == nil || aid.Subject.Skill != want {
		skill := ""
		if aid != nil {
			skill = string(aid.Subject.Skill)
		}
		return nil, newError(ErrWrongSkill, "Skill", skill, "Want", string(want))
	}
	return &HealResult{Aid: aid, Before: c.HP, After: c.HP}, nil
}

// FirstAid applies a healer's First Aid roll: a success gives 1 HP, wakes the character and stabilises a dying one
// (Stable: Medicine should follow). A failure changes nothing.
func (c *Character) FirstAid(aid *CheckResult) (*HealResult, error) {
	res, err := c.aidFrom(aid, FirstAidSkill)
	if err != nil || !aid.Success {
		return res, err
	}
	wasDying := c.Has(Dying)
	c.heal(res, 1)
	if wasDying {
		c.add(Stable)
		res.Stabilised = true
	}
	res.Woke = c.RemoveCondition(Unconscious)
	return res, nil
}

// Medicine applies a healer's Medicine roll: a success gives 1D3 HP (rolled after the healer's roll), wakes the
// character and ends Stable.
func (c *Character) Medicine(r dice.Roller, aid *CheckResult) (*HealResult, error) {
	res, err := c.aidFrom(aid, MedicineSkill)
	if err != nil || !aid.Success {
		return res, err
	}
	if res.Roll, err = dice.Roll("1d3", r); err != nil {
		return nil, err
	}
	c.heal(res, res.Roll.Total)
	c.RemoveCondition(Stable)
	res.Woke = c.RemoveCondition(Unconscious)
	return res, nil
}

// Heal gives amount HP at the Keeper's word (no roll), up to the maximum, with the same effects as other healing.
func (c *Character) Heal(amount int) (*HealResult, error) {
	if c.Has(Dead) {
		return nil, newError(ErrIsDead, "Name", c.Name)
	}
	if amount < 0 || amount > MaxPool {
		return nil, newError(ErrBadAmount, "Amount", amount, "Max", MaxPool)
	}
	res := &HealResult{}
	c.heal(res, amount)
	return res, nil
}

// MaxRestDays is the most days of natural healing applied at once.
const MaxRestDays = 366

// Rest is natural healing without a major wound: 1 HP per day (E7.10). With a major wound, use WeeklyHealing.
func (c *Character) Rest(days int) (*HealResult, error) {
	if c.Has(Dead) {
		return nil, newError(ErrIsDead, "Name", c.Name)
	}
	if days < 1 || days > MaxRestDays {
		return nil, newError(ErrBadDays, "Days", days, "Max", MaxRestDays)
	}
	if c.Has(MajorWound) {
		return nil, newError(ErrHasMajorWound, "Name", c.Name)
	}
	res := &HealResult{}
	c.heal(res, days)
	return res, nil
}

// WeeklyHealing is a week's healing roll with a major wound (E7.11): a CON roll (with bonus dice for good care,
// penalty dice for poor conditions). Failure: nothing; success: 1D3 HP; extreme or critical: 2D3 HP and the major
// wound ends; fumble: a complication for the Keeper. Dice: the CON roll, then the HP dice.
func (c *Character) WeeklyHealing(r dice.Roller, bonus, penalty int) (*HealResult, error) {
	if c.Has(Dead) {
		return nil, newError(ErrIsDead, "Name", c.Name)
	}
	if !c.Has(MajorWound) {
		return nil, newError(ErrNoMajorWound, "Name", c.Name)
	}
	con, err := Check(r, CheckInput{Subject: CharSubject(CON), Value: c.Scores.CON, Bonus: bonus, Penalty: penalty})
	if err != nil {
		return nil, err
	}
	res := &HealResult{Aid: con, Before: c.HP, After: c.HP, Complication: con.Level == Fumble}
	if !con.Success {
		return res, nil
	}
	n := "1d3"
	if con.Level.Rank() >= Extreme.Rank() {
		n = "2d3"
	}
	if res.Roll, err = dice.Roll(n, r); err != nil {
		return nil, err
	}
	c.heal(res, res.Roll.Total)
	if n == "2d3" && c.RemoveCondition(MajorWound) {
		res.MajorWoundEnded = true
	}
	return res, nil
}
