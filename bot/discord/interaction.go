package discord

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"rulekeeper/bot"
)

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
		req.Message = clickedMessage(i.Message)
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
