// Package draw renders a battle grid with an area of effect as a PNG, using
// only the standard library. It knows nothing of the rules: the caller passes
// the affected squares (from rules/area), the origin and the combatants.
//
// Coordinates are those of rules/area: one cell is one 5-ft square, x grows to
// the right and y downward, and the intersection (x, y) is the top-left corner
// of cell (x, y).
//
// Pixel geometry. The picture shows View(g), a box of at most MaxCells ×
// MaxCells cells. Cell p's top-left grid-line pixel is CellOrigin(view, p) =
// (LeftPx + (p.X−view.Min.X)·CellPx, TopPx + (p.Y−view.Min.Y)·CellPx); grid
// lines are 1 px on the first row and column of each cell, plus a closing line
// on the right and bottom, so a cell's interior is the CellPx−1 square starting
// one pixel in. The image is LeftPx + cols·CellPx + 1 + EdgePx wide and
// TopPx + rows·CellPx + 1 + EdgePx high. Column numbers sit in the top margin,
// row numbers in the left one (3×5 digits).
//
// What is drawn, bottom to top: Background; affected cell interiors in
// AffectedColor; GridColor lines; the origin in OriginColor, as an OriginPx
// square centred on the intersection pixel (a point origin: template and half
// methods) or as a FramePx-thick frame inside the cell (a square origin: token
// method); each combatant as a disc of radius TokenRadiusPx centred on the
// cell's centre pixel (CellOrigin + CellPx/2), InsideColor if its cell is
// affected and OutsideColor if not, with its number (1–999) in LabelColor.
package draw

import (
	"image"
	"image/color"
	"image/png"
	"io"
	"strconv"
)

// Pixel geometry.
const (
	CellPx        = 24 // one 5-ft square, including its top and left grid line
	LeftPx        = 28 // left margin, holding the row numbers
	TopPx         = 12 // top margin, holding the column numbers
	EdgePx        = 4  // right and bottom margins, after the closing grid line
	MaxCells      = 64 // the view is at most MaxCells × MaxCells cells
	PadCells      = 1  // empty cells shown around everything drawn
	OriginPx      = 7  // side of the point-origin marker, centred on the intersection
	FramePx       = 2  // thickness of the square-origin frame, inside the grid line
	TokenRadiusPx = 10 // combatant disc radius; its centre is CellOrigin + (CellPx/2, CellPx/2)
	MaxCoord      = 1 << 24
)

// Colours.
var (
	Background    = color.RGBA{255, 255, 255, 255} // empty cells and margins
	GridColor     = color.RGBA{190, 190, 190, 255} // grid lines
	AffectedColor = color.RGBA{255, 170, 90, 255}  // affected cells
	OriginColor   = color.RGBA{120, 0, 160, 255}   // the point of origin
	InsideColor   = color.RGBA{200, 30, 30, 255}   // a combatant in an affected cell
	OutsideColor  = color.RGBA{30, 90, 200, 255}   // a combatant elsewhere
	LabelColor    = color.RGBA{255, 255, 254, 255} // combatant numbers (off-white, so it has its own palette entry)
	AxisColor     = color.RGBA{80, 80, 80, 255}    // column and row numbers
)

// Palette indexes.
const (
	iBackground uint8 = iota
	iGrid
	iAffected
	iOrigin
	iInside
	iOutside
	iLabel
	iAxis
)

func palette() color.Palette {
	return color.Palette{Background, GridColor, AffectedColor, OriginColor, InsideColor, OutsideColor, LabelColor, AxisColor}
}

// GridPicture is what to draw. Points farther than MaxCoord from 0 are ignored.
type GridPicture struct {
	Affected []image.Point // affected cells
	Origin   image.Point
	// OriginCorner: true draws the origin as the intersection at the top-left
	// corner of cell Origin (template and half methods); false draws the cell
	// Origin (token method).
	OriginCorner bool
	Combatants   []Combatant
}

// Combatant is a creature on the grid. It is drawn as inside the area if its
// cell is in Affected.
type Combatant struct {
	At    image.Point
	Label int // 1–999 is drawn in the disc; anything else draws no number
}

func usable(p image.Point) bool {
	return p.X >= -MaxCoord && p.X <= MaxCoord && p.Y >= -MaxCoord && p.Y <= MaxCoord
}

