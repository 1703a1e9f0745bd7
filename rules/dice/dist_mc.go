package dice

import (
	"context"
	"errors"
	"slices"
)

// sample estimates the distribution by rolling the expression with the
// roller NewSeeded(opt.Seed): the same options give the same estimate.
// Samples that exceed MaxDice count as leftover; any other error of a roll
// (a division by zero, an overflow) is returned. Without opt.Samples, it
// takes as many samples as SampleWork allows (see Cost), and fails with
// CodeTooHeavy when that is fewer than MinSamples. When ctx is done it stops
// and returns the estimate so far, or CodeTooHeavy before MinSamples.
func (e *Expr) sample(ctx context.Context, opt DistOptions) (*Dist, error) {
	n := opt.Samples
	if n <= 0 {
		if n = autoSamples(e.rollWork()); n == 0 {
			return nil, e.tooHeavy()
		}
	}
	r := NewSeeded(opt.Seed)
	res := e.newResult() // one Result and one scratch for every roll
	sc := new(scratch)
	totals := make([]int, 0, n)
	succ, failed := 0, 0
	compare := e.nodes[e.root()].kind == KindCompare
	stopped := false
	var last error
	for i := range n {
		if i%sampleCheck == 0 && ctx.Err() != nil {
			if i < min(n, MinSamples) {
				return nil, e.tooHeavy()
			}
			n, stopped = i, true
			break
		}
		res.reuse()
		if err := e.rollWith(res, r, sc); err != nil {
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
		totals = append(totals, res.Total)
		if res.Verdict == VerdictSuccess {
			succ++
		}
	}
	if failed == n {
		return nil, last
	}
	d := &Dist{samples: n, compare: compare, leftover: float64(failed) / float64(n), stopped: stopped}
	d.vals, d.probs = tally(totals, n)
	d.succ = float64(succ) / float64(n)
	d.moments()
	return d, nil
}

// sampleCheck is how many samples are rolled between two looks at the context.
const sampleCheck = 64

// tally returns the distinct totals, ascending, and each one's share of n:
// by counting when their range is small, else by sorting them (in place).
func tally(totals []int, n int) ([]int, []float64) {
	if len(totals) == 0 {
		return nil, nil
	}
	lo, hi := slices.Min(totals), slices.Max(totals)
	if span := uint64(hi) - uint64(lo); span < uint64(2*len(totals)) {
		count := make([]int, span+1)
		distinct := 0
		for _, v := range totals {
			if count[v-lo]++; count[v-lo] == 1 {
				distinct++
			}
		}
		vals, probs := make([]int, 0, distinct), make([]float64, 0, distinct)
		for i, c := range count {
			if c > 0 {
				vals = append(vals, lo+i)
				probs = append(probs, float64(c)/float64(n))
			}
		}
		return vals, probs
	}
	slices.Sort(totals)
	distinct := 0
	for i, v := range totals {
		if i == 0 || v != totals[i-1] {
			distinct++
		}
	}
	vals, probs := make([]int, 0, distinct), make([]float64, 0, distinct)
	for i, v := range totals {
		if i == 0 || v != totals[i-1] {
			vals = append(vals, v)
			probs = append(probs, 0)
		}
		probs[len(probs)-1]++
	}
	for i := range probs {
		probs[i] /= float64(n)
	}
	return vals, probs
}
