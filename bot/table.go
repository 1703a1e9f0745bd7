package bot

import (
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
)

// OptionType is the type of a command option, mirroring Discord's application command option types.
type OptionType int

// Option types; the values are Discord's.
const (
	SubCommand      OptionType = 1
	SubCommandGroup OptionType = 2
	String          OptionType = 3
	Integer         OptionType = 4
	Boolean         OptionType = 5
	User            OptionType = 6
	Role            OptionType = 8
	Number          OptionType = 10
	Attachment      OptionType = 11
)

// Handler answers one request.
type Handler func(*Request) (*Reply, error)

// Option is a command option, or a subcommand (group) when Type is SubCommand or SubCommandGroup.
// Its localized label and description come from the catalogs under "cmd.<path>.label" and "cmd.<path>.desc",
// and each choice's under "cmd.<path>.choice.<value>".
type Option struct {
	Name     string
	Type     OptionType
	Required bool
	Choices  []string // allowed values of a String option
	Min, Max *float64 // bounds of an Integer or Number option
	MinLen   int      // bounds of a String option's length (0 = none)
	MaxLen   int
	Complete func(*Request) []Choice // autocomplete suggestions; set means Discord sends autocomplete requests
	Options  []*Option               // of a subcommand or group
	Handler  Handler                 // of a subcommand
	Examples []string                // of a subcommand: console/Discord lines shown by /help
}

// Command is one slash command of the table.
type Command struct {
	Name     string
	Options  []*Option
	Handler  Handler  // nil when the command has subcommands
	Admin    bool     // needs Manage Server (Discord default_member_permissions)
	Examples []string // lines shown by /help
}

// Bound returns a pointer to v, for Option.Min and Option.Max.
func Bound(v float64) *float64 { return &v }

// Lookup finds a command by name.
func (b *Bot) Lookup(name string) *Command {
	for _, c := range b.commands {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// Commands returns the bot's command table, the one source for registration, the console, /help and autocomplete.
func (b *Bot) Commands() []*Command { return b.commands }

// Options returns the options under a command path (a command and its subcommands); ok is false when the path
// leaves the table.
func (b *Bot) Options(path []string) (opts []*Option, ok bool) {
	if len(path) == 0 || b.Lookup(path[0]) == nil {
		return nil, false
	}
	opts = b.Lookup(path[0]).Options
	for _, name := range path[1:] {
		o := FindOption(opts, name)
		if o == nil {
			return nil, false
		}
		opts = o.Options
	}
	return opts, true
}

// Component reports whether the bot answers components whose custom id starts with prefix (before the first ':').
func (b *Bot) Component(prefix string) bool { _, ok := b.components[prefix]; return ok }

// HasSub reports whether opts holds a subcommand or a subcommand group.
func HasSub(opts []*Option) bool {
	for _, o := range opts {
		if o.Type == SubCommand || o.Type == SubCommandGroup {
			return true
		}
	}
	return false
}

// FindOption returns the option of opts named name, nil when there is none.
func FindOption(opts []*Option, name string) *Option {
	for _, o := range opts {
		if o.Name == name {
			return o
		}
	}
	return nil
}

// keyPath joins a command path into a catalog key prefix: ["sheet","create","name"] → "cmd.sheet.create.name".
func keyPath(path ...string) string { return "cmd." + strings.Join(path, ".") }

// LabelKey is the catalog key of a command's or option's localized name.
func LabelKey(path ...string) string { return keyPath(path...) + ".label" }

// DescKey is the catalog key of a command's or option's description.
func DescKey(path ...string) string { return keyPath(path...) + ".desc" }

// ChoiceKey is the catalog key of a choice's localized name.
func ChoiceKey(value string, path ...string) string { return keyPath(path...) + ".choice." + value }

// Walk calls fn for every command, subcommand and option of the table with its path.
func Walk(cmds []*Command, fn func(path []string, c *Command, o *Option)) {
	for _, c := range cmds {
		fn([]string{c.Name}, c, nil)
		walkOptions([]string{c.Name}, c, c.Options, fn)
	}
}

func walkOptions(prefix []string, c *Command, opts []*Option, fn func([]string, *Command, *Option)) {
	for _, o := range opts {
		p := append(append([]string(nil), prefix...), o.Name)
		fn(p, c, o)
		walkOptions(p, c, o.Options, fn)
	}
}

// TableKeys lists every catalog key the command table needs.
func TableKeys(cmds []*Command) []string {
	var out []string
	Walk(cmds, func(path []string, c *Command, o *Option) {
		out = append(out, LabelKey(path...), DescKey(path...))
		if o != nil {
			for _, ch := range o.Choices {
				out = append(out, ChoiceKey(ch, path...))
			}
		}
	})
	return out
}

// characterOption is the optional `character:` option of every command that acts on a character.
func (b *Bot) characterOption() *Option {
	return &Option{Name: "character", Type: String, MaxLen: play.MaxNameLen, Complete: b.completeCharacter}
}

// modes are the roll mode choices of /check, /save, /attack and /deathsave roll.
var modes = []string{"normal", "adv", "dis"}

func modeOption() *Option { return &Option{Name: "mode", Type: String, Choices: modes} }

// bonusOption is extra notation added to a roll (bless: 1d4, bane: -1d4).
func bonusOption() *Option { return &Option{Name: "bonus", Type: String, MaxLen: 100} }

func dcOption() *Option {
	return &Option{Name: "dc", Type: Integer, Min: Bound(1), Max: Bound(dnd5e.MaxDC)}
}

// refuseOptions refuses the options of a command that only other systems read, by name: the reading of a shared
// command for system when the caller gave one of others.
func refuseOptions(req *Request, system string, others []string) error {
	for _, o := range others {
		if req.Has(o) {
			return Errorf("rt.err.option_not_for_system", "Option", o, "System", req.T("system."+system))
		}
	}
	return nil
}
