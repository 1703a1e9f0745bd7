package dice

import (
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"slices"
	"strings"
	"testing"
)

func mustDist(t *testing.T, s string, opt DistOptions) *Dist {
	t.Helper()
	d, err := DistributionOf(s, opt)
	if err != nil {
		t.Fatalf("Distribution(%q): %v", s, err)
	}
	return d
}

func r(s string) *big.Rat {
	q, ok := new(big.Rat).SetString(s)
	if !ok {
		panic(s)
	}
	return q
}

// exactProb returns P(value == v) as a full fraction (not only shown ones).
func exactProb(t *testing.T, d *Dist, v int) *big.Rat {
	t.Helper()
	q := d.ratWhere(func(x int) bool { return x == v })
	if q == nil {
		t.Fatalf("no exact fractions")
	}
	return q
}

// TestDistKnownValues checks values worked out by hand.
func TestDistKnownValues(t *testing.T) {
	// 4d6kh3: the mean is 15869/1296 exactly
	d := mustDist(t, "4d6kh3", DistOptions{})
	if m, ok := d.MeanRat(); !ok || m.Cmp(r("15869/1296")) != 0 {
		t.Errorf("4d6kh3 mean = %v, %v; want 15869/1296", m, ok)
	}
	if d.Min() != 3 || d.Max() != 18 || !d.Exact() || d.Samples() != 0 || d.Leftover() != 0 {
		t.Errorf("4d6kh3: min %d max %d exact %v samples %d leftover %g", d.Min(), d.Max(), d.Exact(), d.Samples(), d.Leftover())
	}
	// P(18) = 21/1296: four sixes, or three and any other
	if p, ok := d.ProbRat(18); !ok || p.Cmp(r("21/1296")) != 0 {
		t.Errorf("4d6kh3 P(18) = %v; want 21/1296", p)
	}
	if dl := mustDist(t, "4d6dl1", DistOptions{}); !slices.Equal(dl.probs, d.probs) {
		t.Errorf("4d6dl1 differs from 4d6kh3")
	}

	// advantage: 2d20kh1 ≥ 15 with probability 1 - (14/20)^2 = 51/100
	d = mustDist(t, "2d20kh1", DistOptions{})
	if p, ok := d.AtLeastRat(15); !ok || p.Cmp(r("51/100")) != 0 || math.Abs(d.AtLeast(15)-0.51) > 1e-15 {
		t.Errorf("2d20kh1 P(>=15) = %v (%g); want 51/100", p, d.AtLeast(15))
	}
	if p, ok := d.AtMostRat(1); !ok || p.Cmp(r("1/400")) != 0 {
		t.Errorf("2d20kh1 P(<=1) = %v; want 1/400", p)
	}

	checks := []struct {
		expr string
		want string // P(success)
	}{
		{"1d20+5 >= 15", "11/20"},
		{"2d20kh1+5 >= 15", "319/400"}, // advantage
		{"2d20kl1+5 >= 15", "121/400"}, // disadvantage
		{"2d20dl1+5>=15 to hit", "319/400"},
		{"(1d20+5,1d20+5)kh1 >= 15", "319/400"},
		{"2d6 >= 7", "7/12"},
		{"2d6+1 > 7", "7/12"},
		{"2d6 == 7", "1/6"},
		{"2d6 != 7", "5/6"},
		{"2d6 < 7", "5/12"},
		{"2d6 <= 7", "7/12"},
		{"1d20 >= 1d20", "21/40"},
		{"1d6 > 6", "0"},
		{"1d6 <= 6", "1"},
		{"3 >= 2", "1"},
	}
	for _, c := range checks {
		d := mustDist(t, c.expr, DistOptions{})
		p, q, ok := d.Success()
		if !ok || q == nil || q.Cmp(r(c.want)) != 0 {
			t.Errorf("%q: Success() = %g, %v, %v; want %s", c.expr, p, q, ok, c.want)
		}
		if f, _ := r(c.want).Float64(); math.Abs(p-f) > 1e-15 {
			t.Errorf("%q: P(success) = %g; want %g", c.expr, p, f)
		}
	}
	if _, _, ok := mustDist(t, "2d6", DistOptions{}).Success(); ok {
		t.Errorf("2d6 has a probability of success")
	}

	// full distributions, value by value
	dists := []struct {
		expr string
		want map[int]string
	}{
		{"4dF", map[int]string{-4: "1/81", -3: "4/81", -2: "10/81", -1: "16/81", 0: "19/81", 1: "16/81", 2: "10/81", 3: "4/81", 4: "1/81"}},
		{"-7/2", map[int]string{-4: "1"}},
		{"7/-2", map[int]string{-4: "1"}},
		{"-7%3", map[int]string{2: "1"}},
		{"1d6/2", map[int]string{0: "1/6", 1: "1/3", 2: "1/3", 3: "1/6"}},
		{"(1d6-4)/2", map[int]string{-2: "1/6", -1: "1/3", 0: "1/3", 1: "1/6"}},
		{"(1d6-3)/-2", map[int]string{-2: "1/6", -1: "1/3", 0: "1/3", 1: "1/6"}},
		{"1d6%-2", map[int]string{-1: "1/2", 0: "1/2"}},
		{"-1d6/4", map[int]string{-2: "1/3", -1: "2/3"}},
		{"1d4*1d2", map[int]string{1: "1/8", 2: "1/4", 3: "1/8", 4: "1/4", 6: "1/8", 8: "1/8"}},
		{"1d6/1d2", map[int]string{0: "1/12", 1: "1/4", 2: "1/4", 3: "1/6", 4: "1/12", 5: "1/12", 6: "1/12"}},
		{"1d20rr1", nil}, // uniform 2..20, checked below
		{"1d20mi10", map[int]string{10: "1/2", 11: "1/20", 20: "1/20"}},
		{"1d20ma5", map[int]string{5: "4/5", 1: "1/20"}},
		{"1d6ro1", map[int]string{1: "1/36", 2: "7/36", 6: "7/36"}},
		{"1d6ra6", map[int]string{1: "1/6", 5: "1/6", 6: "0", 7: "1/36", 12: "1/36"}},
		{"2d6k>4", map[int]string{0: "4/9", 5: "2/9", 6: "2/9", 10: "1/36", 11: "1/18", 12: "1/36"}},
		{"0d6", map[int]string{0: "1"}},
		{"1d8[slashing] + 2d6[fire] to the orc", nil},
	}
	for _, c := range dists {
		d := mustDist(t, c.expr, DistOptions{})
		for v, want := range c.want {
			if got := exactProb(t, d, v); got.Cmp(r(want)) != 0 {
				t.Errorf("%q: P(%d) = %s; want %s", c.expr, v, got.RatString(), want)
			}
		}
		if c.want != nil && len(c.want) == len(d.Values()) {
			continue
		}
	}
	d = mustDist(t, "1d20rr1", DistOptions{})
	if v := d.Values(); len(v) != 19 || v[0] != 2 || v[18] != 20 {
		t.Errorf("1d20rr1 values %v", v)
	}
	for v := 2; v <= 20; v++ {
		if p, ok := d.ProbRat(v); !ok || p.Cmp(r("1/19")) != 0 {
			t.Errorf("1d20rr1 P(%d) = %v; want 1/19", v, p)
		}
	}
	// d% is uniform on 1..100
	d = mustDist(t, "d%", DistOptions{})
	if v := d.Values(); len(v) != 100 || v[0] != 1 || v[99] != 100 {
		t.Errorf("d%% values %v", v)
	}
	for v := 1; v <= 100; v++ {
		if p, ok := d.ProbRat(v); !ok || p.Cmp(r("1/100")) != 0 {
			t.Errorf("d%% P(%d) = %v", v, p)
		}
	}
	if m, _ := d.MeanRat(); m.Cmp(r("101/2")) != 0 {
		t.Errorf("d%% mean %v", m)
	}
	// 10d10c>=8: successes are binomial(10, 3/10)
	d = mustDist(t, "10d10c>=8", DistOptions{})
	for k := 0; k <= 10; k++ {
		want := new(big.Rat).SetFrac(
			new(big.Int).Mul(new(big.Int).Binomial(10, int64(k)),
				new(big.Int).Mul(new(big.Int).Exp(big.NewInt(3), big.NewInt(int64(k)), nil),
					new(big.Int).Exp(big.NewInt(7), big.NewInt(int64(10-k)), nil))),
			new(big.Int).Exp(big.NewInt(10), big.NewInt(10), nil))
		if got := exactProb(t, d, k); got.Cmp(want) != 0 {
			t.Errorf("10d10c>=8 P(%d) = %s; want %s", k, got.RatString(), want.RatString())
		}
	}
	if m, _ := d.MeanRat(); m.Cmp(r("3")) != 0 {
		t.Errorf("10d10c>=8 mean %v; want 3", m)
	}
	// labels and comments change nothing
	a, b := mustDist(t, "1d8[slashing] + 2d6[fire] to the orc", DistOptions{}), mustDist(t, "1d8+2d6", DistOptions{})
	if !slices.Equal(a.vals, b.vals) || !slices.Equal(a.probs, b.probs) {
		t.Errorf("labels or a comment changed the distribution")
	}
	// great weapon fighting: 2d6ro<3 has mean 25/3
	if m, _ := mustDist(t, "2d6ro<3", DistOptions{}).MeanRat(); m.Cmp(r("25/3")) != 0 {
		t.Errorf("2d6ro<3 mean %v; want 25/3", m)
	}
	// a set of two d20s is advantage
	x, y := mustDist(t, "(1d20,1d20)kh1", DistOptions{}), mustDist(t, "2d20kh1", DistOptions{})
	if !slices.Equal(x.counts, y.counts) || x.den != y.den {
		t.Errorf("(1d20,1d20)kh1 differs from 2d20kh1")
	}
}

