package bot

import (
	"strconv"
	"strings"

	"rulekeeper/locales"
	"rulekeeper/play"
	"rulekeeper/rules/coc"
)

// /check for a Call of Cthulhu character: skill: is a skill (any language, "language_other:Latin" for a
// specialisation), a characteristic, Luck or SAN; difficulty:, bonus_dice:, penalty_dice: and luck: (the most Luck
// to spend should the roll fail) shape a new roll; push:true pushes the character's last roll of that skill. A
// failed roll's reply carries a "Push" button and a "Spend N Luck" button (custom ids coc:push:<id>:<seq> and
// coc:luck:<id>:<seq>:<points>: the character's record id and the roll's number on its sheet).

// The /check options only a Call of Cthulhu roll reads, and the ones it refuses.
var (
	checkOnlyCoC = []string{"difficulty", "bonus_dice", "penalty_dice", "push", "luck", "also", "need"}
	checkNotCoC  = []string{"mode", "bonus", "dc"}
)

// cocDifficulties are the difficulty: choices.
var cocDifficulties = []string{string(coc.DifficultyRegular), string(coc.DifficultyHard), string(coc.DifficultyExtreme), string(coc.DifficultyCritical)}

// cocDiceOptions are bonus_dice: and penalty_dice: (up to two each; they cancel one for one).
func cocDiceOptions() []*Option {
	return []*Option{
		{Name: "bonus_dice", Type: Integer, Min: Bound(0), Max: Bound(coc.MaxDice)},
		{Name: "penalty_dice", Type: Integer, Min: Bound(0), Max: Bound(coc.MaxDice)},
	}
}

// cocCheckOptions are /check's Call of Cthulhu options.
func cocCheckOptions() []*Option {
	opts := []*Option{{Name: "difficulty", Type: String, Choices: cocDifficulties}}
	opts = append(opts, cocDiceOptions()...)
	opts = append(opts, &Option{Name: "push", Type: Boolean},
		&Option{Name: "luck", Type: Integer, Min: Bound(0), Max: Bound(coc.MaxLuck)})
	return append(opts, cocCombinedOptions()...) // also:, need: (checkcombined.go)
}

// readCheckCoC reads /check's options as a Call of Cthulhu roll.
func readCheckCoC(req *Request) (r play.Reading[play.CheckCoC]) {
	if r.Err = refuseOptions(req, systemCoC, checkNotCoC); r.Err != nil {
		return r
	}
	subject, err := parseCoCSubject(req.Str("skill"))
	if err != nil {
		r.Err = err
		return r
	}
	o := coc.CheckOptions{Subject: subject, Difficulty: coc.Difficulty(req.Str("difficulty")),
		Bonus: req.Int("bonus_dice", 0), Penalty: req.Int("penalty_dice", 0), Luck: req.Int("luck", 0)}
	if req.Bool("push") {
		for _, name := range []string{"difficulty", "bonus_dice", "penalty_dice", "luck"} {
			if req.Has(name) {
				r.Err = Errorf("cthulhu.err.push_options", "Option", name)
				return r
			}
		}
	}
	r.In = play.CheckCoC{Options: o, Push: req.Bool("push")}
	r.Err = readCombinedCoC(req, &r.In) // checkcombined.go
	return r
}

