package bot

import (
	"rulekeeper/play/sessionlog"
	"strconv"
	"strings"

	"rulekeeper/locales"
	"rulekeeper/rules/dice"
)

// maxRepeat bounds /roll repeat.
const maxRepeat = 20

func (b *Bot) rollCommand() *Command { return b.rollCommandNamed("roll") }

// shortRollCommand is `/r`, the short form of `/roll` with the same options (registered as its own command).
func (b *Bot) shortRollCommand() *Command {
	c := b.rollCommandNamed("r")
	c.Examples = []string{"/r expr:1d20+5"}
	return c
}

func (b *Bot) rollCommandNamed(name string) *Command {
	return &Command{
		Name: name,
		Options: []*Option{
			{Name: "expr", Type: String, Required: true, MinLen: 1, MaxLen: dice.MaxLength},
			{Name: "repeat", Type: Integer, Min: Bound(1), Max: Bound(maxRepeat)},
			{Name: "private", Type: Boolean},
		},
		Handler:  b.roll,
		Examples: []string{"/roll expr:1d20+5", "/roll expr:4d6kh3 repeat:6", `/roll expr:"2d6+1>=7 climb the wall" private:true`},
	}
}

// rollResults is the structured result of a repeated roll.
type rollResults struct {
	Rolls []*dice.Result `json:"rolls"`
	Sum   int            `json:"sum"`
}

func (b *Bot) roll(req *Request) (*Reply, error) {
	reply, err := rollReply(req, req.Str("expr"), req.Int("repeat", 1))
	if err != nil {
		return nil, err
	}
	reply.Ephemeral = req.Bool("private")
	return reply, nil
}

// reroll answers the "roll again" button: custom id "reroll:<repeat>:<expr>".
func (b *Bot) reroll(req *Request) (*Reply, error) {
	rest := strings.TrimPrefix(req.CustomID, "reroll:")
	n, expr, ok := strings.Cut(rest, ":")
	repeat, err := strconv.Atoi(n)
	if !ok || err != nil || repeat < 1 || repeat > maxRepeat {
		return nil, Errorf("core.err.unknown_component")
	}
	return rollReply(req, expr, repeat)
}

// rollReply rolls expr repeat times and renders the reply with a "roll again" button.
func rollReply(req *Request, expr string, repeat int) (*Reply, error) {
	e, err := dice.Parse(expr)
	if err != nil {
		return nil, err
	}
	results := make([]*dice.Result, 0, repeat)
	for range repeat {
		r, err := e.Roll(req.Dice)
		if err != nil {
			return nil, err
		}
		results = append(results, r)
	}
	reply := &Reply{Title: req.T("roll.title", "User", userLabel(req))}
	var body strings.Builder
	sum := 0
	budget := 3900 / repeat
	for i, r := range results {
		if repeat > 1 {
			body.WriteString(strconv.Itoa(i+1) + ". ")
		}
		body.WriteString(DescribeRoll(req.P, r, budget))
		body.WriteByte('\n')
		sum += r.Total
	}
	if repeat > 1 {
		body.WriteString(req.T("roll.sum", "Sum", sum))
		reply.Result = rollResults{Rolls: results, Sum: sum}
	} else {
		reply.Result = results[0]
		reply.Tone = rollTone(results[0])
		roll := sessionlog.FromDice(results[0])
		reply.Log = &sessionlog.Entry{Kind: sessionlog.KindRoll, Roll: &roll}
	}
	if c := e.Comment(); c != "" {
		reply.Fields = append(reply.Fields, Field{Name: req.T("roll.comment"), Value: c})
	}
	reply.Body = strings.TrimRight(body.String(), "\n")
	if id := "reroll:" + strconv.Itoa(repeat) + ":" + expr; len(id) <= 100 {
		reply.Buttons = []Button{{Label: req.T("roll.again"), CustomID: id, Style: ButtonSecondary}}
	}
	return reply, nil
}

// DescribeRoll renders one roll in p's language: its breakdown (at most max bytes), the verdict of a comparison
// and the crit marker.
func DescribeRoll(p *locales.Printer, r *dice.Result, max int) string {
	s := r.BreakdownN(max)
	switch r.Verdict {
	case dice.VerdictSuccess:
		s += " — " + p.T("roll.verdict.success")
	case dice.VerdictFailure:
		s += " — " + p.T("roll.verdict.failure")
	}
	switch r.Crit {
	case dice.CritSuccess:
		s += " — " + p.T("roll.crit.success")
	case dice.CritFailure:
		s += " — " + p.T("roll.crit.failure")
	}
	return s
}

func rollTone(r *dice.Result) Tone {
	switch {
	case r.Crit == dice.CritSuccess:
		return ToneCritical
	case r.Crit == dice.CritFailure || r.Verdict == dice.VerdictFailure:
		return ToneFailure
	case r.Verdict == dice.VerdictSuccess:
		return ToneSuccess
	}
	return ToneNeutral
}

// userLabel names the caller in a reply.
func userLabel(req *Request) string {
	if req.UserName != "" {
		return req.UserName
	}
	return req.UserID
}
