package dice

import "testing"

// TestRollInto: rolling into one reused Result (zero at first, then holding any earlier roll) gives what a fresh
// roll with the same faces gives, and once grown allocates nothing for the benchmark's expressions (the bot's /roll
// path; issue 14's speed goal).
func TestRollInto(t *testing.T) {
	exprs := append([]string{"4d6!!kh3", "{4d6+3, 2d8}kh1", "floor(1d20/3)", "10d10c>=8", "2d6+1>=7", "3d6!p"}, benchExprs...)
	var shared Result
	for _, seed := range []uint64{1, 2, 3} {
		for _, s := range exprs {
			e, err := Parse(s)
			if err != nil {
				t.Fatal(err)
			}
			want, err := e.Roll(NewSeeded(seed))
			if err != nil {
				t.Fatal(err)
			}
			if err := e.RollInto(&shared, NewSeeded(seed)); err != nil {
				t.Fatal(err)
			}
			if shared.Total != want.Total || shared.Breakdown() != want.Breakdown() || shared.Crit != want.Crit ||
				shared.Verdict != want.Verdict || shared.Natural != want.Natural {
				t.Errorf("%s seed %d: RollInto %d %q, Roll %d %q", s, seed, shared.Total, shared.Breakdown(), want.Total, want.Breakdown())
			}
		}
	}
	// An error leaves no roll behind.
	e, _ := Parse("1d6")
	if err := e.RollInto(&shared, NewScripted(nil)); err == nil || shared.Expr != nil || shared.Total != 0 {
		t.Errorf("a failed roll: %v, %+v", err, shared.Total)
	}
	if raceEnabled {
		return // the race detector allocates on its own
	}
	for _, s := range benchExprs {
		e, _ := Parse(s)
		var res Result
		r := NewSeeded(3) // the same rolls every run: grown by the first 200, none longer in the next 100
		for range 200 {
			if err := e.RollInto(&res, r); err != nil {
				t.Fatal(err)
			}
		}
		if n := testing.AllocsPerRun(100, func() {
			if err := e.RollInto(&res, r); err != nil {
				t.Fatal(err)
			}
		}); n != 0 {
			t.Errorf("%s: %v allocations a roll into a reused Result", s, n)
		}
	}
}
