package dice

import (
	"math"
	"slices"
)

// The distribution of one dice term. A term's operations split in two:
//
//   - per die: k/p/ro with value selectors only, rr, e/!, mi, ma (and c at
//     the end) act on each die alone, given its face;
//   - ranked: k/p/ro with hN or lN, and ra, look at the whole pool.
//
// A die is followed through the operations as a state, (face, exploded) or
// dropped. Three methods, tried in this order:
//
//  1. iid: no ranked operation. The dice are independent and alike, so the
//     term is the N-fold convolution of one die's contribution U (window sums
//     over runs of equal probability, so NdS costs N×range). An explosion
//     makes U a chain: U = Σ_{k≤D} B^k ⊗ A, A the contribution of a face that
//     stops, B of one that explodes; when e comes first and B is one point,
//     U^N = A^N ⊗ (Σ_k β^k δ_kb)^N, both cheap.
//  2. order statistics: one ranked operation, no explosion before it. A
//     dynamic program over the faces, highest first (lowest first for kl),
//     counting the dice placed so far: m dice showing face f take ranks
//     [j, j+m), and the operation's marks on those ranks decide what each
//     contributes — never enumerating the dice themselves. For kh/kl the
//     program stops following a count once every remaining die is dropped.
//  3. pools (dist_pool.go): anything else, over multisets of dice, within
//     the budget.
//
// The contribution of a die entering operation j in state s (its face or
// its count, and everything the later per-die operations do to it,
// explosions included) is contrib(j, s), memoized.

// stage is one operation of a term: a run of the same operator.
type stage struct {
	op     opKind
	g      []dop
	ranked bool // hN/lN selectors, or ra
	hasVal bool // value selectors (N, >N, ...)
	H, L   int  // the largest hN and lN
	lim    int  // mi, ma: the limit (as the roller clamps it)
	depth  int  // e: explosions allowed per die (and per added die's chain)
	never  bool // e, rr: every face matches, so a matching die never stops
}

type term struct {
	c       *dctx
	n       *node
	N       int
	mn, mx  int // die faces mn..mx
	S       int
	st      []stage
	count   []dop // the c selectors; nil when the term sums its dice
	faces   []int // every face a die can show, ascending: mn..mx and the mi/ma limits
	plain   bool  // faces == mn..mx
	nst     int   // states: 2 per face (exploded or not), then dropped
	bot     int   // the dropped state
	memo    map[int]*pmf
	mixes   map[[2]int]*pmf
	chains  map[[2]int]*pmf
	maps    [2]*poolMap // expand's working pools, reused
	markBuf []bool      // marks' memory
}

// newTerm prepares the term of node n; it fails when its faces and states
// would not fit the memory budget.
func (c *dctx) newTerm(n *node) (*term, error) {
	t := &term{c: c, n: n, N: n.val, mn: minFace(n), mx: maxFace(n)}
	t.S = t.mx - t.mn + 1
	ops := c.e.ops(n)
	var extra []int
	for j := 0; j < len(ops); {
		k := opGroupEnd(ops, j)
		g := ops[j:k]
		j = k
		if g[0].op == opC {
			t.count = append(t.count, g...)
			continue
		}
		if g[0].op == opCS || g[0].op == opCF { // critical ranges: no effect on values
			continue
		}
		s := stage{op: g[0].op, g: g}
		for _, d := range g {
			switch d.sel {
			case selHigh:
				s.H, s.ranked = max(s.H, d.n), true
			case selLow:
				s.L, s.ranked = max(s.L, d.n), true
			default:
				s.hasVal = true
			}
		}
		switch s.op {
		case opRA:
			s.ranked = true
		case opMI, opMA:
			// the roller stores faces as int32: a limit beyond it clamps there
			s.hasVal = false
			s.lim = max(min(g[0].n, math.MaxInt32), math.MinInt32)
			if v := s.lim; v < t.mn || v > t.mx {
				extra = append(extra, v)
			}
		}
		t.st = append(t.st, s)
	}
	if len(t.st) == 0 && t.count == nil {
		return t, nil // a plain NdS needs no die states
	}
	if err := c.take(t.S + len(extra)); err != nil {
		return nil, err
	}
	t.faces = make([]int, 0, t.S+len(extra))
	for f := t.mn; f <= t.mx; f++ {
		t.faces = append(t.faces, f)
	}
	t.faces = append(t.faces, extra...)
	slices.Sort(t.faces)
	t.faces = slices.Compact(t.faces)
	t.plain = len(t.faces) == t.S
	t.nst = 2*len(t.faces) + 1
	t.bot = t.nst - 1
	for i := range t.st {
		s := &t.st[i]
		if s.op != opE && s.op != opRR {
			continue
		}
		k := 0
		for f := t.mn; f <= t.mx; f++ {
			if t.matchVal(s, f) {
				k++
			}
		}
		s.never = k == t.S
		if s.op == opE {
			s.depth = t.depthFor(k)
		}
	}
	return t, nil
}

