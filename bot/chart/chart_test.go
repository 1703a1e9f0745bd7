package chart

import (
	"bytes"
	"errors"
	"flag"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var outDir = flag.String("chart.out", "", "if set, write the charts drawn by the tests into this directory")

// dist returns the distribution of the sum of n dice with sides faces, plus
// add.
func dist(n, sides, add int) Series {
	probs := []float64{1}
	for range n {
		next := make([]float64, len(probs)+sides-1)
		for i, p := range probs {
			for f := range sides {
				next[i+f] += p / float64(sides)
			}
		}
		probs = next
	}
	values := make([]int, len(probs))
	for i := range values {
		values[i] = n + add + i
	}
	return Series{Values: values, Probs: probs}
}

// keepHighest is 2d20kh1+add.
func keepHighest(add int) Series {
	s := Series{Label: "2d20kh1+5"}
	for v := 1; v <= 20; v++ {
		s.Values = append(s.Values, v+add)
		s.Probs = append(s.Probs, float64(2*v-1)/400)
	}
	return s
}

func renderPNG(t testing.TB, name string, series []Series, opt Options) *image.RGBA {
	t.Helper()
	var buf bytes.Buffer
	if err := PNG(&buf, series, opt); err != nil {
		t.Fatalf("PNG: %v", err)
	}
	if *outDir != "" {
		if err := os.WriteFile(filepath.Join(*outDir, name+".png"), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatalf("decoding: %v", err)
	}
	rgba := image.NewRGBA(img.Bounds())
	for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
		for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
			rgba.Set(x, y, img.At(x, y))
		}
	}
	return rgba
}

func same(img *image.RGBA, x, y int, c color.RGBA) bool {
	return img.RGBAAt(x, y) == c
}

// columnRunAt returns, for column x, the height of the bar of colour c that stands on the baseline base there:
// the run of c that contains the lowest pixel of that colour in the column, if that pixel is on the baseline.
// Legend thumbnails higher up do not count.
func columnRunAt(img *image.RGBA, x int, c color.RGBA, base int) int {
	b := img.Bounds()
	y := b.Max.Y - 1
	for y >= b.Min.Y && !same(img, x, y, c) {
		y--
	}
	if y < base-1 {
		return 0
	}
	n := 0
	for y >= b.Min.Y && same(img, x, y, c) {
		n++
		y--
	}
	return n
}

// baseline returns the lowest row holding colour c.
func baseline(img *image.RGBA, c color.RGBA) int {
	b := img.Bounds()
	for y := b.Max.Y - 1; y >= b.Min.Y; y-- {
		for x := b.Min.X; x < b.Max.X; x++ {
			if same(img, x, y, c) {
				return y
			}
		}
	}
	return b.Min.Y - 1
}

type bar struct{ x0, x1, height int } // columns [x0, x1)

// bars finds the bars of colour c: maximal groups of neighbouring columns with
// a run of c at least minRun tall; a bar's height is its tallest column.
func bars(img *image.RGBA, c color.RGBA, minRun int) []bar {
	var out []bar
	in := false
	base := baseline(img, c)
	for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
		h := columnRunAt(img, x, c, base)
		switch {
		case h >= minRun && !in:
			out = append(out, bar{x0: x, x1: x + 1, height: h})
			in = true
		case h >= minRun:
			out[len(out)-1].x1 = x + 1
			out[len(out)-1].height = max(out[len(out)-1].height, h)
		default:
			in = false
		}
	}
	return out
}

// tallColumns returns the columns holding at least n pixels of colour c.
func tallColumns(img *image.RGBA, c color.RGBA, n int) []int {
	var xs []int
	for x := img.Bounds().Min.X; x < img.Bounds().Max.X; x++ {
		k := 0
		for y := img.Bounds().Min.Y; y < img.Bounds().Max.Y; y++ {
			if same(img, x, y, c) {
				k++
			}
		}
		if k >= n {
			xs = append(xs, x)
		}
	}
	return xs
}

func count(img *image.RGBA, c color.RGBA, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if same(img, x, y, c) {
				n++
			}
		}
	}
	return n
}

func intp(v int) *int { return &v }

