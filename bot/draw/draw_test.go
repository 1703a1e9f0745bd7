package draw

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"

	"rulekeeper/rules/area"
)

// decode renders g to PNG bytes and reads them back, as a Discord client would.
func decode(t *testing.T, g GridPicture) image.Image {
	t.Helper()
	var buf bytes.Buffer
	if err := Grid(&buf, g); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func same(a color.Color, b color.RGBA) bool {
	r, g, bl, al := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	return r == r2 && g == g2 && bl == b2 && al == a2
}

func points(sq []area.Square) []image.Point {
	out := make([]image.Point, len(sq))
	for i, s := range sq {
		out[i] = image.Point{s.X, s.Y}
	}
	return out
}

func squares(t *testing.T, a area.Area) []image.Point {
	t.Helper()
	sq, err := area.Squares(a)
	if err != nil {
		t.Fatal(err)
	}
	return points(sq)
}

type probe struct {
	name string
	at   image.Point
	want color.RGBA
}

func check(t *testing.T, img image.Image, probes []probe) {
	t.Helper()
	for _, p := range probes {
		if got := img.At(p.at.X, p.at.Y); !same(got, p.want) {
			t.Errorf("%s at %v: %v, want %v", p.name, p.at, got, p.want)
		}
	}
}

// A fireball on intersection 10,10 (template): 60 squares, cells 6…13, with
// two combatants, one inside and one outside.
func TestFireballPicture(t *testing.T) {
	g := GridPicture{
		Affected:     squares(t, area.Area{Shape: area.Sphere, Size: 20, Origin: area.Square{X: 10, Y: 10}}),
		Origin:       image.Point{10, 10},
		OriginCorner: true,
		Combatants:   []Combatant{{At: image.Point{8, 9}, Label: 1}, {At: image.Point{15, 10}, Label: 12}},
	}
	view := View(g)
	if want := image.Rect(5, 5, 17, 15); view != want { // cells 6…13 and 15 plus one of padding
		t.Fatalf("view %v, want %v", view, want)
	}
	img := decode(t, g)
	if got, want := img.Bounds().Size(), Size(view); got != want {
		t.Fatalf("size %v, want %v", got, want)
	}
	if want := (image.Point{LeftPx + 12*CellPx + 1 + EdgePx, TopPx + 10*CellPx + 1 + EdgePx}); Size(view) != want {
		t.Fatalf("Size = %v, want %v", Size(view), want)
	}
	mid := func(p image.Point) image.Point { return CellOrigin(view, p).Add(image.Point{CellPx / 2, CellPx / 2}) }
	in := func(p image.Point, dx, dy int) image.Point { return CellOrigin(view, p).Add(image.Point{dx, dy}) }
	o := CellOrigin(view, image.Point{10, 10})
	if want := (image.Point{LeftPx + 5*CellPx, TopPx + 5*CellPx}); o != want {
		t.Fatalf("CellOrigin(10,10) = %v, want %v", o, want)
	}
	check(t, img, []probe{
		{"affected cell 12,12", mid(image.Point{12, 12}), AffectedColor},
		{"affected corner cell 7,6", in(image.Point{7, 6}, 1, 1), AffectedColor},
		{"affected cell 13,9, last interior pixel", in(image.Point{13, 9}, CellPx-1, CellPx-1), AffectedColor},
		{"unaffected corner cell 6,6", mid(image.Point{6, 6}), Background},
		{"unaffected cell 14,10 beyond the rim", mid(image.Point{14, 10}), Background},
		{"padding cell 5,5", mid(image.Point{5, 5}), Background},
		{"grid line left of 12,12", in(image.Point{12, 12}, 0, 5), GridColor},
		{"grid line above 6,6", in(image.Point{6, 6}, 5, 0), GridColor},
		{"closing grid line", image.Point{LeftPx + 12*CellPx, TopPx + 3}, GridColor},
		{"right margin", image.Point{LeftPx + 12*CellPx + 2, TopPx + 3}, Background},
		{"origin at the intersection", o, OriginColor},
		{"origin marker corner", o.Add(image.Point{-OriginPx / 2, OriginPx / 2}), OriginColor},
		{"just outside the origin marker", o.Add(image.Point{OriginPx/2 + 1, 0}), GridColor},
		{"just outside the origin marker, in 10,10", o.Add(image.Point{OriginPx/2 + 1, OriginPx/2 + 1}), AffectedColor},
		{"combatant 1 (inside) disc", mid(image.Point{8, 9}).Add(image.Point{0, -TokenRadiusPx + 1}), InsideColor},
		{"combatant 1 disc edge", mid(image.Point{8, 9}).Add(image.Point{TokenRadiusPx, 0}), InsideColor},
		{"past combatant 1 disc", mid(image.Point{8, 9}).Add(image.Point{TokenRadiusPx + 1, 0}), AffectedColor},
		// "1" at scale 2 is 6×10 px centred: its top-middle pixel is lit, its top-left is not.
		{"combatant 1 label stroke", mid(image.Point{8, 9}).Add(image.Point{-1, -5}), LabelColor},
		{"combatant 1 label gap", mid(image.Point{8, 9}).Add(image.Point{-3, -5}), InsideColor},
		{"combatant 12 (outside) disc", mid(image.Point{15, 10}).Add(image.Point{0, -TokenRadiusPx + 1}), OutsideColor},
		{"combatant 12 label, top of 1", mid(image.Point{15, 10}).Add(image.Point{-7 + 2, -5}), LabelColor},
		{"column number in the top margin", image.Point{0, 0}, Background},
	})
	// Row and column numbers are drawn in AxisColor somewhere in the margins.
	var axis bool
	for x := LeftPx; x < LeftPx+CellPx; x++ {
		for y := 0; y < TopPx; y++ {
			axis = axis || same(img.At(x, y), AxisColor)
		}
	}
	if !axis {
		t.Error("no column number above the first column")
	}
}

// A token cone from the caster's square: the origin is a cell frame, and the
// caster standing on it is drawn over it.
func TestTokenConePicture(t *testing.T) {
	g := GridPicture{
		Affected:   squares(t, area.Area{Shape: area.Cone, Method: area.Token, Size: 15, Dir: area.East}),
		Origin:     image.Point{0, 0},
		Combatants: []Combatant{{At: image.Point{0, 0}, Label: 7}, {At: image.Point{3, -1}, Label: 100}},
	}
	view := View(g)
	if want := image.Rect(-1, -2, 5, 3); view != want {
		t.Fatalf("view %v, want %v", view, want)
	}
	img := decode(t, g)
	in := func(p image.Point, dx, dy int) image.Point { return CellOrigin(view, p).Add(image.Point{dx, dy}) }
	check(t, img, []probe{
		{"frame, top-left", in(image.Point{0, 0}, 1, 1), OriginColor},
		{"frame, inner pixel", in(image.Point{0, 0}, FramePx, FramePx), OriginColor},
		{"inside the frame", in(image.Point{0, 0}, FramePx+1, FramePx+1), Background},
		{"frame, bottom-right", in(image.Point{0, 0}, CellPx-1, CellPx-1), OriginColor},
		{"caster on the origin", in(image.Point{0, 0}, CellPx/2, 3), OutsideColor},
		{"row 1", in(image.Point{1, 0}, 3, 3), AffectedColor},
		{"row 2, extra to the right (south)", in(image.Point{2, 1}, 3, 3), AffectedColor},
		{"not in row 2", in(image.Point{2, -1}, 3, 3), Background},
		{"row 3", in(image.Point{3, -1}, 3, 3), AffectedColor},
		{"combatant 100 in row 3", in(image.Point{3, -1}, CellPx/2, CellPx/2-TokenRadiusPx+1), InsideColor},
		// "100" at scale 1 is 11×5 px centred; the "1" top-middle pixel is lit.
		{"combatant 100 label", in(image.Point{3, -1}, CellPx/2-5+1, CellPx/2-2), LabelColor},
	})
}

// TestViewIsCapped: a 1,000-ft sphere is drawn as a MaxCells window around its centre.
func TestViewIsCapped(t *testing.T) {
	g := GridPicture{
		Affected:     squares(t, area.Area{Shape: area.Sphere, Method: area.Token, Size: 1000}),
		OriginCorner: true,
		Combatants:   []Combatant{{At: image.Point{500, 500}, Label: 1}, {At: image.Point{1 << 40, 0}, Label: 2}},
	}
	view := View(g)
	if view.Dx() != MaxCells || view.Dy() != MaxCells || !image.Pt(0, 0).In(view) || !image.Pt(-1, -1).In(view) {
		t.Fatalf("view %v", view)
	}
	img := decode(t, g)
	if img.Bounds().Dx() != LeftPx+MaxCells*CellPx+1+EdgePx || img.Bounds().Dy() != TopPx+MaxCells*CellPx+1+EdgePx {
		t.Fatalf("image %v", img.Bounds())
	}
	check(t, img, []probe{{"origin", CellOrigin(view, image.Point{}), OriginColor}})

	// A far combatant widens the view only up to MaxCells, keeping the area in it.
	g = GridPicture{
		Affected:     squares(t, area.Area{Shape: area.Sphere, Size: 10}),
		OriginCorner: true,
		Combatants:   []Combatant{{At: image.Point{-300, 2}, Label: 1}},
	}
	view = View(g)
	if view.Dx() != MaxCells || view.Dy() != 7 || view.Max.X != 3 {
		t.Errorf("view %v, want 64 wide ending at x = 2 (inclusive)", view)
	}
}

// TestEmptyPicture: no area, no combatants: a 3×3 grid around the token origin.
func TestEmptyPicture(t *testing.T) {
	g := GridPicture{Origin: image.Point{-4, 9}}
	if view := View(g); view != image.Rect(-5, 8, -2, 11) {
		t.Errorf("view %v", view)
	}
	img := decode(t, g)
	check(t, img, []probe{{"frame", CellOrigin(View(g), image.Point{-4, 9}).Add(image.Point{1, 1}), OriginColor}})
}

func TestDeterministic(t *testing.T) {
	g := GridPicture{
		Affected:   squares(t, area.Area{Shape: area.Line, Method: area.Half, Size: 60, Dir: 30}),
		Combatants: []Combatant{{At: image.Point{2, -4}, Label: 3}, {At: image.Point{-1, 1}}},
	}
	var a, b bytes.Buffer
	if err := Grid(&a, g); err != nil {
		t.Fatal(err)
	}
	if err := Grid(&b, g); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two renders differ")
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errFail }

var errFail = &failErr{}

type failErr struct{}

func (*failErr) Error() string { return "write failed" }

func TestWriteError(t *testing.T) {
	if err := Grid(failWriter{}, GridPicture{}); err == nil {
		t.Error("a failing writer gave no error")
	}
}

func TestGlyphs(t *testing.T) {
	if textWidth("", 2) != 0 || textWidth("7", 2) != 6 || textWidth("12", 2) != 14 || textWidth("-10000", 1) != 23 {
		t.Error("textWidth")
	}
	if textWidth("-10000", 1) > CellPx || textWidth("-10000", 1) > LeftPx-3 {
		t.Error("the widest coordinate does not fit a cell or the left margin")
	}
	for _, r := range "0123456789-" {
		if _, ok := glyphs[r]; !ok {
			t.Errorf("no glyph for %q", r)
		}
	}
}

func BenchmarkGrid(b *testing.B) {
	sq, _ := area.Squares(area.Area{Shape: area.Sphere, Method: area.Half, Size: 150})
	g := GridPicture{Affected: points(sq), OriginCorner: true}
	for b.Loop() {
		var buf bytes.Buffer
		if err := Grid(&buf, g); err != nil {
			b.Fatal(err)
		}
	}
}
