package dice

import "testing"

// benchExprs are the expressions the speed goals are stated for.
var benchExprs = []string{"1d20", "1d20+5", "2d20kh1+7", "4d6kh3", "8d6+3", "10d6e6", "4d6ro<3", "(1d4+1)*3", "100d6", "1000d6"}

// BenchmarkRoll measures parse + roll with the production roller.
func BenchmarkRoll(b *testing.B) {
	for _, s := range benchExprs {
		b.Run(s, func(b *testing.B) {
			r := NewRoller()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Roll(s, r); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRollFormat measures parse + roll + Breakdown.
func BenchmarkRollFormat(b *testing.B) {
	for _, s := range benchExprs {
		b.Run(s, func(b *testing.B) {
			r := NewRoller()
			b.ReportAllocs()
			for b.Loop() {
				res, err := Roll(s, r)
				if err != nil {
					b.Fatal(err)
				}
				sink = res.Breakdown()
			}
		})
	}
}

var sink string

// BenchmarkDraws1000 measures 1,000 raw draws of the production roller alone,
// the floor under 1000d6.
func BenchmarkDraws1000(b *testing.B) {
	r := NewRoller()
	b.ReportAllocs()
	sum := 0
	for b.Loop() {
		for range 1000 {
			f, _ := r.Roll(1, 6)
			sum += f
		}
	}
	if sum == 0 {
		b.Fatal("no faces")
	}
}
