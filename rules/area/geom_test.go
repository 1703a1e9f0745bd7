package area

import (
	"math"
	"testing"
)

// sampled estimates the covered fraction of square (x, y) with an n×n grid of
// midpoints.
func sampled(in func(px, py float64) bool, x, y, n int) float64 {
	hit := 0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if in(float64(x)+(float64(i)+0.5)/float64(n), float64(y)+(float64(j)+0.5)/float64(n)) {
				hit++
			}
		}
	}
	return float64(hit) / float64(n*n)
}

// insideConvex reports whether p is inside the convex polygon poly (either winding).
func insideConvex(poly []vec, p vec) bool {
	pos, neg := false, false
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		c := (b.x-a.x)*(p.y-a.y) - (b.y-a.y)*(p.x-a.x)
		pos = pos || c > 0
		neg = neg || c < 0
	}
	return !(pos && neg)
}

func TestClipAreaAgainstSampling(t *testing.T) {
	polys := [][]vec{
		{{0, 0}, {3.2, -4.1}, {-1.7, -2.5}},
		{{0.3, 0.2}, {2.9, 0.7}, {2.1, 2.8}, {0.1, 1.9}},
		{{-2, -2}, {2, -2}, {2, 2}, {-2, 2}},
		{{0, 0}, {0.5, -1}, {-0.5, -1}},
	}
	for pi, p := range polys {
		total := 0.0
		for y := -6; y <= 4; y++ {
			for x := -4; x <= 4; x++ {
				got := clipArea(p, x, y)
				want := sampled(func(px, py float64) bool { return insideConvex(p, vec{px, py}) }, x, y, 100)
				if math.Abs(got-want) > 0.02 {
					t.Errorf("polygon %d square (%d,%d): clipped %.4f, sampled %.4f", pi, x, y, got, want)
				}
				total += got
			}
		}
		// The pieces add up to the polygon's own area.
		s := 0.0
		for i := range p {
			a, b := p[i], p[(i+1)%len(p)]
			s += a.x*b.y - b.x*a.y
		}
		if math.Abs(total-math.Abs(s)/2) > 1e-9 {
			t.Errorf("polygon %d: pieces sum to %v, area %v", pi, total, math.Abs(s)/2)
		}
	}
}

func TestDiscRectArea(t *testing.T) {
	for _, r := range []float64{1, 2, 3, 4.5, 6} {
		total := 0.0
		n := int(math.Ceil(r))
		for y := -n; y < n; y++ {
			for x := -n; x < n; x++ {
				got := discRectArea(r, float64(x), float64(y), float64(x+1), float64(y+1))
				want := sampled(func(px, py float64) bool { return px*px+py*py < r*r }, x, y, 200)
				if math.Abs(got-want) > 0.01 {
					t.Errorf("r=%v square (%d,%d): exact %.4f, sampled %.4f", r, x, y, got, want)
				}
				total += got
			}
		}
		if math.Abs(total-math.Pi*r*r) > 1e-9 {
			t.Errorf("r=%v: squares sum to %v, want πr² = %v", r, total, math.Pi*r*r)
		}
	}
	// The worked value: with r = 2, the square [1,2]² holds π/3 − (√3 − 1) ≈ 0.3151 (< ½).
	if got, want := discRectArea(2, 1, 1, 2, 2), math.Pi/3-(math.Sqrt(3)-1); math.Abs(got-want) > 1e-12 {
		t.Errorf("r=2 [1,2]²: %v, want %v", got, want)
	}
}

func TestUnitVectors(t *testing.T) {
	for deg := 0.0; deg < 360; deg += 7.5 {
		u := unit(deg)
		r := deg * math.Pi / 180
		if math.Abs(u.x-math.Sin(r)) > 1e-12 || math.Abs(u.y+math.Cos(r)) > 1e-12 {
			t.Errorf("unit(%v) = %v", deg, u)
		}
		if rt := right(u); math.Abs(rt.dot(u)) > 1e-12 || math.Abs(rt.x*u.y-rt.y*u.x+1) > 1e-12 {
			t.Errorf("right(%v) = %v is not clockwise of %v", deg, rt, u)
		}
	}
}
