package discord

import (
	"net/http"
	"net/url"
	"time"

	"github.com/bwmarrin/discordgo"

	"rulekeeper/bot"
	"rulekeeper/locales"
)

// discordLocales maps each catalog language but English to the Discord locales that show it. Discord has no
// zh-TW → zh-CN fallback, so both Chinese catalogs are needed.
var discordLocales = []struct {
	lang   locales.Lang
	locale discordgo.Locale
}{
	{locales.ZhCN, discordgo.ChineseCN},
	{locales.ZhTW, discordgo.ChineseTW},
	{locales.KO, discordgo.Korean},
}

// ApplicationCommands turns the command table into Discord slash commands: names as in the table (Discord sends
// them back whatever the user's language), English descriptions, and names and descriptions in every other
// catalog language. Admin commands default to members with Manage Server.
func ApplicationCommands(b *bot.Bot) []*discordgo.ApplicationCommand {
	en := locales.For(locales.EN)
	out := make([]*discordgo.ApplicationCommand, 0, len(b.Commands()))
	for _, c := range b.Commands() {
		names, descs := localizations(bot.LabelKey(c.Name)), localizations(bot.DescKey(c.Name))
		ac := &discordgo.ApplicationCommand{
			Type:                     discordgo.ChatApplicationCommand,
			Name:                     c.Name,
			NameLocalizations:        &names,
			Description:              en.T(bot.DescKey(c.Name)),
			DescriptionLocalizations: &descs,
			Options:                  applicationOptions([]string{c.Name}, c.Options),
		}
		if c.Admin {
			perm := int64(discordgo.PermissionManageGuild)
			ac.DefaultMemberPermissions = &perm
		}
		out = append(out, ac)
	}
	return out
}

func applicationOptions(prefix []string, opts []*bot.Option) []*discordgo.ApplicationCommandOption {
	if len(opts) == 0 {
		return nil
	}
	en := locales.For(locales.EN)
	out := make([]*discordgo.ApplicationCommandOption, 0, len(opts))
	for _, o := range opts {
		path := append(append([]string(nil), prefix...), o.Name)
		ao := &discordgo.ApplicationCommandOption{
			Type:                     discordgo.ApplicationCommandOptionType(o.Type),
			Name:                     o.Name,
			NameLocalizations:        localizations(bot.LabelKey(path...)),
			Description:              en.T(bot.DescKey(path...)),
			DescriptionLocalizations: localizations(bot.DescKey(path...)),
			Required:                 o.Required,
			Options:                  applicationOptions(path, o.Options),
			MinValue:                 o.Min,
			MaxLength:                o.MaxLen,
		}
		if o.Max != nil {
			ao.MaxValue = *o.Max // discordgo omits a zero maximum: the table never needs one
		}
		if o.MinLen > 0 {
			n := o.MinLen
			ao.MinLength = &n
		}
		for _, ch := range o.Choices {
			key := bot.ChoiceKey(ch, path...)
			ao.Choices = append(ao.Choices, &discordgo.ApplicationCommandOptionChoice{
				Name: en.T(key), NameLocalizations: localizations(key), Value: ch})
		}
		ao.Autocomplete = o.Complete != nil && len(o.Choices) == 0 // Discord allows one or the other
		out = append(out, ao)
	}
	return out
}

// localizations renders a catalog key in every non-English catalog language, keyed by Discord locale.
func localizations(key string) map[discordgo.Locale]string {
	m := make(map[discordgo.Locale]string, len(discordLocales))
	for _, dl := range discordLocales {
		m[dl.locale] = locales.For(dl.lang).T(key)
	}
	return m
}

// NewSession returns a discordgo session for token. With apiURL set, its REST calls (and so the gateway URL it
// asks for) go to that base URL — a REST proxy such as nirn-proxy, or a fake Discord — with their paths kept;
// discordgo's endpoint globals stay untouched.
//
// An empty token gives a session for the calls an interaction's own token authenticates (the edits and
// follow-ups of deferred replies, over HTTP interactions): it sends no Authorization header.
func NewSession(token, apiURL string) *discordgo.Session {
	s, _ := discordgo.New(token) // New never fails
	t := &apiTransport{next: http.DefaultTransport, noAuth: token == ""}
	if apiURL != "" {
		if u, err := url.Parse(apiURL); err == nil && u.Host != "" {
			t.base = u
		}
	}
	if t.base != nil || t.noAuth {
		s.Client = &http.Client{Timeout: 20 * time.Second, Transport: t}
	}
	return s
}

// apiTransport sends requests to another base URL (when base is set), keeping their paths, and without an
// Authorization header when noAuth is set.
type apiTransport struct {
	base   *url.URL
	next   http.RoundTripper
	noAuth bool
}

func (t *apiTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r2 := r.Clone(r.Context())
	if t.base != nil {
		r2.URL.Scheme, r2.URL.Host, r2.Host = t.base.Scheme, t.base.Host, t.base.Host
	}
	if t.noAuth {
		r2.Header.Del("Authorization")
	}
	return t.next.RoundTrip(r2)
}

// Register replaces the application's slash commands with b's table in one bulk overwrite (in one guild when
// guildID is set: instant, for development; else globally), looking the application id up when appID is empty (a
// bot user's id is its application's id). It returns what Discord registered.
func Register(s *discordgo.Session, b *bot.Bot, appID, guildID string) ([]*discordgo.ApplicationCommand, error) {
	if appID == "" {
		u, err := s.User("@me")
		if err != nil {
			return nil, bot.Errorf("discord.err.register", "Error", err.Error())
		}
		appID = u.ID
	}
	cmds, err := s.ApplicationCommandBulkOverwrite(appID, guildID, ApplicationCommands(b))
	if err != nil {
		return nil, bot.Errorf("discord.err.register", "Error", err.Error())
	}
	return cmds, nil
}
