package dice

import (
	"cmp"
	"math/bits"
	"slices"
)

// scratch is the working memory of the selectors of one roll, reused from
// one operation to the next (and, by the Monte-Carlo sampler, from one roll
// to the next): a pool of a thousand dice ranked a hundred times allocates
// once.
type scratch struct {
	vals       []int
	kept, mark []bool
	order      []int
	keys, tmp  []uint64
	// the last ranking: its values and its order. The next operation of a
	// term sees the same faces unless a die was rerolled, added or clamped,
	// and then the same order serves, less the dice dropped since.
	lastVals, lastOrder []int
}

// pool returns empty vals, kept and mark slices with room for n dice.
func (sc *scratch) pool(n int) ([]int, []bool, []bool) {
	if cap(sc.vals) < n {
		sc.vals, sc.kept, sc.mark = make([]int, 0, n), make([]bool, 0, n), make([]bool, 0, n)
	}
	return sc.vals[:0], sc.kept[:0], sc.mark[:0]
}

// rank returns the indices of the kept vals, highest value first and, among
// equal values, earlier first; buf is used when it is large enough, else
// sc's memory (when sc is not nil). Values within 2^32 of each other (the
// faces of a term) are ordered by a stable radix sort, one pass per byte of
// their range: ranking a thousand dice costs a few microseconds, however
// often an expression ranks them.
func rank(vals []int, kept []bool, buf []int, sc *scratch) []int {
	order := buf[:0]
	if cap(buf) < len(vals) {
		if sc == nil {
			sc = new(scratch)
		}
		if cap(sc.order) < len(vals) {
			sc.order = make([]int, 0, len(vals))
		}
		order = sc.order[:0]
	}
	if sc != nil && slices.Equal(vals, sc.lastVals) {
		if o, ok := sc.reuse(kept, order); ok {
			return o
		}
	}
	hi, lo := 0, 0
	for k, v := range vals {
		if kept[k] {
			if len(order) == 0 || v > hi {
				hi = v
			}
			if len(order) == 0 || v < lo {
				lo = v
			}
			order = append(order, k)
		}
	}
	switch span := uint64(hi) - uint64(lo); {
	case len(order) <= smallPool:
		for i := 1; i < len(order); i++ { // insertion sort: stable, and no allocation
			for j := i; j > 0 && vals[order[j]] > vals[order[j-1]]; j-- {
				order[j], order[j-1] = order[j-1], order[j]
			}
		}
	case span < 1<<32:
		radixRank(order, vals, hi, bits.Len64(span), sc)
	default:
		slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(vals[b], vals[a]) })
	}
	if sc != nil && len(order) > smallPool {
		sc.lastVals = append(sc.lastVals[:0], vals...)
		sc.lastOrder = append(sc.lastOrder[:0], order...)
	}
	return order
}

// reuse returns, in order, the last ranking less the dice no longer kept,
// when that holds every kept die (the values being the same).
func (sc *scratch) reuse(kept []bool, order []int) ([]int, bool) {
	n := 0
	for _, k := range kept {
		if k {
			n++
		}
	}
	for _, k := range sc.lastOrder {
		if kept[k] {
			order = append(order, k)
		}
	}
	return order, len(order) == n
}

// radixRank sorts order (ascending indices) by vals descending, stably: the
// key of index k is hi-vals[k] (width bits at most) above k itself, sorted a
// byte of the key at a time from the lowest.
func radixRank(order, vals []int, hi, width int, sc *scratch) {
	n := len(order)
	if sc == nil {
		sc = new(scratch)
	}
	if cap(sc.keys) < n {
		sc.keys, sc.tmp = make([]uint64, n), make([]uint64, n)
	}
	keys, tmp := sc.keys[:n], sc.tmp[:n]
	for i, k := range order {
		keys[i] = (uint64(hi)-uint64(vals[k]))<<32 | uint64(k)
	}
	for shift := 32; shift < 32+width; shift += 8 {
		var count [256]int
		for _, x := range keys {
			count[byte(x>>shift)]++
		}
		sum := 0
		for d, c := range count {
			count[d] = sum
			sum += c
		}
		for _, x := range keys {
			d := byte(x >> shift)
			tmp[count[d]] = x
			count[d]++
		}
		keys, tmp = tmp, keys
	}
	for i, x := range keys {
		order[i] = int(uint32(x))
	}
}

// reuse resets r for another roll, keeping the memory of its dice, slots
// and notes (Expr.rollWith fills them again).
func (r *Result) reuse() {
	dice, aux := r.dice[:0], r.aux
	if aux != nil {
		clear(aux.slots)
		aux.hist = aux.hist[:0]
	}
	*r = Result{dice: dice, aux: aux}
}

// fitSlots gives r cleared slots for the n nodes of an expression it was
// not made for.
func (r *Result) fitSlots(n int) {
	if r.aux == nil {
		r.aux = new(resultAux)
	}
	if cap(r.aux.slots) < n {
		r.aux.slots = make([]slot, n)
	}
	r.aux.slots = r.aux.slots[:n]
	clear(r.aux.slots)
}
