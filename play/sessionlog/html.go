package sessionlog

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"strings"
	"time"
)

// The replay's page, style sheet and script (no words: the words come from Labels and the log).
var (
	//go:embed replay.html
	replayPage string
	//go:embed replay.css
	replayCSS string
	//go:embed replay.js
	replayJS string

	replay = template.Must(template.New("replay").Parse(replayPage))
)

// HTML exports the log as one self-contained page: inline style sheet and script, no request to anywhere (its
// Content-Security-Policy allows only them, by hash). Each character has its own colour for light and dark
// themes; speech, rolls, out-of-character and bot lines look different; rounds and turns are markers; a roll's
// odds show on hover (title); a switch hides the out-of-character lines. Every text from the log is escaped.
func HTML(l *Log, lb Labels) []byte {
	cast := l.Participants()
	names := make([]string, len(cast))
	for i, p := range cast {
		names[i] = p.Name
	}
	colours := palette(names)
	class := make(map[string]string, len(names))
	for i, n := range names {
		class[n] = fmt.Sprintf("c%d", i)
	}
	style := replayCSS + colourRules(names, colours)
	page := htmlPage{
		Lang: l.Lang, Name: l.Name, Labels: lb,
		Start: iso(l.Started), Dates: dateRange(l.Started, l.Ended),
		Style:  template.CSS(style),
		Script: template.JS(replayJS),
		CSP: "default-src 'none'; style-src " + hashSource(style) + "; script-src " + hashSource(replayJS) +
			"; base-uri 'none'; form-action 'none'",
	}
	if !l.Ended.IsZero() {
		page.End = iso(l.Ended)
	}
	for _, p := range cast {
		page.Cast = append(page.Cast, htmlCast{Participant: p, Class: class[p.Name]})
	}
	for i := range l.Entries {
		page.Rows = append(page.Rows, htmlRowOf(&l.Entries[i], &lb, class))
	}
	var b bytes.Buffer
	if err := replay.Execute(&b, &page); err != nil {
		panic("sessionlog: the replay template failed: " + err.Error()) // the page and its data are ours
	}
	return b.Bytes()
}

// htmlPage is what replay.html shows.
type htmlPage struct {
	Lang, Name, Start, End, Dates string
	CSP                           string
	Style                         template.CSS
	Script                        template.JS
	Labels                        Labels
	Cast                          []htmlCast
	Rows                          []htmlRow
}

type htmlCast struct {
	Participant
	Class string
}

// htmlRow is a marker (Marker "round" or "turn", Text) or an entry.
type htmlRow struct {
	Marker, Text       string
	Kind, Class        string
	Act, OOC           bool
	Time, Clock        string
	Who, Tag, Revealed string
	Lines              []string
	Roll               *htmlRoll
}

type htmlRoll struct {
	Expr, Outcome, Label, Title string
	Dice                        []htmlDie
	More                        bool // dice past maxShownDice
	Total                       int
}

type htmlDie struct {
	Face              int
	Dropped, Max, Min bool
}

func htmlRowOf(e *Entry, lb *Labels, class map[string]string) htmlRow {
	switch e.Kind {
	case KindRound:
		return htmlRow{Marker: "round", Text: lb.round(e.Round)}
	case KindTurn:
		return htmlRow{Marker: "turn", Text: lb.turn(e.Character), Class: class[e.Character]}
	}
	r := htmlRow{Kind: string(e.Kind), Class: class[e.Who()], Time: iso(e.Time), Clock: e.Time.UTC().Format("15:04"),
		Who: e.Who(), Lines: e.Lines, OOC: e.Kind == KindOOC,
		Act: e.Kind != KindSay && e.Kind != KindOOC && e.Kind != KindSystem}
	if r.OOC {
		r.Tag = lb.OOC
	}
	if e.Revealed {
		r.Revealed = lb.Revealed
	}
	if e.Roll != nil {
		r.Roll = htmlRollOf(e.Kind, e.Roll, lb)
	}
	return r
}

func htmlRollOf(k Kind, r *Roll, lb *Labels) *htmlRoll {
	out := &htmlRoll{Expr: r.Expr, Outcome: string(r.Outcome), Label: lb.outcome(r.Outcome), Title: lb.odds(k, r.Odds),
		Total: r.Total, More: len(r.Dice) > maxShownDice}
	for _, d := range r.Dice[:min(len(r.Dice), maxShownDice)] {
		lo, hi := 1, d.Sides
		if d.Sides == 0 {
			lo, hi = -1, 1
		}
		out.Dice = append(out.Dice, htmlDie{Face: d.Face, Dropped: d.Dropped, Max: d.Face == hi && hi > 1,
			Min: d.Face == lo && hi > 1})
	}
	return out
}

// colourRules gives each name's class its colour, light and then dark.
func colourRules(names []string, colours map[string]Colour) string {
	var light, dark strings.Builder
	for i, n := range names {
		fmt.Fprintf(&light, ".c%d{--c:%s}", i, colours[n].Light)
		fmt.Fprintf(&dark, ".c%d{--c:%s}", i, colours[n].Dark)
	}
	return "\n" + light.String() + "\n@media (prefers-color-scheme:dark){" + dark.String() + "}\n"
}

// hashSource is the CSP source that allows exactly the inline text s.
func hashSource(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

func iso(t time.Time) string { return t.UTC().Format(time.RFC3339) }