// TestDistExplosions: an explosion is exact to its depth, and what lies
// beyond is reported.
func TestDistExplosions(t *testing.T) {
	d := mustDist(t, "1d6!", DistOptions{ExplodeDepth: 2})
	want := map[int]string{1: "1/6", 5: "1/6", 6: "0", 7: "1/36", 11: "1/36", 12: "0", 13: "1/216", 17: "1/216", 18: "0", 19: "0"}
	for v, w := range want {
		if got := exactProb(t, d, v); got.Cmp(r(w)) != 0 {
			t.Errorf("1d6! depth 2: P(%d) = %s; want %s", v, got.RatString(), w)
		}
	}
	if math.Abs(d.Leftover()-1.0/216) > 1e-15 {
		t.Errorf("1d6! depth 2: leftover %g; want 1/216", d.Leftover())
	}
	if d.Max() != 17 {
		t.Errorf("1d6! depth 2: max %d", d.Max())
	}
	// the automatic depth leaves less than 1e-12
	d = mustDist(t, "20d10e10", DistOptions{})
	if l := d.Leftover(); l <= 0 || l > 1e-12 {
		t.Errorf("20d10e10: leftover %g", l)
	}
	if m := d.Mean(); math.Abs(m-20*5.5/0.9) > 1e-9 {
		t.Errorf("20d10e10: mean %g; want %g", m, 20*5.5/0.9)
	}
	// exploding pools: each die is a success on 8+, and a 10 adds a die
	d = mustDist(t, "5d10e10c>=8", DistOptions{})
	if m := d.Mean(); math.Abs(m-5*0.3/0.9) > 1e-9 {
		t.Errorf("5d10e10c>=8: mean %g; want %g", m, 5*0.3/0.9)
	}
	// an explosion before a keep: 2d6!kh1 against brute force at depth 1
	d = mustDist(t, "2d6!kh1", DistOptions{ExplodeDepth: 1})
	if got := exactProb(t, d, 1); got.Cmp(r("1/36")) != 0 {
		t.Errorf("2d6!kh1: P(1) = %s; want 1/36", got.RatString())
	}
}

