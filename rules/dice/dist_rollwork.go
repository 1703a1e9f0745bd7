package dice

import "math"

// The work of one roll, estimated from the notation alone, in the unit of
// DistOptions.Budget (a state: about a nanosecond of work): what the
// Monte-Carlo estimate multiplies by its sample count, and what Cost
// reports for /roll.

// Work of a roll's parts, in states (measured by BenchmarkWorstCaseRoll and
// the Monte-Carlo estimates of BenchmarkWorstCaseStats).
const (
	workRoll     = 256 // a roll: its result, slots and bookkeeping, and its share of the tally
	workNode     = 8   // a number, an operator, a group
	workDie      = 8   // a die drawn and summed
	workPass     = 6   // an operation's pass over a die
	workSelector = 2   // a value selector tried on a die
	workRank     = 10  // ranking a die for hN/lN
	workElement  = 24  // a set element passed to a k or p
	workPart     = 24  // a part of a compounded die (!!): drawn and noted
	workFrac     = 24  // an exact operation on fractions inside a function
)

// rollWork returns the estimated work of one roll of e.
func (e *Expr) rollWork() int64 {
	w := float64(workRoll)
	room := float64(MaxDice - int(e.ndice)) // draws left for rerolls and explosions
	for i := range e.nodes {
		n := &e.nodes[i]
		w += workNode
		switch n.kind {
		case KindDice:
			w += e.termWork(n, &room)
		case KindFunc:
			w += e.fracWork(n.a)
		case KindSet:
			k := float64(len(e.kids(n)))
			for _, g := range opGroups(e.ops(n)) {
				w += k * (workElement + float64(len(g))*workSelector + workRank)
			}
		}
	}
	return int64(min(w, math.MaxInt64/2))
}

// termWork returns the estimated work of rolling dice term n; room is the
// draws left for rerolls and explosions, which the term's use up.
func (e *Expr) termWork(n *node, room *float64) float64 {
	pool := float64(n.val)
	w := pool * workDie
	mn, mx := minFace(n), maxFace(n)
	for _, g := range opGroups(e.ops(n)) {
		ranked := false
		for _, d := range g {
			ranked = ranked || d.sel == selHigh || d.sel == selLow
		}
		w += pool * (workPass + float64(len(g))*workSelector)
		if ranked {
			w += pool * workRank
		}
		var added float64 // dice drawn by this operation
		switch g[0].op {
		case opRA:
			added = 1
		case opRO:
			added = pool
		case opRR, opE, opCompound, opPenetrate:
			p := matchShare(g, mn, mx) // a matching face draws again
			if p >= 1 {
				added = *room
			} else {
				added = pool * p / (1 - p)
			}
		}
		added = min(added, *room)
		*room -= added
		switch g[0].op {
		case opCompound: // the dice stay as many, their parts noted
			w += added * workPart
		case opE, opPenetrate, opRA:
			w += added * workDie
			pool += added
		default:
			w += added * workDie
		}
	}
	return w
}

// fracWork returns the work of the exact arithmetic of node i, inside a
// function: an operation on fractions for each operator and minus, down to
// the dice, sets and functions, which are whole numbers (and counted apart).
func (e *Expr) fracWork(i uint16) float64 {
	n := &e.nodes[i]
	switch {
	case n.kind == KindBinary:
		return workFrac + e.fracWork(n.a) + e.fracWork(n.b)
	case n.kind == KindNeg, n.kind == KindGroup && n.opsN == 0:
		return workFrac + e.fracWork(n.a)
	}
	return 0
}

// matchShare returns the share of the faces mn..mx that a selector of g matches.
func matchShare(g []dop, mn, mx int) float64 {
	k := 0
	if mx-mn <= 64 {
		for f := mn; f <= mx; f++ {
			if matchAny(g, g[0].op, f, mx) {
				k++
			}
		}
	} else { // many faces: by the ranges of the selectors
		for _, d := range g {
			k += selectorSpan(d, mn, mx)
		}
		k = min(k, mx-mn+1)
	}
	return float64(k) / float64(mx-mn+1)
}

// selectorSpan returns how many of the faces mn..mx value selector d matches.
func selectorSpan(d dop, mn, mx int) int {
	lo, hi := mn, mx
	switch d.sel {
	case selEq:
		lo, hi = d.n, d.n
	case selMax:
		lo = mx
	case selGT:
		lo = max(lo, d.n+1)
	case selGE:
		lo = max(lo, d.n)
	case selLT:
		hi = min(hi, d.n-1)
	case selLE:
		hi = min(hi, d.n)
	default: // hN, lN: no faces as such
		return 0
	}
	lo, hi = max(lo, mn), min(hi, mx)
	return max(0, hi-lo+1)
}

// opGroups splits ops into operations (runs of the same operator).
func opGroups(ops []dop) [][]dop { return appendGroups(nil, ops) }

// appendGroups appends the operations of ops to out.
func appendGroups(out [][]dop, ops []dop) [][]dop {
	for j := 0; j < len(ops); {
		k := opGroupEnd(ops, j)
		out = append(out, ops[j:k])
		j = k
	}
	return out
}

// autoSamples returns the samples an automatic estimate takes when one roll
// costs work: DefaultSamples at most, as many as SampleWork allows, and 0
// when that is fewer than MinSamples.
func autoSamples(work int64) int {
	n := min(int64(DefaultSamples), SampleWork/max(work, 1))
	if n < MinSamples {
		return 0
	}
	return int(n)
}
