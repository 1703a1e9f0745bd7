// Package chart draws the probability distribution of one or two dice
// expressions as a PNG bar chart, for /stats (issue #7). It uses
// gonum.org/v1/plot and knows nothing of Discord, storage or locales: the
// caller computes the distributions and passes every word (title, axis titles,
// legend names) already localized.
//
// # What is drawn
//
// On a white background (readable on Discord's dark theme too): the first
// series as bars in Series1Color, the second one, when given, in Series2Color,
// the Y axis in percent ("12.5%"), integer ticks on the X axis, light
// horizontal grid lines, and, when Options.Target is set, a vertical line in
// TargetColor between the largest value below the target and the smallest
// value at or above it, so that the bars right of the line are the outcomes
// counted by P(total ≥ target). A legend in the top corner away from the
// target line names the series and the target ("≥ 15"); it is left out when
// there is one series without a label and no target. Head room is left above
// the tallest bar so that the legend never covers a bar.
//
// The X axis spans the values whose probability is at least 1/1000 of the
// highest one (the tails of 100d6 would be bars under half a pixel tall),
// widened to show the target line when the target lies among the values; a
// target outside all values puts the line at the edge of the axis.
//
// Layout of the bars depends on how many pixels one value gets:
//   - one series: bars 80 % of a slot wide with a gap between them; when a
//     slot is narrower than 4 px the bars fill their slots and read as an area;
//   - two series, slots at least 10 px wide: side-by-side bars, the first
//     series on the left half of each slot and the second on the right half;
//   - two series, narrower slots (e.g. 100d6 vs 100d8): the first series as
//     filled bars and the second as a 2 px step line on top of them.
//
// A slot is the smallest gap between two consecutive values of any series
// (1 for ordinary dice totals, 10 for 1d6*10). Bar edges are snapped to whole
// pixels, so bars of equal probability have equal heights to the pixel.
//
// # Limits
//
// At most MaxSeries series of at most MaxValues values each (100d6 has 501,
// 300d6 has 1,501); larger distributions are rejected with ErrTooManyValues
// rather than aggregated: the caller decides how to bucket them. Values are
// at most MaxAbsValue in magnitude (ErrValueRange). Width and
// Height default to DefaultWidth × DefaultHeight and must lie within
// [MinWidth, MaxWidth] × [MinHeight, MaxHeight].
//
// # Fonts and non-Latin text
//
// The text is set in Liberation Sans, the font bundled with gonum/plot (Latin,
// Greek and Cyrillic; no Chinese, Japanese or Korean glyphs). No CJK font was
// found among the Go modules this project can fetch (and a font covering both
// Chinese scripts and Hangul would add well over 10 MB to the binary); none
// is downloaded or read from the host at run time. So the chart is designed
// to carry no CJK text: callers pass language-neutral labels — the
// dice expressions as legend names and as title (ASCII), "%" or "total"-like
// axis titles, or none — and put the localized words in the Discord message
// that carries the image. Text is nevertheless sanitized, never trusted: every
// rune the font cannot draw (a Hangul syllable, a Han character, an emoji) is
// replaced by "?" (one "?" per run of such runes), control characters become
// spaces, and long texts are cut with "...". Renderable reports whether a text
// would be drawn unchanged, so a caller can fall back to an ASCII text.
//
// Output is deterministic: the same input gives the same bytes.
package chart

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// Series is one distribution: Probs[i] is P(total == Values[i]). Values are
// strictly ascending, at most MaxAbsValue in magnitude; probabilities are in
// [0, 1] (they need not add up to exactly 1). Label is the legend name, e.g. "2d20kh1+5".
type Series struct {
	Label  string
	Values []int
	Probs  []float64
}

// Options are the words and size of a chart.
type Options struct {
	Title, XLabel, YLabel string // already localized by the caller; see the package doc on fonts
	Target                *int   // optional: marks the boundary of P(total ≥ *Target)
	Width, Height         int    // pixels; zero means DefaultWidth / DefaultHeight
}

