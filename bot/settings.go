package bot

import (
	"strconv"
	"strings"

	"rulekeeper/locales"
	"rulekeeper/play"
	"rulekeeper/rules/area"
	"rulekeeper/rules/coc"
	"rulekeeper/rules/rogue"
)

// Choices of the guild settings.
var (
	languageChoices = []string{"en", "zh-CN", "zh-TW", "ko", "auto"}
	critRules       = []string{"double", "max"}
	systemChoices   = []string{"dnd5e", "rogue", "coc"}
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
			sub("coc_death", "rule", String, cocDeathRules),        // Call of Cthulhu G2
			sub("show_npc_stats", "value", String, onOff),          // the GM's table (gmtime.go)
			sub("npc_initiative", "value", String, npcInitiatives), //
			{Name: "gm_channel", Type: SubCommand, Handler: b.setSetting, Options: []*Option{ // secret rolls (secret.go)
				{Name: "channel", Type: String}, // a channel id or mention; "none" clears it
				{Name: "clear", Type: Boolean},
			}, Examples: []string{"/settings gm_channel channel:123", "/settings gm_channel clear:true"}},
			{Name: "long_rest_cooldown", Type: SubCommand, Handler: b.setSetting, Options: []*Option{
				{Name: "hours", Type: Integer, Required: true, Min: Bound(0), Max: Bound(play.MaxCooldownHours)},
			}, Examples: []string{"/settings long_rest_cooldown hours:8", "/settings long_rest_cooldown hours:0"}},
		},
	}
}

func firstOr(s []string, def string) string {
	if len(s) > 0 {
		return s[0]
	}
	return def
}

func (b *Bot) showSettings(req *Request) (*Reply, error) {
	g, err := b.cfg.Table.Settings(req.Ctx, req.caller())
	if err != nil {
		return nil, err
	}
	return settingsReply(req, g), nil
}

// setSetting changes one guild setting; only a member with Manage Server may.
func (b *Bot) setSetting(req *Request) (*Reply, error) {
	var value string
	switch req.Path[1] {
	case "language":
		value = req.Str("value")
	case "gm_role":
		value = req.Str("role")
	case "crit_rule":
		value = req.Str("rule")
	case "system":
		value = req.Str("system")
	case "aoe_method":
		value = req.Str("method")
	case "rt_crit_direction":
		value = req.Str("direction")
	case "rt_crit_effect":
		value = req.Str("effect")
	case "coc_death":
		value = req.Str("rule")
	case "show_npc_stats", "npc_initiative":
		value = req.Str("value")
	case "gm_channel":
		value = strings.TrimSpace(req.Str("channel"))
		switch {
		case req.Bool("clear") && value != "":
			return nil, Errorf("secret.err.channel_and_clear")
		case req.Bool("clear"), strings.EqualFold(value, "none"):
			value = ""
		case value == "":
			return nil, Errorf("secret.err.channel_or_clear")
		}
	case "long_rest_cooldown":
		value = strconv.Itoa(req.Int("hours", 24))
	}
	g, err := b.cfg.Table.SetSetting(req.Ctx, req.caller(), req.Path[1], value)
	if err != nil {
		return nil, err
	}
	// The reply speaks the language just chosen.
	if req.Path[1] == "language" && g.Language != "" {
		req.P = locales.For(locales.Choose(g.Language))
	}
	r := settingsReply(req, g)
	r.Tone = ToneSuccess
	if req.Path[1] == "gm_channel" && value == "" {
		r.Body = req.T("secret.cleared")
	}
	return r, nil
}

func settingsReply(req *Request, g play.Settings) *Reply {
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
	r := &Reply{
		Title: req.T("settings.title"),
		Fields: []Field{
			{Name: req.T("settings.language"), Value: lang, Inline: true},
			{Name: req.T("settings.gm_role"), Value: role, Inline: true},
			{Name: req.T("settings.crit_rule"), Value: req.T(critRuleKey(g.CritRule)), Inline: true},
			{Name: req.T("settings.system"), Value: req.T("system." + or(g.System, "dnd5e")), Inline: true},
			{Name: req.T("settings.aoe_method"), Value: methodName(req, or(g.AoEMethod, string(area.Template))), Inline: true},
			{Name: req.T("settings.rt_crit_direction"), Value: req.T("settings.rt_crit." + or(g.House[play.HouseRTCritDirection], string(rogue.CritAttacker))), Inline: true},
			{Name: req.T("settings.rt_crit_effect"), Value: req.T("settings.rt_onoff." + or(g.House[play.HouseRTCritEffect], "on")), Inline: true},
			{Name: req.T("settings.coc_death"), Value: req.T(coc.DeathRule(g.House[play.HouseCoCDeath]).Key()), Inline: true},
			{Name: req.T("gm.settings.show_npc_stats"), Value: req.T("settings.rt_onoff." + or(g.House[play.HouseShowNPCStats], "off")), Inline: true},
			{Name: req.T("gm.settings.npc_initiative"), Value: req.T("gm.settings.npc_initiative." + or(g.House[play.HouseNPCInitiative], "each")), Inline: true},
			{Name: req.T("gm.settings.long_rest_cooldown"), Value: cooldownLine(req, play.LongRestCooldown(g)), Inline: true},
		},
		Result: g,
	}
	if ch := g.House[play.HouseGMChannel]; ch != "" {
		r.Fields = append(r.Fields, Field{Name: req.T("settings.gm_channel"), Value: "<#" + ch + ">", Inline: true})
	}
	return r
}

// methodName names an area-of-effect grid method in the reply language (the id when it is none known).
func methodName(req *Request, m string) string {
	if k := area.Method(m).Key(); k != "" {
		return req.T(k)
	}
	return m
}

// critRuleKey is the catalog key naming a crit rule ("" is the default, "double").
func critRuleKey(rule string) string {
	if rule == "" {
		rule = critRules[0]
	}
	return "settings.crit." + rule
}

// rtCritDirections are the choices of /settings rt_crit_direction (rules/rogue's CritDirection values).
var rtCritDirections = []string{string(rogue.CritAttacker), string(rogue.CritDefender), string(rogue.CritMagicOnly)}

// cocDeathRules are the choices of /settings coc_death (Call of Cthulhu G2: when one hit kills).
var cocDeathRules = []string{string(coc.DeathClassic), string(coc.DeathPulp)}

// rtOnOff are the choices of /settings rt_crit_effect.
var rtOnOff = []string{"on", "off"}

// onOff are the choices of /settings show_npc_stats; npcInitiatives those of /settings npc_initiative.
var (
	onOff          = []string{"off", "on"}
	npcInitiatives = []string{"each", "group"}
)
