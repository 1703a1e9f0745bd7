package coc

import (
	"fmt"
	"testing"
)

// §1 E1.1: full / half / fifth.
func TestThresholdsE1_1(t *testing.T) {
	for v, want := range map[int]Thresholds{85: {85, 42, 17}, 55: {55, 27, 11}, 48: {48, 24, 9}} {
		if got := ThresholdsOf(v); got != want {
			t.Errorf("%d: %+v, want %+v", v, got, want)
		}
	}
}

// §5.1 E5.1–E5.7 and the outcome-level edges of the issue.
func TestJudge(t *testing.T) {
	type c struct {
		roll, value int
		d           Difficulty
		level       Level
		ok          bool
	}
	cases := []c{
		// E5.1 skill 65
		{1, 65, "", Critical, true}, {13, 65, "", Extreme, true}, {14, 65, "", Hard, true}, {32, 65, "", Hard, true},
		{33, 65, "", Regular, true}, {65, 65, "", Regular, true}, {66, 65, "", Failure, false},
		{99, 65, "", Failure, false}, {100, 65, "", Fumble, false},
		// E5.2 skill 35
		{95, 35, "", Failure, false}, {96, 35, "", Fumble, false}, {100, 35, "", Fumble, false},
		// E5.3 skill 65, hard
		{20, 65, DifficultyHard, Hard, true}, {40, 65, DifficultyHard, Regular, false}, {97, 65, DifficultyHard, Fumble, false},
		// E5.4 skill 65, extreme
		{12, 65, DifficultyExtreme, Extreme, true}, {14, 65, DifficultyExtreme, Hard, false},
		// E5.5 skill 0
		{1, 0, "", Critical, true}, {2, 0, "", Failure, false}, {95, 0, "", Failure, false}, {96, 0, "", Fumble, false},
		{100, 0, "", Fumble, false},
		// E5.6 skill 120
		{99, 120, "", Regular, true}, {100, 120, "", Fumble, false}, {24, 120, "", Extreme, true}, {60, 120, "", Hard, true},
		// E5.7 skill 4
		{1, 4, "", Critical, true}, {2, 4, "", Hard, true}, {4, 4, "", Regular, true}, {5, 4, "", Failure, false},
		// a hard roll on 53 needs 26: 96 fumbles although the skill is 50+
		{96, 53, DifficultyHard, Fumble, false}, {96, 53, "", Failure, false},
		// 01 always meets even a critical requirement; v ≥ 96 makes 96–99 plain successes
		{1, 0, DifficultyCritical, Critical, true}, {2, 90, DifficultyCritical, Extreme, false},
		{98, 98, "", Regular, true}, {1, 1, "", Critical, true}, {2, 1, "", Failure, false},
	}
	// the edges: skill 50 → 50/25/10/1/96–100 means 100 only; skill 49 → fumble from 96
	for _, e := range []struct {
		v                            int
		reg, hard, ext, fumbleLowest int
	}{{50, 50, 25, 10, 100}, {49, 49, 24, 9, 96}} {
		cases = append(cases,
			c{e.reg, e.v, "", Regular, true}, c{e.reg + 1, e.v, "", Failure, false},
			c{e.hard, e.v, "", Hard, true}, c{e.hard + 1, e.v, "", Regular, true},
			c{e.ext, e.v, "", Extreme, true}, c{e.ext + 1, e.v, "", Hard, true},
			c{e.fumbleLowest, e.v, "", Fumble, false}, c{e.fumbleLowest - 1, e.v, "", Failure, false})
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%d vs %d %s", tc.roll, tc.value, tc.d), func(t *testing.T) {
			l, ok := Judge(tc.roll, tc.value, tc.d)
			if l != tc.level || ok != tc.ok {
				t.Errorf("Judge = %s %v, want %s %v", l, ok, tc.level, tc.ok)
			}
		})
	}
}

func TestEdgeThresholds(t *testing.T) {
	for _, tc := range []struct{ v, reg, hard, ext, fumble int }{{50, 50, 25, 10, 100}, {49, 49, 24, 9, 96}} {
		th := ThresholdsOf(tc.v)
		if th.Regular != tc.reg || th.Hard != tc.hard || th.Extreme != tc.ext || FumbleFrom(tc.v) != tc.fumble {
			t.Errorf("%d: %+v fumble %d", tc.v, th, FumbleFrom(tc.v))
		}
	}
}

// §5.2 E5.8.
func TestDifficultyAgainst(t *testing.T) {
	for v, want := range map[int]Difficulty{55: DifficultyHard, 49: DifficultyRegular, 50: DifficultyHard,
		89: DifficultyHard, 90: DifficultyExtreme} {
		if got := DifficultyAgainst(v); got != want {
			t.Errorf("%d: %s, want %s", v, got, want)
		}
	}
}

func TestParseDifficulty(t *testing.T) {
	if d, err := ParseDifficulty(" HARD "); err != nil || d != DifficultyHard {
		t.Errorf("got %s %v", d, err)
	}
	if d, err := ParseDifficulty(""); err != nil || d != DifficultyRegular {
		t.Errorf("got %s %v", d, err)
	}
	_, err := ParseDifficulty("impossible")
	wantCode(t, err, ErrBadDifficulty)
}
