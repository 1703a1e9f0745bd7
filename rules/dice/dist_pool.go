package dice

import (
	"encoding/binary"
	"slices"
)

// pool computes a term that neither iid nor orderStats can: several ranked
// operations, or an explosion before the ranked one (4d6!kh3). It follows
// the distribution of the pool itself — the multiset of kept dice states,
// highest face first — through every operation, merging the pools that
// hold the same dice, within the budget.
//
// Dice of equal face are interchangeable for every operation but one: an
// explosion skips a die that has already exploded. When a ranked operation
// comes between two explosions, keeping one of two equal faces may keep an
// exploded die or one that has not, as the roller's order decides; such
// terms are left to the Monte-Carlo estimate.
func (t *term) pool() (*pmf, error) {
	seenE, rankedAfterE := false, false
	for _, s := range t.st {
		switch {
		case s.op == opE && rankedAfterE:
			return nil, t.c.spend(t.c.budget + 1)
		case s.op == opE:
			seenE = true
		case s.ranked && seenE:
			rankedAfterE = true
		}
	}
	pm, err := t.poolStart()
	if err != nil {
		return nil, err
	}
	for j := range t.st {
		if pm, err = t.poolStage(pm, j); err != nil {
			return nil, err
		}
	}
	ts := make([]sterm, 0, len(pm.list))
	for _, ps := range pm.list {
		v := 0
		for _, s := range ps.dice {
			v += t.final(int(s)) // int32 faces, a few thousand dice at most: no overflow
		}
		ts = append(ts, sterm{t.c.point(v), ps.w})
	}
	return t.c.sum(ts)
}

// poolState is one pool: its kept dice (states, descending) and probability.
type poolState struct {
	dice []int32
	w    scal
}

// poolMap is a set of pools in the order they were first added (so that
// float64 sums, and so results, do not depend on map order).
type poolMap struct {
	idx  map[string]int
	list []*poolState
}

func newPoolMap() *poolMap { return &poolMap{idx: map[string]int{}} }

// add adds probability w to the pool of dice (sorted descending; not copied).
func (m *poolMap) add(dice []int32, w scal) {
	var kb [64]byte
	key := kb[:0]
	for _, d := range dice {
		key = binary.LittleEndian.AppendUint32(key, uint32(d))
	}
	if i, ok := m.idx[string(key)]; ok {
		m.list[i].w = m.list[i].w.add(w)
		return
	}
	m.idx[string(key)] = len(m.list)
	m.list = append(m.list, &poolState{dice: dice, w: w})
}

// insert returns dice with d added, descending (a new slice).
func insert(dice []int32, d int32) []int32 {
	at := 0
	for at < len(dice) && dice[at] >= d {
		at++
	}
	return slices.Insert(slices.Clone(dice), at, d)
}

