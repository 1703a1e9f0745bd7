package bot

import (
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
)

// /deathsave: death saves (roll, and the "next death save" button) and first aid to a dying character.

func (b *Bot) deathsaveCommand() *Command {
	return &Command{
		Name: "deathsave",
		Options: []*Option{
			{Name: "roll", Type: SubCommand, Handler: b.deathsaveRoll, Options: []*Option{
				modeOption(), bonusOption(), b.characterOption(), privateOption(),
			}, Examples: []string{"/deathsave roll", "/deathsave roll bonus:1d4", "/deathsave roll character:Borin"}},
			{Name: "stabilize", Type: SubCommand, Handler: b.stabilize, Options: []*Option{
				{Name: "character", Type: String, Required: true, MaxLen: play.MaxNameLen, Complete: b.completeTarget},
				{Name: "kit", Type: Boolean},
				modeOption(), privateOption(),
			}, Examples: []string{"/deathsave stabilize character:Borin", "/deathsave stabilize character:Borin kit:true"}},
		},
	}
}

// deathSaveResult is the JSON of /deathsave roll and its button.
type deathSaveResult struct {
	hpStatus
	Character string                 `json:"character"`
	Total     int                    `json:"total"`
	Natural   int                    `json:"natural"`
	Outcome   string                 `json:"outcome"` // success or failure (a natural 20 is a success, a natural 1 a failure)
	Successes int                    `json:"successes"`
	Failures  int                    `json:"failures"`
	oddsJSON                         // chance of a success (10 or more, or a natural 20) before the roll (odds.go)
	Detail    *dnd5e.DeathSaveResult `json:"detail"`
}

func (b *Bot) deathsaveRoll(req *Request) (*Reply, error) {
	o, err := rollOptions(req)
	if err != nil {
		return nil, err
	}
	c, res, err := b.cfg.Table.DeathSave(req.Ctx, req.caller(), req.Str("character"), o, req.Dice)
	if err != nil {
		return nil, err
	}
	return deathSaveReply(req, c, res), nil
}

// deathsaveButton answers the "next death save" button: custom id "deathsave:<character id>".
func (b *Bot) deathsaveButton(req *Request) (*Reply, error) {
	c, res, err := b.cfg.Table.DeathSaveByID(req.Ctx, req.caller(), strings.TrimPrefix(req.CustomID, "deathsave:"), req.Dice)
	if err != nil {
		return nil, err
	}
	return deathSaveReply(req, c, res), nil
}

func deathSaveReply(req *Request, c *play.Character5e, res *dnd5e.DeathSaveResult) *Reply {
	out := deathSaveResult{
		hpStatus: statusOf(c.Character), Character: c.Name, Total: res.Total, Natural: res.Natural,
		Outcome: "failure", Successes: c.DeathSaves.Successes, Failures: c.DeathSaves.Failures, Detail: res,
	}
	if res.Outcome == dnd5e.DeathSuccess || res.Outcome == dnd5e.DeathRevived {
		out.Outcome = "success"
	}
	odds := res.Odds()
	out.oddsJSON = oddsOut(odds)
	lines := []string{rollText(req, res.Roll), "**" + req.T(res.Outcome.Key()) + "**"}
	if m := modeLine(req, res.Mode); m != "" {
		lines = append(lines, m)
	}
	lines = append(lines, effectLines(req, res.Effects, res.Cancelled)...)
	lines = append(lines, appliedLines(req, res.Applied)...)
	lines = appendLine(lines, oddsLine(req, "stats.odds.success", odds))
	r := &Reply{Title: req.T("play.deathsave.title", "Name", c.Name), Footer: c.Name, Result: out}
	switch res.StateAfter {
	case dnd5e.Dying:
		lines = append(lines, deathSavesLine(req, res.DeathSaves))
		r.Buttons = []Button{{Label: req.T("play.deathsave.again"), CustomID: "deathsave:" + c.ID, Style: ButtonSecondary}}
		r.Tone = ToneNeutral
		if res.Outcome == dnd5e.DeathFailure || res.Outcome == dnd5e.DeathDoubleFailure {
			r.Tone = ToneFailure
		}
	case dnd5e.Stable:
		lines = append(lines, req.T("play.deathsave.stable", "Name", c.Name))
		r.Tone = ToneSuccess
	case dnd5e.Dead:
		lines = append(lines, req.T("play.deathsave.dead", "Name", c.Name))
		r.Tone = ToneCritical
	case dnd5e.Conscious:
		lines = append(lines, req.T("play.deathsave.revived", "Name", c.Name), hpLine(req, c.Character))
		r.Tone = ToneCritical
	}
	r.Body = strings.Join(lines, "\n")
	return r
}

