package encounter

import "testing"

// TestReaches: aura reach by grid distance (Rogue's Tale A10, G-A8): Chebyshev distance in squares, the same square
// counting as adjacent, unplaced creatures reached by nothing.
func TestReaches(t *testing.T) {
	at := func(x, y int) *Pos { return &Pos{X: x, Y: y} }
	tests := []struct {
		name     string
		from, to *Pos
		radius   int
		want     int
		ok       bool
	}{
		{"adjacent", at(0, 0), at(1, 0), 1, 1, true},
		{"diagonal is one step", at(0, 0), at(1, 1), 1, 1, true},
		{"the same square counts as adjacent", at(2, 2), at(2, 2), 1, 1, true},
		{"two squares away", at(0, 0), at(2, 1), 1, 2, false},
		{"two squares, radius 2", at(0, 0), at(-2, 1), 2, 2, true},
		{"3 across and 4 up is 4 squares", at(0, 0), at(3, 4), 4, 4, true},
		{"far", at(-5, 0), at(5, 0), 2, 10, false},
		{"the source unplaced", nil, at(1, 0), 5, 0, false},
		{"the target unplaced", at(1, 0), nil, 5, 0, false},
		{"radius 0 reaches nobody", at(0, 0), at(0, 0), 0, 1, false},
	}
	for _, tt := range tests {
		if d, ok := Reaches(tt.from, tt.to, tt.radius); d != tt.want || ok != tt.ok {
			t.Errorf("%s: %d %v, want %d %v", tt.name, d, ok, tt.want, tt.ok)
		}
	}
	if d := (Pos{X: 1, Y: -3}).Squares(Pos{X: -2, Y: 2}); d != 5 {
		t.Errorf("Squares: %d", d)
	}
}
