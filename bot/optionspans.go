package bot

import (
	"regexp"
	"strings"

	"rulekeeper/locales"
)

// Bare options in a reply: a catalog text that quotes one option of the command being answered in a code span of
// its own (`target:`, `kit:true`) names it as the caller's Discord shows it (`대상:`, `도구:예`), so it can be typed
// back. A span holding more than one `name:value` (a value format such as `dodge:30,fighting:45`) stays as written.

// optionSpanRE is a code span that holds one option name and maybe a one-word value.
var optionSpanRE = regexp.MustCompile("`([a-z_]+):([^`\\s,:]*)`")

// localizeOptionSpans rewrites the bare option spans of r (and its posts) for the command at path in p's language.
func (b *Bot) localizeOptionSpans(p *locales.Printer, path []string, r *Reply) {
	if r == nil || p.Lang() == locales.EN || len(path) == 0 {
		return
	}
	cmd := b.Lookup(path[0])
	if cmd == nil {
		return
	}
	rewrite := func(text string) string {
		if !strings.Contains(text, ":`") && !strings.Contains(text, "`") {
			return text
		}
		return optionSpanRE.ReplaceAllStringFunc(text, func(span string) string {
			m := optionSpanRE.FindStringSubmatch(span)
			paths := optionPaths([]string{cmd.Name}, cmd.Options, m[1])
			if len(paths) == 0 {
				return span
			}
			at := paths[0]
			for _, other := range paths[1:] {
				if label(p, other...) != label(p, at...) {
					return span // named two ways in this command: left as written
				}
			}
			v := m[2]
			if v != "" {
				v = choiceLabel(p, v, at...)
			}
			return "`" + label(p, at...) + ":" + v + "`"
		})
	}
	r.Title, r.Body = rewrite(r.Title), rewrite(r.Body)
	for i := range r.Fields {
		r.Fields[i].Value = rewrite(r.Fields[i].Value)
	}
}

// optionPaths are the paths of the options named name under path, subcommands searched in order.
func optionPaths(path []string, opts []*Option, name string) [][]string {
	var out [][]string
	for _, o := range opts {
		at := append(path[:len(path):len(path)], o.Name)
		switch {
		case o.Type == SubCommand || o.Type == SubCommandGroup:
			out = append(out, optionPaths(at, o.Options, name)...)
		case o.Name == name:
			out = append(out, at)
		}
	}
	return out
}
