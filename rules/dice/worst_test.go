package dice

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// The worst requests found within the documented limits (MaxDice 1,000,
// MaxSides 1,000,000, MaxLength 1,000 bytes, MaxDepth 64) for /stats and
// /roll, the two among them, and what they cost: each /stats pair
// (distributions, comparison) at most 100 ms of CPU and 32 MiB allocated,
// each /roll (repeat 20) likewise. BenchmarkWorstCaseStats and
// BenchmarkWorstCaseRoll show the time (ns/op and cpu-ms/op) and memory
// (B/op); TestWorstCaseMemory counts the bytes and TestWorstCaseWork the
// work charged, neither by the clock.

// worstMemory is the most a worst case may allocate.
const worstMemory = 32 << 20

// repeat returns prefix followed by as many copies of unit as fit in
// MaxLength bytes.
func repeat(prefix, unit string) string {
	return prefix + strings.Repeat(unit, (MaxLength-len(prefix))/len(unit))
}

// joined returns n copies of term joined by sep, in at most room bytes.
func joined(term, sep string, n, room int) string {
	n = min(n, (room+len(sep))/(len(term)+len(sep)))
	return strings.TrimSuffix(strings.Repeat(term+sep, n), sep)
}

// nested returns s in MaxDepth parentheses.
func nested(s string) string {
	return strings.Repeat("(", MaxDepth) + s + strings.Repeat(")", MaxDepth)
}

// worstStats are /stats requests: expr and compare.
var worstStats = []struct{ name, expr, compare string }{
	{"issue_keep_half", "1000d6kh500", "1000d6kh499"},
	{"issue_million_sides", "1d1000000", "1d1000000"},
	{"keep_half_million_sides", "1000d1000000kh500", "1000d1000000kl500"},
	{"heaviest_exact_sums", "100d1000", "100d1000"},
	{"order_statistics", "300d6kh100", "100d10dh2k>0"},
	{"exploding_pools", "500d6!kh250", "999d1000000!"},
	{"explode_then_count", "500d10e10c>=8", "900d10e10"},
	{"counts_and_clamps", "1000d6mi2ma5c>3", "1000d6mi2"},
	{"products_quotients", "1d1000000*1d1000000", "1d1000/1d1000"},
	{"product_chains", joined("1d1000", "*", 6, MaxLength), joined("1d6", "*", 24, MaxLength)},
	{"rerolls_big_dice", "3d10000rr<3264rr<573", "1d1000000rr1rr2rr3rr4"},
	{"reroll_and_add_pools", "100d2e>1ra2mi1", "1d10000kh1ra10000kl1"},
	{"sets_of_pools", "(4d6,4d6,4d6,4d6,4d6,4d6)kh3", "(" + joined("1d9", ",", 1000, MaxLength-7) + ")kh100"},
	{"sets_of_big_dice", "(" + joined("1d1000000", ",", 90, MaxLength-5) + ")kh2", "(" + joined("3d10000", ",", 90, MaxLength-6) + ")kl45"},
	{"long_sum_chain", joined("1d6", "+", 500, MaxLength), joined("1d1000000", "+", 500, MaxLength)},
	{"comparisons", "500d6kh250>=500d6kh249", "1d1000000>=1d1000000"},
	{"rank_chains", repeat("1000d6", "kh999pl1"), repeat("1000d1000000", "kh999pl1")},
	{"nested", nested("1d1000000*1d1000"), nested("500d6!kh250")},
	{"compound_penetrate", "400d2!!kh200", "400d2!pkl200"},
	{"functions", "round(" + joined("1d1000000/7", "+", 100, MaxLength-7) + ")",
		"abs(" + joined("(1d1000*3/7)", "-", 100, MaxLength-5) + ")"},
	{"mixed_found_by_search", "50d20rr<4+10d10dh2-2d100dh1+(1d3ro2,50d10dh2k>0,3d20ro9kh3ma13,2d6)kh2",
		"2d3k>1k>2ma1%((2d1000,100d2kl2e>1,896d10kl8kl2ma3,76,65,78,57)kh7,28,67%13,36,97-25)kh2"},
}

// worstRolls are /roll requests, rolled worstRepeat times.
var worstRolls = []struct{ name, expr string }{
	{"rank_chain", repeat("1000d1000000", "kh999pl1")},
	{"reroll_rank_chain", repeat("500d1000000", "roh1pl0")},
	{"thousand_dice", "1000d1000000"},
	{"explosions", "400d2!"},
	{"explode_drop_chain", repeat("1d2", "e1p0")},
	{"rerolls", "700d20rr<4"},
	{"set_of_singles", "(" + joined("1d9", ",", 1000, MaxLength-7) + ")kh100"},
	{"set_rank_chain", repeat("("+joined("4d9", ",", 50, MaxLength)+")", "kh49kl48")},
	{"long_sum_chain", joined("3d6", "+", 500, MaxLength)},
	{"nested", nested("1000d6kh500")},
	{"compound_ranked", repeat("400d2!!", "kh399pl1")},
	{"penetrate_ranked", repeat("400d2!p", "kh799pl1")},
	{"functions", "floor(" + joined("1d1000000/7", "+", 100, MaxLength-7) + ")"},
}

// worstRepeat is /roll's largest repeat (bot/roll.go).
const worstRepeat = 20

