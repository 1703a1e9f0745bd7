package dice

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"math/big"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// Distribution defaults.
const (
	DefaultBudget  = 1 << 24 // states an exact computation may visit (at most a few tens of milliseconds)
	DefaultMemory  = 6 << 20 // bytes an exact computation may allocate
	DefaultSamples = 100_000 // Monte-Carlo samples at most (fewer when rolls cost more: see SampleWork)

	// MaxShownDenominator bounds the fractions the ...Rat methods return:
	// 319/400 is shown, 15869/1296 too, a fraction over 6^10 is not.
	MaxShownDenominator = 1_000_000
)

// DistOptions tunes Expr.Distribution; the zero value is ready to use.
type DistOptions struct {
	// Budget is the number of states (cells of the dynamic programs and
	// convolutions, about a nanosecond of work each) the exact computation
	// may visit before it gives up for a Monte-Carlo estimate; 0 means
	// DefaultBudget and a negative value estimates at once.
	Budget int
	// Memory is the number of bytes the exact computation may allocate in
	// all (its distributions, states and tables, and the Dist it returns)
	// before it gives up for the estimate; 0 means DefaultMemory.
	Memory int
	// ExplodeDepth is the number of explosions followed per die for each e
	// or !; 0 chooses, per term, the depth beyond which less than 1e-12 of
	// the probability is left. It never exceeds what MaxDice allows.
	ExplodeDepth int
	// Samples is the Monte-Carlo sample size; 0 means as many as SampleWork
	// allows for the expression's rolls, DefaultSamples at most (see Cost),
	// and CodeTooHeavy when that is fewer than MinSamples.
	Samples int
	// Seed seeds the Monte-Carlo roller (NewSeeded): the same seed gives the
	// same estimate.
	Seed uint64
}

// Dist is the probability distribution of an expression's value
// (Expr.Distribution): its total, or for a comparison the total of its left
// side, with the probability of success (Success). A Dist is immutable and
// safe for concurrent use.
//
// Every expression of the notation has one, computed rather than
// enumerated: sums and differences by convolution of independent parts;
// *, / (rounding down) and % over pairs of values; keep and drop by order
// statistics, a dynamic program over the faces that counts the dice placed
// above each face (4d6kh3, 100d6kh3, 2d20kl1); rerolls (rr: the face given
// that it no longer matches; ro: once; ra: one more die); explosions to a
// depth, the probability beyond it reported as Leftover; mi/ma; counts
// (10d10c>=8); sets, whose elements may differ; Fate dice; and comparisons,
// whose probability of success is Success. Labels, comments and critical
// ranges (cs, cf) change nothing. Compounding (!!), penetrating (!p) and
// functions (floor, ceil, round, abs) have no exact method: their
// distributions are always the Monte-Carlo estimate below (Cost says so).
//
// Probabilities are exact fractions while the common denominator of the
// computation fits in 64 bits (4d6kh3: /1296, 2d20kh1+5>=15: 319/400;
// up to 24d6), float64 otherwise (100d6, accurate to about 1e-14 relative,
// tails included); the ...Rat methods return fractions whose denominator is
// at most MaxShownDenominator. Either way the distribution is computed and
// Exact reports true. When the computation would visit more states than
// DistOptions.Budget or allocate more than DistOptions.Memory (see Cost and
// DistributionContext), the distribution is estimated instead by rolling the
// expression DistOptions.Samples times (or as many as SampleWork allows)
// with NewSeeded(DistOptions.Seed): Exact reports false, Samples the sample
// size and Interval95 a 95% interval for any probability read from it.
//
// MaxDice (rerolls and explosions included) makes a roll fail. The computed
// distribution counts explosions beyond what MaxDice allows as Leftover
// where it knows the number of explosions (a term whose first operation is
// e or !), and Distribution fails with CodeTooManyDice when that is more
// likely than not (1000d6!); elsewhere rerolls and explosions are followed
// as if the dice allowed them, which matters only for pools near MaxDice.
type Dist struct {
	vals     []int     // values with positive probability, ascending
	probs    []float64 // their probabilities
	counts   []uint64  // exact: counts[i]/den; nil when not tracked
	den      uint64
	exact    bool // computed, not sampled
	samples  int
	leftover float64

	mean, sd float64
	meanRat  *big.Rat // exact mean, nil when not tracked

	compare bool // the expression is a comparison: succ is P(success)
	stopped bool // the context stopped the sampling before its sample size
	target  *distTarget
	succ    float64
	succRat *big.Rat // nil when not tracked
}

