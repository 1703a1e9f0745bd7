package bot

import (
	"context"
	"math"
	"slices"
	"strings"

	"rulekeeper/locales"
	"rulekeeper/rules/dice"
)

// /stats expr:… [target:N] [compare:expr2] and `rulekeeper stats`: the distribution of a dice expression (mean,
// standard deviation, range, P(total ≥ target), a table of "at least" chances, a PNG chart), and of a second one
// beside it. The numbers come from dice.Dist: exact while the computation is small enough, else a seeded
// Monte-Carlo estimate, which the reply says with its sample size and 95% intervals.

// Limits of /stats.
const (
	// MaxStatsTarget bounds the target, either way.
	MaxStatsTarget = 1_000_000_000
	statsAllRows   = 20    // a distribution with at most this many values lists every one in the table
	statsPMFLimit  = 2000  // values listed in the JSON pmf (more: left out)
	statsRatLimit  = 20000 // values up to which the table's fractions are computed
	statsBars      = 1000  // bars in the chart at most: more values are grouped
	statsNameRunes = 40    // an expression's name in titles, fields and the table header
)

// statsQuantiles choose the table's rows for a distribution of many values: for each q, the highest total with a
// chance of at least q of being reached.
var statsQuantiles = []float64{0.99, 0.95, 0.9, 0.75, 0.5, 0.25, 0.1, 0.05, 0.01}

func (b *Bot) statsCommand() *Command {
	return &Command{
		Name: "stats",
		Options: []*Option{
			{Name: "expr", Type: String, Required: true, MinLen: 1, MaxLen: dice.MaxLength},
			{Name: "target", Type: Integer, Min: Bound(-MaxStatsTarget), Max: Bound(MaxStatsTarget)},
			{Name: "compare", Type: String, MinLen: 1, MaxLen: dice.MaxLength},
			privateOption(),
		},
		Handler: b.stats,
		Examples: []string{"/stats expr:4d6kh3", "/stats expr:2d20kh1+5 compare:1d20+5 target:15",
			"/stats expr:2d6+1>=7", "/stats expr:8d6 target:30", "/stats expr:cc(1)50 hard", "/stats expr:cc70 compare:cc55"},
	}
}

func (b *Bot) stats(req *Request) (*Reply, error) {
	in := StatsInput{Expr: req.Str("expr"), Compare: req.Str("compare")}
	if req.Has("target") {
		t := req.Int("target", 0)
		in.Target = &t
	}
	// Errors are shown in the caller's own language (errorReply), the reply in the channel's.
	errP := locales.For(locales.Choose(b.cfg.Language, req.Locale, req.GuildLocale))
	ctx, cancel := b.gate.within(req.Ctx)
	defer cancel()
	return statsReply(ctx, b.gate, req.P, errP, in)
}

// StatsInput is what /stats and `rulekeeper stats` compute.
type StatsInput struct {
	Expr    string
	Target  *int   // nil: no target
	Compare string // "": no second expression
}

// StatsDist is one expression's numbers in the JSON of /stats.
type StatsDist struct {
	Expr    string  `json:"expr"` // canonical notation, without the comment
	Exact   bool    `json:"exact"`
	Mean    float64 `json:"mean"`
	MeanRat string  `json:"mean_rat,omitempty"`
	StdDev  float64 `json:"stddev"`
	Min     int     `json:"min"`
	Max     int     `json:"max"`
	// PTarget is P(total ≥ target); without a target, for a comparison, its P(success) (as in dice.Dist's JSON).
	PTarget    *float64    `json:"p_target,omitempty"`
	PTargetRat string      `json:"p_target_rat,omitempty"`
	PTargetCI  *[2]float64 `json:"p_target_ci95,omitempty"`
	// PSuccess is the probability of success of a comparison (2d6+1>=7).
	PSuccess    *float64    `json:"p_success,omitempty"`
	PSuccessRat string      `json:"p_success_rat,omitempty"`
	PSuccessCI  *[2]float64 `json:"p_success_ci95,omitempty"`
	MeanCI      *[2]float64 `json:"mean_ci95,omitempty"`
	Samples     int         `json:"samples,omitempty"`  // Monte-Carlo sample size
	Stopped     bool        `json:"stopped,omitempty"`  // the request's deadline stopped the estimate at Samples
	Leftover    float64     `json:"leftover,omitempty"` // probability cut off (explosions beyond the depth or dice limit)
	AtLeast     []StatsRow  `json:"at_least"`           // the table's rows
	PMF         [][2]any    `json:"pmf,omitempty"`      // [value, probability], when at most 2000 values
}

// StatsRow is one row of the "at least" table.
type StatsRow struct {
	Value int     `json:"value"`
	P     float64 `json:"p"`             // P(total ≥ value)
	Rat   string  `json:"rat,omitempty"` // as a fraction, when exact and small
}

