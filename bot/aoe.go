package bot

import (
	"bytes"
	"image"
	"strconv"
	"strings"

	"rulekeeper/bot/draw"
	"rulekeeper/rules/area"
	"rulekeeper/rules/encounter"
)

// /aoe lays an area of effect on the 5-ft grid (digest B11) with the method the guild plays by (the setting
// aoe_method, else the template method), lists the affected squares and the channel's combatants inside, and
// draws the grid as a PNG. /cast of an area spell with an origin uses the same area.

// aoeMethodChoices are the grid methods: template, token and the DMG half-square rule.
var aoeMethodChoices = []string{string(area.Template), string(area.Token), string(area.Half)}

// maxListedSquares bounds the squares named in a reply's text and in its JSON.
const (
	maxTextSquares = 40
	maxJSONSquares = 5000
	aoeFileName    = "aoe.png"
)

func (b *Bot) aoeCommand() *Command {
	shapes := make([]string, 0, len(area.Shapes()))
	for _, s := range area.Shapes() {
		shapes = append(shapes, string(s))
	}
	feet := func(name string, required bool) *Option {
		return &Option{Name: name, Type: Integer, Required: required, Min: Bound(1), Max: Bound(area.MaxFeet)}
	}
	return &Command{
		Name: "aoe",
		Options: []*Option{
			{Name: "shape", Type: String, Required: true, Choices: shapes},
			feet("size", true),
			{Name: "method", Type: String, Choices: aoeMethodChoices},
			{Name: "origin", Type: String, MaxLen: 32},
			{Name: "direction", Type: String, MaxLen: 32, Complete: completeDirection},
			feet("width", false),
		},
		Handler: b.aoe,
		Examples: []string{
			"/aoe shape:sphere size:20 origin:10,10",
			"/aoe shape:cone size:30 origin:4,4 direction:e method:token",
			"/aoe shape:line size:60 width:5 origin:0,0 direction:30",
			"/aoe shape:cube size:15 origin:2,2 direction:se method:half",
		},
	}
}

// completeDirection suggests the eight compass directions, named in the reply language.
func completeDirection(req *Request) []Choice {
	typed := strings.ToLower(strings.TrimSpace(req.Str(req.Focused)))
	var out []Choice
	for i, n := range area.CompassNames() {
		key, _ := area.DirKey(float64(i) * 45)
		name := req.T(key)
		if typed == "" || strings.HasPrefix(n, typed) || strings.Contains(strings.ToLower(name), typed) {
			out = append(out, Choice{Name: req.P.Paren(name, n), Value: n})
		}
	}
	return out
}

// aoeMethod is the request's method option, else the guild's setting, else the template method.
func aoeMethod(req *Request) (area.Method, error) {
	m := req.Str("method")
	if m == "" {
		m = req.Guild.AoEMethod
	}
	if m == "" {
		return area.Template, nil
	}
	return area.ParseMethod(m)
}

// readArea builds and checks an area from the request's method, origin and direction options; the origin defaults
// to 0,0 and the direction is needed only by cones, lines and cubes.
func readArea(req *Request, shape area.Shape, size, width int) (*area.Footprint, error) {
	a := area.Area{Shape: shape, Size: size, Width: width}
	var err error
	if a.Method, err = aoeMethod(req); err != nil {
		return nil, err
	}
	if o := strings.TrimSpace(req.Str("origin")); o != "" {
		if a.Origin, err = area.ParseOrigin(o); err != nil {
			return nil, err
		}
	}
	if shape.NeedsDirection() {
		if a.Dir, err = area.ParseDirection(req.Str("direction")); err != nil {
			return nil, err
		}
	} else if d := strings.TrimSpace(req.Str("direction")); d != "" {
		if _, err := area.ParseDirection(d); err != nil {
			return nil, err
		}
	}
	return area.Compile(a)
}

// aoeInside is a combatant with a position inside an area.
type aoeInside struct {
	Name  string `json:"name"`
	X     int    `json:"x"`
	Y     int    `json:"y"`
	Label int    `json:"label"` // its number on the picture (its place in the turn order)
}

// aoeResult is the JSON of /aoe (and the area part of /cast).
type aoeResult struct {
	Shape     string      `json:"shape"`
	Method    string      `json:"method"`
	Size      int         `json:"size"`
	Width     int         `json:"width,omitempty"`
	Origin    [2]int      `json:"origin"`
	Direction *float64    `json:"direction,omitempty"` // degrees clockwise from north; cones, lines and cubes
	Count     int         `json:"count"`
	Squares   [][2]int    `json:"squares"`
	Truncated bool        `json:"squares_truncated,omitempty"` // more than maxJSONSquares: the list is cut, Count is whole
	Inside    []aoeInside `json:"inside"`
	File      string      `json:"file"`
}

