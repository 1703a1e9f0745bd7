// Package bot is rulekeeper's Discord adapter: the one command table, the handlers that turn rules results into
// localized replies, and the three transports that feed them (console, Discord gateway, HTTP interactions).
package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
	"time"

	"rulekeeper/locales"
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
	// Language forces the reply language of every public reply (the console's --locale); "" means design §4.
	Language string
}

// Bot answers requests from any transport.
type Bot struct {
	cfg        Config
	commands   []*Command
	components map[string]Handler // custom-id prefix (before the first ':') → handler
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
	b := &Bot{cfg: cfg, components: map[string]Handler{}}
	b.commands = []*Command{
		b.rollCommand(),
	}
	b.components["reroll"] = b.reroll
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
	req.P = locales.For(b.replyLang(req))
	req.GM = req.ManageServer
	defer func() {
		if p := recover(); p != nil {
			b.cfg.Logger.Error("handler panic", "path", strings.Join(req.Path, " "), "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			reply = b.errorReply(req, Errorf("core.err.internal"))
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
			return b.errorReply(req, Errorf("core.err.unknown_component"))
		}
		r, err = h(req)
	case KindAutocomplete:
		_, opts, rerr := b.resolve(req)
		if rerr != nil {
			return &Reply{}
		}
		o := findOption(opts, req.Focused)
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
			return b.errorReply(req, rerr)
		}
		r, err = h(req)
	}
	if err != nil {
		return b.errorReply(req, err)
	}
	return r
}

// replyLang picks the language of public replies (design §4): the console override, then the caller's locale,
// then the guild's locale, then English.
func (b *Bot) replyLang(req *Request) locales.Lang {
	return locales.Choose(b.cfg.Language, req.Locale, req.GuildLocale)
}

// errorReply renders err in the caller's own language as an ephemeral reply.
func (b *Bot) errorReply(req *Request, err error) *Reply {
	p := locales.For(locales.Choose(b.cfg.Language, req.Locale, req.GuildLocale))
	key, args := errorKey(err)
	if key == "core.err.internal" {
		b.cfg.Logger.Error("internal error", "path", strings.Join(req.Path, " "), "err", err)
	}
	return &Reply{Body: p.TMap(key, args), Tone: ToneFailure, Ephemeral: true, ErrorCode: key}
}

// ErrorText renders any error in p's language (the CLI's error lines).
func ErrorText(p *locales.Printer, err error) string {
	key, args := errorKey(err)
	return p.TMap(key, args)
}

// errorKey maps an error to its catalog key and data.
func errorKey(err error) (string, map[string]any) {
	var be *Error
	if errors.As(err, &be) {
		return be.Key, be.Args
	}
	var de *dice.Error
	if errors.As(err, &de) {
		return de.Code, de.Args
	}
	return "core.err.internal", nil
}
