package dice

import (
	"context"
	"errors"
	"math"
	"math/bits"
)

// This file holds the numeric core of Expr.Distribution: pmf, a probability
// mass function over a run of consecutive integers, kept either exactly (a
// uint64 count per value over a uint64 denominator) or as float64
// probabilities. Every operation stays exact while its numbers fit in 64 bits
// and otherwise carries on in float64; the same loops serve both (generic
// kernels below). Operations never modify their operands: a pmf, once built,
// is shared freely (memo tables hold them).

var (
	// errBudget: the exact computation would visit more states than its budget.
	errBudget = errors.New("dice: distribution state budget exceeded")
	// errRange: a reachable value does not fit in an int (a roll would fail
	// with CodeOverflow); the caller turns it into that error at its node.
	errRange = errors.New("dice: value out of range")
	// errStopped: the caller's context is done (its deadline has passed).
	errStopped = errors.New("dice: distribution stopped by its context")
)

// pmf is a sub-probability mass function over lo, lo+1, ..., lo+size()-1:
// its mass may fall short of 1 by what explosions cut off beyond their depth
// (and, inside the dynamic programs of dist_term.go, partial weights may
// exceed 1). Exact mode: x[i]/den. Float mode: f[i] (den is 0).
type pmf struct {
	lo  int
	f   []float64
	x   []uint64
	den uint64
}

func (p *pmf) exact() bool { return p.den != 0 }

func (p *pmf) size() int {
	if p.den != 0 {
		return len(p.x)
	}
	return len(p.f)
}

// hi returns the largest value (size() > 0).
func (p *pmf) hi() int { return p.lo + p.size() - 1 }

func (p *pmf) prob(i int) float64 {
	if p.den != 0 {
		return float64(p.x[i]) / float64(p.den)
	}
	return p.f[i]
}

func (p *pmf) nonzero(i int) bool {
	if p.den != 0 {
		return p.x[i] != 0
	}
	return p.f[i] != 0
}

// nnz counts the values with positive probability.
func (p *pmf) nnz() int {
	n := 0
	for i := range p.size() {
		if p.nonzero(i) {
			n++
		}
	}
	return n
}

// floats returns the probabilities as float64 (p.f itself in float mode: do not modify).
func (p *pmf) floats() []float64 {
	if p.den == 0 {
		return p.f
	}
	f := make([]float64, len(p.x))
	d := float64(p.den)
	for i, c := range p.x {
		f[i] = float64(c) / d
	}
	return f
}

func (p *pmf) toFloat() *pmf {
	if p.den == 0 {
		return p
	}
	return &pmf{lo: p.lo, f: p.floats()}
}

// mass returns the total probability.
func (p *pmf) mass() float64 {
	s := 0.0
	for i := range p.size() {
		s += p.prob(i)
	}
	return s
}

// massScal returns the total probability as a scalar (exact when p is and the sum fits).
func (p *pmf) massScal() scal {
	if p.den != 0 {
		var s uint64
		for _, c := range p.x {
			var carry uint64
			s, carry = bits.Add64(s, c, 0)
			if carry != 0 {
				return floatScal(p.mass())
			}
		}
		return ratScal(s, p.den)
	}
	return floatScal(p.mass())
}

// trim drops zero probabilities at both ends, in place, and returns p.
func (p *pmf) trim() *pmf {
	n := p.size()
	a, b := 0, n
	for a < b && !p.nonzero(a) {
		a++
	}
	for b > a && !p.nonzero(b-1) {
		b--
	}
	if a == 0 && b == n {
		return p
	}
	if p.den != 0 {
		p.x = p.x[a:b]
	} else {
		p.f = p.f[a:b]
	}
	if a < b {
		p.lo += a
	}
	return p
}

