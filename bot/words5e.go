package bot

import (
	"strconv"
	"strings"

	"rulekeeper/locales"
	"rulekeeper/play"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// Words for D&D 5e results shared by several commands: rolls, effects on rolls, HP and state changes, damage by
// type, what a fight did to a tracked creature (a vague state for an NPC the caller does not run), concentration.

// hpStatus is the HP part of every 5e result that concerns one character.
type hpStatus struct {
	HP     int    `json:"hp"`
	HPMax  int    `json:"hp_max"` // the effective maximum (halved at exhaustion 4+)
	HPTemp int    `json:"hp_temp"`
	State  string `json:"state"` // conscious, dying, stable or dead
}

func statusOf(c *dnd5e.Character) hpStatus {
	return hpStatus{HP: c.HP, HPMax: c.EffectiveMaxHP(), HPTemp: c.TempHP, State: string(c.State)}
}

// hpStatusOf is the JSON of a creature's HP.
func hpStatusOf(st play.Status) hpStatus {
	return hpStatus{HP: st.HP, HPMax: st.MaxHP, HPTemp: st.TempHP, State: string(st.State)}
}

// signedNum renders a modifier with its sign: +3, -1, +0.
func signedNum(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// conditionLabel names a condition, with its level for exhaustion.
func conditionLabel(req *Request, id dnd5e.Condition, level int) string {
	if id == dnd5e.Exhaustion && level > 0 {
		return req.T("play.exhaustion_level", "Name", req.T(id.Key()), "Level", level)
	}
	return req.T(id.Key())
}

// effectLines renders who changed a roll: "Poisoned: disadvantage", "Prone (target): advantage",
// "requested: advantage", and whether advantage and disadvantage cancelled.
func effectLines(req *Request, effects []dnd5e.Effect, cancelled bool) []string {
	var out []string
	for _, e := range effects {
		what := req.T(e.Effect.Key())
		switch {
		case e.Source == dnd5e.SourceLongRange:
			out = append(out, "• "+req.T("play.effect.long_range", "Effect", what))
		case e.Source == dnd5e.SourceThreatened:
			out = append(out, "• "+req.T("play.effect.threatened", "Effect", what))
		case e.Source != "" && e.Condition == "":
			continue // an active effect's: appliedLines names it
		case e.Condition == "":
			out = append(out, "• "+req.T("play.effect.option", "Effect", what))
		case e.OnTarget:
			out = append(out, "• "+req.T("play.effect.target", "Condition", conditionLabel(req, e.Condition, e.Level), "Effect", what))
		default:
			out = append(out, "• "+req.T("play.effect.self", "Condition", conditionLabel(req, e.Condition, e.Level), "Effect", what))
		}
	}
	if cancelled {
		out = append(out, "• "+req.T("play.effect.cancelled"))
	}
	return out
}

// modeLine names the final roll mode when it is not a straight roll.
func modeLine(req *Request, m dnd5e.Mode) string {
	if m == dnd5e.Normal || m == "" {
		return ""
	}
	return req.T("play.mode_line", "Mode", req.T(m.Key()))
}

// rollText renders a roll's breakdown with damage types in the reply language.
func rollText(req *Request, r *dice.Result) string {
	if r == nil {
		return ""
	}
	return localizeDamageLabels(req, r.BreakdownN(1500))
}

// hpLine is "HP 17/20 (+5 temp)".
func hpLine(req *Request, c *dnd5e.Character) string {
	s := req.T("play.hp_line", "HP", c.HP, "Max", c.EffectiveMaxHP())
	if c.TempHP > 0 {
		s += " " + req.T("play.hp_temp", "Temp", c.TempHP)
	}
	return s
}

// tally renders n of 3 as ●●○.
func tally(n int) string {
	n = min(max(n, 0), 3)
	return strings.Repeat("●", n) + strings.Repeat("○", 3-n)
}

// deathSavesLine is "Death saves: successes ●○○ · failures ●●○".
func deathSavesLine(req *Request, ds dnd5e.DeathSaves) string {
	return req.T("play.death_saves", "Successes", tally(ds.Successes), "Failures", tally(ds.Failures))
}

// stateLine names the character's state when it is not simply conscious, with the death-save tallies while dying.
func stateLine(req *Request, c *dnd5e.Character) string {
	switch c.State {
	case dnd5e.Dying:
		return "**" + req.T(c.State.Key()) + "** · " + deathSavesLine(req, c.DeathSaves)
	case dnd5e.Stable, dnd5e.Dead:
		return "**" + req.T(c.State.Key()) + "**"
	}
	return ""
}

// conditionNames lists conditions in the reply language.
func conditionNames(req *Request, ids []dnd5e.Condition) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = req.T(id.Key())
	}
	return req.P.List(names)
}

