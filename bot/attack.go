package bot

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/store"
)

func (b *Bot) attackCommand() *Command {
	return &Command{
		Name: "attack",
		Options: append([]*Option{
			{Name: "weapon", Type: String, MaxLen: dnd5e.MaxNameLen, Complete: b.completeWeapon},
			{Name: "target", Type: String, MaxLen: store.MaxNameLen, Complete: b.completeAttackTarget},
			{Name: "ac", Type: Integer, Min: Bound(dnd5e.MinAC), Max: Bound(dnd5e.MaxAC)},
			modeOption(),
			bonusOption(),
			{Name: "damage", Type: String, MaxLen: 200},
			{Name: "distance", Type: Integer, Min: Bound(0), Max: Bound(10000)},
			b.characterOption(),
		}, b.rogueAttackOptions()...), // Rogue's Tale: kind, hand, talent, dodge, block, parry, range
		Handler: b.attack,
		Examples: []string{
			"/attack weapon:longsword target:Goblin",
			"/attack weapon:rapier ac:15 mode:adv damage:3d6",
			"/attack bonus:5 damage:1d6+3[piercing] ac:13",
			"/attack weapon:longbow target:Borin distance:30",
			"/attack weapon:longsword damage:1d8 target:Grak",
			"/attack damage:1d6 dodge:1 block:1",
			"/attack weapon:\"longbow slow\" damage:1d8 range:6 target:Grak",
		},
	}
}

// attackTarget is a creature an attack can damage. Characters of the guild are targets today; an encounter's NPCs
// become targets by adding a resolver to targetResolvers.
type attackTarget interface {
	name() string
	// target describes the creature for the rules (AC, conditions, defences).
	target() dnd5e.Target
	// takeDamage applies damage already resolved against target(); crit counts for death saves.
	takeDamage(amount int, crit bool) (*dnd5e.HPChange, error)
	// status is the creature's HP after the attack.
	status() hpStatus
	// save writes the creature back inside the attack's transaction.
	save(tx store.Tx) error
}

// targetResolver finds a target by name inside the attack's transaction; (nil, nil) means "not mine, ask the next".
type targetResolver func(tx store.Tx, req *Request, name string, attacker *store.Character, ac *dnd5e.Character) (attackTarget, error)

// targetResolvers are asked in order; the first that finds the name wins.
var targetResolvers = []targetResolver{resolveEncounterTarget, resolveCharacterTarget}

// targetReporter is an attackTarget that words its own HP change (an encounter NPC shows players only a vague
// state) and may have made a concentration save (fight.go).
type targetReporter interface {
	report(req *Request, change *dnd5e.HPChange) ([]string, *dnd5e.ConcentrationResult)
}

// characterTarget is another 5e character of the guild.
type characterTarget struct {
	ch *store.Character
	c  *dnd5e.Character
}

func (t *characterTarget) name() string         { return t.c.Name }
func (t *characterTarget) target() dnd5e.Target { return t.c.AsTarget() }
func (t *characterTarget) status() hpStatus     { return statusOf(t.c) }

// takeDamage applies the attack's total, which already holds the target's defences.
func (t *characterTarget) takeDamage(amount int, crit bool) (*dnd5e.HPChange, error) {
	return t.c.DamageResolved(amount, crit)
}

func (t *characterTarget) save(tx store.Tx) error {
	sheet, err := encode5e(t.c)
	if err != nil {
		return err
	}
	t.ch.Sheet = sheet
	return tx.PutCharacter(t.ch)
}

// resolveCharacterTarget finds a 5e character of the guild by name: the caller's own first, then anyone's.
// Attacking needs no ownership of the target.
func resolveCharacterTarget(tx store.Tx, req *Request, name string, attacker *store.Character, ac *dnd5e.Character) (attackTarget, error) {
	ch, err := findGuildCharacter(tx, req, name)
	if err != nil || ch == nil {
		return nil, err
	}
	if attacker != nil && ch.ID == attacker.ID {
		return &characterTarget{ch: attacker, c: ac}, nil
	}
	c, err := decode5e(ch)
	if err != nil {
		return nil, err
	}
	return &characterTarget{ch: ch, c: c}, nil
}

