package area

import (
	"math"
	"strconv"
)

// Shape is an SRD area-of-effect shape.
type Shape string

// The five SRD shapes. Size means the radius (sphere, cylinder), the side
// (cube) or the length (cone, line).
const (
	Sphere   Shape = "sphere"
	Cylinder Shape = "cylinder"
	Cube     Shape = "cube"
	Cone     Shape = "cone"
	Line     Shape = "line"
)

// Shapes lists every shape, in catalog order.
func Shapes() []Shape { return []Shape{Sphere, Cylinder, Cube, Cone, Line} }

// Key returns the shape's catalog key ("area.shape.cone"), or "" for an unknown shape.
func (s Shape) Key() string {
	switch s {
	case Sphere:
		return "area.shape.sphere"
	case Cylinder:
		return "area.shape.cylinder"
	case Cube:
		return "area.shape.cube"
	case Cone:
		return "area.shape.cone"
	case Line:
		return "area.shape.line"
	}
	return ""
}

// NeedsDirection reports whether the shape points somewhere (cone, line, cube).
// Spheres and cylinders ignore Area.Dir.
func (s Shape) NeedsDirection() bool { return s == Cube || s == Cone || s == Line }

// Method is how an area is laid on the grid (digest B11).
type Method string

// The three grid methods.
const (
	// Template: the origin is a grid intersection; a square is affected if any
	// part of it (positive area) is under the template. Squares that only
	// touch the template's edge are not affected.
	Template Method = "template"
	// Token: the origin is a square; every 5-ft square of the area is one token
	// placed in a square. Circles become squares with side = diameter.
	Token Method = "token"
	// Half: the DMG rule. The origin is a grid intersection; a square is
	// affected if at least half of it is covered.
	Half Method = "half"
)

// Methods lists every method, in catalog order.
func Methods() []Method { return []Method{Template, Token, Half} }

// Key returns the method's catalog key ("area.method.token"), or "" for an unknown method.
func (m Method) Key() string {
	switch m {
	case Template:
		return "area.method.template"
	case Token:
		return "area.method.token"
	case Half:
		return "area.method.half"
	}
	return ""
}

// Compass directions as bearings: degrees clockwise from north, north being
// up the picture (−y).
const (
	North     = 0.0
	NorthEast = 45.0
	East      = 90.0
	SouthEast = 135.0
	South     = 180.0
	SouthWest = 225.0
	West      = 270.0
	NorthWest = 315.0
)

// compass holds the eight directions in bearing order (index × 45°).
var compass = [8]struct{ name, key string }{
	{"n", "area.dir.n"}, {"ne", "area.dir.ne"}, {"e", "area.dir.e"}, {"se", "area.dir.se"},
	{"s", "area.dir.s"}, {"sw", "area.dir.sw"}, {"w", "area.dir.w"}, {"nw", "area.dir.nw"},
}

// CompassNames lists the eight direction names n ne e se s sw w nw (bearings 0, 45, … 315).
func CompassNames() []string {
	out := make([]string, len(compass))
	for i, c := range compass {
		out[i] = c.name
	}
	return out
}

// DirKey returns the catalog key of a compass bearing ("area.dir.ne" for 45)
// and true, or "" and false when deg (normalised to [0, 360)) is not a multiple of 45.
func DirKey(deg float64) (string, bool) {
	i, ok := compassIndex(deg)
	if !ok {
		return "", false
	}
	return compass[i].key, true
}

// compassIndex maps a bearing that is a multiple of 45° to 0…7.
func compassIndex(deg float64) (int, bool) {
	deg = normDeg(deg)
	if math.IsNaN(deg) || math.Mod(deg, 45) != 0 {
		return 0, false
	}
	return int(deg / 45), true
}

// normDeg maps a finite bearing into [0, 360).
func normDeg(deg float64) float64 {
	deg = math.Mod(deg, 360)
	if deg < 0 {
		deg += 360
	}
	if deg == 360 { // −tiny + 360 rounds up
		deg = 0
	}
	return deg
}

// Limits.
const (
	FeetPerSquare = 5     // one grid square is 5 ft
	MaxFeet       = 1000  // largest size or width, in feet
	MaxCoord      = 10000 // largest |x| or |y| of an origin
	DefaultWidth  = 5     // a line's width when Area.Width is 0
)

// Square is one 5-ft grid square. X grows to the right (east) and Y grows
// downward (south), as in the picture. Square (X, Y) covers the points
// [X, X+1] × [Y, Y+1] in square units; its top-left corner is the grid
// intersection (X, Y).
type Square struct{ X, Y int }

