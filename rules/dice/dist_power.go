package dice

// power returns the distribution of the sum of n independent copies of u.
func (c *dctx) power(u *pmf, n int) (*pmf, error) {
	switch {
	case n == 0:
		return c.point(0), nil
	case n == 1 || u.size() == 0:
		return u, nil
	}
	if u.exact() {
		if err := c.take(2 * u.size()); err != nil { // reduced, or as float64
			return nil, err
		}
		if u2 := u.reduce(); !powFits(u2.den, n) {
			u = u.toFloat()
		} else {
			u = u2
		}
	}
	runs := runsOf(u)
	if len(runs) == 1 && runs[0].off == 0 && runs[0].n == u.size() {
		return c.uniformPower(u, n)
	}
	return c.powerSteps(u, n, runs, 2*len(runs)+2 < u.nnz())
}

// powerSteps returns the sum of n ≥ 2 independent copies of u, one
// convolution at a time (as conv, or by a window sum per run of u when
// useRuns), each step into one of two buffers that serve every step: the
// memory of two results rather than of n. u's counts to the n-th power fit
// (power checked), so no exact step can overflow.
func (c *dctx) powerSteps(u *pmf, n int, runs []run, useRuns bool) (*pmf, error) {
	lo, ok1 := mulInt(u.lo, n)
	_, ok2 := mulInt(u.hi(), n)
	if !ok1 || !ok2 {
		return nil, errRange
	}
	nu := u.size()
	size := n*(nu-1) + 1
	longest := 0
	for _, rn := range runs {
		longest = max(longest, rn.n)
	}
	cells := 2 * size
	if useRuns {
		cells += size + 2*longest
	}
	if err := c.take(cells); err != nil {
		return nil, err
	}
	if u.exact() {
		return c.powerStepsX(u, n, lo, size, runs, useRuns)
	}
	cur, next := make([]float64, size), make([]float64, size)
	var ws, scratch []float64
	if useRuns {
		ws = make([]float64, size+2*longest)
		ws, scratch = ws[:size], ws[size:]
	}
	m := copy(cur, u.f)
	for range n - 1 {
		k := m + nu - 1
		out := next[:k]
		clear(out)
		if useRuns { // two passes per window sum in float64
			if err := c.spend(2*runsCost(m, runs) + k); err != nil {
				return nil, err
			}
			for _, rn := range runs {
				w := ws[:m+rn.n-1]
				windowF(w, cur, rn.n, rn.f, scratch) // cur is zero past m
				d := out[rn.off:]
				for i, v := range w {
					d[i] += v
				}
			}
		} else {
			outer, inner, zo := convOrder(cur[:m], u.f, nnzF(cur[:m]), nnzF(u.f))
			if err := c.spend(zo*len(inner) + k); err != nil {
				return nil, err
			}
			convF(out, outer, inner)
		}
		cur, next = next, cur
		// trim, as conv does, what fell to zero at both ends (tails below
		// the smallest float64), keeping cur zero past its values
		a, b := 0, k
		for a < b && cur[a] == 0 {
			a++
		}
		for b > a && cur[b-1] == 0 {
			b--
		}
		if a > 0 {
			copy(cur, cur[a:b])
			clear(cur[b-a : b])
			lo += a
		}
		m = b - a
	}
	return &pmf{lo: lo, f: cur[:m]}, nil
}