// distTarget is a target set by WithTarget.
type distTarget struct {
	op    byte
	value int
}

// Distribution returns the probability distribution of the expression's
// value (for a comparison, its left side's) and, for a comparison, the
// probability of success. Errors are *Error: an expression that can divide
// by zero (CodeDivisionByZero) or overflow (CodeOverflow) for some outcome,
// or whose rerolls or explosions match every face (CodeTooManyDice), or
// that is too heavy to compute or estimate (CodeTooHeavy). It is
// DistributionContext without a deadline.
func (e *Expr) Distribution(opt DistOptions) (*Dist, error) {
	return e.DistributionContext(context.Background(), opt)
}

// exact computes the distribution within budget states and the memory of
// opt; errBudget when it goes beyond them, errStopped when ctx is done first.
// Its work goes to w when w is not nil.
func (e *Expr) exact(ctx context.Context, opt DistOptions, budget int, w *spent) (*Dist, error) {
	c := &dctx{e: e, budget: budget, memory: opt.Memory, exact: true, depth: opt.ExplodeDepth, ctx: ctx}
	if c.memory <= 0 {
		c.memory = DefaultMemory
	}
	d, err := c.run()
	if w != nil {
		w.states = budget - max(c.budget, 0)
		if c.budget < 0 { // the charge that failed was never spent: all of it, at most
			w.states = budget
		}
	}
	if err == nil && c.capped != nil && d.leftover > 0.5 {
		// MaxDice leaves no room for the explosions: most rolls would fail
		return nil, e.errAt(CodeTooManyDice, c.capped.pos, "Limit", MaxDice)
	}
	return d, err
}

// DistributionOf parses s and returns its distribution.
func DistributionOf(s string, opt DistOptions) (*Dist, error) {
	e, err := Parse(s)
	if err != nil {
		return nil, err
	}
	return e.Distribution(opt)
}

func (c *dctx) run() (*Dist, error) {
	root := c.e.root()
	n := &c.e.nodes[root]
	if n.kind != KindCompare {
		p, err := c.eval(root)
		if err != nil {
			return nil, err
		}
		if err := c.take(distCells * p.nnz()); err != nil {
			return nil, err
		}
		return newDist(p, nil, scal{}, c.cut), nil
	}
	a, err := c.eval(n.a)
	if err != nil {
		return nil, err
	}
	b, err := c.eval(n.b)
	if err != nil {
		return nil, err
	}
	s, err := c.success(a, b, n.op)
	if err != nil {
		return nil, err
	}
	if c.cut { // the values' probabilities exclude what the right side cut off too
		if a, err = c.scale(a, b.massScal()); err != nil {
			return nil, err
		}
	}
	if err := c.take(distCells * a.nnz()); err != nil {
		return nil, err
	}
	return newDist(a, b, s, c.cut), nil
}

// distCells is the memory of a Dist per value, in cells: the value, its
// probability and its count.
const distCells = 3

// newDist builds the Dist of p; for a comparison, p is its left side (times
// the mass of its right side b, when something was cut off) and s the
// probability of success.
func newDist(p, b *pmf, s scal, cut bool) *Dist {
	d := &Dist{exact: true}
	nz := p.nnz()
	d.vals, d.probs = make([]int, 0, nz), make([]float64, 0, nz)
	if p.exact() {
		d.counts = make([]uint64, 0, nz)
	}
	for i := range p.size() {
		if p.nonzero(i) {
			d.vals = append(d.vals, p.lo+i)
			d.probs = append(d.probs, p.prob(i))
			if p.exact() {
				d.counts = append(d.counts, p.x[i])
			}
		}
	}
	if p.exact() {
		d.den = p.den
	}
	mass := p.massScal() // for a comparison, p is already scaled by the right side's mass
	if b != nil {
		d.compare = true
		d.succ = s.f
		if s.exact() {
			d.succRat = new(big.Rat).SetFrac(new(big.Int).SetUint64(s.n), new(big.Int).SetUint64(s.d))
		}
	}
	switch {
	case !cut: // no explosion was cut off: any shortfall is rounding
	case mass.exact():
		d.leftover, _ = new(big.Rat).Sub(big.NewRat(1, 1), rat(mass.n, mass.d)).Float64()
	default:
		d.leftover = max(0, 1-mass.f)
	}
	d.moments()
	return d
}

