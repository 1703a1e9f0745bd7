package bot

import (
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/encounter"
	"rulekeeper/rules/rogue"
)

// /cast by a Rogue's Tale caster: reading the options, and the reply.

// rtCastResult is the JSON of /cast by a Rogue's Tale character.
type rtCastResult struct {
	Caster       string            `json:"caster"`
	Target       string            `json:"target,omitempty"`
	Spell        string            `json:"spell"`
	Total        int               `json:"total"`   // the spell to-hit check (0 when the caster died paying)
	Natural      int               `json:"natural"` //
	Outcome      string            `json:"outcome"` // hit or miss
	Critical     bool              `json:"critical"`
	Fumble       bool              `json:"fumble"`
	Damage       int               `json:"damage"` // dealt to the target
	Healed       int               `json:"healed"`
	Chance       float64           `json:"chance"` // of a hit, before the roll
	Odds         *rogue.Odds       `json:"odds,omitempty"`
	Mods         []rogue.Mod       `json:"mods"`
	CasterStatus rogueStatus       `json:"caster_status"`
	TargetStatus *rogueStatus      `json:"target_status,omitempty"`
	Detail       *rogue.CastResult `json:"detail"`
	Joined       *encounter.Added  `json:"joined,omitempty"` // Summon Daemon: the daemon in the encounter
}

// readCastRT reads /cast's options as a Rogue's Tale spell.
func readCastRT(req *Request) (r play.Reading[play.CastRT]) {
	if r.Err = refuseOptions(req, systemRogue, cast5eOnly); r.Err != nil {
		return r
	}
	spell, err := parseRogueSpell(req.Str("spell"))
	if err != nil {
		r.Err = err
		return r
	}
	if req.Int("distance", 0) > rogue.MaxDistance { // its range, in squares (optfold.go)
		r.Err = Errorf("rt.attack.err.distance", "Max", rogue.MaxDistance)
		return r
	}
	o := rogue.CastOptions{Spell: spell, DX: req.Int("distance", 0), Scroll: req.Bool("scroll")}
	if o.Bonus, r.Err = rogueBonus(req); r.Err != nil {
		return r
	}
	if req.Has("distance") && !req.Has("target") {
		r.Err = Errorf("rt.cast.err.range_self")
		return r
	}
	if !req.Has("distance") && req.Has("target") {
		o.DX = 1 // an adjacent target
	}
	r.In = play.CastRT{Target: strings.TrimSpace(req.Str("target")), Options: o}
	if req.Has("distance") {
		n := req.Int("distance", 0)
		r.In.Range = &n
	}
	return r
}