func TestTwoD6BarsOrderedLikeProbabilities(t *testing.T) {
	s := dist(2, 6, 0)
	s.Label = "2d6"
	img := renderPNG(t, "2d6", []Series{s}, Options{Title: "2d6", XLabel: "total", YLabel: "%"})

	if got := img.Bounds().Size(); got != image.Pt(DefaultWidth, DefaultHeight) {
		t.Fatalf("size %v, want %dx%d", got, DefaultWidth, DefaultHeight)
	}
	bs := bars(img, Series1Color, 2)
	if len(bs) != 11 {
		t.Fatalf("found %d bars, want 11: %+v", len(bs), bs)
	}
	for i := 1; i < len(bs); i++ {
		if bs[i].x0 <= bs[i-1].x1 {
			t.Errorf("bars %d and %d touch or overlap: %+v %+v", i+1, i+2, bs[i-1], bs[i])
		}
	}
	// Heights must be ordered like the probabilities, equal ones within a
	// pixel, and proportional to them.
	tallest := bs[5].height // the 7
	for i := range bs {
		for j := range bs {
			pi, pj := s.Probs[i], s.Probs[j]
			hi, hj := bs[i].height, bs[j].height
			switch {
			case math.Abs(pi-pj) < 1e-12 && abs(hi-hj) > 1:
				t.Errorf("P(%d) = P(%d) but heights %d and %d", s.Values[i], s.Values[j], hi, hj)
			case pi > pj+1e-12 && hi <= hj:
				t.Errorf("P(%d) > P(%d) but heights %d ≤ %d", s.Values[i], s.Values[j], hi, hj)
			}
		}
		want := float64(tallest) * s.Probs[i] / s.Probs[5]
		if math.Abs(float64(bs[i].height)-want) > 1.5 {
			t.Errorf("bar %d: height %d, want %.1f (proportional to P)", s.Values[i], bs[i].height, want)
		}
	}
	if bs[0].height != bs[10].height {
		t.Errorf("2 and 12: heights %d and %d", bs[0].height, bs[10].height)
	}
	if tallest < 200 {
		t.Errorf("tallest bar %d px, want most of the %d px image", tallest, DefaultHeight)
	}
	// No target: no target-coloured pixels at all.
	if n := count(img, TargetColor, img.Bounds()); n != 0 {
		t.Errorf("%d target-coloured pixels without a target", n)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestTargetMarker(t *testing.T) {
	s := dist(2, 6, 0)
	s.Label = "2d6"
	for _, target := range []int{9, 2, 12} {
		img := renderPNG(t, "2d6-target", []Series{s}, Options{Target: intp(target), Width: 640, Height: 360})
		if got := img.Bounds().Size(); got != image.Pt(640, 360) {
			t.Fatalf("size %v", got)
		}
		bs := bars(img, Series1Color, 2)
		if len(bs) != 11 {
			t.Fatalf("target %d: found %d bars", target, len(bs))
		}
		line := tallColumns(img, TargetColor, 150)
		if len(line) == 0 || len(line) > 3 {
			t.Fatalf("target %d: line columns %v, want 1 to 3", target, line)
		}
		i := target - 2 // index of the target's bar
		if i > 0 && line[0] < bs[i-1].x1 {
			t.Errorf("target %d: line at %v, left of the end of bar %d (%d)", target, line, target-1, bs[i-1].x1)
		}
		if line[len(line)-1] >= bs[i].x0 {
			t.Errorf("target %d: line at %v, not left of bar %d (%d)", target, line, target, bs[i].x0)
		}
		if i > 0 && line[0]-bs[i-1].x1 > bs[i].x0-bs[i-1].x1 {
			t.Errorf("target %d: line at %v, not between bars", target, line)
		}
	}
}

func TestTwoSeriesSideBySide(t *testing.T) {
	adv := keepHighest(5)
	flat := dist(1, 20, 5)
	flat.Label = "1d20+5"
	img := renderPNG(t, "compare", []Series{adv, flat}, Options{Title: "2d20kh1+5 vs 1d20+5", XLabel: "total", YLabel: "%", Target: intp(16)})

	blue, orange := bars(img, Series1Color, 2), bars(img, Series2Color, 2)
	if len(blue) != 20 || len(orange) != 20 {
		t.Fatalf("found %d blue and %d orange bars, want 20 each", len(blue), len(orange))
	}
	for i := range 20 {
		// Each value: the first series on the left, the second right of it,
		// both left of the next value's pair.
		if orange[i].x0 < blue[i].x1 {
			t.Errorf("value %d: orange bar %+v not right of blue %+v", adv.Values[i], orange[i], blue[i])
		}
		if i+1 < 20 && blue[i+1].x0 <= orange[i].x1 {
			t.Errorf("value %d: next blue bar %+v not right of orange %+v", adv.Values[i], blue[i+1], orange[i])
		}
		if i > 0 && blue[i].height <= blue[i-1].height {
			t.Errorf("2d20kh1: bar %d height %d not above %d", adv.Values[i], blue[i].height, blue[i-1].height)
		}
		if abs(orange[i].height-orange[0].height) > 1 {
			t.Errorf("1d20: bar %d height %d, want %d", flat.Values[i], orange[i].height, orange[0].height)
		}
	}
	// 2d20kh1 peaks at 39/400 = 9.75 %, 1d20 is flat at 5 %.
	if r := float64(blue[19].height) / float64(orange[0].height); math.Abs(r-1.95) > 0.03 {
		t.Errorf("height ratio %.3f, want 1.95", r)
	}
	// Target 16: the line is between the pairs of 15 and 16.
	line := tallColumns(img, TargetColor, 150)
	if len(line) == 0 || line[0] < orange[9].x1 || line[len(line)-1] >= blue[10].x0 {
		t.Errorf("line at %v, want between %d and %d", line, orange[9].x1, blue[10].x0)
	}
}

func TestTwoSeriesDense(t *testing.T) {
	a, b := dist(100, 6, 0), dist(100, 8, 0)
	a.Label, b.Label = "100d6", "100d8"
	img := renderPNG(t, "dense", []Series{a, b}, Options{XLabel: "total", YLabel: "%", Target: intp(400)})
	// The first series is an area of bars, the second a line: both colours
	// in the lower part of the image, the blue mass left of the orange one.
	blueX, orangeX, nb, no := 0, 0, 0, 0
	r := img.Bounds()
	for y := r.Min.Y + r.Dy()/3; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			switch img.RGBAAt(x, y) {
			case Series1Color:
				blueX += x
				nb++
			case Series2Color:
				orangeX += x
				no++
			}
		}
	}
	if nb < 1000 || no < 200 {
		t.Fatalf("%d blue and %d orange pixels", nb, no)
	}
	if blueX/nb >= orangeX/no {
		t.Errorf("blue centre %d not left of orange centre %d", blueX/nb, orangeX/no)
	}
	if len(tallColumns(img, TargetColor, 150)) == 0 {
		t.Error("no target line")
	}
}

