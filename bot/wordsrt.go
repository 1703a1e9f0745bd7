package bot

import (
	"math"
	"strconv"
	"strings"

	"rulekeeper/locales"
	"rulekeeper/rules/rogue"
)

// Words for Rogue's Tale results shared by several commands: the 2D6 breakdown, the modifiers that applied (each
// by its localized source and signed value), the exact chances (x/36 and a percentage), damage, events, hunger
// and thirst, lingering effects, and turns.

// rogueStatus is the HP and energy part of every Rogue's Tale result about one creature.
type rogueStatus struct {
	HP        int  `json:"hp"`
	HPMax     int  `json:"hp_max"`
	Energy    int  `json:"energy"`
	EnergyMax int  `json:"energy_max"`
	Dead      bool `json:"dead"`
}

func statusRogue(c *rogue.Character) rogueStatus {
	return rogueStatus{HP: c.HP, HPMax: c.MaxHP, Energy: c.Energy, EnergyMax: c.MaxEnergy, Dead: c.Dead()}
}

// statusLine is "HP 7/9 · energy 3/4", with the death when it happened.
func statusLine(req *Request, c *rogue.Character) string {
	s := req.T("rt.status", "HP", c.HP, "Max", c.MaxHP, "Energy", c.Energy, "EnergyMax", c.MaxEnergy)
	if c.Dead() {
		s += " · **" + req.T("rt.dead_mark") + "**"
	}
	return s
}

// modsText renders modifiers as "Strength (STR) +2 · Starving -1".
func modsText(req *Request, mods []rogue.Mod) string {
	parts := make([]string, 0, len(mods))
	for _, m := range mods {
		parts = append(parts, req.T(m.Source)+" "+signedNum(m.Value))
	}
	return strings.Join(parts, " · ")
}

// modsLine is the "Modifiers: …" line, "" without modifiers.
func modsLine(req *Request, mods []rogue.Mod) string {
	if len(mods) == 0 {
		return ""
	}
	return req.T("rt.mods", "Mods", modsText(req, mods))
}

// chance is n/den as a probability rounded to 4 places (0 when den is 0).
func chance(n, den int) float64 {
	if den <= 0 {
		return 0
	}
	return math.Round(float64(n)/float64(den)*1e4) / 1e4
}

// fracText renders a chance as "21/36 (58.3%)", in p's brackets ("21/36（58.3%）").
func fracText(p *locales.Printer, n, den int) string {
	if den <= 0 {
		return "0"
	}
	return p.Paren(strconv.Itoa(n)+"/"+strconv.Itoa(den), strconv.FormatFloat(float64(n)*100/float64(den), 'f', 1, 64)+"%")
}

// appendLine appends s when it is not empty.
func appendLine(lines []string, s string) []string {
	if s == "" {
		return lines
	}
	return append(lines, s)
}

// checkOutcomeText names a check's verdict.
func checkOutcomeText(req *Request, o rogue.Outcome) string {
	switch o {
	case rogue.OutcomeCritical:
		return req.T("rt.outcome.critical_success")
	case rogue.OutcomeFumble:
		return req.T("rt.outcome.fumble")
	}
	return req.T(o.Key())
}

// checkLines renders a rolled check: every roll's breakdown against the difficulty (a re-roll names its cause),
// the modifiers, unusual fumble/crit thresholds, the verdict and the exact chances.
func checkLines(req *Request, res *rogue.CheckResult) []string {
	var lines []string
	for i, r := range res.Rolls {
		line := rollText(req, r.Roll) + " " + req.T("rt.check.vs", "Difficulty", res.Difficulty)
		if i < len(res.Rolls)-1 {
			line += " → " + checkOutcomeText(req, r.Outcome) + "; " + req.T("rt.check.reroll", "Source", req.T(res.Reroll))
		}
		lines = append(lines, line)
	}
	lines = appendLine(lines, modsLine(req, res.Mods))
	if res.FumbleAt != 2 || (res.CritAt != 12 && res.CritAt != 0) {
		lines = append(lines, req.T("rt.check.thresholds", "Fumble", res.FumbleAt, "Crit", res.CritAt))
	}
	lines = append(lines, "**"+checkOutcomeText(req, res.Outcome)+"**")
	lines = append(lines, checkOddsLine(req, res.Odds))
	return lines
}

func checkOddsLine(req *Request, o rogue.Odds) string {
	return req.T("rt.check.odds", "Success", fracText(req.P, o.Succeed(), o.Den), "Critical", fracText(req.P, o.Critical, o.Den), "Fumble", fracText(req.P, o.Fumble, o.Den))
}