// powerStepsX is powerSteps on counts.
func (c *dctx) powerStepsX(u *pmf, n, lo, size int, runs []run, useRuns bool) (*pmf, error) {
	nu := u.size()
	cur, next := make([]uint64, size), make([]uint64, size)
	var ws []uint64
	if useRuns {
		ws = make([]uint64, size+nu)
	}
	m := copy(cur, u.x)
	den := u.den
	for range n - 1 {
		k := m + nu - 1
		out := next[:k]
		clear(out)
		ok := true
		if useRuns {
			if err := c.spend(runsCost(m, runs) + k); err != nil {
				return nil, err
			}
			for _, rn := range runs {
				w := ws[:m+rn.n-1]
				ok = ok && windowX(w, cur[:m], rn.n)
				d := out[rn.off:]
				for i, v := range w {
					d[i] += v * rn.x // ≤ the denominator: the mass is at most 1
				}
			}
		} else {
			outer, inner, zo := convOrder(cur[:m], u.x, nnzX(cur[:m]), nnzX(u.x))
			if err := c.spend(zo*len(inner) + k); err != nil {
				return nil, err
			}
			ok = convX(out, outer, inner)
		}
		if !ok { // cannot happen (power checked the denominators): in float64 then
			return c.powerSteps(u.toFloat(), n, runsOf(u.toFloat()), useRuns)
		}
		cur, next = next, cur
		m = k
		den *= u.den
	}
	return &pmf{lo: lo, x: cur[:m], den: den}, nil
}

// convOrder chooses, as conv does, which of a and b to walk outside: the
// cost is (nonzero values outside) × (all values inside).
func convOrder[T uint64 | float64](a, b []T, za, zb int) (outer, inner []T, zo int) {
	if zb*len(a) < za*len(b) {
		return b, a, zb
	}
	return a, b, za
}

// runsCost is what a step by window sums over runs charges for r of size
// nr, less the result's size.
func runsCost(nr int, runs []run) int {
	cost := 0
	for _, rn := range runs {
		cost += nr + rn.n
	}
	return cost
}

func nnzF(f []float64) int {
	n := 0
	for _, v := range f {
		if v != 0 {
			n++
		}
	}
	return n
}

func nnzX(x []uint64) int {
	n := 0
	for _, v := range x {
		if v != 0 {
			n++
		}
	}
	return n
}

// uniformPower returns the sum of n independent copies of u, uniform on its
// range: each step is one window sum, in place (NdS costs N×range).
func (c *dctx) uniformPower(u *pmf, n int) (*pmf, error) {
	L := u.size()
	size := n*(L-1) + 1
	lo, ok1 := mulInt(u.lo, n)
	_, ok2 := mulInt(u.hi(), n)
	if !ok1 || !ok2 {
		return nil, errRange
	}
	// n-1 window sums of growing size, about n×size/2 cells: one pass
	// each on counts, two in float64
	steps := n * size / 2
	if !u.exact() {
		steps *= 2
	}
	if err := c.spend(steps + n); err != nil {
		return nil, err
	}
	if err := c.take(2*size + 2*L); err != nil {
		return nil, err
	}
	if u.exact() { // u.den^n fits (power checked): no count can overflow
		cur, next := make([]uint64, size), make([]uint64, size)
		for i := range L {
			cur[i] = 1
		}
		for k := 1; k < n; k++ {
			m := k*(L-1) + 1
			windowX(next[:m+L-1], cur[:m], L)
			cur, next = next, cur
		}
		// each die has weight x0 on each of its L values: counts × x0^n over den^n
		den, w := uint64(1), uint64(1)
		for range n {
			den *= u.den
			w *= u.x[0]
		}
		if w != 1 {
			for i := range cur {
				cur[i] *= w // ≤ den: the mass is at most 1
			}
		}
		return &pmf{lo: lo, x: cur, den: den}, nil
	}
	w := u.f[0]
	buf := make([]float64, size+2*L)
	cur, scratch := buf[:size], buf[size:]
	for i := range L {
		cur[i] = w
	}
	for k := 1; k < n; k++ { // in place: cur[m:] is still zero
		m := k*(L-1) + 1
		windowF(cur[:m+L-1], cur, L, w, scratch)
	}
	return &pmf{lo: lo, f: cur}, nil
}

// powFits reports whether d^n fits in 64 bits.
func powFits(d uint64, n int) bool {
	p := uint64(1)
	for range n {
		var ok bool
		if p, ok = mul64(p, d); !ok {
			return false
		}
	}
	return true
}
