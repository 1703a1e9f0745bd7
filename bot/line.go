package bot

import (
	"slices"
	"strings"
	"unicode"
)

// A command line as a user types it in the console or saves it in a macro: `/attack weapon:rapier target:Goblin`,
// `/sheet create name:Aria`. The console and /macro run parse it here, against the same command table; option
// values stay strings, which Handle coerces as it coerces the console's.

// ParseLine turns a command line into req's Path and Options.
func (b *Bot) ParseLine(req *Request, line string) error { return b.parseLine(req, line, nil) }

// parseLine is ParseLine; fill, when not nil, rewrites each word's text (a macro's placeholders) after the line
// is split, so that a filled-in value can never add options or words.
func (b *Bot) parseLine(req *Request, line string, fill func(string) (string, error)) error {
	toks, err := tokenize(line)
	if err != nil {
		return err
	}
	if len(toks) == 0 {
		return Errorf("core.err.not_a_command")
	}
	if fill != nil {
		for i := range toks {
			if toks[i].text, err = fill(toks[i].text); err != nil {
				return err
			}
		}
	}
	name := strings.TrimPrefix(toks[0].text, "/")
	cmd := b.Command(name)
	if cmd == nil {
		return Errorf("core.err.unknown_command", "Name", name)
	}
	req.Path = []string{cmd.Name}
	if req.Options == nil {
		req.Options = map[string]any{}
	}
	opts := cmd.Options
	last := ""
	for _, t := range toks[1:] {
		if t.name == "" {
			if sub := b.Option(req.Path, t.text); sub != nil && last == "" &&
				(sub.Type == SubCommand || sub.Type == SubCommandGroup) {
				req.Path = append(req.Path, sub.Name)
				opts = sub.Options
				continue
			}
			if last == "" {
				if HasSub(opts) {
					return Errorf("core.err.unknown_subcommand", "Name", t.text, "Command", strings.Join(req.Path, " ")).About(slices.Clone(req.Path), "")
				}
				e := Errorf("core.err.bare_word", "Word", t.text)
				if o := b.Option(req.Path, t.text); o != nil {
					e = Errorf("core.err.bare_option", "Name", o.Name).About(slices.Clone(req.Path), o.Name)
				}
				return e
			}
			req.Options[last] = req.Options[last].(string) + " " + t.text
			continue
		}
		name := strings.ToLower(t.name)
		if o := b.Option(req.Path, t.name); o != nil {
			name = o.Name
		}
		if _, dup := req.Options[name]; dup {
			return Errorf("core.err.duplicate_option", "Name", name).About(slices.Clone(req.Path), name)
		}
		req.Options[name] = t.text
		last = name
	}
	return nil
}

// lineWord is one word of a line: a bare word (name "") or a name:value pair.
type lineWord struct{ name, text string }

// tokenize splits a line into words and name:value pairs; double quotes group spaces (`expr:"1d20 + 5"`),
// and a backslash escapes a quote inside them.
func tokenize(line string) ([]lineWord, error) {
	var toks []lineWord
	rs := []rune(line)
	for i := 0; i < len(rs); {
		if unicode.IsSpace(rs[i]) {
			i++
			continue
		}
		var b strings.Builder
		name, hasName := "", false
		for i < len(rs) && !unicode.IsSpace(rs[i]) {
			switch {
			case rs[i] == '"':
				i++
				closed := false
				for i < len(rs) {
					if rs[i] == '\\' && i+1 < len(rs) && (rs[i+1] == '"' || rs[i+1] == '\\') {
						b.WriteRune(rs[i+1])
						i += 2
						continue
					}
					if rs[i] == '"' {
						closed = true
						i++
						break
					}
					b.WriteRune(rs[i])
					i++
				}
				if !closed {
					return nil, Errorf("core.err.unclosed_quote")
				}
			case rs[i] == ':' && !hasName && b.Len() > 0 && isOptionName(b.String()):
				name, hasName = b.String(), true
				b.Reset()
				i++
			default:
				b.WriteRune(rs[i])
				i++
			}
		}
		toks = append(toks, lineWord{name: name, text: b.String()})
	}
	return toks, nil
}

// isOptionName tells whether s can name an option of a typed line: letters of any language, digits, _ and -.
func isOptionName(s string) bool {
	for _, r := range s {
		if !(r == '_' || r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r)) {
			return false
		}
	}
	return !strings.HasPrefix(s, "/")
}
