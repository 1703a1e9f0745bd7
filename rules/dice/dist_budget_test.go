package dice

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
)

// countdown is a context whose Err reports its deadline passed after a
// number of looks: a deadline the test places exactly, without a clock.
type countdown struct {
	context.Context
	looks int
}

func (c *countdown) Err() error {
	if c.looks--; c.looks < 0 {
		return context.DeadlineExceeded
	}
	return nil
}

// rankChain is a roll too costly to sample MinSamples times: a thousand dice
// ranked by a hundred alternating operations.
var rankChain = repeat("1000d1000000", "kh999pl1")

// TestDistTooHeavy: beyond every budget, or out of time, the error is
// CodeTooHeavy (not positional, no template data), and Cost says so before.
func TestDistTooHeavy(t *testing.T) {
	e, err := Parse(rankChain)
	if err != nil {
		t.Fatal(err)
	}
	if c := e.Cost(DistOptions{}); !c.TooHeavy() || c.Exact || c.Samples != 0 || c.Heavy() { // it fails at once
		t.Errorf("Cost(%.20s…) = %+v; want too heavy", rankChain, c)
	}
	_, err = e.Distribution(DistOptions{})
	checkError(t, rankChain, rankChain, err, CodeTooHeavy, -1, nil)
	// an explicit sample size is the caller's choice: honoured
	if d, err := e.Distribution(DistOptions{Samples: 3}); err != nil || d.Samples() != 3 {
		t.Errorf("3 samples of the rank chain: %v, %v", d, err)
	}
	// a context already done: too heavy before anything is computed
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = mustParse(t, "1d20").DistributionContext(ctx, DistOptions{})
	checkError(t, "done context", "1d20", err, CodeTooHeavy, -1, nil)
}

// TestDistContext: a deadline met while computing fails with CodeTooHeavy;
// met while sampling, it returns the estimate so far once it holds
// MinSamples samples (Stopped), and CodeTooHeavy before.
func TestDistContext(t *testing.T) {
	bg := context.Background()
	// 100d1000 is computed (10 million states): its first look at the context stops it
	_, err := mustParse(t, "100d1000").DistributionContext(&countdown{bg, 1}, DistOptions{})
	if !errors.Is(err, &Error{Code: CodeTooHeavy}) {
		t.Errorf("100d1000 stopped while computed: %v", err)
	}
	if d, err := mustParse(t, "100d1000").DistributionContext(&countdown{bg, 1000}, DistOptions{}); err != nil || !d.Exact() {
		t.Errorf("100d1000 with time to spare: %v, %v", d, err)
	}
	// 1000d6kh500 is sampled: a look every sampleCheck samples
	e := mustParse(t, "1000d6kh500")
	looks := 1 + MinSamples/sampleCheck + 2 // the first look is DistributionContext's own
	d, err := e.DistributionContext(&countdown{bg, looks}, DistOptions{Samples: 100_000})
	if err != nil || d.Exact() || !d.Stopped() || d.Samples() != (looks-1)*sampleCheck {
		t.Fatalf("1000d6kh500 stopped while sampled: %v; want %d samples, stopped", err, (looks-1)*sampleCheck)
	}
	if m := d.Mean(); math.Abs(m-2495) > 20 || d.Leftover() != 0 { // the higher half of 1000 dice: 4.99 each
		t.Errorf("1000d6kh500 stopped early: mean %g", m)
	}
	sum := 0.0
	for _, v := range d.Values() {
		sum += d.Prob(v)
	}
	if math.Abs(sum-1) > 1e-9 {
		t.Errorf("1000d6kh500 stopped early: probabilities add up to %g", sum)
	}
	_, err = e.DistributionContext(&countdown{bg, 2}, DistOptions{Samples: 100_000})
	if !errors.Is(err, &Error{Code: CodeTooHeavy}) {
		t.Errorf("1000d6kh500 stopped before %d samples: %v", MinSamples, err)
	}
	// no deadline: the whole sample, not stopped
	if d, err := e.DistributionContext(bg, DistOptions{Samples: 2000}); err != nil || d.Stopped() || d.Samples() != 2000 {
		t.Errorf("1000d6kh500 without a deadline: %v, %v", d, err)
	}
}

