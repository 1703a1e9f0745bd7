package bot

import (
	"slices"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/coc"
)

// /attack by a Call of Cthulhu attacker (play/coc_attack.go): weapon: a sheet weapon (none: unarmed), target:,
// defence: dodge (default), fight_back or none, defend: an untracked target's value, distance: feet for a shot,
// bonus_dice:, penalty_dice:, mods: circumstances ("cover, fast_target", any language).

// The /attack options only a Call of Cthulhu attack reads, and the ones it refuses.
var (
	attackOnlyCoC = []string{"defence", "defend", "mods", "bonus_dice", "penalty_dice"}
	attackNotCoC  = []string{"ac", "mode", "bonus", "damage", "kind", "hand", "talent", "defences", "sneak", "smite", "single", "cover", "nonlethal", "range"}
)

// cocDefences are the defence: choices.
var cocDefences = []string{string(coc.DefenceDodge), string(coc.DefenceFightBack), string(coc.DefenceNone)}

// cocAttackOptions are /attack's Call of Cthulhu options.
func cocAttackOptions() []*Option {
	return append([]*Option{
		{Name: "defence", Type: String, Choices: cocDefences},
		{Name: "defend", Type: Integer, Min: Bound(0), Max: Bound(coc.MaxValue)},
		{Name: "mods", Type: String, MaxLen: 200},
	}, cocDiceOptions()...)
}

// readAttackCoC reads /attack's options as a Call of Cthulhu attack.
func readAttackCoC(req *Request) (r play.Reading[play.AttackCoC]) {
	if r.Err = refuseOptions(req, systemCoC, attackNotCoC); r.Err != nil {
		return r
	}
	a := play.AttackCoC{Weapon: strings.TrimSpace(req.Str("weapon")), Defence: coc.Defence(req.Str("defence")),
		Bonus: req.Int("bonus_dice", 0), Penalty: req.Int("penalty_dice", 0)}
	if req.Has("defend") {
		n := req.Int("defend", 0)
		a.Defend = &n
	}
	if req.Has("distance") {
		n := req.Int("distance", 0)
		a.Distance = &n
	}
	if strings.TrimSpace(req.Str("target")) != "" && a.Defend != nil {
		r.Err = Errorf("cthulhu.err.target_and_defend")
		return r
	}
	a.Mods, r.Err = parseCoCMods(req.Str("mods"))
	r.In = a
	return r
}

// cocAttackResult is the JSON of /attack by a Call of Cthulhu attacker.
type cocAttackResult struct {
	Attacker string `json:"attacker"`
	Weapon   string `json:"weapon"` // "" = unarmed
	Target   string `json:"target,omitempty"`
	Kind     string `json:"kind"`    // melee or shot
	Outcome  string `json:"outcome"` // hit, dodged, counter, miss (a shot: hit or miss)
	Extreme  bool   `json:"extreme,omitempty"`
	Jammed   bool   `json:"jammed,omitempty"`
	// Damage is what the attacker's hit dealt after armour (0 when it did not hit); Counter a Fight Back's.
	Damage    int               `json:"damage"`
	Counter   int               `json:"counter,omitempty"`
	Chance    float64           `json:"chance"` // of a hit, before the rolls
	MeleeOdds *coc.MeleeOdds    `json:"melee_odds,omitempty"`
	ShotOdds  *coc.Odds         `json:"shot_odds,omitempty"`
	Melee     *coc.MeleeResult  `json:"melee,omitempty"`
	Shot      *coc.ShotResult   `json:"shot,omitempty"`
	Hit       *coc.DamageResult `json:"hit,omitempty"`
	Hurt      *play.CoCHurt     `json:"hurt,omitempty"`
	Riposte   *coc.DamageResult `json:"riposte,omitempty"` // a winning Fight Back's damage
	Harmed    *play.CoCHurt     `json:"harmed,omitempty"`  // what it did to the attacker
	// Manoeuvre is a fighting manoeuvre's Builds, penalty dice and verdict (no damage).
	Manoeuvre *play.CoCManoeuvre `json:"manoeuvre,omitempty"`
}