// attackResult is the JSON of /attack.
type attackResult struct {
	Attacker string `json:"attacker,omitempty"`
	Weapon   string `json:"weapon,omitempty"`
	Target   string `json:"target,omitempty"`
	Total    int    `json:"total"`
	Natural  int    `json:"natural"`
	AC       int    `json:"ac,omitempty"`
	Outcome  string `json:"outcome,omitempty"` // hit or miss; absent when the AC is unknown and the die is not a 1 or 20
	Critical bool   `json:"critical"`
	oddsJSON        // chance to hit the AC before the roll, natural 20 and 1 included (odds.go); absent without an AC
	// Damage is the damage dealt after the target's defences (0 on a miss); with no tracked target, as rolled.
	Damage       int                 `json:"damage"`
	TargetStatus *hpStatus           `json:"target_status,omitempty"` // a tracked target's HP after the attack
	Detail       *dnd5e.AttackResult `json:"detail"`
	HPChange     *dnd5e.HPChange     `json:"hp_change,omitempty"`
	// Concentration is the target's CON save to keep concentrating after the damage.
	Concentration *concSaveJSON `json:"concentration,omitempty"`
}

// adHocToHit splits an ad-hoc attack's bonus into a flat modifier ("+5") or extra notation ("5+1d4").
func adHocToHit(bonus string) (int, string) {
	b := strings.TrimSpace(bonus)
	if n, err := strconv.Atoi(strings.TrimPrefix(b, "+")); err == nil {
		return n, ""
	}
	return 0, b
}

func (b *Bot) attack(req *Request) (*Reply, error) {
	if err := b.guildOnly(req); err != nil {
		return nil, err
	}
	if ok, r, err := routeRogueAs(req, b.attackingSystem(req), b.attackRogue, attackOnly5e, attackOnlyRogue); ok {
		return r, err
	}
	mode, err := dnd5e.ParseMode(req.Str("mode"))
	if err != nil {
		return nil, err
	}
	weapon := strings.TrimSpace(req.Str("weapon"))
	damage := normalizeDamageLabels(strings.TrimSpace(req.Str("damage")))
	if weapon == "" && damage == "" {
		return nil, Errorf("play.attack.err.need_weapon")
	}
	o := dnd5e.AttackOptions{
		Mode:     mode,
		Distance: req.Int("distance", 5),
		CritRule: dnd5e.CritRule(req.Guild.CritRule),
	}
	var (
		res      *dnd5e.AttackResult
		change   *dnd5e.HPChange
		tgt      attackTarget
		attacker *dnd5e.Character
	)
	err = b.cfg.Store.Update(req.Ctx, req.GuildID, func(tx store.Tx) error {
		ch, c, err := findAttacker(tx, req, weapon != "" || req.Has("target"))
		if err != nil {
			return err
		}
		attacker = c
		if c != nil && c.State == dnd5e.Dead {
			return &dnd5e.Error{Code: dnd5e.ErrIsDead, Args: map[string]any{"Name": c.Name}}
		}
		if c != nil && c.HasCondition(dnd5e.Incapacitated) {
			return Errorf("play.attack.err.incapacitated", "Name", c.Name)
		}
		t := dnd5e.Target{}
		if name := req.Str("target"); name != "" {
			for _, resolve := range targetResolvers {
				if tgt, err = resolve(tx, req, name, ch, c); err != nil {
					return err
				}
				if tgt != nil {
					break
				}
			}
			if tgt == nil {
				return Errorf("play.attack.err.no_target", "Name", name)
			}
			t = tgt.target()
		}
		if req.Has("ac") {
			t.AC = req.Int("ac", 0)
		}
		if weapon != "" {
			o.Bonus = strings.TrimSpace(req.Str("bonus"))
			o.ExtraDamage = damage
			res, err = c.Attack(weapon, t, req.Dice, o)
		} else {
			var toHit int
			toHit, o.Bonus = adHocToHit(req.Str("bonus"))
			self := dnd5e.Target{}
			if c != nil {
				self = c.AsTarget()
			}
			if _, err := dice.Parse(damage); err != nil {
				return err
			}
			res, err = dnd5e.RollAttack(self, t, toHit, damage, req.Dice, o)
		}
		if err != nil {
			return err
		}
		if tgt == nil || res.Damage == nil {
			return nil
		}
		if change, err = tgt.takeDamage(res.Damage.Total, res.Crit); err != nil {
			return err
		}
		return tgt.save(tx)
	})
	if err != nil {
		return nil, err
	}
	return attackReply(req, attacker, tgt, res, change), nil
}

