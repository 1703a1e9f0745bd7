package discord

import (
	"bytes"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"rulekeeper/bot"
)

// This file turns replies into Discord responses and messages, cut to Discord's limits.

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
	data := &discordgo.InteractionResponseData{Content: m.content, Embeds: m.embeds, Components: m.components, Files: m.files,
		Flags: m.flags, AllowedMentions: m.mentions}
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
	mentions   *discordgo.MessageAllowedMentions // always set: nobody is pinged but the reply's Mention
}

// allowedMentions lets a message ping only user (none when ""): never @everyone, @here or a role, whatever its
// text holds.
func allowedMentions(user string) *discordgo.MessageAllowedMentions {
	am := &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
	if user != "" {
		am.Users = []string{user}
	}
	return am
}

// validMention reports a user id Discord can mention: a snowflake (digits), or the console's and tests' plain ids
// (letters, digits, - and _), never markup.
func validMention(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, r := range id {
		if !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// renderMessage turns a reply into an embed coloured by tone, rows of buttons and attachments, cut to Discord's
// limits so that a long reply can never make Discord refuse the message.
func renderMessage(r *bot.Reply) message {
	var m message
	if r.Ephemeral {
		m.flags = discordgo.MessageFlagsEphemeral
	}
	// A mention pings only from the content (an embed's never does), and only the user allowed.
	mention := ""
	if validMention(r.Mention) {
		mention = r.Mention
		m.content = "<@" + mention + ">"
	}
	m.mentions = allowedMentions(mention)
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
	if m.content == "" && m.embeds == nil && m.files == nil && m.components == nil {
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
