// Package discord is rulekeeper's Discord transport: the gateway, the HTTP interactions endpoint, command
// registration, rate limits and metrics. It converts interactions into the bot's transport-neutral requests and
// replies into messages, and is the only package that imports discordgo and prometheus.
package discord

import (
	"bytes"
	"context"
	"log/slog"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"rulekeeper/bot"
)

// This file converts between Discord interactions and the bot's transport-neutral requests and replies, and holds
// the answering logic the gateway and the HTTP transport share (rate limit, deferral, metrics).

// Embed colours by tone.
const (
	colorNeutral  = 0x5865F2 // blurple
	colorSuccess  = 0x57F287 // green
	colorFailure  = 0xED4245 // red
	colorCritical = 0xF1C40F // gold
)

// Discord's limits on what a message may carry (characters, not bytes).
const (
	maxEmbedTitle  = 256
	maxEmbedDesc   = 4096
	maxEmbedFields = 25
	maxFieldName   = 256
	maxFieldValue  = 1024
	maxFooter      = 2048
	maxEmbedTotal  = 6000
	maxButtons     = 25 // 5 rows of 5
	maxButtonLabel = 80
	maxCustomID    = 100
	maxChoices     = 25
	maxChoiceName  = 100
	maxModalTitle  = 45
	maxModalInputs = 5
	maxInputLabel  = 45
)

// DefaultDeferAfter is how long a transport waits for a handler before it answers "thinking…" (a deferred
// response) and finishes with an edit: Discord drops an interaction that is not answered within three seconds.
const DefaultDeferAfter = 2500 * time.Millisecond

// Config configures the Discord transports (gateway and HTTP interactions).
type Config struct {
	// Limiter bounds each user's commands; nil means no limit.
	Limiter *Limiter
	// Metrics records interactions; nil means none for the gateway and a fresh registry for the HTTP server.
	Metrics *Metrics
	// DeferAfter is how long a handler may run before the reply is deferred; 0 means DefaultDeferAfter.
	DeferAfter time.Duration
	// Logger receives transport errors; nil discards them.
	Logger *slog.Logger
}

// interactionRequest converts an interaction into a request. It reports false for anything that is not a
// command, autocomplete, component or modal submission. It never calls discordgo's data accessors, which panic
// on a type mismatch.
func interactionRequest(ctx context.Context, i *discordgo.Interaction) (*bot.Request, bool) {
	req := &bot.Request{Ctx: ctx, GuildID: i.GuildID, ChannelID: i.ChannelID, Locale: string(i.Locale), Options: map[string]any{}}
	if i.GuildLocale != nil {
		req.GuildLocale = string(*i.GuildLocale)
	}
	u := i.User
	if m := i.Member; m != nil {
		if m.User != nil {
			u = m.User
		}
		req.ManageServer = m.Permissions&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) != 0
		req.RoleIDs = m.Roles
		req.UserName = m.Nick
	}
	if u != nil {
		req.UserID = u.ID
		if req.UserName == "" {
			req.UserName = u.DisplayName()
		}
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
		if !ok || data.Name == "" {
			return nil, false
		}
		req.Kind = bot.KindCommand
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
			req.Kind = bot.KindAutocomplete
		}
		req.Path = []string{data.Name}
		opts := data.Options
		for len(opts) == 1 && (opts[0].Type == discordgo.ApplicationCommandOptionSubCommand ||
			opts[0].Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
			req.Path = append(req.Path, opts[0].Name)
			opts = opts[0].Options
		}
		for _, o := range opts {
			if o == nil || o.Value == nil {
				continue
			}
			req.Options[o.Name] = o.Value // float64, string or bool; coerce types them against the table
			if o.Focused {
				req.Focused = o.Name
			}
		}
	case discordgo.InteractionMessageComponent:
		data, ok := i.Data.(discordgo.MessageComponentInteractionData)
		if !ok {
			return nil, false
		}
		req.Kind, req.CustomID = bot.KindComponent, data.CustomID
		if len(data.Values) > 0 {
			req.Options["values"] = data.Values
		}
	case discordgo.InteractionModalSubmit:
		data, ok := i.Data.(discordgo.ModalSubmitInteractionData)
		if !ok {
			return nil, false
		}
		req.Kind, req.CustomID = bot.KindModal, data.CustomID
		for _, row := range data.Components {
			var inner []discordgo.MessageComponent
			switch r := row.(type) {
			case *discordgo.ActionsRow:
				inner = r.Components
			case discordgo.ActionsRow:
				inner = r.Components
			}
			for _, c := range inner {
				switch t := c.(type) {
				case *discordgo.TextInput:
					req.Options[t.CustomID] = t.Value
				case discordgo.TextInput:
					req.Options[t.CustomID] = t.Value
				}
			}
		}
	default:
		return nil, false
	}
	return req, true
}