// reduce divides counts and denominator by their greatest common divisor;
// it returns p itself when there is nothing to divide.
func (p *pmf) reduce() *pmf {
	if p.den <= 1 {
		return p
	}
	g := p.den
	for _, c := range p.x {
		if c != 0 {
			g = gcd(g, c)
			if g == 1 {
				return p
			}
		}
	}
	x := make([]uint64, len(p.x))
	for i, c := range p.x {
		x[i] = c / g
	}
	return &pmf{lo: p.lo, x: x, den: p.den / g}
}

// scal is a scalar weight: n/d exactly when d != 0, and f (its float value) always.
type scal struct {
	n, d uint64
	f    float64
}

func ratScal(n, d uint64) scal {
	if g := gcd(n, d); g > 1 {
		n, d = n/g, d/g
	}
	return scal{n: n, d: d, f: float64(n) / float64(d)}
}

func floatScal(f float64) scal { return scal{f: f} }

func (a scal) exact() bool { return a.d != 0 }
func (a scal) isZero() bool {
	if a.d != 0 {
		return a.n == 0
	}
	return a.f == 0
}

func (a scal) mul(b scal) scal {
	if a.d != 0 && b.d != 0 {
		an, bd := a.n, b.d
		if g := gcd(an, bd); g > 1 {
			an, bd = an/g, bd/g
		}
		bn, ad := b.n, a.d
		if g := gcd(bn, ad); g > 1 {
			bn, ad = bn/g, ad/g
		}
		if n, ok := mul64(an, bn); ok {
			if d, ok := mul64(ad, bd); ok {
				return scal{n: n, d: d, f: float64(n) / float64(d)}
			}
		}
	}
	return floatScal(a.f * b.f)
}

func (a scal) pow(k int) scal {
	r := ratScal(1, 1)
	for range k {
		r = r.mul(a)
	}
	return r
}

func (a scal) add(b scal) scal {
	if a.d != 0 && b.d != 0 {
		if l, ok := lcm64(a.d, b.d); ok {
			x, ok1 := mul64(a.n, l/a.d)
			y, ok2 := mul64(b.n, l/b.d)
			if s, c := bits.Add64(x, y, 0); ok1 && ok2 && c == 0 {
				return ratScal(s, l)
			}
		}
	}
	return floatScal(a.f + b.f)
}

func gcd(a, b uint64) uint64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func mul64(a, b uint64) (uint64, bool) {
	hi, lo := bits.Mul64(a, b)
	return lo, hi == 0
}

func lcm64(a, b uint64) (uint64, bool) {
	return mul64(a/gcd(a, b), b)
}

func addInt(a, b int) (int, bool) {
	s := a + b
	if (a > 0 && b > 0 && s < 0) || (a < 0 && b < 0 && s >= 0) {
		return 0, false
	}
	return s, true
}

func subInt(a, b int) (int, bool) {
	s := a - b
	if (b < 0 && s < a) || (b > 0 && s > a) {
		return 0, false
	}
	return s, true
}

// dctx is the state of one Distribution computation.
type dctx struct {
	e      *Expr
	budget int             // states left before falling back to Monte-Carlo
	memory int             // bytes the computation may still allocate
	ctx    context.Context // the caller's context (nil: none)
	tick   int             // states spent since ctx was last looked at
	exact  bool            // start every term exact (false: float64 from the start)
	depth  int             // ExplodeDepth option (0: automatic)
	cut    bool            // some explosion was cut off at its depth
	capped *node           // a term whose explosions MaxDice leaves no room for
}

// pmfCells is the memory of a pmf besides its values, in cells: the
// header that every result carries, however small.
const pmfCells = 8

// checkEvery is how many states the computation spends between two looks
// at its context: well under a millisecond.
const checkEvery = 1 << 16

// stepWeight is what one step of a dynamic program (a memo entry, a
// transition of the order statistics, a state of a set) costs, in states of
// the budget: it allocates where a convolution cell adds a number.
const stepWeight = 16

// rankWeight is what one transition of the order statistics' dynamic
// program costs, in states: weights, powers and a convolution's bookkeeping.
const rankWeight = 128

