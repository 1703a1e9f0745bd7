package discord

import (
	"errors"
	"net/http"
	"strings"

	"github.com/bwmarrin/discordgo"

	"rulekeeper/bot"
)

// post sends a reply's Posts (issue 18: a secret roll to the GM channel, its notice or reveal in the roll's
// channel) as channel messages through the REST API, before the answer itself.
func (e *responder) post(r *bot.Reply) {
	for _, p := range r.Posts {
		if p.Reply == nil || !validMention(p.ChannelID) {
			continue
		}
		msg := renderMessage(p.Reply)
		_, err := e.rest.ChannelMessageSendComplex(p.ChannelID, &discordgo.MessageSend{
			Content: msg.content, Embeds: msg.embeds, Components: msg.components, Files: msg.files, AllowedMentions: msg.mentions})
		if err != nil {
			e.cfg.Metrics.failed("post")
			e.log.Error("post to channel", "channel", p.ChannelID, "err", err)
			if p.Refused != "" && missingPermission(err) {
				r.Body = strings.TrimSpace(r.Body + "\n" + p.Refused)
			}
		}
	}
}

// missingPermission reports whether Discord refused a request for the bot's permissions in the channel (403:
// Missing Access, Missing Permissions).
func missingPermission(err error) bool {
	var re *discordgo.RESTError
	if !errors.As(err, &re) {
		return false
	}
	if re.Message != nil && (re.Message.Code == discordgo.ErrCodeMissingPermissions || re.Message.Code == discordgo.ErrCodeMissingAccess) {
		return true
	}
	return re.Response != nil && re.Response.StatusCode == http.StatusForbidden
}

// clickedMessage reads the message whose button was clicked back into a reply: its first embed's title,
// description, fields and footer (what a Reveal button shows again).
func clickedMessage(m *discordgo.Message) *bot.Reply {
	if m == nil || len(m.Embeds) == 0 || m.Embeds[0] == nil {
		return nil
	}
	e := m.Embeds[0]
	r := &bot.Reply{Title: e.Title, Body: e.Description}
	for _, f := range e.Fields {
		if f != nil {
			r.Fields = append(r.Fields, bot.Field{Name: f.Name, Value: f.Value, Inline: f.Inline})
		}
	}
	if e.Footer != nil {
		r.Footer = e.Footer.Text
	}
	switch e.Color {
	case toneColor(bot.ToneSuccess):
		r.Tone = bot.ToneSuccess
	case toneColor(bot.ToneFailure):
		r.Tone = bot.ToneFailure
	case toneColor(bot.ToneCritical):
		r.Tone = bot.ToneCritical
	}
	return r
}