// attackOddsLine lists the chances of every outcome that can happen.
func attackOddsLine(req *Request, o rogue.AttackOdds) string {
	parts := []string{req.T("rt.odds.hit", "Chance", fracText(req.P, o.Hits(), o.Den))}
	for _, p := range []struct {
		key string
		n   int
	}{
		{"rt.odds.critical", o.Critical}, {"rt.odds.dodged", o.Dodged}, {"rt.odds.blocked", o.Blocked},
		{"rt.odds.parried", o.Parried}, {"rt.odds.miss", o.Miss}, {"rt.odds.fumble", o.Fumble},
	} {
		if p.n > 0 {
			parts = append(parts, req.T(p.key, "Chance", fracText(req.P, p.n, o.Den)))
		}
	}
	return req.T("rt.odds", "Chances", strings.Join(parts, " · "))
}

// bandsLine says which natural rolls do what: "hit on 8+ · block on 6–7 · dodge on 5".
func bandsLine(req *Request, b rogue.Bands) string {
	span := func(from, to int) string {
		if from == to {
			return strconv.Itoa(from)
		}
		return strconv.Itoa(from) + "–" + strconv.Itoa(to)
	}
	parts := []string{req.T("rt.bands.hit", "From", b.HitFrom)}
	if b.Second > 0 && b.SecondTo >= 2 {
		parts = append(parts, req.T("rt.bands.defence", "Defence", req.T(b.SecondIs.Key()), "Rolls", span(max(b.SecondFrom, 2), b.SecondTo)))
	}
	if b.Dodge > 0 && b.DodgeTo >= 2 {
		parts = append(parts, req.T("rt.bands.defence", "Defence", req.T(rogue.DefenceDodge.Key()), "Rolls", span(max(b.DodgeFrom, 2), b.DodgeTo)))
	}
	return req.T("rt.bands", "Bands", strings.Join(parts, " · "))
}

// damageLines renders what damage did to a creature: the amount after vulnerability, resistance and auras,
// the HP change, death, waking and shortened spells.
func damageLines(req *Request, name string, d *rogue.DamageResult) []string {
	if d == nil {
		return nil
	}
	var notes []string
	if d.AuraImmune {
		notes = append(notes, req.T("rt.damage.aura_immune"))
	}
	if d.Weak {
		notes = append(notes, req.T("rt.damage.weak"))
	}
	if d.Resisted > 0 {
		notes = append(notes, req.T("rt.damage.resisted", "Resistance", d.Resistance, "Resisted", d.Resisted))
	}
	line := req.T("rt.damage.taken", "Name", name, "Final", d.Final, "Type", req.T(d.Type.Key()), "Location", req.T(d.Location.Key()))
	if len(notes) > 0 {
		line = req.P.Paren(line, req.P.List(notes))
	}
	lines := []string{line, req.T("rt.hp_change", "Name", name, "Before", d.HPBefore, "After", d.HPAfter)}
	if d.Dead && d.HPBefore > 0 {
		lines = append(lines, "**"+req.T("rt.died", "Name", name)+"**")
	}
	if d.Woke {
		lines = append(lines, req.T("rt.damage.woke", "Name", name))
	}
	for _, s := range d.Shortened {
		lines = append(lines, req.T("rt.damage.shortened", "Source", req.T(s.Source), "Before", s.Before, "After", s.After))
	}
	if d.Soul {
		lines = append(lines, req.T("rt.damage.soul", "Name", name))
	}
	return lines
}

// eventLine renders one event with its names localized.
func eventLine(req *Request, e rogue.Event) string {
	args := []any{"Amount", e.Amount, "Turns", e.Turns}
	if e.Source != "" {
		args = append(args, "Source", req.T(e.Source))
	}
	if e.State != "" {
		args = append(args, "State", req.T(e.State.Key()))
	}
	if e.Attr != "" {
		args = append(args, "Attr", req.T(e.Attr.Key()))
	}
	if e.Track != "" {
		args = append(args, "Track", req.T(e.Track.Key()))
	}
	s := req.T(e.Type.Key(), args...)
	if e.Roll != nil && e.Roll.Roll != nil {
		s += " — " + rollText(req, e.Roll.Roll)
	}
	return s
}

// trackText is "Satiated (1620)".
func trackText(req *Request, t rogue.TrackState) string {
	return req.T("rt.track_state", "Level", req.T(t.Key), "Counter", t.Counter)
}

// tracksLine is "Hunger: Satiated (1620) → Not Hungry (1219) · Thirst: …".
func tracksLine(req *Request, hb, ha, tb, ta rogue.TrackState) string {
	one := func(track rogue.Track, b, a rogue.TrackState) string {
		s := trackText(req, b)
		if b.Counter != a.Counter {
			s += " → " + trackText(req, a)
		}
		if b.Level != a.Level {
			s = "**" + s + "**"
		}
		return req.P.Label(req.T(track.Key()), s)
	}
	return one(rogue.TrackHunger, hb, ha) + " · " + one(rogue.TrackThirst, tb, ta)
}

