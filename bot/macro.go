package bot

import (
	"regexp"
	"slices"
	"strings"

	"rulekeeper/play"
	"rulekeeper/store"
)

// /macro save|run|list|delete (issue 16): a saved command line, run through the same command table as a typed
// one (ParseLine). Placeholders are {name} in the saved line, filled by name from run's args
// (`args:"target:Goblin dmg:2d6"`); every placeholder must be filled and every arg must name one. A macro that
// runs a macro is refused when saved. A user's macros are theirs in this guild; a GM saves server macros
// (scope:server) that everyone may run, and a user's own macro of the same name shadows one.

const (
	scopePersonal = "mine"
	scopeServer   = "server"
)

// placeholder is {name} in a macro's line.
var placeholder = regexp.MustCompile(`\{([\p{L}\p{N}_-]+)\}`)

func (b *Bot) macroCommand() *Command {
	name := func(complete bool) *Option {
		o := &Option{Name: "name", Type: String, Required: true, MaxLen: play.MaxMacroName}
		if complete {
			o.Complete = b.completeMacro
		}
		return o
	}
	scope := func() *Option {
		return &Option{Name: "scope", Type: String, Choices: []string{scopePersonal, scopeServer}}
	}
	return &Command{
		Name: "macro",
		Options: []*Option{
			{Name: "save", Type: SubCommand, Handler: b.macroSave, Options: []*Option{
				name(false), {Name: "command", Type: String, Required: true, MaxLen: play.MaxMacroCommand}, scope(),
			}, Examples: []string{`/macro save name:stab command:"/attack weapon:rapier damage:3d6 target:{target}"`,
				`/macro save name:init command:"/init join" scope:server`}},
			{Name: "run", Type: SubCommand, Handler: b.macroRun, Options: []*Option{
				name(true), {Name: "args", Type: String, MaxLen: play.MaxMacroCommand}, {Name: "private", Type: Boolean},
			}, Examples: []string{`/macro run name:stab args:"target:Goblin 1"`, "/macro run name:init private:true"}},
			{Name: "list", Type: SubCommand, Handler: b.macroList, Examples: []string{"/macro list"}},
			{Name: "delete", Type: SubCommand, Handler: b.macroDelete, Options: []*Option{name(true), scope()},
				Examples: []string{"/macro delete name:stab", "/macro delete name:init scope:server"}},
		},
	}
}

// macroResult is the JSON of /macro save and delete.
type macroResult struct {
	Name     string `json:"name"`
	Command  string `json:"command"`
	Server   bool   `json:"server,omitempty"`
	Replaced bool   `json:"replaced,omitempty"`
	Deleted  bool   `json:"deleted,omitempty"`
}

func (b *Bot) macroSave(req *Request) (*Reply, error) {
	line := strings.TrimSpace(req.Str("command"))
	if err := b.checkMacroLine(line); err != nil {
		return nil, err
	}
	server := req.Str("scope") == scopeServer
	m, replaced, err := b.cfg.Table.SaveMacro(req.Ctx, req.caller(), play.MacroSave{Name: req.Str("name"), Command: line, Server: server})
	if err != nil {
		return nil, err
	}
	key := "macro.saved"
	if server {
		key = "macro.saved_server"
	}
	body := req.T(key, "Name", m.Name) + "\n`" + m.Command + "`"
	if ps := placeholders(m.Command); len(ps) > 0 {
		body += "\n" + req.T("macro.placeholders", "Names", strings.Join(ps, ", "))
	}
	return &Reply{Title: req.T("macro.title"), Body: body, Tone: ToneSuccess,
		Result: macroResult{Name: m.Name, Command: m.Command, Server: server, Replaced: replaced}}, nil
}

// checkMacroLine refuses a line that is not a command of the table as it would run (its placeholders aside), or
// that runs /macro.
func (b *Bot) checkMacroLine(line string) error {
	probe := &Request{Kind: KindAutocomplete} // resolve checks names and literal values, not required options
	if err := b.ParseLine(probe, line); err != nil {
		return err
	}
	if probe.Path[0] == "macro" {
		return Errorf("macro.err.nested")
	}
	typed := probe.Options
	probe.Options = map[string]any{}
	for k, v := range typed {
		if s, _ := v.(string); !placeholder.MatchString(s) {
			probe.Options[k] = v
		}
	}
	_, opts, err := b.resolve(probe)
	if err != nil {
		return err
	}
	for _, o := range opts {
		if _, ok := typed[o.Name]; o.Required && !ok {
			return Errorf("core.err.missing_option", "Name", o.Name, "Command", strings.Join(probe.Path, " ")).About(probe.Path, o.Name)
		}
	}
	return nil
}

