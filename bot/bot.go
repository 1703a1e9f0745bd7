// Package bot is rulekeeper's command table and its words: the one table of slash commands, and the handlers that
// turn rules results into localized replies. The transports that feed it live in bot/discord (gateway, HTTP
// interactions) and bot/console.
package bot

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
	"time"

	"rulekeeper/locales"
	"rulekeeper/play"
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
	// DDB downloads D&D Beyond characters for `/sheet import url:` (fetch.DDB). Nil refuses the url option.
	DDB CharacterSource
	// Extra commands follow the built-in table (tests add commands of their own).
	Extra []*Command
	// Budget bounds the heavy dice computations (/stats, /roll): a deadline per request and a semaphore sized by
	// the CPUs (compute.go). The zero Budget is the defaults.
	Budget Budget
}

// Bot answers requests from any transport.
type Bot struct {
	cfg        Config
	commands   []*Command
	components map[string]Handler     // custom-id prefix (before the first ':') → handler
	lists      map[string]pagedList   // the lists that page (page.go): list id → its builder
	labels     *locales.Index         // the table's names in every language (names.go)
	systems    map[string]sheetSystem // rule system id → its sheet handling
	gate       *gate                  // the heavy computations' semaphore and the requests' deadline
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
	b := &Bot{cfg: cfg, components: map[string]Handler{}, systems: map[string]sheetSystem{}, gate: newGate(cfg.Budget)}
	// Rule systems first: the sheet command's create options come from them.
	b.systems[system5e] = dnd5eSystem{}
	b.systems[systemRogue] = rogueSystem{}
	b.systems[systemCoC] = cocSystem{}
	b.commands = []*Command{
		b.rollCommand(),
		b.shortRollCommand(),
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
		b.effectCommand(),
		b.actionCommand(), // tracked actions: dodge, help, hide … (action.go)
		b.featureCommand(),
		b.counterCommand(),
		b.rtCommand(),
		b.initCommand(),
		b.identifyCommand(),
		b.aoeCommand(),
		b.sanCommand(),     // Call of Cthulhu (san.go)
		b.cocCommand(),     // Call of Cthulhu (coccmd.go)
		b.monsterCommand(), // monster.go
		b.timeCommand(),    // gmtime.go
		b.logCommand(),     // session logs (log.go, record.go)
		b.sayCommand(),     // in-character lines (say.go)
		b.macroCommand(),   // saved command lines (macro.go)
	}
	b.commands = append(b.commands, cfg.Extra...)
	b.labels = labelIndex(b.commands)
	b.components["reroll"] = b.reroll
	b.components["reveal"] = b.reveal // a secret roll shown in its channel (secret.go)
	b.components["page"] = b.pageButton
	b.lists = map[string]pagedList{"sheets": b.sheetListLines, "counters": b.counterListLines, "effects": b.effectListLines, "macros": b.macroListLines}
	b.components["sheetdel"] = b.sheetDeleteConfirmed
	b.components["deathsave"] = b.deathsaveButton
	b.components["init"] = b.initButton
	b.components["shield"] = b.shieldButton
	b.components["dodge"] = b.dodgeButton
	b.components["coc"] = b.cocButton // Call of Cthulhu: Push and Spend Luck (checkcoc.go)
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
		r       *Reply
		err     error
		private bool
	)
	switch req.Kind {
	case KindComponent, KindModal:
		private = unmarkPrivate(req)
		prefix, _, _ := strings.Cut(req.CustomID, ":")
		h := b.components[prefix]
		if h == nil {
			return b.ErrorReply(req, Errorf("core.err.unknown_component"))
		}
		r, err = h(req)
		if r != nil && r.Modal != nil && private {
			r.Modal.CustomID = privateMark + r.Modal.CustomID // the modal's answer stays private
		}
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
		private = req.Bool("private") || req.Str("visibility") == visPrivate
	}
	if err != nil {
		return b.ErrorReply(req, err)
	}
	r = b.keepSecret(req, r)
	keepPrivate(r, private)
	b.localizeOptionSpans(req.P, req.Path, r)
	b.localizeReply(req.P, r)
	for _, p := range r.Posts {
		b.localizeOptionSpans(req.P, req.Path, p.Reply)
		b.localizeReply(req.P, p.Reply)
	}
	b.record(req, r)
	return r
}

// loadGuild reads the guild's settings into the request and decides whether the caller is a GM (Manage Server,
// or the guild's GM role). Public replies then follow design §4: the console override, the guild's language
// setting, the caller's locale, the guild's locale, English.
func (b *Bot) loadGuild(req *Request) {
	var err error
	if req.Guild, req.GM, req.recording, err = b.cfg.Table.Here(req.Ctx, req.caller()); err != nil {
		b.cfg.Logger.Warn("guild settings unread", "guild", req.GuildID, "err", err)
	}
}

// Now is the bot's clock.
func (b *Bot) Now() time.Time { return b.cfg.Now() }

// Language is the reply language the bot is forced to ("" when it follows design §4).
func (b *Bot) Language() string { return b.cfg.Language }

// guildOnly refuses requests outside a guild and requests without a store.
func (b *Bot) guildOnly(req *Request) error { return b.cfg.Table.Ready(req.caller()) }
