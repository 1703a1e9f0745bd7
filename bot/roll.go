package bot

import (
	"encoding/json"
	"strconv"
	"strings"
	"sync"

	"rulekeeper/locales"
	"rulekeeper/play/sessionlog"
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
			privateOption(), secretOption(),
		},
		Handler: b.roll,
		Examples: []string{"/roll expr:1d20+5", "/roll expr:4d6kh3 repeat:6", `/roll expr:"1d20+5 adv to hit; 2d6+3 fire"`,
			`/roll expr:"2d6+1>=7 climb the wall" private:true`},
	}
}

// rollResults is the structured result of a /roll with more than one roll: a repeated roll (with the sum of its
// totals) or a line of rolls separated by ";" (no sum: they roll different things). Each roll is the dice result's
// JSON, led by "mode" ("adv", "dis", "ea") when a word asked for one (rollJSON).
type rollResults struct {
	Rolls []json.RawMessage `json:"rolls"`
	Sum   *int              `json:"sum,omitempty"`
}

// rollJSON is one roll's JSON: {"mode":"adv","expr":...}, or exactly the result's JSON without a mode.
func rollJSON(m dice.Mode, r *dice.Result) (json.RawMessage, error) {
	b, err := r.MarshalJSON()
	if err != nil || m == dice.ModeNormal || len(b) < 2 {
		return b, err
	}
	return append([]byte(`{"mode":"`+m.String()+`",`), b[1:]...), nil
}

// rolled is one roll of a /roll as the reply shows it: rendered at once, so that its Result can roll again.
type rolled struct {
	text    string
	json    json.RawMessage
	total   int
	tone    Tone
	comment string
	log     *sessionlog.Roll // the dice for a running session log (nil when the channel does not record)
}

// results are reused /roll Results (dice.Expr.RollInto): a roll is rendered and encoded before its Result goes
// back, so /roll allocates no Result per roll.
var results = sync.Pool{New: func() any { return new(dice.Result) }}

// rollOne rolls l into a pooled Result and renders it (its breakdown at most max bytes).
func rollOne(req *Request, l dice.Line, max int) (rolled, error) {
	res := results.Get().(*dice.Result)
	defer results.Put(res)
	if err := l.Expr.RollInto(res, req.Dice); err != nil {
		return rolled{}, err
	}
	js, err := rollJSON(l.Mode, res)
	if err != nil {
		return rolled{}, err
	}
	r := rolled{text: describeLine(req, l.Mode, res, max), json: js, total: res.Total, tone: rollTone(res), comment: res.Comment}
	if req.recording {
		roll := sessionlog.FromDice(res)
		r.log = &roll
	}
	return r, nil
}

func (b *Bot) roll(req *Request) (*Reply, error) {
	return b.rollReply(req, req.Str("expr"), req.Int("repeat", 1))
}

// reroll answers the "roll again" button: custom id "reroll:<repeat>:<expr>".
func (b *Bot) reroll(req *Request) (*Reply, error) {
	rest := strings.TrimPrefix(req.CustomID, "reroll:")
	n, expr, ok := strings.Cut(rest, ":")
	repeat, err := strconv.Atoi(n)
	if !ok || err != nil || repeat < 1 || repeat > maxRepeat {
		return nil, Errorf("core.err.unknown_component")
	}
	return b.rollReply(req, expr, repeat)
}

// rollReply rolls the line expr (dice.ParseLine: "1d20+5 adv", "1d20+5; 2d6+3") repeat times and renders the reply
// with a "roll again" button. Heavy rolls (their work times repeat) take their units of the gate of heavy
// computations first.
func (b *Bot) rollReply(req *Request, expr string, repeat int) (*Reply, error) {
	lines, err := dice.ParseLine(expr)
	if err != nil {
		return nil, err
	}
	var work int64
	for _, l := range lines {
		work += l.Expr.Cost(dice.DistOptions{}).Roll * int64(repeat)
	}
	ctx, cancel := b.gate.within(req.Ctx)
	defer cancel()
	n := repeat * len(lines)
	rolls := make([]rolled, 0, n)
	err = b.gate.run(ctx, work, func() error {
		for range repeat {
			for _, l := range lines {
				r, err := rollOne(req, l, 3900/n)
				if err != nil {
					return err
				}
				rolls = append(rolls, r)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	reply := &Reply{Title: req.T("roll.title", "User", userLabel(req))}
	var body strings.Builder
	sum := 0
	js := make([]json.RawMessage, len(rolls))
	for i, r := range rolls {
		if len(rolls) > 1 {
			body.WriteString(strconv.Itoa(i+1) + ". ")
		}
		if r.comment != "" && len(lines) > 1 {
			body.WriteString(req.P.Label(r.comment, r.text))
		} else {
			body.WriteString(r.text)
		}
		body.WriteByte('\n')
		sum += r.total
		js[i] = r.json
	}
	switch {
	case len(rolls) == 1:
		reply.Result = js[0]
		reply.Tone = rolls[0].tone
		if rolls[0].log != nil {
			reply.Log = &sessionlog.Entry{Kind: sessionlog.KindRoll, Roll: rolls[0].log}
		}
	case len(lines) == 1:
		body.WriteString(req.T("roll.sum", "Sum", req.Style.bold(strconv.Itoa(sum))))
		reply.Result = rollResults{Rolls: js, Sum: &sum}
	default:
		reply.Result = rollResults{Rolls: js}
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
func describeLine(req *Request, m dice.Mode, r *dice.Result, max int) string {
	mode := ""
	if k, ok := modeKeys[m]; ok {
		mode = req.T(k)
	}
	return describeRoll(req.P, r, max, req.Style, mode)
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