// effectText is "Curse of Agony — power 2, 9 turns left (triggers on 4 or less: 6/36 (16.7%))".
func effectText(req *Request, e rogue.Effect) string {
	turns := req.T("rt.effect.until_removed")
	if e.Turns > 0 {
		turns = req.T("rt.effect.turns_left", "Turns", e.Turns)
	}
	s := req.T("rt.effect.line", "Name", req.T(e.Key()), "Power", e.Power, "Turns", turns)
	if triggers(e) {
		s += " " + req.T("rt.effect.trigger", "Need", 2+e.Power, "Chance", fracText(req.P, rogue.TriggerChance(e.Power), 36))
	}
	return s
}

// triggers reports whether an effect rolls each turn (A26): curses, diseases, and every poison but Slowing.
func triggers(e rogue.Effect) bool {
	switch e.Kind {
	case rogue.KindCurse, rogue.KindDisease:
		return true
	case rogue.KindPoison:
		return rogue.PoisonID(e.ID) != rogue.PoisonSlowing
	}
	return false
}

// eventLines lists events with their turn, the last maxTurnEvents of them.
func eventLines(req *Request, events []rogue.Event, total int) []string {
	var lines []string
	start := max(len(events)-maxTurnEvents, 0)
	if more := total - (len(events) - start); more > 0 {
		lines = append(lines, req.T("rt.turn.more_events", "N", more))
	}
	for _, e := range events[start:] {
		lines = append(lines, req.T("rt.turn.event_at", "Turn", e.Turn, "Event", eventLine(req, e)))
	}
	return lines
}

// turnLines renders one turn in full: a lost turn, slow checks, forced states, haste, regeneration, trigger
// rolls, events and the aura.
func turnLines(req *Request, c *rogue.Character, t *rogue.TurnResult) []string {
	var lines []string
	for _, ck := range t.SlowChecks {
		lines = append(lines, req.T("rt.turn.slow_check"))
		lines = append(lines, checkLines(req, ck)...)
	}
	if t.Lost {
		lines = append(lines, "**"+req.T("rt.turn.lost", "Source", req.T(t.LostBy))+"**")
	}
	if len(t.Forced) > 0 {
		var names []string
		for _, s := range t.Forced {
			names = append(names, req.T(s.Key()))
		}
		lines = append(lines, req.T("rt.turn.forced", "States", req.P.List(names)))
	}
	for _, h := range t.HasteRolls {
		key := "rt.turn.haste_fail"
		if h.Outcome == rogue.OutcomeSuccess {
			key = "rt.turn.haste_ok"
		}
		lines = append(lines, req.T(key, "Roll", rollText(req, h.Roll), "Chance", fracText(req.P, rogue.AtLeast(8), 36)))
	}
	lines = append(lines, req.T("rt.turn.actions", "N", t.Actions, "Action", req.T(t.Action.Key()), "Food", t.FoodCost))
	for _, g := range t.HealthRegen {
		lines = append(lines, req.T("rt.turn.health_regen", "Gained", g.Gained))
		lines = append(lines, checkLines(req, g.Check)...)
	}
	for _, g := range t.EnergyRegen {
		lines = append(lines, req.T("rt.turn.energy_regen", "Gained", g.Gained))
		lines = append(lines, checkLines(req, g.Check)...)
	}
	if t.NoHealthRegen != "" {
		lines = append(lines, req.T("rt.turn.no_health_regen", "Level", req.T(t.NoHealthRegen)))
	}
	if t.NoEnergyRegen {
		lines = append(lines, req.T("rt.turn.no_energy_regen"))
	}
	for _, tr := range t.Triggers {
		key := "rt.turn.not_triggered"
		if tr.Triggered {
			key = "rt.turn.triggered"
		}
		lines = append(lines, req.T(key, "Source", req.T(tr.Source), "Roll", rollText(req, tr.Roll), "Need", tr.Need,
			"Chance", fracText(req.P, rogue.TriggerChance(tr.Power), 36)))
	}
	for _, e := range t.Events {
		lines = append(lines, "• "+eventLine(req, e))
	}
	if a := t.Aura; a != nil {
		lines = append(lines, req.T("rt.turn.aura", "Type", req.T(a.Type.Key()), "Roll", rollText(req, a.Roll.Roll),
			"Amount", a.Amount, "Adjacent", a.Adjacent, "Radius", a.Radius))
	}
	return lines
}
