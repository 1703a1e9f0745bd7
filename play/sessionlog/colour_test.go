package sessionlog

import (
	"fmt"
	"math"
	"strconv"
	"testing"
)

// rgbOf parses "#rrggbb".
func rgbOf(t *testing.T, hex string) int {
	t.Helper()
	v, err := strconv.ParseUint(hex[1:], 16, 32)
	if len(hex) != 7 || err != nil {
		t.Fatalf("colour %q", hex)
	}
	return int(v)
}

// hueOf is the HSL hue of 0xrrggbb in degrees.
func hueOf(rgb int) float64 {
	r, g, b := float64(rgb>>16&0xff)/255, float64(rgb>>8&0xff)/255, float64(rgb&0xff)/255
	hi, lo := max(r, g, b), min(r, g, b)
	d := hi - lo
	var h float64
	switch hi {
	case r:
		h = math.Mod((g-b)/d, 6)
	case g:
		h = (b-r)/d + 2
	default:
		h = (r-g)/d + 4
	}
	return math.Mod(h*60+360, 360)
}

// TestColoursReadable: every name's colour keeps a 4.5:1 contrast with the page and the cards of its theme.
func TestColoursReadable(t *testing.T) {
	names := []string{"Aria", "Borin", "Mira", "Goblin 1", "Goblin 2", "아리아", "哥布林", "<script>", ""}
	for i := range 400 {
		names = append(names, fmt.Sprintf("npc %d", i))
	}
	for name, c := range palette(names) {
		light, dark := rgbOf(t, c.Light), rgbOf(t, c.Dark)
		for _, bg := range []int{lightPage, lightCard} {
			if r := contrast(light, bg); r < minContrast {
				t.Errorf("%q light %s on #%06x: contrast %.2f", name, c.Light, bg, r)
			}
		}
		for _, bg := range []int{darkPage, darkCard} {
			if r := contrast(dark, bg); r < minContrast {
				t.Errorf("%q dark %s on #%06x: contrast %.2f", name, c.Dark, bg, r)
			}
		}
	}
}

// TestColoursStableAndApart: a name alone keeps its colour from log to log, and the fixture's names get hues at
// least minHueGap apart.
func TestColoursStableAndApart(t *testing.T) {
	if a, b := palette([]string{"Aria"})["Aria"], palette([]string{"Aria", "Borin"})["Aria"]; a != b {
		t.Errorf("Aria first: %v then %v", a, b)
	}
	var names []string
	for _, p := range fight(t).Participants() {
		names = append(names, p.Name)
	}
	colours := palette(names)
	for i, a := range names {
		for _, b := range names[i+1:] {
			ha, hb := hueOf(rgbOf(t, colours[a].Light)), hueOf(rgbOf(t, colours[b].Light))
			if d := math.Abs(ha - hb); math.Min(d, 360-d) < minHueGap-2 { // -2: rounding to 8-bit channels
				t.Errorf("%s %v and %s %v: hues %.0f and %.0f", a, colours[a], b, colours[b], ha, hb)
			}
		}
	}
}

func TestContrast(t *testing.T) {
	for _, tt := range []struct {
		a, b int
		want float64
	}{{0x000000, 0xffffff, 21}, {0xffffff, 0xffffff, 1}, {0x777777, 0xffffff, 4.48}} {
		if got := contrast(tt.a, tt.b); math.Abs(got-tt.want) > 0.01 {
			t.Errorf("contrast(#%06x, #%06x) = %.3f, want %.2f", tt.a, tt.b, got, tt.want)
		}
	}
}
