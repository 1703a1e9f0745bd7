package play

import (
	"context"
	"strconv"
	"strings"

	"rulekeeper/rules/coc"
	"rulekeeper/rules/rogue"
)

// Settings reads the caller's guild settings.
func (t *Table) Settings(ctx context.Context, c Caller) (Settings, error) {
	var out Settings
	err := t.view(ctx, c, nil, func(s *scene) error {
		var err error
		out, err = s.settings()
		return err
	})
	return out, err
}

// SetSetting changes one guild setting; only a member with Manage Server may. Fields: language (a language, or
// "auto" for each user's own), gm_role (a role id, mention allowed), crit_rule, system, aoe_method,
// rt_crit_direction, rt_crit_effect (on/off), coc_death (classic/pulp), show_npc_stats (on/off), npc_initiative
// (each/group), gm_channel (a channel id, mention allowed), long_rest_cooldown (hours, 0 for none); house rules at their default are dropped.
func (t *Table) SetSetting(ctx context.Context, c Caller, field, value string) (Settings, error) {
	var out Settings
	err := t.update(ctx, c, nil, func(s *scene) error {
		if !c.ManageServer {
			return fail("settings.err.not_admin")
		}
		g, err := s.settings()
		if err != nil {
			return err
		}
		switch field {
		case "language":
			g.Language = value
			if g.Language == "auto" {
				g.Language = ""
			}
		case "gm_role":
			g.GMRole = strings.Trim(value, "<@&>")
		case "crit_rule":
			g.CritRule = value
		case "system":
			g.System = value
		case "aoe_method":
			g.AoEMethod = value
		case HouseRTCritDirection:
			g.House = setHouse(g.House, HouseRTCritDirection, value, string(rogue.CritAttacker))
		case HouseRTCritEffect:
			g.House = setHouse(g.House, HouseRTCritEffect, value, "on")
		case HouseCoCDeath:
			g.House = setHouse(g.House, HouseCoCDeath, value, string(coc.DeathClassic))
		case HouseShowNPCStats:
			g.House = setHouse(g.House, HouseShowNPCStats, value, "off")
		case HouseNPCInitiative:
			g.House = setHouse(g.House, HouseNPCInitiative, value, "each")
		case HouseGMChannel:
			g.House = setHouse(g.House, HouseGMChannel, strings.TrimSpace(strings.Trim(value, "<#>")), "")
		case HouseLongRestCooldown:
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 || n > MaxCooldownHours {
				return fail("settings.err.bad_cooldown", "Value", value, "Max", MaxCooldownHours)
			}
			g.House = setHouse(g.House, HouseLongRestCooldown, strconv.Itoa(n), "24")
		}
		out = g
		return s.tx.PutGuild(g)
	})
	return out, err
}

// HouseGMChannel is the guild setting (Settings.House) naming the channel where secret rolls go (issue 18): a
// channel id, "" for none.
const HouseGMChannel = "gm_channel"

// MaxCooldownHours bounds long_rest_cooldown: a week.
const MaxCooldownHours = 168

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