func TestLargeInput(t *testing.T) {
	s := dist(100, 6, 0)
	if len(s.Values) != 501 {
		t.Fatalf("100d6 has %d values", len(s.Values))
	}
	s.Label = "100d6"
	img := renderPNG(t, "100d6", []Series{s}, Options{Title: "100d6", Target: intp(360)})
	if got := img.Bounds().Size(); got != image.Pt(DefaultWidth, DefaultHeight) {
		t.Fatalf("size %v", got)
	}
	// The tallest column is near the middle of the bars (350).
	bs := bars(img, Series1Color, 1)
	if len(bs) == 0 {
		t.Fatal("no bars")
	}
	lo, hi := bs[0].x0, bs[len(bs)-1].x1
	best, bestX, base := 0, 0, baseline(img, Series1Color)
	for x := lo; x < hi; x++ {
		if h := columnRunAt(img, x, Series1Color, base); h > best {
			best, bestX = h, x
		}
	}
	if mid := (lo + hi) / 2; abs(bestX-mid) > 10 || best < 200 {
		t.Errorf("peak %d px at x=%d, want tall and near %d (bars %d..%d)", best, bestX, mid, lo, hi)
	}

	// The largest accepted input renders too.
	big := Series{Label: "big"}
	for i := range MaxValues {
		big.Values = append(big.Values, i)
		big.Probs = append(big.Probs, 1/float64(MaxValues))
	}
	renderPNG(t, "max", []Series{big}, Options{})
}