// response converts a reply into the first response to an interaction: choices for autocomplete (type 8), a
// modal (9), an update of the clicked message (7) or a new message (4).
func response(b *bot.Bot, req *bot.Request, r *bot.Reply) *discordgo.InteractionResponse {
	switch {
	case req.Kind == bot.KindAutocomplete:
		choices := make([]*discordgo.ApplicationCommandOptionChoice, 0, len(r.Choices))
		numeric := focusedType(b, req)
		for _, c := range r.Choices {
			if len(choices) == maxChoices {
				break
			}
			var v any = clip(c.Value, maxChoiceName)
			switch numeric {
			case bot.Integer:
				n, err := strconv.ParseInt(c.Value, 10, 64)
				if err != nil {
					continue
				}
				v = n
			case bot.Number:
				f, err := strconv.ParseFloat(c.Value, 64)
				if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
					continue
				}
				v = f
			}
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: clip(c.Name, maxChoiceName), Value: v})
		}
		return &discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: choices}}
	case r.Modal != nil && req.Kind != bot.KindModal:
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: modalData(r.Modal)}
	}
	m := renderMessage(r)
	data := &discordgo.InteractionResponseData{Content: m.content, Embeds: m.embeds, Components: m.components, Files: m.files, Flags: m.flags}
	t := discordgo.InteractionResponseChannelMessageWithSource
	if req.Kind == bot.KindComponent && r.Update {
		t = discordgo.InteractionResponseUpdateMessage
		if data.Components == nil {
			data.Components = []discordgo.MessageComponent{} // drop the old buttons
		}
	}
	return &discordgo.InteractionResponse{Type: t, Data: data}
}

// focusedType is the type of the option an autocomplete request is typing.
func focusedType(b *bot.Bot, req *bot.Request) bot.OptionType {
	opts, _ := b.Options(req.Path)
	if o := bot.FindOption(opts, req.Focused); o != nil {
		return o.Type
	}
	return bot.String
}

func modalData(m *bot.Modal) *discordgo.InteractionResponseData {
	rows := make([]discordgo.MessageComponent, 0, len(m.Inputs))
	for _, in := range m.Inputs {
		if len(rows) == maxModalInputs {
			break
		}
		style := discordgo.TextInputShort
		if in.Paragraph {
			style = discordgo.TextInputParagraph
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.TextInput{
			CustomID: in.CustomID, Label: clip(in.Label, maxInputLabel), Style: style, Value: in.Value,
			Required: in.Required, MaxLength: in.MaxLength,
		}}})
	}
	return &discordgo.InteractionResponseData{CustomID: m.CustomID, Title: clip(m.Title, maxModalTitle), Components: rows}
}

// message is a rendered reply.
type message struct {
	content    string
	embeds     []*discordgo.MessageEmbed
	components []discordgo.MessageComponent
	files      []*discordgo.File
	flags      discordgo.MessageFlags
}