// layArea computes an area's squares, the combatants of e inside it and its picture.
func layArea(fp *area.Footprint, e *encounter.Encounter) (*aoeResult, File, error) {
	a := fp.Area()
	sq := fp.Squares()
	res := &aoeResult{
		Shape: string(a.Shape), Method: string(a.Method), Size: a.Size, Origin: [2]int{a.Origin.X, a.Origin.Y},
		Count: len(sq), Squares: [][2]int{}, Inside: []aoeInside{}, File: aoeFileName,
	}
	if a.Shape == area.Line {
		res.Width = a.Width
	}
	if a.Shape.NeedsDirection() {
		d := a.Dir
		res.Direction = &d
	}
	pic := draw.GridPicture{
		Origin:       image.Point{a.Origin.X, a.Origin.Y},
		OriginCorner: a.Method != area.Token || a.Shape == area.Sphere || a.Shape == area.Cylinder,
	}
	for i, s := range sq {
		if i < maxJSONSquares {
			res.Squares = append(res.Squares, [2]int{s.X, s.Y})
		} else {
			res.Truncated = true
		}
		pic.Affected = append(pic.Affected, image.Point{s.X, s.Y})
	}
	if e != nil {
		for i, c := range e.Combatants {
			if c.Pos == nil {
				continue
			}
			pic.Combatants = append(pic.Combatants, draw.Combatant{At: image.Point{c.Pos.X, c.Pos.Y}, Label: i + 1})
			if fp.Has(c.Pos.X, c.Pos.Y) {
				res.Inside = append(res.Inside, aoeInside{Name: c.Name, X: c.Pos.X, Y: c.Pos.Y, Label: i + 1})
			}
		}
	}
	var buf bytes.Buffer
	if err := draw.Grid(&buf, pic); err != nil {
		return nil, File{}, err
	}
	return res, File{Name: aoeFileName, ContentType: "image/png", Data: buf.Bytes()}, nil
}

// areaLine is "Sphere 20 ft · template method · origin 10,10 · 60 squares".
func areaLine(req *Request, res *aoeResult) string {
	parts := []string{req.T(area.Shape(res.Shape).Key()) + " " + req.T("aoe.feet", "Feet", res.Size)}
	if res.Width > 0 {
		parts = append(parts, req.T("aoe.width", "Feet", res.Width))
	}
	if res.Direction != nil {
		if key, ok := area.DirKey(*res.Direction); ok {
			parts = append(parts, req.T(key))
		} else {
			parts = append(parts, req.T("aoe.degrees", "Degrees", strconv.FormatFloat(*res.Direction, 'f', -1, 64)))
		}
	}
	parts = append(parts, req.T(area.Method(res.Method).Key()),
		req.T("aoe.origin", "X", res.Origin[0], "Y", res.Origin[1]),
		req.T("aoe.count", "Count", res.Count))
	return strings.Join(parts, " · ")
}

func (b *Bot) aoe(req *Request) (*Reply, error) {
	shape, err := area.ParseShape(req.Str("shape"))
	if err != nil {
		return nil, err
	}
	fp, err := readArea(req, shape, req.Int("size", 0), req.Int("width", 0))
	if err != nil {
		return nil, err
	}
	var e *encounter.Encounter
	if b.cfg.Table.Ready(req.caller()) == nil {
		if e, err = b.cfg.Table.Encounter(req.Ctx, req.caller()); err != nil {
			return nil, err
		}
	}
	res, file, err := layArea(fp, e)
	if err != nil {
		return nil, err
	}
	lines := []string{areaLine(req, res)}
	var sq []string
	for i, s := range res.Squares {
		if i == maxTextSquares {
			sq = append(sq, "…")
			break
		}
		sq = append(sq, strconv.Itoa(s[0])+","+strconv.Itoa(s[1]))
	}
	if len(sq) > 0 {
		lines = append(lines, req.T("aoe.squares", "Squares", strings.Join(sq, " ")))
	}
	if len(res.Inside) > 0 {
		var names []string
		for _, c := range res.Inside {
			names = append(names, strconv.Itoa(c.Label)+" "+c.Name+" "+posText(req.P, &encounter.Pos{X: c.X, Y: c.Y}))
		}
		lines = append(lines, req.T("aoe.inside", "Names", req.P.List(names)))
	} else if e != nil {
		lines = append(lines, req.T("aoe.nobody"))
	}
	return &Reply{
		Title:  req.T("aoe.title"),
		Body:   strings.Join(lines, "\n"),
		Files:  []File{file},
		Result: res,
	}, nil
}
