package sessionlog

import (
	"fmt"
	"hash/fnv"
	"math"
)

// Colour is a character's colour in the HTML replay, as CSS hex: one for the light theme and one for the dark.
// Each reaches a contrast of at least minContrast against both backgrounds of its theme.
type Colour struct {
	Light, Dark string
}

// The backgrounds of the replay (page and card) in each theme, and the contrast every name colour keeps with them
// (WCAG AA for text).
const (
	lightPage, lightCard = 0xf6f4ef, 0xffffff
	darkPage, darkCard   = 0x14161b, 0x1d2027
	minContrast          = 4.5
)

// minHueGap is how far apart in hue the colours of one log try to be; goldenAngle steps past a near one.
const (
	minHueGap   = 45
	goldenAngle = 137
)

// palette gives each name its colour: a hue from the name's hash, so the same name keeps its colour from log to
// log, stepped on when it falls near the hue of an earlier name of the same log.
func palette(names []string) map[string]Colour {
	out := make(map[string]Colour, len(names))
	var hues []int
	for _, name := range names {
		if _, ok := out[name]; ok {
			continue
		}
		h := fnv.New32a()
		h.Write([]byte(name))
		hue := int(h.Sum32() % 360)
		for try := 0; try < 12 && near(hue, hues); try++ {
			hue = (hue + goldenAngle) % 360
		}
		hues = append(hues, hue)
		out[name] = colourOf(float64(hue))
	}
	return out
}

// near reports whether hue is within minHueGap degrees of one of hues.
func near(hue int, hues []int) bool {
	for _, h := range hues {
		d := (hue - h + 360) % 360
		if min(d, 360-d) < minHueGap {
			return true
		}
	}
	return false
}

// colourOf darkens hue for the light theme and lightens it for the dark until it reads on both backgrounds.
func colourOf(hue float64) Colour {
	light, dark := 0, 0
	for l := 0.46; l > 0; l -= 0.01 {
		if light = hsl(hue, 0.68, l); readable(light, lightPage, lightCard) {
			break
		}
	}
	for l := 0.62; l < 1; l += 0.01 {
		if dark = hsl(hue, 0.78, l); readable(dark, darkPage, darkCard) {
			break
		}
	}
	return Colour{Light: hex(light), Dark: hex(dark)}
}

// hsl returns the colour of hue (degrees), saturation and lightness (0–1) as 0xrrggbb.
func hsl(hue, s, l float64) int {
	c := (1 - math.Abs(2*l-1)) * s
	x := c * (1 - math.Abs(math.Mod(hue/60, 2)-1))
	m := l - c/2
	var r, g, b float64
	switch {
	case hue < 60:
		r, g, b = c, x, 0
	case hue < 120:
		r, g, b = x, c, 0
	case hue < 180:
		r, g, b = 0, c, x
	case hue < 240:
		r, g, b = 0, x, c
	case hue < 300:
		r, g, b = x, 0, c
	default:
		r, g, b = c, 0, x
	}
	to := func(v float64) int { return int(math.Round((v + m) * 255)) }
	return to(r)<<16 | to(g)<<8 | to(b)
}

func hex(rgb int) string { return fmt.Sprintf("#%06x", rgb) }

// readable reports whether fg keeps minContrast against every background.
func readable(fg int, bgs ...int) bool {
	for _, bg := range bgs {
		if contrast(fg, bg) < minContrast {
			return false
		}
	}
	return true
}

// contrast is the WCAG contrast ratio of two 0xrrggbb colours.
func contrast(a, b int) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// luminance is the WCAG relative luminance of 0xrrggbb.
func luminance(rgb int) float64 {
	ch := func(v int) float64 {
		c := float64(v) / 255
		if c <= 0.03928 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(rgb>>16&0xff) + 0.7152*ch(rgb>>8&0xff) + 0.0722*ch(rgb&0xff)
}
