// Package discord is rulekeeper's Discord transport: the gateway, the HTTP interactions endpoint, command
// registration, rate limits and metrics. It converts interactions into the bot's transport-neutral requests and
// replies into messages, and is the only package that imports discordgo and prometheus.
package discord

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"rulekeeper/bot"
)

// This file holds the answering logic the gateway and the HTTP transport share: rate limit, deferral, metrics,
// a graceful stop.

// DefaultDeferAfter is how long a transport waits for a handler before it answers "thinking…" (a deferred
// response) and finishes with an edit: Discord drops an interaction that is not answered within three seconds.
const DefaultDeferAfter = 2500 * time.Millisecond

// Config configures the Discord transports (gateway and HTTP interactions).
type Config struct {
	// Limiter bounds each user's commands; nil means no limit.
	Limiter *Limiter
	// Buckets, when set, keep the Limiter's buckets where every replica sees them (sharedlimit.go).
	Buckets Buckets
	// Ready checks the store for GET /readyz (reachable, schema current); nil checks nothing.
	Ready func(context.Context) error
	// Metrics records interactions; nil means none for the gateway and a fresh registry for the HTTP server.
	Metrics *Metrics
	// DeferAfter is how long a handler may run before the reply is deferred; 0 means DefaultDeferAfter.
	DeferAfter time.Duration
	// Logger receives transport errors; nil discards them.
	Logger *slog.Logger
	// Seen remembers the interactions answered, so that a repeat is not applied again (seen.go); nil means a
	// MemorySeen of DefaultSeenMax ids.
	Seen Seen
	// PrivateMetrics: /metrics is served on a listener of its own (serve --metrics-addr), so the public
	// interactions endpoint leaves it out.
	PrivateMetrics bool
	// AttachmentBases are the URL prefixes attachments are downloaded from; nil means DefaultAttachmentBases
	// (Discord's CDN). AttachmentTimeout bounds a download (0: DefaultAttachmentTimeout); AttachmentClient makes
	// it (nil: http.DefaultClient). See attach.go.
	AttachmentBases   []string
	AttachmentTimeout time.Duration
	AttachmentClient  *http.Client
}

// responder answers interactions for one transport and tracks the work in flight for a graceful stop.
type responder struct {
	bot         *bot.Bot
	cfg         Config
	rest        *discordgo.Session // edits and follow-ups of deferred replies
	inlineFiles bool               // the first response can carry attachments (the gateway's callback can; an HTTP body can't)
	log         *slog.Logger

	mu      sync.Mutex
	closing bool
	wg      sync.WaitGroup
}

func newResponder(b *bot.Bot, rest *discordgo.Session, cfg Config, inlineFiles bool) *responder {
	if cfg.DeferAfter <= 0 {
		cfg.DeferAfter = DefaultDeferAfter
	}
	if cfg.Seen == nil {
		cfg.Seen = NewMemorySeen(0, nil)
	}
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &responder{bot: b, cfg: cfg, rest: rest, inlineFiles: inlineFiles, log: log}
}

// acquire counts one interaction in flight; it reports false once the transport is shutting down.
func (e *responder) acquire() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closing {
		return false
	}
	e.wg.Add(1)
	return true
}

func (e *responder) release() { e.wg.Done() }

