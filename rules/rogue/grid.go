package rogue

import "math"

// Square is a square of the encounter grid (the same JSON as an encounter
// position). Rules that depend on where creatures stand take squares: the
// range modifier (A18), and the creatures adjacent to a target or an
// attacker (Healing Wave, Enlarge Orb, Multi Shot, Sweeping Blow).
type Square struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// MaxCoord bounds a square's coordinates (as the encounter does).
const MaxCoord = 10000

// distance is the seed's distance for an offset of dx, dy squares:
// floor(sqrt(dx² + dy²)) (A18: 3 across and 4 up is 5).
func distance(dx, dy int) int {
	dx, dy = min(abs(dx), 4*MaxCoord), min(abs(dy), 4*MaxCoord)
	n := dx*dx + dy*dy
	x := int(math.Sqrt(float64(n)))
	for x*x > n {
		x--
	}
	for (x+1)*(x+1) <= n {
		x++
	}
	return x
}

// Distance is the seed's distance from s to t (A18).
func (s Square) Distance(t Square) int { return distance(t.X-s.X, t.Y-s.Y) }

// Range is the range modifier from s to t: the distance halved, floored
// (A18: 3 across and 4 up → distance 5 → +2).
func (s Square) Range(t Square) int { return s.Distance(t) / 2 }

// Adjacent reports whether t touches s: at most one square away across and
// up (the eight neighbours), or the same square (two creatures sharing it).
func (s Square) Adjacent(t Square) bool { return abs(t.X-s.X) <= 1 && abs(t.Y-s.Y) <= 1 }

// Aim is the offset (DX, DY of AttackOptions and CastOptions) from an
// attacker or caster to its target. An explicit distance in squares (the
// range: option, non-nil) overrides the grid and gives (distance, 0);
// otherwise, when both creatures are placed, it is the offset between their
// squares. ok is false when neither is known: the caller keeps its default.
func Aim(distance *int, from, to *Square) (dx, dy int, ok bool) {
	switch {
	case distance != nil:
		return *distance, 0, true
	case from != nil && to != nil:
		return to.X - from.X, to.Y - from.Y, true
	}
	return 0, 0, false
}

// Nearby is a creature near an action, for the rules that reach more than
// one creature: ID is the caller's name for it (a combatant id), At its
// square (nil = not placed), C its sheet. Rules change C in place, as they
// change the target.
type Nearby struct {
	ID string
	At *Square
	C  *Character
}
