package bot

import (
	"strconv"
	"strings"

	"rulekeeper/locales"
	"rulekeeper/rules/dice"
)

// maxRepeat bounds /roll repeat.
const maxRepeat = 20

func (b *Bot) rollCommand() *Command {
	return &Command{
		Name: "roll",
		Options: []*Option{
			{Name: "expr", Type: String, Required: true, MinLen: 1, MaxLen: dice.MaxLength},
			{Name: "repeat", Type: Integer, Min: Bound(1), Max: Bound(maxRepeat)},
			{Name: "private", Type: Boolean},
		},
		Handler: b.roll,
		Examples: []string{"/roll expr:1d20+5", "/roll expr:4d6kh3 repeat:6", `/roll expr:"1d20+5 adv to hit; 2d6+3 fire"`,
			`/roll expr:"2d6+1>=7 climb the wall" private:true`},
	}
}

// rollResults is the structured result of a /roll with more than one roll: a repeated roll (with the sum of its
// totals) or a line of rolls separated by ";" (no sum: they roll different things).
type rollResults struct {
	Rolls []rollJSON `json:"rolls"`
	Sum   *int       `json:"sum,omitempty"`
}

// rollJSON is one roll of a /roll: the dice result's JSON, led by "mode" ("adv", "dis", "ea") when a word asked for
// one; without a mode it is exactly the result's JSON.
type rollJSON struct {
	Mode   dice.Mode
	Result *dice.Result
}

// MarshalJSON writes {"mode":"adv","expr":...} or the result's own JSON.
func (r rollJSON) MarshalJSON() ([]byte, error) {
	b, err := r.Result.MarshalJSON()
	if err != nil || r.Mode == dice.ModeNormal || len(b) < 2 {
		return b, err
	}
	return append([]byte(`{"mode":"`+r.Mode.String()+`",`), b[1:]...), nil
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

// rollReply rolls the line expr (dice.ParseLine: "1d20+5 adv", "1d20+5; 2d6+3") repeat times and renders the reply
// with a "roll again" button.
func rollReply(req *Request, expr string, repeat int) (*Reply, error) {
	lines, err := dice.ParseLine(expr)
	if err != nil {
		return nil, err
	}
	rolls := make([]rollJSON, 0, repeat*len(lines))
	for range repeat {
		for _, l := range lines {
			r, err := l.Roll(req.Dice)
			if err != nil {
				return nil, err
			}
			rolls = append(rolls, rollJSON{Mode: l.Mode, Result: r})
		}
	}
	reply := &Reply{Title: req.T("roll.title", "User", userLabel(req))}
	var body strings.Builder
	sum := 0
	budget := 3900 / len(rolls)
	for i, r := range rolls {
		if len(rolls) > 1 {
			body.WriteString(strconv.Itoa(i+1) + ". ")
		}
		if c := r.Result.Comment; c != "" && len(lines) > 1 {
			body.WriteString(req.P.Label(c, describeLine(req, r, budget)))
		} else {
			body.WriteString(describeLine(req, r, budget))
		}
		body.WriteByte('\n')
		sum += r.Result.Total
	}
	switch {
	case len(rolls) == 1:
		reply.Result = rolls[0]
		reply.Tone = rollTone(rolls[0].Result)
	case len(lines) == 1:
		body.WriteString(req.T("roll.sum", "Sum", req.Style.bold(strconv.Itoa(sum))))
		reply.Result = rollResults{Rolls: rolls, Sum: &sum}
	default:
		reply.Result = rollResults{Rolls: rolls}
	}
	if c := lines[0].Expr.Comment(); c != "" && len(lines) == 1 {
		reply.Fields = append(reply.Fields, Field{Name: req.T("roll.comment"), Value: c})
	}
	reply.Body = strings.TrimRight(body.String(), "\n")
	if id := "reroll:" + strconv.Itoa(repeat) + ":" + expr; len(id) <= 100 {
		reply.Buttons = []Button{{Label: req.T("roll.again"), CustomID: id, Style: ButtonSecondary}}
	}
	return reply, nil
}

// describeLine renders one roll of a line in the request's style, its mode after the breakdown ("(advantage)").
func describeLine(req *Request, r rollJSON, max int) string {
	mode := ""
	if k, ok := modeKeys[r.Mode]; ok {
		mode = req.T(k)
	}
	return describeRoll(req.P, r.Result, max, req.Style, mode)
}

// modeKeys name the modes of /roll.
var modeKeys = map[dice.Mode]string{dice.ModeAdvantage: "roll.mode.adv", dice.ModeDisadvantage: "roll.mode.dis",
	dice.ModeElvenAccuracy: "roll.mode.ea"}

// DescribeRoll renders one roll in p's language: its breakdown (at most max bytes), the verdict of a comparison
// and the crit marker, in Markdown (bold faces, struck-out dice) or Plain (dice.Result.BreakdownPlain).
func DescribeRoll(p *locales.Printer, r *dice.Result, max int, st Style) string {
	return describeRoll(p, r, max, st, "")
}

// describeRoll is DescribeRoll with the name of the roll's mode, when it has one, after the breakdown.
func describeRoll(p *locales.Printer, r *dice.Result, max int, st Style, mode string) string {
	s := r.BreakdownN(max)
	if st == Plain {
		s = r.BreakdownPlainN(max)
	}
	if mode != "" {
		s = p.Paren(s, mode)
	}
	switch r.Verdict {
	case dice.VerdictSuccess:
		s += " — " + st.bold(p.T("roll.verdict.success"))
	case dice.VerdictFailure:
		s += " — " + st.bold(p.T("roll.verdict.failure"))
	}
	switch r.Crit {
	case dice.CritSuccess:
		s += " — 💥 " + st.bold(p.T("roll.crit.success"))
	case dice.CritFailure:
		s += " — 💀 " + st.bold(p.T("roll.crit.failure"))
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