// Limits and defaults.
const (
	DefaultWidth  = 800
	DefaultHeight = 450
	MinWidth      = 200
	MinHeight     = 150
	MaxWidth      = 4000
	MaxHeight     = 4000
	MaxSeries     = 2
	MaxValues     = 2000 // per series
	MaxAbsValue   = 1e15 // |value| limit, so that values and their gaps are exact in float64
)

// Colours of the chart, exported so that tests and callers' documentation
// can refer to them.
var (
	Background   = color.RGBA{0xff, 0xff, 0xff, 0xff}
	Series1Color = color.RGBA{0x1f, 0x77, 0xb4, 0xff} // blue
	Series2Color = color.RGBA{0xff, 0x7f, 0x0e, 0xff} // orange
	TargetColor  = color.RGBA{0xd6, 0x27, 0x28, 0xff} // red
	gridColor    = color.RGBA{0xdd, 0xdd, 0xdd, 0xff}
)

// Errors returned by PNG (test with errors.Is), wrapped with details such as
// the number of the offending series.
var (
	ErrNoSeries       = errors.New("chart: no series")
	ErrTooManySeries  = errors.New("chart: too many series")
	ErrEmpty          = errors.New("chart: empty series")
	ErrLength         = errors.New("chart: values and probabilities differ in length")
	ErrTooManyValues  = errors.New("chart: too many values")
	ErrNotAscending   = errors.New("chart: values not strictly ascending")
	ErrBadProbability = errors.New("chart: probability not in [0, 1]")
	ErrValueRange     = errors.New("chart: value too large")
	ErrSize           = errors.New("chart: image size out of range")
)

// Text limits, in runes.
const (
	maxTitleRunes = 80
	maxLabelRunes = 40
)

// Font sizes, in pixels (the canvas is drawn at 72 dpi, so 1 pt = 1 px).
const (
	titleSize  = 18
	labelSize  = 14
	tickSize   = 12
	legendSize = 13
)

// The fonts: a cache of our own (gonum/plot's globals are left alone), with
// Liberation Sans regular and bold.
var (
	fonts    = font.NewCache(liberation.Collection())
	handler  = text.Plain{Fonts: fonts}
	sansFace = font.Font{Typeface: "Liberation", Variant: "Sans"}
	boldFace = func() font.Font {
		for _, f := range liberation.Collection() {
			// The upright Sans face that is not the regular one.
			if f.Font.Typeface == sansFace.Typeface && f.Font.Variant == sansFace.Variant &&
				f.Font.Style == sansFace.Style && f.Font.Weight != sansFace.Weight {
				return f.Font
			}
		}
		return sansFace
	}()
)

// PNG draws series (one or two) as a bar chart and writes it to w as a PNG
// image of opt.Width × opt.Height pixels. Nothing is written when the input is
// invalid.
func PNG(w io.Writer, series []Series, opt Options) (err error) {
	if err := validate(series); err != nil {
		return err
	}
	width, height := opt.Width, opt.Height
	if width == 0 {
		width = DefaultWidth
	}
	if height == 0 {
		height = DefaultHeight
	}
	if width < MinWidth || width > MaxWidth || height < MinHeight || height > MaxHeight {
		return fmt.Errorf("%w: %d×%d, want [%d, %d]×[%d, %d]", ErrSize, width, height, MinWidth, MaxWidth, MinHeight, MaxHeight)
	}

	defer func() {
		// gonum/plot panics on some internal errors (fonts, geometry);
		// a chart is never worth a crashed bot.
		if r := recover(); r != nil {
			err = fmt.Errorf("chart: drawing failed: %v", r)
		}
	}()
	img := render(series, opt, width, height)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return fmt.Errorf("chart: encoding: %w", err)
	}
	_, err = buf.WriteTo(w)
	return err
}

