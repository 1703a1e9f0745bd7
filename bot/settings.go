package bot

import (
	"strings"

	"rulekeeper/locales"
	"rulekeeper/rules/rogue"
	"rulekeeper/store"
)

// Choices of the guild settings.
var (
	languageChoices = []string{"en", "zh-CN", "zh-TW", "ko", "auto"}
	critRules       = []string{"double", "max"}
	systemChoices   = []string{"dnd5e", "rogue"}
	aoeMethods      = []string{"template", "token", "half"} // half: the DMG half-square rule (/aoe, aoe.go)
)

func (b *Bot) settingsCommand() *Command {
	sub := func(name, opt string, typ OptionType, choices []string) *Option {
		return &Option{Name: name, Type: SubCommand, Handler: b.setSetting,
			Options:  []*Option{{Name: opt, Type: typ, Required: true, Choices: choices}},
			Examples: []string{"/settings " + name + " " + opt + ":" + firstOr(choices, "123")}}
	}
	return &Command{
		Name:  "settings",
		Admin: true,
		Options: []*Option{
			{Name: "show", Type: SubCommand, Handler: b.showSettings, Examples: []string{"/settings show"}},
			sub("language", "value", String, languageChoices),
			sub("gm_role", "role", Role, nil),
			sub("crit_rule", "rule", String, critRules),
			sub("system", "system", String, systemChoices),
			sub("aoe_method", "method", String, aoeMethods),
			sub("rt_crit_direction", "direction", String, rtCritDirections), // Rogue's Tale G-A12 (rogue_encounter.go)
			sub("rt_crit_effect", "effect", String, rtOnOff),
		},
	}
}

func firstOr(s []string, def string) string {
	if len(s) > 0 {
		return s[0]
	}
	return def
}

// guildOnly refuses requests outside a guild and requests without a store.
func (b *Bot) guildOnly(req *Request) error {
	if req.GuildID == "" {
		return Errorf("core.err.guild_only")
	}
	if b.cfg.Store == nil {
		return Errorf("core.err.no_store")
	}
	return nil
}

func (b *Bot) showSettings(req *Request) (*Reply, error) {
	if err := b.guildOnly(req); err != nil {
		return nil, err
	}
	var g store.Guild
	err := b.cfg.Store.View(req.Ctx, req.GuildID, func(tx store.Tx) error {
		var err error
		g, err = tx.Guild()
		return err
	})
	if err != nil {
		return nil, err
	}
	return settingsReply(req, g), nil
}

// setSetting changes one guild setting; only a member with Manage Server may.
func (b *Bot) setSetting(req *Request) (*Reply, error) {
	if err := b.guildOnly(req); err != nil {
		return nil, err
	}
	if !req.ManageServer {
		return nil, Errorf("settings.err.not_admin")
	}
	var g store.Guild
	err := b.cfg.Store.Update(req.Ctx, req.GuildID, func(tx store.Tx) error {
		var err error
		if g, err = tx.Guild(); err != nil {
			return err
		}
		switch req.Path[1] {
		case "language":
			g.Language = req.Str("value")
			if g.Language == "auto" {
				g.Language = ""
			}
		case "gm_role":
			g.GMRole = strings.Trim(req.Str("role"), "<@&>")
		case "crit_rule":
			g.CritRule = req.Str("rule")
		case "system":
			g.System = req.Str("system")
		case "aoe_method":
			g.AoEMethod = req.Str("method")
		case "rt_crit_direction":
			g.House = setHouse(g.House, houseRTCritDirection, req.Str("direction"), string(rogue.CritAttacker))
		case "rt_crit_effect":
			g.House = setHouse(g.House, houseRTCritEffect, req.Str("effect"), "on")
		}
		return tx.PutGuild(g)
	})
	if err != nil {
		return nil, err
	}
	// The reply speaks the language just chosen.
	if req.Path[1] == "language" && g.Language != "" {
		req.P = locales.For(locales.Choose(g.Language))
	}
	r := settingsReply(req, g)
	r.Tone = ToneSuccess
	return r, nil
}

func settingsReply(req *Request, g store.Guild) *Reply {
	or := func(v, def string) string {
		if v == "" {
			return def
		}
		return v
	}
	lang := or(g.Language, req.T("settings.auto"))
	role := req.T("settings.none")
	if g.GMRole != "" {
		role = "<@&" + g.GMRole + ">"
	}
	return &Reply{
		Title: req.T("settings.title"),
		Fields: []Field{
			{Name: req.T("settings.language"), Value: lang, Inline: true},
			{Name: req.T("settings.gm_role"), Value: role, Inline: true},
			{Name: req.T("settings.crit_rule"), Value: req.T(critRuleKey(g.CritRule)), Inline: true},
			{Name: req.T("settings.system"), Value: or(g.System, "dnd5e"), Inline: true},
			{Name: req.T("settings.aoe_method"), Value: or(g.AoEMethod, "template"), Inline: true},
			{Name: req.T("settings.rt_crit_direction"), Value: req.T("settings.rt_crit." + or(g.House[houseRTCritDirection], string(rogue.CritAttacker))), Inline: true},
			{Name: req.T("settings.rt_crit_effect"), Value: req.T("settings.rt_onoff." + or(g.House[houseRTCritEffect], "on")), Inline: true},
		},
		Result: g,
	}
}

// setHouse sets a house rule, dropping it when it is the default.
func setHouse(h map[string]string, key, value, def string) map[string]string {
	if value == def || value == "" {
		delete(h, key)
		return h
	}
	if h == nil {
		h = map[string]string{}
	}
	h[key] = value
	return h
}

// critRuleKey is the catalog key naming a crit rule ("" is the default, "double").
func critRuleKey(rule string) string {
	if rule == "" {
		rule = critRules[0]
	}
	return "settings.crit." + rule
}