// cocCheckResult is the JSON of a Call of Cthulhu /check (and of its Push and Spend Luck buttons).
type cocCheckResult struct {
	Character  string           `json:"character"`
	Subject    string           `json:"subject"` // a skill, characteristic, "luck" or "san" ("language_other:Latin")
	Value      int              `json:"value"`
	Difficulty coc.Difficulty   `json:"difficulty"`
	Roll       int              `json:"roll"` // the d100 kept, after any Luck spent
	Level      coc.Level        `json:"level"`
	Success    bool             `json:"success"` // the level meets the difficulty
	Pushed     bool             `json:"pushed,omitempty"`
	LuckSpent  int              `json:"luck_spent,omitempty"`
	Luck       int              `json:"luck"` // the character's Luck after the roll
	Mark       bool             `json:"mark,omitempty"`
	Seq        int              `json:"seq"`    // the roll's number on the sheet (its buttons carry it)
	Chance     float64          `json:"chance"` // of success at the difficulty, before the roll
	Odds       *coc.Odds        `json:"odds"`   // exact, before the roll (bonus and penalty dice included)
	Detail     *coc.CheckResult `json:"detail"`
	Before     *coc.CheckResult `json:"before,omitempty"` // the roll a push or Luck followed
	// Consequence: a failed pushed roll; the Keeper's dire consequence follows.
	Consequence bool     `json:"consequence,omitempty"`
	Buttons     []string `json:"buttons,omitempty"` // the custom ids of the reply's buttons
}

// cocRollReply renders a CoC roll: the dice, the numbers it was judged against, Luck, the level, the development
// mark, the exact odds, and the buttons that may follow a failure.
func cocRollReply(req *Request, roll *play.RollCoC) *Reply {
	c, res := roll.Character, roll.Roll
	out := cocCheckResult{Character: c.Name, Subject: res.Subject.String(), Value: res.Value,
		Difficulty: res.Difficulty, Roll: res.Final, Level: res.Level, Success: res.Success, Pushed: res.Pushed,
		LuckSpent: res.LuckSpent, Luck: c.Luck, Mark: res.Mark, Seq: roll.Seq, Odds: roll.Odds, Detail: res, Before: roll.Before,
		Consequence: res.Consequence}
	if out.Difficulty == "" {
		out.Difficulty = coc.DifficultyRegular
	}
	if roll.Odds != nil {
		out.Chance = chanceFloat(roll.Odds.Success)
	}
	what := subjectName(req, res.Subject)
	lines := cocCheckLines(req, res, roll.Before)
	lines = append(lines, cocOddsLine(req, roll.Odds))
	r := &Reply{Title: req.T("cthulhu.check.title", "Name", c.Name, "Subject", what, "Value", res.Value),
		Body: strings.Join(lines, "\n"), Footer: c.Name, Tone: cocTone(res)}
	r.Buttons = cocButtons(req, roll)
	for _, b := range r.Buttons {
		out.Buttons = append(out.Buttons, b.CustomID)
	}
	r.Result = out
	return r
}

// cocTone colours a roll: critical, success, failure.
func cocTone(res *coc.CheckResult) Tone {
	switch {
	case res.Level == coc.Critical:
		return ToneCritical
	case res.Success:
		return ToneSuccess
	}
	return ToneFailure
}

// cocCheckLines are a roll's dice, thresholds, Luck, push and verdict.
func cocCheckLines(req *Request, res *coc.CheckResult, before *coc.CheckResult) []string {
	var lines []string
	if res.Pushed && before != nil {
		lines = append(lines, req.T("cthulhu.check.pushed", "Before", before.Final))
	}
	lines = append(lines, cocDiceLine(req, res.Roll))
	t := res.Thresholds
	lines = append(lines, req.T("cthulhu.check.thresholds", "Regular", t.Regular, "Hard", t.Hard, "Extreme", t.Extreme))
	if d := res.Difficulty; d != "" && d != coc.DifficultyRegular {
		lines = append(lines, req.T("cthulhu.check.difficulty", "Difficulty", req.T(d.Key()), "Target", res.Target))
	}
	if res.LuckSpent > 0 {
		lines = append(lines, req.T("cthulhu.check.luck_spent", "Luck", res.LuckSpent, "Roll", res.Final))
	}
	verdict := "**" + req.T(res.Level.Key()) + "**"
	if res.Level.Success() && !res.Success {
		verdict = req.T("cthulhu.check.short", "Level", verdict, "Difficulty", req.T(res.Difficulty.Key()))
	}
	lines = append(lines, verdict)
	if res.Consequence {
		lines = append(lines, req.T("cthulhu.check.consequence"))
	}
	if res.Mark {
		lines = append(lines, req.T("cthulhu.check.mark"))
	}
	return lines
}

