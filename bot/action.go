package bot

import (
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
)

// /action (issue 14, 5e 9): Dodge, Help, Hide, Disengage or Dash, recorded on the acting combatant of the
// channel's 5e encounter as an effect until its next turn (Help: on the helped creature until the helper's next
// turn; Hide: until its next attack), so /attack, /save and /check apply it like any /effect.

func (b *Bot) actionCommand() *Command {
	var actions []string
	for _, a := range dnd5e.Actions() {
		actions = append(actions, string(a))
	}
	return &Command{
		Name: "action",
		Options: []*Option{
			{Name: "action", Type: String, Required: true, Choices: actions},
			{Name: "target", Type: String, MaxLen: play.MaxNameLen, Complete: b.completeTargets},
			modeOption(), b.characterOption(), b.asOption(),
		},
		Handler: b.action,
		Examples: []string{"/action action:dodge", "/action action:help target:Borin", "/action action:hide mode:adv",
			`/action action:disengage as:"Goblin 1"`},
	}
}

// actionResult is the JSON of /action.
type actionResult struct {
	Actor   string            `json:"actor"`
	Action  string            `json:"action"`
	Target  string            `json:"target"`
	Stealth *dnd5e.RollResult `json:"stealth,omitempty"`
	Effect  effectJSON        `json:"effect"`
}

func (b *Bot) action(req *Request) (*Reply, error) {
	mode, err := dnd5e.ParseMode(req.Str("mode"))
	if err != nil {
		return nil, err
	}
	in := play.ActionIn{Character: req.Str("character"), As: strings.TrimSpace(req.Str("as")),
		Action: dnd5e.Action(req.Str("action")), Target: strings.TrimSpace(req.Str("target")),
		Options: dnd5e.RollOptions{Mode: mode}}
	if in.Action != dnd5e.ActionHelp && in.Target != "" {
		return nil, Errorf("action.err.target_help_only")
	}
	res, err := b.cfg.Table.Action(req.Ctx, req.caller(), in, req.Dice)
	if err != nil {
		return nil, err
	}
	e := res.Change.Effect
	name := req.T(res.Action.Key())
	out := actionResult{Actor: res.Actor, Action: string(res.Action), Target: res.Target, Stealth: res.Stealth,
		Effect: effectJSON{ActiveEffect: e, Name: name}}
	var lines []string
	if res.Action == dnd5e.ActionHelp {
		lines = append(lines, req.T("action.helped", "Name", res.Actor, "Target", res.Target))
	} else {
		lines = append(lines, req.T("action.taken", "Name", res.Actor, "Action", name))
	}
	if s := res.Stealth; s != nil {
		lines = append(lines, req.P.Label(req.T("action.stealth"), rollText(req, s.Roll)))
		if m := modeLine(req, s.Mode); m != "" {
			lines = append(lines, m)
		}
		lines = append(lines, effectLines(req, s.Effects, s.Cancelled)...)
		lines = append(lines, appliedLines(req, s.Applied)...)
	}
	lines = append(lines, effect5eText(req, e))
	return &Reply{Title: req.T("action.title", "Name", res.Actor, "Action", name), Body: strings.Join(lines, "\n"),
		Footer: res.Actor, Tone: ToneSuccess, Result: out}, nil
}