// box grows an inclusive cell box.
type box struct {
	lo, hi image.Point
	ok     bool
}

func (b *box) add(p image.Point) {
	if !usable(p) {
		return
	}
	if !b.ok {
		b.lo, b.hi, b.ok = p, p, true
		return
	}
	b.lo.X, b.lo.Y = min(b.lo.X, p.X), min(b.lo.Y, p.Y)
	b.hi.X, b.hi.Y = max(b.hi.X, p.X), max(b.hi.Y, p.Y)
}

// View returns the cells the picture shows (Min inclusive, Max exclusive):
// everything drawn plus PadCells around it, or, when that is more than
// MaxCells across, a MaxCells window centred on the area and its origin,
// slid to show as much of the rest as fits.
func View(g GridPicture) image.Rectangle {
	var focus box
	for _, p := range g.Affected {
		focus.add(p)
	}
	origin := g.Origin
	if !usable(origin) {
		origin = image.Point{}
	}
	focus.add(origin)
	if g.OriginCorner {
		focus.add(origin.Sub(image.Point{1, 1})) // the four cells around the intersection
	}
	all := focus
	for _, c := range g.Combatants {
		all.add(c.At)
	}
	pad := image.Point{PadCells, PadCells}
	all.lo, all.hi = all.lo.Sub(pad), all.hi.Add(pad)
	focus.lo, focus.hi = focus.lo.Sub(pad), focus.hi.Add(pad)
	x0, x1 := window(all.lo.X, all.hi.X, focus.lo.X, focus.hi.X)
	y0, y1 := window(all.lo.Y, all.hi.Y, focus.lo.Y, focus.hi.Y)
	return image.Rect(x0, y0, x1+1, y1+1)
}

// window picks at most MaxCells of lo…hi (inclusive) on one axis, centred on
// flo…fhi when everything does not fit.
func window(lo, hi, flo, fhi int) (int, int) {
	if hi-lo+1 <= MaxCells {
		return lo, hi
	}
	start := (flo+fhi+1)/2 - MaxCells/2
	if (flo+fhi+1)%2 < 0 { // floor division for negative sums
		start--
	}
	start = min(max(start, lo), hi-MaxCells+1)
	return start, start + MaxCells - 1
}

// CellOrigin is the pixel of cell p's top-left grid-line corner, which is
// also where the intersection p is drawn.
func CellOrigin(view image.Rectangle, p image.Point) image.Point {
	return image.Point{LeftPx + (p.X-view.Min.X)*CellPx, TopPx + (p.Y-view.Min.Y)*CellPx}
}

// Size is the image size for a view.
func Size(view image.Rectangle) image.Point {
	return image.Point{LeftPx + view.Dx()*CellPx + 1 + EdgePx, TopPx + view.Dy()*CellPx + 1 + EdgePx}
}