// pairWeight is what one pair of values costs pairs, in states: two
// divisions with their checks; productWeight the same for a product.
const (
	pairWeight    = 12
	productWeight = 6
	// missWeight is added per pair when the result outgrows the caches
	// (more than missSpan values): every pair then writes to memory.
	missWeight = 8
	missSpan   = 1 << 16
)

// spend charges n states (cells of the dynamic programs and convolutions).
// Past the budget it fails with errBudget, once the context is done with
// errStopped; either way every later charge fails too.
func (c *dctx) spend(n int) error {
	if n < 0 || n > c.budget {
		c.budget = -1
		return errBudget
	}
	c.budget -= n
	if c.tick += n; c.tick >= checkEvery && c.ctx != nil {
		c.tick = 0
		if c.ctx.Err() != nil {
			c.budget = -1
			return errStopped
		}
	}
	return nil
}

// take charges the memory of n new 8-byte cells (counts, probabilities,
// values, and the bookkeeping of states counted in cells); past the memory
// budget it fails with errBudget, and so does every later charge.
func (c *dctx) take(n int) error {
	if n < 0 || n > c.memory/8 {
		c.budget, c.memory = -1, -1
		return errBudget
	}
	c.memory -= 8 * n
	return nil
}

func (c *dctx) point(v int) *pmf {
	if c.exact {
		return &pmf{lo: v, x: []uint64{1}, den: 1}
	}
	return &pmf{lo: v, f: []float64{1}}
}

// empty returns the zero measure.
func (c *dctx) empty() *pmf {
	if c.exact {
		return &pmf{den: 1}
	}
	return &pmf{}
}

// uniform returns the uniform distribution on lo..lo+n-1 (n ≥ 1).
func (c *dctx) uniform(lo, n int) (*pmf, error) {
	if err := c.take(n); err != nil {
		return nil, err
	}
	if c.exact {
		x := make([]uint64, n)
		for i := range x {
			x[i] = 1
		}
		return &pmf{lo: lo, x: x, den: uint64(n)}, nil
	}
	f := make([]float64, n)
	for i := range f {
		f[i] = 1 / float64(n)
	}
	return &pmf{lo: lo, f: f}, nil
}

// convF adds the convolution of a and b to dst (len(dst) ≥ len(a)+len(b)-1).
func convF(dst, a, b []float64) {
	for i, w := range a {
		if w == 0 {
			continue
		}
		d := dst[i : i+len(b)]
		for j, v := range b {
			d[j] += w * v
		}
	}
}

// convX is convF on counts; it reports false on overflow (dst is then garbage).
func convX(dst, a, b []uint64) bool {
	var ma, mb uint64
	na := 0
	for _, w := range a {
		ma = max(ma, w)
		if w != 0 {
			na++
		}
	}
	for _, v := range b {
		mb = max(mb, v)
	}
	if hi, lo := bits.Mul64(ma, mb); hi == 0 {
		if hi, _ := bits.Mul64(lo, uint64(min(na, len(b)))); hi == 0 {
			for i, w := range a { // no sum can overflow: the plain loop
				if w == 0 {
					continue
				}
				d := dst[i : i+len(b)]
				for j, v := range b {
					d[j] += w * v
				}
			}
			return true
		}
	}
	for i, w := range a {
		if w == 0 {
			continue
		}
		d := dst[i : i+len(b)]
		for j, v := range b {
			hi, lo := bits.Mul64(w, v)
			s, carry := bits.Add64(d[j], lo, 0)
			if hi|carry != 0 {
				return false
			}
			d[j] = s
		}
	}
	return true
}

