package bot

import (
	"math"
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/rogue"
)

// This file turns Rogue's Tale rules results into words: the 2D6 breakdown, the modifiers that applied (each
// by its localized source and signed value), the exact chances (x/36 and a percentage), events, and the sheet.

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

// fracText renders a chance as "21/36 (58.3%)".
func fracText(n, den int) string {
	if den <= 0 {
		return "0"
	}
	return strconv.Itoa(n) + "/" + strconv.Itoa(den) + " (" + strconv.FormatFloat(float64(n)*100/float64(den), 'f', 1, 64) + "%)"
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
	return req.T("rt.check.odds", "Success", fracText(o.Succeed(), o.Den), "Critical", fracText(o.Critical, o.Den), "Fumble", fracText(o.Fumble, o.Den))
}

// attackOddsLine lists the chances of every outcome that can happen.
func attackOddsLine(req *Request, o rogue.AttackOdds) string {
	parts := []string{req.T("rt.odds.hit", "Chance", fracText(o.Hits(), o.Den))}
	for _, p := range []struct {
		key string
		n   int
	}{
		{"rt.odds.critical", o.Critical}, {"rt.odds.dodged", o.Dodged}, {"rt.odds.blocked", o.Blocked},
		{"rt.odds.parried", o.Parried}, {"rt.odds.miss", o.Miss}, {"rt.odds.fumble", o.Fumble},
	} {
		if p.n > 0 {
			parts = append(parts, req.T(p.key, "Chance", fracText(p.n, o.Den)))
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
		line += " (" + strings.Join(notes, ", ") + ")"
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
		return req.T(track.Key()) + ": " + s
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
		s += " " + req.T("rt.effect.trigger", "Need", 2+e.Power, "Chance", fracText(rogue.TriggerChance(e.Power), 36))
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

// --- the sheet ---

// rtSheetResult is the JSON of /sheet show (and create/set) for a Rogue's Tale character.
type rtSheetResult struct {
	rogueStatus
	Name      string              `json:"name"`
	Race      string              `json:"race"`
	Sex       string              `json:"sex"`
	Size      string              `json:"size"`
	Level     int                 `json:"level"`
	Scores    map[string]int      `json:"scores"`
	Modifiers map[string]int      `json:"modifiers"`
	Defences  rogue.DefenceValues `json:"defences"`
	Used      rogue.DefenceUse    `json:"used"`
	Hunger    rogue.TrackState    `json:"hunger"`
	Thirst    rogue.TrackState    `json:"thirst"`
	Effects   []rogue.Effect      `json:"effects"`
	Sheet     *rogue.Character    `json:"sheet"`
}

// rogueSheetReply renders a Rogue's Tale sheet as an embed.
func rogueSheetReply(req *Request, c *rogue.Character) *Reply {
	res := rtSheetResult{
		rogueStatus: statusRogue(c), Name: c.Name, Race: string(c.Race), Sex: string(c.Sex), Size: string(c.Size), Level: c.Level,
		Scores: map[string]int{}, Modifiers: map[string]int{}, Defences: c.Defences(), Used: c.Used,
		Hunger: play.TrackState(rogue.TrackHunger, c.Hunger), Thirst: play.TrackState(rogue.TrackThirst, c.Thirst),
		Effects: c.Effects, Sheet: c,
	}
	if res.Effects == nil {
		res.Effects = []rogue.Effect{}
	}
	none := req.T("rt.none")
	body := []string{statusLine(req, c) + " · " + req.T("rt.sheet.size", "Size", req.T(c.Size.Key()))}
	var tags []string
	for _, t := range []struct {
		on  bool
		key string
	}{{c.Monster, "rt.sheet.monster"}, {c.Undead, "rt.sheet.undead"}, {c.Daemon, "rt.sheet.daemon"}} {
		if t.on {
			tags = append(tags, req.T(t.key))
		}
	}
	if c.Form != rogue.FormNone {
		tags = append(tags, req.T("rt.sheet.form", "Form", req.T(c.Form.Key())))
	}
	if len(tags) > 0 {
		body = append(body, strings.Join(tags, " · "))
	}

	var attrs []string
	for _, a := range rogue.AllAttributes() {
		res.Scores[string(a)] = c.Score(a)
		res.Modifiers[string(a)] = c.Mod(a)
		parts := strconv.Itoa(c.Base.Get(a))
		if n := c.Enhance.Get(a); n != 0 {
			parts += " " + signedNum(n)
		}
		if n := c.AbilityDamage.Get(a); n != 0 {
			parts += " " + req.T("rt.sheet.ability_damage", "Amount", n)
		}
		if n := c.Score(a) - c.Base.Get(a) - c.Enhance.Get(a) + c.AbilityDamage.Get(a); n != 0 {
			parts += " " + req.T("rt.sheet.buff", "Amount", signedNum(n))
		}
		if parts == strconv.Itoa(c.Score(a)) {
			attrs = append(attrs, req.T("rt.sheet.attr_line_plain", "Name", req.T(a.Key()), "Score", c.Score(a), "Mod", signedNum(c.Mod(a))))
			continue
		}
		attrs = append(attrs, req.T("rt.sheet.attr_line", "Name", req.T(a.Key()), "Score", c.Score(a), "Parts", parts, "Mod", signedNum(c.Mod(a))))
	}

	d := res.Defences
	def := []string{req.T("rt.sheet.dodge", "Value", signedNum(d.Dodge))}
	if d.HasShield {
		def = append(def, req.T("rt.sheet.block", "Value", signedNum(d.Block), "Deflect", d.Deflect))
	}
	if d.HasParry {
		def = append(def, req.T("rt.sheet.parry", "Value", signedNum(d.Parry)))
	}
	var used []string
	for _, u := range []struct {
		on bool
		d  rogue.Defence
	}{{c.Used.Dodge, rogue.DefenceDodge}, {c.Used.Block, rogue.DefenceBlock}, {c.Used.Parry, rogue.DefenceParry}} {
		if u.on {
			used = append(used, req.T(u.d.Key()))
		}
	}
	usedLine := req.T("rt.sheet.defences_fresh")
	if len(used) > 0 {
		usedLine = req.T("rt.sheet.defences_used", "List", strings.Join(used, ", "))
	}

	var resist []string
	for _, t := range rogue.DamageTypes() {
		if r, ok := c.Resist[t]; ok {
			resist = append(resist, req.T("rt.sheet.resist_line", "Type", req.T(t.Key()), "Body", r.Body, "Head", r.Head))
		}
	}
	names := func(keys []string) string {
		if len(keys) == 0 {
			return none
		}
		return strings.Join(keys, ", ")
	}
	var immune, weak []string
	for _, i := range c.Immune {
		immune = append(immune, req.T(i.Key()))
	}
	for _, w := range c.Weak {
		weak = append(weak, req.T(w.Key()))
	}
	aura := none
	if c.Aura != "" {
		aura = req.T(c.Aura.Key())
	}
	defs := []string{
		req.T("rt.sheet.resist", "List", names(resist)),
		req.T("rt.sheet.immune", "List", names(immune)),
		req.T("rt.sheet.weak", "List", names(weak)),
		req.T("rt.sheet.aura", "Type", aura),
	}

	var talents, spells []string
	points := 0
	for _, t := range c.Talents {
		talents = append(talents, req.T(t.Key()))
		if t != rogue.Clearcasting {
			points++
		}
	}
	for _, s := range c.Spells {
		spells = append(spells, req.T(s.Key()))
	}
	talentsValue := names(talents)
	if !c.Monster {
		talentsValue += "\n" + req.T("rt.sheet.talent_points", "Used", points, "Max", rogue.TalentPoints(c.Level))
	}

	capText := func(p *int) string {
		if p == nil {
			return req.T("rt.sheet.no_cap")
		}
		return signedNum(*p)
	}
	eq := []string{
		req.T("rt.sheet.max_dodge", "Value", capText(c.Equip.MaxDodge)),
		req.T("rt.sheet.max_cast", "Value", capText(c.Equip.MaxCast)),
	}
	if s := c.Equip.Shield; s != nil {
		eq = append(eq, req.T("rt.sheet.shield", "Min", s.MinBlock, "Max", s.MaxBlock))
	}
	if c.Equip.MaxParry != nil {
		eq = append(eq, req.T("rt.sheet.max_parry", "Value", signedNum(*c.Equip.MaxParry)))
	}
	if c.Equip.Cursed > 0 {
		eq = append(eq, req.T("rt.sheet.cursed", "N", c.Equip.Cursed))
	}
	if c.Equip.Luck {
		eq = append(eq, req.T(rogue.SrcLuck))
	}
	if c.Equip.LargeWeapon {
		eq = append(eq, req.T(rogue.WeaponLarge.Key()))
	}
	cfm, _ := c.FumbleMod()
	csm, _ := c.CritMod()
	eq = append(eq, req.T("rt.sheet.thresholds", "Fumble", 2+cfm, "Crit", 12-csm))

	var effects []string
	for _, e := range c.Effects {
		effects = append(effects, effectText(req, e))
	}

	r := &Reply{
		Title:  req.T("rt.sheet.title", "Name", c.Name, "Race", req.T(c.Race.Key()), "Sex", req.T(c.Sex.Key()), "Level", c.Level),
		Body:   strings.Join(body, "\n"),
		Footer: c.Name,
		Fields: []Field{
			{Name: req.T("rt.sheet.attributes"), Value: strings.Join(attrs, "\n"), Inline: true},
			{Name: req.T("rt.sheet.defences"), Value: strings.Join(def, "\n") + "\n" + usedLine, Inline: true},
			{Name: req.T("rt.sheet.tracks"), Value: req.T(rogue.TrackHunger.Key()) + ": " + trackText(req, res.Hunger) + "\n" +
				req.T(rogue.TrackThirst.Key()) + ": " + trackText(req, res.Thirst), Inline: true},
			{Name: req.T("rt.sheet.damage_types"), Value: strings.Join(defs, "\n"), Inline: true},
			{Name: req.T("rt.sheet.equipment"), Value: strings.Join(eq, "\n"), Inline: true},
			{Name: req.T("rt.sheet.talents"), Value: talentsValue},
			{Name: req.T("rt.sheet.spells"), Value: names(spells)},
			{Name: req.T("rt.sheet.effects"), Value: names(effects)},
		},
		Result: res,
	}
	return r
}
