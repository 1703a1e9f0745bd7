package dice

import "math"

// The estimate of an exact distribution's cost, from the notation alone:
// each node's value range and the states and memory the method that
// computes it would charge (see dist_term.go for the methods), as the
// method's own charges would add up where the notation tells (sums,
// products, order statistics, sets), and from above where it does not
// (how explosions and rerolls spread, how many pools merge). It takes
// time linear in the expression and its dice, never in its faces.

// estimate is the estimated cost of an exact computation.
type estimate struct {
	states float64 // states charged
	cells  float64 // memory taken, in 8-byte cells
	// sampled: some part has no exact method (!!, !p, functions), so the
	// distribution is always the Monte-Carlo estimate
	sampled bool
}

// fits reports whether the estimate is within the budgets of opt, and the
// distribution can be computed at all.
func (x estimate) fits(opt DistOptions) bool {
	if x.sampled {
		return false
	}
	budget, memory := opt.Budget, opt.Memory
	if budget == 0 {
		budget = DefaultBudget
	}
	if memory <= 0 {
		memory = DefaultMemory
	}
	return x.states <= float64(budget) && 8*x.cells <= float64(memory)
}

// shape is what the estimate knows of a node's distribution: its range and
// how many of its values have positive probability.
type shape struct {
	lo, hi float64
	n      float64 // at most hi-lo+1
}

func (s shape) size() float64 { return s.hi - s.lo + 1 }

func point(v float64) shape { return shape{v, v, 1} }

// estimate returns the estimated cost of e's exact distribution.
func (e *Expr) estimate(opt DistOptions) estimate {
	x := &estimator{e: e, depth: opt.ExplodeDepth}
	root := e.root()
	var s shape
	if n := &e.nodes[root]; n.kind == KindCompare {
		a, b := x.node(n.a), x.node(n.b)
		x.add(a.size()+b.size(), b.size())
		s = a
	} else {
		s = x.node(root)
	}
	x.add(0, distCells*s.n)
	return x.est
}

type estimator struct {
	e      *Expr
	depth  int
	est    estimate
	groups [][]dop // the operations of the term being read
}

func (x *estimator) add(states, cells float64) {
	x.est.states += states
	x.est.cells += cells
}

func (x *estimator) node(i uint16) shape {
	n := &x.e.nodes[i]
	switch n.kind {
	case KindNumber:
		return point(float64(n.val))
	case KindDice:
		return x.term(n)
	case KindSet:
		return x.set(n)
	case KindGroup:
		return x.node(n.a)
	case KindFunc: // no exact method: the estimate rolls it
		x.est.sampled = true
		a := x.node(n.a)
		return shape{math.Floor(a.lo) - 1, math.Ceil(a.hi) + 1, a.n + 2}
	case KindNeg:
		a := x.node(n.a)
		x.add(a.size()+1, a.size())
		return shape{-a.hi, -a.lo, a.n}
	case KindBinary:
		return x.binary(n)
	}
	return point(0)
}

// binary: a convolution for + and -, else a map of values or of pairs.
func (x *estimator) binary(n *node) shape {
	a, b := x.node(n.a), x.node(n.b)
	var out shape
	switch n.op {
	case '+':
		out = shape{a.lo + b.lo, a.hi + b.hi, 0}
	case '-':
		out = shape{a.lo - b.hi, a.hi - b.lo, 0}
	case '*':
		c := [4]float64{a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi}
		out = shape{min(c[0], c[1], c[2], c[3]), max(c[0], c[1], c[2], c[3]), 0}
	case '/':
		m := max(math.Abs(a.lo), math.Abs(a.hi))
		if b.lo > 0 { // the usual case: a positive divisor
			m = max(math.Abs(a.lo/b.lo), math.Abs(a.hi/b.lo))
		}
		out = shape{-m - 1, m, 0}
	default: // '%': smaller than the divisor
		m := max(math.Abs(b.lo), math.Abs(b.hi))
		out = shape{-m, m, 0}
	}
	out.n = min(out.size(), a.n*b.n)
	switch {
	case n.op == '+' || n.op == '-':
		if a.n == 1 || b.n == 1 { // a shift
			return out
		}
		x.add(min(a.n*b.size(), b.n*a.size())+out.size(), out.size())
	case a.n == 1 || b.n == 1:
		x.add(a.n+b.n+out.size(), out.size())
	default:
		w := float64(pairWeight)
		if n.op == '*' {
			w = productWeight
		}
		if out.size() > missSpan {
			w += missWeight
		}
		x.add(w*a.n*b.n+out.size(), out.size())
	}
	return out
}

