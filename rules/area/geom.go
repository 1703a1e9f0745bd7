package area

import "math"

// eps is the covered fraction of a square below which floating-point noise is
// treated as "no overlap" (and above which "at least half" still holds).
const eps = 1e-9

type vec struct{ x, y float64 }

func (a vec) add(b vec) vec             { return vec{a.x + b.x, a.y + b.y} }
func (a vec) scale(k float64) vec       { return vec{a.x * k, a.y * k} }
func (a vec) sub(b vec) vec             { return vec{a.x - b.x, a.y - b.y} }
func (a vec) dot(b vec) float64         { return a.x*b.x + a.y*b.y }
func (a vec) lerp(b vec, t float64) vec { return vec{a.x + (b.x-a.x)*t, a.y + (b.y-a.y)*t} }

// unit returns the unit vector of a bearing in degrees clockwise from north,
// with y growing downward (north is −y). Multiples of 45° are exact.
func unit(deg float64) vec {
	const s = math.Sqrt2 / 2
	switch deg {
	case 0:
		return vec{0, -1}
	case 45:
		return vec{s, -s}
	case 90:
		return vec{1, 0}
	case 135:
		return vec{s, s}
	case 180:
		return vec{0, 1}
	case 225:
		return vec{-s, s}
	case 270:
		return vec{-1, 0}
	case 315:
		return vec{-s, -s}
	}
	r := deg * math.Pi / 180
	return vec{math.Sin(r), -math.Cos(r)}
}

// right is the unit vector 90° clockwise of d (the right hand when facing d).
func right(d vec) vec { return vec{-d.y, d.x} }

// clipArea returns the area of the convex polygon p inside the unit square
// [x, x+1] × [y, y+1] (Sutherland–Hodgman clipping, then the shoelace formula).
func clipArea(p []vec, x, y int) float64 {
	var buf1, buf2 [16]vec
	cur := append(buf1[:0], p...)
	planes := [4]struct {
		n vec
		c float64
	}{
		{vec{-1, 0}, -float64(x)},   // x ≥ X
		{vec{1, 0}, float64(x + 1)}, // x ≤ X+1
		{vec{0, -1}, -float64(y)},   // y ≥ Y
		{vec{0, 1}, float64(y + 1)}, // y ≤ Y+1
	}
	next := buf2[:0]
	for _, pl := range planes {
		next = next[:0]
		for i := range cur {
			a, b := cur[i], cur[(i+1)%len(cur)]
			da, db := a.dot(pl.n)-pl.c, b.dot(pl.n)-pl.c
			if da <= 0 {
				next = append(next, a)
			}
			if (da < 0 && db > 0) || (da > 0 && db < 0) {
				next = append(next, a.lerp(b, da/(da-db)))
			}
		}
		cur, next = next, cur
		if len(cur) < 3 {
			return 0
		}
	}
	s := 0.0
	for i := range cur {
		a, b := cur[i], cur[(i+1)%len(cur)]
		s += a.x*b.y - b.x*a.y
	}
	return math.Abs(s) / 2
}

// discRectArea returns the area of the disc of radius r centred on (0, 0)
// inside the rectangle [x0, x1] × [y0, y1], exactly (closed form).
func discRectArea(r, x0, y0, x1, y1 float64) float64 {
	return quarter(r, x1, y1) - quarter(r, x0, y1) - quarter(r, x1, y0) + quarter(r, x0, y0)
}

// quarter is the signed area of the disc inside [0, x] × [0, y]; it is odd in
// each argument, so inclusion–exclusion over the four corners of a rectangle
// gives the rectangle's share of the disc.
func quarter(r, x, y float64) float64 {
	sign := 1.0
	if x < 0 {
		x, sign = -x, -sign
	}
	if y < 0 {
		y, sign = -y, -sign
	}
	x, y = math.Min(x, r), math.Min(y, r)
	if x*x+y*y <= r*r {
		return sign * x * y
	}
	g := func(t float64) float64 { return (t*math.Sqrt(r*r-t*t) + r*r*math.Asin(t/r)) / 2 }
	u := math.Sqrt(r*r - y*y) // where the circle's height equals y; u < x here
	return sign * (y*u + g(x) - g(u))
}