func validate(series []Series) error {
	if len(series) == 0 {
		return ErrNoSeries
	}
	if len(series) > MaxSeries {
		return fmt.Errorf("%w: %d, at most %d", ErrTooManySeries, len(series), MaxSeries)
	}
	for i, s := range series {
		switch {
		case len(s.Values) != len(s.Probs):
			return fmt.Errorf("%w (series %d): %d values, %d probabilities", ErrLength, i+1, len(s.Values), len(s.Probs))
		case len(s.Values) == 0:
			return fmt.Errorf("%w (series %d)", ErrEmpty, i+1)
		case len(s.Values) > MaxValues:
			return fmt.Errorf("%w (series %d): %d, at most %d", ErrTooManyValues, i+1, len(s.Values), MaxValues)
		}
		for j, p := range s.Probs {
			if j > 0 && s.Values[j] <= s.Values[j-1] {
				return fmt.Errorf("%w (series %d): %d after %d", ErrNotAscending, i+1, s.Values[j], s.Values[j-1])
			}
			if v := int64(s.Values[j]); v > MaxAbsValue || v < -MaxAbsValue {
				return fmt.Errorf("%w (series %d): %d, at most %d in magnitude", ErrValueRange, i+1, v, int64(MaxAbsValue))
			}
			if !(p >= 0 && p <= 1) { // NaN too
				return fmt.Errorf("%w (series %d): P(%d) = %v", ErrBadProbability, i+1, s.Values[j], p)
			}
		}
	}
	return nil
}

// geometry is shared by the plotters of one chart.
type geometry struct {
	slot       float64 // data units between neighbouring values
	xmin, xmax float64 // axis range
	mode       mode
}

// mode is how the series are laid out, chosen from the pixels per slot.
type mode int

const (
	gapped      mode = iota // one series, bars with gaps
	filled                  // one series, bars filling their slots
	sideBySide              // two series, each in one half of the slot
	lineOverlay             // two series: filled bars, then a step line
)

