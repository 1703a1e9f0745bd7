package area

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseShapeAndMethod(t *testing.T) {
	shapes := map[string]Shape{
		"sphere": Sphere, " Cylinder ": Cylinder, "CUBE": Cube, "cone": Cone, "line": Line,
		"circle": Sphere, "radius": Sphere, "ｃｏｎｅ": Cone,
	}
	for in, want := range shapes {
		if got, err := ParseShape(in); got != want || err != nil {
			t.Errorf("ParseShape(%q) = %q, %v", in, got, err)
		}
	}
	methods := map[string]Method{
		"template": Template, "Token": Token, "half": Half, "DMG": Half, "tokens": Token, "templates": Template,
		"half-square": Half,
	}
	for in, want := range methods {
		if got, err := ParseMethod(in); got != want || err != nil {
			t.Errorf("ParseMethod(%q) = %q, %v", in, got, err)
		}
	}
	for _, in := range []string{"", "square", "ball", "cones", "球状", "sphere!"} {
		if _, err := ParseShape(in); !errors.Is(err, &Error{Code: ErrBadShape}) {
			t.Errorf("ParseShape(%q): %v", in, err)
		}
	}
	for _, in := range []string{"", "grid", "hex", "full"} {
		if _, err := ParseMethod(in); !errors.Is(err, &Error{Code: ErrBadMethod}) {
			t.Errorf("ParseMethod(%q): %v", in, err)
		}
	}
}

