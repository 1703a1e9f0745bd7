package bot

import (
	"slices"
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/rogue"
)

// /attack by a Rogue's Tale attacker: reading the options, and the reply.

// rtAttackResult is the JSON of /attack by a Rogue's Tale character.
type rtAttackResult struct {
	Attacker       string              `json:"attacker"`
	Target         string              `json:"target,omitempty"` // a tracked target; absent against given defences
	Weapon         string              `json:"weapon,omitempty"`
	Total          int                 `json:"total"`
	Natural        int                 `json:"natural"`
	Outcome        string              `json:"outcome"` // hit, miss, dodged, blocked, parried
	Critical       bool                `json:"critical"`
	Fumble         bool                `json:"fumble"`
	Location       string              `json:"location,omitempty"` // body or head, on a hit
	DefenceUsed    string              `json:"defence_used,omitempty"`
	Damage         int                 `json:"damage"` // dealt after vulnerability and resistance (0 on a miss)
	Chance         float64             `json:"chance"` // of a hit, before the roll
	Odds           rogue.AttackOdds    `json:"odds"`
	Mods           []rogue.Mod         `json:"mods"`
	AttackerStatus rogueStatus         `json:"attacker_status"`
	TargetStatus   *rogueStatus        `json:"target_status,omitempty"`
	Detail         *rogue.AttackResult `json:"detail"`
}

// readAttackRT reads /attack's options as a Rogue's Tale attack.
func readAttackRT(req *Request) (r play.Reading[play.AttackRT]) {
	if r.Err = refuseOptions(req, systemRogue, append(slices.Clone(attackOnly5e), attackOnlyCoC...)); r.Err != nil {
		return r
	}
	weaponName, weapon := rogueWeapon(req, strings.TrimSpace(req.Str("weapon")), strings.TrimSpace(req.Str("damage")))
	a := play.AttackRT{WeaponName: weaponName, Weapon: weapon, Kind: rogue.AttackKind(req.Str("kind")), Hand: rogue.Hand(req.Str("hand")),
		AdHocName: req.T("rt.attack.adhoc_target")}
	n, has, bad := rtDistance(req)
	if has { // its range, in the grid's distance (optfold.go)
		if bad || n > rogue.MaxDistance {
			r.Err = Errorf("rt.attack.err.distance", "Max", rogue.MaxDistance)
			return r
		}
		a.Range = &n
		if !req.Has("kind") {
			a.Kind = rogue.Ranged
		}
	}
	if has && a.Kind == rogue.Melee {
		r.Err = Errorf("rt.attack.err.range_melee")
		return r
	}
	if names := splitList(req.Str("target")); req.Has("talent") && len(names) > 1 {
		a.Targets = names[1:] // Multi Shot, Sweeping Blow, Blade Flurry: the extra targets after the first
	}
	if t := req.Str("talent"); t != "" {
		if a.Talent, r.Err = parseRogueTalent(t); r.Err != nil {
			return r
		}
	}
	if a.Bonus, r.Err = rogueBonus(req); r.Err != nil {
		return r
	}
	if req.Has("defences") {
		d, err := parseRTDefences(req.Str("defences"))
		if err != nil {
			r.Err = err
			return r
		}
		a.Dodge, a.Block, a.Parry = d["dodge"], d["block"], d["parry"]
	}
	if strings.TrimSpace(req.Str("target")) != "" && (a.Dodge != nil || a.Block != nil || a.Parry != nil) {
		r.Err = Errorf("rt.attack.err.target_and_defences")
		return r
	}
	r.In = a
	return r
}

// attackOutcome maps the rules' outcome to the JSON one: critical hits are hits, fumbles misses.
func attackOutcome(o rogue.Outcome) string {
	switch o {
	case rogue.OutcomeCritical:
		return "hit"
	case rogue.OutcomeFumble:
		return "miss"
	}
	return string(o)
}