// stateChangeLines say what an HP change did to the character's state.
func stateChangeLines(req *Request, name string, ch *dnd5e.HPChange) []string {
	var out []string
	switch {
	case ch.KnockedOut:
		out = append(out, req.T("play.hp.knocked_out", "Name", name))
	case ch.InstantDeath:
		out = append(out, req.T("play.hp.instant_death", "Name", name))
	case ch.StateAfter == dnd5e.Dead && ch.StateBefore != dnd5e.Dead:
		out = append(out, req.T("play.hp.died", "Name", name))
	case ch.FailuresAdded > 0:
		out = append(out, req.T("play.hp.failures_added", "Name", name, "Count", ch.FailuresAdded, "Failures", ch.DeathSaves.Failures))
	case ch.StateBefore == dnd5e.Conscious && ch.StateAfter == dnd5e.Dying:
		out = append(out, req.T("play.hp.dropped", "Name", name))
	case ch.StateBefore != dnd5e.Conscious && ch.StateAfter == dnd5e.Conscious:
		out = append(out, req.T("play.hp.woke", "Name", name))
	}
	if ch.StateBefore == dnd5e.Stable && ch.StateAfter == dnd5e.Dying {
		out = append(out, req.T("play.hp.dying_again", "Name", name))
	}
	if len(ch.Added) > 0 {
		out = append(out, req.T("play.conditions_added", "Conditions", conditionNames(req, ch.Added)))
	}
	if len(ch.Removed) > 0 {
		out = append(out, req.T("play.conditions_removed", "Conditions", conditionNames(req, ch.Removed)))
	}
	return out
}

// hpChangeLine is "HP 20 → 13/20 · temp 5 → 0".
func hpChangeLine(req *Request, ch *dnd5e.HPChange) string {
	s := req.T("play.hp_change", "Before", ch.HPBefore, "After", ch.HPAfter, "Max", ch.MaxAfter)
	if ch.TempBefore != ch.TempAfter || ch.TempAfter > 0 {
		s += " · " + req.T("play.temp_change", "Before", ch.TempBefore, "After", ch.TempAfter)
	}
	return s
}

// damagePartsText renders typed damage and what the defences did: "7 fire (resisted → 3)".
func damagePartsText(req *Request, parts []dnd5e.DamagePart) string {
	var out []string
	for _, p := range parts {
		s := strconv.Itoa(p.Raw)
		if p.Type != "" {
			s += " " + req.T(p.Type.Key())
		}
		var notes []string
		if p.Immune {
			notes = append(notes, req.T("play.damage.immune"))
		}
		if p.Resisted {
			notes = append(notes, req.T("play.damage.resisted"))
		}
		if p.Vulnerable {
			notes = append(notes, req.T("play.damage.vulnerable"))
		}
		if len(notes) > 0 {
			s = req.P.Paren(s, req.P.List(notes)+" → "+strconv.Itoa(p.Final))
		}
		out = append(out, s)
	}
	return strings.Join(out, " + ")
}

// localizeDamageLabels shows damage-type labels and effects' labels in the reply language ("[slashing]" → "[挥砍]",
// "[bless]" → "[祝福术]").
func localizeDamageLabels(req *Request, s string) string {
	return labelRE.ReplaceAllStringFunc(s, func(m string) string {
		id := strings.ToLower(strings.TrimSpace(strings.ReplaceAll(m[1:len(m)-1], `\_`, "_"))) // Markdown escapes _
		if d := dnd5e.DamageType(id); d.Valid() {
			return "[" + req.T(d.Key()) + "]"
		}
		if name := effectLabel(req, id); name != "" {
			return "[" + name + "]" // an effect's dice: the spell or feature by its name
		}
		return m
	})
}

// fightLines word what a fight did to a tracked creature: what the temp HP absorbed, its HP change (a vague state
// for an NPC the caller does not run), and its concentration.
func fightLines(req *Request, h *play.Hit) []string {
	var lines []string
	if ch := h.Change; ch != nil {
		if ch.TempAbsorbed > 0 && !h.Vague {
			lines = append(lines, req.T("play.hp.temp_absorbed", "Amount", ch.TempAbsorbed))
		}
		if ch.NoEffect && ch.StateBefore == dnd5e.Dead {
			lines = append(lines, req.T("play.hp.already_dead", "Name", h.Name))
		} else {
			lines = append(lines, hpText(req, h, ch)...)
		}
	}
	return append(lines, concText(req, h)...)
}

