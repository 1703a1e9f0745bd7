package bot

import (
	"strconv"
	"strings"
)

// helpCommand is /help [command:], generated from the table: an overview of every command, or one command's
// subcommands, options and examples. The command option suggests command names as the user types.
func (b *Bot) helpCommand() *Command {
	return &Command{
		Name:     "help",
		Options:  []*Option{{Name: "command", Type: String, MaxLen: 100, Complete: b.completeCommand}},
		Handler:  b.help,
		Examples: []string{"/help", "/help command:roll"},
	}
}

// completeCommand suggests the commands whose name or localized label contains what the user typed.
func (b *Bot) completeCommand(req *Request) []Choice {
	typed := strings.ToLower(strings.TrimSpace(strings.TrimPrefix(req.Str("command"), "/")))
	var out []Choice
	for _, c := range b.commands {
		label := req.T(LabelKey(c.Name))
		if typed != "" && !strings.Contains(c.Name, typed) && !strings.Contains(strings.ToLower(label), typed) {
			continue
		}
		out = append(out, Choice{Name: "/" + label + " — " + req.T(DescKey(c.Name)), Value: c.Name})
	}
	return out
}

func (b *Bot) help(req *Request) (*Reply, error) {
	words := strings.Fields(strings.TrimPrefix(strings.TrimSpace(req.Str("command")), "/"))
	if len(words) == 0 {
		return b.helpOverview(req), nil
	}
	c := b.Command(words[0])
	if c == nil {
		return nil, Errorf("core.err.unknown_command", "Name", strings.Join(words, " "))
	}
	path, opts, examples := []string{c.Name}, c.Options, c.Examples
	for _, w := range words[1:] {
		o := b.Option(path, w)
		if o == nil || (o.Type != SubCommand && o.Type != SubCommandGroup) {
			return nil, Errorf("core.err.unknown_subcommand", "Name", w, "Command", strings.Join(path, " "))
		}
		path, opts, examples = append(path, o.Name), o.Options, o.Examples
	}
	return b.helpDetail(req, c, path, opts, examples), nil
}

func (b *Bot) helpOverview(req *Request) *Reply {
	var body strings.Builder
	for _, c := range b.commands {
		body.WriteString("**/" + req.T(LabelKey(c.Name)) + "** — " + req.T(DescKey(c.Name)) + "\n")
	}
	body.WriteString("\n" + req.T("discord.help.more", "Help", "/"+req.T(LabelKey("help")), "Option", req.T(LabelKey("help", "command"))))
	return &Reply{Title: req.T("discord.help.title"), Body: body.String(), Ephemeral: true}
}

func (b *Bot) helpDetail(req *Request, c *Command, path []string, opts []*Option, examples []string) *Reply {
	labels := make([]string, len(path))
	for i := range path {
		labels[i] = req.T(LabelKey(path[:i+1]...))
	}
	var body strings.Builder
	body.WriteString(req.T(DescKey(path...)) + "\n")
	if c.Admin {
		body.WriteString(req.T("discord.help.admin") + "\n")
	}
	if HasSub(opts) {
		body.WriteString("\n**" + req.T("discord.help.subcommands") + "**\n")
		b.writeSubcommands(req, &body, path, labels, opts)
	} else {
		body.WriteString("\n**" + req.T("discord.help.options") + "**\n")
		if len(opts) == 0 {
			body.WriteString(req.T("discord.help.no_options") + "\n")
		}
		for _, o := range opts {
			writeOption(req, &body, path, o, "• ")
		}
	}
	r := &Reply{Title: "/" + strings.Join(labels, " "), Body: strings.TrimRight(body.String(), "\n"), Ephemeral: true}
	if len(examples) > 0 {
		local := make([]string, len(examples))
		for i, ex := range examples {
			local[i] = localizeExample(req.P, ex)
		}
		r.Fields = append(r.Fields, Field{Name: req.T("discord.help.examples"), Value: "`" + strings.Join(local, "`\n`") + "`"})
	}
	return r
}

// writeSubcommands lists the subcommands under path (groups expanded) with their options.
func (b *Bot) writeSubcommands(req *Request, body *strings.Builder, path, labels []string, opts []*Option) {
	for _, o := range opts {
		if o.Type != SubCommand && o.Type != SubCommandGroup {
			continue
		}
		p := append(append([]string(nil), path...), o.Name)
		l := append(append([]string(nil), labels...), req.T(LabelKey(p...)))
		if o.Type == SubCommandGroup {
			b.writeSubcommands(req, body, p, l, o.Options)
			continue
		}
		body.WriteString("**/" + strings.Join(l, " ") + "** — " + req.T(DescKey(p...)) + "\n")
		for _, so := range o.Options {
			writeOption(req, body, p, so, "　• ")
		}
	}
}

// writeOption writes one option line: label, type, required, description, then choices, bounds or suggestions.
func writeOption(req *Request, body *strings.Builder, parent []string, o *Option, indent string) {
	path := append(append([]string(nil), parent...), o.Name)
	label := req.T(LabelKey(path...))
	head := "**" + label + "**"
	if label != o.Name {
		head += " (`" + o.Name + "`)"
	}
	facts := []string{typeName(req, o.Type)}
	if o.Required {
		facts = append(facts, req.T("discord.help.required"))
	}
	line := indent + head + " · " + strings.Join(facts, " · ") + " — " + req.T(DescKey(path...))
	var extra []string
	if len(o.Choices) > 0 {
		names := make([]string, len(o.Choices))
		for i, ch := range o.Choices {
			names[i] = req.T(ChoiceKey(ch, path...))
			if names[i] != ch {
				names[i] += " (`" + ch + "`)"
			}
		}
		extra = append(extra, req.T("discord.help.choices", "Choices", req.P.List(names)))
	}
	switch {
	case o.Min != nil && o.Max != nil:
		extra = append(extra, req.T("discord.help.range", "Min", num(*o.Min), "Max", num(*o.Max)))
	case o.Min != nil:
		extra = append(extra, req.T("discord.help.min", "Min", num(*o.Min)))
	case o.Max != nil:
		extra = append(extra, req.T("discord.help.max", "Max", num(*o.Max)))
	}
	switch {
	case o.MinLen > 0 && o.MaxLen > 0:
		extra = append(extra, req.T("discord.help.length", "Min", o.MinLen, "Max", o.MaxLen))
	case o.MaxLen > 0:
		extra = append(extra, req.T("discord.help.max_length", "Max", o.MaxLen))
	}
	if o.Complete != nil && len(o.Choices) == 0 {
		extra = append(extra, req.T("discord.help.autocomplete"))
	}
	if len(extra) > 0 {
		line += " " + req.T("discord.help.details", "Details", strings.Join(extra, req.T("discord.help.separator")))
	}
	body.WriteString(line + "\n")
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// typeName is the localized name of an option type.
func typeName(req *Request, t OptionType) string {
	switch t {
	case Integer:
		return req.T("discord.help.type.integer")
	case Number:
		return req.T("discord.help.type.number")
	case Boolean:
		return req.T("discord.help.type.boolean")
	case User:
		return req.T("discord.help.type.user")
	case Role:
		return req.T("discord.help.type.role")
	case Attachment:
		return req.T("discord.help.type.attachment")
	case SubCommand, SubCommandGroup:
		return req.T("discord.help.type.subcommand")
	}
	return req.T("discord.help.type.text")
}
