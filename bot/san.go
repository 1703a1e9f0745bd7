package bot

import (
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/coc"
)

// /san loss:S/F: a Call of Cthulhu Sanity roll (coc digest §6) on the acting character: the d100 against SAN, the
// loss (a fumble loses the maximum), the INT roll after 5 or more lost at once (temporary insanity for 1D10 hours),
// indefinite insanity when the game day's losses reach a fifth of the day's first SAN, permanent insanity at 0, and a
// bout of madness when one starts (its duration and an entry number for the Keeper's own table).

func (b *Bot) sanCommand() *Command {
	return &Command{
		Name: "san",
		Options: []*Option{
			{Name: "loss", Type: String, Required: true, MinLen: 3, MaxLen: 100},
			{Name: "mythos", Type: Boolean},
			{Name: "bout", Type: String, Choices: []string{string(coc.BoutRealtime), string(coc.BoutSummary)}},
			b.characterOption(),
		},
		Handler:  b.san,
		Examples: []string{"/san loss:0/1d6", "/san loss:1/1d10 mythos:true", "/san loss:1d3/1d10 bout:summary character:Ada"},
	}
}

// sanResult is the JSON of /san.
type sanResult struct {
	Character  string            `json:"character"`
	Loss       string            `json:"loss"`
	Level      coc.Level         `json:"level"`
	Success    bool              `json:"success"`
	Lost       int               `json:"lost"`
	SANBefore  int               `json:"san_before"`
	SAN        int               `json:"san"`
	MaxSAN     int               `json:"san_max"`
	Day        int               `json:"day"`
	DayLost    int               `json:"day_lost"`
	DayLimit   int               `json:"day_limit"`
	Temporary  bool              `json:"temporary,omitempty"`
	Hours      int               `json:"hours,omitempty"`
	Indefinite bool              `json:"indefinite,omitempty"`
	Permanent  bool              `json:"permanent,omitempty"`
	Mythos     int               `json:"mythos,omitempty"` // Cthulhu Mythos gained
	Bout       *coc.Bout         `json:"bout,omitempty"`
	Chance     float64           `json:"chance"` // of passing the SAN roll, before it
	Odds       *coc.Odds         `json:"odds"`
	INTOdds    *coc.Odds         `json:"int_odds,omitempty"` // of the INT roll after 5 or more lost
	Detail     *coc.SanityResult `json:"detail"`
}

func (b *Bot) san(req *Request) (*Reply, error) {
	in := play.Sanity{Character: req.Str("character"), Loss: req.Str("loss"), Mythos: req.Bool("mythos"), Bout: coc.BoutMode(req.Str("bout"))}
	res, err := b.cfg.Table.Sanity(req.Ctx, req.caller(), in, req.Dice)
	if err != nil {
		return nil, err
	}
	return sanReply(req, res), nil
}

// sanReply renders a Sanity roll and everything it caused.
func sanReply(req *Request, out *play.SanityOut) *Reply {
	c, s := out.Character, out.Result
	j := sanResult{Character: c.Name, Loss: s.Loss.String(), Level: s.Check.Level, Success: s.Check.Success, Lost: s.Lost,
		SANBefore: s.Before, SAN: s.After, MaxSAN: s.MaxSAN, Day: out.Day, DayLost: s.Day.Lost, DayLimit: s.DayLimit,
		Temporary: s.Temporary, Indefinite: s.Indefinite, Permanent: s.Permanent, Mythos: s.Mythos, Bout: out.Bout,
		Odds: s.Check.Odds(), Detail: s}
	if s.Hours != nil {
		j.Hours = s.Hours.Total
	}
	if s.INT != nil {
		j.INTOdds = s.INT.Odds()
	}
	if j.Odds != nil {
		j.Chance = chanceFloat(j.Odds.Success)
	}
	lines := []string{cocRollLine(req, req.T(coc.StatSAN.Key()), s.Check)}
	key := "cthulhu.san.loss"
	if s.MaxLoss {
		key = "cthulhu.san.loss_max"
	}
	loss := rollBare(req, s.LossRoll)
	if _, err := strconv.Atoi(strings.TrimSpace(s.Notation)); err == nil {
		loss = strings.TrimSpace(s.Notation) // a fixed loss: no dice to show
	}
	lines = append(lines, req.T(key, "Roll", loss, "Lost", s.Lost),
		req.T("cthulhu.san.after", "Before", s.Before, "After", s.After, "Max", s.MaxSAN),
		req.T("cthulhu.san.day", "Day", out.Day, "Lost", s.Day.Lost, "Limit", s.DayLimit))
	lines = append(lines, sanInsanityLines(req, c.Name, s, out.Bout)...)
	lines = append(lines, cocOddsLine(req, j.Odds))
	r := &Reply{Title: req.T("cthulhu.san.title", "Name", c.Name, "Loss", s.Loss.String()), Body: strings.Join(lines, "\n"),
		Footer: c.Name, Result: j, Tone: ToneSuccess}
	switch {
	case s.Temporary || s.Indefinite || s.Permanent:
		r.Tone = ToneCritical
	case s.Lost > 0:
		r.Tone = ToneFailure
	}
	return r
}

// sanInsanityLines say what the loss caused: the INT roll, insanity, a bout, Cthulhu Mythos.
func sanInsanityLines(req *Request, name string, s *coc.SanityResult, bout *coc.Bout) []string {
	var lines []string
	if s.INT != nil {
		lines = append(lines, cocRollLine(req, req.T(coc.INT.Key()), s.INT))
		if !s.Temporary {
			lines = append(lines, req.T("cthulhu.san.repressed", "Name", name))
		}
	}
	switch {
	case s.Permanent:
		lines = append(lines, req.T("cthulhu.san.permanent", "Name", name))
	case s.Indefinite:
		lines = append(lines, req.T("cthulhu.san.indefinite", "Name", name))
	case s.Temporary:
		lines = append(lines, req.T("cthulhu.san.temporary", "Name", name, "Hours", s.Hours.Total))
	}
	if bout != nil {
		key := "cthulhu.san.bout_rounds"
		if bout.Mode == coc.BoutSummary {
			key = "cthulhu.san.bout_hours"
		}
		lines = append(lines, req.T(key, "Duration", bout.Duration.Total, "Entry", bout.Entry.Total))
	}
	if s.Mythos > 0 {
		lines = append(lines, req.T("cthulhu.san.mythos", "Mythos", s.Mythos, "Max", s.MaxSAN))
	}
	return lines
}