func render(series []Series, opt Options, width, height int) image.Image {
	g := &geometry{slot: slotOf(series)}
	maxP := 0.0
	for _, s := range series {
		for _, p := range s.Probs {
			maxP = math.Max(maxP, p)
		}
	}
	// The X range: the values whose bars can be seen, widened to show the
	// target line if it lies among the values.
	lo, hi := visibleRange(series, maxP*tailFraction)
	fullLo, fullHi := visibleRange(series, -1)
	g.xmin, g.xmax = lo-g.slot/2, hi+g.slot/2
	var tx float64
	if opt.Target != nil {
		tx = targetX(series, *opt.Target, g.slot)
		g.xmin = math.Max(math.Min(g.xmin, tx-g.slot/2), fullLo-g.slot/2)
		g.xmax = math.Min(math.Max(g.xmax, tx+g.slot/2), fullHi+g.slot/2)
	}
	maxPct := maxP * 100
	if maxPct == 0 {
		maxPct = 1
	}

	p := plot.New()
	p.BackgroundColor = Background
	p.TextHandler = handler
	p.Title.Text = sanitize(opt.Title, maxTitleRunes)
	p.Title.TextStyle = textStyle(boldFace, titleSize, draw.XCenter, draw.YTop)
	p.Title.Padding = 8

	p.X.Min, p.X.Max = g.xmin, g.xmax
	p.X.Label.Text = sanitize(opt.XLabel, maxLabelRunes)
	p.X.Label.TextStyle = textStyle(sansFace, labelSize, draw.XCenter, draw.YBottom)
	p.X.Tick.Label = textStyle(sansFace, tickSize, draw.XCenter, draw.YTop)
	p.X.Tick.Marker = intTicks{px: width - 80}
	p.X.Tick.Length = 6

	p.Y.Min, p.Y.Max = 0, maxPct
	p.Y.Padding = 0
	p.Y.Label.Text = sanitize(opt.YLabel, maxLabelRunes)
	p.Y.Label.TextStyle = textStyle(sansFace, labelSize, draw.XCenter, draw.YBottom)
	p.Y.Tick.Label = textStyle(sansFace, tickSize, draw.XRight, draw.YCenter)
	p.Y.Tick.Marker = percentTicks{max: max(3, height/60)}
	p.Y.Tick.Length = 6

	p.Add(&horizontalGrid{style: draw.LineStyle{Color: gridColor, Width: 1}})
	bars := make([]*barPlotter, len(series))
	for i, s := range series {
		bars[i] = &barPlotter{g: g, s: s, index: i}
		p.Add(bars[i])
	}

	p.Legend.TextStyle = textStyle(sansFace, legendSize, draw.XLeft, draw.YBottom)
	p.Legend.Top = true
	p.Legend.ThumbnailWidth = 18
	p.Legend.Padding = 2
	p.Legend.XOffs, p.Legend.YOffs = -8, -6
	legend := false
	for i, s := range series {
		if s.Label != "" || len(series) > 1 {
			p.Legend.Add(sanitize(s.Label, maxLabelRunes), bars[i])
			legend = true
		}
	}
	if opt.Target != nil {
		m := &targetMarker{x: tx, style: draw.LineStyle{Color: TargetColor, Width: 2}}
		p.Add(m)
		p.Legend.Add(sanitize("≥ "+strconv.Itoa(*opt.Target), maxLabelRunes), m)
		legend = true
		// Keep the legend away from the line.
		if (tx-g.xmin)/(g.xmax-g.xmin) > 0.5 {
			p.Legend.Left = true
			p.Legend.XOffs = -p.Legend.XOffs
		}
	}

	img := image.NewRGBA(image.Rect(0, 0, width, height))
	c := vgimg.NewWith(vgimg.UseImage(img), vgimg.UseDPI(72))
	// A margin round the plot, so that no text or line touches the border.
	dc := draw.Crop(draw.New(c), 4, -12, 4, -6)

	// The data area: its height does not depend on the Y range, and its
	// width only a little (the Y tick labels).
	area := p.DataCanvas(dc)
	pxPerSlot := float64(area.Max.X-area.Min.X) * g.slot / (g.xmax - g.xmin)
	switch {
	case len(series) == 1 && pxPerSlot >= 4:
		g.mode = gapped
	case len(series) == 1:
		g.mode = filled
	case pxPerSlot >= 10:
		g.mode = sideBySide
	default:
		g.mode = lineOverlay
	}
	// Head room above the tallest bar for the legend: raise the Y maximum so
	// that the tallest bar stops below the legend.
	room := 0.06
	if dataH := float64(area.Max.Y - area.Min.Y); legend && dataH > 0 {
		need := float64(p.Legend.Rectangle(area).Size().Y-p.Legend.YOffs) + 8
		room = math.Min(math.Max(need/dataH, room), 0.5)
	}
	p.Y.Max = maxPct / (1 - room)

	p.Draw(dc)
	return c.Image()
}

// tailFraction: values less likely than this fraction of the most likely one
// (bars shorter than half a pixel in any allowed image) are left out of the X
// range when they are at its ends.
const tailFraction = 1e-3

// visibleRange returns the smallest and largest values, over all series,
// whose probability is at least min.
func visibleRange(series []Series, min float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, s := range series {
		for i, v := range s.Values {
			if s.Probs[i] >= min {
				lo = math.Min(lo, float64(v))
				hi = math.Max(hi, float64(v))
			}
		}
	}
	if lo > hi {
		return visibleRange(series, -1)
	}
	return lo, hi
}

// slotOf returns the smallest gap between two consecutive values of any
// series, or 1 if every series has a single value.
func slotOf(series []Series) float64 {
	slot := math.Inf(1)
	for _, s := range series {
		for j := 1; j < len(s.Values); j++ {
			slot = math.Min(slot, float64(s.Values[j])-float64(s.Values[j-1]))
		}
	}
	if math.IsInf(slot, 1) {
		return 1
	}
	return slot
}