// autoLeftover is what an automatic explosion depth leaves, at most, per term.
const autoLeftover = 1e-12

// depthFor returns the explosions allowed per die for an e whose selector
// matches k of the die's faces.
func (t *term) depthFor(k int) int {
	limit := max(0, MaxDice-int(t.c.e.ndice))
	d := t.c.depth
	if d <= 0 {
		d = 1
		if k > 0 && k < t.S {
			p := float64(k) / float64(t.S)
			d = max(1, int(math.Ceil(math.Log(autoLeftover/float64(max(t.N, 1)))/math.Log(p)))-1)
		}
	}
	if d > limit {
		t.c.capped = t.n
		d = limit
	}
	return d
}

// matchVal reports whether a value selector of s matches face f.
func (t *term) matchVal(s *stage, f int) bool {
	for _, d := range s.g {
		if d.sel != selHigh && d.sel != selLow && matches(d, f, t.mx) {
			return true
		}
	}
	return false
}

// state returns the state of face f (exploded or not).
func (t *term) state(f int, exp int) int {
	if t.plain {
		return (f-t.mn)*2 + exp
	}
	i, _ := slices.BinarySearch(t.faces, f)
	return i*2 + exp
}

func (t *term) face(s int) int { return t.faces[s/2] }

// final returns what a die in state s adds to the term at the end.
func (t *term) final(s int) int {
	if s == t.bot {
		return 0
	}
	f := t.face(s)
	if t.count == nil {
		return f
	}
	if matchAny(t.count, opC, f, t.mx) {
		return 1
	}
	return 0
}

func (t *term) neverStops() error {
	return t.c.e.errAt(CodeTooManyDice, t.n.pos, "Limit", MaxDice)
}

// dist returns the distribution of the term.
func (t *term) dist() (*pmf, error) {
	if t.N == 0 {
		return t.c.point(0), nil
	}
	r0, e0 := len(t.st), len(t.st)
	ranked := 0
	for j := range t.st {
		if t.st[j].ranked {
			r0 = min(r0, j)
			ranked++
		}
		if t.st[j].op == opE {
			e0 = min(e0, j)
		}
	}
	switch {
	case ranked == 0:
		return t.iid(e0)
	case ranked == 1 && e0 > r0:
		return t.orderStats(r0)
	}
	return t.pool()
}

// freshStates returns the state distribution of a newly rolled die.
func (t *term) freshStates() (*pmf, error) {
	if err := t.c.spend(t.nst); err != nil {
		return nil, err
	}
	if err := t.c.take(t.nst); err != nil {
		return nil, err
	}
	q := &pmf{}
	if t.c.exact {
		q.den = uint64(t.S)
		q.x = make([]uint64, t.nst)
		for f := t.mn; f <= t.mx; f++ {
			q.x[t.state(f, 0)] = 1
		}
		return q, nil
	}
	q.f = make([]float64, t.nst)
	for f := t.mn; f <= t.mx; f++ {
		q.f[t.state(f, 0)] = 1 / float64(t.S)
	}
	return q, nil
}

// spreadFaces returns the faces a die matching s is rerolled to (ro: any;
// rr: those that do not match).
func (t *term) spreadFaces(s *stage) []int {
	var out []int
	for f := t.mn; f <= t.mx; f++ {
		if s.op == opRO || !t.matchVal(s, f) {
			out = append(out, f)
		}
	}
	return out
}

