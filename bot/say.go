package bot

import (
	"strings"

	"rulekeeper/play/sessionlog"
)

// /say text: [as:] [ooc:] (issue 18): a line of the table, in character (as the caller's active character, or as
// an NPC for a GM) or out of character; a running log records it.

func (b *Bot) sayCommand() *Command {
	return &Command{
		Name: "say",
		Options: []*Option{
			{Name: "text", Type: String, Required: true, MaxLen: sessionlog.MaxLineRunes},
			{Name: "as", Type: String, MaxLen: sessionlog.MaxNameRunes},
			{Name: "ooc", Type: Boolean},
		},
		Handler:  b.say,
		Examples: []string{`/say text:"Stand back, I know this rune."`, `/say text:"You shall not pass!" as:"Goblin 1"`, `/say text:"brb, pizza" ooc:true`},
	}
}

// sayResult is the JSON of /say.
type sayResult struct {
	Who  string `json:"who"`
	NPC  bool   `json:"npc,omitempty"`
	OOC  bool   `json:"ooc,omitempty"`
	Text string `json:"text"`
}

func (b *Bot) say(req *Request) (*Reply, error) {
	if err := b.guildOnly(req); err != nil {
		return nil, err
	}
	text := strings.TrimSpace(req.Str("text"))
	as := strings.TrimSpace(req.Str("as"))
	ooc := req.Bool("ooc")
	lines := sessionlog.Lines(text)
	if len(lines) == 0 {
		return nil, Errorf("say.err.empty")
	}
	if as != "" && !req.GM {
		return nil, Errorf("say.err.as_gm")
	}
	e := &sessionlog.Entry{Kind: sessionlog.KindSay, Lines: lines}
	who := userLabel(req)
	switch {
	case ooc:
		e.Kind = sessionlog.KindOOC
	case as != "":
		who, e.Character, e.NPC = as, as, true
	default:
		if sh, err := b.cfg.Table.ShowSheet(req.Ctx, req.caller(), ""); err == nil {
			who, e.Character = sh.Name, sh.Name
		}
	}
	key := "say.line"
	if ooc {
		key = "say.ooc"
	}
	return &Reply{Body: req.T(key, "Name", who, "Text", strings.Join(lines, "\n")), Log: e,
		Result: sayResult{Who: who, NPC: e.NPC, OOC: ooc, Text: text}}, nil
}