// TestDistErrors: an expression that fails for some outcome fails.
func TestDistErrors(t *testing.T) {
	tests := []struct {
		expr string
		code string
	}{
		{"1d6/0", CodeDivisionByZero},
		{"1d6/(1d2-1)", CodeDivisionByZero},
		{"1d6%(1d3-1)", CodeDivisionByZero},
		{"(1d2-1)*0/0", CodeDivisionByZero},
		{"9223372036854775807+1d2", CodeOverflow},
		{"-9223372036854775807-1d2-1", CodeOverflow},
		{"1d6*9223372036854775807", CodeOverflow},
		{"(9223372036854775807, 1d2)kh2", CodeOverflow},
		{"1d6rr<7", CodeTooManyDice},
		{"1d1!", CodeTooManyDice},
		{"4dFe<2", CodeTooManyDice},
		{"1000d6!", CodeTooManyDice},
		{"900d6!", CodeTooManyDice},
		{"900d6!!", CodeTooManyDice}, // compounding draws as many faces: refused before sampling
		{"900d6!p", CodeTooManyDice},
		{"1d1!!", CodeTooManyDice}, // never stops: every sampled roll fails
		{"2d6!p>0", CodeTooManyDice},
	}
	for _, tt := range tests {
		_, err := DistributionOf(tt.expr, DistOptions{})
		var de *Error
		if !errors.As(err, &de) || de.Code != tt.code {
			t.Errorf("Distribution(%q) = %v; want %s", tt.expr, err, tt.code)
		}
	}
	// a die that is always dropped never rerolls: no error
	for _, s := range []string{"1d1dl1rr1", "1d1p1!", "0d6rr<7", "1d6k>6e>0"} {
		if d := mustDist(t, s, DistOptions{}); d.Prob(0) != 1 {
			t.Errorf("%q: P(0) = %g; want 1", s, d.Prob(0))
		}
	}
	if _, err := DistributionOf("1d20+", DistOptions{}); !errors.Is(err, &Error{Code: CodeExpectedOperand}) {
		t.Errorf("DistributionOf parse error = %v", err)
	}
}

