package dice

import (
	"context"
	"errors"
	"math"
)

// The compute budget of a distribution. Before computing, Cost estimates
// from the notation what the exact computation would take; past the
// budgets (DistOptions.Budget in states, DistOptions.Memory in bytes) the
// distribution is estimated by Monte-Carlo instead, with as many samples as
// SampleWork allows. While computing, every state and every allocation is
// charged, so a computation the estimate let through still stops at the
// budgets, and the context is looked at every few thousand states (or
// samples).
const (
	// SampleWork bounds the work of an automatic Monte-Carlo estimate,
	// in states: samples × the estimated work of one roll.
	SampleWork = 1 << 24
	// MinSamples is the fewest samples an estimate returns: an expression
	// whose rolls cost more than SampleWork/MinSamples each, or a context
	// done before that many, fails with CodeTooHeavy.
	MinSamples = 500
	// HeavyWork is the work, in states (about a millisecond), beyond which
	// Cost.Heavy reports a computation worth a slot of a pool of heavy ones.
	HeavyWork = 1 << 20
)

// DistributionContext is Distribution under a context: when ctx is done
// (its deadline passed) while the distribution is computed, it fails with
// CodeTooHeavy; while it is estimated, it returns the estimate so far
// (Stopped reports true) once it holds MinSamples samples, and fails with
// CodeTooHeavy before.
func (e *Expr) DistributionContext(ctx context.Context, opt DistOptions) (*Dist, error) {
	return e.distribution(ctx, opt, nil)
}

// spent is the work a distribution took, counted in states as it is
// charged: the exact computation's states, the estimate's samples.
type spent struct {
	states  int
	samples int
}

// distribution is DistributionContext, counting its work in w when w is
// not nil.
func (e *Expr) distribution(ctx context.Context, opt DistOptions, w *spent) (*Dist, error) {
	if ctx.Err() != nil {
		return nil, e.tooHeavy()
	}
	if err := e.explosionsFit(); err != nil {
		return nil, err
	}
	if est := e.estimate(opt); opt.Budget >= 0 && est.fits(opt) {
		d, err := e.exact(ctx, opt, est.allowance(opt), w)
		switch {
		case errors.Is(err, errStopped):
			return nil, e.tooHeavy()
		case !errors.Is(err, errBudget):
			return d, err
		}
	}
	d, err := e.sample(ctx, opt)
	if w != nil && d != nil {
		w.samples = d.samples
	}
	return d, err
}

// explosionsFit fails with CodeTooManyDice when a term whose first
// operation is an explosion (e, !, !! or !p: each draws again while the new
// face matches) surely leaves no room in MaxDice for its explosions
// (1000d6!, 900d6!, 900d6!!): their number is a sum of geometric counts,
// and the room is more than three standard deviations below its mean. The
// computed distribution would report that most rolls fail; this says so
// before computing anything. Closer cases are left to the computation.
func (e *Expr) explosionsFit() error {
	room := float64(MaxDice - int(e.ndice))
	for i := range e.nodes {
		n := &e.nodes[i]
		ops := e.ops(n)
		if n.kind != KindDice || n.val == 0 || len(ops) == 0 {
			continue
		}
		if op := ops[0].op; op != opE && op != opCompound && op != opPenetrate {
			continue
		}
		g := ops[:opGroupEnd(ops, 0)]
		p := matchShare(g, minFace(n), maxFace(n))
		if p == 0 || p >= 1 {
			continue // never explodes, or never stops: the computation says which
		}
		mean := float64(n.val) * p / (1 - p)
		sd := math.Sqrt(float64(n.val)*p) / (1 - p)
		if room < mean-3*sd {
			return e.errAt(CodeTooManyDice, n.pos, "Limit", MaxDice)
		}
	}
	return nil
}

// estimateSlack is how far beyond its estimate an exact computation may go
// (but at least an eighth of the budget, at most all of it): an estimate
// that far off means an expression the estimate does not see through,
// better sampled than computed at any price.
const estimateSlack = 8

// allowance returns the states the exact computation may spend.
func (x estimate) allowance(opt DistOptions) int {
	budget := opt.Budget
	if budget == 0 {
		budget = DefaultBudget
	}
	return int(min(float64(budget), max(estimateSlack*x.states, float64(budget/8))))
}

// tooHeavy returns the error of an expression too heavy to work out.
func (e *Expr) tooHeavy() error {
	return &Error{Code: CodeTooHeavy, Pos: -1, Args: map[string]any{}}
}

// Stopped reports whether the context stopped the Monte-Carlo estimate
// before its sample size: Samples is what it had rolled by then.
func (d *Dist) Stopped() bool { return d.stopped }

// Cost is what Expr.Distribution is expected to cost with some options,
// estimated from the notation alone in microseconds: what a caller
// weighs before running it (a semaphore for heavy computations). States
// and bytes are estimates, mostly from above, of what the exact
// computation will charge; it may still fall back to the Monte-Carlo
// estimate while it runs. An expression with !!, !p or a function has no
// exact method: its Cost is never Exact.
type Cost struct {
	Exact   bool  // the exact computation fits the budgets, as far as the estimate sees
	States  int64 // states the exact computation visits
	Bytes   int64 // bytes it allocates
	Samples int   // when not Exact: the Monte-Carlo sample size; 0 when too heavy even for MinSamples
	Roll    int64 // the work of one roll, in states: what /roll costs per repeat
}

// Cost estimates what e.Distribution(opt) costs.
func (e *Expr) Cost(opt DistOptions) Cost {
	est := e.estimate(opt)
	c := Cost{States: sat(est.states), Bytes: sat(8 * est.cells), Roll: e.rollWork()}
	c.Exact = opt.Budget >= 0 && est.fits(opt)
	if !c.Exact {
		c.Samples = opt.Samples
		if c.Samples <= 0 {
			c.Samples = autoSamples(c.Roll)
		}
	}
	return c
}

// Work returns the estimated work of the call, in states: the exact
// computation's when it fits, else the Monte-Carlo estimate's.
func (c Cost) Work() int64 {
	if c.Exact {
		return c.States
	}
	return sat(float64(c.Samples) * float64(c.Roll))
}

// Heavy reports whether the call is expected to take more than HeavyWork.
func (c Cost) Heavy() bool { return c.Work() > HeavyWork }

// TooHeavy reports whether the call will fail with CodeTooHeavy: neither
// computed nor estimated within the budgets.
func (c Cost) TooHeavy() bool { return !c.Exact && c.Samples == 0 }

// sat converts x to an int64, saturating at MaxInt64/2.
func sat(x float64) int64 {
	if !(x < math.MaxInt64/2) {
		return math.MaxInt64 / 2
	}
	return int64(max(x, 0))
}
