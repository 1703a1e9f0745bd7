package bot_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"rulekeeper/bot"
	"rulekeeper/bot/draw"
	"rulekeeper/rules/area"
)

// TestAoECounts: the square counts of digest B11 through the command, with the method from the option or the
// guild setting.
func TestAoECounts(t *testing.T) {
	e := newPlayEnv(t)
	tests := []struct {
		line  string
		count int
	}{
		{"/aoe shape:sphere size:20 origin:10,10", 60}, // fireball, template
		{"/aoe shape:sphere size:20 origin:10,10 method:half", 52},
		{"/aoe shape:sphere size:20 origin:10,10 method:token", 64},
		{"/aoe shape:cylinder size:10 origin:0,0 method:token", 16}, // flame strike: a 20-ft square
		{"/aoe shape:sphere size:10 method:half", 12},
		{"/aoe shape:cone size:30 origin:5,5 direction:e method:token", 21},
		{"/aoe shape:cone size:30 origin:5,5 direction:ne method:token", 21},
		{"/aoe shape:line size:60 origin:0,0 direction:e", 12}, // lightning bolt
		{"/aoe shape:line size:30 width:10 origin:0,0 direction:s method:token", 12},
		{"/aoe shape:cube size:15 origin:0,0 direction:se", 9},
		{"/aoe shape:line size:20 origin:0,0 direction:30", 0}, // any angle: checked below for a positive count
	}
	for _, tt := range tests {
		r := e.ok("alice", tt.line)
		if tt.count > 0 && jnum(t, r.Result, "count") != tt.count {
			t.Errorf("%s: count %d, want %d", tt.line, jnum(t, r.Result, "count"), tt.count)
		}
		if n := len(r.Result["squares"].([]any)); n != jnum(t, r.Result, "count") || n == 0 {
			t.Errorf("%s: %d squares listed for a count of %d", tt.line, n, jnum(t, r.Result, "count"))
		}
		if r.Result["file"] != "aoe.png" || !strings.Contains(r.Text, "(aoe.png)") {
			t.Errorf("%s: no picture: %+v", tt.line, r.Result)
		}
	}
	// The guild's setting is the default method; the option wins.
	e.ok("gm-carol", "/settings aoe_method method:token")
	if r := e.ok("alice", "/aoe shape:sphere size:20"); jnum(t, r.Result, "count") != 64 || r.Result["method"] != "token" {
		t.Errorf("token by the setting: %+v", r.Result["count"])
	}
	e.ok("gm-carol", "/settings aoe_method method:half")
	if r := e.ok("alice", "/aoe shape:sphere size:20"); jnum(t, r.Result, "count") != 52 {
		t.Errorf("half by the setting: %+v", r.Result["count"])
	}
	if r := e.ok("alice", "/aoe shape:sphere size:20 method:template"); jnum(t, r.Result, "count") != 60 {
		t.Errorf("the option beats the setting: %+v", r.Result["count"])
	}
}

// TestAoEJSONAndCombatants: the squares as [x,y] pairs and the combatants inside.
func TestAoEJSONAndCombatants(t *testing.T) {
	e := newPlayEnv(t)
	e.initParty() // Aria (1,1), Borin (2,1), Goblin 1 (5,5), Goblin 2 (6,5)
	r := e.ok("alice", "/aoe shape:cube size:10 origin:5,5 direction:se")
	got := r.Result["squares"].([]any)
	want := [][2]float64{{5, 5}, {6, 5}, {5, 6}, {6, 6}}
	if len(got) != len(want) {
		t.Fatalf("squares %v", got)
	}
	for i, w := range want {
		p := got[i].([]any)
		if p[0].(float64) != w[0] || p[1].(float64) != w[1] {
			t.Errorf("square %d: %v, want %v", i, p, w)
		}
	}
	inside := r.Result["inside"].([]any)
	if len(inside) != 2 || inside[0].(map[string]any)["name"] != "Goblin 1" || inside[1].(map[string]any)["name"] != "Goblin 2" {
		t.Errorf("inside: %+v", inside)
	}
	if !strings.Contains(r.Text, "Goblin 1 (5,5)") || strings.Contains(r.Text, "Aria") {
		t.Errorf("text:\n%s", r.Text)
	}
	if r := e.ok("alice", "/aoe shape:sphere size:5 origin:2,2"); len(r.Result["inside"].([]any)) != 2 {
		t.Errorf("Aria and Borin inside a 5-ft sphere at 2,2: %+v", r.Result["inside"])
	}
}

