package dice

import "testing"

// distBenchExprs are the expressions the speed goal of Distribution (under
// a millisecond each) is stated for.
var distBenchExprs = []string{"4d6kh3", "2d20kh1+7", "8d6", "10d6kh3", "100d6", "20d10e10", "4d6ro<3"}

// BenchmarkDistribution measures Expr.Distribution (parsing excluded) with
// the default options: exact, with fractions where they fit.
func BenchmarkDistribution(b *testing.B) {
	for _, s := range distBenchExprs {
		b.Run(s, func(b *testing.B) {
			e, err := Parse(s)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				d, err := e.Distribution(DistOptions{})
				if err != nil || !d.Exact() {
					b.Fatal(err)
				}
			}
		})
	}
}
