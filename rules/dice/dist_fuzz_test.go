package dice

import (
	"math"
	"slices"
	"testing"
)

// FuzzDistribution: no input makes Distribution panic; a computed
// distribution has mass 1 with its leftover, and holds every total a roll
// can give.
func FuzzDistribution(f *testing.F) {
	for _, s := range []string{
		"4d6kh3", "2d20kh1+5 >= 15", "10d10c>=8e10", "(1d6,1d8!,3)kh2dl1", "4dF!mi0", "3d6ro<3ra6rr1kh2p1",
		"1d6/(1d3-1)", "-7/2%3", "4d6!kh3", "6d6kh4dl1", "1d%e>90ma95", "2d4e2kh1e2", "(1d20+5)kh1 > 1d20",
		"0<d2!",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := Parse(s)
		if err != nil || e.ndice > 40 {
			return
		}
		d, err := e.Distribution(DistOptions{Budget: 1 << 18, Samples: 200, ExplodeDepth: 8})
		if err != nil || !d.Exact() {
			return
		}
		mass := 0.0
		for _, v := range d.Values() {
			p := d.Prob(v)
			if !(p > 0 && p <= 1+1e-9) {
				t.Fatalf("%q: P(%d) = %g", s, v, p)
			}
			mass += p
		}
		if len(d.Values()) > 0 && math.Abs(mass+d.Leftover()-1) > 1e-9 {
			t.Fatalf("%q: mass %g + leftover %g", s, mass, d.Leftover())
		}
		if p, _, ok := d.Success(); ok && !(p >= 0 && p <= 1+1e-9) {
			t.Fatalf("%q: P(success) = %g", s, p)
		}
		if d.Leftover() > 0 {
			return // a roll may go beyond the depth
		}
		r := NewSeeded(uint64(len(s)))
		for range 20 {
			res, err := e.Roll(r)
			if err != nil {
				return
			}
			if _, ok := slices.BinarySearch(d.vals, res.Total); !ok {
				t.Fatalf("%q: a roll gives %d, which has probability 0", s, res.Total)
			}
		}
	})
}