// placeholders lists a line's placeholders, each once, in order.
func placeholders(line string) []string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(line, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

// macroArgs reads run's args: name:value pairs only.
func macroArgs(args string) (map[string]string, error) {
	toks, err := tokenize(args)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, t := range toks {
		if t.name == "" {
			return nil, Errorf("macro.err.bad_args", "Word", t.text)
		}
		out[strings.ToLower(t.name)] = t.text
	}
	return out, nil
}

// macroRun runs a saved line as the caller typed it: the request becomes the saved command's (its path and
// options), so that the reply, a secret roll and the session log are the command's own. private carries over.
func (b *Bot) macroRun(req *Request) (*Reply, error) {
	private := req.Bool("private")
	m, err := b.cfg.Table.FindMacro(req.Ctx, req.caller(), req.Str("name"))
	if err != nil {
		return nil, err
	}
	args, err := macroArgs(req.Str("args"))
	if err != nil {
		return nil, err
	}
	ps := placeholders(m.Command)
	for name := range args {
		switch {
		case len(ps) == 0:
			return nil, Errorf("macro.err.no_placeholders", "Macro", m.Name)
		case !slices.ContainsFunc(ps, func(p string) bool { return strings.ToLower(p) == name }):
			return nil, Errorf("macro.err.unknown_arg", "Name", name, "Macro", m.Name, "Names", strings.Join(ps, ", "))
		}
	}
	fill := func(text string) (string, error) {
		var missing error
		out := placeholder.ReplaceAllStringFunc(text, func(p string) string {
			v, ok := args[strings.ToLower(p[1:len(p)-1])]
			if !ok && missing == nil {
				missing = Errorf("macro.err.missing_arg", "Name", p[1:len(p)-1], "Macro", m.Name)
			}
			return v
		})
		return out, missing
	}
	req.Path, req.Options = nil, map[string]any{}
	if err := b.parseLine(req, m.Command, fill); err != nil {
		return nil, err
	}
	if req.Path[0] == "macro" { // saved before the check, or imported
		return nil, Errorf("macro.err.nested")
	}
	h, opts, err := b.resolve(req)
	if err != nil {
		return nil, err
	}
	if private && FindOption(opts, "private") != nil {
		req.Options["private"] = true
	}
	r, err := h(req)
	if r != nil && private {
		keepPrivate(r, true)
	}
	return r, err
}

// macroListResult is the JSON of /macro list.
type macroListResult struct {
	Own    []macroEntry `json:"own"`
	Server []macroEntry `json:"server"`
}

// macroEntry is one macro of /macro list's JSON.
type macroEntry struct {
	Name     string `json:"name"`
	Command  string `json:"command"`
	Shadowed bool   `json:"shadowed,omitempty"` // a server macro hidden by one of the caller's
}

func (b *Bot) macroList(req *Request) (*Reply, error) {
	r, lines, err := b.macroListLines(req, "")
	if err != nil {
		return nil, err
	}
	return showPage(req, r, "macros", "", lines, 0), nil
}

// maxMacroShown bounds a macro's line in the list, in characters.
const maxMacroShown = 80

// macroListLines builds /macro list: the caller's macros, then the server's (marked when one of the caller's
// hides it), paged by showPage.
func (b *Bot) macroListLines(req *Request, _ string) (*Reply, []string, error) {
	l, err := b.cfg.Table.Macros(req.Ctx, req.caller())
	if err != nil {
		return nil, nil, err
	}
	short := func(s string) string {
		if rs := []rune(s); len(rs) > maxMacroShown {
			return string(rs[:maxMacroShown-1]) + "…"
		}
		return s
	}
	var lines []string
	out := macroListResult{Own: []macroEntry{}, Server: []macroEntry{}}
	for _, m := range l.Own {
		lines = append(lines, "**"+m.Name+"** — `"+short(m.Command)+"`")
		out.Own = append(out.Own, macroEntry{Name: m.Name, Command: m.Command})
	}
	for _, m := range l.Server {
		key, shadowed := "macro.list_server", l.Shadowed(m)
		if shadowed {
			key = "macro.list_shadowed"
		}
		lines = append(lines, "**"+m.Name+"** — `"+short(m.Command)+"` "+req.T(key))
		out.Server = append(out.Server, macroEntry{Name: m.Name, Command: m.Command, Shadowed: shadowed})
	}
	if len(lines) == 0 {
		lines = []string{req.T("macro.none")}
	}
	return &Reply{Title: req.T("macro.list_title"), Ephemeral: true, Result: out}, lines, nil
}

func (b *Bot) macroDelete(req *Request) (*Reply, error) {
	server := req.Str("scope") == scopeServer
	m, err := b.cfg.Table.DeleteMacro(req.Ctx, req.caller(), req.Str("name"), server)
	if err != nil {
		return nil, err
	}
	return &Reply{Title: req.T("macro.title"), Body: req.T("macro.deleted", "Name", m.Name), Tone: ToneSuccess,
		Result: macroResult{Name: m.Name, Command: m.Command, Server: server, Deleted: true}}, nil
}

// completeMacro suggests the macros the caller may run (or delete) whose name contains what was typed.
func (b *Bot) completeMacro(req *Request) []Choice {
	l, err := b.cfg.Table.Macros(req.Ctx, req.caller())
	if err != nil {
		return nil
	}
	typed := store.FoldName(strings.TrimSpace(req.Str(req.Focused)))
	var out []Choice
	add := func(m *store.Macro, mark string) {
		if strings.Contains(store.FoldName(m.Name), typed) && len(out) < 25 {
			out = append(out, Choice{Name: m.Name + mark, Value: m.Name})
		}
	}
	for _, m := range l.Own {
		add(m, "")
	}
	for _, m := range l.Server {
		if !l.Shadowed(m) {
			add(m, " "+req.T("macro.list_server"))
		}
	}
	return out
}