// shutdown stops taking work and waits for the interactions in flight, deferred ones included, until ctx ends.
func (e *responder) shutdown(ctx context.Context) error {
	e.mu.Lock()
	e.closing = true
	e.mu.Unlock()
	done := make(chan struct{})
	go func() { e.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// busy answers an interaction that arrives during shutdown.
func (e *responder) busy(i *discordgo.Interaction) *discordgo.InteractionResponse {
	req, ok := interactionRequest(context.Background(), i)
	if !ok {
		return nil
	}
	if req.Kind == bot.KindAutocomplete {
		return response(e.bot, req, &bot.Reply{})
	}
	return response(e.bot, req, e.bot.ErrorReply(req, bot.Errorf("discord.shutting_down")))
}

// answer works out the first response to an interaction (ok is false when it isn't one the bot answers).
// When the handler outlives DeferAfter, or its reply carries files the first response can't, first is a
// deferred response and finish, to be called once first has been sent, waits for the reply and edits it in.
// The caller must hold acquire while calling answer and finish.
func (e *responder) answer(ctx context.Context, i *discordgo.Interaction) (first *discordgo.InteractionResponse, finish func(), ok bool) {
	start := time.Now()
	req, ok := interactionRequest(context.WithoutCancel(ctx), i)
	if !ok {
		return nil, nil, false
	}
	kind, label := kindLabel(req.Kind), commandLabel(e.bot, req)
	m := e.cfg.Metrics
	if req.Kind == bot.KindAutocomplete { // answered at once: Discord allows no deferral, and typing isn't rate limited
		r := e.bot.Handle(req)
		m.observe(kind, label, "ok", time.Since(start))
		return response(e.bot, req, r), nil, true
	}
	if repeat := e.repeat(ctx, i); repeat {
		m.observe(kind, label, "repeat", time.Since(start))
		return response(e.bot, req, e.bot.ErrorReply(req, bot.Errorf("discord.repeat"))), nil, true
	}
	if allowed, wait := e.allow(ctx, req.UserID); !allowed {
		m.observe(kind, label, "rate_limited", time.Since(start))
		return response(e.bot, req, slowDown(e.bot, req, wait)), nil, true
	}
	private := req.Private() // the likely visibility, for a deferral (read before the handler runs)
	done := make(chan *bot.Reply, 1)
	go func() {
		var r *bot.Reply
		if err := e.fetchAttachments(req.Ctx, i, req); err != nil {
			r = e.bot.ErrorReply(req, err)
		} else {
			r = e.bot.Handle(req)
			e.post(r)
		}
		m.observe(kind, label, outcome(r), time.Since(start))
		done <- r
	}()
	timer := time.NewTimer(e.cfg.DeferAfter)
	select {
	case r := <-done:
		timer.Stop()
		if len(r.Files) == 0 || e.inlineFiles || r.Modal != nil {
			return response(e.bot, req, r), nil, true
		}
		m.deferred()
		return deferredResponse(r.Ephemeral), func() { e.complete(i, req, r.Ephemeral, r) }, true
	case <-timer.C:
		m.deferred()
		return deferredResponse(private), func() { e.complete(i, req, private, <-done) }, true
	}
}

// repeat reports whether the interaction was answered already (Config.Seen), and remembers it. When the memory
// cannot be read the interaction is answered: a store that is down does not stop the bot.
func (e *responder) repeat(ctx context.Context, i *discordgo.Interaction) bool {
	if i.ID == "" {
		return false
	}
	seen, err := e.cfg.Seen.Seen(ctx, i.ID, SeenTTL)
	if err != nil {
		e.log.Warn("interaction ids unread: answering anyway", "interaction", i.ID, "err", err)
		return false
	}
	return seen
}

func deferredResponse(ephemeral bool) *discordgo.InteractionResponse {
	data := &discordgo.InteractionResponseData{}
	if ephemeral {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource, Data: data}
}

// complete puts a reply in place of a deferred response. Visibility can only be chosen by the first response,
// so a reply whose visibility differs from the deferral's replaces it with a follow-up.
func (e *responder) complete(i *discordgo.Interaction, req *bot.Request, deferredEphemeral bool, r *bot.Reply) {
	if r.Modal != nil || r.Choices != nil { // can't follow a deferral
		e.log.Error("reply can't follow a deferral", "path", strings.Join(req.Path, " "), "custom_id", req.CustomID)
		r = e.bot.ErrorReply(req, bot.Errorf("core.err.internal"))
	}
	msg := renderMessage(r)
	if r.Ephemeral == deferredEphemeral {
		_, err := e.rest.InteractionResponseEdit(i, &discordgo.WebhookEdit{
			Content: &msg.content, Embeds: &msg.embeds, Components: &msg.components, Files: msg.files, AllowedMentions: msg.mentions})
		if err != nil {
			e.cfg.Metrics.failed("edit")
			e.log.Error("edit deferred reply", "interaction", i.ID, "err", err)
		}
		return
	}
	if err := e.rest.InteractionResponseDelete(i); err != nil {
		e.log.Warn("delete deferred reply", "interaction", i.ID, "err", err)
	}
	_, err := e.rest.FollowupMessageCreate(i, true, &discordgo.WebhookParams{
		Content: msg.content, Embeds: msg.embeds, Components: msg.components, Files: msg.files, Flags: msg.flags,
		AllowedMentions: msg.mentions})
	if err != nil {
		e.cfg.Metrics.failed("followup")
		e.log.Error("follow-up of deferred reply", "interaction", i.ID, "err", err)
	}
}

// commandLabel names a request for metrics with a bounded set of values: a command path of the table, a
// component prefix, or "unknown".
func commandLabel(b *bot.Bot, req *bot.Request) string {
	if req.Kind == bot.KindComponent || req.Kind == bot.KindModal {
		prefix := bot.ComponentName(req.CustomID)
		if b.Component(prefix) {
			return prefix
		}
		return "unknown"
	}
	if _, ok := b.Options(req.Path); !ok {
		return "unknown"
	}
	return strings.Join(req.Path, " ")
}

func kindLabel(k bot.Kind) string {
	switch k {
	case bot.KindComponent:
		return "component"
	case bot.KindAutocomplete:
		return "autocomplete"
	case bot.KindModal:
		return "modal"
	}
	return "command"
}

func outcome(r *bot.Reply) string {
	if r.ErrorCode != "" {
		return "error"
	}
	return "ok"
}