// hpText is what the caller may see of a creature's HP change: numbers for characters and for those who run the
// encounter, a vague state for an NPC otherwise.
func hpText(req *Request, h *play.Hit, ch *dnd5e.HPChange) []string {
	if !h.Vague {
		lines := []string{h.Name + ": " + hpChangeLine(req, ch)}
		return append(lines, stateChangeLines(req, h.Name, ch)...)
	}
	st := encounter.VagueState(h.Status.HP, h.Status.MaxHP)
	line := req.P.Label(h.Name, req.T(st.Key()))
	switch {
	case ch.KnockedOut:
		line = req.T("play.hp.knocked_out", "Name", h.Name)
	case ch.StateAfter == dnd5e.Dead && ch.StateBefore != dnd5e.Dead:
		line = req.T("play.hp.died", "Name", h.Name)
	}
	return []string{line}
}

// concText says what happened to a creature's concentration: its CON save, a spell lost without one, and the
// conditions that ended with it.
func concText(req *Request, h *play.Hit) []string {
	var out []string
	if s := h.ConcSave; s != nil {
		line := req.T("fight.conc.save", "Name", h.Name) + " " + rollText(req, s.Save.Roll) + " " + req.T("play.roll.vs_dc", "DC", s.DC)
		if s.Save.AutoFail {
			line = req.T("fight.conc.save", "Name", h.Name) + " " + req.T("play.roll.auto_fail")
		}
		out = append(out, line)
		out = appendLine(out, oddsLine(req, "stats.odds.success", s.Save.Odds()))
		if s.Kept {
			out = append(out, req.T("fight.conc.kept", "Name", h.Name))
		} else {
			out = append(out, req.T("fight.conc.lost", "Name", h.Name, "Spell", spellName(req, s.Ended)))
		}
	}
	if h.ConcEnded != "" {
		out = append(out, req.T("fight.conc.lost", "Name", h.Name, "Spell", spellName(req, h.ConcEnded)))
	}
	return append(out, releasedText(req, h.Released)...)
}

// landedIDs are the ids of the conditions a spell put on a creature, for the JSON.
func landedIDs(h *play.Hit) []string {
	var out []string
	for _, l := range h.Landed {
		out = append(out, string(l.ID))
	}
	return out
}

// landedText says which conditions a spell put on a creature.
func landedText(req *Request, h *play.Hit) []string {
	var out []string
	for _, l := range h.Landed {
		out = append(out, req.T("init.condition_added", "Name", h.Name, "Condition", conditionRounds(req, req.T(l.ID.Key()), l.Rounds)))
	}
	return out
}

// releasedText says which conditions ended with a concentration.
func releasedText(req *Request, rel []play.Released) []string {
	var out []string
	for _, r := range rel {
		out = append(out, req.T("init.expired", "Name", r.Name, "Condition", req.T(r.Condition.Key())))
	}
	return out
}

// spellName names a spell id in the reply language.
func spellName(req *Request, id string) string {
	if sp, ok := dnd5e.LookupSpell(id); ok {
		return req.T(sp.Key())
	}
	return id
}

// spellLevelText is "cantrip" or "level 3".
func spellLevelText(req *Request, level int) string {
	if level == 0 {
		return req.T("cast.cantrip")
	}
	return req.T("cast.level", "Level", level)
}

// conditionRounds is "Poisoned (3)" for a timed condition, the name alone otherwise.
func conditionRounds(req *Request, name string, rounds int) string {
	if rounds > 0 {
		return req.T("init.condition_rounds", "Name", name, "Rounds", rounds)
	}
	return name
}

// conditionText names a tracked condition: a 5e condition in the reply language, anything else as it is.
func conditionText(req *Request, id string) string {
	if c := dnd5e.Condition(id); c.Valid() {
		return req.T(c.Key())
	}
	return id
}

// posText is a grid position in pr's brackets: "(3,4)", "（3,4）".
func posText(pr *locales.Printer, p *encounter.Pos) string {
	if p == nil {
		return ""
	}
	return pr.Bracket(strconv.Itoa(p.X) + "," + strconv.Itoa(p.Y))
}