func TestParseDirection(t *testing.T) {
	good := []struct {
		in   string
		want float64
	}{
		{"n", 0}, {"NE", 45}, {"e", 90}, {"se", 135}, {"s", 180}, {"sw", 225}, {"w", 270}, {"nw", 315},
		{"north", 0}, {"North-East", 45}, {"south west", 225}, {"northwest", 315},
		{"0", 0}, {"30", 30}, {"-45", 315}, {"+90", 90}, {"360", 0}, {"-360", 0}, {"22.5", 22.5},
		{"22.5°", 22.5}, {"100 deg", 100}, {"7 degrees", 7}, {" 45 ", 45}, {"３０", 30}, {"0.000001", 0.000001},
		{"359.5", 359.5}, {"-0.5", 359.5}, {"10.", 10}, {".5", 0.5},
	}
	for _, tc := range good {
		if got, err := ParseDirection(tc.in); got != tc.want || err != nil {
			t.Errorf("ParseDirection(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	bad := []struct{ in, code string }{
		{"", ErrNoDirection}, {"   ", ErrNoDirection},
		{"north-north-east", ErrBadDirection}, {"nne", ErrBadDirection}, {"up", ErrBadDirection},
		{"361", ErrBadDirection}, {"-361", ErrBadDirection}, {"1e2", ErrBadDirection}, {"0x10", ErrBadDirection},
		{"NaN", ErrBadDirection}, {"inf", ErrBadDirection}, {"-inf", ErrBadDirection}, {"1.2.3", ErrBadDirection},
		{"--5", ErrBadDirection}, {"+-5", ErrBadDirection}, {".", ErrBadDirection}, {"-", ErrBadDirection},
		{"°", ErrBadDirection}, {"45°°", ErrBadDirection}, {"1_0", ErrBadDirection},
		{"99999999999999999999", ErrBadDirection}, {"北", ErrBadDirection}, {"\xff", ErrBadDirection},
	}
	for _, tc := range bad {
		_, err := ParseDirection(tc.in)
		var e *Error
		if !errors.As(err, &e) || e.Code != tc.code {
			t.Errorf("ParseDirection(%q): %v, want %s", tc.in, err, tc.code)
		}
	}
}

func TestParseOrigin(t *testing.T) {
	good := []struct {
		in   string
		want Square
	}{
		{"3,4", Square{3, 4}}, {" 3 , 4 ", Square{3, 4}}, {"(-2, 7)", Square{-2, 7}}, {"３，４", Square{3, 4}},
		{"（５，－６）", Square{5, -6}}, {"0 0", Square{0, 0}}, {"+1,-1", Square{1, -1}}, {"10000,-10000", Square{10000, -10000}},
		{"3、4", Square{3, 4}}, {"007,8", Square{7, 8}},
	}
	for _, tc := range good {
		if got, err := ParseOrigin(tc.in); got != tc.want || err != nil {
			t.Errorf("ParseOrigin(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	bad := []struct{ in, code string }{
		{"", ErrBadOrigin}, {"3", ErrBadOrigin}, {"3,4,5", ErrBadOrigin}, {"3,,4", ErrBadOrigin}, {",3,4", ErrBadOrigin},
		{"C4", ErrBadOrigin}, {"3.5,4", ErrBadOrigin}, {"a,b", ErrBadOrigin}, {"--3,4", ErrBadOrigin},
		{"1e3,4", ErrBadOrigin}, {"3,4)", ErrBadOrigin}, {"((3,4))", ErrBadOrigin}, {"9999999999,1", ErrBadOrigin},
		{"10001,0", ErrOriginTooFar}, {"0,-10001", ErrOriginTooFar}, {"999999999,0", ErrOriginTooFar},
		{"-,4", ErrBadOrigin}, {"\xff,1", ErrBadOrigin},
	}
	for _, tc := range bad {
		_, err := ParseOrigin(tc.in)
		var e *Error
		if !errors.As(err, &e) || e.Code != tc.code {
			t.Errorf("ParseOrigin(%q): %v, want %s", tc.in, err, tc.code)
		}
	}
	_, err := ParseOrigin("10001,3")
	var e *Error
	if !errors.As(err, &e) || fmt.Sprint(e.Args) != "map[Max:10000 X:10001 Y:3]" {
		t.Errorf("too far: %v", err)
	}
}

func TestParseFeet(t *testing.T) {
	good := map[string]int{
		"20": 20, "20ft": 20, "20 ft": 20, "20 ft.": 20, "20 feet": 20, "5 foot": 5, "20'": 20, "20尺": 20,
		"20 英尺": 20, "20呎": 20, "20피트": 20, "２０": 20, "0": 0, "7": 7, "000015": 15, "999999999": 999999999,
	}
	for in, want := range good {
		if got, err := ParseFeet(in); got != want || err != nil {
			t.Errorf("ParseFeet(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "ft", "-5", "+5", "5.5", "twenty", "1e3", "5 m", "1000000000", "20 ft ft", "\xff"} {
		_, err := ParseFeet(in)
		if !errors.Is(err, &Error{Code: ErrBadNumber}) {
			t.Errorf("ParseFeet(%q): %v", in, err)
		}
	}
	// A parsed size still has to pass Validate.
	n, _ := ParseFeet("7ft")
	if err := (Area{Shape: Sphere, Size: n}).Validate(); !errors.Is(err, &Error{Code: ErrBadSize}) {
		t.Errorf("7 ft sphere: %v", err)
	}
}

// TestEchoIsBounded: errors carry at most maxEcho characters of the input, as valid UTF-8.
func TestEchoIsBounded(t *testing.T) {
	long := strings.Repeat("界", 500)
	for _, err := range []error{
		func() error { _, e := ParseShape(long); return e }(),
		func() error { _, e := ParseDirection(long); return e }(),
		func() error { _, e := ParseOrigin(long + "\xff"); return e }(),
		func() error { _, e := ParseFeet(long); return e }(),
	} {
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("%v", err)
		}
		for _, v := range e.Args {
			s, ok := v.(string)
			if ok && (utf8.RuneCountInString(s) > maxEcho+1 || !utf8.ValidString(s)) {
				t.Errorf("%s echoes %d characters", e.Code, utf8.RuneCountInString(s))
			}
		}
	}
}

// FuzzParse: the parsers never panic, and fail only with this package's codes.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"", "n", "3,4", "20ft", "22.5°", "(1, 2)", "-360", "１，２", "\xff", "1e308", "nan"} {
		f.Add(s)
	}
	codes := map[string]bool{}
	for _, c := range ErrorCodes() {
		codes[c] = true
	}
	f.Fuzz(func(t *testing.T, s string) {
		check := func(err error) {
			if err == nil {
				return
			}
			var e *Error
			if !errors.As(err, &e) || !codes[e.Code] {
				t.Fatalf("%q: %v", s, err)
			}
		}
		_, err := ParseShape(s)
		check(err)
		_, err = ParseMethod(s)
		check(err)
		d, err := ParseDirection(s)
		check(err)
		if err == nil && !(d >= 0 && d < 360) {
			t.Fatalf("%q: direction %v outside [0, 360)", s, d)
		}
		o, err := ParseOrigin(s)
		check(err)
		if err == nil && (!inMap(o.X) || !inMap(o.Y)) {
			t.Fatalf("%q: origin %v off the map", s, o)
		}
		_, err = ParseFeet(s)
		check(err)
	})
}

// FuzzSquares: any small area either fails with a code or agrees with Contains.
func FuzzSquares(f *testing.F) {
	f.Add("cone", "token", 30, 0, 0, 0, 45.0, false)
	f.Add("line", "half", 60, 10, -3, 2, 33.3, true)
	f.Add("sphere", "template", 20, 0, 1, 1, 0.0, false)
	f.Add("cube", "template", 15, 0, 0, 0, 30.0, false)
	f.Fuzz(func(t *testing.T, shape, method string, size, width, x, y int, dir float64, mirror bool) {
		if size > 100 || width > 100 {
			return // keep each run fast; large areas are TestMaxSizes' job
		}
		a := Area{Shape: Shape(shape), Method: Method(method), Size: size, Width: width, Origin: Square{x, y}, Dir: dir, Mirror: mirror}
		f, err := Compile(a)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatal(err)
			}
			return
		}
		for _, s := range f.Squares() {
			if !Contains(a, s.X, s.Y) {
				t.Fatalf("%+v: %v listed but not contained", a, s)
			}
		}
	})
}