// merge returns the dice of a and b (both descending), descending, in a new slice.
func merge(a, b []int32) []int32 {
	out := make([]int32, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if a[i] >= b[j] {
			out = append(out, a[i])
			i++
		} else {
			out = append(out, b[j])
			j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// outcome is one way a die (or an explosion) turns out: the dice it leaves
// (descending).
type outcome struct {
	dice []int32
	w    scal
}

// poolWeight is what one step of a pool costs, in states of the budget:
// a pool step copies, keys and merges a pool where a convolution adds a number.
const poolWeight = 64

// expand adds to out every combination of one outcome per part, on top of
// base, merging equal pools as it goes; prune, when not nil, keeps only the
// dice that matter.
func (t *term) expand(base []int32, w scal, parts [][]outcome, out *poolMap, prune func([]int32) []int32) error {
	cur := newPoolMap()
	if prune != nil {
		base = prune(base)
	}
	cur.add(base, w)
	for _, part := range parts {
		if err := t.c.spend(len(cur.list) * len(part) * (poolWeight + len(base))); err != nil {
			return err
		}
		next := newPoolMap()
		for _, ps := range cur.list {
			for _, o := range part {
				dice := merge(ps.dice, o.dice)
				if prune != nil {
					dice = prune(dice)
				}
				next.add(dice, ps.w.mul(o.w))
			}
		}
		cur = next
	}
	for _, ps := range cur.list {
		out.add(ps.dice, ps.w)
	}
	return nil
}

func (t *term) uniformW(n int) scal {
	if t.c.exact {
		return ratScal(1, uint64(n))
	}
	return floatScal(1 / float64(n))
}

// freshOutcomes returns a newly rolled die, exploded or not.
func (t *term) freshOutcomes(exp int) []outcome {
	w := t.uniformW(t.S)
	out := make([]outcome, 0, t.S)
	for f := t.mn; f <= t.mx; f++ {
		out = append(out, outcome{[]int32{int32(t.state(f, exp))}, w})
	}
	return out
}

// poolStart returns the pools of N newly rolled dice: every multiset of
// faces, with its multinomial probability N!/(m1!···mS!)/S^N.
func (t *term) poolStart() (*poolMap, error) {
	// C(N+S-1, N) pools, each costing a step: refuse at once when too many
	if n := binomScal(t.N+t.S-1, t.N); n.f*float64(poolWeight+t.N) > float64(t.c.budget) {
		return nil, t.c.spend(t.c.budget + 1)
	} else if err := t.c.spend(int(n.f) * (poolWeight + t.N)); err != nil {
		return nil, err
	}
	pm := newPoolMap()
	per := t.uniformW(t.S)
	dice := make([]int32, 0, t.N)
	var gen func(f, left int, w scal)
	gen = func(f, left int, w scal) { // faces from f down, left dice to place
		if f == t.mn || left == 0 {
			all := slices.Clone(dice)
			for range left {
				all = append(all, int32(t.state(f, 0)))
			}
			pm.add(all, w.mul(per.pow(left)))
			return
		}
		for m := 0; m <= left; m++ {
			for range m {
				dice = append(dice, int32(t.state(f, 0)))
			}
			gen(f-1, left-m, w.mul(binomScal(left, m)).mul(per.pow(m)))
			dice = dice[:len(dice)-m]
		}
	}
	one := ratScal(1, 1)
	if !t.c.exact {
		one = floatScal(1)
	}
	gen(t.mx, t.N, one)
	return pm, nil
}

// marks returns which dice of a pool (descending) stage s selects.
func (t *term) marks(dice []int32, s *stage) []bool {
	k := len(dice)
	m := make([]bool, k)
	for i, d := range dice {
		m[i] = i < s.H || i >= k-s.L || (s.hasVal && t.matchVal(s, t.face(int(d))))
	}
	return m
}

// pruner returns, for an explosion at stage j directly followed by a kh
// (or kl) without value selectors, what keeps only the highest (lowest)
// dice, the only ones that stage keeps: an explosion only adds dice, so the
// highest H of all are the highest H of the highest H and the added ones.
func (t *term) pruner(j int) func([]int32) []int32 {
	if j+1 >= len(t.st) {
		return nil
	}
	next := &t.st[j+1]
	if next.op != opK || next.hasVal || (next.H > 0) == (next.L > 0) {
		return nil
	}
	if h := next.H; h > 0 {
		return func(d []int32) []int32 { return d[:min(h, len(d))] }
	}
	l := next.L
	return func(d []int32) []int32 { return d[max(0, len(d)-l):] }
}

// poolStage applies stage j to every pool.
func (t *term) poolStage(in *poolMap, j int) (*poolMap, error) {
	s := &t.st[j]
	var prune func([]int32) []int32
	if s.op == opE {
		prune = t.pruner(j)
	}
	out := newPoolMap()
	var spread [][]outcome // per exploded flag: the faces a rerolled die may show
	if s.op == opRO || s.op == opRR {
		faces := t.spreadFaces(s)
		for exp := range 2 {
			var os []outcome
			for _, f := range faces {
				os = append(os, outcome{[]int32{int32(t.state(f, exp))}, t.uniformW(len(faces))})
			}
			spread = append(spread, os)
		}
	}
	var chain []outcome
	if s.op == opE {
		var err error
		if chain, err = t.chainOutcomes(s, s.depth); err != nil {
			return nil, err
		}
	}
	for _, ps := range in.list {
		if err := t.c.spend(poolWeight + len(ps.dice)); err != nil {
			return nil, err
		}
		var base []int32
		var parts [][]outcome
		switch s.op {
		case opK, opP:
			for i, x := range t.marks(ps.dice, s) {
				if x == (s.op == opK) {
					base = append(base, ps.dice[i])
				}
			}
		case opMI, opMA:
			for _, d := range ps.dice {
				f := t.face(int(d))
				if (s.op == opMI && f < s.lim) || (s.op == opMA && f > s.lim) {
					d = int32(t.state(s.lim, int(d)&1))
				}
				base = insert(base, d)
			}
		case opRO, opRR:
			var m []bool
			if s.op == opRO {
				m = t.marks(ps.dice, s)
			}
			for i, d := range ps.dice {
				if (m != nil && m[i]) || (m == nil && t.matchVal(s, t.face(int(d)))) {
					if len(spread[0]) == 0 {
						return nil, t.neverStops()
					}
					parts = append(parts, spread[d&1])
				} else {
					base = append(base, d)
				}
			}
		case opRA:
			base = ps.dice
			if slices.Contains(t.marks(ps.dice, s), true) {
				parts = append(parts, t.freshOutcomes(0))
			}
		case opE:
			for _, d := range ps.dice {
				if d&1 == 0 && t.matchVal(s, t.face(int(d))) {
					if s.never {
						return nil, t.neverStops()
					}
					base = append(base, d|1)
					parts = append(parts, chain)
				} else {
					base = append(base, d)
				}
			}
			slices.SortFunc(base, func(a, b int32) int { return int(b) - int(a) })
		}
		if err := t.expand(base, ps.w, parts, out, prune); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// chainOutcomes returns the dice an exploding die adds when it may explode
// r times (r ≥ 1 to explode at all): a newly rolled die, and when that one
// matches, what it adds in turn. Chains beyond the depth are cut off.
func (t *term) chainOutcomes(s *stage, r int) ([]outcome, error) {
	if r == 0 {
		t.c.cut = true
		return nil, nil
	}
	w := t.uniformW(t.S)
	var deeper []outcome
	var out []outcome
	for f := t.mn; f <= t.mx; f++ {
		if !t.matchVal(s, f) {
			out = append(out, outcome{[]int32{int32(t.state(f, 0))}, w})
			continue
		}
		if deeper == nil {
			var err error
			if deeper, err = t.chainOutcomes(s, r-1); err != nil {
				return nil, err
			}
			if err := t.c.spend(len(deeper) + 1); err != nil {
				return nil, err
			}
			if deeper == nil {
				continue
			}
		}
		me := int32(t.state(f, 1))
		for _, o := range deeper {
			dice := insert(o.dice, me)
			out = append(out, outcome{dice, w.mul(o.w)})
		}
	}
	// merge the chains that add the same dice
	m := newPoolMap()
	for _, o := range out {
		m.add(o.dice, o.w)
	}
	merged := make([]outcome, 0, len(m.list))
	for _, ps := range m.list {
		merged = append(merged, outcome{ps.dice, ps.w})
	}
	return merged, nil
}
