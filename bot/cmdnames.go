package bot

import (
	"strings"

	"rulekeeper/locales"
)

// Command names in the caller's language: the names of commands, options and choices an error or a reply quotes
// are the localized names the bot registers on Discord (cmd.<path>.label, cmd.<path>.choice.<value>), so a Korean
// user reads `/시트 설정 항목:attack` and can type it back (the console and Discord both accept them).

// label is the localized name of the command or option at path (its own name when the catalog has none).
func label(p *locales.Printer, path ...string) string {
	if k := LabelKey(path...); p.Has(k) {
		return p.T(k)
	}
	return path[len(path)-1]
}

// choiceLabel is the localized name of a choice of the option at path. English keeps the value: its labels are
// descriptions ("classic: damage above max HP"), the values are what one types.
func choiceLabel(p *locales.Printer, value string, path ...string) string {
	if k := ChoiceKey(value, path...); p.Lang() != locales.EN && p.Has(k) {
		return p.T(k)
	}
	return value
}

// commandPath names a command path in p's language, its words joined by spaces: "sheet set" → "시트 설정".
func commandPath(p *locales.Printer, path []string) string {
	out := make([]string, len(path))
	for i := range path {
		out[i] = label(p, path[:i+1]...)
	}
	return strings.Join(out, " ")
}

// errNames are the command, option and choice names an *Error quotes, rendered in the caller's language.
type errNames struct {
	cmd     []string // the command path: Args["Command"]
	opt     string   // an option of it: Args["Name"] ("" none)
	subs    []string // options or subcommands of cmd: Args["Choices"]
	choices []string // the choices of opt: Args["Choices"]
}

// About marks e as quoting the command path cmd and, when opt is not "", its option opt; it returns e.
func (e *Error) About(cmd []string, opt string) *Error {
	e.names = &errNames{cmd: cmd, opt: opt}
	return e
}

// localArgs is e's template data with the names it quotes in p's language.
func (e *Error) localArgs(p *locales.Printer) map[string]any {
	n := e.names
	if n == nil {
		return e.Args
	}
	out := make(map[string]any, len(e.Args))
	for k, v := range e.Args {
		out[k] = v
	}
	if _, ok := out["Command"]; ok && len(n.cmd) > 0 {
		out["Command"] = commandPath(p, n.cmd)
	}
	if n.opt != "" {
		out["Name"] = label(p, append(n.cmd[:len(n.cmd):len(n.cmd)], n.opt)...)
	}
	var list []string
	for _, s := range n.subs {
		list = append(list, label(p, append(n.cmd[:len(n.cmd):len(n.cmd)], s)...))
	}
	for _, c := range n.choices {
		list = append(list, choiceLabel(p, c, append(n.cmd[:len(n.cmd):len(n.cmd)], n.opt)...))
	}
	if list != nil {
		out["Choices"] = p.List(list)
	}
	return out
}