// forward applies per-die stage s (not e) to the state distribution q.
func (t *term) forward(q *pmf, s *stage) (*pmf, error) {
	if err := t.c.spend(2 * t.nst); err != nil {
		return nil, err
	}
	if err := t.c.take(t.nst + floatCells(q)); err != nil {
		return nil, err
	}
	var spread []int
	if s.op == opRO || s.op == opRR {
		spread = t.spreadFaces(s)
	}
	// dest returns where state i goes; spread: to each of the spread faces.
	dest := func(i int) (j int, sp bool) {
		if i == t.bot {
			return i, false
		}
		f, exp := t.face(i), i&1
		switch s.op {
		case opK:
			if !t.matchVal(s, f) {
				return t.bot, false
			}
		case opP:
			if t.matchVal(s, f) {
				return t.bot, false
			}
		case opMI:
			if f < s.lim {
				return t.state(s.lim, exp), false
			}
		case opMA:
			if f > s.lim {
				return t.state(s.lim, exp), false
			}
		case opRO, opRR:
			if t.matchVal(s, f) {
				return i, true
			}
		}
		return i, false
	}
	spreading := false
	for i := range t.nst {
		if q.nonzero(i) {
			if _, sp := dest(i); sp {
				spreading = true
			}
		}
	}
	if spreading && len(spread) == 0 {
		return nil, t.neverStops()
	}
	k := uint64(1)
	if spreading {
		k = uint64(len(spread))
	}
	// The dice rerolled (per exploded flag) spread their mass over the
	// spread faces alike: gathered first, spread once.
	if q.exact() {
		if den, ok := mul64(q.den, k); ok {
			x := make([]uint64, t.nst)
			var moved [2]uint64
			for i, v := range q.x {
				if v == 0 {
					continue
				}
				if j, sp := dest(i); !sp {
					x[j] += v * k // ≤ den
				} else {
					moved[i&1] += v
				}
			}
			for exp, v := range moved {
				if v != 0 {
					for _, f := range spread {
						x[t.state(f, exp)] += v
					}
				}
			}
			return &pmf{x: x, den: den}, nil
		}
	}
	qf := q.floats()
	f := make([]float64, t.nst)
	var moved [2]float64
	for i, v := range qf {
		if v == 0 {
			continue
		}
		if j, sp := dest(i); !sp {
			f[j] += v
		} else {
			moved[i&1] += v / float64(k)
		}
	}
	for exp, v := range moved {
		if v != 0 {
			for _, g := range spread {
				f[t.state(g, exp)] += v
			}
		}
	}
	return &pmf{f: f}, nil
}

// memoCells is the memory of a memo entry, in cells: the entry and, often,
// a point mass.
const memoCells = 8

// stermCells is the memory of an sterm, in cells.
const stermCells = 4

// contrib returns what a die entering stage j in state s adds to the term,
// given that every stage from j on is per die.
func (t *term) contrib(j, s int) (*pmf, error) {
	c := t.c
	if s == t.bot {
		return c.point(0), nil
	}
	if j == len(t.st) {
		return c.point(t.final(s)), nil
	}
	key := j*t.nst + s
	if p, ok := t.memo[key]; ok {
		return p, nil
	}
	if err := c.spend(stepWeight); err != nil {
		return nil, err
	}
	if err := c.take(memoCells); err != nil {
		return nil, err
	}
	st := &t.st[j]
	f, exp := t.face(s), s&1
	var p *pmf
	var err error
	switch st.op {
	case opK, opP:
		if t.matchVal(st, f) != (st.op == opK) {
			p = c.point(0)
		} else {
			p, err = t.contrib(j+1, s)
		}
	case opMI, opMA:
		if lim := st.lim; (st.op == opMI && f < lim) || (st.op == opMA && f > lim) {
			s = t.state(lim, exp)
		}
		p, err = t.contrib(j+1, s)
	case opRO, opRR:
		if t.matchVal(st, f) {
			p, err = t.mix(j, exp)
		} else {
			p, err = t.contrib(j+1, s)
		}
	case opE:
		switch {
		case exp == 1 || !t.matchVal(st, f):
			p, err = t.contrib(j+1, s)
		case st.never:
			err = t.neverStops()
		case st.depth == 0:
			c.cut = true
			p = c.empty()
		default:
			var self, rest *pmf
			if self, err = t.contrib(j+1, s|1); err == nil {
				if rest, err = t.chain(j, st.depth-1); err == nil {
					p, err = c.conv(self, rest, false)
				}
			}
		}
	default: // ranked stages are not per die
		panic("dice: contrib through a ranked stage")
	}
	if err != nil {
		return nil, err
	}
	if t.memo == nil {
		t.memo = map[int]*pmf{}
	}
	t.memo[key] = p
	return p, nil
}