func rogueCastReply(req *Request, cast *play.CastRTResult) *Reply {
	caster, res := cast.Caster, cast.Result
	out := rtCastResult{Caster: caster.Name, Spell: string(res.Spell), Outcome: "miss", Critical: res.Critical,
		Mods: []rogue.Mod{}, CasterStatus: statusRogue(caster), Detail: res}
	targetName := caster.Name
	if cast.Target != nil {
		targetName = cast.TargetName
		out.Target = targetName
		st := statusRogue(cast.Target)
		out.TargetStatus = &st
	}
	if res.Hit {
		out.Outcome = "hit"
	}
	r := &Reply{Title: req.T("rt.cast.title", "Name", caster.Name, "Spell", req.T(res.Spell.Key()), "Target", targetName),
		Footer: caster.Name, Result: &out}
	if cast.Target == nil && res.Spell == rogue.SummonDaemon { // a summon has no target, not even its caster
		r.Title = req.T("rt.cast.title_untargeted", "Name", caster.Name, "Spell", req.T(res.Spell.Key()))
	}
	lines := []string{req.T("rt.cast.school", "School", req.T(res.School.Key()), "Attribute", req.T(res.Attr.Key()), "X", res.X, "Y", res.Y, "Z", res.Z)}
	switch {
	case res.Scroll:
		lines = append(lines, req.T("rt.cast.scroll"))
	case res.Clearcast != nil && res.Clearcast.Success:
		lines = append(lines, req.T("rt.cast.clearcast", "Roll", rollText(req, res.Clearcast.Roll.Roll)))
	case res.EnergySpent > 0:
		lines = append(lines, req.T("rt.energy_spent", "Amount", res.EnergySpent))
	case res.HPCost != nil:
		lines = append(lines, req.T("rt.cast.hp_cost", "Roll", rollText(req, res.HPCost.Roll)))
	}
	if res.CasterDied {
		lines = append(lines, "**"+req.T("rt.died", "Name", caster.Name)+"**")
	}
	if hit := res.ToHit; hit != nil {
		out.Total, out.Natural, out.Fumble = hit.Total, hit.Natural, hit.Outcome == rogue.OutcomeFumble
		out.Chance, out.Odds, out.Mods = chance(hit.Odds.Succeed(), hit.Odds.Den), &hit.Odds, hit.Mods
		if len(res.RangeMods) > 0 {
			lines = append(lines, req.T("rt.cast.range", "Mods", modsText(req, res.RangeMods)))
		}
		lines = append(lines, checkLines(req, hit)...)
	}
	switch {
	case res.Critical:
		r.Tone = ToneCritical
	case res.Hit:
		r.Tone = ToneSuccess
	default:
		r.Tone = ToneFailure
	}
	sub := func(key string, ck *rogue.CheckResult) {
		if ck == nil {
			return
		}
		lines = append(lines, req.T(key))
		lines = append(lines, checkLines(req, ck)...)
	}
	if d := res.Damage; d != nil {
		out.Damage = d.Applied.Final
		lines = append(lines, req.T("rt.cast.damage", "Roll", rollText(req, d.Roll)))
		if d.Extra != nil {
			lines = append(lines, req.T("rt.cast.extra_damage", "Roll", rollText(req, d.Extra.Roll)))
		}
		lines = append(lines, damageLines(req, targetName, d.Applied)...)
	}
	if ce := res.CritEffect; ce != nil { // a spell's critical hit makes the crit effect check as a weapon's (A19.4)
		lines = append(lines, req.T("rt.attack.crit_effect", "Target", targetName))
		lines = append(lines, checkLines(req, ce)...)
		if res.Confused > 0 {
			lines = append(lines, req.T("rt.attack.confused", "Target", targetName, "Turns", res.Confused))
		}
	}
	if res.HealRoll != nil {
		lines = append(lines, req.T("rt.cast.heal", "Roll", rollText(req, res.HealRoll.Roll)))
	}
	if h := res.Heal; h != nil {
		out.Healed = h.Amount
		lines = append(lines, req.T("rt.hp_change", "Name", targetName, "Before", h.Before, "After", h.After))
	}
	if res.Splash > 0 {
		lines = append(lines, req.T("rt.cast.splash", "Amount", res.Splash))
	}
	for _, h := range res.Splashed {
		if h.Heal != nil {
			lines = append(lines, req.T("rt.hp_change", "Name", h.ID, "Before", h.Heal.Before, "After", h.Heal.After))
		}
		if h.Damage != nil {
			lines = append(lines, damageLines(req, h.ID, h.Damage)...)
		}
	}
	if res.Restored != "" {
		lines = append(lines, req.T("rt.cast.restored", "Name", targetName, "Attribute", req.T(res.Restored.Key())))
	}
	sub("rt.cast.secondary", res.Secondary)
	if res.Immune {
		lines = append(lines, req.T("rt.cast.immune", "Name", targetName))
	}
	sub("rt.cast.kill", res.Kill)
	if res.Killed {
		lines = append(lines, "**"+req.T("rt.cast.killed", "Name", targetName)+"**")
	}
	sub("rt.cast.chance", res.Chance)
	sub("rt.cast.removal", res.Removal)
	if res.Removed != nil {
		lines = append(lines, req.T("rt.cast.removed", "Name", targetName, "Effect", req.T(res.Removed.Key())))
	}
	lines = append(lines, rtSummonLines(req, cast, &out)...)
	lines = append(lines, rtCastEffectLines(req, cast, targetName)...)
	if res.NoEffect {
		lines = append(lines, req.T("rt.cast.no_effect"))
	}
	if d := res.Backfire; d != nil {
		lines = append(lines, req.T("rt.cast.backfire", "Roll", rollText(req, d.Roll)))
		lines = append(lines, damageLines(req, caster.Name, d.Applied)...)
	}
	lines = append(lines, req.P.Label(caster.Name, statusLine(req, caster)))
	if cast.Target != nil && cast.Target != caster {
		lines = append(lines, req.P.Label(targetName, statusLine(req, cast.Target)))
	}
	r.Body = strings.Join(lines, "\n")
	return r
}

// rtSummonLines word what a summon brought (Summon Daemon, A25: enslaved or hostile) and who joined the encounter,
// setting out.Joined.
func rtSummonLines(req *Request, cast *play.CastRTResult, out *rtCastResult) []string {
	var lines []string
	caster, res := cast.Caster, cast.Result
	if sm := res.Summoned; sm != nil && sm.Creature != nil {
		key := "rt.cast.summoned_hostile"
		if sm.Enslaved {
			key = "rt.cast.summoned_enslaved"
		}
		lines = append(lines, req.T(key, "Name", sm.Creature.Name, "Summoner", caster.Name))
	}
	if j := cast.Joined; j != nil {
		out.Joined = j
		for _, a := range j.Arrivals {
			lines = append(lines, req.T("init.arrival_summoned", "Name", a.Combatant.Name, "Summoner", caster.Name))
		}
	}
	return lines
}

// rtCastEffectLines word the effects a cast added or could not add, each on whom it landed: the caster, the daemon a
// summon brought in, or the target.
func rtCastEffectLines(req *Request, cast *play.CastRTResult, targetName string) []string {
	var lines []string
	caster, res := cast.Caster, cast.Result
	for _, e := range res.Effects {
		who := targetName
		switch {
		case e.OnCaster:
			who = caster.Name
		case res.Summoned != nil && res.Summoned.Creature != nil && cast.Target == nil:
			who = res.Summoned.Creature.Name // the charm is on the daemon it brought in
		}
		if e.Change.Added {
			lines = append(lines, req.T("rt.cast.effect", "Name", who, "Effect", effectText(req, e.Change.Effect)))
		} else {
			lines = append(lines, req.T("rt.cast.effect_refused", "Name", who, "Effect", req.T(e.Change.Effect.Key()), "Why", req.T(e.Change.Refused)))
		}
	}
	return lines
}