// TestDistBudgets: each budget sends what exceeds it to the estimate, whose
// sample size the work of a roll bounds; within them, results stay exact.
func TestDistBudgets(t *testing.T) {
	tests := []struct {
		expr  string
		opt   DistOptions
		exact bool
	}{
		{"1d100000", DistOptions{}, true},                  // 4 cells a face: 3.2 MB
		{"1d1000000", DistOptions{}, false},                // 32 MB: beyond DefaultMemory
		{"1d1000000", DistOptions{Memory: 64 << 20}, true}, // a larger memory budget computes it
		{"100d1000", DistOptions{}, true},                  // 10 million states
		{"100d1000", DistOptions{Budget: 1 << 20}, false},  // a smaller budget does not
		{"1000d100", DistOptions{}, false},                 // 100 million states
		{"1d1000*1d1000", DistOptions{}, false},            // a million values: memory
		{"1d300*1d300", DistOptions{}, true},               //
		{"(3d6,3d6,3d6,3d6,3d6)kh2", DistOptions{}, true},  // a set's walk
		{"(" + strings.Repeat("1d20,", 30) + "1d20)kh3", DistOptions{}, false},
		{"1000d6kh3", DistOptions{}, true},       // order statistics
		{"1000d6kh500", DistOptions{}, false},    //
		{"8d6!kh3", DistOptions{}, true},         // pools
		{"100d2e>1ra2mi1", DistOptions{}, false}, //
	}
	for _, tt := range tests {
		e := mustParse(t, tt.expr)
		d, err := e.Distribution(tt.opt)
		if err != nil {
			t.Errorf("%q: %v", tt.expr, err)
			continue
		}
		if d.Exact() != tt.exact {
			t.Errorf("%q %+v: exact %v; want %v", tt.expr, tt.opt, d.Exact(), tt.exact)
		}
		if !d.Exact() {
			if w := float64(d.Samples()) * float64(e.rollWork()); w > SampleWork || d.Samples() < MinSamples {
				t.Errorf("%q: %d samples of %d work each", tt.expr, d.Samples(), e.rollWork())
			}
		}
	}
}

// TestCost: the estimate a caller weighs before running agrees with what
// Distribution does.
func TestCost(t *testing.T) {
	tests := []struct {
		expr         string
		exact, heavy bool
	}{
		{"1d20+5", true, false},
		{"4d6kh3", true, false},
		{"2d20kh1+5>=15", true, false},
		{"100d6", true, false},
		{"100d1000", true, true},
		{"1d100000", true, false},
		{"1d1000000", false, true},
		{"1000d6kh500", false, true},
		{"1000d1000000", false, true},
		{"1d6+1d6+1d6+1d6+1d6+1d6+1d6+1d6", true, false},
		// revision 2: groups and critical ranges are computed; !!, !p and
		// functions have no exact method and are sampled
		{"(4d6)kh3", true, false},
		{"{4d6,3d8}kh1", true, false},
		{"1d20cs>=19+5", true, false},
		{"4d6!!", false, true},
		{"2d6!p", false, true},
		{"8d6!!kh3", false, true},
		{"floor(1d6/2)", false, true},
		{"1d20+round(2d6*3/4)", false, true},
	}
	for _, tt := range tests {
		e := mustParse(t, tt.expr)
		c := e.Cost(DistOptions{})
		if c.Exact != tt.exact || c.Heavy() != tt.heavy || c.TooHeavy() || c.Roll <= 0 {
			t.Errorf("Cost(%q) = %+v (work %d); want exact %v, heavy %v", tt.expr, c, c.Work(), tt.exact, tt.heavy)
		}
		if c.Exact && (c.States <= 0 && tt.heavy) || !c.Exact && c.Samples < MinSamples {
			t.Errorf("Cost(%q) = %+v", tt.expr, c)
		}
		d, err := e.Distribution(DistOptions{})
		if err != nil || d.Exact() != tt.exact || (!tt.exact && d.Samples() != c.Samples) {
			t.Errorf("%q: Distribution exact %v samples %d, %v; Cost %+v", tt.expr, d.Exact(), d.Samples(), err, c)
		}
	}
	if c := mustParse(t, "1d20").Cost(DistOptions{Budget: -1, Samples: 1234}); c.Exact || c.Samples != 1234 {
		t.Errorf("Cost with an explicit estimate: %+v", c)
	}
}

