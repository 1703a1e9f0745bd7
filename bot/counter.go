package bot

import (
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
)

// /counter create|use|set|reset|list|delete (issue 13): custom counters on a 5e sheet, as Avrae's !cc —
// superiority dice of a house rule, arrows, a wand's charges. /rest resets those that reset on it; /sheet shows
// them; /sheet export and import carry them.

var counterResets = []string{string(dnd5e.ResetShort), string(dnd5e.ResetLong), string(dnd5e.ResetNone)}

func (b *Bot) counterCommand() *Command {
	name := func() *Option {
		return &Option{Name: "name", Type: String, Required: true, MaxLen: dnd5e.MaxNameLen, Complete: b.completeCounter}
	}
	bound := func(n string, required bool) *Option {
		return &Option{Name: n, Type: Integer, Required: required, Min: Bound(-dnd5e.MaxCounterValue), Max: Bound(dnd5e.MaxCounterValue)}
	}
	return &Command{
		Name: "counter",
		Options: []*Option{
			{Name: "create", Type: SubCommand, Handler: b.counterCreate, Options: []*Option{
				{Name: "name", Type: String, Required: true, MaxLen: dnd5e.MaxNameLen},
				bound("max", true),
				{Name: "reset", Type: String, Choices: counterResets},
				bound("min", false),
				b.characterOption(),
			}, Examples: []string{`/counter create name:"Superiority dice" max:4 reset:short`, "/counter create name:Arrows max:20",
				`/counter create name:"Wand of Web" max:7 reset:long`}},
			{Name: "use", Type: SubCommand, Handler: b.counterUse, Options: []*Option{
				name(), {Name: "amount", Type: Integer, Min: Bound(-2 * dnd5e.MaxCounterValue), Max: Bound(2 * dnd5e.MaxCounterValue)},
				b.characterOption(),
			}, Examples: []string{"/counter use name:Arrows", `/counter use name:"Wand of Web" amount:2`, "/counter use name:Arrows amount:-3"}},
			{Name: "set", Type: SubCommand, Handler: b.counterSet, Options: []*Option{name(), bound("value", true), b.characterOption()},
				Examples: []string{"/counter set name:Arrows value:12"}},
			{Name: "reset", Type: SubCommand, Handler: b.counterReset, Options: []*Option{name(), b.characterOption()},
				Examples: []string{`/counter reset name:"Superiority dice"`}},
			{Name: "list", Type: SubCommand, Handler: b.counterList, Options: []*Option{b.characterOption()},
				Examples: []string{"/counter list"}},
			{Name: "delete", Type: SubCommand, Handler: b.counterDelete, Options: []*Option{name(), b.characterOption()},
				Examples: []string{"/counter delete name:Arrows"}},
		},
	}
}

// counterResult is the JSON of /counter create, use, set, reset and delete.
type counterResult struct {
	Character string        `json:"character"`
	Counter   dnd5e.Counter `json:"counter"`
	Before    *int          `json:"before,omitempty"`
	Deleted   bool          `json:"deleted,omitempty"`
}

func (b *Bot) counterCreate(req *Request) (*Reply, error) {
	reset, err := dnd5e.ParseReset(req.Str("reset"))
	if err != nil {
		return nil, err
	}
	return b.counterRun(req, play.CounterEdit{Op: play.CounterCreate, Min: req.Int("min", 0), Max: req.Int("max", 0), Reset: reset})
}

func (b *Bot) counterUse(req *Request) (*Reply, error) {
	return b.counterRun(req, play.CounterEdit{Op: play.CounterUse, Amount: req.Int("amount", 1)})
}

func (b *Bot) counterSet(req *Request) (*Reply, error) {
	return b.counterRun(req, play.CounterEdit{Op: play.CounterSet, Amount: req.Int("value", 0)})
}

func (b *Bot) counterReset(req *Request) (*Reply, error) {
	return b.counterRun(req, play.CounterEdit{Op: play.CounterReset})
}