// cocAttackReply renders an attack: the rolls, the outcome, the damage and what it did.
func cocAttackReply(req *Request, a *play.AttackCoCResult) *Reply {
	weapon := cocWeaponName(req, a.Weapon)
	out := cocAttackResult{Attacker: a.Attacker, Weapon: a.Weapon.Name, Target: a.Target, Melee: a.Melee, Shot: a.Shot,
		MeleeOdds: a.MeleeOdds, ShotOdds: a.ShotOdds, Hit: a.Damage, Hurt: a.Hurt, Riposte: a.Counter, Harmed: a.Harmed}
	title := req.T("cthulhu.attack.title", "Name", a.Attacker, "Weapon", weapon)
	if a.Target != "" {
		title = req.T("cthulhu.attack.title_target", "Name", a.Attacker, "Target", a.Target, "Weapon", weapon)
	}
	skill := subjectName(req, coc.SkillSubject(a.Weapon.Skill))
	var lines []string
	hit := false
	switch {
	case a.Melee != nil:
		m := a.Melee
		out.Kind, out.Outcome, out.Extreme, hit = "melee", string(m.Outcome), m.Extreme, m.Outcome == coc.MeleeHit
		lines = append(lines, cocRollLine(req, skill, m.Attack))
		if m.Defend != nil {
			lines = append(lines, cocRollLine(req, req.T(m.Defence.Key()), m.Defend))
		} else if m.Defence == coc.DefenceNone {
			lines = append(lines, req.T("cthulhu.attack.no_defence"))
		}
		if mv := a.Manoeuvre; mv != nil {
			out.Manoeuvre, out.Outcome, hit = mv, "manoeuvre_failed", false
			if mv.Success {
				out.Outcome = "manoeuvre"
			}
			lines = append(lines, cocManoeuvreLines(req, a.Target, mv)...)
			break
		}
		lines = append(lines, "**"+req.T(m.Outcome.Key())+"**")
		if a.MeleeOdds != nil {
			out.Chance = chanceFloat(a.MeleeOdds.Hit)
		}
	case a.Shot != nil:
		s := a.Shot
		out.Kind, out.Extreme, out.Jammed, hit = "shot", s.Extreme, s.Check.Jammed, s.Hit
		out.Outcome = "miss"
		if hit {
			out.Outcome = "hit"
		}
		lines = append(lines, req.T("cthulhu.attack.range", "Band", req.T(s.Band.Key()), "Difficulty", req.T(s.Band.Difficulty().Key())))
		lines = append(lines, cocRollLine(req, skill, s.Check))
		verdict := "**" + req.T(coc.MeleeMiss.Key()) + "**"
		switch {
		case s.Check.Jammed:
			verdict = req.T("cthulhu.attack.jammed")
		case hit:
			verdict = "**" + req.T(coc.MeleeHit.Key()) + "**"
		}
		lines = append(lines, verdict)
		if a.ShotOdds != nil {
			out.Chance = chanceFloat(a.ShotOdds.Success)
		}
	}
	if a.Damage != nil {
		out.Damage = a.Damage.Total
		lines = append(lines, cocDamageLine(req, a.Damage))
		lines = append(lines, cocHurtLines(req, a.Hurt)...)
	}
	if a.Counter != nil {
		out.Counter = a.Counter.Total
		lines = append(lines, req.T("cthulhu.attack.counter", "Name", a.Target), cocDamageLine(req, a.Counter))
		lines = append(lines, cocHurtLines(req, a.Harmed)...)
	}
	if a.Manoeuvre == nil { // the melee odds are not a manoeuvre's
		lines = append(lines, cocAttackOddsLine(req, a))
	}
	r := &Reply{Title: title, Body: strings.Join(slices.DeleteFunc(lines, func(s string) bool { return s == "" }), "\n"),
		Footer: a.Attacker, Result: out, Tone: ToneFailure}
	switch {
	case hit && out.Extreme:
		r.Tone = ToneCritical
	case hit:
		r.Tone = ToneSuccess
	}
	return r
}

// cocManoeuvre answers /coc manoeuvre: a fighting manoeuvre on a target (kind:), as /attack resolves it (the target
// reacts with defence:; Build-gap penalty dice; no damage). /attack is at Discord's 25 options, hence a subcommand.
func (b *Bot) cocManoeuvre(req *Request) (*Reply, error) {
	a := play.AttackCoC{Defence: coc.Defence(req.Str("defence")), Bonus: req.Int("bonus_dice", 0),
		Penalty: req.Int("penalty_dice", 0), Manoeuvre: req.Str("kind")}
	var err error
	if a.Mods, err = parseCoCMods(req.Str("mods")); err != nil {
		return nil, err
	}
	not := Errorf("rt.err.option_not_for_system", "Option", "manoeuvre", "System", req.T("system."+system5e))
	in := play.Attack{Character: req.Str("character"), Target: req.Str("target"), CoC: play.Reading[play.AttackCoC]{In: a}}
	in.Dnd5e.Err, in.Rogue.Err = not, Errorf("rt.err.option_not_for_system", "Option", "manoeuvre", "System", req.T("system."+systemRogue))
	res, err := b.cfg.Table.Attack(req.Ctx, req.caller(), in, req.Dice)
	if err != nil {
		return nil, err
	}
	return cocAttackReply(req, res.CoC), nil
}

// cocManoeuvreKeys are the catalog keys of the manoeuvres' names.
var cocManoeuvreKeys = map[string]string{"disarm": "cthulhu.manoeuvre.disarm", "grapple": "cthulhu.manoeuvre.grapple",
	"knock_down": "cthulhu.manoeuvre.knock_down", "other": "cthulhu.manoeuvre.other"}

// cocManoeuvreLines say a manoeuvre's Build comparison, its verdict and its effect.
func cocManoeuvreLines(req *Request, target string, m *play.CoCManoeuvre) []string {
	lines := []string{req.T("cthulhu.manoeuvre.build", "Manoeuvre", req.T(cocManoeuvreKeys[m.Kind]),
		"Build", m.AttackerBuild, "TargetBuild", m.TargetBuild, "Penalty", m.Penalty)}
	if !m.Success {
		return append(lines, "**"+req.T("cthulhu.manoeuvre.failed")+"**")
	}
	lines = append(lines, "**"+req.T("cthulhu.manoeuvre.succeeded")+"**")
	if m.Prone {
		lines = append(lines, req.T("cthulhu.manoeuvre.prone", "Name", target))
	}
	return lines
}

// cocAttackOddsLine is the exact chances of a melee attack's outcomes, or of a shot's levels.
func cocAttackOddsLine(req *Request, a *play.AttackCoCResult) string {
	if o := a.MeleeOdds; o != nil {
		items := []string{req.T("cthulhu.attack.odds_hit", "Chance", chanceStr(req.P, o.Hit), "Extreme", chanceStr(req.P, o.Extreme))}
		for _, x := range []struct {
			key string
			c   coc.Chance
		}{{"cthulhu.attack.odds_dodged", o.Dodged}, {"cthulhu.attack.odds_counter", o.Counter}, {"cthulhu.attack.odds_miss", o.Miss}} {
			if x.c.Num > 0 {
				items = append(items, req.T(x.key, "Chance", chanceStr(req.P, x.c)))
			}
		}
		return req.T("cthulhu.attack.odds", "Outcomes", req.P.List(items))
	}
	return cocOddsLine(req, a.ShotOdds)
}