// set: the sum of its elements, or (with k/p) a walk over the values kept.
func (x *estimator) set(n *node) shape {
	ops := x.e.ops(n)
	keep := setKeeps(ops) // the values a state holds (0: all)
	acc := point(0)
	states, lo, hi := 1.0, math.Inf(1), math.Inf(-1)
	for i, k := range x.e.kids(n) {
		s := x.node(k)
		if len(ops) == 0 { // a convolution
			x.add(min(acc.n*s.size(), s.n*acc.size())+acc.size()+s.size(), acc.size()+s.size())
		} else { // every state with every value; then as many states as multisets of the values held
			x.add(setWeight*states*s.n, 0)
			lo, hi = min(lo, s.lo), max(hi, s.hi)
			held := float64(i + 1)
			if keep > 0 {
				held = min(held, float64(keep))
			}
			multisets := math.Exp(lchoose(int(min(hi-lo+held, 1<<40)), int(held)))
			states = min(states*s.n, multisets)
			x.add(newStateWeight*states, states*(2*held+16))
		}
		acc = shape{acc.lo + s.lo, acc.hi + s.hi, 0}
		acc.n = acc.size()
	}
	x.add(acc.size(), 2*acc.size())
	return acc
}

// setKeeps returns how many values the states of a set whose operators
// are ops hold: N for one k group of hN only (or lN only), else 0 (all).
func setKeeps(ops []dop) int {
	if len(ops) == 0 || opGroupEnd(ops, 0) != len(ops) || ops[0].op != opK {
		return 0
	}
	h, l := 0, 0
	for _, d := range ops {
		switch d.sel {
		case selHigh:
			h = max(h, d.n)
		case selLow:
			l = max(l, d.n)
		default:
			return 0
		}
	}
	if (h == 0) == (l == 0) {
		return 0
	}
	return max(h, l)
}

// termInfo is what the estimate reads off a dice term's notation.
type termInfo struct {
	n          *node
	groups     [][]dop
	N, S, F    float64 // dice, faces, faces with the mi/ma limits
	stages     int     // operations other than c
	count      bool    // a c: the term counts its dice
	ranked     int     // ranked operations (hN, lN, ra)
	r0, e0     int     // the first ranked operation, the first explosion (stages if none)
	kept       float64 // the dice kept, at most
	depth      float64 // explosions per die, in all
	flo, fhi   float64 // the faces a die may show, the mi/ma limits included
	vlo, vhi   float64 // the faces a die may end on, after mi/ma
	drops      bool    // a k or p with value selectors may drop a die
	eFaces     float64 // the faces the first operation explodes, when it is an explosion
	firstDepth float64 // and the explosions it allows per die
}