// moments sets the mean and standard deviation of the distribution given
// that nothing was cut off.
func (d *Dist) moments() {
	if len(d.vals) == 0 {
		return
	}
	if d.counts != nil {
		// Σ v·count in 128 bits, positive and negative parts apart
		var pos, neg [2]uint64
		var tot uint64 // ≤ den
		for i, x := range d.counts {
			tot += x
			v, acc := d.vals[i], &pos
			if v < 0 {
				acc = &neg
			}
			hi, lo := bits.Mul64(uint64(absInt(v)), x)
			var carry uint64
			acc[1], carry = bits.Add64(acc[1], lo, 0)
			acc[0] += hi + carry
		}
		num := new(big.Int).Sub(u128(pos), u128(neg))
		d.meanRat = new(big.Rat).SetFrac(num, new(big.Int).SetUint64(tot))
		d.mean, _ = d.meanRat.Float64()
	} else {
		s, m := 0.0, 0.0
		for i, p := range d.probs {
			s += p
			m += p * float64(d.vals[i])
		}
		d.mean = m / s
	}
	s, v := 0.0, 0.0
	for i, p := range d.probs {
		x := float64(d.vals[i]) - d.mean
		s += p
		v += p * x * x
	}
	d.sd = math.Sqrt(v / s)
}

func absInt(v int) int {
	if v < 0 {
		return -v // MinInt stays MinInt: as a uint64, its magnitude
	}
	return v
}

func u128(x [2]uint64) *big.Int {
	hi := new(big.Int).SetUint64(x[0])
	return hi.Lsh(hi, 64).Or(hi, new(big.Int).SetUint64(x[1]))
}

func rat(n, d uint64) *big.Rat {
	return new(big.Rat).SetFrac(new(big.Int).SetUint64(n), new(big.Int).SetUint64(d))
}

// shown returns r when its denominator is at most MaxShownDenominator.
func shown(r *big.Rat) (*big.Rat, bool) {
	if r == nil || !r.Denom().IsUint64() || r.Denom().Uint64() > MaxShownDenominator {
		return nil, false
	}
	return r, true
}

// Exact reports whether the distribution was computed (true) or estimated
// by Monte-Carlo sampling (false). Computed probabilities are exact
// fractions when the ...Rat methods say so, float64 otherwise.
func (d *Dist) Exact() bool { return d.exact }

// Samples returns the Monte-Carlo sample size; 0 for a computed distribution.
func (d *Dist) Samples() int { return d.samples }

// Leftover returns the probability of the outcomes not in the distribution:
// computed, those in which some die exploded more times than the depth (or
// MaxDice) allowed, anywhere in the expression; estimated, the share of
// samples that exceeded MaxDice. The probabilities of the values and
// Leftover add up to 1; so do, for a comparison, the probabilities of
// success and failure and Leftover.
func (d *Dist) Leftover() float64 { return d.leftover }

// Values returns the values with positive probability, ascending.
func (d *Dist) Values() []int { return slices.Clone(d.vals) }

// Min returns the least value (0 if there is none).
func (d *Dist) Min() int {
	if len(d.vals) == 0 {
		return 0
	}
	return d.vals[0]
}

// Max returns the greatest value (0 if there is none).
func (d *Dist) Max() int {
	if len(d.vals) == 0 {
		return 0
	}
	return d.vals[len(d.vals)-1]
}

// Mean returns the expected value (given no leftover).
func (d *Dist) Mean() float64 { return d.mean }

// StdDev returns the standard deviation (given no leftover).
func (d *Dist) StdDev() float64 { return d.sd }