// mix returns the contribution of a die rerolled by stage j (ro or rr), exploded or not.
func (t *term) mix(j, exp int) (*pmf, error) {
	key := [2]int{j, exp}
	if p, ok := t.mixes[key]; ok {
		return p, nil
	}
	faces := t.spreadFaces(&t.st[j])
	if len(faces) == 0 {
		return nil, t.neverStops()
	}
	p, err := t.average(j+1, exp, faces)
	if err != nil {
		return nil, err
	}
	if t.mixes == nil {
		t.mixes = map[[2]int]*pmf{}
	}
	t.mixes[key] = p
	return p, nil
}

// average returns the mean of contrib(j, face) over faces (uniformly).
func (t *term) average(j, exp int, faces []int) (*pmf, error) {
	if j == len(t.st) { // no stage left: the faces' final values, directly
		return t.finals(faces, exp, uint64(len(faces)))
	}
	if err := t.c.take(stermCells * len(faces)); err != nil {
		return nil, err
	}
	ts := make([]sterm, 0, len(faces))
	w := ratScal(1, uint64(len(faces)))
	if !t.c.exact {
		w = floatScal(1 / float64(len(faces)))
	}
	for _, f := range faces {
		p, err := t.contrib(j, t.state(f, exp))
		if err != nil {
			return nil, err
		}
		ts = append(ts, sterm{p, w})
	}
	return t.c.sum(ts)
}

// finals returns the distribution of the final values of faces (with
// exploded flag exp), each with probability 1/den.
func (t *term) finals(faces []int, exp int, den uint64) (*pmf, error) {
	if len(faces) == 0 {
		return t.c.empty(), nil
	}
	lo, hi := t.final(t.state(faces[0], exp)), 0
	hi = lo
	for _, f := range faces {
		v := t.final(t.state(f, exp))
		lo, hi = min(lo, v), max(hi, v)
	}
	if err := t.c.spend(len(faces) + hi - lo + 1); err != nil {
		return nil, err
	}
	if err := t.c.take(hi - lo + 1); err != nil {
		return nil, err
	}
	if t.c.exact {
		x := make([]uint64, hi-lo+1)
		for _, f := range faces {
			x[t.final(t.state(f, exp))-lo]++
		}
		return (&pmf{lo: lo, x: x, den: den}).reduce(), nil
	}
	p := make([]float64, hi-lo+1)
	for _, f := range faces {
		p[t.final(t.state(f, exp))-lo] += 1 / float64(den)
	}
	return &pmf{lo: lo, f: p}, nil
}

// ab returns, for the explosion at stage j, what a newly rolled die adds
// when it stops (A) and when it explodes, its own part only (B); each
// weighted by the probability of its faces.
func (t *term) ab(j int) (a, b *pmf, err error) {
	st := &t.st[j]
	if j+1 == len(t.st) { // no stage after: the faces' final values, directly
		var fa, fb []int
		for f := t.mn; f <= t.mx; f++ {
			if t.matchVal(st, f) {
				fb = append(fb, f)
			} else {
				fa = append(fa, f)
			}
		}
		if a, err = t.finals(fa, 0, uint64(t.S)); err == nil {
			b, err = t.finals(fb, 1, uint64(t.S))
		}
		return a, b, err
	}
	if err := t.c.take(stermCells * t.S); err != nil {
		return nil, nil, err
	}
	var ta, tb []sterm
	w := ratScal(1, uint64(t.S))
	if !t.c.exact {
		w = floatScal(1 / float64(t.S))
	}
	for f := t.mn; f <= t.mx; f++ {
		if t.matchVal(st, f) {
			p, err := t.contrib(j+1, t.state(f, 1))
			if err != nil {
				return nil, nil, err
			}
			tb = append(tb, sterm{p, w})
		} else {
			p, err := t.contrib(j+1, t.state(f, 0))
			if err != nil {
				return nil, nil, err
			}
			ta = append(ta, sterm{p, w})
		}
	}
	if a, err = t.c.sum(ta); err != nil {
		return nil, nil, err
	}
	if b, err = t.c.sum(tb); err != nil {
		return nil, nil, err
	}
	return a, b, nil
}

