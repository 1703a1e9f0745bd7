package coc

import "rulekeeper/rules/dice"

// MaxValue is the highest value a roll may be made against (skills may pass 100 through development).
const MaxValue = 999

// CheckInput is one d100 roll to make.
type CheckInput struct {
	Subject     Subject    `json:"subject"`
	Value       int        `json:"value"` // the skill or characteristic value, 0–MaxValue
	Difficulty  Difficulty `json:"difficulty,omitempty"`
	Bonus       int        `json:"bonus,omitempty"`       // bonus dice asked for
	Penalty     int        `json:"penalty,omitempty"`     // penalty dice asked for
	Mods        []Mod      `json:"mods,omitempty"`        // circumstances, one die each (clamped, never an error)
	Pushed      bool       `json:"pushed,omitempty"`      // this roll pushes a failed one
	Combat      bool       `json:"combat,omitempty"`      // an attack or defence: never pushed
	Malfunction int        `json:"malfunction,omitempty"` // firearm: a roll at or above it jams (0 = none)
}

// CheckResult is a rolled d100 check: the input, every die, the numbers it was judged against and the verdict.
type CheckResult struct {
	CheckInput
	Net         int        `json:"net"`               // dice used: > 0 bonus, < 0 penalty
	Clamped     bool       `json:"clamped,omitempty"` // modifiers went past MaxDice
	Thresholds  Thresholds `json:"thresholds"`
	Target      int        `json:"target"`      // the highest roll that meets the difficulty
	FumbleFrom  int        `json:"fumble_from"` // 96 or 100
	Roll        D100       `json:"roll"`
	LuckSpent   int        `json:"luck_spent,omitempty"`
	Final       int        `json:"final"`                  // the roll less the Luck spent
	RolledLevel Level      `json:"rolled_level,omitempty"` // the level before Luck was spent (only when some was)
	Level       Level      `json:"level"`                  // the achieved level
	Success     bool       `json:"success"`                // the level meets the difficulty (and the weapon did not jam)
	Jammed      bool       `json:"jammed,omitempty"`       // the roll reached the malfunction number
	Consequence bool       `json:"consequence,omitempty"`  // a failed pushed roll: the Keeper's dire consequence follows
	Mark        bool       `json:"mark,omitempty"`         // the skill earns a development mark
}

func (in CheckInput) validate() error {
	if err := in.Subject.validate(); err != nil {
		return err
	}
	if in.Value < 0 || in.Value > MaxValue {
		return newError(ErrBadValue, "Value", in.Value, "Max", MaxValue)
	}
	if !in.Difficulty.Valid() {
		return newError(ErrBadDifficulty, "Difficulty", string(in.Difficulty))
	}
	if in.Malfunction < 0 || in.Malfunction > 100 {
		return newError(ErrBadMalfunction, "Weapon", "", "Malfunction", in.Malfunction)
	}
	if in.Subject.San && (in.Bonus > 0 || in.Penalty > 0 || len(in.Mods) > 0) {
		return newError(ErrBadDice, "Bonus", in.Bonus, "Penalty", in.Penalty, "Max", 0)
	}
	if in.Pushed && (in.Combat || !in.Subject.Pushable()) {
		return newError(ErrNoPush, "Subject", in.Subject.String())
	}
	return nil
}

// Check rolls a d100 check. Dice: see D100 (tens, units, then the extra tens dice).
func Check(r dice.Roller, in CheckInput) (*CheckResult, error) {
	in.Difficulty = in.Difficulty.norm()
	if err := in.validate(); err != nil {
		return nil, err
	}
	net, clamped, err := netDice(in.Bonus, in.Penalty, in.Mods)
	if err != nil {
		return nil, err
	}
	roll, err := RollD100(r, net)
	if err != nil {
		return nil, err
	}
	res := &CheckResult{CheckInput: in, Net: net, Clamped: clamped, Roll: roll}
	res.judge(roll.Value)
	res.Jammed = in.Malfunction > 0 && roll.Value >= in.Malfunction
	if res.Jammed {
		res.Success = false
	}
	res.Consequence = in.Pushed && !res.Success
	res.Mark = res.Success && in.Subject.Markable()
	return res, nil
}

