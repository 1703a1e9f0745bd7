package coc

import (
	"strings"

	"rulekeeper/rules/dice"
)

// Loss is a Sanity loss written "S/F": S lost on a success, F on a failure; each a number or dice notation.
type Loss struct {
	Success string `json:"success"`
	Failure string `json:"failure"`
}

// ParseLoss reads "0/1d6", "1/1D4+1", "1D10/1D100" (a full-width ／ works too).
func ParseLoss(s string) (Loss, error) {
	t := strings.ReplaceAll(strings.TrimSpace(s), "／", "/")
	succ, fail, ok := strings.Cut(t, "/")
	l := Loss{Success: strings.TrimSpace(succ), Failure: strings.TrimSpace(fail)}
	if !ok || l.Success == "" || l.Failure == "" || strings.Contains(l.Failure, "/") {
		return Loss{}, newError(ErrBadLoss, "Loss", s)
	}
	for _, n := range []string{l.Success, l.Failure} {
		e, err := dice.Parse(n)
		if err != nil {
			return Loss{}, err
		}
		if e.Comment() != "" || strings.ContainsAny(n, "<>=!") {
			return Loss{}, newError(ErrBadLoss, "Loss", s)
		}
	}
	return l, nil
}

// String is "S/F".
func (l Loss) String() string { return l.Success + "/" + l.Failure }

// SanityInput is a Sanity roll to make.
type SanityInput struct {
	Loss   string `json:"loss"`             // "0/1d6"
	Day    int    `json:"day"`              // the game day, for indefinite insanity (a number the Keeper advances)
	Mythos bool   `json:"mythos,omitempty"` // a Mythos horror: insanity raises Cthulhu Mythos (§6.3)
}

// SanityResult is a Sanity roll and everything it caused.
type SanityResult struct {
	Loss       Loss         `json:"loss"`
	Check      *CheckResult `json:"check"`              // d100 against SAN: no bonus or penalty dice, no Luck, no push
	Notation   string       `json:"notation"`           // the side of the loss that applied
	LossRoll   *dice.Result `json:"loss_roll"`          // its roll (every die at its maximum on a fumble)
	MaxLoss    bool         `json:"max_loss,omitempty"` // a fumble: the failure loss at its maximum
	Lost       int          `json:"lost"`               // SAN lost (never more than there was)
	Before     int          `json:"before"`
	After      int          `json:"after"`
	Day        SanDay       `json:"day"`           // the day's tally after the roll
	DayLimit   int          `json:"day_limit"`     // a day's loss reaching it means indefinite insanity: ⌊start/5⌋, at least 1
	INT        *CheckResult `json:"int,omitempty"` // the INT roll after 5 or more lost at once
	Temporary  bool         `json:"temporary,omitempty"`
	Hours      *dice.Result `json:"hours,omitempty"` // 1d10 hours of temporary insanity
	Indefinite bool         `json:"indefinite,omitempty"`
	Permanent  bool         `json:"permanent,omitempty"` // SAN 0
	Bout       bool         `json:"bout,omitempty"`      // a bout of madness starts (see RollBout)
	Mythos     int          `json:"mythos,omitempty"`    // Cthulhu Mythos gained
	MaxSAN     int          `json:"max_san"`             // after the roll
}

// Sanity makes a Sanity roll (§6). Dice, in order: the SAN roll (tens, units), the loss dice (none on a fumble: the
// failure loss counts at its maximum), then after 5+ lost the INT roll (tens, units) and, on its success, 1d10 hours
// of temporary insanity. A loss that brings the day's total to ⌊SAN at the day's first loss / 5⌋ (at least 1) makes
// the investigator indefinitely insane (no INT roll); SAN 0 is permanent insanity; any loss while already insane
// starts a bout (FV). A Mythos insanity adds 5 Cthulhu Mythos the first time, then 1, and lowers SAN to the new
// maximum.
func (c *Character) Sanity(r dice.Roller, in SanityInput) (*SanityResult, error) {
	if c.Has(Dead) {
		return nil, newError(ErrIsDead, "Name", c.Name)
	}
	loss, err := ParseLoss(in.Loss)
	if err != nil {
		return nil, err
	}
	if err := checkDay(in.Day); err != nil {
		return nil, err
	}
	check, err := Check(r, CheckInput{Subject: Subject{San: true}, Value: c.SAN})
	if err != nil {
		return nil, err
	}
	res := &SanityResult{Loss: loss, Check: check, Notation: loss.Failure, Before: c.SAN}
	if check.Success {
		res.Notation = loss.Success
	}
	if check.Level == Fumble {
		res.MaxLoss = true
		res.LossRoll, err = rollMax(res.Notation)
	} else {
		res.LossRoll, err = dice.Roll(res.Notation, r)
	}
	if err != nil {
		return nil, err
	}
	res.Lost = min(max(res.LossRoll.Total, 0), c.SAN)
	if err := c.applyLoss(r, in, res); err != nil {
		return nil, err
	}
	res.After, res.MaxSAN = c.SAN, c.MaxSAN()
	return res, nil
}

