package rogue

import "testing"

// A18: the distance is floor(sqrt(dx² + dy²)) and the range modifier half of it, floored; the seed's example is
// 3 across and 4 up → distance 5 → modifier +2. Adjacent is the eight neighbours (or the same square).
func TestSquareDistance(t *testing.T) {
	tests := []struct {
		from, to  Square
		dist, rng int
		adjacent  bool
	}{
		{Square{0, 0}, Square{3, 4}, 5, 2, false}, // the seed's example (A18)
		{Square{3, 4}, Square{0, 0}, 5, 2, false},
		{Square{0, 0}, Square{-3, 4}, 5, 2, false},
		{Square{5, 5}, Square{6, 6}, 1, 0, true},
		{Square{0, 0}, Square{2, 2}, 2, 1, false},
		{Square{0, 0}, Square{1, 0}, 1, 0, true},
		{Square{0, 0}, Square{0, 0}, 0, 0, true},
		{Square{0, 0}, Square{10, 0}, 10, 5, false},
		{Square{-2, 7}, Square{4, -1}, 10, 5, false}, // 6, 8 → 10
		{Square{0, 0}, Square{4, 4}, 5, 2, false},    // sqrt(32) = 5.66 → 5
	}
	for _, tt := range tests {
		if d, r, a := tt.from.Distance(tt.to), tt.from.Range(tt.to), tt.from.Adjacent(tt.to); d != tt.dist || r != tt.rng || a != tt.adjacent {
			t.Errorf("%v → %v: distance %d range %d adjacent %v, want %d %d %v", tt.from, tt.to, d, r, a, tt.dist, tt.rng, tt.adjacent)
		}
		if r := RangeModifier(tt.to.X-tt.from.X, tt.to.Y-tt.from.Y); r != tt.rng {
			t.Errorf("RangeModifier %v → %v = %d, want %d", tt.from, tt.to, r, tt.rng)
		}
	}
	if d := (Square{-MaxCoord, -MaxCoord}).Distance(Square{MaxCoord, MaxCoord}); d != 28284 {
		t.Errorf("far corners: %d", d)
	}
}

// Aim: an explicit distance (the range: option) overrides the grid; else the offset between two placed squares.
func TestAim(t *testing.T) {
	one, a, b := 1, &Square{0, 0}, &Square{3, 4}
	tests := []struct {
		name     string
		distance *int
		from, to *Square
		dx, dy   int
		ok       bool
	}{
		{"grid", nil, a, b, 3, 4, true},
		{"range: overrides the grid", &one, a, b, 1, 0, true},
		{"range: without a grid", &one, nil, nil, 1, 0, true},
		{"one creature unplaced", nil, a, nil, 0, 0, false},
		{"nothing known", nil, nil, nil, 0, 0, false},
	}
	for _, tt := range tests {
		dx, dy, ok := Aim(tt.distance, tt.from, tt.to)
		if dx != tt.dx || dy != tt.dy || ok != tt.ok {
			t.Errorf("%s: %d, %d, %v", tt.name, dx, dy, ok)
		}
	}
}

// A ranged attack at a target 3 across and 4 up needs 7 + 2: a natural 8 with no modifier misses; with range:1
// given explicitly the same roll hits.
func TestAttackRangeFromGrid(t *testing.T) {
	att, def := &Square{0, 0}, &Square{3, 4}
	one := 1
	for _, tt := range []struct {
		name     string
		distance *int
		target   int
		hit      bool
	}{
		{"grid: distance 5, +2", nil, 9, false},
		{"range:1 overrides", &one, 7, true},
	} {
		a, d := human(t, "Archer", avg), human(t, "Target", avg)
		dx, dy, _ := Aim(tt.distance, att, def)
		res, err := Attack(a, d, AttackOptions{Kind: Ranged, Weapon: Weapon{Damage: "1d6"}, DX: dx, DY: dy}, faces(4, 4, 1))
		if err != nil {
			t.Fatal(err)
		}
		if res.Bands.Target != tt.target || res.Hit != tt.hit {
			t.Errorf("%s: target %d hit %v (%+v)", tt.name, res.Bands.Target, res.Hit, res.BandMods)
		}
	}
}