// StatsVersus compares the two expressions, rolled independently.
type StatsVersus struct {
	Greater float64 `json:"p_greater"` // P(expr > compare)
	Equal   float64 `json:"p_equal"`
	Less    float64 `json:"p_less"`
}

// StatsResult is the JSON of /stats and `rulekeeper stats --json`: the expression's numbers at the top level, the
// second expression's under compare.
type StatsResult struct {
	StatsDist
	Target  *int         `json:"target,omitempty"`
	Compare *StatsDist   `json:"compare,omitempty"`
	Versus  *StatsVersus `json:"versus,omitempty"`
}

// Stats computes in and renders the reply in p's language: the numbers as fields, the table and notes in the body,
// the chart as Files[0] (stats.png, unless the values cannot be drawn) and a *StatsResult as Result.
// The CLI computes with no deadline and no semaphore: it is alone.
func Stats(p *locales.Printer, in StatsInput) (*Reply, error) {
	return statsReply(context.Background(), nil, p, p, in)
}

// statsSide is one expression and its distribution.
type statsSide struct {
	name  string
	d     *dice.Dist
	vals  []int
	probs []float64
	tail  []float64 // tail[i] ≈ P(total ≥ vals[i]), for choosing rows
}

// newStatsSide computes the distribution of an expression, side of sides, under ctx, through the gate of heavy
// computations (nil: none): too heavy even to estimate, it fails at once with dice.err.too_heavy.
func newStatsSide(ctx context.Context, g *gate, expr string, side, sides int) (*statsSide, error) {
	e, err := dice.Parse(expr)
	if err != nil {
		return nil, err
	}
	opt := statsOptions(e, side, sides)
	cost := e.Cost(opt)
	if cost.TooHeavy() {
		return nil, &dice.Error{Code: dice.CodeTooHeavy, Pos: -1, Args: map[string]any{}}
	}
	var d *dice.Dist
	err = g.run(ctx, cost.Work(), func() error {
		d, err = e.DistributionContext(ctx, opt)
		return err
	})
	if err != nil {
		return nil, err
	}
	s := &statsSide{name: e.Notation(), d: d, vals: d.Values()}
	s.probs = make([]float64, len(s.vals))
	s.tail = make([]float64, len(s.vals))
	for i, v := range s.vals {
		s.probs[i] = d.Prob(v)
	}
	sum := 0.0
	for i := len(s.vals) - 1; i >= 0; i-- {
		sum += s.probs[i]
		s.tail[i] = sum
	}
	return s, nil
}

// statsReply computes in under ctx and the gate of heavy computations (nil: none) and words it in p's language;
// errP words the inner error of a bad second expression.
func statsReply(ctx context.Context, g *gate, p, errP *locales.Printer, in StatsInput) (*Reply, error) {
	if isCoCExpr(in.Expr) {
		return cocStatsReply(p, errP, in) // a Call of Cthulhu roll: cc50, cc(1)60 hard (statscoc.go)
	}
	c, err := computeStats(ctx, g, errP, in)
	if err != nil {
		return nil, err
	}
	return c.reply(p), nil
}

// statsComputed is what /stats computes, before it is worded in a language.
type statsComputed struct {
	sides []*statsSide
	res   *StatsResult
	chart *File // nil when the totals cannot be drawn
	width int   // totals per bar of the chart
}

// computeStats computes the distributions under ctx and the gate of heavy computations (nil: none), the JSON
// result and the chart; errP words the inner error of a bad second expression.
func computeStats(ctx context.Context, g *gate, errP *locales.Printer, in StatsInput) (*statsComputed, error) {
	if t := in.Target; t != nil && (*t < -MaxStatsTarget || *t > MaxStatsTarget) {
		return nil, Errorf("stats.err.target_range", "Target", *t, "Min", -MaxStatsTarget, "Max", MaxStatsTarget)
	}
	sides := 1
	if strings.TrimSpace(in.Compare) != "" {
		sides = 2
	}
	a, err := newStatsSide(ctx, g, in.Expr, 0, sides)
	if err != nil {
		return nil, err
	}
	c := &statsComputed{sides: []*statsSide{a}, res: &StatsResult{Target: in.Target}}
	if strings.TrimSpace(in.Compare) != "" {
		b, err := newStatsSide(ctx, g, in.Compare, 1, sides)
		if err != nil {
			return nil, Errorf("stats.err.compare", "Error", ErrorText(errP, err))
		}
		c.sides = append(c.sides, b)
		v := statsVersus(a, b)
		c.res.Versus = &v
	}
	rows := statsRowValues(c.sides, in.Target)
	for i, s := range c.sides {
		j := statsJSON(s, in.Target, rows)
		if i == 0 {
			c.res.StatsDist = j
		} else {
			c.res.Compare = &j
		}
	}
	if file, width, err := statsChart(c.sides, in.Target); err == nil {
		c.chart, c.width = &file, width
	}
	return c, nil
}

