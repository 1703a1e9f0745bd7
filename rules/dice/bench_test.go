package dice

import (
	"testing"
	"time"
)

// benchExprs are the expressions the speed goals are stated for.
var benchExprs = []string{"1d20", "1d20+5", "2d20kh1+7", "4d6kh3", "8d6+3", "10d6e6", "4d6ro<3", "(1d4+1)*3", "100d6", "1000d6"}

// BenchmarkRoll measures parse (through the parse cache, as a bot's
// repeated rolls do) + roll with the production roller into a reused Result
// (Expr.RollInto, the bot's /roll path). Besides ns/op (wall time) it reports
// cpu-ns/op, the process's CPU time per roll, which a machine shared with
// other work disturbs much less.
func BenchmarkRoll(b *testing.B) {
	for _, s := range benchExprs {
		b.Run(s, func(b *testing.B) {
			r := NewRoller()
			var res Result
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				e, err := Parse(s)
				if err != nil {
					b.Fatal(err)
				}
				if err := e.RollInto(&res, r); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
	}
}

// BenchmarkRollNew is BenchmarkRoll with a new Result a roll (Roll: parse
// through the cache, then Expr.Roll).
func BenchmarkRollNew(b *testing.B) {
	for _, s := range benchExprs {
		b.Run(s, func(b *testing.B) {
			r := NewRoller()
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				if _, err := Roll(s, r); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
	}
}

// BenchmarkRollUncached measures parse + roll without the parse cache.
func BenchmarkRollUncached(b *testing.B) {
	for _, s := range benchExprs {
		b.Run(s, func(b *testing.B) {
			r := NewRoller()
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				e := new(Expr)
				if _, err := e.parse(s, 0, false); err != nil {
					b.Fatal(err)
				}
				if _, err := e.Roll(r); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
	}
}

// reportCPU reports the CPU time per iteration since start.
func reportCPU(b *testing.B, start time.Duration) {
	if end := cpuTime(); start >= 0 && end >= start && b.N > 0 {
		b.ReportMetric(float64(end-start)/float64(b.N), "cpu-ns/op")
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