// term estimates a dice term by the method Distribution uses for it.
func (x *estimator) term(n *node) shape {
	if n.val == 0 {
		return point(0)
	}
	var t termInfo
	x.readTerm(&t, n)
	mn, mx := minFace(n), maxFace(n)
	if t.stages == 0 && !t.count { // NdS: one die, or window sums, N×range
		size := t.N*(t.S-1) + 1
		if n.val == 1 {
			x.add(0, t.S)
			return shape{float64(mn), float64(mx), t.S}
		}
		x.add(uniformPowerCost(t.N, t.S, powFits(uint64(t.S), n.val)), 5*t.S+2*size)
		return shape{t.N * float64(mn), t.N * float64(mx), size}
	}
	nst := 2*t.F + 1
	x.add(nst, t.F+nst)
	// a die's contribution, and the term's
	ulo, uhi := t.vlo, t.vhi*(t.depth+1)
	if t.drops {
		ulo = min(ulo, 0)
	}
	if t.count {
		ulo, uhi = 0, t.depth+1
	}
	dice := min(t.N*(t.depth+1), float64(MaxDice))
	out := shape{min(0, ulo*dice), uhi * min(dice, t.kept*(t.depth+1)), 0}
	out.n = out.size()
	switch {
	case t.ranked == 0:
		x.iid(&t, uhi-ulo+1)
	case t.ranked == 1 && t.e0 > t.r0: // order statistics: a transition per face, dice placed and dice more
		if F, N := t.F, t.N; t.kept < N { // kh or kl: up to kept placed, then the rest collapsed
			P := t.kept + 1
			x.add(rankWeight*F*P*(P/2+1)+weightWeight*F*P*N, faceCells*F+rankCells*F*P*(P/2+1))
		} else {
			x.add(rankWeight*F*(N+1)*(N+2)/2, faceCells*F+rankCells*F*(N+1)*(N+2)/2)
		}
	default:
		x.pool(&t)
	}
	return out
}

// readTerm reads the term of node n into t.
func (x *estimator) readTerm(t *termInfo, n *node) {
	mn, mx := minFace(n), maxFace(n)
	x.groups = appendGroups(x.groups[:0], x.e.ops(n)) // a term at a time
	*t = termInfo{n: n, groups: x.groups, N: float64(n.val), S: float64(mx - mn + 1),
		flo: float64(mn), fhi: float64(mx), vlo: float64(mn), vhi: float64(mx), kept: float64(n.val)}
	t.r0, t.e0 = len(t.groups), len(t.groups)
	lims := 0
	for _, g := range t.groups {
		switch g[0].op {
		case opC:
			t.count = true
			continue
		case opCS, opCF: // critical ranges: no stage of the computation
			continue
		case opMI, opMA:
			v := float64(max(min(g[0].n, math.MaxInt32), math.MinInt32))
			if v < t.flo || v > t.fhi {
				lims++
			}
			t.flo, t.fhi = min(t.flo, v), max(t.fhi, v)
			if g[0].op == opMI {
				t.vlo, t.vhi = max(t.vlo, v), max(t.vhi, v)
			} else {
				t.vlo, t.vhi = min(t.vlo, v), min(t.vhi, v)
			}
		case opK, opP:
			t.drops = t.drops || hasValueSel(g)
		case opE, opCompound, opPenetrate:
			if g[0].op != opE { // no exact method for !! and !p: the estimate rolls them
				x.est.sampled = true
			}
			d := float64(x.depthFor(n, g))
			if t.stages == 0 {
				t.eFaces, t.firstDepth = math.Round(matchShare(g, mn, mx)*t.S), d
			}
			t.e0 = min(t.e0, t.stages)
			t.depth += d
		}
		if isRanked(g) {
			t.r0 = min(t.r0, t.stages)
			t.ranked++
			if g[0].op == opK && !hasValueSel(g) {
				t.kept = min(t.kept, float64(maxSel(g)))
			}
		}
		t.stages++
	}
	t.F = t.S + float64(lims)
}

