package play

import (
	"testing"

	"rulekeeper/rules/dice"
)

// TestTape: a rewound run replays the faces of the run before while it asks for the same dice, and draws fresh
// ones from the first different request on.
func TestTape(t *testing.T) {
	tests := []struct {
		name   string
		first  [][2]int // bounds asked by the first run
		second [][2]int // bounds asked by the rewound run
		want   []int    // the second run's faces
	}{
		{"same dice replay", [][2]int{{1, 20}, {1, 8}}, [][2]int{{1, 20}, {1, 8}}, []int{5, 4}},
		{"fewer dice replay a prefix", [][2]int{{1, 20}, {1, 8}}, [][2]int{{1, 20}}, []int{5}},
		{"more dice draw past the tape", [][2]int{{1, 20}}, [][2]int{{1, 20}, {1, 6}}, []int{5, 4}},
		{"a different die draws fresh from there", [][2]int{{1, 20}, {1, 8}}, [][2]int{{1, 20}, {1, 6}, {1, 8}}, []int{5, 3, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newTape(dice.NewScripted([]int{5, 4, 3, 2, 1}))
			for _, b := range tt.first {
				if _, err := r.Roll(b[0], b[1]); err != nil {
					t.Fatal(err)
				}
			}
			rewind(r)
			for i, b := range tt.second {
				got, err := r.Roll(b[0], b[1])
				if err != nil {
					t.Fatal(err)
				}
				if got != tt.want[i] {
					t.Errorf("roll %d: %d, want %d", i, got, tt.want[i])
				}
			}
		})
	}
	if newTape(nil) != nil {
		t.Error("a nil roller gives a tape")
	}
	rewind(nil) // no roller: nothing to rewind
}
