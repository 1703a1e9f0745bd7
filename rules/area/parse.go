package area

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxEcho is how many characters of bad input an error carries back.
const maxEcho = 32

// clean folds full-width ASCII (３，４ from a CJK keyboard) to ASCII, trims
// and lower-cases s.
func clean(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r >= '！' && r <= '～':
			return r - '！' + '!'
		case r == '\u3000':
			return ' '
		}
		return r
	}, s)
	return strings.ToLower(strings.TrimSpace(s))
}

// echo shortens input for an error message.
func echo(s string) string {
	s = strings.TrimSpace(strings.ToValidUTF8(s, "\uFFFD"))
	if utf8.RuneCountInString(s) <= maxEcho {
		return s
	}
	r := []rune(s)
	return string(r[:maxEcho]) + "…"
}

// ParseShape reads a shape name: sphere, cylinder, cube, cone, line
// (also "circle" and "radius" for a sphere). Case is ignored.
func ParseShape(s string) (Shape, error) {
	switch c := clean(s); c {
	case "sphere", "cylinder", "cube", "cone", "line":
		return Shape(c), nil
	case "circle", "radius":
		return Sphere, nil
	}
	return "", newError(ErrBadShape, "Shape", echo(s))
}

// ParseMethod reads a method name: template, token, or half (also "dmg").
// Case is ignored.
func ParseMethod(s string) (Method, error) {
	switch c := clean(s); c {
	case "template", "token", "half":
		return Method(c), nil
	case "templates":
		return Template, nil
	case "tokens":
		return Token, nil
	case "dmg", "half-square", "halfsquare":
		return Half, nil
	}
	return "", newError(ErrBadMethod, "Method", echo(s))
}

var dirNames = map[string]float64{
	"n": North, "north": North,
	"ne": NorthEast, "northeast": NorthEast, "north-east": NorthEast, "north east": NorthEast,
	"e": East, "east": East,
	"se": SouthEast, "southeast": SouthEast, "south-east": SouthEast, "south east": SouthEast,
	"s": South, "south": South,
	"sw": SouthWest, "southwest": SouthWest, "south-west": SouthWest, "south west": SouthWest,
	"w": West, "west": West,
	"nw": NorthWest, "northwest": NorthWest, "north-west": NorthWest, "north west": NorthWest,
}

// ParseDirection reads a direction as a bearing in [0, 360): one of the
// compass names n ne e se s sw w nw (or north, north-east, …), or an angle in
// degrees clockwise from north (up), from −360 to 360, optionally followed by
// "°" or "deg": "30", "-45", "22.5°". Whether an angle suits the area is
// checked by Area.Validate (token areas and cubes need a multiple of 45).
func ParseDirection(s string) (float64, error) {
	c := clean(s)
	if c == "" {
		return 0, newError(ErrNoDirection)
	}
	if d, ok := dirNames[c]; ok {
		return d, nil
	}
	num := c
	for _, suf := range []string{"°", "degrees", "degree", "deg"} {
		if t, ok := strings.CutSuffix(num, suf); ok {
			num = strings.TrimSpace(t)
			break
		}
	}
	if v, ok := decimal(num); ok && v >= -360 && v <= 360 {
		return normDeg(v), nil
	}
	return 0, newError(ErrBadDirection, "Direction", echo(s))
}

// decimal parses an optionally signed decimal number with at most 12 digits
// (no exponent, no hex, no inf or nan).
func decimal(s string) (float64, bool) {
	body := strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	if len(body) == 0 || len(body) > 13 || len(s)-len(body) > 1 {
		return 0, false
	}
	digits, dots := 0, 0
	for _, r := range body {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '.':
			dots++
		default:
			return 0, false
		}
	}
	if digits == 0 || dots > 1 {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil && !math.IsInf(v, 0)
}

// ParseOrigin reads an origin "x,y": two integers separated by a comma (or
// spaces), optionally in parentheses — "3,4", "(-2, 7)", "３，４". x grows to
// the right, y downward (see Square). |x| and |y| are at most MaxCoord.
func ParseOrigin(s string) (Square, error) {
	c := clean(s)
	if strings.HasPrefix(c, "(") && strings.HasSuffix(c, ")") {
		c = c[1 : len(c)-1]
	}
	parts := strings.FieldsFunc(c, func(r rune) bool { return r == ',' || r == '、' || unicode.IsSpace(r) })
	if len(parts) != 2 || strings.Count(c, ",")+strings.Count(c, "、") > 1 {
		return Square{}, newError(ErrBadOrigin, "Origin", echo(s))
	}
	var xy [2]int
	for i, p := range parts {
		body := strings.TrimPrefix(strings.TrimPrefix(p, "-"), "+")
		if body == "" || len(body) > 9 || len(p)-len(body) > 1 || strings.Trim(body, "0123456789") != "" {
			return Square{}, newError(ErrBadOrigin, "Origin", echo(s))
		}
		xy[i], _ = strconv.Atoi(p) // ≤ 9 digits cannot overflow
	}
	if !inMap(xy[0]) || !inMap(xy[1]) {
		return Square{}, newError(ErrOriginTooFar, "X", xy[0], "Y", xy[1], "Max", MaxCoord)
	}
	return Square{xy[0], xy[1]}, nil
}

// feetSuffixes are the unit words ParseFeet accepts after the number.
var feetSuffixes = []string{"feet", "foot", "ft.", "ft", "'", "英尺", "呎", "尺", "피트"}

// ParseFeet reads a whole number of feet, optionally followed by a unit:
// "20", "20ft", "20 feet", "20'", "20尺", "20피트". It does not check the
// range; Area.Validate does.
func ParseFeet(s string) (int, error) {
	c := clean(s)
	for _, suf := range feetSuffixes {
		if t, ok := strings.CutSuffix(c, suf); ok {
			c = strings.TrimSpace(t)
			break
		}
	}
	if c == "" || len(c) > 9 || strings.Trim(c, "0123456789") != "" {
		return 0, newError(ErrBadNumber, "Input", echo(s))
	}
	n, _ := strconv.Atoi(c)
	return n, nil
}