// chain returns the contribution of a die added by the explosion at stage j
// that may itself explode r more times: A + B ⊗ chain(r-1), chain(0) = A.
func (t *term) chain(j, r int) (*pmf, error) {
	key := [2]int{j, r}
	if p, ok := t.chains[key]; ok {
		return p, nil
	}
	if t.st[j].never {
		return nil, t.neverStops()
	}
	a, b, err := t.ab(j)
	if err != nil {
		return nil, err
	}
	if b.size() > 0 {
		t.c.cut = true
	}
	p := a
	for k := 1; k <= r; k++ {
		if q, ok := t.chains[[2]int{j, k}]; ok {
			p = q
			continue
		}
		bp, err := t.c.conv(b, p, false)
		if err != nil {
			return nil, err
		}
		if p, err = t.c.sum([]sterm{{a, ratScal(1, 1)}, {bp, ratScal(1, 1)}}); err != nil {
			return nil, err
		}
		if t.chains == nil {
			t.chains = map[[2]int]*pmf{}
		}
		t.chains[[2]int{j, k}] = p
	}
	return p, nil
}

// iid computes a term without ranked operations; e0 is its first explosion.
func (t *term) iid(e0 int) (*pmf, error) {
	c := t.c
	if len(t.st) == 0 && t.count == nil {
		u, err := c.uniform(t.mn, t.S)
		if err != nil {
			return nil, err
		}
		return c.power(u, t.N)
	}
	if e0 == 0 && len(t.st) > 0 {
		return t.exploding()
	}
	q, err := t.freshStates()
	if err != nil {
		return nil, err
	}
	for j := 0; j < e0; j++ {
		var err error
		if q, err = t.forward(q, &t.st[j]); err != nil {
			return nil, err
		}
	}
	var u *pmf
	if e0 == len(t.st) {
		var code string
		var err error
		u, code, err = c.mapValues(q, func(s int) (int, string) { return t.final(s), "" })
		if err != nil || code != "" {
			return nil, err
		}
	} else {
		if err := c.take(stermCells * t.nst); err != nil {
			return nil, err
		}
		ts := make([]sterm, 0, t.nst)
		for s := range t.nst {
			if !q.nonzero(s) {
				continue
			}
			p, err := t.contrib(e0, s)
			if err != nil {
				return nil, err
			}
			ts = append(ts, sterm{p, weightAt(q, s)})
		}
		var err error
		if u, err = c.sum(ts); err != nil {
			return nil, err
		}
	}
	return c.power(u.trim(), t.N)
}

// weightAt returns q's probability at index i as a scalar.
func weightAt(q *pmf, i int) scal {
	if q.exact() {
		return ratScal(q.x[i], q.den)
	}
	return floatScal(q.f[i])
}