// conv returns the distribution of A+B (or A-B when sub) for independent A, B.
func (c *dctx) conv(a, b *pmf, sub bool) (*pmf, error) {
	na, nb := a.size(), b.size()
	if na == 0 || nb == 0 {
		return &pmf{den: b2u(a.exact() && b.exact())}, nil
	}
	if !sub { // a unit point mass shifts the other side (pmfs are immutable: share it)
		if p, ok := unitShift(a, b); ok {
			return p, nil
		}
		if p, ok := unitShift(b, a); ok {
			return p, nil
		}
	}
	// both extremes are reachable (pmfs are trimmed): either overflowing is an overflow
	var lo int
	var ok1, ok2 bool
	if sub {
		lo, ok1 = subInt(a.lo, b.hi())
		_, ok2 = subInt(a.hi(), b.lo)
	} else {
		lo, ok1 = addInt(a.lo, b.lo)
		_, ok2 = addInt(a.hi(), b.hi())
	}
	if !ok1 || !ok2 {
		return nil, errRange
	}
	n := na + nb - 1
	// the cost is (nonzero values outside) × (all values inside)
	za, zb := a.nnz(), b.nnz()
	outer, inner, zo := a, b, za
	if zb*na < za*nb {
		outer, inner, zo = b, a, zb
	}
	if err := c.spend(zo*inner.size() + n); err != nil {
		return nil, err
	}
	if err := c.take(pmfCells + n + nb); err != nil { // the result, and b reversed or reduced
		return nil, err
	}
	rev := func(p *pmf) *pmf { // b reversed, for a difference
		if !sub || p != b {
			return p
		}
		r := &pmf{den: p.den}
		if p.den != 0 {
			r.x = make([]uint64, nb)
			for i, v := range p.x {
				r.x[nb-1-i] = v
			}
		} else {
			r.f = make([]float64, nb)
			for i, v := range p.f {
				r.f[nb-1-i] = v
			}
		}
		return r
	}
	outer, inner = rev(outer), rev(inner)
	if a.exact() && b.exact() {
		if den, ok := mul64(a.den, b.den); ok {
			x := make([]uint64, n)
			if convX(x, outer.x, inner.x) {
				return (&pmf{lo: lo, x: x, den: den}).trim(), nil
			}
		} else if ra, rb := a.reduce(), b.reduce(); ra != a || rb != b {
			return c.conv(ra, rb, sub)
		}
	}
	if err := c.take(n + floatCells(a) + floatCells(b)); err != nil {
		return nil, err
	}
	f := make([]float64, n)
	convF(f, outer.floats(), inner.floats())
	return (&pmf{lo: lo, f: f}).trim(), nil
}

// floatCells is the memory p.floats() allocates, in cells.
func floatCells(p *pmf) int {
	if p.exact() {
		return p.size()
	}
	return 0
}