// TestRollWorkRevision2: the work of a roll counts what revision 2's
// operators do: !! and !p draw like ! (a compounded die's parts noted, an
// added die passed on), cs/cf pass over the dice, and a function's
// arithmetic is on fractions.
func TestRollWorkRevision2(t *testing.T) {
	work := func(s string) int64 { return mustParse(t, s).rollWork() }
	more := [][2]string{ // [0] costs more than [1]
		{"100d6!!", "100d6"}, {"100d6!p", "100d6"}, {"100d2!!", "100d6!!"}, {"100d2!p", "100d6!p"},
		{"100d6!pkh50", "100d6kh50"}, {"100d6cs>5", "100d6"},
		{"floor(1d6/2+1d6/3)", "1d6/2+1d6/3"}, {"abs(-(1d6*3/7))", "-(1d6*3/7)"},
	}
	for _, m := range more {
		if a, b := work(m[0]), work(m[1]); a <= b {
			t.Errorf("rollWork(%q) = %d, not more than rollWork(%q) = %d", m[0], a, m[1], b)
		}
	}
	// a penetrating pool grows as an exploding one does; a compounding one does not
	if a, b := work("100d2!pkh50"), work("100d2!kh50"); a != b {
		t.Errorf("rollWork 100d2!pkh50 = %d, 100d2!kh50 = %d; want equal", a, b)
	}
	if a, b := work("100d2!!kh50"), work("100d2!kh50"); a >= b {
		t.Errorf("rollWork 100d2!!kh50 = %d, 100d2!kh50 = %d; want fewer dice ranked", a, b)
	}
}

// TestVersus: the comparison of two independent rolls, against sums worked
// out by hand.
func TestVersus(t *testing.T) {
	tests := []struct {
		a, b                 string
		greater, equal, less float64
	}{
		{"1d20", "1d20", 190.0 / 400, 20.0 / 400, 190.0 / 400},
		{"1d6", "3", 3.0 / 6, 1.0 / 6, 2.0 / 6},
		{"2d6", "1d12", 0, 0, 0}, // checked by enumeration below
		{"1d4", "1d4+10", 0, 0, 1},
	}
	for _, tt := range tests {
		a, b := mustDist(t, tt.a, DistOptions{}), mustDist(t, tt.b, DistOptions{})
		v := a.Versus(b)
		if tt.a == "2d6" { // by enumeration: 36·12 outcomes
			gt, eq := 0, 0
			for x := 1; x <= 6; x++ {
				for y := 1; y <= 6; y++ {
					for z := 1; z <= 12; z++ {
						if x+y > z {
							gt++
						} else if x+y == z {
							eq++
						}
					}
				}
			}
			tt.greater, tt.equal, tt.less = float64(gt)/432, float64(eq)/432, float64(432-gt-eq)/432
		}
		if math.Abs(v.Greater-tt.greater) > 1e-12 || math.Abs(v.Equal-tt.equal) > 1e-12 || math.Abs(v.Less-tt.less) > 1e-12 || !v.Exact || v.Samples != 0 {
			t.Errorf("%s vs %s = %+v; want %g %g %g", tt.a, tt.b, v, tt.greater, tt.equal, tt.less)
		}
	}
	est := mustDist(t, "1d20", DistOptions{Budget: -1, Samples: 20_000, Seed: 3})
	v := mustDist(t, "1d20", DistOptions{}).Versus(est)
	if v.Exact || v.Samples != 20_000 || math.Abs(v.Greater-0.475) > 0.02 || math.Abs(v.Greater+v.Equal+v.Less-1) > 1e-9 {
		t.Errorf("1d20 vs an estimate = %+v", v)
	}
}

// TestDistMemoryCounted: the memory an exact computation charges covers
// what it allocates (its distributions, states and tables, and the Dist),
// for each method: a bound counted, not an estimate.
func TestDistMemoryCounted(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	for _, s := range []string{"100d1000", "1d100000", "1000d6mi2", "300d6kh100", "100d10dh2k>0", "8d6!kh3", "6d10!kh2",
		"(4d6,4d6,4d6,4d6,4d6,4d6)kh3", "1d500*1d500", "1d1000/1d1000", "3d10000rr<3264rr<573", "500d10e10c>=8",
		"1d100000>=1d100000", "50d6-50d6", "20d10e10", "100d6!", "1000d6", "10d6mi2!", "100d20rr1", "50d10ro<3", "200d10c>=8",
		"10d10c>=8e10", "4d6!kh3dl1", "3d3!ra3", "1d10000kh1ra10000", "1000d6kh3", "50d20kl10", "(1d20,1d20,1d20,1d20,1d20)kh2"} {
		e := mustParse(t, s)
		var c *dctx
		var err error
		got := allocated(func() {
			c = &dctx{e: e, budget: 1 << 30, memory: 1 << 30, exact: true}
			_, err = c.run()
		})
		if err != nil {
			t.Errorf("%q: %v", s, err)
			continue
		}
		charged := uint64(1<<30 - c.memory)
		// small objects (pmf headers, closures, map entries of short keys)
		// are not charged one by one: a kilobyte and 10% leeway
		if float64(got) > 1.1*float64(charged)+1024 {
			t.Errorf("%q: %d bytes allocated, %d charged", s, got, charged)
		}
		t.Logf("%-30q %8d bytes allocated, %8d charged", s, got, charged)
	}
}