// findAttacker finds the attacking character: the `character:` option or the caller's active one, owned by the
// caller unless the caller is a GM. Without any, an ad-hoc roll still works; a GM may also attack a tracked
// target with no character (a monster), anyone else needs one (need).
func findAttacker(tx store.Tx, req *Request, need bool) (*store.Character, *dnd5e.Character, error) {
	ch, err := findCharacter(tx, req)
	if err != nil {
		var be *Error
		if errors.As(err, &be) && be.Key == "char.err.no_active" && (!need || req.GM) && !req.Has("weapon") {
			return nil, nil, nil
		}
		return nil, nil, err
	}
	if !canEdit(req, ch) {
		return nil, nil, Errorf("char.err.not_owner", "Name", ch.Name)
	}
	c, err := decode5e(ch)
	if err != nil {
		return nil, nil, err
	}
	return ch, c, nil
}

// attackReply renders an attack: who attacks whom with what, the d20, the verdict, what changed the roll, the
// damage by type with the target's defences, and what it did to a tracked target.
func attackReply(req *Request, attacker *dnd5e.Character, tgt attackTarget, res *dnd5e.AttackResult, change *dnd5e.HPChange) *Reply {
	who := userLabel(req)
	if attacker != nil {
		who = attacker.Name
	}
	out := attackResult{
		Attacker: who, Weapon: res.Attack, Total: res.Total, Natural: res.Natural, AC: res.AC,
		Critical: res.Crit, Detail: res, HPChange: change,
	}
	odds := res.Odds()
	out.oddsJSON = oddsOut(odds)
	switch {
	case res.Outcome == dnd5e.OutcomeMiss:
		out.Outcome = "miss"
	case res.Hit && (res.AC > 0 || res.Crit):
		out.Outcome = "hit"
	}
	r := &Reply{Footer: who, Result: &out}
	var title string
	switch {
	case tgt != nil && res.Attack != "":
		title = req.T("play.attack.title_target_weapon", "Name", who, "Target", tgt.name(), "Weapon", res.Attack)
	case tgt != nil:
		title = req.T("play.attack.title_target", "Name", who, "Target", tgt.name())
	case res.Attack != "":
		title = req.T("play.attack.title_weapon", "Name", who, "Weapon", res.Attack)
	default:
		title = req.T("play.attack.title", "Name", who)
	}
	if tgt != nil {
		out.Target = tgt.name()
	}
	r.Title = title
	line := rollText(req, res.Roll)
	if res.AC > 0 {
		line += " " + req.T("play.attack.vs_ac", "AC", res.AC)
	}
	lines := []string{line}
	if m := modeLine(req, res.Mode); m != "" {
		lines = append(lines, m)
	}
	lines = append(lines, effectLines(req, res.Effects, res.Cancelled)...)
	lines = appendLine(lines, oddsLine(req, "stats.odds.hit", odds))
	switch {
	case res.Fumble:
		lines = append(lines, req.T("play.attack.fumble"))
		r.Tone = ToneFailure
	case res.AutoCrit:
		lines = append(lines, req.T("play.attack.auto_crit"))
		r.Tone = ToneCritical
	case res.Crit:
		lines = append(lines, req.T("play.attack.crit"))
		r.Tone = ToneCritical
	case out.Outcome == "hit":
		lines = append(lines, "**"+req.T(dnd5e.OutcomeHit.Key())+"**")
		r.Tone = ToneSuccess
	case out.Outcome == "miss":
		lines = append(lines, "**"+req.T(dnd5e.OutcomeMiss.Key())+"**")
		r.Tone = ToneFailure
	default:
		lines = append(lines, req.T("play.attack.unknown_ac"))
	}
	if d := res.Damage; d != nil {
		out.Damage = d.Total
		lines = append(lines, req.T("play.attack.damage_roll", "Roll", rollText(req, d.Roll)))
		if d.Crit && d.CritRule == dnd5e.CritMax {
			lines = append(lines, req.T("play.attack.crit_max"))
		}
		lines = append(lines, effectLines(req, d.Effects, false)...)
		lines = append(lines, req.T("play.attack.damage_total", "Total", d.Total, "Parts", damagePartsText(req, d.Parts)))
	}
	if tgt != nil {
		st := tgt.status()
		out.TargetStatus = &st
	}
	if rep, ok := tgt.(targetReporter); ok {
		var more []string
		var conc *dnd5e.ConcentrationResult
		more, conc = rep.report(req, change)
		out.Concentration = concSaveOut(conc)
		lines = append(lines, more...)
	} else if tgt != nil && change != nil {
		if change.TempAbsorbed > 0 {
			lines = append(lines, req.T("play.hp.temp_absorbed", "Amount", change.TempAbsorbed))
		}
		if change.NoEffect && change.StateBefore == dnd5e.Dead {
			lines = append(lines, req.T("play.hp.already_dead", "Name", tgt.name()))
		}
		lines = append(lines, tgt.name()+": "+hpChangeLine(req, change))
		lines = append(lines, stateChangeLines(req, tgt.name(), change)...)
	}
	r.Body = strings.Join(lines, "\n")
	return r
}

