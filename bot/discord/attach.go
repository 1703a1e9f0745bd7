package discord

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"rulekeeper/bot"
)

// Attachment options (`/sheet import file:`, issue 11 §5): Discord sends the option's value as an attachment id
// and the file's URL, name and size in data.resolved.attachments. The transport downloads it before the handler
// runs, as the console reads a local file: at most MaxAttachment bytes, within the attachment timeout, only from
// a URL of Discord's attachment hosts as the payload gives it (no redirects), so a forged payload cannot make
// the bot fetch anything else.

// MaxAttachment bounds a downloaded attachment (1 MiB).
const MaxAttachment = 1 << 20

// DefaultAttachmentTimeout bounds one attachment's download.
const DefaultAttachmentTimeout = 10 * time.Second

// DefaultAttachmentBases are the URL prefixes an attachment may be downloaded from: Discord's CDN.
var DefaultAttachmentBases = []string{"https://cdn.discordapp.com/", "https://media.discordapp.net/"}

// attachmentOptions returns the command's attachment options: option name → attachment id.
func attachmentOptions(data discordgo.ApplicationCommandInteractionData) map[string]string {
	opts := data.Options
	for len(opts) == 1 && opts[0] != nil && (opts[0].Type == discordgo.ApplicationCommandOptionSubCommand ||
		opts[0].Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
		opts = opts[0].Options
	}
	out := map[string]string{}
	for _, o := range opts {
		if o == nil || o.Type != discordgo.ApplicationCommandOptionAttachment {
			continue
		}
		if id, ok := o.Value.(string); ok {
			out[o.Name] = id
		}
	}
	return out
}

// fetchAttachments downloads the attachments of a command's options into req.Files; an error is the user's
// (too large, not Discord's, unreadable) and the handler does not run.
func (e *responder) fetchAttachments(ctx context.Context, i *discordgo.Interaction, req *bot.Request) error {
	if i.Type != discordgo.InteractionApplicationCommand {
		return nil
	}
	data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
	if !ok {
		return nil
	}
	for name, id := range attachmentOptions(data) {
		var a *discordgo.MessageAttachment
		if data.Resolved != nil {
			a = data.Resolved.Attachments[id]
		}
		if a == nil {
			return bot.Errorf("discord.attachment.missing")
		}
		f, err := e.download(ctx, a)
		if err != nil {
			return err
		}
		if req.Files == nil {
			req.Files = map[string]bot.File{}
		}
		req.Files[name] = f
	}
	return nil
}

// download fetches one attachment from Discord's CDN.
func (e *responder) download(ctx context.Context, a *discordgo.MessageAttachment) (bot.File, error) {
	if a.Size > MaxAttachment {
		return bot.File{}, bot.Errorf("discord.attachment.too_large", "Max", MaxAttachment)
	}
	if !allowedAttachment(a.URL, e.cfg.AttachmentBases) {
		e.log.Warn("attachment refused: not Discord's CDN", "url", a.URL)
		return bot.File{}, bot.Errorf("discord.attachment.not_discord")
	}
	timeout := e.cfg.AttachmentTimeout
	if timeout <= 0 {
		timeout = DefaultAttachmentTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	hr, err := http.NewRequestWithContext(ctx, http.MethodGet, a.URL, nil)
	if err != nil {
		return bot.File{}, bot.Errorf("discord.attachment.not_discord")
	}
	client := *e.attachmentClient()
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := client.Do(hr)
	if err != nil {
		e.log.Warn("attachment download", "url", a.URL, "err", err)
		return bot.File{}, bot.Errorf("discord.attachment.unreadable")
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		e.log.Warn("attachment download", "url", a.URL, "status", resp.StatusCode)
		return bot.File{}, bot.Errorf("discord.attachment.unreadable")
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, MaxAttachment+1))
	switch {
	case len(body) > MaxAttachment:
		return bot.File{}, bot.Errorf("discord.attachment.too_large", "Max", MaxAttachment)
	case err != nil:
		e.log.Warn("attachment download", "url", a.URL, "err", err)
		return bot.File{}, bot.Errorf("discord.attachment.unreadable")
	}
	return bot.File{Name: a.Filename, ContentType: a.ContentType, Data: body}, nil
}

// attachmentClient is the HTTP client of downloads: Config.AttachmentClient, else the default one.
func (e *responder) attachmentClient() *http.Client {
	if e.cfg.AttachmentClient != nil {
		return e.cfg.AttachmentClient
	}
	return http.DefaultClient
}

// allowedAttachment reports whether raw is a plain URL under one of bases (nil: DefaultAttachmentBases): the same
// scheme and host, no user info, its path under the base's.
func allowedAttachment(raw string, bases []string) bool {
	if bases == nil {
		bases = DefaultAttachmentBases
	}
	u, err := url.Parse(raw)
	if err != nil || u.User != nil || u.Opaque != "" || u.Host == "" {
		return false
	}
	for _, b := range bases {
		bu, err := url.Parse(b)
		if err != nil {
			continue
		}
		if strings.EqualFold(u.Scheme, bu.Scheme) && strings.EqualFold(u.Host, bu.Host) && strings.HasPrefix(u.Path, bu.Path) &&
			!strings.Contains(u.Path, "/../") {
			return true
		}
	}
	return false
}