// Area is an area of effect on the grid. The zero Method is Template.
//
// Origin: with Template and Half it is the grid intersection (Origin.X, Origin.Y),
// which is the top-left (north-west) corner of square Origin. With Token it is
// the square Origin (the caster's token or a chosen square), except for spheres
// and cylinders, whose 2R×2R token square is centred on the intersection at the
// top-left corner of square Origin, so that all three methods centre a circle
// on the same point.
type Area struct {
	Shape  Shape
	Method Method
	Size   int    // feet: radius (sphere, cylinder), side (cube), length (cone, line)
	Width  int    // feet, lines only; 0 means DefaultWidth (5 ft)
	Origin Square // see the type's doc
	// Dir is the bearing in degrees clockwise from north (0 = n = up, 90 = e);
	// cones, lines and cubes only. Any finite angle suits template and half
	// cones and lines; cubes and every token area need a multiple of 45.
	Dir float64
	// Mirror moves the odd half-square (or the extra token) to the
	// counter-clockwise side where a shape cannot be centred on its axis:
	// odd-width orthogonal lines and cubes, even rows of orthogonal token
	// cones, and the extra runs of wide diagonal token lines. By default it
	// goes clockwise (to the right when facing Dir).
	Mirror bool
	// IncludeOrigin adds the origin square to token cones, lines and cubes
	// (the SRD lets the caster choose to include the point of origin). It
	// does nothing for other methods, whose origin is a point.
	IncludeOrigin bool
}

func validFeet(ft int) bool { return ft > 0 && ft <= MaxFeet && ft%FeetPerSquare == 0 }

func fmtDeg(deg float64) string { return strconv.FormatFloat(deg, 'f', -1, 64) }

// normalized checks a and returns it with defaults filled in and Dir in [0, 360).
func (a Area) normalized() (Area, error) {
	if a.Shape.Key() == "" {
		return a, newError(ErrBadShape, "Shape", string(a.Shape))
	}
	if a.Method == "" {
		a.Method = Template
	}
	if a.Method.Key() == "" {
		return a, newError(ErrBadMethod, "Method", string(a.Method))
	}
	if !validFeet(a.Size) {
		return a, newError(ErrBadSize, "Size", a.Size, "Max", MaxFeet)
	}
	if a.Shape != Line && a.Width != 0 {
		return a, newError(ErrWidthNotLine)
	}
	if a.Shape == Line {
		if a.Width == 0 {
			a.Width = DefaultWidth
		}
		if !validFeet(a.Width) {
			return a, newError(ErrBadWidth, "Width", a.Width, "Max", MaxFeet)
		}
	}
	if !inMap(a.Origin.X) || !inMap(a.Origin.Y) {
		return a, newError(ErrOriginTooFar, "X", a.Origin.X, "Y", a.Origin.Y, "Max", MaxCoord)
	}
	if !a.Shape.NeedsDirection() {
		a.Dir = 0
		return a, nil
	}
	if math.IsNaN(a.Dir) || math.IsInf(a.Dir, 0) {
		return a, newError(ErrBadDirection, "Direction", fmtDeg(a.Dir))
	}
	a.Dir = normDeg(a.Dir)
	if _, ok := compassIndex(a.Dir); !ok && (a.Method == Token || a.Shape == Cube) {
		return a, newError(ErrCompassOnly, "Direction", fmtDeg(a.Dir))
	}
	return a, nil
}

// Validate reports the first problem with a, or nil.
func (a Area) Validate() error {
	_, err := a.normalized()
	return err
}

// inMap reports whether a coordinate is within ±MaxCoord.
func inMap(c int) bool { return c >= -MaxCoord && c <= MaxCoord }

// Footprint is a checked area, ready to answer which squares it covers.
type Footprint struct {
	area                   Area
	minX, minY, maxX, maxY int // inclusive box holding every affected square
	has                    func(x, y int) bool
}

// Compile checks a and prepares its footprint. Use it when testing many squares.
func Compile(a Area) (*Footprint, error) {
	a, err := a.normalized()
	if err != nil {
		return nil, err
	}
	f := &Footprint{area: a}
	switch {
	case a.Method == Token:
		f.token()
	case a.Shape == Sphere || a.Shape == Cylinder:
		f.circle()
	default:
		f.polygon()
	}
	return f, nil
}

// Area returns the checked area (defaults filled in, Dir in [0, 360)).
func (f *Footprint) Area() Area { return f.area }

// Has reports whether square (x, y) is affected.
func (f *Footprint) Has(x, y int) bool {
	if x < f.minX || x > f.maxX || y < f.minY || y > f.maxY {
		return false
	}
	return f.has(x, y)
}

// Squares returns the affected squares, top row first, left to right in each row.
func (f *Footprint) Squares() []Square {
	var out []Square
	for y := f.minY; y <= f.maxY; y++ {
		for x := f.minX; x <= f.maxX; x++ {
			if f.has(x, y) {
				out = append(out, Square{x, y})
			}
		}
	}
	return out
}

