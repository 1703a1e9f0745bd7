// Package bot is rulekeeper's command table and its words: the one table of slash commands, and the handlers that
// turn rules results into localized replies. The transports that feed it live in bot/discord (gateway, HTTP
// interactions) and bot/console.
package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"rulekeeper/locales"
	"rulekeeper/play"
	"rulekeeper/rules/coded"
	"rulekeeper/rules/dice"
)

// Config wires a Bot.
type Config struct {
	// Dice returns the roller for one request. Nil means a fresh production roller per request.
	Dice func() dice.Roller
	// Now is the clock. Nil means time.Now.
	Now func() time.Time
	// Logger receives internal errors. Nil discards them.
	Logger *slog.Logger
	// Table runs the commands that read or change the game: characters, encounters and guild settings (play.New
	// over a store). Nil means a bot without memory (roll-only).
	Table *play.Table
	// Language forces the reply language of every public reply (the console's --locale); "" means design §4.
	Language string
	// Extra commands follow the built-in table (tests add commands of their own).
	Extra []*Command
}

// Bot answers requests from any transport.
type Bot struct {
	cfg        Config
	commands   []*Command
	components map[string]Handler     // custom-id prefix (before the first ':') → handler
	labels     *locales.Index         // the table's names in every language (names.go)
	systems    map[string]sheetSystem // rule system id → its sheet handling
}