func rogueAttackReply(req *Request, a *play.AttackRTResult) *Reply {
	att, def, weaponName, res := a.Attacker, a.Defender, a.WeaponName, a.Roll
	out := rtAttackResult{
		Attacker: att.Name, Weapon: weaponName, Total: res.Total, Natural: res.Natural,
		Outcome: attackOutcome(res.Outcome), Critical: res.Critical, Fumble: res.Outcome == rogue.OutcomeFumble,
		Location: string(res.Location), DefenceUsed: string(res.DefenceUsed),
		Chance: chance(res.Odds.Hits(), res.Odds.Den), Odds: res.Odds, Mods: res.Mods, AttackerStatus: statusRogue(att), Detail: res,
	}
	targetName := req.T("rt.attack.adhoc_target")
	if a.Target != "" {
		targetName = a.Target
		out.Target = targetName
		st := statusRogue(def)
		out.TargetStatus = &st
	}
	title := req.T("rt.attack.title", "Name", att.Name, "Target", targetName)
	if weaponName != "" {
		title = req.T("rt.attack.title_weapon", "Name", att.Name, "Target", targetName, "Weapon", weaponName)
	}
	r := &Reply{Title: title, Footer: att.Name, Result: &out}
	how := req.T(res.Kind.Key())
	if res.Kind == rogue.Melee {
		how += " · " + req.T(res.Hand.Key())
	}
	if res.Form != rogue.FormNone {
		how += " · " + req.T(rogue.FerociousBiteKey)
	}
	if res.Talent != "" {
		how += " · " + req.T(res.Talent.Key())
		if res.EnergySpent > 0 {
			how += " " + req.T("rt.energy_spent", "Amount", res.EnergySpent)
		}
	}
	lines := []string{how}
	if res.AutoHit {
		lines = append(lines, req.T("rt.attack.auto_hit", "Target", targetName))
		if res.CritDie != nil {
			lines = append(lines, req.T("rt.attack.crit_die", "Roll", rollText(req, res.CritDie.Roll)))
		}
	} else {
		for i, r2 := range res.Rolls {
			line := rollText(req, r2.Roll) + " " + req.T("rt.attack.vs", "Target", res.Bands.Target)
			if i < len(res.Rolls)-1 {
				line += " → " + req.T(r2.Outcome.Key()) + "; " + req.T("rt.check.reroll", "Source", req.T(res.Reroll))
			}
			lines = append(lines, line)
		}
		lines = appendLine(lines, modsLine(req, res.Mods))
		if len(res.BandMods) > 0 {
			lines = append(lines, req.T("rt.attack.difficulty", "Base", shownBase(res.Bands.Base, res.BandMods), "Mods", modsText(req, res.BandMods)))
		}
		lines = append(lines, bandsLine(req, res.Bands))
	}
	if res.Bands.CritAt < 12 {
		lines = append(lines, req.T("rt.attack.crit_at", "At", res.Bands.CritAt, "Mods", modsText(req, res.CritMods)))
	}
	switch res.Outcome {
	case rogue.OutcomeCritical:
		lines = append(lines, "**"+req.T("rt.attack.critical", "Location", req.T(res.Location.Key()))+"**")
		r.Tone = ToneCritical
	case rogue.OutcomeHit:
		lines = append(lines, "**"+req.T("rt.attack.hit", "Location", req.T(res.Location.Key()))+"**")
		r.Tone = ToneSuccess
	case rogue.OutcomeDodged, rogue.OutcomeBlocked, rogue.OutcomeParried:
		lines = append(lines, "**"+req.T(res.Outcome.Key())+"** — "+req.T("rt.attack.defence_used", "Target", targetName, "Defence", req.T(res.DefenceUsed.Key())))
		r.Tone = ToneFailure
	case rogue.OutcomeFumble:
		lines = append(lines, "**"+req.T("rt.outcome.fumble")+"**")
		r.Tone = ToneFailure
	default:
		lines = append(lines, "**"+req.T(rogue.OutcomeMiss.Key())+"**")
		r.Tone = ToneFailure
	}
	if d := res.Damage; d != nil {
		out.Damage = d.Applied.Final
		line := req.T("rt.attack.damage_roll", "Roll", rollText(req, d.Roll))
		if d.Multiplier > 1 {
			line += " " + req.T("rt.attack.multiplied", "Times", d.Multiplier, "Total", d.Total)
		}
		lines = append(lines, line)
		lines = appendLine(lines, damageModsLine(req, d))
		if a.Target != "" {
			lines = append(lines, damageLines(req, targetName, d.Applied)...)
		} else {
			lines = append(lines, req.T("rt.attack.adhoc_damage", "Total", d.Total, "Type", req.T(d.Type.Key()), "Location", req.T(res.Location.Key())))
		}
	}
	if res.Slain {
		lines = append(lines, "**"+req.T("rt.attack.slain", "Target", targetName)+"**")
	}
	if res.Stunned > 0 {
		lines = append(lines, req.T("rt.attack.stunned", "Target", targetName, "Turns", res.Stunned))
	}
	if ce := res.CritEffect; ce != nil {
		lines = append(lines, req.T("rt.attack.crit_effect", "Target", targetName))
		lines = append(lines, checkLines(req, ce)...)
		if res.Confused > 0 {
			lines = append(lines, req.T("rt.attack.confused", "Target", targetName, "Turns", res.Confused))
		}
	}
	if res.Extra > 0 {
		lines = append(lines, req.T("rt.attack.extra", "Talent", req.T(res.Talent.Key()), "N", res.Extra))
	}
	if res.Revealed {
		lines = append(lines, req.T("rt.attack.revealed", "Name", att.Name))
	}
	lines = append(lines, extraAttackLines(req, res.Extras)...)
	lines = append(lines, attackOddsLine(req, res.Odds))
	if a.Target != "" {
		lines = append(lines, req.P.Label(targetName, statusLine(req, def)))
	}
	r.Body = strings.Join(lines, "\n")
	return r
}