// Render draws g.
func Render(g GridPicture) *image.Paletted {
	view := View(g)
	size := Size(view)
	img := image.NewPaletted(image.Rect(0, 0, size.X, size.Y), palette())

	affected := make(map[image.Point]bool, len(g.Affected))
	for _, p := range g.Affected {
		affected[p] = true
		if p.In(view) {
			o := CellOrigin(view, p)
			fill(img, o.X+1, o.Y+1, o.X+CellPx, o.Y+CellPx, iAffected)
		}
	}
	// Grid lines.
	gx0, gy0 := LeftPx, TopPx
	gx1, gy1 := LeftPx+view.Dx()*CellPx, TopPx+view.Dy()*CellPx
	for i := 0; i <= view.Dx(); i++ {
		fill(img, gx0+i*CellPx, gy0, gx0+i*CellPx+1, gy1+1, iGrid)
	}
	for j := 0; j <= view.Dy(); j++ {
		fill(img, gx0, gy0+j*CellPx, gx1+1, gy0+j*CellPx+1, iGrid)
	}
	// Column and row numbers.
	for i := 0; i < view.Dx(); i++ {
		s := strconv.Itoa(view.Min.X + i)
		w := textWidth(s, 1)
		text(img, s, gx0+i*CellPx+(CellPx+1-w)/2, TopPx-2-glyphH, 1, iAxis)
	}
	for j := 0; j < view.Dy(); j++ {
		s := strconv.Itoa(view.Min.Y + j)
		text(img, s, LeftPx-3-textWidth(s, 1), gy0+j*CellPx+(CellPx+1-glyphH)/2, 1, iAxis)
	}
	// The origin.
	if usable(g.Origin) {
		o := CellOrigin(view, g.Origin)
		if g.OriginCorner {
			if g.Origin.In(image.Rect(view.Min.X, view.Min.Y, view.Max.X+1, view.Max.Y+1)) {
				h := OriginPx / 2
				fill(img, o.X-h, o.Y-h, o.X+h+1, o.Y+h+1, iOrigin)
			}
		} else if g.Origin.In(view) {
			in0x, in0y, in1x, in1y := o.X+1, o.Y+1, o.X+CellPx, o.Y+CellPx
			fill(img, in0x, in0y, in1x, in0y+FramePx, iOrigin)
			fill(img, in0x, in1y-FramePx, in1x, in1y, iOrigin)
			fill(img, in0x, in0y, in0x+FramePx, in1y, iOrigin)
			fill(img, in1x-FramePx, in0y, in1x, in1y, iOrigin)
		}
	}
	// Combatants.
	for _, c := range g.Combatants {
		if !usable(c.At) || !c.At.In(view) {
			continue
		}
		o := CellOrigin(view, c.At)
		cx, cy := o.X+CellPx/2, o.Y+CellPx/2
		col := iOutside
		if affected[c.At] {
			col = iInside
		}
		disc(img, cx, cy, TokenRadiusPx, col)
		if c.Label >= 1 && c.Label <= 999 {
			s := strconv.Itoa(c.Label)
			scale := 2
			if len(s) == 3 {
				scale = 1
			}
			text(img, s, cx-textWidth(s, scale)/2, cy-glyphH*scale/2, scale, iLabel)
		}
	}
	return img
}

// Grid writes g as a PNG.
func Grid(w io.Writer, g GridPicture) error {
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	return enc.Encode(w, Render(g))
}

// fill paints [x0, x1) × [y0, y1), clipped to the image.
func fill(img *image.Paletted, x0, y0, x1, y1 int, c uint8) {
	r := image.Rect(x0, y0, x1, y1).Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetColorIndex(x, y, c)
		}
	}
}

// disc paints the pixels whose centres lie within r of (cx, cy).
func disc(img *image.Paletted, cx, cy, r int, c uint8) {
	for dy := -r; dy <= r; dy++ {
		for dx := -r; dx <= r; dx++ {
			if dx*dx+dy*dy <= r*r {
				img.SetColorIndex(cx+dx, cy+dy, c)
			}
		}
	}
}

// The 3×5 font: digits and '-'; each row is 3 bits, high bit on the left.
const glyphW, glyphH = 3, 5

var glyphs = map[rune][glyphH]uint8{
	'0': {7, 5, 5, 5, 7}, '1': {2, 6, 2, 2, 7}, '2': {7, 1, 7, 4, 7}, '3': {7, 1, 7, 1, 7},
	'4': {5, 5, 7, 1, 1}, '5': {7, 4, 7, 1, 7}, '6': {7, 4, 7, 5, 7}, '7': {7, 1, 1, 1, 1},
	'8': {7, 5, 7, 5, 7}, '9': {7, 5, 7, 1, 7}, '-': {0, 0, 7, 0, 0},
}

// textWidth is the pixel width of s at scale (glyphs 3 wide, 1 apart).
func textWidth(s string, scale int) int {
	if s == "" {
		return 0
	}
	return (len(s)*(glyphW+1) - 1) * scale
}

// text paints s with its top-left corner at (x, y).
func text(img *image.Paletted, s string, x, y, scale int, c uint8) {
	for _, r := range s {
		g := glyphs[r]
		for row := 0; row < glyphH; row++ {
			for col := 0; col < glyphW; col++ {
				if g[row]&(4>>col) != 0 {
					fill(img, x+col*scale, y+row*scale, x+(col+1)*scale, y+(row+1)*scale, c)
				}
			}
		}
		x += (glyphW + 1) * scale
	}
}