// iid: per-die stages, then the N-fold sum of a die's contribution (span W
// values), by exploding when the term starts with an explosion of one
// face (1d6!: A^N ⊗ the spread explosions), else step by step.
func (x *estimator) iid(t *termInfo, W float64) {
	nst := 2*t.F + 1
	x.add(float64(t.e0)*2*nst+stepWeight*t.F, float64(t.e0)*nst+memoCells*t.F+stermCells*nst)
	if t.N < 2 {
		return
	}
	if t.e0 == 0 && t.stages == 1 && (t.eFaces == 1 || t.count) {
		aW := t.S - t.eFaces // the faces that stop
		if t.count {
			aW = 2
		}
		beta := t.eFaces / t.S
		gW := t.firstDepth + 1
		x.add(uniformPowerCost(t.N, aW, false)+powerCost(t.N, gW, math.Sqrt(beta)/(1-beta), gW), 5*t.N*(aW+gW))
		x.add(t.N*aW*t.N*gW, t.N*(aW+gW))
		return
	}
	// the contribution's values in runs of equal probability (a run per
	// face between the selectors' bounds, dense after an explosion)
	factor := min(W, 3*(2+2*float64(t.stages))+1)
	if t.depth > 0 {
		factor = W
	}
	x.add(powerCost(t.N, W, W/3.5, factor), 5*(t.N*(W-1)+1))
}

// uniformPowerCost is what uniformPower charges for n dice of w faces.
func uniformPowerCost(n, w float64, exact bool) float64 {
	steps := n * (n*(w-1) + 1) / 2
	if !exact {
		steps *= 2 // two passes in float64
	}
	return steps + n
}

// powerCost estimates the states of the n-fold sum of a contribution of w
// values with standard deviation sd, factor states per value of each step:
// a step's values are at most k·w, and in float64 those beyond about forty
// standard deviations of the mean underflow to zero and are trimmed.
func powerCost(n, w, sd, factor float64) float64 {
	cost := 0.0
	for k := 1.0; k < n; k++ {
		cost += factor * min(k*(w-1)+w, 80*sd*math.Sqrt(k+1)+w)
	}
	return cost
}

// pool: every multiset of faces, through every stage.
func (x *estimator) pool(t *termInfo) {
	n := t.n
	mn, mx := minFace(n), maxFace(n)
	pools := binomScal(n.val+mx-mn, n.val).f
	x.add(pools*(poolWeight+t.N)*float64(1+t.stages), pools*(t.N/2+poolCells))
	// an explosion not pruned by a keep: each pool's exploding dice each
	// take every chain of explosions
	for j, g := range t.groups {
		if g[0].op != opE || (j+1 < len(t.groups) && prunes(t.groups[j+1])) {
			continue
		}
		p := matchShare(g, mn, mx)
		chains := t.S * (1 - p) * float64(1+x.depthFor(n, g))
		x.add(pools*t.N*p*chains*poolWeight, 0)
	}
}

// depthFor is term.depthFor without a term: the explosions allowed per die
// for an e whose selectors are g.
func (x *estimator) depthFor(n *node, g []dop) int {
	mn, mx := minFace(n), maxFace(n)
	S := mx - mn + 1
	k := int(math.Round(matchShare(g, mn, mx) * float64(S)))
	limit := max(0, MaxDice-int(x.e.ndice))
	d := x.depth
	if d <= 0 {
		d = 1
		if k > 0 && k < S {
			p := float64(k) / float64(S)
			d = max(1, int(math.Ceil(math.Log(autoLeftover/float64(max(n.val, 1)))/math.Log(p)))-1)
		}
	}
	return min(d, limit)
}

func isRanked(g []dop) bool {
	if g[0].op == opRA {
		return true
	}
	for _, d := range g {
		if d.sel == selHigh || d.sel == selLow {
			return true
		}
	}
	return false
}

func hasValueSel(g []dop) bool {
	for _, d := range g {
		if d.sel != selHigh && d.sel != selLow {
			return true
		}
	}
	return false
}

// maxSel returns the largest hN or lN of g.
func maxSel(g []dop) int {
	m := 0
	for _, d := range g {
		m = max(m, d.n)
	}
	return m
}

// prunes reports whether an explosion followed by operation g keeps only
// the highest (or lowest) dice: g is k with hN only (or lN only).
func prunes(g []dop) bool {
	return g[0].op == opK && !hasValueSel(g) && setKeeps(g) > 0
}