func TestErrors(t *testing.T) {
	ok := dist(2, 6, 0)
	tooMany := Series{}
	for i := range MaxValues + 1 {
		tooMany.Values = append(tooMany.Values, i)
		tooMany.Probs = append(tooMany.Probs, 1/float64(MaxValues+1))
	}
	tests := []struct {
		name   string
		series []Series
		opt    Options
		want   error
	}{
		{"no series", nil, Options{}, ErrNoSeries},
		{"three series", []Series{ok, ok, ok}, Options{}, ErrTooManySeries},
		{"empty", []Series{{Label: "x"}}, Options{}, ErrEmpty},
		{"empty second", []Series{ok, {}}, Options{}, ErrEmpty},
		{"more probs", []Series{{Values: []int{1, 2}, Probs: []float64{0.5, 0.25, 0.25}}}, Options{}, ErrLength},
		{"more values", []Series{ok, {Values: []int{1, 2}, Probs: []float64{1}}}, Options{}, ErrLength},
		{"too many values", []Series{tooMany}, Options{}, ErrTooManyValues},
		{"descending", []Series{{Values: []int{2, 1}, Probs: []float64{0.5, 0.5}}}, Options{}, ErrNotAscending},
		{"duplicate", []Series{{Values: []int{1, 1}, Probs: []float64{0.5, 0.5}}}, Options{}, ErrNotAscending},
		{"negative", []Series{{Values: []int{1, 2}, Probs: []float64{-0.5, 1.5}}}, Options{}, ErrBadProbability},
		{"NaN", []Series{{Values: []int{1}, Probs: []float64{math.NaN()}}}, Options{}, ErrBadProbability},
		{"Inf", []Series{{Values: []int{1}, Probs: []float64{math.Inf(1)}}}, Options{}, ErrBadProbability},
		{"above 1", []Series{{Values: []int{1, 2}, Probs: []float64{0.5, 36}}}, Options{}, ErrBadProbability},
		{"huge value", []Series{{Values: []int{0, math.MaxInt}, Probs: []float64{0.5, 0.5}}}, Options{}, ErrValueRange},
		{"huge negative", []Series{ok, {Values: []int{math.MinInt, 0}, Probs: []float64{0.5, 0.5}}}, Options{}, ErrValueRange},
		{"too small", []Series{ok}, Options{Width: 10, Height: 10}, ErrSize},
		{"too large", []Series{ok}, Options{Width: 100000, Height: 450}, ErrSize},
		{"negative size", []Series{ok}, Options{Width: -800}, ErrSize},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		err := PNG(&buf, tt.series, tt.opt)
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: error %v, want %v", tt.name, err, tt.want)
		}
		if buf.Len() != 0 {
			t.Errorf("%s: %d bytes written on error", tt.name, buf.Len())
		}
	}
}

func TestEdgeCases(t *testing.T) {
	// A constant, an all-zero series, a sparse one (1d6*10), targets far
	// outside the values, a narrow image: all draw without error.
	limit := int64(MaxAbsValue)
	top := int(limit) // converted at run time: MaxAbsValue overflows a 32-bit int
	cases := map[string]struct {
		series []Series
		opt    Options
	}{
		"constant": {[]Series{{Label: "5", Values: []int{5}, Probs: []float64{1}}}, Options{Target: intp(5)}},
		"zero":     {[]Series{{Values: []int{1, 2}, Probs: []float64{0, 0}}}, Options{}},
		"sparse":   {[]Series{{Label: "1d6*10", Values: []int{10, 20, 30, 40, 50, 60}, Probs: []float64{1, 1, 1, 1, 1, 1}}}, Options{Target: intp(35)}},
		"far":      {[]Series{dist(2, 6, 0)}, Options{Target: intp(1000)}},
		"below":    {[]Series{dist(2, 6, 0), dist(1, 6, -10)}, Options{Target: intp(-1000)}},
		"negative": {[]Series{dist(1, 20, -30)}, Options{Target: intp(-20), Width: MinWidth, Height: MinHeight}},
		"huge":     {[]Series{{Values: []int{-top, 0, top}, Probs: []float64{0.25, 0.5, 0.25}}}, Options{Target: intp(0)}},
		"top":      {[]Series{{Values: []int{top - 2, top - 1, top}, Probs: []float64{0.25, 0.5, 0.25}}}, Options{Target: intp(top)}},
	}
	for name, c := range cases {
		img := renderPNG(t, "edge-"+name, c.series, c.opt)
		want := image.Pt(DefaultWidth, DefaultHeight)
		if c.opt.Width != 0 {
			want = image.Pt(c.opt.Width, c.opt.Height)
		}
		if img.Bounds().Size() != want {
			t.Errorf("%s: size %v, want %v", name, img.Bounds().Size(), want)
		}
	}
	// 1d6*10: six bars, the line at 35 between the 30 and the 40.
	img := renderPNG(t, "sparse", cases["sparse"].series, cases["sparse"].opt)
	bs := bars(img, Series1Color, 2)
	line := tallColumns(img, TargetColor, 150)
	if len(bs) != 6 || len(line) == 0 || line[0] < bs[2].x1 || line[len(line)-1] >= bs[3].x0 {
		t.Errorf("sparse: bars %+v, line %v", bs, line)
	}
}

