package area

// steps are the one-square moves of the eight compass directions (index × 45°),
// y growing downward.
var steps = [8]Square{{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}}

// span is the range of offsets −⌊(n−1)/2⌋ … ⌈(n−1)/2⌉ of n squares laid
// across an axis: centred when n is odd, one more on the positive side when even.
func span(n int) (lo, hi int) { return -((n - 1) / 2), n / 2 }

// token lays the area with the token method from the square Origin.
func (f *Footprint) token() {
	a := f.area
	ox, oy := a.Origin.X, a.Origin.Y
	if a.Shape == Sphere || a.Shape == Cylinder {
		// A circle becomes a square with side = diameter, centred on the
		// intersection at the top-left corner of the origin square.
		r := a.Size / FeetPerSquare
		f.setBox(ox-r, oy-r, ox+r-1, oy+r-1)
		f.has = func(int, int) bool { return true }
		return
	}
	n := a.Size / FeetPerSquare // rows (cone), run length (line), side (cube)
	w := 1
	if a.Shape == Line {
		w = a.Width / FeetPerSquare
	}
	ext := n + w + 1
	f.setBox(ox-ext, oy-ext, ox+ext, oy+ext)
	k, _ := compassIndex(a.Dir)
	st := steps[k]
	var in func(u, v int) bool
	if k%2 == 0 {
		// Orthogonal: a = squares ahead, b = squares to the right (left if Mirror).
		rx, ry := -st.Y, st.X
		if a.Mirror {
			rx, ry = -rx, -ry
		}
		in = func(u, v int) bool {
			ahead, across := u*st.X+v*st.Y, u*rx+v*ry
			var lo, hi int
			switch a.Shape {
			case Cone:
				if ahead < 1 || ahead > n {
					return false
				}
				lo, hi = span(ahead) // row k has k tokens
			case Line:
				if ahead < 1 || ahead > n {
					return false
				}
				lo, hi = span(w)
			case Cube:
				if ahead < 1 || ahead > n {
					return false
				}
				lo, hi = span(n)
			}
			return across >= lo && across <= hi
		}
	} else {
		// Diagonal: i, j = squares along the step's x and y; the area lies in
		// the quadrant i, j ≥ 1 that starts at the diagonal neighbour.
		// Clockwise of ne and sw is an x move (e, w); of se and nw a y move (s, n).
		xFirst := k == 1 || k == 5
		if a.Mirror {
			xFirst = !xFirst
		}
		in = func(u, v int) bool {
			i, j := u*st.X, v*st.Y
			if i < 1 || j < 1 {
				return false
			}
			switch a.Shape {
			case Cone:
				return i+j <= n+1 // row k: the k squares with i+j = k+1
			case Cube:
				return i <= n && j <= n
			}
			// Line: w diagonal runs of n squares, run m shifted m squares
			// clockwise (m > 0) or −m squares counter-clockwise (m < 0).
			m := j - i
			if xFirst {
				m = i - j
			}
			lo, hi := span(w)
			return m >= lo && m <= hi && min(i, j) <= n
		}
	}
	f.has = func(x, y int) bool {
		if x == ox && y == oy {
			return a.IncludeOrigin
		}
		return in(x-ox, y-oy)
	}
}