// judge sets the thresholds and the verdict for a final value.
func (res *CheckResult) judge(final int) {
	res.Thresholds = ThresholdsOf(res.Value)
	res.Target = res.Difficulty.Target(res.Value)
	res.FumbleFrom = FumbleFrom(res.Target)
	res.Final = final
	res.Level, res.Success = Judge(final, res.Value, res.Difficulty)
}

// Push rolls the second and final attempt of a failed roll (§5.4): same subject, value, difficulty and dice. It
// refuses a success, a fumble, a roll already pushed, one on which Luck was spent, and subjects that are never
// pushed (combat, Sanity, Luck, Cthulhu Mythos).
func Push(r dice.Roller, prev *CheckResult) (*CheckResult, error) {
	switch {
	case prev.Success:
		return nil, newError(ErrPushSucceeded)
	case prev.Pushed:
		return nil, newError(ErrPushTwice)
	case prev.LuckSpent > 0:
		return nil, newError(ErrPushAfterLuck)
	case prev.Level == Fumble:
		return nil, newError(ErrPushFumble)
	}
	in := prev.CheckInput
	in.Pushed = true
	return Check(r, in)
}

// luckAllowed checks that Luck may be spent on the roll at all.
func (res *CheckResult) luckAllowed() error {
	switch {
	case !res.Subject.LuckAllowed():
		return newError(ErrNoLuck, "Subject", res.Subject.String())
	case res.Pushed:
		return newError(ErrLuckPushed)
	case res.Jammed:
		return newError(ErrLuckMalfunction)
	case res.rolledLevel() == Fumble:
		return newError(ErrLuckFumble)
	case res.Level == Critical:
		return newError(ErrLuckUseless)
	}
	return nil
}

func (res *CheckResult) rolledLevel() Level {
	if res.RolledLevel != "" {
		return res.RolledLevel
	}
	return res.Level
}

// LuckCost is the Luck that lowers the roll to level l (regular, hard or extreme); ok is false when Luck cannot be
// spent on this roll or cannot reach l (a critical is never bought, G5). A roll already at l or better costs 0.
func (res *CheckResult) LuckCost(l Level) (cost int, ok bool) {
	if res.luckAllowed() != nil {
		return 0, false
	}
	var t int
	switch l {
	case Regular:
		t = res.Thresholds.Regular
	case Hard:
		t = res.Thresholds.Hard
	case Extreme:
		t = res.Thresholds.Extreme
	default:
		return 0, false
	}
	if res.Final <= t {
		return 0, true
	}
	if t < 2 {
		return 0, false
	}
	return res.Final - t, true
}

// LuckNeeded is the Luck that turns the roll into a success at its difficulty (0 for a success).
func (res *CheckResult) LuckNeeded() (int, bool) {
	if res.Success {
		return 0, true
	}
	return res.LuckCost(res.Difficulty.Level())
}

// SpendLuck returns the roll lowered by points of Luck (§5.5): never on Luck, Sanity or pushed rolls, fumbles or
// jams, and never down to 01. A success bought with Luck earns no development mark; the caller deducts the Luck.
func SpendLuck(res *CheckResult, points int) (*CheckResult, error) {
	if err := res.luckAllowed(); err != nil {
		return nil, err
	}
	most := res.Final - 2
	if points < 1 {
		return nil, newError(ErrBadAmount, "Amount", points, "Max", most)
	}
	if points > most {
		return nil, newError(ErrLuckTooMuch, "Amount", points, "Max", most)
	}
	out := *res
	out.RolledLevel = res.rolledLevel()
	out.LuckSpent += points
	out.judge(res.Final - points)
	return &out, nil
}
