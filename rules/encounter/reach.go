package encounter

// Distances on the grid, for what reaches whom: a diagonal step counts as one square (Chebyshev distance), so a
// creature's reach of n squares is the (2n+1)×(2n+1) block around it.

// Squares is the distance from p to q in squares.
func (p Pos) Squares(q Pos) int {
	dx, dy := q.X-p.X, q.Y-p.Y
	return max(dx, -dx, dy, -dy)
}

// Reaches reports whether an aura (or anything that spreads to neighbours) of radius squares centred on from
// reaches a creature at to, and at which distance: two creatures in the same square count as adjacent (1).
// Either position unknown (nil) reaches nothing.
func Reaches(from, to *Pos, radius int) (distance int, ok bool) {
	if from == nil || to == nil {
		return 0, false
	}
	d := max(from.Squares(*to), 1)
	return d, d <= radius
}