// unitShift returns a shifted by v when b is the point mass 1 at v.
func unitShift(a, b *pmf) (*pmf, bool) {
	if b.size() != 1 || (b.den != 0 && b.x[0] != b.den) || (b.den == 0 && b.f[0] != 1) {
		return nil, false
	}
	if b.lo == 0 {
		return a, true
	}
	lo, ok1 := addInt(a.lo, b.lo)
	_, ok2 := addInt(a.hi(), b.lo)
	if !ok1 || !ok2 {
		return nil, false // conv reports it
	}
	return &pmf{lo: lo, f: a.f, x: a.x, den: a.den}, true
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// sterm is one term of a weighted sum of measures.
type sterm struct {
	p *pmf
	w scal
}

// sum returns Σ w·p over the terms: a mixture, or a step of a dynamic program.
// It is exact when every term is and the common denominator fits.
func (c *dctx) sum(ts []sterm) (*pmf, error) {
	if len(ts) == 1 && ts[0].w.d == 1 && ts[0].w.n == 1 {
		return ts[0].p, nil
	}
	lo, hi, any, exact := 0, 0, false, true
	var den uint64 = 1
	cost := 0
	for _, t := range ts {
		if t.p.size() == 0 || t.w.isZero() {
			continue
		}
		if !any || t.p.lo < lo {
			lo = t.p.lo
		}
		if !any || t.p.hi() > hi {
			hi = t.p.hi()
		}
		any = true
		cost += t.p.size()
		if exact {
			exact = t.p.exact() && t.w.exact()
			if exact {
				d, ok := mul64(t.p.den, t.w.d)
				if ok {
					den, ok = lcm64(den, d)
				}
				exact = ok
			}
		}
	}
	if !any {
		return c.empty(), nil
	}
	if err := c.spend(cost + hi - lo + 1); err != nil {
		return nil, err
	}
	n := hi - lo + 1
	if err := c.take(pmfCells + 2*n); err != nil { // the sum, and its reduction or float64 copy
		return nil, err
	}
	if exact {
		x := make([]uint64, n)
		ok := true
		for _, t := range ts {
			if t.p.size() == 0 || t.w.isZero() || !ok {
				continue
			}
			k, ok1 := mul64(den/(t.p.den*t.w.d), t.w.n)
			if !ok1 {
				ok = false
				break
			}
			d := x[t.p.lo-lo:]
			for i, v := range t.p.x {
				h, l := bits.Mul64(v, k)
				s, carry := bits.Add64(d[i], l, 0)
				if h|carry != 0 {
					ok = false
					break
				}
				d[i] = s
			}
		}
		if ok {
			return (&pmf{lo: lo, x: x, den: den}).trim().reduce(), nil
		}
	}
	f := make([]float64, n)
	for _, t := range ts {
		if t.p.size() == 0 || t.w.isZero() {
			continue
		}
		d := f[t.p.lo-lo:]
		w := t.w.f
		if t.p.den != 0 {
			w /= float64(t.p.den)
			for i, v := range t.p.x {
				d[i] += w * float64(v)
			}
			continue
		}
		for i, v := range t.p.f {
			d[i] += w * v
		}
	}
	return (&pmf{lo: lo, f: f}).trim(), nil
}

// scale returns w·p.
func (c *dctx) scale(p *pmf, w scal) (*pmf, error) { return c.sum([]sterm{{p, w}}) }

// run is a maximal stretch of consecutive values with the same positive probability.
type run struct {
	off, n int
	x      uint64
	f      float64
}

func runsOf(p *pmf) []run {
	var rs []run
	for i := 0; i < p.size(); {
		if !p.nonzero(i) {
			i++
			continue
		}
		j := i + 1
		if p.den != 0 {
			for j < len(p.x) && p.x[j] == p.x[i] {
				j++
			}
			rs = append(rs, run{off: i, n: j - i, x: p.x[i]})
		} else {
			for j < len(p.f) && p.f[j] == p.f[i] {
				j++
			}
			rs = append(rs, run{off: i, n: j - i, f: p.f[i]})
		}
		i = j
	}
	return rs
}

// windowF sets ws[k] = w·Σ r[k-L+1..k] for k in [0, len(ws)), where r
// holds at least len(ws) values (zero past the data), with additions only —
// no cancellation, so tiny tail probabilities stay accurate: a window is
// the end of one block of L values (a suffix sum) and the start of the next
// (a prefix sum). Per block, one pass back for its suffix sums and one
// forward for its prefix sums and the windows that end in it; scratch holds
// two blocks' suffix sums (len ≥ 2L). ws may be r itself.
func windowF(ws, r []float64, L int, w float64, scratch []float64) {
	n := len(ws)
	prev, cur := scratch[:L], scratch[L:2*L]
	for b := 0; b < n; b += L {
		e := min(b+L, n)
		s := 0.0 // the suffix sums of this block, read before it is written
		for t := e - 1; t >= b; t-- {
			s += r[t]
			cur[t-b] = s
		}
		s = 0
		for k := b; k < e; k++ {
			s += r[k]
			// the window [a, k] is the end of the previous block and the
			// start of this one, or exactly this one
			if a := k - L + 1; b == 0 || a == b {
				ws[k] = w * s
			} else {
				ws[k] = w * (prev[a-(b-L)] + s)
			}
		}
		prev, cur = cur, prev
	}
}

// windowX is windowF on counts, by a running sum; false on overflow.
func windowX(ws, r []uint64, L int) bool {
	var s uint64
	for k := range ws {
		if k < len(r) {
			var carry uint64
			s, carry = bits.Add64(s, r[k], 0)
			if carry != 0 {
				return false
			}
		}
		if j := k - L; j >= 0 && j < len(r) {
			s -= r[j]
		}
		ws[k] = s
	}
	return true
}

// mapValues returns the distribution of fn(X); fn reports overflow with a
// non-empty code (the caller makes it an error). p must have mass ≤ 1.
func (c *dctx) mapValues(p *pmf, fn func(v int) (int, string)) (*pmf, string, error) {
	n := p.size()
	if n == 0 {
		return p, "", nil
	}
	lo, hi, first := 0, 0, true
	for i := range n {
		if !p.nonzero(i) {
			continue
		}
		v, code := fn(p.lo + i)
		if code != "" {
			return nil, code, nil
		}
		if first || v < lo {
			lo = v
		}
		if first || v > hi {
			hi = v
		}
		first = false
	}
	span := uint64(hi) - uint64(lo)
	if span > uint64(c.budget) {
		return nil, "", c.spend(c.budget + 1)
	}
	if err := c.spend(n + int(span) + 1); err != nil {
		return nil, "", err
	}
	if err := c.take(pmfCells + int(span) + 1); err != nil {
		return nil, "", err
	}
	out := &pmf{lo: lo, den: p.den}
	if p.den != 0 {
		out.x = make([]uint64, span+1)
	} else {
		out.f = make([]float64, span+1)
	}
	for i := range n {
		if !p.nonzero(i) {
			continue
		}
		v, _ := fn(p.lo + i)
		if p.den != 0 {
			out.x[v-lo] += p.x[i]
		} else {
			out.f[v-lo] += p.f[i]
		}
	}
	return out, "", nil
}

// pairs returns the distribution of op(A, B) for independent A and B by
// visiting every pair of values (products, quotients and remainders).
func (c *dctx) pairs(a, b *pmf, op byte) (*pmf, string, error) {
	na, nb := a.size(), b.size()
	if na == 0 || nb == 0 {
		return &pmf{den: b2u(a.exact() && b.exact())}, "", nil
	}
	za, zb := a.nnz(), b.nnz()
	weight := pairWeight
	if op == '*' {
		weight = productWeight
	}
	if err := c.spend(weight * za * zb); err != nil {
		return nil, "", err
	}
	lo, hi, code, product := pairRange(a, b, op)
	if code != "" {
		return nil, code, nil
	}
	fn := func(x, y int) int { v, _ := arith(op, x, y); return v }
	if product { // no product overflows: multiply
		fn = func(x, y int) int { return x * y }
	}
	span := uint64(hi) - uint64(lo)
	if span > uint64(c.budget) {
		return nil, "", c.spend(c.budget + 1)
	}
	if span >= missSpan {
		weight = missWeight
	} else {
		weight = 0
	}
	if err := c.spend(int(span) + 1 + weight*za*zb); err != nil {
		return nil, "", err
	}
	if err := c.take(pmfCells + int(span) + 1 + floatCells(a) + floatCells(b)); err != nil {
		return nil, "", err
	}
	if a.exact() && b.exact() {
		if den, ok := mul64(a.den, b.den); ok {
			x := make([]uint64, span+1)
			for i, u := range a.x {
				if u == 0 {
					continue
				}
				for j, w := range b.x {
					if w != 0 {
						x[fn(a.lo+i, b.lo+j)-lo] += u * w // ≤ den: the measures have mass ≤ 1
					}
				}
			}
			return (&pmf{lo: lo, x: x, den: den}).trim(), "", nil
		}
	}
	af, bf := a.floats(), b.floats()
	f := make([]float64, span+1)
	for i, u := range af {
		if u == 0 {
			continue
		}
		for j, w := range bf {
			if w != 0 {
				f[fn(a.lo+i, b.lo+j)-lo] += u * w
			}
		}
	}
	return (&pmf{lo: lo, f: f}).trim(), "", nil
}

// pairRange returns the least and greatest values of op(A, B), or the code
// of the first pair that fails; product reports a product computed from the
// corners of the ranges (the extremes of x·y over a box), which then no
// pair overflows.
func pairRange(a, b *pmf, op byte) (lo, hi int, code string, product bool) {
	if op == '*' {
		corners := [4][2]int{{a.lo, b.lo}, {a.lo, b.hi()}, {a.hi(), b.lo}, {a.hi(), b.hi()}}
		for k, xy := range corners {
			v, code := arith('*', xy[0], xy[1])
			if code != "" {
				break // some pair overflows: find the first, in order
			}
			if k == 0 || v < lo {
				lo = v
			}
			if k == 0 || v > hi {
				hi = v
			}
			if k == 3 {
				return lo, hi, "", true
			}
		}
	}
	first := true
	for i := range a.size() {
		if !a.nonzero(i) {
			continue
		}
		for j := range b.size() {
			if !b.nonzero(j) {
				continue
			}
			v, code := arith(op, a.lo+i, b.lo+j)
			if code != "" {
				return 0, 0, code, false
			}
			if first || v < lo {
				lo = v
			}
			if first || v > hi {
				hi = v
			}
			first = false
		}
	}
	return lo, hi, "", false
}

// success returns P(A op B) for independent A and B (op a comparison code).
func (c *dctx) success(a, b *pmf, op byte) (scal, error) {
	na, nb := a.size(), b.size()
	if na == 0 || nb == 0 {
		return ratScal(0, 1), nil
	}
	if err := c.spend(na + nb); err != nil {
		return scal{}, err
	}
	if err := c.take(nb + 1 + floatCells(a) + floatCells(b)); err != nil {
		return scal{}, err
	}
	// cnt(v) = the weight of the values y of B with v op y
	if a.exact() && b.exact() {
		if den, ok := mul64(a.den, b.den); ok {
			cum := make([]uint64, nb+1) // cum[k] = Σ b.x[:k]
			for k, w := range b.x {
				cum[k+1] = cum[k] + w
			}
			total := cum[nb]
			var s uint64
			for i, u := range a.x {
				if u == 0 {
					continue
				}
				s += u * cmpWeight(op, a.lo+i, b.lo, cum, total, func(k int) uint64 { return b.x[k] })
			}
			return ratScal(s, den), nil
		}
	}
	bf := b.floats()
	cum := make([]float64, nb+1)
	for k, w := range bf {
		cum[k+1] = cum[k] + w
	}
	total := cum[nb]
	s := 0.0
	for i, u := range a.floats() {
		if u != 0 {
			s += u * cmpWeight(op, a.lo+i, b.lo, cum, total, func(k int) float64 { return bf[k] })
		}
	}
	return floatScal(s), nil
}

// cmpWeight returns the weight of the values y (from lo on, prefix sums cum)
// for which v op y holds.
func cmpWeight[T uint64 | float64](op byte, v, lo int, cum []T, total T, at func(int) T) T {
	n := len(cum) - 1
	upTo := func(y int) T { // Σ weight of values ≤ y
		if y < lo {
			return 0
		}
		k, ok := subInt(y, lo)
		if !ok || k >= n-1 {
			return total
		}
		return cum[k+1]
	}
	eq := func(y int) T {
		k, ok := subInt(y, lo)
		if y < lo || !ok || k >= n {
			return 0
		}
		return at(k)
	}
	switch op {
	case cmpGE: // y ≤ v
		return upTo(v)
	case cmpGT: // y < v
		if v == math.MinInt {
			return 0
		}
		return upTo(v - 1)
	case cmpLE: // y ≥ v
		if v == math.MinInt {
			return total
		}
		return total - upTo(v-1)
	case cmpLT: // y > v
		return total - upTo(v)
	case cmpEQ:
		return eq(v)
	}
	return total - eq(v)
}