// MeanRat returns the exact mean when it is known and its denominator is at
// most MaxShownDenominator: 15869/1296 for 4d6kh3.
func (d *Dist) MeanRat() (*big.Rat, bool) { return shown(d.meanRat) }

// Prob returns the probability of value v.
func (d *Dist) Prob(v int) float64 {
	if i, ok := slices.BinarySearch(d.vals, v); ok {
		return d.probs[i]
	}
	return 0
}

// ProbRat returns the probability of v as a fraction, when it is known
// exactly and its denominator is at most MaxShownDenominator.
func (d *Dist) ProbRat(v int) (*big.Rat, bool) {
	return shown(d.ratWhere(func(x int) bool { return x == v }))
}

// ratWhere returns the exact probability of the values for which keep
// holds, or nil when it is not tracked.
func (d *Dist) ratWhere(keep func(int) bool) *big.Rat {
	if d.counts == nil {
		return nil
	}
	var s, c big.Int
	for i, x := range d.counts {
		if keep(d.vals[i]) {
			s.Add(&s, c.SetUint64(x))
		}
	}
	return new(big.Rat).SetFrac(&s, new(big.Int).SetUint64(d.den))
}

func (d *Dist) probWhere(keep func(int) bool) float64 {
	if d.counts != nil { // one rounding: the exact sum, then the division
		var n uint64 // ≤ den
		for i, x := range d.counts {
			if keep(d.vals[i]) {
				n += x
			}
		}
		return float64(n) / float64(d.den)
	}
	s := 0.0
	for i, p := range d.probs {
		if keep(d.vals[i]) {
			s += p
		}
	}
	return min(s, 1)
}

// AtLeast returns P(value ≥ v).
func (d *Dist) AtLeast(v int) float64 { return d.probWhere(func(x int) bool { return x >= v }) }

// AtMost returns P(value ≤ v).
func (d *Dist) AtMost(v int) float64 { return d.probWhere(func(x int) bool { return x <= v }) }

// AtLeastRat returns P(value ≥ v) as a shown fraction (see ProbRat).
func (d *Dist) AtLeastRat(v int) (*big.Rat, bool) {
	return shown(d.ratWhere(func(x int) bool { return x >= v }))
}

// AtMostRat returns P(value ≤ v) as a shown fraction (see ProbRat).
func (d *Dist) AtMostRat(v int) (*big.Rat, bool) {
	return shown(d.ratWhere(func(x int) bool { return x <= v }))
}

// cmpCode returns the comparison code of ">=", ">", "<=", "<", "==" (or "=")
// and "!=", or 0.
func cmpCode(op string) byte {
	switch op {
	case "=":
		return cmpEQ
	}
	for c, name := range cmpNames {
		if name != "" && name == op {
			return byte(c)
		}
	}
	return 0
}

// Chance returns P(value op target) for op one of >= > <= < == != (and =):
// as a float64, as a fraction when it is shown (see ProbRat) or nil, and
// false when op is none of those.
func (d *Dist) Chance(op string, target int) (float64, *big.Rat, bool) {
	code := cmpCode(op)
	if code == 0 {
		return 0, nil, false
	}
	keep := func(x int) bool { return compare(code, x, target) }
	r, _ := shown(d.ratWhere(keep))
	return d.probWhere(keep), r, true
}

// Success returns, for a comparison expression (2d20kh1+5 >= 15), the
// probability of success: as a float64, as a fraction when it is shown (see
// ProbRat) or nil, and true; for any other expression, 0, nil, false. After
// WithTarget, it is the probability of the target instead.
func (d *Dist) Success() (float64, *big.Rat, bool) {
	if d.target != nil {
		return d.Chance(cmpNames[d.target.op], d.target.value)
	}
	if !d.compare {
		return 0, nil, false
	}
	r, _ := shown(d.succRat)
	return d.succ, r, true
}

// WithTarget returns a copy of d whose Success and JSON p_target are
// P(value op target), for `/stats expr target compare`; false when op is
// not a comparison operator.
func (d *Dist) WithTarget(op string, target int) (*Dist, bool) {
	code := cmpCode(op)
	if code == 0 {
		return nil, false
	}
	c := *d
	c.target = &distTarget{op: code, value: target}
	return &c, true
}