// targetX is the data x of the target line: midway between the largest value
// below target and the smallest one at or above it, over all series, and half
// a slot outside the values when target is outside them.
func targetX(series []Series, target int, slot float64) float64 {
	below, atOrAbove := math.Inf(-1), math.Inf(1)
	for _, s := range series {
		for _, v := range s.Values {
			if v < target {
				below = math.Max(below, float64(v))
			} else {
				atOrAbove = math.Min(atOrAbove, float64(v))
			}
		}
	}
	switch {
	case math.IsInf(below, -1):
		return atOrAbove - slot/2
	case math.IsInf(atOrAbove, 1):
		return below + slot/2
	}
	return (below + atOrAbove) / 2
}

func textStyle(f font.Font, size vg.Length, x text.XAlignment, y text.YAlignment) text.Style {
	return text.Style{Color: color.Black, Font: font.From(f, size), XAlign: x, YAlign: y, Handler: handler}
}

// barPlotter draws one series.
type barPlotter struct {
	g     *geometry
	s     Series
	index int
}

func (b *barPlotter) color() color.Color {
	if b.index == 0 {
		return Series1Color
	}
	return Series2Color
}

// Plot implements plot.Plotter.
func (b *barPlotter) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	var left, right float64 // bar extent within a slot, in slots from its centre
	switch {
	case b.g.mode == gapped:
		left, right = -0.4, 0.4
	case b.g.mode == sideBySide && b.index == 0:
		left, right = -0.45, 0
	case b.g.mode == sideBySide:
		left, right = 0, 0.45
	case b.g.mode == lineOverlay && b.index == 1:
		b.stepLine(c, trX, trY)
		return
	default:
		left, right = -0.5, 0.5
	}

	base := snap(trY(0))
	minX, maxX := snap(c.Min.X), snap(c.Max.X)
	c.SetColor(b.color())
	for i, v := range b.s.Values {
		x0 := max(snap(trX(float64(v)+left*b.g.slot)), minX)
		x1 := min(snap(trX(float64(v)+right*b.g.slot)), maxX)
		if x1-x0 < 1 {
			if float64(v) < b.g.xmin || float64(v) > b.g.xmax {
				continue // a bar outside the X range
			}
			x1 = x0 + 1
		}
		y1 := snap(trY(b.s.Probs[i] * 100))
		if y1 <= base {
			continue
		}
		c.Fill(rect(x0, base, x1, y1))
	}
}

// stepLine draws the series as the outline of its histogram, within the X
// range.
func (b *barPlotter) stepLine(c draw.Canvas, trX, trY func(float64) vg.Length) {
	base := snap(trY(0))
	half := b.g.slot / 2
	minX, maxX := snap(c.Min.X), snap(c.Max.X)
	var pts []vg.Point
	prev := math.Inf(-1)
	for i, v := range b.s.Values {
		fv := float64(v)
		if fv < b.g.xmin || fv > b.g.xmax {
			continue
		}
		x0 := max(snap(trX(fv-half)), minX)
		x1 := min(snap(trX(fv+half)), maxX)
		y := snap(trY(b.s.Probs[i] * 100))
		if fv-prev > b.g.slot {
			if len(pts) > 0 {
				pts = append(pts, vg.Point{X: pts[len(pts)-1].X, Y: base})
			}
			pts = append(pts, vg.Point{X: x0, Y: base})
		}
		pts = append(pts, vg.Point{X: x0, Y: y}, vg.Point{X: x1, Y: y})
		prev = fv
	}
	if len(pts) == 0 {
		return
	}
	pts = append(pts, vg.Point{X: pts[len(pts)-1].X, Y: base})
	strokeSteps(c, draw.LineStyle{Color: b.color(), Width: 2}, pts)
}

// stepPiece is the most points stroked as one path: the rasterizer's work grows faster than a path's length (it
// looks its cells up one by one), so that a thousand steps in one path cost a tenth of a second.
const stepPiece = 64