// TestAoEPicture decodes the PNG attached to the reply and checks the pixels of affected and unaffected squares,
// the origin and a combatant, with bot/draw's geometry.
func TestAoEPicture(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", "/init start")
	e.ok("alice", "/init add name:Ogre hp:59 x:12 y:10", 5)
	req := &bot.Request{Path: []string{"aoe"}, UserID: "alice", GuildID: playGuild, ChannelID: "c1",
		Options: map[string]any{"shape": "sphere", "size": "20", "origin": "10,10"}}
	r := e.bot.Handle(req)
	if r.ErrorCode != "" || len(r.Files) != 1 || r.Files[0].ContentType != "image/png" {
		t.Fatalf("reply: %+v", r)
	}
	img, err := png.Decode(bytes.NewReader(r.Files[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	// Rebuild the picture's view from what it shows: the squares, the origin and the Ogre (number 1).
	squares, err := area.Squares(area.Area{Shape: area.Sphere, Size: 20, Origin: area.Square{X: 10, Y: 10}})
	if err != nil {
		t.Fatal(err)
	}
	g := draw.GridPicture{Origin: image.Point{10, 10}, OriginCorner: true, Combatants: []draw.Combatant{{At: image.Point{12, 10}, Label: 1}}}
	for _, s := range squares {
		g.Affected = append(g.Affected, image.Point{s.X, s.Y})
	}
	view := draw.View(g)
	if size := draw.Size(view); img.Bounds().Dx() != size.X || img.Bounds().Dy() != size.Y {
		t.Fatalf("image %v, want %v", img.Bounds(), size)
	}
	same := func(a, b color.Color) bool {
		r1, g1, b1, a1 := a.RGBA()
		r2, g2, b2, a2 := b.RGBA()
		return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
	}
	// A point inside a cell, away from its grid lines, the origin marker and the numbers.
	in := func(x, y, dx, dy int) image.Point {
		return draw.CellOrigin(view, image.Point{x, y}).Add(image.Point{dx, dy})
	}
	probes := []struct {
		name string
		at   image.Point
		want color.Color
	}{
		{"affected (9,9), next to the origin", in(9, 9, 4, 4), draw.AffectedColor},
		{"affected (6,10), the west edge", in(6, 10, draw.CellPx/2, draw.CellPx/2), draw.AffectedColor},
		{"affected (13,7)", in(13, 7, draw.CellPx/2, draw.CellPx/2), draw.AffectedColor},
		{"unaffected (6,6), a corner", in(6, 6, draw.CellPx/2, draw.CellPx/2), draw.Background},
		{"unaffected (14,10), east of the edge", in(14, 10, draw.CellPx/2, draw.CellPx/2), draw.Background},
		{"unaffected (10,14), south of the edge", in(10, 14, draw.CellPx/2, draw.CellPx/2), draw.Background},
		{"origin at the intersection (10,10)", draw.CellOrigin(view, image.Point{10, 10}), draw.OriginColor},
		{"the Ogre inside the area", in(12, 10, draw.CellPx/2-draw.TokenRadiusPx+1, draw.CellPx/2), draw.InsideColor},
		{"grid line", in(6, 6, 0, draw.CellPx/2), draw.GridColor},
	}
	for _, p := range probes {
		if got := img.At(p.at.X, p.at.Y); !same(got, p.want) {
			t.Errorf("%s at %v: %v, want %v", p.name, p.at, got, p.want)
		}
	}
}

// TestAoEBadInput: localized errors for every kind of bad area.
func TestAoEBadInput(t *testing.T) {
	e := newPlayEnv(t)
	for _, tt := range []struct{ line, code string }{
		{"/aoe shape:sphere size:7", area.ErrBadSize},
		{"/aoe shape:sphere size:0", "core.err.too_small"},
		{"/aoe shape:sphere size:1005", "core.err.too_large"},
		{"/aoe shape:hexagon size:10", "core.err.bad_choice"},
		{"/aoe shape:sphere size:20 width:5", area.ErrWidthNotLine},
		{"/aoe shape:line size:20 width:3 direction:e", area.ErrBadWidth},
		{"/aoe shape:cone size:15", area.ErrNoDirection},
		{"/aoe shape:cone size:15 direction:up", area.ErrBadDirection},
		{"/aoe shape:cone size:15 direction:30 method:token", area.ErrCompassOnly},
		{"/aoe shape:cube size:15 direction:30", area.ErrCompassOnly},
		{"/aoe shape:sphere size:20 origin:a,b", area.ErrBadOrigin},
		{"/aoe shape:sphere size:20 origin:20000,1", area.ErrOriginTooFar},
		{"/aoe shape:sphere size:20 method:hex", "core.err.bad_choice"},
		{"/aoe size:20", "core.err.missing_option"},
	} {
		r := e.run("alice", tt.line)
		if r.Error != tt.code || !r.Ephemeral || strings.HasPrefix(r.Text, tt.code) {
			t.Errorf("%s: %+v, want %s", tt.line, r, tt.code)
		}
	}
	if r := e.runLocale("alice", "zh-CN", "/aoe shape:sphere size:7"); r.Error != area.ErrBadSize || !strings.Contains(r.Text, "7") || strings.Contains(r.Text, "multiple") {
		t.Errorf("zh-CN: %+v", r)
	}
	if r := e.runLocale("alice", "ko", "/aoe shape:cone size:15"); r.Error != area.ErrNoDirection || strings.Contains(r.Text, "Give") {
		t.Errorf("ko: %+v", r)
	}
}

// FuzzAoE: no area typed into /aoe or /cast panics; every reply is an area or a localized error.
func FuzzAoE(f *testing.F) {
	f.Add("sphere", int64(20), "template", "10,10", "", int64(0))
	f.Add("cone", int64(30), "token", "4,4", "ne", int64(0))
	f.Add("line", int64(60), "half", "-3,2", "22.5", int64(10))
	f.Add("cube", int64(15), "", "(１，２)", "se", int64(5))
	b := bot.New(bot.Config{})
	f.Fuzz(func(t *testing.T, shape string, size int64, method, origin, dir string, width int64) {
		opts := map[string]any{"shape": shape, "size": size, "origin": origin, "direction": dir}
		if method != "" {
			opts["method"] = method
		}
		if width != 0 {
			opts["width"] = width
		}
		r := b.Handle(&bot.Request{Path: []string{"aoe"}, Options: opts, UserID: "u"})
		if r.ErrorCode == "" && (len(r.Files) != 1 || r.Result == nil) {
			t.Fatalf("%v: no picture: %+v", opts, r)
		}
		if r.ErrorCode == "core.err.internal" {
			t.Fatalf("%v: internal error", opts)
		}
	})
}
