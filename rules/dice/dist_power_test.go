package dice

import (
	"math"
	"math/rand/v2"
	"testing"
)

// windowRef is windowF as three passes over whole arrays: block prefix
// sums, block suffix sums, then each window from one of each.
func windowRef(r []float64, n, L int, w float64) []float64 {
	pre, suf, ws := make([]float64, n), make([]float64, n), make([]float64, n)
	for b := 0; b < n; b += L {
		e := min(b+L, n)
		s := 0.0
		for t := b; t < e; t++ {
			s += r[t]
			pre[t] = s
		}
		s = 0
		for t := e - 1; t >= b; t-- {
			s += r[t]
			suf[t] = s
		}
	}
	for k := range n {
		if a := k - L + 1; a <= 0 || a%L == 0 {
			ws[k] = w * pre[k]
		} else {
			ws[k] = w * (suf[a] + pre[k])
		}
	}
	return ws
}

// TestWindowF: the two-pass window sums equal the three-pass ones bit for
// bit, in place or not, tiny tails included.
func TestWindowF(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for range 300 {
		L := 1 + rng.IntN(40)
		data := rng.IntN(300) + 1
		n := data + L - 1
		r := make([]float64, n)
		for i := range data {
			r[i] = math.Exp(-rng.Float64() * 700) // down to 1e-304
		}
		want := windowRef(r, n, L, 0.37)
		scratch := make([]float64, 2*L)
		got := make([]float64, n)
		windowF(got, r, L, 0.37, scratch)
		in := append([]float64(nil), r...)
		windowF(in, in, L, 0.37, scratch)
		for k := range n {
			if got[k] != want[k] || in[k] != want[k] {
				t.Fatalf("L %d n %d: ws[%d] = %g (in place %g); want %g", L, n, k, got[k], in[k], want[k])
			}
		}
	}
}