// strokeSteps strokes a step line in pieces of at most stepPiece points, each ending (and the next beginning) in
// the middle of a horizontal segment, where their butt caps meet without a seam or a gap.
func strokeSteps(c draw.Canvas, style draw.LineStyle, pts []vg.Point) {
	start := 0
	for i := 0; i+1 < len(pts); i++ {
		if i-start+1 < stepPiece || pts[i].Y != pts[i+1].Y || pts[i].X == pts[i+1].X {
			continue
		}
		mid := vg.Point{X: (pts[i].X + pts[i+1].X) / 2, Y: pts[i].Y}
		piece := append(append([]vg.Point(nil), pts[start:i+1]...), mid)
		c.StrokeLines(style, piece)
		pts[i] = mid // the next piece starts at the middle
		start = i
	}
	c.StrokeLines(style, pts[start:])
}

// Thumbnail implements plot.Thumbnailer.
func (b *barPlotter) Thumbnail(c *draw.Canvas) {
	if b.g.mode == lineOverlay && b.index == 1 {
		y := snap((c.Min.Y + c.Max.Y) / 2)
		c.StrokeLine2(draw.LineStyle{Color: b.color(), Width: 2}, c.Min.X, y, c.Max.X, y)
		return
	}
	c.SetColor(b.color())
	c.Fill(rect(snap(c.Min.X), snap(c.Min.Y)+1, snap(c.Max.X), snap(c.Max.Y)-1))
}

// DataRange implements plot.DataRanger.
func (b *barPlotter) DataRange() (xmin, xmax, ymin, ymax float64) {
	return b.g.xmin, b.g.xmax, 0, 0
}

// targetMarker draws the vertical target line.
type targetMarker struct {
	x     float64
	style draw.LineStyle
}

// Plot implements plot.Plotter.
func (m *targetMarker) Plot(c draw.Canvas, p *plot.Plot) {
	trX, _ := p.Transforms(&c)
	x := min(max(snap(trX(m.x)), snap(c.Min.X)+1), snap(c.Max.X)-1)
	// A 2 px line centred on a pixel boundary covers two whole pixels.
	c.StrokeLine2(m.style, x, c.Min.Y, x, c.Max.Y)
}

// Thumbnail implements plot.Thumbnailer.
func (m *targetMarker) Thumbnail(c *draw.Canvas) {
	y := snap((c.Min.Y + c.Max.Y) / 2)
	c.StrokeLine2(m.style, c.Min.X, y, c.Max.X, y)
}

// horizontalGrid draws a light line at each major Y tick.
type horizontalGrid struct{ style draw.LineStyle }

// Plot implements plot.Plotter.
func (h *horizontalGrid) Plot(c draw.Canvas, p *plot.Plot) {
	_, trY := p.Transforms(&c)
	for _, t := range p.Y.Tick.Marker.Ticks(p.Y.Min, p.Y.Max) {
		if t.IsMinor() || t.Value <= p.Y.Min {
			continue
		}
		y := snap(trY(t.Value)) + 0.5 // centre of a pixel row
		c.StrokeLine2(h.style, c.Min.X, y, c.Max.X, y)
	}
}

func snap(l vg.Length) vg.Length { return vg.Length(math.Round(float64(l))) }

func rect(x0, y0, x1, y1 vg.Length) vg.Path {
	var p vg.Path
	p.Move(vg.Point{X: x0, Y: y0})
	p.Line(vg.Point{X: x1, Y: y0})
	p.Line(vg.Point{X: x1, Y: y1})
	p.Line(vg.Point{X: x0, Y: y1})
	p.Close()
	return p
}

// intTicks puts major ticks on integers at a step of 1, 2 or 5 times a power
// of ten, as many as fit in px pixels without their labels touching, with
// minor ticks between.
type intTicks struct{ px int }