// statsOptions returns the options of e's distribution when it is the side-th (from 0) of sides expressions
// (/stats compare: 2): the sides share dice.DefaultBudget for their exact distributions and the samples of their
// Monte-Carlo estimates, so that a comparison costs no more than one expression (issue 11 §2: at most 100 ms of CPU
// for any /stats); each side's estimate rolls its own dice (seed side), so two estimates are independent.
func statsOptions(e *dice.Expr, side, sides int) dice.DistOptions {
	opt := dice.DistOptions{Budget: dice.DefaultBudget / sides, Seed: uint64(side)}
	if c := e.Cost(opt); !c.Exact && c.Samples > 0 {
		opt.Samples = max(c.Samples/sides, dice.MinSamples)
	}
	return opt
}

// statsRowValues chooses the table's totals: every value when the expressions have at most statsAllRows values
// in all, else for each expression the totals reached with a chance of 99%, 95%, …, 1%; and the target.
func statsRowValues(sides []*statsSide, target *int) []int {
	var out []int
	for _, s := range sides {
		if len(s.vals) > statsAllRows {
			out = nil
			break
		}
		out = append(out, s.vals...)
	}
	slices.Sort(out)
	out = slices.Compact(out)
	if len(out) == 0 || len(out) > statsAllRows {
		out = out[:0]
		for _, s := range sides {
			for _, q := range statsQuantiles {
				// tail is non-increasing: the last index whose tail reaches q
				i, _ := slices.BinarySearchFunc(s.tail, q, func(t, q float64) int {
					if t >= q-1e-9 { // the float sums of many small probabilities drift
						return -1
					}
					return 1
				})
				if i > 0 {
					out = append(out, s.vals[i-1])
				}
			}
		}
	}
	if target != nil {
		out = append(out, *target)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// statsJSON builds one expression's result.
func statsJSON(s *statsSide, target *int, rows []int) StatsDist {
	d := s.d
	j := StatsDist{Expr: s.name, Exact: d.Exact(), Mean: finiteOr0(d.Mean()), StdDev: finiteOr0(d.StdDev()),
		Min: d.Min(), Max: d.Max(), Samples: d.Samples(), Stopped: d.Stopped(), Leftover: d.Leftover(), AtLeast: []StatsRow{}}
	if r, ok := d.MeanRat(); ok {
		j.MeanRat = r.RatString()
	}
	ci := func(p float64) *[2]float64 {
		if d.Exact() {
			return nil
		}
		lo, hi := d.Interval95(p)
		return &[2]float64{lo, hi}
	}
	if p, r, ok := d.Success(); ok {
		j.PSuccess, j.PSuccessCI = &p, ci(p)
		if r != nil {
			j.PSuccessRat = r.RatString()
		}
		j.PTarget, j.PTargetRat, j.PTargetCI = j.PSuccess, j.PSuccessRat, j.PSuccessCI
	}
	if target != nil {
		p, r, _ := d.Chance(">=", *target)
		j.PTarget, j.PTargetRat, j.PTargetCI = &p, "", ci(p)
		if r != nil {
			j.PTargetRat = r.RatString()
		}
	}
	if !d.Exact() && d.Samples() > 0 {
		h := 1.959963984540054 * d.StdDev() / math.Sqrt(float64(d.Samples()))
		j.MeanCI = &[2]float64{finiteOr0(d.Mean() - h), finiteOr0(d.Mean() + h)}
	}
	for _, v := range rows {
		row := StatsRow{Value: v, P: d.AtLeast(v)}
		if len(s.vals) <= statsRatLimit {
			if r, ok := d.AtLeastRat(v); ok {
				row.Rat = r.RatString()
			}
		}
		j.AtLeast = append(j.AtLeast, row)
	}
	if len(s.vals) <= statsPMFLimit {
		j.PMF = make([][2]any, len(s.vals))
		for i, v := range s.vals {
			j.PMF[i] = [2]any{v, s.probs[i]}
		}
	}
	return j
}

func finiteOr0(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	return x
}

// statsVersus is P(a > b), P(a = b), P(a < b) for independent rolls, by one merge of the sorted values.
func statsVersus(a, b *statsSide) StatsVersus {
	var v StatsVersus
	massB := 0.0
	for _, p := range b.probs {
		massB += p
	}
	below, j := 0.0, 0 // below = P(b < value)
	for i, x := range a.vals {
		for j < len(b.vals) && b.vals[j] < x {
			below += b.probs[j]
			j++
		}
		eq := 0.0
		if j < len(b.vals) && b.vals[j] == x {
			eq = b.probs[j]
		}
		pa := a.probs[i]
		v.Greater += pa * below
		v.Equal += pa * eq
		v.Less += pa * max(0, massB-below-eq)
	}
	v.Greater, v.Equal, v.Less = min(v.Greater, 1), min(v.Equal, 1), min(v.Less, 1)
	return v
}
