package discord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"rulekeeper/bot"
	"rulekeeper/bot/discordtest"
)

// Discord's rules for application commands (application-commands.mdx); the name pattern's \p{sc=Deva} and
// \p{sc=Thai} are Go's \p{Devanagari} and \p{Thai}.
var commandName = regexp.MustCompile(`^[-_'\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

const (
	maxCommandChars = 8000
	maxOptions      = 25
	maxDescription  = 100
)

// TestApplicationCommandsValid checks the whole generated table, in every language, against the rules Discord
// enforces at registration, so that a bad translation fails here and never in a bulk overwrite.
func TestApplicationCommandsValid(t *testing.T) {
	cmds := ApplicationCommands(bot.New(bot.Config{}))
	if len(cmds) == 0 || len(cmds) > 100 {
		t.Fatalf("%d commands", len(cmds))
	}
	names := map[string]bool{}
	for _, c := range cmds {
		if names[c.Name] {
			t.Errorf("command %q twice", c.Name)
		}
		names[c.Name] = true
		v := &validator{t: t, cmd: c.Name}
		v.name(c.Name, *c.NameLocalizations, c.Name)
		v.desc(c.Description, *c.DescriptionLocalizations, c.Name)
		v.options(c.Name, c.Options, 0)
		v.uniqueLocalized(c.Name, c.Options)
		if v.chars > maxCommandChars {
			t.Errorf("/%s: %d characters, Discord allows %d", c.Name, v.chars, maxCommandChars)
		}
	}
	for _, l := range discordLocales {
		seen := map[string]string{}
		for _, c := range cmds {
			n := (*c.NameLocalizations)[l.locale]
			if other, dup := seen[n]; dup {
				t.Errorf("%s: commands %q and %q are both named %q", l.locale, other, c.Name, n)
			}
			seen[n] = c.Name
		}
	}
}

type validator struct {
	t     *testing.T
	cmd   string
	chars int // the command's characters, counting the longest localization of each field
}

func (v *validator) longest(def string, loc map[discordgo.Locale]string) {
	n := utf8.RuneCountInString(def)
	for _, s := range loc {
		n = max(n, utf8.RuneCountInString(s))
	}
	v.chars += n
}

func (v *validator) name(def string, loc map[discordgo.Locale]string, where string) {
	v.t.Helper()
	check := func(lang, s string) {
		if !commandName.MatchString(s) {
			v.t.Errorf("%s: %s name %q does not match Discord's pattern", where, lang, s)
		}
		for _, r := range s {
			if unicode.ToLower(r) != r {
				v.t.Errorf("%s: %s name %q is not lowercase", where, lang, s)
				break
			}
		}
	}
	check("default", def)
	v.localized(loc, where, check)
	v.longest(def, loc)
}

func (v *validator) desc(def string, loc map[discordgo.Locale]string, where string) {
	v.t.Helper()
	check := func(lang, s string) {
		if n := utf8.RuneCountInString(s); n < 1 || n > maxDescription {
			v.t.Errorf("%s: %s description has %d characters (1–%d): %q", where, lang, n, maxDescription, s)
		}
		if strings.HasPrefix(s, "cmd.") {
			v.t.Errorf("%s: %s description is a missing catalog key %q", where, lang, s)
		}
	}
	check("default", def)
	v.localized(loc, where, check)
	v.longest(def, loc)
}

// localized checks that every Discord locale of the catalogs is present and checks each.
func (v *validator) localized(loc map[discordgo.Locale]string, where string, check func(lang, s string)) {
	v.t.Helper()
	for _, l := range discordLocales {
		s, ok := loc[l.locale]
		if !ok {
			v.t.Errorf("%s: no %s localization", where, l.locale)
			continue
		}
		check(string(l.locale), s)
	}
}

func (v *validator) options(where string, opts []*discordgo.ApplicationCommandOption, depth int) {
	v.t.Helper()
	if len(opts) > maxOptions {
		v.t.Errorf("%s: %d options, Discord allows %d", where, len(opts), maxOptions)
	}
	seen, optional, subs, plain := map[string]bool{}, false, 0, 0
	for _, o := range opts {
		at := where + " " + o.Name
		if seen[o.Name] {
			v.t.Errorf("%s: option %q twice", where, o.Name)
		}
		seen[o.Name] = true
		v.name(o.Name, o.NameLocalizations, at)
		v.desc(o.Description, o.DescriptionLocalizations, at)
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommand, discordgo.ApplicationCommandOptionSubCommandGroup:
			subs++
			if o.Type == discordgo.ApplicationCommandOptionSubCommandGroup && depth > 0 {
				v.t.Errorf("%s: a subcommand group can only sit at the top", at)
			}
			if o.Type == discordgo.ApplicationCommandOptionSubCommand && depth > 1 {
				v.t.Errorf("%s: subcommands nest two levels at most", at)
			}
			v.options(at, o.Options, depth+1)
			continue
		case discordgo.ApplicationCommandOptionString, discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionBoolean,
			discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionChannel, discordgo.ApplicationCommandOptionRole,
			discordgo.ApplicationCommandOptionMentionable, discordgo.ApplicationCommandOptionNumber, discordgo.ApplicationCommandOptionAttachment:
			plain++
		default:
			v.t.Errorf("%s: unknown option type %d", at, o.Type)
		}
		if o.Required && optional {
			v.t.Errorf("%s: a required option after an optional one", at)
		}
		optional = optional || !o.Required
		if len(o.Choices) > maxOptions {
			v.t.Errorf("%s: %d choices, Discord allows %d", at, len(o.Choices), maxOptions)
		}
		if len(o.Choices) > 0 && o.Autocomplete {
			v.t.Errorf("%s: choices and autocomplete together", at)
		}
		if o.MinValue != nil && o.MaxValue != 0 && *o.MinValue > o.MaxValue {
			v.t.Errorf("%s: min %v above max %v", at, *o.MinValue, o.MaxValue)
		}
		if o.MaxLength > 6000 || (o.MinLength != nil && (*o.MinLength > 6000 || (o.MaxLength > 0 && *o.MinLength > o.MaxLength))) {
			v.t.Errorf("%s: length bounds %v–%d", at, o.MinLength, o.MaxLength)
		}
		choices := map[string]bool{}
		for _, ch := range o.Choices {
			value := fmt.Sprint(ch.Value)
			if choices[value] {
				v.t.Errorf("%s: choice %q twice", at, value)
			}
			choices[value] = true
			cat := at + " choice " + value
			check := func(lang, s string) {
				if n := utf8.RuneCountInString(s); n < 1 || n > 100 || strings.HasPrefix(s, "cmd.") {
					v.t.Errorf("%s: %s choice name %q", cat, lang, s)
				}
			}
			check("default", ch.Name)
			v.localized(ch.NameLocalizations, cat, check)
			v.longest(ch.Name, ch.NameLocalizations)
			if n := utf8.RuneCountInString(value); n < 1 || n > 100 {
				v.t.Errorf("%s: value of %d characters", cat, n)
			}
			v.chars += utf8.RuneCountInString(value)
		}
	}
	if subs > 0 && plain > 0 {
		v.t.Errorf("%s: subcommands mixed with options", where)
	}
}

// uniqueLocalized checks that the names at each level stay distinct in every language.
func (v *validator) uniqueLocalized(where string, opts []*discordgo.ApplicationCommandOption) {
	v.t.Helper()
	for _, l := range discordLocales {
		seen := map[string]string{}
		for _, o := range opts {
			n := o.NameLocalizations[l.locale]
			if other, dup := seen[n]; dup {
				v.t.Errorf("%s: %s names options %q and %q both %q", where, l.locale, other, o.Name, n)
			}
			seen[n] = o.Name
		}
	}
	for _, o := range opts {
		v.uniqueLocalized(where+" "+o.Name, o.Options)
	}
}

// TestRegister checks the one bulk overwrite the bot sends: every command, option and choice carries its
// zh-CN, zh-TW and ko localizations, admin commands need Manage Server, and a guild id scopes it.
func TestRegister(t *testing.T) {
	srv := discordtest.NewServer()
	defer srv.Close()
	b := bot.New(bot.Config{})
	for _, guild := range []string{"", testGuild} {
		got, err := Register(srv.Session("secret"), b, discordtest.AppID, guild)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(b.Commands()) || got[0].ID == "" {
			t.Fatalf("echo %+v", got)
		}
	}
	var puts []discordtest.Request
	for _, r := range srv.Requests() {
		puts = append(puts, r)
		if r.Method != http.MethodPut {
			t.Errorf("unexpected %s %s", r.Method, r.Path)
		}
	}
	if len(puts) != 2 || puts[0].Path != "/api/v9/applications/"+discordtest.AppID+"/commands" ||
		puts[1].Path != "/api/v9/applications/"+discordtest.AppID+"/guilds/"+testGuild+"/commands" {
		t.Fatalf("requests %+v", puts)
	}
	var body []map[string]any
	if err := json.Unmarshal(puts[0].JSON, &body); err != nil {
		t.Fatal(err)
	}
	count := 0
	var walk func(where string, node map[string]any, fields ...string)
	walk = func(where string, node map[string]any, fields ...string) {
		for _, field := range fields {
			loc, _ := node[field].(map[string]any)
			for _, l := range []string{"zh-CN", "zh-TW", "ko"} {
				if s, _ := loc[l].(string); s == "" {
					t.Errorf("%s: %s lacks %s", where, field, l)
				}
				count++
			}
		}
		for _, key := range []string{"options", "choices"} {
			kids, _ := node[key].([]any)
			for _, k := range kids {
				kid := k.(map[string]any)
				if key == "choices" {
					walk(fmt.Sprint(where, " choice ", kid["value"]), kid, "name_localizations")
				} else {
					walk(fmt.Sprint(where, " ", kid["name"]), kid, "name_localizations", "description_localizations")
				}
			}
		}
	}
	for _, c := range body {
		walk(fmt.Sprint("/", c["name"]), c, "name_localizations", "description_localizations")
		admin := b.Lookup(c["name"].(string)).Admin
		if perm, _ := c["default_member_permissions"].(string); admin != (perm == "32") {
			t.Errorf("/%s: default_member_permissions %q", c["name"], perm)
		}
	}
	if want := 3 * len(bot.TableKeys(b.Commands())); count != want {
		t.Errorf("%d localizations sent, the table has %d", count, want)
	}
}