// Ticks implements plot.Ticker.
func (t intTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi >= lo) {
		return nil
	}
	digits := max(len(strconv.FormatFloat(math.Round(lo), 'f', 0, 64)), len(strconv.FormatFloat(math.Round(hi), 'f', 0, 64)))
	perLabel := max(50, digits*tickSize*6/10+20) // px: Liberation Sans digits are 0.56 em wide
	maxTicks := float64(max(2, t.px/perLabel))
	step := 0.0
	for mag := 1.0; step == 0; mag *= 10 {
		for _, m := range []float64{1, 2, 5} {
			if math.Floor(hi/(m*mag))-math.Ceil(lo/(m*mag))+1 <= maxTicks {
				step = m * mag
				break
			}
		}
	}
	minor := 0.0
	for _, d := range []float64{5, 2} {
		if m := step / d; m >= 1 && m == math.Trunc(m) {
			minor = m
			break
		}
	}
	var ticks []plot.Tick
	if minor > 0 {
		// Counting k, not adding to v, keeps the loops finite.
		for k, n := math.Ceil(lo/minor), math.Floor(hi/minor); k <= n; k++ {
			if v := k * minor; math.Mod(v, step) != 0 {
				ticks = append(ticks, plot.Tick{Value: v})
			}
		}
	}
	for k, n := math.Ceil(lo/step), math.Floor(hi/step); k <= n; k++ {
		v := k * step
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', 0, 64)})
	}
	return ticks
}

// percentTicks puts at most max major ticks on the percent axis, at a step of
// 1, 2 or 5 times a power of ten, labelled "12.5%".
type percentTicks struct{ max int }

// Ticks implements plot.Ticker.
func (t percentTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) {
		return nil
	}
	step := 0.0
	for mag := math.Pow(10, math.Floor(math.Log10(hi-lo))-1); step == 0; mag *= 10 {
		for _, m := range []float64{1, 2, 5} {
			if math.Floor(hi/(m*mag))-math.Ceil(lo/(m*mag))+1 <= float64(t.max) {
				step = m * mag
				break
			}
		}
	}
	decimals := max(0, int(-math.Floor(math.Log10(step)+1e-9)))
	var ticks []plot.Tick
	for k, n := math.Ceil(lo/step), math.Floor(hi/step*(1+1e-12)); k <= n; k++ {
		v := k * step
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', decimals, 64) + "%"})
	}
	return ticks
}

// Renderable reports whether s would be drawn as is: it has no control
// characters and the chart's font has a glyph for each of its runes.
func Renderable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !drawable(r) {
			return false
		}
	}
	return true
}

// glyphFaces are the faces whose glyphs drawable checks.
var glyphFaces = []font.Face{fonts.Lookup(sansFace, 12), fonts.Lookup(boldFace, 12)}

func drawable(r rune) bool {
	if r == utf8.RuneError || unicode.IsControl(r) || !unicode.IsPrint(r) && r != ' ' {
		return false
	}
	for _, f := range glyphFaces {
		if i, err := f.Face.GlyphIndex(nil, r); err != nil || i == 0 {
			return false
		}
	}
	return true
}

// sanitize makes s safe to draw: control characters (newlines included)
// become spaces, each run of runes the font cannot draw becomes one "?",
// spaces are collapsed and trimmed, and a text longer than limit runes is cut
// with "...".
func sanitize(s string, limit int) string {
	var b strings.Builder
	var prev rune
	for _, r := range s {
		switch {
		case unicode.IsControl(r) || unicode.IsSpace(r):
			r = ' '
		case !drawable(r):
			r = '?'
			if prev == '?' {
				continue
			}
		}
		if r == ' ' && (prev == ' ' || b.Len() == 0) {
			continue
		}
		b.WriteRune(r)
		prev = r
	}
	out := strings.TrimRight(b.String(), " ")
	if utf8.RuneCountInString(out) > limit {
		rs := []rune(out)
		out = strings.TrimRight(string(rs[:limit-3]), " ") + "..."
	}
	return out
}