// exploding computes a term whose first operation is e: each die is a chain
// U = Σ_{k≤D} B^k ⊗ A, so U^N = A^N ⊗ (Σ_k B^k)^N.
func (t *term) exploding() (*pmf, error) {
	c := t.c
	st := &t.st[0]
	if st.never {
		return nil, t.neverStops()
	}
	a, b, err := t.ab(0)
	if err != nil {
		return nil, err
	}
	if b.size() != 1 { // B is not one point: power the chain itself
		u, err := t.chain(0, st.depth)
		if err != nil {
			return nil, err
		}
		return c.power(u, t.N)
	}
	c.cut = true // B has mass: β^(D+1) of every die is beyond the depth
	// G = (Σ_{k=0..D} β^k x^k)^N over the number of explosions, then x^k → δ_{k·b}
	beta, bv, d := b.massScal(), b.lo, st.depth
	var g *pmf
	if beta.exact() && powFits(beta.d, d) {
		x := make([]uint64, d+1)
		ok := true
		for k := 0; k <= d && ok; k++ { // β^k = n^k d^(D-k) / d^D
			v := uint64(1)
			for i := 0; i < d && ok; i++ {
				m := beta.d
				if i < k {
					m = beta.n
				}
				v, ok = mul64(v, m)
			}
			x[k] = v
		}
		if ok {
			den := uint64(1)
			for range d {
				den *= beta.d
			}
			g = &pmf{x: x, den: den}
		}
	}
	if g == nil {
		f := make([]float64, d+1)
		f[0] = 1
		for k := 1; k <= d; k++ {
			f[k] = f[k-1] * beta.f
		}
		g = &pmf{f: f}
	}
	if g, err = c.power(g, t.N); err != nil {
		return nil, err
	}
	// g is the distribution of the number of explosions: those beyond what
	// MaxDice leaves room for make the roll fail, so they are left over too.
	if room := MaxDice - int(c.e.ndice); g.size() > room+1 {
		if g.den != 0 {
			g = &pmf{lo: g.lo, x: g.x[:room+1], den: g.den}
		} else {
			g = &pmf{lo: g.lo, f: g.f[:room+1]}
		}
		c.capped = t.n
	}
	an, err := c.power(a, t.N)
	if err != nil {
		return nil, err
	}
	gx, err := spread(c, g, bv)
	if err != nil {
		return nil, err
	}
	return c.conv(an, gx, false)
}

// spread returns the distribution of b·K where K has distribution g (g.lo ≥ 0).
func spread(c *dctx, g *pmf, b int) (*pmf, error) {
	if b == 1 {
		return g, nil
	}
	if b == 0 {
		return c.scale(c.point(0), g.massScal())
	}
	n := g.size()
	lo, ok1 := mulInt(g.lo, b)
	hi, ok2 := mulInt(g.hi(), b)
	if !ok1 || !ok2 {
		return nil, errRange
	}
	lo, hi = min(lo, hi), max(lo, hi)
	span := uint64(hi) - uint64(lo)
	if span > uint64(c.budget) {
		return nil, c.spend(c.budget + 1)
	}
	if err := c.spend(int(span) + 1); err != nil {
		return nil, err
	}
	if err := c.take(int(span) + 1); err != nil {
		return nil, err
	}
	out := &pmf{lo: lo, den: g.den}
	if g.den != 0 {
		out.x = make([]uint64, span+1)
	} else {
		out.f = make([]float64, span+1)
	}
	for i := range n {
		k := (g.lo+i)*b - lo
		if g.den != 0 {
			out.x[k] = g.x[i]
		} else {
			out.f[k] = g.f[i]
		}
	}
	return out, nil
}

func mulInt(a, b int) (int, bool) {
	v, code := arith('*', a, b)
	return v, code == ""
}

// faceCells is the memory orderStats keeps per face, in cells: its
// treatments, weights and powers; rankCells what one transition of its
// dynamic program keeps (two results and their terms).
const (
	faceCells = 16
	rankCells = 24
)

// weightWeight is what one binomial weight costs, in states.
const weightWeight = 16

