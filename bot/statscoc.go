package bot

import (
	"regexp"
	"strconv"
	"strings"

	"rulekeeper/locales"
	"rulekeeper/rules/coc"
)

// /stats of a Call of Cthulhu roll (and `rulekeeper stats`): expr:cc50 is a d100 check against 50 — the exact
// chance of each level (critical, extreme, hard, regular, failure, fumble) and of success; cc(1)50 has one bonus
// die, cc(-2)50 two penalty dice; a difficulty may follow (cc50 hard, cc(1)60 极难). compare:cc45 beside it gives
// the opposed roll's odds (win, lose, tie, both fail). The numbers are exact fractions from rules/coc.

// cocExprRE is a CoC roll expression: cc, net dice in parentheses, an optional <=, the value, a difficulty.
var cocExprRE = regexp.MustCompile(`(?i)^\s*cc\s*(?:\(\s*([+-]?\d+)\s*\))?\s*(?:<=|≤)?\s*(\d{1,4})\s*(.*?)\s*$`)

// isCoCExpr reports whether a /stats expression is a CoC roll (cc…); such a text is no dice notation.
func isCoCExpr(s string) bool {
	t := strings.ToLower(strings.TrimSpace(s))
	return strings.HasPrefix(t, "cc")
}

// parseCoCExpr reads a CoC roll expression as the roll's input.
func parseCoCExpr(s string) (coc.CheckInput, error) {
	m := cocExprRE.FindStringSubmatch(s)
	if m == nil {
		return coc.CheckInput{}, Errorf("cthulhu.err.bad_expr", "Expr", strings.TrimSpace(s))
	}
	in := coc.CheckInput{}
	if m[1] != "" {
		net, err := strconv.Atoi(m[1])
		if err != nil || net < -coc.MaxDice || net > coc.MaxDice {
			return in, &coc.Error{Code: coc.ErrBadDice, Args: map[string]any{"Bonus": max(net, 0), "Penalty": max(-net, 0), "Max": coc.MaxDice}}
		}
		in.Bonus, in.Penalty = max(net, 0), max(-net, 0)
	}
	v, _ := strconv.Atoi(m[2])
	if v > coc.MaxValue {
		return in, &coc.Error{Code: coc.ErrBadValue, Args: map[string]any{"Value": v, "Max": coc.MaxValue}}
	}
	in.Value = v
	d, err := parseCoCDifficulty(m[3])
	if err != nil {
		return in, err
	}
	in.Difficulty = d
	return in, nil
}

// cocStatsSide is one CoC roll in the JSON of /stats.
type cocStatsSide struct {
	Expr       string         `json:"expr"`
	Value      int            `json:"value"`
	Net        int            `json:"net"` // > 0 bonus dice, < 0 penalty dice
	Difficulty coc.Difficulty `json:"difficulty"`
	Chance     float64        `json:"chance"` // of success, rounded
	Odds       *coc.Odds      `json:"odds"`   // exact
}

// cocStatsResult is the JSON of /stats for a CoC roll.
type cocStatsResult struct {
	cocStatsSide
	Compare *cocStatsSide    `json:"compare,omitempty"`
	Opposed *coc.OpposedOdds `json:"opposed,omitempty"`
}

func newCoCStatsSide(expr string) (*cocStatsSide, coc.CheckInput, error) {
	in, err := parseCoCExpr(expr)
	if err != nil {
		return nil, in, err
	}
	s := &cocStatsSide{Expr: strings.TrimSpace(expr), Value: in.Value, Net: in.Bonus - in.Penalty, Difficulty: in.Difficulty, Odds: in.Odds()}
	if s.Odds != nil {
		s.Chance = chanceFloat(s.Odds.Success)
	}
	return s, in, nil
}

// cocStatsReply computes /stats for a CoC roll and words it in p's language (errP words a bad comparison).
func cocStatsReply(p, errP *locales.Printer, in StatsInput) (*Reply, error) {
	if in.Target != nil {
		return nil, Errorf("cthulhu.err.stats_target")
	}
	a, ain, err := newCoCStatsSide(in.Expr)
	if err != nil {
		return nil, err
	}
	res := cocStatsResult{cocStatsSide: *a}
	req := &Request{P: p}
	fields := []Field{{Name: a.Expr, Value: cocStatsText(req, a), Inline: true}}
	if strings.TrimSpace(in.Compare) != "" {
		b, bin, err := newCoCStatsSide(in.Compare)
		if err != nil {
			return nil, Errorf("stats.err.compare", "Error", ErrorText(errP, err))
		}
		res.Compare, res.Opposed = b, coc.OpposedOddsOf(ain, bin)
		fields = append(fields, Field{Name: b.Expr, Value: cocStatsText(req, b), Inline: true})
	}
	var body string
	if o := res.Opposed; o != nil {
		body = req.T("cthulhu.stats.opposed", "Win", chanceStr(req.P, o.Win), "Lose", chanceStr(req.P, o.Lose), "Tie", chanceStr(req.P, o.Tie),
			"None", chanceStr(req.P, o.None))
	}
	return &Reply{Title: req.T("cthulhu.stats.title", "Expr", a.Expr), Body: body, Fields: fields, Result: res}, nil
}

// cocStatsText lists a roll's chances: success first, then each level.
func cocStatsText(req *Request, s *cocStatsSide) string {
	o := s.Odds
	lines := []string{req.T("cthulhu.stats.success", "Chance", chanceStr(req.P, o.Success))}
	for _, l := range coc.Levels() {
		lines = append(lines, req.P.Label(req.T(l.Key()), chanceStr(req.P, o.Level(l))))
	}
	return strings.Join(lines, "\n")
}
