package dice

import "math"

// rankWeights are the binomial weights of orderStats, computed once per
// term rather than once per transition: in exact mode C(rem, m)·w_i^m and
// rest_i^rem from a Pascal triangle and powers of the current face; in
// float mode the binomial probabilities from a table of log-factorials.
// Each value equals what binomScal, scal.pow and binomP give.
type rankWeights struct {
	exact  bool
	w      []scal    // per face: its probability
	rest   []scal    // rest[i]: the probability of the faces from index i on
	n      int       // the dice
	pascal []scal    // C(r, m) at r(r+1)/2 + m, for r ≤ n
	lf     []float64 // lf[r] = log r!
	face   int       // the face the powers below are for
	wpow   []scal    // w[face]^m
	rpow   []scal    // rest[face+1]^m
	lp, lq float64   // log p, log(1-p) for p = w[face]/rest[face]
}

func newRankWeights(exact bool, w, rest []scal, n int) *rankWeights {
	r := &rankWeights{exact: exact, w: w, rest: rest, n: n, face: -1}
	if exact { // n is small: the denominators' n-th powers fit
		r.pascal = make([]scal, 0, (n+1)*(n+2)/2)
		for i := range n + 1 {
			for k := range i + 1 {
				r.pascal = append(r.pascal, binomScal(i, k))
			}
		}
		return r
	}
	r.lf = make([]float64, n+1)
	for i := range r.lf {
		r.lf[i], _ = math.Lgamma(float64(i + 1))
	}
	return r
}

// at prepares the powers and logarithms of face i.
func (r *rankWeights) at(i int) {
	if r.face == i {
		return
	}
	r.face = i
	if r.exact {
		r.wpow = powers(r.wpow[:0], r.w[i], r.n)
		r.rpow = powers(r.rpow[:0], r.rest[i+1], r.n)
		return
	}
	if r.rest[i].f > 0 {
		p := r.w[i].f / r.rest[i].f
		r.lp, r.lq = math.Log(p), math.Log1p(-p)
	}
}

// powers appends a^0 .. a^n to out, as scal.pow computes them.
func powers(out []scal, a scal, n int) []scal {
	p := ratScal(1, 1)
	for range n + 1 {
		out = append(out, p)
		p = p.mul(a)
	}
	return out
}

// weight is the weight of m of the rem remaining dice showing face i: in
// exact mode C(rem, m)·w_i^m, in float mode the binomial probability with
// p = w_i / rest_i.
func (r *rankWeights) weight(i, rem, m int) scal {
	r.at(i)
	if r.exact {
		return r.pascal[rem*(rem+1)/2+m].mul(r.wpow[m])
	}
	if r.rest[i].f <= 0 {
		return floatScal(b2f(m == 0))
	}
	p := r.w[i].f / r.rest[i].f
	switch {
	case m < 0 || m > rem:
		return floatScal(0)
	case p <= 0:
		return floatScal(b2f(m == 0))
	case p >= 1:
		return floatScal(b2f(m == rem))
	}
	lc := r.lf[rem] - r.lf[m] - r.lf[rem-m]
	return floatScal(math.Exp(lc + float64(m)*r.lp + float64(rem-m)*r.lq))
}

// restWeight is the weight of the rem remaining dice all showing faces
// from index i+1 on, i the current face: rest_{i+1}^rem in exact mode, 1 in
// float mode (whose weights are conditional).
func (r *rankWeights) restWeight(i, rem int) scal {
	if !r.exact {
		return floatScal(1)
	}
	r.at(i)
	return r.rpow[rem]
}