// TestDistMonteCarlo: beyond the budget the distribution is a seeded
// estimate that says so, with its sample size and 95% intervals.
func TestDistMonteCarlo(t *testing.T) {
	exact := mustDist(t, "2d20kh1+5 >= 15", DistOptions{})
	opt := DistOptions{Budget: 5, Samples: 100_000, Seed: 42}
	d := mustDist(t, "2d20kh1+5 >= 15", opt)
	if d.Exact() || d.Samples() != 100_000 {
		t.Fatalf("budget 5: exact %v, samples %d", d.Exact(), d.Samples())
	}
	p, q, ok := d.Success()
	if !ok || q != nil {
		t.Errorf("estimated Success() = %g, %v, %v; want no fraction", p, q, ok)
	}
	lo, hi := d.Interval95(p)
	if !(lo < 0.7975 && 0.7975 < hi) || hi-lo > 0.006 || lo >= p || hi <= p {
		t.Errorf("95%% interval [%g, %g] for %g; true 0.7975", lo, hi, p)
	}
	if math.Abs(d.Mean()-exact.Mean()) > 4*exact.StdDev()/math.Sqrt(100_000) {
		t.Errorf("estimated mean %g; exact %g", d.Mean(), exact.Mean())
	}
	if _, ok := d.ProbRat(20); ok {
		t.Errorf("an estimate gives fractions")
	}
	// seeded: the same options, the same estimate; another seed, another
	j1, _ := json.Marshal(d)
	j2, _ := json.Marshal(mustDist(t, "2d20kh1+5 >= 15", opt))
	opt.Seed = 43
	j3, _ := json.Marshal(mustDist(t, "2d20kh1+5 >= 15", opt))
	if string(j1) != string(j2) || string(j1) == string(j3) {
		t.Errorf("Monte-Carlo estimates are not reproducible by seed")
	}
	var js map[string]any
	if err := json.Unmarshal(j1, &js); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"exact", "mean", "stddev", "min", "max", "p_target", "p_target_ci95", "mean_ci95", "samples", "pmf"} {
		if _, ok := js[k]; !ok {
			t.Errorf("estimate JSON lacks %q: %s", k, j1)
		}
	}
	if js["exact"] != false || js["samples"] != 100000.0 {
		t.Errorf("estimate JSON %s", j1)
	}
	// a negative budget estimates at once; a computed one has a point interval
	if d := mustDist(t, "1d6", DistOptions{Budget: -1, Samples: 1000}); d.Exact() || d.Samples() != 1000 {
		t.Errorf("budget -1: exact %v samples %d", d.Exact(), d.Samples())
	}
	if lo, hi := exact.Interval95(0.3); lo != 0.3 || hi != 0.3 {
		t.Errorf("exact Interval95 = [%g, %g]", lo, hi)
	}
	// the default budget computes the benchmark expressions; big ones are estimated
	for _, s := range append(slices.Clone(distBenchExprs), "1000d6", "100d1000", "8d6!kh3") {
		if !mustDist(t, s, DistOptions{}).Exact() {
			t.Errorf("%q estimated", s)
		}
	}
	if d := mustDist(t, "1000d6kh500", DistOptions{Samples: 2000}); d.Exact() || d.Samples() != 2000 {
		t.Errorf("1000d6kh500: exact %v samples %d", d.Exact(), d.Samples())
	}
	// errors of rolls are errors of estimates too
	if _, err := DistributionOf("1d6/(1d2-1)", DistOptions{Budget: -1, Samples: 1000}); !errors.Is(err, &Error{Code: CodeDivisionByZero}) {
		t.Errorf("estimate of 1d6/(1d2-1): %v", err)
	}
}

