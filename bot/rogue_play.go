package bot

import (
	"strconv"
	"strings"

	"rulekeeper/locales"
	"rulekeeper/play"
	"rulekeeper/rules/rogue"
)

// This file holds the shared commands (/check, /attack, /hp, /cast) on Rogue's Tale characters. The shared
// handlers route here through routeRogue when the acting character is a Rogue's Tale one.

// Options of the shared commands that only one system reads.
var (
	attackOnlyRogue = []string{"kind", "hand", "talent", "dodge", "block", "parry", "range"}
	attackOnly5e    = []string{"ac", "mode", "distance"}
	checkOnly5e     = []string{"mode"}
)

// rogueAttackOptions are the /attack options Rogue's Tale adds (the command keeps weapon, target, bonus,
// damage and character, which both systems read).
func (b *Bot) rogueAttackOptions() []*Option {
	def := func(name string) *Option {
		return &Option{Name: name, Type: Integer, Min: Bound(0), Max: Bound(rogue.MaxCap)}
	}
	return []*Option{
		{Name: "kind", Type: String, Choices: []string{string(rogue.Melee), string(rogue.Ranged), string(rogue.Thrown)}},
		{Name: "hand", Type: String, Choices: []string{string(rogue.MainHand), string(rogue.OffHand), string(rogue.TwoHands)}},
		{Name: "talent", Type: String, MaxLen: 64, Complete: b.completeRogueTalent},
		def("dodge"), def("block"), def("parry"),
		{Name: "range", Type: Integer, Min: Bound(0), Max: Bound(rogue.MaxDistance)},
	}
}

// rogueBonus reads the shared bonus: option as a signed number (Rogue's Tale modifiers are flat).
func rogueBonus(req *Request) (int, error) {
	s := strings.TrimSpace(req.Str("bonus"))
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(strings.TrimPrefix(s, "+"))
	if err != nil {
		return 0, Errorf("rt.err.bad_bonus", "Value", s)
	}
	return n, nil
}

// --- /check ---

// rtCheckResult is the JSON of /check on a Rogue's Tale character.
type rtCheckResult struct {
	Character  string             `json:"character"`
	Kind       string             `json:"kind"` // plain, mental, reflex, search
	Attribute  string             `json:"attribute"`
	Total      int                `json:"total"`
	Natural    int                `json:"natural"`
	Difficulty int                `json:"difficulty"`
	Modifier   int                `json:"modifier"` // after the +5 cap
	Outcome    string             `json:"outcome"`  // success or failure
	Critical   bool               `json:"critical"`
	Fumble     bool               `json:"fumble"`
	Chance     float64            `json:"chance"` // of success, before the roll
	Odds       rogue.Odds         `json:"odds"`
	Mods       []rogue.Mod        `json:"mods"`
	Detail     *rogue.CheckResult `json:"detail"`
}

// parseRogueCheck reads /check skill: for Rogue's Tale: an attribute (str, agi, sta, cha, or their names) or a
// named check (mental, reflex, search) with its default attribute.
func parseRogueCheck(s string) (rogue.CheckOptions, error) {
	if a, err := parseRogueAttr(s); err == nil {
		return rogue.CheckOptions{Attr: a}, nil
	}
	if id := lookupRogue(rkCheck, s); id != "" {
		k := rogue.CheckKind(id)
		a := rogue.Sta
		if k == rogue.CheckReflex {
			a = rogue.Agi
		}
		return rogue.CheckOptions{Kind: k, Attr: a}, nil
	}
	return rogue.CheckOptions{}, Errorf("rt.err.unknown_check", "Name", s)
}

// readCheckRT reads /check's options as a Rogue's Tale check: an attribute or a named check, the bonus and the
// difficulty.
func readCheckRT(req *Request) (r play.Reading[rogue.CheckOptions]) {
	if r.Err = refuseOptions(req, systemRogue, checkOnly5e); r.Err != nil {
		return r
	}
	if r.In, r.Err = parseRogueCheck(req.Str("skill")); r.Err != nil {
		return r
	}
	if r.In.Bonus, r.Err = rogueBonus(req); r.Err != nil {
		return r
	}
	r.In.Difficulty = req.Int("dc", 0)
	return r
}