// Interval95 returns a 95% confidence interval for a probability p read
// from this distribution: the Wilson score interval over the Monte-Carlo
// samples, or [p, p] for a computed distribution.
func (d *Dist) Interval95(p float64) (lo, hi float64) {
	if d.exact || d.samples == 0 {
		return p, p
	}
	const z = 1.959963984540054
	n := float64(d.samples)
	den := 1 + z*z/n
	center := (p + z*z/(2*n)) / den
	half := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / den
	return max(0, center-half), min(1, center+half)
}

type distJSON struct {
	Exact      bool        `json:"exact"`
	Mean       float64     `json:"mean"`
	StdDev     float64     `json:"stddev"`
	Min        int         `json:"min"`
	Max        int         `json:"max"`
	MeanRat    string      `json:"mean_rat,omitempty"`
	PTarget    *float64    `json:"p_target,omitempty"`
	PTargetRat string      `json:"p_target_rat,omitempty"`
	PTargetCI  *[2]float64 `json:"p_target_ci95,omitempty"`
	MeanCI     *[2]float64 `json:"mean_ci95,omitempty"`
	Samples    int         `json:"samples,omitempty"`
	Leftover   float64     `json:"leftover,omitempty"`
	PMF        [][2]any    `json:"pmf"`
}

// MarshalJSON encodes the distribution for `/stats` and `rulekeeper stats --json`:
//
//	{"exact":true,"mean":10.5,"stddev":5.766,"min":1,"max":20,"mean_rat":"21/2",
//	 "p_target":0.55,"p_target_rat":"11/20","pmf":[[1,0.05],[2,0.05],...]}
//
// mean_rat and p_target_rat appear when the fraction is shown (see ProbRat);
// p_target for a comparison (its probability of success) or after
// WithTarget; samples, p_target_ci95 and mean_ci95 (95% intervals) for a
// Monte-Carlo estimate; leftover when positive (see Leftover). Means and
// standard deviations of an empty distribution are 0.
func (d *Dist) MarshalJSON() ([]byte, error) {
	j := distJSON{Exact: d.exact, Mean: finite(d.mean), StdDev: finite(d.sd), Min: d.Min(), Max: d.Max(),
		Samples: d.samples, Leftover: d.leftover, PMF: make([][2]any, len(d.vals))}
	if r, ok := d.MeanRat(); ok {
		j.MeanRat = r.RatString()
	}
	if p, r, ok := d.Success(); ok {
		j.PTarget = &p
		if r != nil {
			j.PTargetRat = r.RatString()
		}
		if !d.exact {
			lo, hi := d.Interval95(p)
			j.PTargetCI = &[2]float64{lo, hi}
		}
	}
	if !d.exact && d.samples > 0 {
		h := 1.959963984540054 * d.sd / math.Sqrt(float64(d.samples))
		j.MeanCI = &[2]float64{finite(d.mean - h), finite(d.mean + h)}
	}
	for i, v := range d.vals {
		j.PMF[i] = [2]any{v, d.probs[i]}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(j); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

func finite(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	return x
}

// Percent formats a probability as a percentage for people: at most two
// decimals from 1% to 99% ("79.75%", "50%"), two significant digits below
// 1% ("0.46%", "0.0077%", "1e-18%") and as many nines above 99% as it takes
// not to round to 100% ("99.9923%", ">99.9999999999%"). Only 0 is "0%" and
// only 1 is "100%".
func Percent(p float64) string {
	switch {
	case math.IsNaN(p) || p <= 0:
		return "0%"
	case p >= 1:
		return "100%"
	}
	pct := p * 100
	dec := 2
	switch {
	case pct < 1:
		dec = 1 - int(math.Floor(math.Log10(pct)))
	case pct > 99:
		dec = max(2, 1-int(math.Floor(math.Log10(100-pct))))
	}
	if dec > 10 {
		if pct < 1 {
			return strconv.FormatFloat(pct, 'g', 2, 64) + "%"
		}
		return ">99.9999999999%"
	}
	s := strconv.FormatFloat(pct, 'f', dec, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s + "%"
}
