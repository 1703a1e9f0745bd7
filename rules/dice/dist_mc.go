package dice

import (
	"errors"
	"maps"
	"slices"
)

// sample estimates the distribution by rolling the expression with the
// roller NewSeeded(opt.Seed): the same options give the same estimate.
// Samples that exceed MaxDice count as leftover; any other error of a roll
// (a division by zero, an overflow) is returned.
func (e *Expr) sample(opt DistOptions) (*Dist, error) {
	n := opt.Samples
	if n <= 0 {
		n = DefaultSamples
		if e.ndice > 0 {
			n = min(n, max(5_000, 2_000_000/int(e.ndice)))
		}
	}
	r := NewSeeded(opt.Seed)
	counts := map[int]int{}
	succ, failed := 0, 0
	compare := e.nodes[e.root()].kind == KindCompare
	var last error
	for i := range n {
		res, err := e.Roll(r)
		if err != nil {
			var de *Error
			if errors.As(err, &de) && de.Code == CodeTooManyDice {
				failed++
				last = err
				if failed == i+1 && failed >= 100 {
					return nil, err // a hundred rolls, not one within MaxDice: most never are
				}
				continue
			}
			return nil, err
		}
		counts[res.Total]++
		if res.Verdict == VerdictSuccess {
			succ++
		}
	}
	if failed == n {
		return nil, last
	}
	d := &Dist{samples: n, compare: compare, leftover: float64(failed) / float64(n)}
	d.vals = slices.Sorted(maps.Keys(counts))
	d.probs = make([]float64, len(d.vals))
	for i, v := range d.vals {
		d.probs[i] = float64(counts[v]) / float64(n)
	}
	d.succ = float64(succ) / float64(n)
	d.moments()
	return d, nil
}