// applyLoss takes the loss off SAN, keeps the day's tally and decides the insanity.
func (c *Character) applyLoss(r dice.Roller, in SanityInput, res *SanityResult) error {
	wasInsane := c.Insane()
	if c.SanDay.Day != in.Day || c.SanDay.Lost == 0 {
		c.SanDay = SanDay{Day: in.Day, Start: c.SAN}
	}
	c.SAN -= res.Lost
	c.SanDay.Lost += res.Lost
	res.Day = c.SanDay
	res.DayLimit = max(1, c.SanDay.Start/5)
	crossed := res.Lost > 0 && c.SanDay.Lost >= res.DayLimit && c.SanDay.Lost-res.Lost < res.DayLimit
	switch {
	case res.Lost == 0:
	case c.SAN == 0:
		res.Permanent = c.add(InsanityPermanent)
		res.Bout = true
	case crossed && !c.Has(InsanityIndefinite):
		res.Indefinite, res.Bout = true, true
		c.RemoveCondition(InsanityTemporary)
		_, _ = c.AddCondition(ActiveCondition{ID: InsanityIndefinite, Day: in.Day})
	case wasInsane:
		res.Bout = true
	case res.Lost >= 5:
		if err := c.intRoll(r, in.Day, res); err != nil {
			return err
		}
	}
	if in.Mythos && (res.Temporary || res.Indefinite) {
		res.Mythos = 5
		if c.MythosInsanities > 0 {
			res.Mythos = 1
		}
		c.MythosInsanities++
		_ = c.SetSkill(CthulhuMythos, "", min(MaxValue, c.Mythos()+res.Mythos))
	}
	return nil
}

// intRoll is the INT roll after 5 or more SAN lost at once: a success means temporary insanity for 1d10 hours.
func (c *Character) intRoll(r dice.Roller, day int, res *SanityResult) error {
	check, err := Check(r, CheckInput{Subject: CharSubject(INT), Value: c.Scores.INT})
	if err != nil {
		return err
	}
	res.INT = check
	if !check.Success {
		return nil
	}
	hours, err := dice.Roll("1d10", r)
	if err != nil {
		return err
	}
	res.Temporary, res.Bout, res.Hours = true, true, hours
	_, _ = c.AddCondition(ActiveCondition{ID: InsanityTemporary, Day: day, Hours: hours.Total})
	return nil
}

// GainSanity adds SAN up to the maximum (99 − Cthulhu Mythos); it returns the SAN gained.
func (c *Character) GainSanity(amount int) (int, error) {
	if amount < 0 || amount > MaxValue {
		return 0, newError(ErrBadAmount, "Amount", amount, "Max", MaxValue)
	}
	before := c.SAN
	c.SAN = min(c.MaxSAN(), c.SAN+amount)
	return c.SAN - before, nil
}

// BoutMode is how a bout of madness is played: in real time (1D10 rounds) or summarised (1D10 hours).
type BoutMode string

// The two modes.
const (
	BoutRealtime BoutMode = "realtime"
	BoutSummary  BoutMode = "summary"
)

// Key is the catalog key of the mode ("coc.bout.realtime").
func (m BoutMode) Key() string {
	switch m {
	case BoutRealtime:
		return "coc.bout.realtime"
	case BoutSummary:
		return "coc.bout.summary"
	}
	return ""
}

// Bout is a bout of madness: how long it lasts (rounds in real time, hours summarised) and an entry number 1–10 for
// the Keeper's own table (no table ships with rulekeeper).
type Bout struct {
	Mode     BoutMode     `json:"mode"`
	Duration *dice.Result `json:"duration"` // 1d10
	Entry    *dice.Result `json:"entry"`    // 1d10
}

// RollBout rolls a bout's duration, then its entry number.
func RollBout(r dice.Roller, mode BoutMode) (*Bout, error) {
	if mode.Key() == "" {
		return nil, newError(ErrBadBoutMode, "Mode", string(mode))
	}
	d, err := dice.Roll("1d10", r)
	if err != nil {
		return nil, err
	}
	e, err := dice.Roll("1d10", r)
	if err != nil {
		return nil, err
	}
	return &Bout{Mode: mode, Duration: d, Entry: e}, nil
}