// renderMessage turns a reply into an embed coloured by tone, rows of buttons and attachments, cut to Discord's
// limits so that a long reply can never make Discord refuse the message.
func renderMessage(r *bot.Reply) message {
	var m message
	if r.Ephemeral {
		m.flags = discordgo.MessageFlagsEphemeral
	}
	e := &discordgo.MessageEmbed{Title: clip(r.Title, maxEmbedTitle), Color: toneColor(r.Tone)}
	total := utf8.RuneCountInString(e.Title)
	for _, f := range r.Fields {
		if len(e.Fields) == maxEmbedFields {
			break
		}
		name, value := clip(orBlank(f.Name), maxFieldName), clip(orBlank(f.Value), maxFieldValue)
		total += utf8.RuneCountInString(name) + utf8.RuneCountInString(value)
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: name, Value: value, Inline: f.Inline})
	}
	if r.Footer != "" {
		e.Footer = &discordgo.MessageEmbedFooter{Text: clip(r.Footer, maxFooter)}
		total += utf8.RuneCountInString(e.Footer.Text)
	}
	e.Description = clip(r.Body, max(0, min(maxEmbedDesc, maxEmbedTotal-total)))
	if e.Title != "" || e.Description != "" || len(e.Fields) > 0 || e.Footer != nil {
		m.embeds = []*discordgo.MessageEmbed{e}
	}
	var row []discordgo.MessageComponent
	n := 0
	for _, bt := range r.Buttons {
		if n == maxButtons {
			break
		}
		if bt.CustomID == "" || len(bt.CustomID) > maxCustomID {
			continue // Discord would refuse the whole message
		}
		style := discordgo.ButtonStyle(bt.Style)
		if style < discordgo.PrimaryButton || style > discordgo.DangerButton {
			style = discordgo.SecondaryButton
		}
		row = append(row, discordgo.Button{Label: clip(orBlank(bt.Label), maxButtonLabel), CustomID: bt.CustomID, Style: style})
		n++
		if len(row) == 5 {
			m.components = append(m.components, discordgo.ActionsRow{Components: row})
			row = nil
		}
	}
	if len(row) > 0 {
		m.components = append(m.components, discordgo.ActionsRow{Components: row})
	}
	for _, f := range r.Files {
		m.files = append(m.files, &discordgo.File{Name: f.Name, ContentType: f.ContentType, Reader: bytes.NewReader(f.Data)})
	}
	if m.embeds == nil && m.files == nil && m.components == nil {
		m.content = "\u200b" // Discord refuses an empty message
	}
	return m
}

func toneColor(t bot.Tone) int {
	switch t {
	case bot.ToneSuccess:
		return colorSuccess
	case bot.ToneFailure:
		return colorFailure
	case bot.ToneCritical:
		return colorCritical
	}
	return colorNeutral
}

// clip cuts s to at most n characters, marking a cut with an ellipsis.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	if n <= 0 {
		return ""
	}
	rs := []rune(s)
	return string(rs[:n-1]) + "…"
}

// orBlank stands in a zero-width space for an empty embed field name or value, which Discord refuses.
func orBlank(s string) string {
	if s == "" {
		return "\u200b"
	}
	return s
}

// ---- answering: shared by the gateway and the HTTP transport ----

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
	if allowed, wait := e.cfg.Limiter.Allow(req.UserID, e.bot.Now()); !allowed {
		m.observe(kind, label, "rate_limited", time.Since(start))
		return response(e.bot, req, slowDown(e.bot, req, wait)), nil, true
	}
	private, _ := req.Options["private"].(bool) // the likely visibility, for a deferral (read before the handler runs)
	done := make(chan *bot.Reply, 1)
	go func() {
		r := e.bot.Handle(req)
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
			Content: &msg.content, Embeds: &msg.embeds, Components: &msg.components, Files: msg.files})
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
		Content: msg.content, Embeds: msg.embeds, Components: msg.components, Files: msg.files, Flags: msg.flags})
	if err != nil {
		e.cfg.Metrics.failed("followup")
		e.log.Error("follow-up of deferred reply", "interaction", i.ID, "err", err)
	}
}

// commandLabel names a request for metrics with a bounded set of values: a command path of the table, a
// component prefix, or "unknown".
func commandLabel(b *bot.Bot, req *bot.Request) string {
	if req.Kind == bot.KindComponent || req.Kind == bot.KindModal {
		prefix, _, _ := strings.Cut(req.CustomID, ":")
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
