package dice

import (
	"cmp"
	"math/rand/v2"
	"reflect"
	"runtime"
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

// reuseExprs are rolled into reused Results: ranking chains, rerolls,
// clamps, counts, sets, comparisons, and revision 2's operators (!!, !p,
// explode conditions, cs/cf, functions, groups), long and short.
var reuseExprs = []string{"4d6kh3", "1000d6kh999dl1kh900", "20d10e10ro1rr2mi3c>5", "(1d20,1d20,3d6)kh2+1d4",
	"2d20kh1+5>=15 to hit", "100d6ra6ro<2kh50", "4d6!!", "30d6!!>=5kh10", "100d6!!>=4", "2d6!p", "40d6!p>4ro1", "1d20cs>=19+5",
	"3d6!!mi2ma17", "floor(3d6/2)+round(1d8*3/4)", "abs(1d6-10d6)", "{4d6,3d8}kh1", "(4d6)kh3+{2d20}kl1",
	"6d6k=1k=2", "(1d20+5,1d20+3,2d6*2)kh1+(1d4+1,2)kl1", "1d6", "d20", "8d6+3", "floor(" + joined("1d6/7", "+", 60, 600) + ")", "(" + joined("1d9", ",", 40, 400) + ")kh5"}

// TestRollReuse: rolling into a reused Result with a shared scratch (as the
// Monte-Carlo estimate does) gives the totals and breakdowns of fresh rolls,
// whether the Result came from newResult for the expression, is a zero
// Result, or rolled other expressions before.
func TestRollReuse(t *testing.T) {
	shared := new(Result) // one Result for every expression in turn
	sharedSc := new(scratch)
	for _, s := range reuseExprs {
		e := mustParse(t, s)
		a, b, c, d := NewSeeded(7), NewSeeded(7), NewSeeded(7), NewSeeded(7)
		sized, zero := e.newResult(), new(Result)
		sc := new(scratch)
		for range 50 {
			fresh, err := e.Roll(a)
			if err != nil {
				t.Fatal(err)
			}
			for _, re := range []struct {
				res *Result
				r   Roller
				sc  *scratch
			}{{sized, b, sc}, {zero, c, sc}, {shared, d, sharedSc}} {
				re.res.reuse()
				if err := e.rollWith(re.res, re.r, re.sc); err != nil {
					t.Fatal(err)
				}
				if re.res.Total != fresh.Total || re.res.Verdict != fresh.Verdict || re.res.Crit != fresh.Crit ||
					re.res.Natural != fresh.Natural || re.res.Breakdown() != fresh.Breakdown() ||
					!reflect.DeepEqual(re.res.Dice(), fresh.Dice()) || !reflect.DeepEqual(re.res.Tree(), fresh.Tree()) {
					t.Fatalf("%q: reused roll %q, fresh %q", s, re.res.Breakdown(), fresh.Breakdown())
				}
			}
		}
	}
}

// TestRollReuseAllocs: a reused Result and scratch roll without allocating
// once they have grown, explosions and compounded dice included: over a
// thousand rolls, a buffer may grow for a roll longer than every one before
// a few times at most.
func TestRollReuseAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	for _, s := range reuseExprs {
		e := mustParse(t, s)
		r := NewSeeded(3)
		res, sc := e.newResult(), new(scratch)
		roll := func() {
			res.reuse()
			if err := e.rollWith(res, r, sc); err != nil {
				t.Fatal(err)
			}
		}
		for range 200 { // grow to the largest roll
			roll()
		}
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		for range 1000 {
			roll()
		}
		runtime.ReadMemStats(&m1)
		if n := m1.Mallocs - m0.Mallocs; n > 4 {
			t.Errorf("%q: %d allocations in 1000 reused rolls", s, n)
		}
	}
}
