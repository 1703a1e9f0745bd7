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
	if err := t.c.take(stermCells * len(pm.list)); err != nil {
		return nil, err
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
	idx   map[string]int
	list  []poolState
	dice  int     // dice held in all, for the memory they take
	key   []byte  // the key being looked up
	arena []int32 // the pools' dice, carved from one array at a time
}

func newPoolMap() *poolMap { return &poolMap{idx: map[string]int{}} }

// sizedPoolMap returns a poolMap with room for n pools: sizedCells each.
func sizedPoolMap(n int) *poolMap {
	return &poolMap{idx: make(map[string]int, n), list: make([]poolState, 0, n)}
}

// reset empties m for reuse, keeping its memory. The dice of its pools
// must no longer be in use.
func (m *poolMap) reset() {
	clear(m.idx)
	m.list, m.dice, m.arena = m.list[:0], 0, m.arena[:0]
}

// cells is the memory of the pools, in cells: per pool its dice and key
// (4 bytes a die each), and its key's string, its state and its index
// entry with the room they grow by.
func (m *poolMap) cells() int { return m.dice + poolCells*len(m.list) }

// poolCells is the memory of a pool besides its dice, in cells; sizedCells
// that of the room a sized poolMap makes for one.
const (
	poolCells  = 24
	sizedCells = 12
)

// add adds probability w to the pool of dice (sorted descending; copied
// when the pool is new).
func (m *poolMap) add(dice []int32, w scal) {
	key := m.key[:0]
	for _, d := range dice {
		key = binary.LittleEndian.AppendUint32(key, uint32(d))
	}
	m.key = key
	if i, ok := m.idx[string(key)]; ok {
		m.list[i].w = m.list[i].w.add(w)
		return
	}
	m.idx[string(key)] = len(m.list)
	if cap(m.arena)-len(m.arena) < len(dice) { // a new array: the old one stays with its pools
		m.arena = make([]int32, 0, max(1024, 2*cap(m.arena), len(dice)))
	}
	at := len(m.arena)
	m.arena = append(m.arena, dice...)
	m.list = append(m.list, poolState{dice: m.arena[at:len(m.arena):len(m.arena)], w: w})
	m.dice += len(dice)
}

// insertInto appends to out the dice with d added, descending.
func insertInto(out, dice []int32, d int32) []int32 {
	at := 0
	for at < len(dice) && dice[at] >= d {
		at++
	}
	return append(append(append(out, dice[:at]...), d), dice[at:]...)
}