// New builds a Bot with the full command table.
func New(cfg Config) *Bot {
	if cfg.Dice == nil {
		cfg.Dice = dice.NewRoller
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Table == nil {
		cfg.Table = play.New(nil)
	}
	b := &Bot{cfg: cfg, components: map[string]Handler{}, systems: map[string]sheetSystem{}}
	// Rule systems first: the sheet command's create options come from them.
	b.systems[system5e] = dnd5eSystem{}
	b.systems[systemRogue] = rogueSystem{}
	b.commands = []*Command{
		b.rollCommand(),
		b.statsCommand(),
		b.settingsCommand(),
		b.helpCommand(),
		b.sheetCommand(),
		b.checkCommand(),
		b.saveCommand(),
		b.attackCommand(),
		b.hpCommand(),
		b.deathsaveCommand(),
		b.restCommand(),
		b.conditionCommand(),
		b.castCommand(),
		b.rtCommand(),
		b.initCommand(),
		b.identifyCommand(),
		b.aoeCommand(),
	}
	b.commands = append(b.commands, cfg.Extra...)
	b.labels = labelIndex(b.commands)
	b.components["reroll"] = b.reroll
	b.components["sheetdel"] = b.sheetDeleteConfirmed
	b.components["deathsave"] = b.deathsaveButton
	b.components["init"] = b.initButton
	return b
}

// Handle answers one request: it checks the request against the table, picks the reply language, runs the
// handler and turns any error into a localized ephemeral reply. It never panics.
func (b *Bot) Handle(req *Request) (reply *Reply) {
	if req.Ctx == nil {
		req.Ctx = context.Background()
	}
	if req.Now.IsZero() {
		req.Now = b.cfg.Now()
	}
	b.loadGuild(req)
	req.P = locales.For(locales.Choose(b.cfg.Language, req.Guild.Language, req.Locale, req.GuildLocale))
	defer func() {
		if p := recover(); p != nil {
			b.cfg.Logger.Error("handler panic", "path", strings.Join(req.Path, " "), "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			reply = b.ErrorReply(req, Errorf("core.err.internal"))
		}
	}()
	if req.Dice == nil {
		req.Dice = b.cfg.Dice()
	}
	var (
		r   *Reply
		err error
	)
	switch req.Kind {
	case KindComponent, KindModal:
		prefix, _, _ := strings.Cut(req.CustomID, ":")
		h := b.components[prefix]
		if h == nil {
			return b.ErrorReply(req, Errorf("core.err.unknown_component"))
		}
		r, err = h(req)
	case KindAutocomplete:
		_, opts, rerr := b.resolve(req)
		if rerr != nil {
			return &Reply{}
		}
		o := FindOption(opts, req.Focused)
		if o == nil || o.Complete == nil {
			return &Reply{}
		}
		choices := o.Complete(req)
		if len(choices) > 25 {
			choices = choices[:25]
		}
		return &Reply{Choices: choices}
	default:
		h, _, rerr := b.resolve(req)
		if rerr != nil {
			return b.ErrorReply(req, rerr)
		}
		r, err = h(req)
	}
	if err != nil {
		return b.ErrorReply(req, err)
	}
	return r
}

// loadGuild reads the guild's settings into the request and decides whether the caller is a GM (Manage Server,
// or the guild's GM role). Public replies then follow design §4: the console override, the guild's language
// setting, the caller's locale, the guild's locale, English.
func (b *Bot) loadGuild(req *Request) {
	var err error
	if req.Guild, req.GM, err = b.cfg.Table.Guild(req.Ctx, req.caller()); err != nil {
		b.cfg.Logger.Warn("guild settings unread", "guild", req.GuildID, "err", err)
	}
}

// Now is the bot's clock.
func (b *Bot) Now() time.Time { return b.cfg.Now() }

// Language is the reply language the bot is forced to ("" when it follows design §4).
func (b *Bot) Language() string { return b.cfg.Language }

// ErrorReply renders err in the caller's own language as an ephemeral reply.
func (b *Bot) ErrorReply(req *Request, err error) *Reply {
	p := locales.For(locales.Choose(b.cfg.Language, req.Locale, req.GuildLocale))
	key, args := errorKey(p, err)
	if key == "core.err.internal" {
		b.cfg.Logger.Error("internal error", "path", strings.Join(req.Path, " "), "err", err)
	}
	return &Reply{Body: p.TMap(key, args), Tone: ToneFailure, Ephemeral: true, ErrorCode: key}
}

// ErrorText renders any error in p's language (the CLI's error lines).
func ErrorText(p *locales.Printer, err error) string {
	key, args := errorKey(p, err)
	return p.TMap(key, args)
}

// errorKey maps an error to its catalog key and data; p is the language in which the ids in a rules error's
// data (abilities, skills, conditions, classes, damage types) are named.
func errorKey(p *locales.Printer, err error) (string, map[string]any) {
	var be *Error
	if errors.As(err, &be) {
		return be.Key, be.Args
	}
	var ce *coded.Error
	if errors.As(err, &ce) {
		return ce.Code, localizeArgs(p, ce)
	}
	var de *dice.Error
	if errors.As(err, &de) {
		return de.Code, de.Args
	}
	return "core.err.internal", nil
}

// idNamers name the ids in a rules error's data, by the package prefix of its code ("dnd5e.err.…").
var idNamers = map[string]func(code, arg, id string) string{
	"dnd5e":     dnd5eIDKey,
	"spell":     dnd5eIDKey,
	"rogue":     rogueIDKey,
	"encounter": encounterIDKey,
	"rt":        systemIDKey, // play's errors that name a rule system
	"init":      systemIDKey,
}

// systemIDKey names a rule system in an error's data.
func systemIDKey(code, arg, s string) string {
	if arg == "System" && slices.Contains(systemChoices, s) {
		return "system." + s
	}
	return ""
}

// localizeArgs copies a rules error's data with its ids (abilities, conditions, talents, …) replaced by their names
// in p's language; values that name nothing known (what the user typed) stay as they are.
func localizeArgs(p *locales.Printer, e *coded.Error) map[string]any {
	prefix, _, _ := strings.Cut(e.Code, ".")
	namer := idNamers[prefix]
	out := make(map[string]any, len(e.Args))
	for k, v := range e.Args {
		out[k] = v
		if s, ok := v.(string); ok && namer != nil {
			if key := namer(e.Code, k, s); key != "" {
				out[k] = p.T(key)
			}
		}
	}
	return out
}

// pairs turns name/value pairs into template data.
func pairs(args []any) map[string]any {
	m := make(map[string]any, len(args)/2)
	for i := 0; i+1 < len(args); i += 2 {
		if k, ok := args[i].(string); ok {
			m[k] = args[i+1]
		}
	}
	return m
}