// statsLike does with the dice package what /stats does for expr and
// compare (bot/stats.go): each distribution, its values and probabilities
// and the tail sums of its table, and the comparison of the two.
func statsLike(ctx context.Context, expr, compare string, w *spent) error {
	var dists []*Dist
	for _, s := range []string{expr, compare} {
		e, err := Parse(s)
		if err != nil {
			return err
		}
		d, err := e.distribution(ctx, DistOptions{}, w)
		if err != nil {
			continue // an error reply: nothing more to compute
		}
		vals := d.Values()
		probs, tail := make([]float64, len(vals)), make([]float64, len(vals))
		sum := 0.0
		for i, v := range vals {
			probs[i] = d.Prob(v)
		}
		for i := len(vals) - 1; i >= 0; i-- {
			sum += probs[i]
			tail[i] = sum
		}
		dists = append(dists, d)
	}
	if len(dists) == 2 {
		dists[0].Versus(dists[1])
	}
	return nil
}

// rollLike does what /roll does with repeat worstRepeat (bot/roll.go):
// the rolls and the breakdown of each in its share of the reply.
func rollLike(expr string, r Roller) error {
	e, err := Parse(expr)
	if err != nil {
		return err
	}
	for range worstRepeat {
		res, err := e.Roll(r)
		if err != nil {
			return err
		}
		sink = res.BreakdownN(3900 / worstRepeat)
	}
	return nil
}

// BenchmarkWorstCaseStats measures each worst /stats request: ns/op,
// B/op, and cpu-ms/op (the process's CPU time, garbage collection included).
func BenchmarkWorstCaseStats(b *testing.B) {
	for _, c := range worstStats {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			t0 := cpuTime()
			for b.Loop() {
				if err := statsLike(context.Background(), c.expr, c.compare, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((cpuTime()-t0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// BenchmarkWorstCaseRoll measures each worst /roll request (repeat 20).
func BenchmarkWorstCaseRoll(b *testing.B) {
	for _, c := range worstRolls {
		b.Run(c.name, func(b *testing.B) {
			r := NewRoller()
			b.ReportAllocs()
			t0 := cpuTime()
			for b.Loop() {
				if err := rollLike(c.expr, r); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((cpuTime()-t0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// allocated returns the bytes fn allocates.
func allocated(fn func()) uint64 {
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	fn()
	runtime.ReadMemStats(&m1)
	return m1.TotalAlloc - m0.TotalAlloc
}

// TestWorstCaseMemory: every worst request allocates at most 32 MiB, counted.
func TestWorstCaseMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes the worst cases slow and counts the same bytes")
	}
	for _, c := range worstStats {
		for _, s := range []string{c.expr, c.compare} {
			if len(s) > MaxLength {
				t.Fatalf("%s: %d bytes, beyond MaxLength", c.name, len(s))
			}
		}
		var err error
		n := allocated(func() { err = statsLike(context.Background(), c.expr, c.compare, nil) })
		if err != nil {
			t.Errorf("stats %s: %v", c.name, err)
		}
		if n > worstMemory {
			t.Errorf("stats %s: %.1f MiB allocated; at most %d", c.name, float64(n)/(1<<20), worstMemory>>20)
		}
		t.Logf("stats %-24s %5.1f MiB", c.name, float64(n)/(1<<20))
	}
	for _, c := range worstRolls {
		var err error
		n := allocated(func() { err = rollLike(c.expr, NewSeeded(1)) })
		if err != nil {
			t.Errorf("roll %s: %v", c.name, err)
		}
		if n > worstMemory {
			t.Errorf("roll %s: %.1f MiB allocated; at most %d", c.name, float64(n)/(1<<20), worstMemory>>20)
		}
		t.Logf("roll  %-24s %5.1f MiB", c.name, float64(n)/(1<<20))
	}
}

// TestWorstCaseWork: the work each worst distribution is charged (states
// of the exact computation, samples times the work of a roll) stays within
// the budgets: DefaultBudget for the computation and SampleWork for the
// estimate, whichever it took, or both when the computation gave up.
func TestWorstCaseWork(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes the worst cases slow and counts the same work")
	}
	for _, c := range worstStats {
		for _, s := range []string{c.expr, c.compare} {
			e, err := Parse(s)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			var w spent
			d, err := e.distribution(context.Background(), DistOptions{}, &w)
			work := float64(w.states) + float64(w.samples)*float64(e.rollWork())
			if w.states > DefaultBudget || float64(w.samples)*float64(e.rollWork()) > SampleWork+float64(e.rollWork()) {
				t.Errorf("%s %q: %d states, %d samples of %d: beyond the budgets", c.name, s, w.states, w.samples, e.rollWork())
			}
			what := fmt.Sprint(err)
			if d != nil {
				what = fmt.Sprintf("exact %v, %d samples", d.Exact(), d.Samples())
			}
			t.Logf("%-24s %-30.30q %9.0f states (%s)", c.name, s, work, what)
		}
	}
}

// BenchmarkCost measures Expr.Cost, what the bot weighs before running a
// distribution, on the worst expressions: microseconds at most.
func BenchmarkCost(b *testing.B) {
	var exprs []*Expr
	for _, c := range worstStats {
		for _, s := range []string{c.expr, c.compare} {
			e, err := Parse(s)
			if err != nil {
				b.Fatal(err)
			}
			exprs = append(exprs, e)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, e := range exprs {
			e.Cost(DistOptions{})
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(exprs)), "ns/expr")
}