// cocDiceLine is the d100: "d100: **44**", or with bonus or penalty dice every candidate and the one kept.
func cocDiceLine(req *Request, d coc.D100) string {
	if len(d.Extra) == 0 {
		return req.T("cthulhu.check.roll", "Value", d.Value)
	}
	cands := make([]string, len(d.Candidates))
	for i, c := range d.Candidates {
		cands[i] = strconv.Itoa(c)
	}
	key := "cthulhu.check.roll_bonus"
	if d.Net < 0 {
		key = "cthulhu.check.roll_penalty"
	}
	return req.T(key, "Count", len(d.Extra), "Candidates", req.P.List(cands), "Value", d.Value)
}

// cocOddsLine is the exact chances of a roll: success at its difficulty, then each level.
func cocOddsLine(req *Request, o *coc.Odds) string {
	if o == nil {
		return ""
	}
	var levels []string
	for _, l := range coc.Levels() {
		if l == coc.Failure {
			continue
		}
		levels = append(levels, req.T(l.Key())+" "+chanceStr(req.P, o.Level(l)))
	}
	return req.T("cthulhu.odds", "Success", chanceStr(req.P, o.Success), "Levels", req.P.List(levels))
}

// chanceFloat is an exact chance as a number rounded to 4 places (the JSON's chance).
func chanceFloat(c coc.Chance) float64 { return chance(int(c.Num), int(c.Den)) }

// chanceStr renders an exact chance: "50% (1/2)"; no fraction for 0 and 1.
func chanceStr(p *locales.Printer, c coc.Chance) string {
	rat := c.String()
	if c.Num == 0 || c.Num == c.Den {
		rat = ""
	}
	return chanceText(p, c.Float(), rat)
}

// cocButtons are the buttons of a failed roll: Push (when it may be pushed) and Spend Luck (when the character has
// the Luck that turns it into a success).
func cocButtons(req *Request, roll *play.RollCoC) []Button {
	res, c := roll.Roll, roll.Character
	if res.Success || res.Jammed {
		return nil
	}
	id := roll.CharacterID + ":" + strconv.Itoa(roll.Seq)
	var out []Button
	if res.Subject.Pushable() && !res.Pushed && res.LuckSpent == 0 && res.Level != coc.Fumble && !res.Combat {
		out = append(out, Button{Label: req.T("cthulhu.button.push"), CustomID: "coc:push:" + id, Style: ButtonDanger})
	}
	if need, ok := res.LuckNeeded(); ok && need > 0 && need <= c.Luck && !res.Pushed {
		out = append(out, Button{Label: req.T("cthulhu.button.luck", "Luck", need),
			CustomID: "coc:luck:" + id + ":" + strconv.Itoa(need), Style: ButtonPrimary})
	}
	return out
}

// cocButton answers the Push and Spend Luck buttons.
func (b *Bot) cocButton(req *Request) (*Reply, error) {
	parts := strings.Split(req.CustomID, ":")
	bad := Errorf("core.err.unknown_component")
	if len(parts) < 4 {
		return nil, bad
	}
	seq, err := strconv.Atoi(parts[3])
	if err != nil {
		return nil, bad
	}
	var roll *play.RollCoC
	switch {
	case parts[1] == "push" && len(parts) == 4:
		roll, err = b.cfg.Table.CoCPush(req.Ctx, req.caller(), parts[2], seq, req.Dice)
	case parts[1] == "luck" && len(parts) == 5:
		points, perr := strconv.Atoi(parts[4])
		if perr != nil {
			return nil, bad
		}
		roll, err = b.cfg.Table.CoCSpendLuck(req.Ctx, req.caller(), parts[2], seq, points)
	default:
		return nil, bad
	}
	if err != nil {
		return nil, err
	}
	return cocRollReply(req, roll), nil
}