// merge appends the dice of a and b (both descending) to out, descending.
func merge(out, a, b []int32) []int32 {
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
const poolWeight = 384

// expand adds to out every combination of one outcome per part, on top of
// base, merging equal pools as it goes; prune, when not nil, keeps only the
// dice that matter.
func (t *term) expand(base []int32, w scal, parts [][]outcome, out *poolMap, prune func([]int32) []int32) error {
	if prune != nil {
		base = prune(base)
	}
	if len(parts) == 0 {
		n := out.cells()
		out.add(base, w)
		return t.c.take(out.cells() - n)
	}
	if t.maps[0] == nil {
		t.maps = [2]*poolMap{newPoolMap(), newPoolMap()}
	}
	cur, next := t.maps[0], t.maps[1] // everything they hold is copied to out at the end
	cur.reset()
	cur.add(base, w)
	for _, part := range parts {
		// every pool with every outcome: a step, and the dice it merges
		partDice := 0
		for _, o := range part {
			partDice += len(o.dice)
		}
		if err := t.c.spend(len(part)*(poolWeight*len(cur.list)+cur.dice) + len(cur.list)*partDice); err != nil {
			return err
		}
		next.reset()
		var buf []int32
		for _, ps := range cur.list {
			for _, o := range part {
				buf = merge(buf[:0], ps.dice, o.dice)
				dice := buf
				if prune != nil {
					dice = prune(dice)
				}
				next.add(dice, ps.w.mul(o.w))
			}
		}
		if err := t.c.take(next.cells() + len(cur.list)*len(part)); err != nil {
			return err
		}
		cur, next = next, cur
	}
	n := out.cells()
	for _, ps := range cur.list {
		out.add(ps.dice, ps.w)
	}
	return t.c.take(out.cells() - n)
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
	n := binomScal(t.N+t.S-1, t.N).f
	if n*float64(poolWeight+t.N) > float64(t.c.budget) || n*float64(poolCells+t.N) > float64(t.c.memory/8) {
		return nil, t.c.spend(t.c.budget + 1)
	}
	if err := t.c.spend(int(n) * (poolWeight + t.N)); err != nil {
		return nil, err
	}
	if err := t.c.take(int(n) * sizedCells); err != nil {
		return nil, err
	}
	pm := sizedPoolMap(int(n))
	per := t.uniformW(t.S)
	dice := make([]int32, 0, t.N)
	var gen func(f, left int, w scal)
	var buf []int32
	gen = func(f, left int, w scal) { // faces from f down, left dice to place
		// m dice showing face f, m ≥ 1 by recursion (at most N deep), and
		// none by going on to the next face
		for ; f > t.mn && left > 0; f-- {
			for m := 1; m <= left; m++ {
				for range m {
					dice = append(dice, int32(t.state(f, 0)))
				}
				gen(f-1, left-m, w.mul(binomScal(left, m)).mul(per.pow(m)))
				dice = dice[:len(dice)-m]
			}
		}
		all := append(buf[:0], dice...)
		for range left {
			all = append(all, int32(t.state(f, 0)))
		}
		pm.add(all, w.mul(per.pow(left)))
		buf = all
	}
	one := ratScal(1, 1)
	if !t.c.exact {
		one = floatScal(1)
	}
	gen(t.mx, t.N, one)
	return pm, t.c.take(pm.cells())
}

// marks returns which dice of a pool (descending) stage s selects, in
// memory the next call reuses.
func (t *term) marks(dice []int32, s *stage) []bool {
	k := len(dice)
	if cap(t.markBuf) < k {
		t.markBuf = make([]bool, k)
	}
	m := t.markBuf[:k]
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
	if err := t.c.take(2 * sizedCells * len(in.list)); err != nil { // out and groups
		return nil, err
	}
	out := sizedPoolMap(len(in.list))
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
	var fresh []outcome
	if s.op == opRA {
		fresh = t.freshOutcomes(0)
	}
	groups := newStepGroups(prune, len(in.list))
	var base []int32
	var parts [][]outcome
	var ids []int32 // which outcomes each part is: spread[0], spread[1], chain or fresh
	for _, ps := range in.list {
		if err := t.c.spend(poolWeight + len(ps.dice)); err != nil {
			return nil, err
		}
		base, parts, ids = base[:0], parts[:0], ids[:0] // groups.add copies what it keeps
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
				base = append(base, d)
			}
			slices.SortFunc(base, func(a, b int32) int { return int(b) - int(a) })
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
					ids = append(ids, d&1)
				} else {
					base = append(base, d)
				}
			}
		case opRA:
			base = append(base, ps.dice...)
			if slices.Contains(t.marks(ps.dice, s), true) {
				parts = append(parts, fresh)
				ids = append(ids, 2)
			}
		case opE:
			for _, d := range ps.dice {
				if d&1 == 0 && t.matchVal(s, t.face(int(d))) {
					if s.never {
						return nil, t.neverStops()
					}
					base = append(base, d|1)
					parts = append(parts, chain)
					ids = append(ids, 3)
				} else {
					base = append(base, d)
				}
			}
			slices.SortFunc(base, func(a, b int32) int { return int(b) - int(a) })
		}
		groups.add(base, parts, ids, ps.w)
	}
	if err := t.c.take(groups.pools.cells() + len(groups.parts)); err != nil {
		return nil, err
	}
	for i, g := range groups.pools.list {
		if err := t.expand(g.dice, g.w, groups.parts[i], out, prune); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// stepGroups merges the pools that a stage treats alike: the same dice
// (those that matter, when the stage prunes) and the same parts to expand.
// Expanding each group once, with the weights of its pools added, gives
// what expanding every pool would (8d6!kh3: the pools that differ only
// below their highest three dice, and in nothing that explodes, are one).
type stepGroups struct {
	pools *poolMap      // the groups' dice and weights, keyed by dice and parts
	parts [][][]outcome // per group, its parts
	prune func([]int32) []int32
	key   []int32
}

// newStepGroups returns the groups of a stage that treats n pools.
func newStepGroups(prune func([]int32) []int32, n int) *stepGroups {
	return &stepGroups{pools: sizedPoolMap(n), parts: make([][][]outcome, 0, n), prune: prune}
}

// add adds a pool of weight w whose dice are base and whose parts are
// parts, ids naming them (the same id, the same outcomes).
func (g *stepGroups) add(base []int32, parts [][]outcome, ids []int32, w scal) {
	if g.prune != nil {
		base = g.prune(base)
	}
	// the key: the dice, a separator no die state equals, then the parts'
	// ids (in the order they come: the same for pools of the same dice)
	g.key = append(append(append(g.key[:0], base...), -1), ids...)
	n := len(g.pools.list)
	g.pools.add(g.key, w)
	if len(g.pools.list) > n {
		last := &g.pools.list[n]
		last.dice = last.dice[:len(base)] // the dice only; the parts are kept apart
		g.parts = append(g.parts, slices.Clone(parts))
	}
}

// chainOutcomes returns the dice an exploding die adds when it may explode
// r times (r ≥ 1 to explode at all): a newly rolled die, and when that one
// matches, what it adds in turn. Chains beyond the depth are cut off.
func (t *term) chainOutcomes(s *stage, r int) ([]outcome, error) {
	if r == 0 {
		t.c.cut = true
		return nil, nil
	}
	k := 0 // the faces that explode
	for f := t.mn; f <= t.mx; f++ {
		if t.matchVal(s, f) {
			k++
		}
	}
	var deeper []outcome
	if k > 0 {
		var err error
		if deeper, err = t.chainOutcomes(s, r-1); err != nil {
			return nil, err
		}
	}
	// every exploding face with every deeper chain, charged before they are
	// built (merged as they come, they may take less)
	dice := 0
	for _, o := range deeper {
		dice += len(o.dice) + 1
	}
	if err := t.c.spend(k*(poolWeight*len(deeper)+dice) + t.S); err != nil {
		return nil, err
	}
	if err := t.c.take(k*(dice+poolCells*len(deeper)) + poolCells*(t.S-k)); err != nil {
		return nil, err
	}
	w := t.uniformW(t.S)
	m := newPoolMap() // the chains that add the same dice, merged
	var buf []int32
	for f := t.mn; f <= t.mx; f++ {
		if !t.matchVal(s, f) {
			m.add([]int32{int32(t.state(f, 0))}, w)
			continue
		}
		me := int32(t.state(f, 1))
		for _, o := range deeper {
			buf = insertInto(buf[:0], o.dice, me)
			m.add(buf, w.mul(o.w))
		}
	}
	merged := make([]outcome, 0, len(m.list))
	for _, ps := range m.list {
		merged = append(merged, outcome(ps))
	}
	return merged, nil
}
