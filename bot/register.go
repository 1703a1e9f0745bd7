package bot

import (
	"github.com/bwmarrin/discordgo"

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
func (b *Bot) ApplicationCommands() []*discordgo.ApplicationCommand {
	en := locales.For(locales.EN)
	out := make([]*discordgo.ApplicationCommand, 0, len(b.commands))
	for _, c := range b.commands {
		names, descs := localizations(LabelKey(c.Name)), localizations(DescKey(c.Name))
		ac := &discordgo.ApplicationCommand{
			Type:                     discordgo.ChatApplicationCommand,
			Name:                     c.Name,
			NameLocalizations:        &names,
			Description:              en.T(DescKey(c.Name)),
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

func applicationOptions(prefix []string, opts []*Option) []*discordgo.ApplicationCommandOption {
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
			NameLocalizations:        localizations(LabelKey(path...)),
			Description:              en.T(DescKey(path...)),
			DescriptionLocalizations: localizations(DescKey(path...)),
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
			key := ChoiceKey(ch, path...)
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

// Register replaces the application's slash commands with the table in one bulk overwrite: in one guild when
// guildID is set (instant; for development), else globally.
func (b *Bot) Register(s *discordgo.Session, appID, guildID string) ([]*discordgo.ApplicationCommand, error) {
	return s.ApplicationCommandBulkOverwrite(appID, guildID, b.ApplicationCommands())
}