// completeWeapon suggests the attacks on the attacker's sheet.
func (b *Bot) completeWeapon(req *Request) []Choice {
	if b.cfg.Store == nil || req.GuildID == "" {
		return nil
	}
	_, c, err := b.view5e(req)
	if err != nil {
		return nil
	}
	typed := strings.ToLower(strings.TrimSpace(req.Str("weapon")))
	var out []Choice
	for _, a := range c.Attacks {
		if strings.Contains(strings.ToLower(a.Name), typed) {
			toHit, dmg := attackNumbers(c, a)
			out = append(out, Choice{Name: a.Name + " (" + signedNum(toHit) + ", " + localizeDamageLabels(req, dmg) + ")", Value: a.Name})
		}
	}
	return out
}

// completeTarget suggests the guild's 5e characters (every owner's) whose name contains what was typed.
func (b *Bot) completeTarget(req *Request) []Choice { return b.completeSystemCharacters(req, system5e) }

// completeSystemCharacters suggests the guild's characters of one rule system (every owner's) whose name contains
// what was typed in the focused option.
func (b *Bot) completeSystemCharacters(req *Request, system string) []Choice {
	if b.cfg.Store == nil || req.GuildID == "" {
		return nil
	}
	typed := strings.ToLower(strings.TrimSpace(req.Str(req.Focused)))
	var out []Choice
	_ = b.cfg.Store.View(req.Ctx, req.GuildID, func(tx store.Tx) error {
		all, err := tx.Characters()
		if err != nil {
			return err
		}
		for _, c := range all {
			if c.System == system && strings.Contains(strings.ToLower(c.Name), typed) &&
				!slices.ContainsFunc(out, func(x Choice) bool { return x.Value == c.Name }) {
				out = append(out, Choice{Name: c.Name, Value: c.Name})
			}
		}
		return nil
	})
	return out
}
