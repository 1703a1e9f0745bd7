package dice

import (
	"math"
	"math/rand/v2"
	"testing"
)

// gammaQ is the regularized upper incomplete gamma function Q(a, x), by the
// series for x < a+1 and Lentz's continued fraction otherwise (Numerical
// Recipes §6.2). The χ² p-value with k degrees of freedom is Q(k/2, χ²/2).
func gammaQ(a, x float64) float64 {
	if x <= 0 {
		return 1
	}
	lg, _ := math.Lgamma(a)
	prefix := math.Exp(-x + a*math.Log(x) - lg)
	if x < a+1 {
		sum, term := 1/a, 1/a
		for n := 1.0; n < 1000; n++ {
			term *= x / (a + n)
			sum += term
			if math.Abs(term) < math.Abs(sum)*1e-15 {
				break
			}
		}
		return 1 - prefix*sum
	}
	const tiny = 1e-300
	b := x + 1 - a
	c, d := 1/tiny, 1/b
	h := d
	for i := 1.0; i < 1000; i++ {
		an := -i * (i - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		delta := d * c
		h *= delta
		if math.Abs(delta-1) < 1e-15 {
			break
		}
	}
	return prefix * h
}

func TestGammaQ(t *testing.T) {
	// Known χ² critical values: P(χ²_k > x) = p.
	tests := []struct{ k, x, p float64 }{
		{1, 3.841, 0.05}, {5, 11.070, 0.05}, {19, 30.144, 0.05}, {99, 123.225, 0.05},
		{5, 20.515, 0.001}, {19, 43.820, 0.001}, {99, 148.230, 0.001}, {2, 2 * math.Ln2, 0.5},
	}
	for _, tt := range tests {
		if got := gammaQ(tt.k/2, tt.x/2); math.Abs(got-tt.p) > 1e-3*math.Max(tt.p, 0.01) {
			t.Errorf("p(χ²_%v > %v) = %.5f; want %.5f", tt.k, tt.x, got, tt.p)
		}
	}
}

// chiSquare returns χ² and its p-value for counts against a uniform distribution.
func chiSquare(counts []int, n int) (chi2, p float64) {
	want := float64(n) / float64(len(counts))
	for _, c := range counts {
		d := float64(c) - want
		chi2 += d * d / want
	}
	return chi2, gammaQ(float64(len(counts)-1)/2, chi2/2)
}

// TestFairness: with a fixed seed, 10^6 rolls each of d6, d20 and d100 pass a
// χ² goodness-of-fit test at p > 0.001, both through Roller.Roll and through
// the engine's direct path.
func TestFairness(t *testing.T) {
	const n = 1_000_000
	for _, sides := range []int{6, 20, 100} {
		r := NewSeeded(uint64(2024 + sides))
		counts := make([]int, sides)
		for range n {
			f, err := r.Roll(1, sides)
			if err != nil {
				t.Fatal(err)
			}
			counts[f-1]++
		}
		chi2, p := chiSquare(counts, n)
		t.Logf("Roll(1, %d): χ² = %.1f, df = %d, p = %.3f", sides, chi2, sides-1, p)
		if p <= 0.001 {
			t.Errorf("d%d via Roll: χ² = %.1f, p = %.5f", sides, chi2, p)
		}

		e := mustParse(t, "1000d"+itoa(sides))
		counts = make([]int, sides)
		for range n / 1000 {
			res, err := e.Roll(r)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range res.dice {
				counts[d.face-1]++
			}
		}
		chi2, p = chiSquare(counts, n)
		t.Logf("1000d%d ×1000: χ² = %.1f, p = %.3f", sides, chi2, p)
		if p <= 0.001 {
			t.Errorf("d%d via Expr.Roll: χ² = %.1f, p = %.5f", sides, chi2, p)
		}
	}
}

// TestFairnessNarrow: the production roller's 16-bit draws (four dice to a
// ChaCha8 output) pass the same χ² test, through Roll and through the
// engine's direct path, which draws exactly what Roll would.
func TestFairnessNarrow(t *testing.T) {
	const n = 1_000_000
	for _, sides := range []int{6, 20, 100, 1000} {
		key := [32]byte{byte(sides), 7}
		r := &chacha{src: rand.NewChaCha8(key), narrow: true}
		counts := make([]int, sides)
		for range n {
			f, err := r.Roll(1, sides)
			if err != nil {
				t.Fatal(err)
			}
			counts[f-1]++
		}
		if chi2, p := chiSquare(counts, n); p <= 0.001 {
			t.Errorf("narrow d%d via Roll: χ² = %.1f, p = %.5f", sides, chi2, p)
		}
		e := mustParse(t, "1000d"+itoa(sides))
		counts = make([]int, sides)
		for range n / 1000 {
			res, err := e.Roll(r)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range res.dice {
				counts[d.face-1]++
			}
		}
		if chi2, p := chiSquare(counts, n); p <= 0.001 {
			t.Errorf("narrow d%d via Expr.Roll: χ² = %.1f, p = %.5f", sides, chi2, p)
		}
		a := &chacha{src: rand.NewChaCha8(key), narrow: true}
		b := &chacha{src: rand.NewChaCha8(key), narrow: true}
		res, err := e.Roll(a)
		if err != nil {
			t.Fatal(err)
		}
		for i, d := range res.dice {
			if f, _ := b.Roll(1, sides); int(d.face) != f {
				t.Fatalf("narrow d%d: die %d is %d by the direct path, %d by Roll", sides, i, d.face, f)
			}
		}
	}
}

// TestNarrowEdges: the production roller at the edges of its 16-bit path.
func TestNarrowEdges(t *testing.T) {
	r := NewRoller()
	for _, sides := range []int{2, 65535, 65536, 65537, MaxSides} {
		e := mustParse(t, "50d"+itoa(sides))
		res, err := e.Roll(r)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range res.Dice() {
			if d.Face < 1 || d.Face > sides || d.Crit != (d.Face == 1 || d.Face == sides) {
				t.Fatalf("d%d: die %+v", sides, d)
			}
		}
		if f, err := r.Roll(1, sides); err != nil || f < 1 || f > sides {
			t.Fatalf("Roll(1, %d) = %d, %v", sides, f, err)
		}
	}
}