// TestDistAPI covers the accessors, targets and the JSON shape.
func TestDistAPI(t *testing.T) {
	d := mustDist(t, "2d6", DistOptions{})
	if v := d.Values(); len(v) != 11 || v[0] != 2 || v[10] != 12 {
		t.Errorf("Values() = %v", v)
	}
	if d.Prob(1) != 0 || d.Prob(13) != 0 || math.Abs(d.Prob(7)-1.0/6) > 1e-15 {
		t.Errorf("Prob: %g %g %g", d.Prob(1), d.Prob(13), d.Prob(7))
	}
	if d.Mean() != 7 || math.Abs(d.StdDev()-math.Sqrt(35.0/6)) > 1e-12 {
		t.Errorf("mean %g stddev %g", d.Mean(), d.StdDev())
	}
	if math.Abs(d.AtMost(4)-1.0/6) > 1e-15 || math.Abs(d.AtLeast(10)-1.0/6) > 1e-15 {
		t.Errorf("AtMost(4) %g AtLeast(10) %g", d.AtMost(4), d.AtLeast(10))
	}
	for _, c := range []struct {
		op   string
		want string
	}{{">=", "7/12"}, {">", "5/12"}, {"<=", "7/12"}, {"<", "5/12"}, {"==", "1/6"}, {"=", "1/6"}, {"!=", "5/6"}} {
		p, q, ok := d.Chance(c.op, 7)
		if !ok || q == nil || q.Cmp(r(c.want)) != 0 {
			t.Errorf("Chance(%q, 7) = %g, %v, %v; want %s", c.op, p, q, ok, c.want)
		}
	}
	if _, _, ok := d.Chance("=>", 7); ok {
		t.Errorf("Chance accepts =>")
	}
	// fractions are shown up to MaxShownDenominator
	big := mustDist(t, "10d6", DistOptions{})
	if _, ok := big.ProbRat(10); ok {
		t.Errorf("10d6 P(10) shown as a fraction over 6^10")
	}
	if p, ok := big.ProbRat(35); !ok || p.Cmp(r("7631/104976")) != 0 { // 4395456/6^10, reduced
		t.Errorf("10d6 P(35) = %v, %v", p, ok)
	}
	if p, ok := big.AtLeastRat(10); !ok || p.Cmp(r("1")) != 0 {
		t.Errorf("10d6 P(>=10) = %v; want 1", p)
	}
	if _, ok := mustDist(t, "100d6", DistOptions{}).AtLeastRat(100); ok {
		t.Errorf("100d6 has fractions") // 6^100 does not fit: float64 only
	}
	// a target
	tg, ok := mustDist(t, "1d20+5", DistOptions{}).WithTarget(">=", 15)
	if !ok {
		t.Fatal("WithTarget failed")
	}
	p, q, ok := tg.Success()
	if !ok || q.Cmp(r("11/20")) != 0 || p != 0.55 {
		t.Errorf("target Success() = %g, %v, %v", p, q, ok)
	}
	if _, ok := d.WithTarget("~", 1); ok {
		t.Errorf("WithTarget accepts ~")
	}
	b, err := json.Marshal(tg)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"exact":true,"mean":15.5,"stddev":5.76628129733539`
	if !strings.HasPrefix(string(b), want) ||
		!strings.Contains(string(b), `,"min":6,"max":25,"mean_rat":"31/2","p_target":0.55,"p_target_rat":"11/20","pmf":[[6,0.05],[7,0.05],`) {
		t.Errorf("JSON = %s", b)
	}
	// a comparison carries p_target; leftover appears when positive
	b, _ = json.Marshal(mustDist(t, "1d6! >= 7", DistOptions{ExplodeDepth: 1}))
	for _, part := range []string{`"p_target":0.1388888888888889`, `"p_target_rat":"5/36"`, `"leftover":0.027777777777777776`} {
		if !strings.Contains(string(b), part) {
			t.Errorf("JSON %s lacks %s", b, part)
		}
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("JSON %s: %v", b, err)
	}
}

// TestPercent: percentages for people.
func TestPercent(t *testing.T) {
	tests := []struct {
		p    float64
		want string
	}{
		{0, "0%"}, {1, "100%"}, {-0.1, "0%"}, {1.5, "100%"}, {math.NaN(), "0%"},
		{0.7975, "79.75%"}, {0.5, "50%"}, {7.0 / 12, "58.33%"}, {0.01, "1%"}, {0.99, "99%"},
		{0.0046, "0.46%"}, {0.000077, "0.0077%"}, {1.0 / 1296, "0.077%"}, {1e-20, "1e-18%"},
		{0.999923, "99.9923%"}, {0.995, "99.5%"}, {1 - 1e-10, "99.99999999%"}, {1 - 1e-14, ">99.9999999999%"}, {1 - 1e-17, "100%"},
	}
	for _, tt := range tests {
		if got := Percent(tt.p); got != tt.want {
			t.Errorf("Percent(%g) = %q; want %q", tt.p, got, tt.want)
		}
	}
}