func rogueCheckReply(req *Request, roll *play.RollRogue) *Reply {
	c, res, o := roll.Character, roll.Roll, roll.Options
	kind := o.Kind
	if kind == rogue.CheckPlain {
		kind = "plain"
	}
	out := rtCheckResult{
		Character: c.Name, Kind: string(kind), Attribute: string(o.Attr), Total: res.Total, Natural: res.Natural,
		Difficulty: res.Difficulty, Modifier: res.Modifier, Outcome: "failure",
		Critical: res.Outcome == rogue.OutcomeCritical, Fumble: res.Outcome == rogue.OutcomeFumble,
		Chance: chance(res.Odds.Succeed(), res.Odds.Den), Odds: res.Odds, Mods: res.Mods, Detail: res,
	}
	if res.Success {
		out.Outcome = "success"
	}
	what := req.T(o.Attr.Key())
	if o.Kind != rogue.CheckPlain {
		what = req.T("rt.check.kind_attr", "Kind", req.T(o.Kind.Key()), "Attribute", what)
	}
	r := &Reply{Title: req.T("rt.check.title", "Name", c.Name, "Check", what), Footer: c.Name, Result: out,
		Body: strings.Join(checkLines(req, res), "\n")}
	switch {
	case out.Critical:
		r.Tone = ToneCritical
	case res.Success:
		r.Tone = ToneSuccess
	default:
		r.Tone = ToneFailure
	}
	return r
}

// --- /attack ---

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

// rogueWeapon reads the weapon: option's words (a name, a size — small, medium, large —, "slow", a damage type,
// a signed magic damage modifier, a damage roll) and damage: (the weapon's roll, a [type] label allowed).
func rogueWeapon(req *Request, weapon, damage string) (string, rogue.Weapon) {
	w := rogue.Weapon{}
	var name []string
	for _, word := range strings.Fields(weapon) {
		lw := strings.ToLower(word)
		switch {
		case lookupRogue(rkWeaponSize, word) != "":
			w.Size = rogue.WeaponSize(lookupRogue(rkWeaponSize, word))
		case lw == "slow" || locales.Fold(word) == locales.Fold(req.T("rt.weapon.slow")):
			w.Slow = true
		case lookupRogue(rkDamage, word) != "":
			w.Type = rogue.DamageType(lookupRogue(rkDamage, word))
		case isSigned(lw):
			w.Magic, _ = strconv.Atoi(strings.TrimPrefix(lw, "+"))
		case looksLikeDice(word) && damage == "":
			damage = word
		default:
			name = append(name, word)
		}
	}
	damage = labelRE.ReplaceAllStringFunc(damage, func(m string) string {
		if id := lookupRogue(rkDamage, m[1:len(m)-1]); id != "" {
			w.Type = rogue.DamageType(id)
			return ""
		}
		return m
	})
	w.Damage = strings.TrimSpace(damage)
	return strings.Join(name, " "), w
}