// Squares returns the squares a affects (see Footprint.Squares); their count is len.
func Squares(a Area) ([]Square, error) {
	f, err := Compile(a)
	if err != nil {
		return nil, err
	}
	return f.Squares(), nil
}

// Contains reports whether square (x, y) — a combatant's square — is inside a.
// An invalid area contains nothing.
func Contains(a Area, x, y int) bool {
	f, err := Compile(a)
	if err != nil {
		return false
	}
	return f.Has(x, y)
}

// Bounds returns the smallest box (inclusive corners) holding squares, and
// false when there are none.
func Bounds(squares []Square) (lo, hi Square, ok bool) {
	if len(squares) == 0 {
		return Square{}, Square{}, false
	}
	lo, hi = squares[0], squares[0]
	for _, s := range squares[1:] {
		lo.X, lo.Y = min(lo.X, s.X), min(lo.Y, s.Y)
		hi.X, hi.Y = max(hi.X, s.X), max(hi.Y, s.Y)
	}
	return lo, hi, true
}

func (f *Footprint) setBox(minX, minY, maxX, maxY int) {
	f.minX, f.minY, f.maxX, f.maxY = minX, minY, maxX, maxY
}

// circle: sphere or cylinder centred on the intersection Origin (template, half).
func (f *Footprint) circle() {
	a := f.area
	r := a.Size / FeetPerSquare
	cx, cy := a.Origin.X, a.Origin.Y
	f.setBox(cx-r, cy-r, cx+r-1, cy+r-1)
	if a.Method == Half {
		rf := float64(r)
		f.has = func(x, y int) bool {
			x0, y0 := float64(x-cx), float64(y-cy)
			return discRectArea(rf, x0, y0, x0+1, y0+1) >= 0.5-eps
		}
		return
	}
	f.has = func(x, y int) bool {
		// Some part of the square lies strictly inside the circle iff its
		// closest point to the centre is nearer than r.
		px, py := clamp(cx, x, x+1)-cx, clamp(cy, y, y+1)-cy
		return px*px+py*py < r*r
	}
}

func clamp(v, lo, hi int) int { return min(max(v, lo), hi) }

// polygon: cone, line or cube laid as a flat template from the intersection
// Origin (template, half).
func (f *Footprint) polygon() {
	a := f.area
	o := vec{float64(a.Origin.X), float64(a.Origin.Y)}
	d := unit(a.Dir)
	r := right(d)
	length := float64(a.Size / FeetPerSquare)
	var p []vec
	switch a.Shape {
	case Cone:
		end := o.add(d.scale(length))
		p = []vec{o, end.add(r.scale(length / 2)), end.sub(r.scale(length / 2))}
	case Line:
		p = f.band(o, d, r, length, float64(a.Width/FeetPerSquare))
	case Cube:
		if _, diag := f.diagonal(); diag {
			// The origin is the cube's near corner; the cube fills that quadrant.
			far := vec{o.x + length*sign(d.x), o.y + length*sign(d.y)}
			p = []vec{o, {far.x, o.y}, far, {o.x, far.y}}
		} else {
			p = f.band(o, d, r, length, length)
		}
	}
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, v := range p {
		minX, minY = math.Min(minX, v.x), math.Min(minY, v.y)
		maxX, maxY = math.Max(maxX, v.x), math.Max(maxY, v.y)
	}
	f.setBox(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))-1, int(math.Ceil(maxY))-1)
	if a.Method == Half {
		f.has = func(x, y int) bool { return clipArea(p, x, y) >= 0.5-eps }
	} else {
		f.has = func(x, y int) bool { return clipArea(p, x, y) > eps }
	}
}

// band is a rectangle starting at o, length along d and width across it. The
// start edge is centred on o, except that an orthogonal band with an odd
// width (in squares) moves half a square to the right of d (left if Mirror),
// so that its edges lie on grid lines and it fills whole squares.
func (f *Footprint) band(o, d, r vec, length, width float64) []vec {
	c := o
	if _, diag := f.diagonal(); !diag && math.Mod(f.area.Dir, 90) == 0 && int(width)%2 == 1 {
		c = c.add(r.scale(f.side() / 2))
	}
	h := r.scale(width / 2)
	e := d.scale(length)
	return []vec{c.sub(h), c.add(h), c.add(h).add(e), c.sub(h).add(e)}
}

// side is +1 (clockwise) or −1 (Mirror) for the extra half-square or token.
func (f *Footprint) side() float64 {
	if f.area.Mirror {
		return -1
	}
	return 1
}

// diagonal reports whether Dir is one of ne, se, sw, nw (and the compass index).
func (f *Footprint) diagonal() (int, bool) {
	i, ok := compassIndex(f.area.Dir)
	return i, ok && i%2 == 1
}

func sign(v float64) float64 {
	if v < 0 {
		return -1
	}
	return 1
}