func TestDeterministic(t *testing.T) {
	series := []Series{keepHighest(5), dist(1, 20, 5)}
	opt := Options{Title: "compare", Target: intp(15)}
	var a, b bytes.Buffer
	if err := PNG(&a, series, opt); err != nil {
		t.Fatal(err)
	}
	if err := PNG(&b, series, opt); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two renderings of the same input differ")
	}
}

func TestConcurrent(t *testing.T) {
	done := make(chan error)
	for i := range 4 {
		go func() {
			var buf bytes.Buffer
			done <- PNG(&buf, []Series{dist(i+1, 6, 0)}, Options{Title: "x", Target: intp(3)})
		}()
	}
	for range 4 {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

func TestText(t *testing.T) {
	if boldFace == sansFace || fonts.Lookup(boldFace, 12).Face == fonts.Lookup(sansFace, 12).Face {
		t.Error("no bold face for the title")
	}
	for s, want := range map[string]bool{
		"2d20kh1+5": true, "total": true, "%": true, "≥ 15": true, "Würfel": true,
		"": true, "분포": false, "分布": false, "a\nb": false, "🎲": false, "\xff": false,
	} {
		if got := Renderable(s); got != want {
			t.Errorf("Renderable(%q) = %v, want %v", s, got, want)
		}
	}
	for in, want := range map[string]string{
		"2d6":                    "2d6",
		"분포 2d6":                 "? 2d6",
		"2d6 的分布":                "2d6 ?",
		"分布 🎲 2d6":               "? ? 2d6",
		"a\n\tb":                 "a b",
		"  x  ":                  "x",
		"\xff\xfe":               "?",
		strings.Repeat("a", 100): strings.Repeat("a", maxLabelRunes-3) + "...",
	} {
		if got := sanitize(in, maxLabelRunes); got != want {
			t.Errorf("sanitize(%q) = %q, want %q", in, got, want)
		}
		if got := sanitize(in, maxLabelRunes); !Renderable(got) {
			t.Errorf("sanitize(%q) = %q, not renderable", in, got)
		}
	}
	// Localized words that the font cannot draw do not fail the chart.
	s := dist(3, 6, 0)
	s.Label = "3d6 (피해)"
	renderPNG(t, "cjk", []Series{s}, Options{Title: "伤害分布 3d6", XLabel: "합계", YLabel: "機率 %", Target: intp(12)})
}

func BenchmarkPNG(b *testing.B) {
	for _, bc := range []struct {
		name   string
		series []Series
	}{
		{"2d6", []Series{dist(2, 6, 0)}},
		{"100d6", []Series{dist(100, 6, 0)}},
		{"2d20kh1-vs-1d20", []Series{keepHighest(5), dist(1, 20, 5)}},
		{"100d6-vs-100d8", []Series{dist(100, 6, 0), dist(100, 8, 0)}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			opt := Options{Title: bc.name, XLabel: "total", YLabel: "%", Target: intp(bc.series[0].Values[len(bc.series[0].Values)/2])}
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := PNG(&buf, bc.series, opt); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "png-bytes")
		})
	}
}
