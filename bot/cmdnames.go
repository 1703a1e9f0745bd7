package bot

import (
	"strings"
	"unicode/utf8"

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
	fields  []string // sheet fields: Args["Fields"] (fieldnames.go)
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
	if n.fields != nil {
		out["Fields"] = fieldNames(p, n.fields)
	}
	return out
}

// localizeReply names the command paths a reply quotes in p's language (English names are the labels already).
func (b *Bot) localizeReply(p *locales.Printer, r *Reply) {
	if r == nil {
		return
	}
	r.Lang = p.Lang()
	if r.Lang == locales.EN {
		return
	}
	r.Title, r.Body = b.localizeText(p, r.Title), b.localizeText(p, r.Body)
	for i := range r.Fields {
		r.Fields[i].Name, r.Fields[i].Value = b.localizeText(p, r.Fields[i].Name), b.localizeText(p, r.Fields[i].Value)
	}
}

// localizeText is localizePaths, with the Korean particle markers left after an English path resolved.
func (b *Bot) localizeText(p *locales.Printer, text string) string {
	text = b.localizePaths(p, text)
	if p.Lang() == locales.KO {
		text = locales.Josa(text)
	}
	return text
}

// pathStarts are the characters after which a "/" may start a quoted command path.
const pathStarts = " `\"“「『(（\n:：*"

// localizePaths rewrites the command paths in text — `/sheet set field:attack value:"…"`, as the catalogs and the
// help examples write them — with the names of p's language: `/시트 설정 항목:attack 값:"…"`. A "/" starts a path
// at the start of the text or after a space, quote, bracket or colon, and only before a command's name; the path
// runs over subcommand names and `option:value` words of the command and stops at anything else. Choice values
// become their labels; other values stay as written.
func (b *Bot) localizePaths(p *locales.Printer, text string) string {
	if !strings.Contains(text, "/") {
		return text
	}
	var out strings.Builder
	for i := 0; i < len(text); {
		c := text[i]
		if c != '/' || (i > 0 && !strings.ContainsRune(pathStarts, lastRune(text[:i]))) {
			out.WriteByte(c)
			i++
			continue
		}
		name := word(text[i+1:])
		cmd := b.Lookup(name)
		if cmd == nil {
			out.WriteByte(c)
			i++
			continue
		}
		out.WriteString("/" + label(p, name))
		i = b.localizeOptions(p, &out, text, i+1+len(name), []string{name}, cmd.Options)
		if p.Lang() == locales.KO && strings.HasPrefix(text[i:], "`") {
			out.WriteByte('`')
			i += 1 + repickParticle(&out, text[i+1:])
		}
	}
	return out.String()
}

// particleForms are the Korean particles a catalog writes after a quoted command path, each as its forms after a
// consonant, after ㄹ and after a vowel; a form must be followed by something other than a Hangul syllable
// (“로” and “라는” by anything).
var particleForms = [][3]string{
	{"으로", "로", "로"}, {"이라는", "이라는", "라는"}, {"은", "은", "는"}, {"을", "을", "를"}, {"과", "과", "와"},
	{"이", "이", "가"},
}

// repickParticle writes the particle that rest starts with, if any, in the form that follows what out ends with (a
// path that was English when the catalog's particle was chosen), and returns the length it read of rest.
func repickParticle(out *strings.Builder, rest string) int {
	end := locales.LastSound(out.String())
	if end == locales.EndUnknown {
		return 0
	}
	for _, f := range particleForms {
		for _, form := range []string{f[0], f[2]} {
			if !strings.HasPrefix(rest, form) {
				continue
			}
			next, _ := utf8.DecodeRuneInString(rest[len(form):])
			free := f[2] == "로" || f[2] == "라는"
			if !free && next >= 0xAC00 && next <= 0xD7A3 {
				continue
			}
			switch end {
			case locales.EndConsonant:
				out.WriteString(f[0])
			case locales.EndRieul:
				out.WriteString(f[1])
			default:
				out.WriteString(f[2])
			}
			return len(form)
		}
	}
	return 0
}

// localizeOptions writes the subcommands and `option:value` words of a command path from text[i:] in p's language
// and returns where the path ends.
func (b *Bot) localizeOptions(p *locales.Printer, out *strings.Builder, text string, i int, path []string, opts []*Option) int {
	for i < len(text) && text[i] == ' ' {
		w := word(text[i+1:])
		o := FindOption(opts, w)
		if w == "" || o == nil {
			return i
		}
		end := i + 1 + len(w)
		isSub := o.Type == SubCommand || o.Type == SubCommandGroup
		hasValue := end < len(text) && text[end] == ':'
		if isSub == hasValue {
			return i
		}
		at := append(path[:len(path):len(path)], w)
		out.WriteString(" " + label(p, at...))
		if isSub {
			path, opts, i = at, o.Options, end
			continue
		}
		out.WriteByte(':')
		v := value(text[end+1:])
		if len(o.Choices) > 0 && !strings.HasPrefix(v, "\"") {
			if l := choiceLabel(p, v, at...); l != v && !strings.ContainsAny(l, " \"") {
				out.WriteString(l)
				i = end + 1 + len(v)
				continue
			}
		}
		i = end + 1 + len(v)
		if keyPath(at...) == "cmd.sheet.set.field" {
			v = fieldName(p, v) // a sheet field: its catalog name (fieldnames.go)
		}
		out.WriteString(v)
	}
	return i
}

// word is the command or option name text starts with (lower-case letters, digits and "_"), "" when none.
func word(text string) string {
	n := 0
	for n < len(text) && (text[n] >= 'a' && text[n] <= 'z' || text[n] >= '0' && text[n] <= '9' || text[n] == '_') {
		n++
	}
	return text[:n]
}

// value is the option value text starts with: a double-quoted string, or up to a space, a backtick or a closing
// bracket or quote.
func value(text string) string {
	if strings.HasPrefix(text, "\"") {
		if j := strings.IndexByte(text[1:], '"'); j >= 0 {
			return text[:j+2]
		}
		return text
	}
	if j := strings.IndexFunc(text, func(r rune) bool { return strings.ContainsRune(" `)）」”\n", r) }); j >= 0 {
		return text[:j]
	}
	return text
}

// lastRune is the last rune of s.
func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}