// readAttackRT reads /attack's options as a Rogue's Tale attack.
func readAttackRT(req *Request) (r play.Reading[play.AttackRT]) {
	if r.Err = refuseOptions(req, systemRogue, attackOnly5e); r.Err != nil {
		return r
	}
	weaponName, weapon := rogueWeapon(req, strings.TrimSpace(req.Str("weapon")), strings.TrimSpace(req.Str("damage")))
	a := play.AttackRT{WeaponName: weaponName, Weapon: weapon, Kind: rogue.AttackKind(req.Str("kind")), Hand: rogue.Hand(req.Str("hand")),
		AdHocName: req.T("rt.attack.adhoc_target")}
	if req.Has("range") {
		n := req.Int("range", 0)
		a.Range = &n
		if !req.Has("kind") {
			a.Kind = rogue.Ranged
		}
	}
	if req.Has("range") && a.Kind == rogue.Melee {
		r.Err = Errorf("rt.attack.err.range_melee")
		return r
	}
	if t := req.Str("talent"); t != "" {
		if a.Talent, r.Err = parseRogueTalent(t); r.Err != nil {
			return r
		}
	}
	if a.Bonus, r.Err = rogueBonus(req); r.Err != nil {
		return r
	}
	for name, p := range map[string]**int{"dodge": &a.Dodge, "block": &a.Block, "parry": &a.Parry} {
		if req.Has(name) {
			n := req.Int(name, 0)
			*p = &n
		}
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
			lines = append(lines, req.T("rt.attack.difficulty", "Base", res.Bands.Base, "Mods", modsText(req, res.BandMods)))
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
		lines = appendLine(lines, modsLine(req, d.Mods))
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
	lines = append(lines, attackOddsLine(req, res.Odds))
	if a.Target != "" {
		lines = append(lines, targetName+": "+statusLine(req, def))
	}
	r.Body = strings.Join(lines, "\n")
	return r
}

// --- /hp ---

// rtHPResult is the JSON of /hp on a Rogue's Tale character.
type rtHPResult struct {
	rogueStatus
	Character string              `json:"character"`
	Amount    int                 `json:"amount"`
	Applied   int                 `json:"applied"` // HP lost (after vulnerability and resistance) or gained
	Damage    *rogue.DamageResult `json:"damage,omitempty"`
	Heal      *rogue.HealResult   `json:"heal,omitempty"`
}

func rogueDamageReply(req *Request, h *play.HPRogue) *Reply {
	c, dr := h.Character, h.Damage
	r := &Reply{Title: req.T("rt.hp.damage_title", "Name", c.Name), Footer: c.Name,
		Body:   strings.Join(append(damageLines(req, c.Name, dr), statusLine(req, c)), "\n"),
		Result: rtHPResult{rogueStatus: statusRogue(c), Character: c.Name, Amount: dr.Amount, Applied: dr.Final, Damage: dr}}
	if dr.Dead && dr.HPBefore > 0 {
		r.Tone = ToneCritical
	}
	return r
}

func rogueHealReply(req *Request, h *play.HPRogue) *Reply {
	c, heal := h.Character, h.Heal
	lines := []string{req.T("rt.hp_change", "Name", c.Name, "Before", heal.Before, "After", heal.After)}
	if h.WasDead {
		lines = append(lines, req.T("rt.hp.dead_no_heal", "Name", c.Name))
	}
	lines = append(lines, statusLine(req, c))
	r := &Reply{Title: req.T("rt.hp.heal_title", "Name", c.Name), Footer: c.Name, Body: strings.Join(lines, "\n"),
		Result: rtHPResult{rogueStatus: statusRogue(c), Character: c.Name, Amount: req.Int("amount", 0), Applied: heal.Amount, Heal: heal}}
	if heal.Amount > 0 {
		r.Tone = ToneSuccess
	}
	return r
}

func rogueMaxHPReply(req *Request, h *play.HPRogue) *Reply {
	c := h.Character
	return &Reply{Title: req.T("rt.hp.max_title", "Name", c.Name), Footer: c.Name, Tone: ToneSuccess,
		Body: strings.Join([]string{
			req.T("rt.hp.max_line", "Before", h.MaxBefore, "After", c.MaxHP, "Formula", c.HPFormula(), "Bonus", c.BonusHP),
			statusLine(req, c),
		}, "\n"),
		Result: rtHPResult{rogueStatus: statusRogue(c), Character: c.Name, Amount: req.Int("amount", 0)}}
}

// --- /cast ---

// castCommand is /cast. Rogue's Tale casting is complete; a D&D 5e character gets a clear "not yet" until the
// 5e casting joins this command.
func (b *Bot) castCommand() *Command {
	return &Command{
		Name:    "cast",
		Options: append(b.castRogueOptions(), b.cast5eOptions()...), // D&D 5e: level, origin, direction, … (cast.go)
		Handler: b.cast,
		Examples: []string{
			"/cast spell:flaming_orb target:Grak",
			"/cast spell:healing_touch target:Brom",
			"/cast spell:divine_grace",
			"/cast spell:remove_curse target:Brom scroll:true",
			"/cast spell:fire_bolt target:\"Goblin 1\"",
			"/cast spell:fireball level:4 origin:10,10",
			"/cast spell:burning_hands origin:3,3 direction:e",
			"/cast spell:magic_missile target:\"Goblin 1, Goblin 2\"",
		},
	}
}

// castRogueOptions are the options Rogue's Tale casting reads.
func (b *Bot) castRogueOptions() []*Option {
	return []*Option{
		{Name: "spell", Type: String, Required: true, MaxLen: 64, Complete: b.completeCastSpell},
		{Name: "target", Type: String, MaxLen: play.MaxNameLen, Complete: b.completeAttackTarget},
		bonusOption(),
		{Name: "range", Type: Integer, Min: Bound(0), Max: Bound(rogue.MaxDistance)},
		{Name: "scroll", Type: Boolean},
		b.characterOption(),
	}
}

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
	o := rogue.CastOptions{Spell: spell, DX: req.Int("range", 0), Scroll: req.Bool("scroll")}
	if o.Bonus, r.Err = rogueBonus(req); r.Err != nil {
		return r
	}
	if req.Has("range") && !req.Has("target") {
		r.Err = Errorf("rt.cast.err.range_self")
		return r
	}
	if !req.Has("range") && req.Has("target") {
		o.DX = 1 // an adjacent target
	}
	r.In = play.CastRT{Target: strings.TrimSpace(req.Str("target")), Options: o}
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
	for _, e := range res.Effects {
		who := targetName
		if e.OnCaster {
			who = caster.Name
		}
		if e.Change.Added {
			lines = append(lines, req.T("rt.cast.effect", "Name", who, "Effect", effectText(req, e.Change.Effect)))
		} else {
			lines = append(lines, req.T("rt.cast.effect_refused", "Name", who, "Effect", req.T(e.Change.Effect.Key()), "Why", req.T(e.Change.Refused)))
		}
	}
	if res.NoEffect {
		lines = append(lines, req.T("rt.cast.no_effect"))
	}
	if d := res.Backfire; d != nil {
		lines = append(lines, req.T("rt.cast.backfire", "Roll", rollText(req, d.Roll)))
		lines = append(lines, damageLines(req, caster.Name, d.Applied)...)
	}
	lines = append(lines, caster.Name+": "+statusLine(req, caster))
	if cast.Target != nil && cast.Target != caster {
		lines = append(lines, targetName+": "+statusLine(req, cast.Target))
	}
	r.Body = strings.Join(lines, "\n")
	return r
}