func (b *Bot) counterDelete(req *Request) (*Reply, error) {
	return b.counterRun(req, play.CounterEdit{Op: play.CounterDelete})
}

// counterRun runs a counter change and words it.
func (b *Bot) counterRun(req *Request, in play.CounterEdit) (*Reply, error) {
	in.Character, in.Name = req.Str("character"), strings.TrimSpace(req.Str("name"))
	res, err := b.cfg.Table.Counter(req.Ctx, req.caller(), in)
	if err != nil {
		return nil, err
	}
	c, k := res.Character, res.Counter
	out := counterResult{Character: c.Name, Counter: k, Deleted: in.Op == play.CounterDelete}
	var line string
	switch in.Op {
	case play.CounterCreate:
		line = req.T("cc.created", "Name", c.Name, "Counter", k.Name)
	case play.CounterDelete:
		line = req.T("cc.deleted", "Name", c.Name, "Counter", k.Name)
	default:
		before := res.Change.Before
		out.Before = &before
		line = req.T("cc.changed", "Counter", k.Name, "Before", before, "After", k.Value)
	}
	body := line
	if in.Op != play.CounterDelete {
		body += "\n" + counterText(req, k)
	}
	return &Reply{Title: req.T("cc.title", "Name", c.Name), Body: body, Footer: c.Name, Tone: ToneSuccess, Result: out}, nil
}

// counterListResult is the JSON of /counter list.
type counterListResult struct {
	Character string          `json:"character"`
	Counters  []dnd5e.Counter `json:"counters"`
}

func (b *Bot) counterList(req *Request) (*Reply, error) {
	r, lines, err := b.counterListLines(req, req.Str("character"))
	if err != nil {
		return nil, err
	}
	return showPage(req, r, "counters", req.Str("character"), lines, 0), nil
}

// counterListLines builds /counter list of a character ("": the active one), paged by showPage.
func (b *Bot) counterListLines(req *Request, character string) (*Reply, []string, error) {
	c, err := b.cfg.Table.Sheet5e(req.Ctx, req.caller(), character)
	if err != nil {
		return nil, nil, err
	}
	out := counterListResult{Character: c.Name, Counters: c.Counters}
	if out.Counters == nil {
		out.Counters = []dnd5e.Counter{}
	}
	lines := countersLines(req, c)
	if len(lines) == 0 {
		lines = []string{req.T("cc.none", "Name", c.Name)}
	}
	return &Reply{Title: req.T("cc.title", "Name", c.Name), Footer: c.Name, Result: out}, lines, nil
}

// countersLines lists a sheet's counters, one a line.
func countersLines(req *Request, c *dnd5e.Character) []string {
	var out []string
	for _, k := range c.Counters {
		out = append(out, "• "+counterText(req, k))
	}
	return out
}

// counterText is "**Arrows** 12/20 · long rest" (the minimum shown when it is not 0).
func counterText(req *Request, k dnd5e.Counter) string {
	s := "**" + k.Name + "** " + strconv.Itoa(k.Value) + "/" + strconv.Itoa(k.Max)
	if k.Min != 0 {
		s = req.P.Paren(s, req.T("cc.min", "Min", k.Min))
	}
	reset := k.Reset
	if reset == "" {
		reset = dnd5e.ResetNone
	}
	return s + " · " + req.T(reset.Key())
}

// completeCounter suggests the acting character's counters whose name contains what was typed.
func (b *Bot) completeCounter(req *Request) []Choice {
	sh := b.acting(req)
	if sh == nil || sh.Dnd5e == nil {
		return nil
	}
	typed := strings.ToLower(strings.TrimSpace(req.Str(req.Focused)))
	var out []Choice
	for _, k := range sh.Dnd5e.Counters {
		if strings.Contains(strings.ToLower(k.Name), typed) {
			out = append(out, Choice{Name: req.P.Paren(k.Name, strconv.Itoa(k.Value)+"/"+strconv.Itoa(k.Max)), Value: k.Name})
		}
	}
	return out[:min(25, len(out))]
}
