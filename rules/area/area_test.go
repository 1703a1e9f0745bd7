package area

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"testing"
)

// picture renders the box [x0, x1] × [y0, y1] row by row: '#' affected, '.' not.
func picture(t *testing.T, a Area, x0, y0, x1, y1 int) string {
	t.Helper()
	f, err := Compile(a)
	if err != nil {
		t.Fatalf("%+v: %v", a, err)
	}
	var b strings.Builder
	for y := y0; y <= y1; y++ {
		if y > y0 {
			b.WriteByte('\n')
		}
		for x := x0; x <= x1; x++ {
			if f.Has(x, y) {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
	}
	return b.String()
}

func rows(lines ...string) string { return strings.Join(lines, "\n") }

func mustSquares(t *testing.T, a Area) []Square {
	t.Helper()
	s, err := Squares(a)
	if err != nil {
		t.Fatalf("%+v: %v", a, err)
	}
	return s
}

func set(sq []Square) map[Square]bool {
	m := make(map[Square]bool, len(sq))
	for _, s := range sq {
		m[s] = true
	}
	return m
}

func sameSquares(a, b []Square) bool {
	if len(a) != len(b) {
		return false
	}
	sa := append([]Square(nil), a...)
	sb := append([]Square(nil), b...)
	less := func(s []Square) func(i, j int) bool {
		return func(i, j int) bool { return s[i].Y < s[j].Y || s[i].Y == s[j].Y && s[i].X < s[j].X }
	}
	sort.Slice(sa, less(sa))
	sort.Slice(sb, less(sb))
	for i := range sa {
		if sa[i] != sb[i] {
			return false
		}
	}
	return true
}

// TestCircleCounts checks the B11 table: a sphere or cylinder centred on an intersection.
func TestCircleCounts(t *testing.T) {
	tests := []struct {
		radius                int
		template, half, token int
	}{
		{5, 4, 4, 4},
		{10, 16, 12, 16},
		{15, 36, 32, 36},
		{20, 60, 52, 64},
		{30, 132, 112, 144},
	}
	for _, tc := range tests {
		for _, shape := range []Shape{Sphere, Cylinder} {
			for _, m := range []struct {
				method Method
				want   int
			}{{Template, tc.template}, {Half, tc.half}, {Token, tc.token}} {
				t.Run(fmt.Sprintf("%s/%d/%s", shape, tc.radius, m.method), func(t *testing.T) {
					for _, o := range []Square{{0, 0}, {7, -3}} {
						sq := mustSquares(t, Area{Shape: shape, Method: m.method, Size: tc.radius, Origin: o})
						if len(sq) != m.want {
							t.Errorf("origin %v: %d squares, want %d", o, len(sq), m.want)
						}
						// Every circle is symmetric about its centre intersection.
						in := set(sq)
						for s := range in {
							mirror := Square{2*o.X - 1 - s.X, 2*o.Y - 1 - s.Y}
							if !in[mirror] || !in[Square{s.Y - o.Y + o.X, s.X - o.X + o.Y}] {
								t.Fatalf("origin %v: %v has no mirror image", o, s)
							}
						}
					}
				})
			}
		}
	}
}

// TestCirclePictures pins the exact footprints of a 10-ft and a 20-ft circle.
func TestCirclePictures(t *testing.T) {
	if got, want := picture(t, Area{Shape: Sphere, Method: Half, Size: 10}, -2, -2, 1, 1), rows(
		".##.",
		"####",
		"####",
		".##.",
	); got != want {
		t.Errorf("half 10 ft:\n%s\nwant\n%s", got, want)
	}
	if got, want := picture(t, Area{Shape: Sphere, Method: Half, Size: 20}, -4, -4, 3, 3), rows(
		"..####..",
		".######.",
		"########",
		"########",
		"########",
		"########",
		".######.",
		"..####..",
	); got != want {
		t.Errorf("half 20 ft:\n%s\nwant\n%s", got, want)
	}
	if got, want := picture(t, Area{Shape: Sphere, Method: Template, Size: 20}, -5, -5, 4, 4), rows(
		"..........",
		"..######..",
		".########.",
		".########.",
		".########.",
		".########.",
		".########.",
		".########.",
		"..######..",
		"..........",
	); got != want {
		t.Errorf("template 20 ft:\n%s\nwant\n%s", got, want)
	}
}

// TestFireball: a 20-ft-radius sphere becomes a template 8 squares across (B11).
func TestFireball(t *testing.T) {
	a := Area{Shape: Sphere, Method: Template, Size: 20, Origin: Square{10, 10}}
	lo, hi, ok := Bounds(mustSquares(t, a))
	if !ok || hi.X-lo.X+1 != 8 || hi.Y-lo.Y+1 != 8 || lo != (Square{6, 6}) {
		t.Errorf("bounds %v…%v, want 8×8 from {6 6}", lo, hi)
	}
	for _, y := range []int{9, 10} { // the two rows touching the centre
		n := 0
		for x := 0; x < 20; x++ {
			if Contains(a, x, y) {
				n++
			}
		}
		if n != 8 {
			t.Errorf("row %d has %d squares, want 8", y, n)
		}
	}
}

// TestFlameStrike: a 10-ft-radius cylinder with tokens is a 20-ft (4×4) square (B11).
func TestFlameStrike(t *testing.T) {
	sq := mustSquares(t, Area{Shape: Cylinder, Method: Token, Size: 10, Origin: Square{5, 5}})
	var want []Square
	for y := 3; y <= 6; y++ {
		for x := 3; x <= 6; x++ {
			want = append(want, Square{x, y})
		}
	}
	if !sameSquares(sq, want) {
		t.Errorf("got %v, want the 4×4 block 3…6", sq)
	}
}

// TestTokenCone: a 30-ft cone has 6 rows, row k holding k tokens, 21 in all, in
// every direction; row 1 touches the origin; diagonal rows share edges (B11).
func TestTokenCone(t *testing.T) {
	o := Square{3, -2}
	for k, name := range CompassNames() {
		t.Run(name, func(t *testing.T) {
			sq := mustSquares(t, Area{Shape: Cone, Method: Token, Size: 30, Origin: o, Dir: float64(k * 45)})
			if len(sq) != 21 {
				t.Fatalf("%d squares, want 21", len(sq))
			}
			st := steps[k]
			byRow := map[int][]Square{}
			for _, s := range sq {
				u, v := s.X-o.X, s.Y-o.Y
				row := u*st.X + v*st.Y // orthogonal: squares ahead
				if k%2 == 1 {
					row = u*st.X + v*st.Y - 1 // diagonal: i + j − 1
				}
				byRow[row] = append(byRow[row], s)
			}
			for r := 1; r <= 6; r++ {
				if len(byRow[r]) != r {
					t.Errorf("row %d has %d tokens, want %d: %v", r, len(byRow[r]), r, byRow[r])
				}
			}
			if len(byRow[1]) == 1 && byRow[1][0] != (Square{o.X + st.X, o.Y + st.Y}) {
				t.Errorf("row 1 is %v, want next to the origin", byRow[1])
			}
			if k%2 == 1 {
				for r := 2; r <= 6; r++ {
					for _, s := range byRow[r] {
						if !sharesEdge(s, byRow[r-1]) {
							t.Errorf("row %d square %v shares no edge with row %d", r, s, r-1)
						}
					}
				}
			}
			if set(sq)[o] {
				t.Error("the origin square is in the cone")
			}
		})
	}
}

func sharesEdge(s Square, row []Square) bool {
	for _, p := range row {
		if abs(p.X-s.X)+abs(p.Y-s.Y) == 1 {
			return true
		}
	}
	return false
}

// TestTokenConePictures pins the exact token cones (extra tokens go clockwise,
// or counter-clockwise with Mirror). The origin square is (0, 0).
func TestTokenConePictures(t *testing.T) {
	tests := []struct {
		name string
		a    Area
		box  [4]int
		want string
	}{
		{"north", Area{Shape: Cone, Method: Token, Size: 30, Dir: North}, [4]int{-3, -6, 3, 0}, rows(
			".######",
			".#####.",
			"..####.",
			"..###..",
			"...##..",
			"...#...",
			".......",
		)},
		{"north mirrored", Area{Shape: Cone, Method: Token, Size: 30, Dir: North, Mirror: true}, [4]int{-3, -6, 3, 0}, rows(
			"######.",
			".#####.",
			".####..",
			"..###..",
			"..##...",
			"...#...",
			".......",
		)},
		{"east", Area{Shape: Cone, Method: Token, Size: 15, Dir: East}, [4]int{0, -2, 3, 2}, rows(
			"....",
			"...#",
			".###",
			"..##",
			"....",
		)},
		{"north-east", Area{Shape: Cone, Method: Token, Size: 30, Dir: NorthEast}, [4]int{0, -6, 6, 0}, rows(
			".#.....",
			".##....",
			".###...",
			".####..",
			".#####.",
			".######",
			".......",
		)},
		{"south-west with origin", Area{Shape: Cone, Method: Token, Size: 15, Dir: SouthWest, IncludeOrigin: true}, [4]int{-3, 0, 0, 3}, rows(
			"...#",
			"###.",
			".##.",
			"..#.",
		)},
	}
	for _, tc := range tests {
		if got := picture(t, tc.a, tc.box[0], tc.box[1], tc.box[2], tc.box[3]); got != tc.want {
			t.Errorf("%s:\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
}

// TestTemplateCones pins flat cone templates from an intersection.
func TestTemplateCones(t *testing.T) {
	tests := []struct {
		name string
		a    Area
		box  [4]int
		want string
		n    int
	}{
		{"15 ft north, template", Area{Shape: Cone, Method: Template, Size: 15, Dir: North}, [4]int{-3, -4, 2, 0}, rows(
			"......",
			".####.",
			"..##..",
			"..##..",
			"......",
		), 8},
		{"15 ft north, half", Area{Shape: Cone, Method: Half, Size: 15, Dir: North}, [4]int{-3, -4, 2, 0}, rows(
			"......",
			"..##..",
			"..##..",
			"......",
			"......",
		), 4},
		{"30 ft north, template", Area{Shape: Cone, Method: Template, Size: 30, Dir: North}, [4]int{-3, -6, 2, -1}, rows(
			"######",
			"######",
			".####.",
			".####.",
			"..##..",
			"..##..",
		), 24},
		{"30 ft north, half", Area{Shape: Cone, Method: Half, Size: 30, Dir: North}, [4]int{-3, -6, 2, -1}, rows(
			"######",
			".####.",
			".####.",
			"..##..",
			"..##..",
			"......",
		), 18},
		{"30 ft north-east, template", Area{Shape: Cone, Method: Template, Size: 30, Dir: NorthEast}, [4]int{-1, -7, 5, 0}, rows(
			"...#...",
			"..###..",
			"..####.",
			"..#####",
			".######",
			".######",
			".###...",
			".......",
		), 29},
	}
	for _, tc := range tests {
		if got := picture(t, tc.a, tc.box[0], tc.box[1], tc.box[2], tc.box[3]); got != tc.want {
			t.Errorf("%s:\n%s\nwant\n%s", tc.name, got, tc.want)
		}
		if n := len(mustSquares(t, tc.a)); n != tc.n {
			t.Errorf("%s: %d squares, want %d", tc.name, n, tc.n)
		}
	}
}

// TestLightningBolt: a 60-ft × 5-ft line. Token: length/5 = 12 squares, straight
// or diagonal (B11). Template and half laid orthogonally fill one column of 12.
// Diagonally the flat template straddles the grid: 27 squares touched, 8 at
// least half covered (12 squares of length ≈ 8.5 squares of diagonal).
func TestLightningBolt(t *testing.T) {
	for k, name := range CompassNames() {
		a := Area{Shape: Line, Method: Token, Size: 60, Dir: float64(45 * k), Origin: Square{1, 2}}
		sq := mustSquares(t, a)
		var want []Square
		for i := 1; i <= 12; i++ {
			want = append(want, Square{1 + i*steps[k].X, 2 + i*steps[k].Y})
		}
		if !sameSquares(sq, want) {
			t.Errorf("token %s: %v, want %v", name, sq, want)
		}
	}
	for _, m := range []Method{Template, Half} {
		for _, dir := range []float64{North, East, South, West} {
			sq := mustSquares(t, Area{Shape: Line, Method: m, Size: 60, Dir: dir})
			lo, hi, _ := Bounds(sq)
			if len(sq) != 12 || (hi.X-lo.X+1)*(hi.Y-lo.Y+1) != 12 {
				t.Errorf("%s %v°: %d squares in %v…%v, want one run of 12", m, dir, len(sq), lo, hi)
			}
		}
	}
	// North from intersection (0, 0): the column x = 0, just right of the origin.
	if !sameSquares(mustSquares(t, Area{Shape: Line, Size: 60, Dir: North}), columnSquares(0, -12, -1)) {
		t.Error("template north is not column 0, rows −12…−1")
	}
	if !sameSquares(mustSquares(t, Area{Shape: Line, Size: 60, Dir: North, Mirror: true}), columnSquares(-1, -12, -1)) {
		t.Error("mirrored template north is not column −1")
	}
	for _, tc := range []struct {
		m    Method
		dir  float64
		want int
	}{{Template, NorthEast, 27}, {Template, SouthWest, 27}, {Half, NorthEast, 8}, {Half, NorthWest, 8}} {
		if n := len(mustSquares(t, Area{Shape: Line, Method: tc.m, Size: 60, Dir: tc.dir})); n != tc.want {
			t.Errorf("%s %v°: %d squares, want %d", tc.m, tc.dir, n, tc.want)
		}
	}
	// Half, north-east: exactly the diagonal squares (i, −1−i), i = 0…7.
	var diag []Square
	for i := 0; i <= 7; i++ {
		diag = append(diag, Square{i, -1 - i})
	}
	if got := mustSquares(t, Area{Shape: Line, Method: Half, Size: 60, Dir: NorthEast}); !sameSquares(got, diag) {
		t.Errorf("half north-east: %v, want %v", got, diag)
	}
}

func columnSquares(x, y0, y1 int) []Square {
	var out []Square
	for y := y0; y <= y1; y++ {
		out = append(out, Square{x, y})
	}
	return out
}

// TestWideLines: widths other than 5 ft.
func TestWideLines(t *testing.T) {
	tests := []struct {
		name string
		a    Area
		box  [4]int
		want string
	}{
		{"token 10-ft-wide east", Area{Shape: Line, Method: Token, Size: 20, Width: 10, Dir: East}, [4]int{0, -1, 4, 2}, rows(
			".....",
			".####",
			".####",
			".....",
		)},
		{"token 15-ft-wide north", Area{Shape: Line, Method: Token, Size: 15, Width: 15, Dir: North}, [4]int{-2, -3, 2, 0}, rows(
			".###.",
			".###.",
			".###.",
			".....",
		)},
		{"token 10-ft-wide south-east", Area{Shape: Line, Method: Token, Size: 15, Width: 10, Dir: SouthEast}, [4]int{0, 0, 3, 4}, rows(
			"....",
			".#..",
			".##.",
			"..##",
			"...#",
		)},
		{"token 15-ft-wide north-east", Area{Shape: Line, Method: Token, Size: 10, Width: 15, Dir: NorthEast}, [4]int{0, -3, 3, 0}, rows(
			"..#.",
			".###",
			".##.",
			"....",
		)},
		{"template 10-ft-wide west", Area{Shape: Line, Method: Template, Size: 15, Width: 10, Dir: West}, [4]int{-4, -2, 0, 1}, rows(
			".....",
			".###.",
			".###.",
			".....",
		)},
		{"half 15-ft-wide south", Area{Shape: Line, Method: Half, Size: 10, Width: 15, Dir: South}, [4]int{-3, -1, 3, 2}, rows(
			".......",
			".###...",
			".###...",
			".......",
		)},
	}
	for _, tc := range tests {
		if got := picture(t, tc.a, tc.box[0], tc.box[1], tc.box[2], tc.box[3]); got != tc.want {
			t.Errorf("%s:\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
}

// TestCubes: cubes are grid-aligned Size/5 × Size/5 blocks.
func TestCubes(t *testing.T) {
	block := func(x0, y0, n int) []Square {
		var out []Square
		for y := y0; y < y0+n; y++ {
			for x := x0; x < x0+n; x++ {
				out = append(out, Square{x, y})
			}
		}
		return out
	}
	tests := []struct {
		name string
		a    Area
		want []Square
	}{
		{"template 10 n", Area{Shape: Cube, Method: Template, Size: 10, Dir: North}, block(-1, -2, 2)},
		{"template 15 n", Area{Shape: Cube, Method: Template, Size: 15, Dir: North}, block(-1, -3, 3)},
		{"template 15 n mirrored", Area{Shape: Cube, Method: Template, Size: 15, Dir: North, Mirror: true}, block(-2, -3, 3)},
		{"template 15 e", Area{Shape: Cube, Method: Template, Size: 15, Dir: East}, block(0, -1, 3)},
		{"template 15 ne", Area{Shape: Cube, Method: Template, Size: 15, Dir: NorthEast}, block(0, -3, 3)},
		{"template 20 sw", Area{Shape: Cube, Method: Template, Size: 20, Dir: SouthWest}, block(-4, 0, 4)},
		{"half 20 s", Area{Shape: Cube, Method: Half, Size: 20, Dir: South}, block(-2, 0, 4)},
		{"half 5 w", Area{Shape: Cube, Method: Half, Size: 5, Dir: West}, block(-1, -1, 1)},
		{"token 15 n", Area{Shape: Cube, Method: Token, Size: 15, Dir: North}, block(-1, -3, 3)},
		{"token 10 e", Area{Shape: Cube, Method: Token, Size: 10, Dir: East}, block(1, 0, 2)},
		{"token 10 e mirrored", Area{Shape: Cube, Method: Token, Size: 10, Dir: East, Mirror: true}, block(1, -1, 2)},
		{"token 15 nw", Area{Shape: Cube, Method: Token, Size: 15, Dir: NorthWest}, block(-3, -3, 3)},
		{"token 5 s with origin", Area{Shape: Cube, Method: Token, Size: 5, Dir: South, IncludeOrigin: true}, []Square{{0, 0}, {0, 1}}},
	}
	for _, tc := range tests {
		if got := mustSquares(t, tc.a); !sameSquares(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestEdgesDoNotCount: squares that only touch a template's edge or corner are
// not affected (B11, template method).
func TestEdgesDoNotCount(t *testing.T) {
	tests := []struct {
		a    Area
		in   []Square
		out  []Square
		desc string
	}{
		{Area{Shape: Sphere, Size: 5}, []Square{{0, 0}, {-1, -1}}, []Square{{1, 0}, {1, -1}, {-2, 0}, {0, 1}, {0, -2}, {1, 1}}, "5-ft sphere"},
		{Area{Shape: Cube, Size: 10, Dir: NorthEast}, []Square{{0, -1}, {1, -2}}, []Square{{2, -1}, {-1, -1}, {0, 0}, {0, -3}, {2, -3}, {-1, 0}}, "10-ft cube"},
		{Area{Shape: Cone, Size: 15, Dir: North}, []Square{{-1, -1}, {0, -1}}, []Square{{-1, 0}, {0, 0}, {1, -1}, {-2, -2}, {1, -2}, {0, -4}}, "15-ft cone"},
		{Area{Shape: Line, Size: 10, Dir: East}, []Square{{0, 0}, {1, 0}}, []Square{{0, -1}, {0, 1}, {2, 0}, {-1, 0}}, "10-ft line"},
	}
	for _, tc := range tests {
		for _, s := range tc.in {
			if !Contains(tc.a, s.X, s.Y) {
				t.Errorf("%s: %v should be inside", tc.desc, s)
			}
		}
		for _, s := range tc.out {
			if Contains(tc.a, s.X, s.Y) {
				t.Errorf("%s: %v only touches the edge", tc.desc, s)
			}
		}
	}
}

// TestRotation: turning a compass area by 90° clockwise turns its footprint,
// about the origin intersection (template, half) or origin square (token).
func TestRotation(t *testing.T) {
	o := Square{2, -1}
	for _, m := range Methods() {
		for _, shape := range Shapes() {
			for _, size := range []int{5, 15, 20, 35} {
				for _, mirror := range []bool{false, true} {
					for k := 0; k < 8; k++ {
						a := Area{Shape: shape, Method: m, Size: size, Origin: o, Dir: float64(45 * k), Mirror: mirror}
						if shape == Line {
							a.Width = 5 * (1 + size%3)
						}
						b := a
						b.Dir = float64(45 * ((k + 2) % 8))
						var want []Square
						for _, s := range mustSquares(t, a) {
							u, v := s.X-o.X, s.Y-o.Y
							if m == Token && shape != Sphere && shape != Cylinder {
								want = append(want, Square{o.X - v, o.Y + u})
							} else {
								want = append(want, Square{o.X - v - 1, o.Y + u})
							}
						}
						if got := mustSquares(t, b); !sameSquares(got, want) {
							t.Errorf("%+v turned 90° is not %+v", a, b)
						}
					}
				}
			}
		}
	}
	// Any angle: a template cone at 30° turned by 90° is the cone at 120°.
	for _, m := range []Method{Template, Half} {
		for _, shape := range []Shape{Cone, Line} {
			a := Area{Shape: shape, Method: m, Size: 40, Width: 10, Dir: 30}
			if shape == Cone {
				a.Width = 0
			}
			b := a
			b.Dir = 120
			var want []Square
			for _, s := range mustSquares(t, a) {
				want = append(want, Square{-s.Y - 1, s.X})
			}
			if got := mustSquares(t, b); !sameSquares(got, want) {
				t.Errorf("%s %s at 30° turned 90° is not the one at 120°", m, shape)
			}
		}
	}
}

// TestMirror: Mirror reflects north-pointing areas about the origin's vertical line.
func TestMirror(t *testing.T) {
	for _, m := range Methods() {
		for _, shape := range []Shape{Cone, Line, Cube} {
			for _, size := range []int{5, 10, 15, 30} {
				a := Area{Shape: shape, Method: m, Size: size, Dir: North}
				if shape == Line {
					a.Width = size
				}
				b := a
				b.Mirror = true
				var want []Square
				for _, s := range mustSquares(t, a) {
					if m == Token {
						want = append(want, Square{-s.X, s.Y})
					} else {
						want = append(want, Square{-1 - s.X, s.Y})
					}
				}
				if got := mustSquares(t, b); !sameSquares(got, want) {
					t.Errorf("%s %s %d: mirrored %v, want %v", m, shape, size, got, want)
				}
			}
		}
	}
	// An angled cone reflected: 30° mirrors 330°.
	a := mustSquares(t, Area{Shape: Cone, Size: 45, Dir: 30})
	var want []Square
	for _, s := range a {
		want = append(want, Square{-1 - s.X, s.Y})
	}
	if got := mustSquares(t, Area{Shape: Cone, Size: 45, Dir: -30}); !sameSquares(got, want) {
		t.Errorf("cone at −30° is not the mirror image of 30°")
	}
}

// TestAngles: equivalent bearings give the same footprint; multiples of 90°
// behave exactly like the compass names.
func TestAngles(t *testing.T) {
	tests := []struct {
		a, b  float64
		shape Shape
		m     Method
	}{
		{0, 360, Cone, Template}, {0, -360, Line, Half}, {-90, West, Cone, Token}, {450, East, Line, Template},
		{-45, NorthWest, Cube, Template}, {720 - 0.5, 359.5, Cone, Template}, {180, South, Line, Half},
	}
	for _, tc := range tests {
		x := Area{Shape: tc.shape, Method: tc.m, Size: 25, Dir: tc.a}
		y := x
		y.Dir = tc.b
		if !sameSquares(mustSquares(t, x), mustSquares(t, y)) {
			t.Errorf("%s %s: %v° and %v° differ", tc.m, tc.shape, tc.a, tc.b)
		}
	}
	// A slightly turned template line straddles two columns; exactly north does not.
	if n := len(mustSquares(t, Area{Shape: Line, Size: 60, Dir: 0.5})); n <= 12 {
		t.Errorf("line at 0.5°: %d squares, want more than 12", n)
	}
	f, err := Compile(Area{Shape: Cone, Size: 10, Dir: -30})
	if err != nil || f.Area().Dir != 330 {
		t.Errorf("Dir −30 normalised to %v (%v), want 330", f.Area().Dir, err)
	}
}

// TestOriginFollows: moving the origin moves the footprint.
func TestOriginFollows(t *testing.T) {
	for _, m := range Methods() {
		for _, shape := range Shapes() {
			a := Area{Shape: shape, Method: m, Size: 20, Dir: SouthEast}
			b := a
			b.Origin = Square{-7, 11}
			var want []Square
			for _, s := range mustSquares(t, a) {
				want = append(want, Square{s.X - 7, s.Y + 11})
			}
			if !sameSquares(mustSquares(t, b), want) {
				t.Errorf("%s %s does not follow its origin", m, shape)
			}
		}
	}
}

// TestContains checks combatants' squares and agrees with Squares everywhere.
func TestContains(t *testing.T) {
	fireball := Area{Shape: Sphere, Size: 20, Origin: Square{10, 10}}
	checks := []struct {
		x, y int
		want bool
	}{
		{10, 10, true}, {9, 9, true}, {6, 10, true}, {13, 9, true}, {5, 10, false}, {14, 10, false},
		{6, 6, false}, {7, 6, true}, {6, 7, true}, {13, 6, false}, {12, 13, true}, {10, 13, true}, {10, 14, false},
	}
	for _, c := range checks {
		if got := Contains(fireball, c.x, c.y); got != c.want {
			t.Errorf("fireball contains (%d,%d) = %v, want %v", c.x, c.y, got, c.want)
		}
	}
	if Contains(Area{Shape: "blob", Size: 20}, 0, 0) {
		t.Error("an invalid area contains a square")
	}
	for _, m := range Methods() {
		for _, shape := range Shapes() {
			a := Area{Shape: shape, Method: m, Size: 25, Dir: 120, Origin: Square{1, 1}}
			if m == Token || shape == Cube {
				a.Dir = 135
			}
			f, err := Compile(a)
			if err != nil {
				t.Fatal(err)
			}
			in := set(f.Squares())
			for y := -10; y <= 12; y++ {
				for x := -10; x <= 12; x++ {
					if Contains(a, x, y) != in[Square{x, y}] || f.Has(x, y) != in[Square{x, y}] {
						t.Fatalf("%s %s: Contains(%d,%d) disagrees with Squares", m, shape, x, y)
					}
				}
			}
		}
	}
}

// TestSquaresOrder: rows top to bottom, left to right, no duplicates.
func TestSquaresOrder(t *testing.T) {
	sq := mustSquares(t, Area{Shape: Cone, Method: Half, Size: 60, Dir: 200})
	for i := 1; i < len(sq); i++ {
		p, q := sq[i-1], sq[i]
		if !(p.Y < q.Y || p.Y == q.Y && p.X < q.X) {
			t.Fatalf("%v before %v", p, q)
		}
	}
	if _, _, ok := Bounds(nil); ok {
		t.Error("Bounds(nil) reports squares")
	}
}

// TestMaxSizes: the largest areas are computed, and bounded.
func TestMaxSizes(t *testing.T) {
	n := 2 * MaxFeet / FeetPerSquare
	for _, tc := range []struct {
		a   Area
		max int
	}{
		{Area{Shape: Sphere, Method: Token, Size: MaxFeet, Origin: Square{MaxCoord, -MaxCoord}}, n * n},
		{Area{Shape: Line, Method: Half, Size: MaxFeet, Width: MaxFeet, Dir: 10}, n * n},
		{Area{Shape: Cone, Method: Template, Size: MaxFeet, Dir: 45}, n * n},
	} {
		sq := mustSquares(t, tc.a)
		if len(sq) == 0 || len(sq) > tc.max {
			t.Errorf("%+v: %d squares", tc.a, len(sq))
		}
	}
}

// TestValidate: bad areas give their codes and arguments, never a panic.
func TestValidate(t *testing.T) {
	ok := Area{Shape: Cone, Method: Token, Size: 30, Dir: North}
	with := func(f func(*Area)) Area { a := ok; f(&a); return a }
	tests := []struct {
		name string
		a    Area
		code string
		args map[string]any
	}{
		{"unknown shape", with(func(a *Area) { a.Shape = "blob" }), ErrBadShape, map[string]any{"Shape": "blob"}},
		{"empty shape", with(func(a *Area) { a.Shape = "" }), ErrBadShape, map[string]any{"Shape": ""}},
		{"upper-case shape", with(func(a *Area) { a.Shape = "CONE" }), ErrBadShape, map[string]any{"Shape": "CONE"}},
		{"unknown method", with(func(a *Area) { a.Method = "hex" }), ErrBadMethod, map[string]any{"Method": "hex"}},
		{"zero size", with(func(a *Area) { a.Size = 0 }), ErrBadSize, map[string]any{"Size": 0, "Max": MaxFeet}},
		{"odd size", with(func(a *Area) { a.Size = 12 }), ErrBadSize, map[string]any{"Size": 12, "Max": MaxFeet}},
		{"negative size", with(func(a *Area) { a.Size = -5 }), ErrBadSize, map[string]any{"Size": -5, "Max": MaxFeet}},
		{"huge size", with(func(a *Area) { a.Size = 1005 }), ErrBadSize, map[string]any{"Size": 1005, "Max": MaxFeet}},
		{"width on a cone", with(func(a *Area) { a.Width = 10 }), ErrWidthNotLine, nil},
		{"negative width", with(func(a *Area) { a.Shape, a.Width = Line, -5 }), ErrBadWidth, map[string]any{"Width": -5, "Max": MaxFeet}},
		{"odd width", with(func(a *Area) { a.Shape, a.Width = Line, 7 }), ErrBadWidth, map[string]any{"Width": 7, "Max": MaxFeet}},
		{"origin too far", with(func(a *Area) { a.Origin = Square{10001, 0} }), ErrOriginTooFar, map[string]any{"X": 10001, "Y": 0, "Max": MaxCoord}},
		{"NaN direction", with(func(a *Area) { a.Dir = math.NaN() }), ErrBadDirection, map[string]any{"Direction": "NaN"}},
		{"infinite direction", with(func(a *Area) { a.Dir = math.Inf(-1) }), ErrBadDirection, map[string]any{"Direction": "-Inf"}},
		{"angled token cone", with(func(a *Area) { a.Dir = 30 }), ErrCompassOnly, map[string]any{"Direction": "30"}},
		{"angled token line", with(func(a *Area) { a.Shape, a.Dir = Line, 22.5 }), ErrCompassOnly, map[string]any{"Direction": "22.5"}},
		{"angled template cube", with(func(a *Area) { a.Shape, a.Method, a.Dir = Cube, Template, -10 }), ErrCompassOnly, map[string]any{"Direction": "350"}},
	}
	for _, tc := range tests {
		err := tc.a.Validate()
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: %v, want *Error %s", tc.name, err, tc.code)
			continue
		}
		if e.Code != tc.code || fmt.Sprint(e.Args) != fmt.Sprint(tc.args) {
			t.Errorf("%s: %s %v, want %s %v", tc.name, e.Code, e.Args, tc.code, tc.args)
		}
		if !errors.Is(err, &Error{Code: tc.code}) {
			t.Errorf("%s: errors.Is fails", tc.name)
		}
		if _, err := Squares(tc.a); err == nil {
			t.Errorf("%s: Squares accepted it", tc.name)
		}
	}
	// Fine: NaN direction on a sphere (ignored), zero method (template), width 0 line.
	for _, a := range []Area{
		{Shape: Sphere, Size: 10, Dir: math.NaN()},
		{Shape: Line, Size: 10},
		{Shape: Cone, Method: Half, Size: 1000, Dir: 359.999},
		{Shape: Cube, Method: Token, Size: 5, Dir: -315, Origin: Square{-MaxCoord, MaxCoord}},
	} {
		if err := a.Validate(); err != nil {
			t.Errorf("%+v: %v", a, err)
		}
	}
}

// TestValidateFuzzTable runs a grid of sizes, widths, angles and origins
// through Squares: every failure is an *Error with a known code, nothing panics.
func TestValidateFuzzTable(t *testing.T) {
	codes := map[string]bool{}
	for _, c := range ErrorCodes() {
		codes[c] = true
	}
	sizes := []int{math.MinInt, -1000, -5, -1, 0, 1, 4, 5, 6, 10, 995, 1000, 1001, 1005, 5000, math.MaxInt}
	widths := []int{math.MinInt, -5, 0, 3, 5, 1005, math.MaxInt}
	dirs := []float64{math.NaN(), math.Inf(1), math.Inf(-1), -1e300, -721, -360, -45, -0.0001, 0, 1e-12, 44.999, 45, 90, 359.99999, 360, 1e300}
	origins := []Square{{math.MinInt, 0}, {0, MaxCoord + 1}, {MaxCoord, -MaxCoord}}
	for _, shape := range append(Shapes(), "", "hexagon") {
		for _, m := range append(Methods(), "", "grid") {
			for _, size := range sizes {
				for _, w := range widths {
					for _, d := range dirs {
						for _, o := range origins {
							a := Area{Shape: shape, Method: m, Size: size, Width: w, Dir: d, Origin: o}
							err := a.Validate()
							if err == nil {
								// Small valid areas are never empty, except the half-rule 5-ft
								// cone (half a square in all, never half of any one square).
								tiny := a.Method == Half && a.Shape == Cone && size == 5
								if size <= 10 && !tiny && len(mustSquares(t, a)) == 0 {
									t.Fatalf("%+v: valid but empty", a)
								}
								continue
							}
							if _, err2 := Squares(a); err2 == nil || err2.Error() != err.Error() {
								t.Fatalf("%+v: Validate says %v, Squares %v", a, err, err2)
							}
							var e *Error
							if !errors.As(err, &e) || !codes[e.Code] {
								t.Fatalf("%+v: %v", a, err)
							}
						}
					}
				}
			}
		}
	}
}

// TestKeys: every shape, method and compass direction has a catalog key.
func TestKeys(t *testing.T) {
	for _, s := range Shapes() {
		if s.Key() != "area.shape."+string(s) {
			t.Errorf("%s: key %q", s, s.Key())
		}
	}
	for _, m := range Methods() {
		if m.Key() != "area.method."+string(m) {
			t.Errorf("%s: key %q", m, m.Key())
		}
	}
	if Shape("x").Key() != "" || Method("x").Key() != "" {
		t.Error("unknown ids have keys")
	}
	for _, tc := range []struct {
		deg  float64
		key  string
		isOK bool
	}{{0, "area.dir.n", true}, {45, "area.dir.ne", true}, {-45, "area.dir.nw", true}, {720, "area.dir.n", true},
		{270, "area.dir.w", true}, {30, "", false}, {math.NaN(), "", false}, {math.Inf(1), "", false}} {
		if k, ok := DirKey(tc.deg); k != tc.key || ok != tc.isOK {
			t.Errorf("DirKey(%v) = %q, %v", tc.deg, k, ok)
		}
	}
	if got := strings.Join(CompassNames(), " "); got != "n ne e se s sw w nw" {
		t.Errorf("CompassNames = %s", got)
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