// stabilizeResult is the JSON of /deathsave stabilize.
type stabilizeResult struct {
	hpStatus
	Character string                 `json:"character"`
	Healer    string                 `json:"healer,omitempty"`
	Total     int                    `json:"total"`   // the Medicine check (0 with a kit)
	Natural   int                    `json:"natural"` // its d20 (0 with a kit)
	Outcome   string                 `json:"outcome"` // success or failure
	Successes int                    `json:"successes"`
	Failures  int                    `json:"failures"`
	oddsJSON                         // chance of the Medicine check against DC 10 (1 with a kit) (odds.go)
	Detail    *dnd5e.StabilizeResult `json:"detail"`
}

// stabilize gives first aid to a dying character: a healer's kit stabilizes with no roll; otherwise the caller's
// active character (the healer) makes a DC 10 WIS (Medicine) check. Helping needs no ownership of the patient,
// but it needs a healer who is up, unless the caller owns the patient or is a GM and uses a kit.
func (b *Bot) stabilize(req *Request) (*Reply, error) {
	if req.GuildID == "" {
		return nil, Errorf("core.err.guild_only")
	}
	mode, err := dnd5e.ParseMode(req.Str("mode"))
	if err != nil {
		return nil, err
	}
	st, err := b.cfg.Table.Stabilize(req.Ctx, req.caller(), req.Str("character"), req.Bool("kit"), mode, req.Dice)
	if err != nil {
		return nil, err
	}
	c, healer, res := st.Patient, st.Healer, st.Result
	out := stabilizeResult{hpStatus: statusOf(c), Character: c.Name, Outcome: "failure",
		Successes: c.DeathSaves.Successes, Failures: c.DeathSaves.Failures, Detail: res}
	if res.Success {
		out.Outcome = "success"
	}
	var lines []string
	if healer != nil {
		out.Healer = healer.Name
	}
	if res.Kit {
		lines = append(lines, req.T("play.stabilize.kit"))
		out.oddsJSON = oddsOut(dnd5e.Certain())
	} else if chk := res.Check; chk != nil {
		out.Total, out.Natural = chk.Total, chk.Natural
		lines = append(lines, req.T("play.stabilize.check", "Healer", healer.Name)+" "+rollText(req, chk.Roll)+" "+req.T("play.roll.vs_dc", "DC", dnd5e.StabilizeDC))
		if m := modeLine(req, chk.Mode); m != "" {
			lines = append(lines, m)
		}
		lines = append(lines, effectLines(req, chk.Effects, chk.Cancelled)...)
		lines = append(lines, appliedLines(req, chk.Applied)...)
		odds := chk.Odds()
		out.oddsJSON = oddsOut(odds)
		lines = appendLine(lines, oddsLine(req, "stats.odds.success", odds))
	}
	r := &Reply{Title: req.T("play.stabilize.title", "Name", c.Name), Footer: c.Name, Result: out}
	if res.Success {
		lines = append(lines, req.T("play.stabilize.success", "Name", c.Name))
		r.Tone = ToneSuccess
	} else {
		lines = append(lines, req.T("play.stabilize.failure", "Name", c.Name), deathSavesLine(req, c.DeathSaves))
		r.Tone = ToneFailure
	}
	r.Body = strings.Join(lines, "\n")
	return r, nil
}
