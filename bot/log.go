package bot

import (
	"strconv"
	"strings"
	"time"

	"rulekeeper/play"
	"rulekeeper/play/sessionlog"
)

// /log start|pause|resume|stop|list|export|stats (issue 18): a channel's session as a log. While a log runs, every
// public reply of the bot in the channel is recorded (record.go); /say adds in-character lines.

// Export formats of /log export.
const (
	formatHTML     = "html"
	formatMarkdown = "markdown"
	formatJSON     = "json"
)

func (b *Bot) logCommand() *Command {
	name := func() *Option { return &Option{Name: "name", Type: String, MaxLen: sessionlog.MaxNameRunes} }
	return &Command{
		Name: "log",
		Options: []*Option{
			{Name: "start", Type: SubCommand, Handler: b.logStart, Options: []*Option{name()},
				Examples: []string{`/log start name:"Goblin ambush"`, "/log start"}},
			{Name: "pause", Type: SubCommand, Handler: b.logChange(play.LogPause), Examples: []string{"/log pause"}},
			{Name: "resume", Type: SubCommand, Handler: b.logChange(play.LogResume), Examples: []string{"/log resume"}},
			{Name: "stop", Type: SubCommand, Handler: b.logChange(play.LogStop), Examples: []string{"/log stop"}},
			{Name: "list", Type: SubCommand, Handler: b.logList, Examples: []string{"/log list"}},
			{Name: "export", Type: SubCommand, Handler: b.logExport, Options: []*Option{name(),
				{Name: "format", Type: String, Choices: []string{formatHTML, formatMarkdown, formatJSON}}},
				Examples: []string{`/log export name:"Goblin ambush" format:html`, "/log export format:markdown"}},
			{Name: "stats", Type: SubCommand, Handler: b.logStats, Options: []*Option{name()},
				Examples: []string{`/log stats name:"Goblin ambush"`}},
		},
	}
}

// logResult is the JSON of /log start, pause, resume and stop.
type logResult struct {
	ID      string           `json:"id"`
	Name    string           `json:"name"`
	State   sessionlog.State `json:"state"`
	Entries int              `json:"entries"`
}

// logStateKeys words a log's state.
var logStateKeys = map[sessionlog.State]string{sessionlog.Running: "log.state.running",
	sessionlog.Paused: "log.state.paused", sessionlog.Stopped: "log.state.stopped"}

func resultOf(l *sessionlog.Log) logResult {
	return logResult{ID: l.ID, Name: l.Name, State: l.State, Entries: len(l.Entries)}
}

func (b *Bot) logStart(req *Request) (*Reply, error) {
	name := strings.TrimSpace(req.Str("name"))
	if name == "" {
		name = req.T("log.default_name", "Date", req.Now.UTC().Format(time.DateOnly))
	}
	l, err := b.cfg.Table.LogStart(req.Ctx, req.caller(), name, string(req.P.Lang()), req.Now)
	if err != nil {
		return nil, err
	}
	return &Reply{Title: req.T("log.title", "Name", l.Name), Body: req.T("log.started", "Name", l.Name),
		Tone: ToneSuccess, Result: resultOf(l)}, nil
}

func (b *Bot) logChange(action play.LogAction) Handler {
	return func(req *Request) (*Reply, error) {
		l, err := b.cfg.Table.LogChange(req.Ctx, req.caller(), action, req.Now)
		if err != nil {
			return nil, err
		}
		key := map[play.LogAction]string{play.LogPause: "log.paused", play.LogResume: "log.resumed",
			play.LogStop: "log.stopped"}[action]
		return &Reply{Title: req.T("log.title", "Name", l.Name), Body: req.T(key, "Name", l.Name, "N", len(l.Entries)),
			Result: resultOf(l)}, nil
	}
}

// logListRow is one log of /log list's JSON.
type logListRow struct {
	logResult
	Channel string    `json:"channel"`
	Started time.Time `json:"started"`
}

func (b *Bot) logList(req *Request) (*Reply, error) {
	infos, err := b.cfg.Table.Logs(req.Ctx, req.caller())
	if err != nil {
		return nil, err
	}
	rows := []logListRow{}
	var lines []string
	for _, l := range infos {
		rows = append(rows, logListRow{logResult: logResult{ID: l.ID, Name: l.Name, State: l.State, Entries: l.Entries},
			Channel: l.Channel, Started: l.Started})
		lines = append(lines, req.T("log.row", "Name", l.Name, "Channel", "<#"+l.Channel+">",
			"Date", l.Started.UTC().Format(time.DateOnly), "State", req.T(logStateKeys[l.State]), "N", l.Entries))
	}
	if len(lines) == 0 {
		lines = []string{req.T("log.none")}
	}
	return &Reply{Title: req.T("log.list_title"), Body: strings.Join(lines, "\n"), Ephemeral: true, Result: map[string]any{"logs": rows}}, nil
}

