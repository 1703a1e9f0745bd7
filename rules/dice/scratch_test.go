package dice

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// rankReference is rank by a stable sort: highest value first, earlier first among equals.
func rankReference(vals []int, kept []bool) []int {
	var order []int
	for k := range vals {
		if kept[k] {
			order = append(order, k)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(vals[b], vals[a]) })
	return order
}

// TestRank: the radix ranking, and the ranking reused while the values stay
// the same, equal a stable sort — for pools of faces small and large, sets
// of values beyond 2^32 apart, and kept dice dropped one operation after another.
func TestRank(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	spans := []int{1, 2, 6, 20, 300, 1_000_000, 1 << 40}
	for range 400 {
		n := 1 + r.IntN(1200)
		span := spans[r.IntN(len(spans))]
		vals := make([]int, n)
		for i := range vals {
			vals[i] = r.IntN(span) - span/3
		}
		kept := make([]bool, n)
		for i := range kept {
			kept[i] = r.IntN(8) != 0
		}
		sc := new(scratch)
		for step := range 4 { // the same values, fewer dice kept each time: the cache serves
			got := rank(vals, kept, nil, sc)
			if want := rankReference(vals, kept); !slices.Equal(got, want) {
				t.Fatalf("n %d span %d step %d: rank differs from a stable sort", n, span, step)
			}
			for i := range kept {
				if r.IntN(5) == 0 {
					kept[i] = false
				}
			}
		}
		// a die kept again (the same values), then a face changed: no stale order
		rank(vals, kept, nil, sc)
		kept[0] = true
		if got, want := rank(vals, kept, nil, sc), rankReference(vals, kept); !slices.Equal(got, want) {
			t.Fatalf("n %d span %d: stale ranking after a die is kept again", n, span)
		}
		vals[n-1]++
		if got, want := rank(vals, kept, nil, sc), rankReference(vals, kept); !slices.Equal(got, want) {
			t.Fatalf("n %d span %d: stale ranking after a face changed", n, span)
		}
	}
}

// TestRollReuse: rolling into a reused Result with a shared scratch (as the
// Monte-Carlo estimate does) gives the totals and breakdowns of fresh rolls.
func TestRollReuse(t *testing.T) {
	for _, s := range []string{"4d6kh3", "1000d6kh999dl1kh900", "20d10e10ro1rr2mi3c>5", "(1d20,1d20,3d6)kh2+1d4", "2d20kh1+5>=15 to hit", "100d6ra6ro<2kh50"} {
		e, err := Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		a, b := NewSeeded(7), NewSeeded(7)
		var res Result
		sc := new(scratch)
		for range 50 {
			fresh, err := e.Roll(a)
			if err != nil {
				t.Fatal(err)
			}
			res.reuse()
			if err := e.rollWith(&res, b, sc); err != nil {
				t.Fatal(err)
			}
			if res.Total != fresh.Total || res.Verdict != fresh.Verdict || res.Breakdown() != fresh.Breakdown() {
				t.Fatalf("%q: reused roll %q, fresh %q", s, res.Breakdown(), fresh.Breakdown())
			}
		}
	}
}