// orderStats computes a term whose only ranked operation is stage r, with
// no explosion before it.
func (t *term) orderStats(r int) (*pmf, error) {
	c := t.c
	q, err := t.freshStates()
	if err != nil {
		return nil, err
	}
	for j := 0; j < r; j++ {
		var err error
		if q, err = t.forward(q, &t.st[j]); err != nil {
			return nil, err
		}
	}
	st := &t.st[r]
	// At least a step per face and count of dice placed: refuse at once when too many.
	placed := t.N + 1
	if st.op == opK && !st.hasVal && (st.H == 0) != (st.L == 0) {
		placed = min(placed, max(st.H, st.L)+1)
	}
	if float64(q.nnz())*float64(placed)*rankWeight > float64(c.budget) {
		return nil, c.spend(c.budget + 1)
	}
	if err := c.take(faceCells * q.nnz()); err != nil {
		return nil, err
	}
	// The faces a die may show when it reaches stage r, each with what the
	// die adds when the stage marks it and when not. A treatment is computed
	// when first needed: a die that is always dropped must not fail for what
	// it would do later (1d1dl1rr1).
	type treat func() (*pmf, error)
	type face struct {
		w    scal  // probability
		x, y treat // contribution when marked, when not
		mark bool  // a value selector matches it
	}
	var fs []face
	zero := c.point(0)
	none := func() (*pmf, error) { return zero, nil }
	var addedP *pmf
	added := func() (*pmf, error) { // ro: a rerolled die; ra: the added die
		if addedP != nil {
			return addedP, nil
		}
		all := make([]int, 0, t.S)
		for f := t.mn; f <= t.mx; f++ {
			all = append(all, f)
		}
		var err error
		addedP, err = t.average(r+1, 0, all)
		return addedP, err
	}
	for s := range t.bot {
		if !q.nonzero(s) {
			continue
		}
		w := func() (*pmf, error) { return t.contrib(r+1, s) }
		fc := face{w: weightAt(q, s), mark: t.matchVal(st, t.face(s))}
		switch st.op {
		case opK:
			fc.x, fc.y = w, none
		case opP:
			fc.x, fc.y = none, w
		case opRO:
			fc.x, fc.y = added, w
		case opRA:
			fc.x, fc.y = w, w
		}
		fs = append(fs, fc)
	}
	// fs is lowest face first; ranks count from the highest, unless only the
	// lowest are selected. pFirst and pLast mark the first and last ranks in
	// processing order.
	pFirst, pLast := st.H, st.L
	if st.H == 0 && st.L > 0 {
		pFirst, pLast = st.L, 0
	} else {
		slices.Reverse(fs)
	}
	// collapse: once the first marks are placed, every later die is dropped
	collapse := st.op == opK && !st.hasVal && pLast == 0
	bot := weightAt(q, t.bot)

	// exact: unconditional weights C(rem, m)·q_f^m, which stay exact while the
	// denominators fit; float: conditional binomial weights, which stay in range.
	exactMode := q.exact() && powFits(q.den, t.N)
	// rest[i] = the probability of the faces from index i on
	rest := make([]scal, len(fs)+1)
	rest[len(fs)] = ratScal(0, 1)
	for i := len(fs) - 1; i >= 0; i-- {
		rest[i] = rest[i+1].add(fs[i].w)
	}
	if !exactMode {
		for i := range rest {
			rest[i] = floatScal(rest[i].f)
		}
		bot = floatScal(bot.f)
	}
	ws := make([]scal, len(fs))
	for i := range fs {
		ws[i] = fs[i].w
	}
	rw := newRankWeights(exactMode, ws, rest, t.N)
	weight := rw.weight
	// restWeight(i+1, rem): the rem remaining dice all show faces after i
	restWeight := func(i1, rem int) scal { return rw.restWeight(i1-1, rem) }
	pows := func(tr treat, memo *[]*pmf, k int) (*pmf, error) {
		if k == 0 {
			return zero, nil
		}
		if len(*memo) == 0 {
			p, err := tr()
			if err != nil {
				return nil, err
			}
			*memo = append(*memo, zero, p)
		}
		for len(*memo) <= k {
			n, err := c.conv((*memo)[len(*memo)-1], (*memo)[1], false)
			if err != nil {
				return nil, err
			}
			*memo = append(*memo, n)
		}
		return (*memo)[k], nil
	}
	xp := make([][]*pmf, len(fs))
	yp := make([][]*pmf, len(fs))

	var total []sterm
	kmin := 0
	if bot.isZero() {
		kmin = t.N
	}
	for k := kmin; k <= t.N; k++ {
		var kw scal
		if exactMode {
			kw = binomScal(t.N, k).mul(bot.pow(t.N - k))
		} else {
			kw = floatScal(binomP(t.N, k, 1-bot.f))
		}
		if kw.isZero() {
			continue
		}
		if k == 0 {
			total = append(total, sterm{zero, kw})
			continue
		}
		// cur[a][j]: j dice placed; a = 1 once ra has marked a die
		var cur [2][]*pmf
		cur[0] = make([]*pmf, k+1)
		cur[0][0] = zero
		var done []sterm
		for i := range fs {
			if err := c.take(12 * (k + 1)); err != nil { // next and cur
				return nil, err
			}
			var next [2][][]sterm
			next[0], next[1] = make([][]sterm, k+1), make([][]sterm, k+1)
			last := i == len(fs)-1
			for a := range 2 {
				for j, p := range cur[a] {
					if p == nil {
						continue
					}
					// the transitions: m dice more, for m up to mmax, and the
					// collapsed one with its k-j-a+1 weights summed
					mmax, moves, sums := k-j, k-j+1, 0
					collapsing := collapse && !last && k >= pFirst
					if collapsing {
						a := pFirst - j
						mmax, moves, sums = a-1, a+1, k-j-a+1
					}
					if err := c.spend(rankWeight*moves + weightWeight*sums); err != nil {
						return nil, err
					}
					if err := c.take(rankCells * moves); err != nil {
						return nil, err
					}
					if collapsing {
						// Every m ≥ pFirst-j fills the marked ranks and drops the
						// rest: one transition, its weights summed.
						a := pFirst - j
						sw := floatScal(0)
						if exactMode {
							sw = ratScal(0, 1)
						}
						for m := a; m <= k-j; m++ {
							sw = sw.add(weight(i, k-j, m).mul(restWeight(i+1, k-j-m)))
						}
						if !sw.isZero() {
							x, err := pows(fs[i].x, &xp[i], a)
							if err != nil {
								return nil, err
							}
							q, err := c.conv(p, x, false)
							if err != nil {
								return nil, err
							}
							done = append(done, sterm{q, sw})
						}
					}
					for m := 0; m <= mmax; m++ {
						if last && m != k-j {
							continue
						}
						w := weight(i, k-j, m)
						if w.isZero() {
							continue
						}
						mk := m
						if !fs[i].mark {
							mk = overlap(j, j+m, 0, pFirst) + overlap(j, j+m, max(pFirst, k-pLast), k)
						}
						x, err := pows(fs[i].x, &xp[i], mk)
						if err != nil {
							return nil, err
						}
						y, err := pows(fs[i].y, &yp[i], m-mk)
						if err != nil {
							return nil, err
						}
						if p, err = c.conv(cur[a][j], x, false); err != nil {
							return nil, err
						}
						if p, err = c.conv(p, y, false); err != nil {
							return nil, err
						}
						na := a
						if st.op == opRA && mk > 0 {
							na = 1
						}
						next[na][j+m] = append(next[na][j+m], sterm{p, w})
					}
				}
			}
			for a := range 2 {
				cur[a] = make([]*pmf, k+1)
				for j, ts := range next[a] {
					if len(ts) == 0 {
						continue
					}
					p, err := c.sum(ts)
					if err != nil {
						return nil, err
					}
					switch {
					case j == k:
						if a == 1 {
							ad, err := added()
							if err != nil {
								return nil, err
							}
							if p, err = c.conv(p, ad, false); err != nil {
								return nil, err
							}
						}
						done = append(done, sterm{p, ratScal(1, 1)})
					case collapse && j >= pFirst && !last:
						done = append(done, sterm{p, restWeight(i+1, k-j)})
					default:
						cur[a][j] = p
					}
				}
			}
		}
		res, err := c.sum(done)
		if err != nil {
			return nil, err
		}
		total = append(total, sterm{res, kw})
	}
	return c.sum(total)
}

// overlap returns the length of [a, b) ∩ [lo, hi).
func overlap(a, b, lo, hi int) int {
	return max(0, min(b, hi)-max(a, lo))
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// binomScal returns C(n, k), exactly while it fits.
func binomScal(n, k int) scal {
	if k < 0 || k > n {
		return ratScal(0, 1)
	}
	k = min(k, n-k)
	r := ratScal(1, 1)
	for i := range k {
		r = r.mul(ratScal(uint64(n-i), uint64(i+1)))
		if !r.exact() {
			return floatScal(math.Exp(lchoose(n, k)))
		}
	}
	return r
}

func lchoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// binomP returns the binomial probability C(n,k) p^k (1-p)^(n-k).
func binomP(n, k int, p float64) float64 {
	switch {
	case k < 0 || k > n:
		return 0
	case p <= 0:
		return b2f(k == 0)
	case p >= 1:
		return b2f(k == n)
	}
	return math.Exp(lchoose(n, k) + float64(k)*math.Log(p) + float64(n-k)*math.Log1p(-p))
}