// logExportResult is the JSON of /log export.
type logExportResult struct {
	logResult
	Format string `json:"format"`
	File   string `json:"file"`
	Bytes  int    `json:"bytes"`
}

func (b *Bot) logExport(req *Request) (*Reply, error) {
	l, err := b.cfg.Table.LogNamed(req.Ctx, req.caller(), req.Str("name"))
	if err != nil {
		return nil, err
	}
	format := req.Str("format")
	if format == "" {
		format = formatHTML
	}
	labels := sessionlog.NewLabels(req.P.T)
	var f File
	base := fileBase(l.Name)
	switch format {
	case formatMarkdown:
		f = File{Name: base + ".md", ContentType: "text/markdown; charset=utf-8", Data: sessionlog.Markdown(l, labels)}
	case formatJSON:
		data, err := sessionlog.JSON(l)
		if err != nil {
			return nil, err
		}
		f = File{Name: base + ".json", ContentType: "application/json", Data: data}
	default:
		f = File{Name: base + ".html", ContentType: "text/html; charset=utf-8", Data: sessionlog.HTML(l, labels)}
	}
	return &Reply{Title: req.T("log.title", "Name", l.Name), Body: req.T("log.exported", "Name", l.Name, "N", len(l.Entries)),
		Files: []File{f}, Result: logExportResult{logResult: resultOf(l), Format: format, File: f.Name, Bytes: len(f.Data)}}, nil
}

// fileBase is a file name for a log: its name's letters and digits, "-" for the rest.
func fileBase(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		ok := r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 0x2e7f && r != 0x3000
		switch {
		case ok:
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
	}
	s := strings.TrimSuffix(b.String(), "-")
	if s == "" {
		return "log"
	}
	return s
}

// logStatsRow is one name of /log stats' JSON.
type logStatsRow struct {
	Name        string  `json:"name,omitempty"`
	Rolls       int     `json:"rolls"`
	Successes   int     `json:"successes"`
	Failures    int     `json:"failures"`
	Crits       int     `json:"crits"`
	Fumbles     int     `json:"fumbles"`
	D20s        int     `json:"d20s"`
	D20Mean     float64 `json:"d20_mean"`
	D20Expected float64 `json:"d20_expected"`
	Luck        float64 `json:"luck"`
	DamageDealt int     `json:"damage_dealt"`
	DamageTaken int     `json:"damage_taken"`
}

func statsRow(t *sessionlog.Tally) logStatsRow {
	return logStatsRow{Name: t.Name, Rolls: t.Rolls, Successes: t.Successes, Failures: t.Failures, Crits: t.Crits,
		Fumbles: t.Fumbles, D20s: t.D20s, D20Mean: t.D20Mean(), D20Expected: t.D20ExpectedMean(), Luck: t.Luck(),
		DamageDealt: t.DamageDealt, DamageTaken: t.DamageTaken}
}

func (b *Bot) logStats(req *Request) (*Reply, error) {
	l, err := b.cfg.Table.LogNamed(req.Ctx, req.caller(), req.Str("name"))
	if err != nil {
		return nil, err
	}
	st := l.Stats()
	rows := []logStatsRow{}
	var fields []Field
	for i := range st.Names {
		t := &st.Names[i]
		rows = append(rows, statsRow(t))
		fields = append(fields, Field{Name: t.Name, Value: tallyText(req, t)})
	}
	all := statsRow(&st.All)
	fields = append(fields, Field{Name: req.T("log.stats_all"), Value: tallyText(req, &st.All)})
	return &Reply{Title: req.T("log.stats_title", "Name", l.Name), Fields: fields,
		Result: map[string]any{"log": resultOf(l), "names": rows, "all": all}}, nil
}

// tallyText words one tally: rolls and outcomes, the d20 average against its expected value, hit points.
func tallyText(req *Request, t *sessionlog.Tally) string {
	lines := []string{req.T("log.stats_rolls", "Rolls", t.Rolls, "Successes", t.Successes, "Failures", t.Failures,
		"Crits", t.Crits, "Fumbles", t.Fumbles)}
	if t.D20s > 0 {
		lines = append(lines, req.T("log.stats_d20", "N", t.D20s, "Mean", strconv.FormatFloat(t.D20Mean(), 'f', 2, 64),
			"Expected", strconv.FormatFloat(t.D20ExpectedMean(), 'f', 2, 64)))
	}
	if t.Judged > 0 {
		lines = append(lines, req.T("log.stats_luck", "Luck", strconv.FormatFloat(t.Luck(), 'f', 2, 64)))
	}
	if t.DamageDealt+t.DamageTaken+t.HealingGiven+t.HealingTaken > 0 {
		lines = append(lines, req.T("log.stats_hp", "Dealt", t.DamageDealt, "Taken", t.DamageTaken,
			"Given", t.HealingGiven, "Healed", t.HealingTaken))
	}
	return strings.Join(lines, "\n")
}
