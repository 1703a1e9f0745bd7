package dice

// Versus is the comparison of two independent rolls (`/stats expr
// compare:expr2`): the probabilities that the first total is greater than,
// equal to and less than the second. They add up to 1 less what either
// distribution leaves over (Leftover).
type Versus struct {
	Greater, Equal, Less float64
	// Exact reports that both distributions were computed; otherwise the
	// figures are estimates, within about 1/sqrt(Samples) of the truth.
	Exact bool
	// Samples is the smaller Monte-Carlo sample size of the two (0 when
	// both were computed).
	Samples int
}

// Versus compares d with o, each rolled independently: one pass over the
// values of both, so it costs no more than reading them.
func (d *Dist) Versus(o *Dist) Versus {
	v := Versus{Exact: d.exact && o.exact}
	switch {
	case !d.exact && !o.exact:
		v.Samples = min(d.samples, o.samples)
	case !d.exact:
		v.Samples = d.samples
	case !o.exact:
		v.Samples = o.samples
	}
	massO := 0.0
	for _, p := range o.probs {
		massO += p
	}
	below, j := 0.0, 0 // below = P(o < x)
	for i, x := range d.vals {
		for j < len(o.vals) && o.vals[j] < x {
			below += o.probs[j]
			j++
		}
		eq := 0.0
		if j < len(o.vals) && o.vals[j] == x {
			eq = o.probs[j]
		}
		p := d.probs[i]
		v.Greater += p * below
		v.Equal += p * eq
		v.Less += p * max(0, massO-below-eq)
	}
	v.Greater, v.Equal, v.Less = min(v.Greater, 1), min(v.Equal, 1), min(v.Less, 1)
	return v
}