// extraAttackLines are the attacks at the extra targets of Multi Shot, Sweeping Blow and Blade Flurry: each
// target's roll, outcome and damage.
func extraAttackLines(req *Request, extras []rogue.ExtraAttack) []string {
	var lines []string
	for _, x := range extras {
		res := x.Result
		if res == nil {
			continue
		}
		line := req.T("rt.attack.extra_target", "Target", x.ID)
		if n := len(res.Rolls); n > 0 {
			line += " " + rollText(req, res.Rolls[n-1].Roll) + " " + req.T("rt.attack.vs", "Target", res.Bands.Target)
		}
		line += " → " + req.Style.bold(req.T(res.Outcome.Key()))
		lines = append(lines, line)
		if d := res.Damage; d != nil {
			lines = append(lines, req.T("rt.attack.damage_roll", "Roll", rollText(req, d.Roll)))
			lines = append(lines, damageLines(req, x.ID, d.Applied)...)
		}
		if res.Slain {
			lines = append(lines, req.Style.bold(req.T("rt.attack.slain", "Target", x.ID)))
		}
	}
	return lines
}

// shownBase is the base of the "To hit: base + mods" line, so that the line adds up: an invisible target's base
// of 12 (A16) already holds the +5 its mod lists, so the line starts from the plain base.
func shownBase(base int, mods []rogue.Mod) int {
	for _, m := range mods {
		if m.Source == rogue.SrcInvisible {
			return base - m.Value
		}
	}
	return base
}

// damageModsLine is a hit's "Modifiers: …" line; an extra-damage talent that turns the bonus into D3s (G-A6) reads
// as what it gives ("Crushing Blow: +3 as 3D3"), not as the -3 it takes off the flat bonus.
func damageModsLine(req *Request, d *rogue.AttackDamage) string {
	if len(d.Mods) == 0 {
		return ""
	}
	parts := make([]string, 0, len(d.Mods))
	for _, m := range d.Mods {
		if d.D3 > 0 && m.Source == d.D3Source {
			parts = append(parts, req.T("rt.damage.d3", "Talent", req.T(m.Source), "N", d.D3))
			continue
		}
		parts = append(parts, req.T(m.Source)+" "+signedNum(m.Value))
	}
	return req.T("rt.mods", "Mods", strings.Join(parts, " · "))
}

// rtDistance is a Rogue's Tale attack's distance in squares: distance:, else range: typed as before the options
// were folded ("range:6"; /attack's range: is a 5e weapon range, so it is not folded for the command); bad is a
// range: that is not a whole number of squares.
func rtDistance(req *Request) (n int, has, bad bool) {
	if req.Has("distance") {
		return req.Int("distance", 0), true, false
	}
	if !req.Has("range") {
		return 0, false, false
	}
	n, err := strconv.Atoi(strings.TrimSpace(req.Str("range")))
	return n, true, err != nil || n < 0
}
