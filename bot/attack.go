package bot

import (
	"slices"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/rogue"
)

func (b *Bot) attackCommand() *Command {
	return &Command{
		Name: "attack",
		Options: append([]*Option{
			{Name: "weapon", Type: String, MaxLen: dnd5e.MaxNameLen, Complete: b.completeWeapon},
			{Name: "target", Type: String, MaxLen: play.MaxNameLen, Complete: b.completeAttackTarget},
			{Name: "ac", Type: Integer, Min: Bound(dnd5e.MinAC), Max: Bound(dnd5e.MaxAC)},
			modeOption(),
			bonusOption(),
			{Name: "damage", Type: String, MaxLen: 200},
			{Name: "distance", Type: Integer, Min: Bound(0), Max: Bound(10000)},
			{Name: "range", Type: String, MaxLen: 20}, // 5e ad-hoc: "80/320"; Rogue's Tale: distance (attackrt.go)
			b.characterOption(),
			visibilityOption(), // public, private or secret (optfold.go)
			{Name: "sneak", Type: String, Choices: sneakChoices},
			{Name: "smite", Type: Integer, Min: Bound(1), Max: Bound(9)},
			{Name: "single", Type: Boolean},
			{Name: "cover", Type: String, Choices: coverChoices},
			{Name: "nonlethal", Type: Boolean},
			b.asOption(), // an NPC attacks (npc.go) with its stat block's action named by weapon: (25 options at most)
		}, append(b.rogueAttackOptions(), // Rogue's Tale: kind, hand, talent, defences (distance: its range)
			cocAttackOptions()...)...), // Call of Cthulhu: defence, defend, mods, bonus_dice, penalty_dice
		Handler: b.attack,
		Examples: []string{
			"/attack weapon:longsword target:Goblin",
			"/attack weapon:rapier ac:15 mode:adv damage:3d6",
			"/attack bonus:5 damage:1d6+3[piercing] ac:13",
			"/attack weapon:\"goblin bow\" bonus:4 damage:1d6+2[piercing] range:80/320 target:Borin",
			"/attack weapon:longbow target:Borin distance:30",
			"/attack weapon:longsword damage:1d8 target:Grak",
			"/attack weapon:longbow target:Goblin distance:200 cover:half",
			"/attack weapon:mace target:Goblin nonlethal:true",
			"/attack weapon:dagger target:Goblin visibility:secret",
			"/attack damage:1d6 defences:\"dodge 1, block 1\"",
			"/attack weapon:\"longbow slow\" damage:1d8 distance:6 target:Grak",
			"/attack weapon:longsword damage:1d8 talent:sweeping_blow target:\"Grak, Snik, Mog\"",
			"/attack weapon:rapier target:\"Goblin 1\" sneak:yes",
			"/attack weapon:longsword target:\"Goblin 2\" smite:2",
			"/attack weapon:greataxe target:Ogre single:true",
			"/attack weapon:knife target:Cultist defence:fight_back",
			"/attack weapon:revolver target:Cultist distance:30 mods:cover",
			"/attack as:\"Goblin 1\" weapon:scimitar target:Aria",
			"/attack as:Bugbear weapon:multiattack target:Borin",
		},
	}
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
	// Attacks: every roll of the Attack action when it makes more than one (Extra Attack); the fields above are
	// then the first's, and Damage is what they all dealt.
	Attacks []attackStepJSON   `json:"attacks,omitempty"`
	Smite   *dnd5e.SmiteResult `json:"smite,omitempty"` // divine smite on the hit that got it
	// AllyAdjacent: an ally of the attacker stands next to the target on the grid (sneak attack qualifies).
	AllyAdjacent bool `json:"ally_adjacent,omitempty"`
}

func (b *Bot) attack(req *Request) (*Reply, error) {
	in := play.Attack{Character: req.Str("character"), Target: req.Str("target"), As: strings.TrimSpace(req.Str("as")),
		Dnd5e: readAttack5e(req), Rogue: readAttackRT(req), CoC: readAttackCoC(req)}
	if t := in.Rogue.In.Targets; len(t) > 0 { // Rogue's Tale: "target:Grak, Snik" is Grak and an extra target
		in.Target = splitList(req.Str("target"))[0]
	}
	res, err := b.cfg.Table.Attack(req.Ctx, req.caller(), in, req.Dice)
	if err != nil {
		return nil, err
	}
	if res.CoC != nil {
		return cocAttackReply(req, res.CoC), nil
	}
	if res.Rogue != nil {
		return rogueAttackReply(req, res.Rogue), nil
	}
	if res.NPC != nil {
		return npcAttackReply(req, res.NPC), nil // npc.go
	}
	return attackReply(req, res.Dnd5e), nil
}

// readAttack5e reads /attack's options as a D&D 5e attack.
func readAttack5e(req *Request) (r play.Reading[play.Attack5e]) {
	if r.Err = refuseOptions(req, system5e, append(slices.Clone(attackOnlyRogue), attackOnlyCoC...)); r.Err != nil {
		return r
	}
	weapon := req.Str("weapon")
	if strings.TrimSpace(req.Str("as")) != "" {
		weapon = monsterActionID(weapon) // an NPC's action, in any language (monster.go)
	}
	a := play.Attack5e{Weapon: strings.TrimSpace(weapon), Damage: normalizeDamageLabels(extraDamage(req.Str("damage"))),
		Bonus: strings.TrimSpace(req.Str("bonus")), Cover: dnd5e.Cover(req.Str("cover")), Nonlethal: req.Bool("nonlethal")}
	if req.Has("distance") { // else from the grid, or 5 ft (play/attackrange.go)
		d := req.Int("distance", 5)
		a.Distance = &d
	}
	if a.Mode, r.Err = dnd5e.ParseMode(req.Str("mode")); r.Err != nil {
		return r
	}
	if req.Has("range") { // an ad-hoc ranged weapon's normal/long range (play.Attack5e.Range)
		rng, err := dnd5e.ParseWeaponRange(req.Str("range"))
		if err != nil {
			r.Err = err
			return r
		}
		a.Range = &rng
	}
	if a.Weapon == "" && a.Damage == "" {
		r.Err = Errorf("play.attack.err.need_weapon")
		return r
	}
	if req.Has("ac") {
		ac := req.Int("ac", 0)
		a.AC = &ac
	}
	a.Sneak = sneakChoice(req.Str("sneak"))
	a.Smite, a.Single = req.Int("smite", 0), req.Bool("single")
	r.In = a
	return r
}

// attackReply renders an attack: who attacks whom with what, then each attack roll (the Attack action may make
// several) with the d20, the verdict, what changed the roll (conditions and effects), the damage by type with the
// target's defences and a divine smite, and what it all did to a tracked target.
func attackReply(req *Request, a *play.Attack5eResult) *Reply {
	res, tgt := a.Roll, a.Target
	var change *dnd5e.HPChange
	if tgt != nil {
		change = tgt.Change
	}
	who := userLabel(req)
	switch {
	case a.Attacker != nil:
		who = a.Attacker.Name
	case a.By != "":
		who = a.By // an NPC
	}
	weapon := res.Attack
	if a.By != "" && weapon != "" {
		weapon = req.T("monster.action." + weapon) // an NPC's action
	}
	out := attackResult{
		Attacker: who, Weapon: res.Attack, Total: res.Total, Natural: res.Natural, AC: res.AC,
		Critical: res.Crit, Detail: res, HPChange: change, Outcome: outcome5e(res), AllyAdjacent: a.AllyAdjacent,
	}
	// An NPC's AC is the GM's (HouseShowNPCStats): hit or miss, no AC, no chance that tells it; an AC the caller
	// gave is theirs to see.
	hideAC := tgt != nil && tgt.Vague && !req.Has("ac")
	first := stepJSON(play.AttackStep{Roll: res}, hideAC)
	out.AC, out.Detail, out.oddsJSON = first.Detail.AC, first.Detail, first.oddsJSON
	r := &Reply{Footer: who, Result: &out}
	var title string
	switch {
	case tgt != nil && res.Attack != "":
		title = req.T("play.attack.title_target_weapon", "Name", who, "Target", tgt.Name, "Weapon", weapon)
	case tgt != nil:
		title = req.T("play.attack.title_target", "Name", who, "Target", tgt.Name)
	case res.Attack != "":
		title = req.T("play.attack.title_weapon", "Name", who, "Weapon", weapon)
	default:
		title = req.T("play.attack.title", "Name", who)
	}
	if tgt != nil {
		out.Target = tgt.Name
	}
	r.Title = title
	var lines []string
	for i, st := range a.Steps {
		if len(a.Steps) > 1 {
			lines = append(lines, "**"+req.T("fx.attack_n", "N", i+1, "Of", len(a.Steps))+"**")
			out.Attacks = append(out.Attacks, stepJSON(st, hideAC))
		}
		more, tone := attackStepLines(req, a.Attacker, st, hideAC)
		lines = append(lines, more...)
		if i == 0 || tone == ToneCritical || (tone == ToneSuccess && r.Tone == ToneFailure) {
			r.Tone = tone
		}
		out.Damage += st.Damage
		if st.Smite != nil {
			out.Smite = st.Smite
		}
	}
	if tgt != nil && !tgt.Vague {
		st := hpStatusOf(tgt.Status)
		out.TargetStatus = &st
	}
	if tgt != nil && tgt.Vague {
		out.HPChange = nil // an NPC's hit points are the GM's
	}
	if tgt != nil && tgt.Fight {
		out.Concentration = concSaveOut(tgt.ConcSave)
		lines = append(lines, fightLines(req, tgt)...)
	} else if tgt != nil && change != nil {
		if change.TempAbsorbed > 0 {
			lines = append(lines, req.T("play.hp.temp_absorbed", "Amount", change.TempAbsorbed))
		}
		if change.NoEffect && change.StateBefore == dnd5e.Dead {
			lines = append(lines, req.T("play.hp.already_dead", "Name", tgt.Name))
		}
		lines = append(lines, req.P.Label(tgt.Name, hpChangeLine(req, change)))
		lines = append(lines, stateChangeLines(req, tgt.Name, change)...)
	}
	if tgt != nil {
		lines = append(lines, effectsEndedText(req, tgt.EffectsEnded)...)
	}
	if a.ShieldCan {
		r.Buttons = append(r.Buttons, Button{Label: req.T("fx.shield_button", "Name", tgt.Name), CustomID: "shield:" + tgt.Name, Style: ButtonPrimary})
	}
	if a.DodgeCan {
		r.Buttons = append(r.Buttons, Button{Label: req.T("fx.dodge_button", "Name", tgt.Name), CustomID: "dodge:" + tgt.Name, Style: ButtonPrimary})
	}
	r.Body = strings.Join(lines, "\n")
	r.Log = logAttack5e(a, out.Damage, out.Target)
	return r
}

// outcome5e is an attack's verdict in JSON: hit or miss; "" when the AC is unknown and the die is not a 1 or 20.
func outcome5e(res *dnd5e.AttackResult) string {
	switch {
	case res.Outcome == dnd5e.OutcomeMiss:
		return "miss"
	case res.Hit && (res.AC > 0 || res.Crit):
		return "hit"
	}
	return ""
}

// attackStepJSON is one attack roll of the Attack action in JSON (when it makes more than one).
type attackStepJSON struct {
	Total    int                 `json:"total"`
	Natural  int                 `json:"natural"`
	Outcome  string              `json:"outcome,omitempty"`
	Critical bool                `json:"critical"`
	oddsJSON                     // chance to hit, before the roll
	Damage   int                 `json:"damage"` // dealt by this attack, a smite included
	Smite    *dnd5e.SmiteResult  `json:"smite,omitempty"`
	Detail   *dnd5e.AttackResult `json:"detail"`
}

// hideAC leaves out the target's AC and the chance that tells it (an NPC's, HouseShowNPCStats).
func stepJSON(st play.AttackStep, hideAC bool) attackStepJSON {
	res := st.Roll
	j := attackStepJSON{Total: res.Total, Natural: res.Natural, Outcome: outcome5e(res), Critical: res.Crit,
		oddsJSON: oddsOut(res.Odds()), Damage: st.Damage, Smite: st.Smite, Detail: res}
	if hideAC {
		d := *res
		d.AC = 0
		j.Detail, j.oddsJSON = &d, oddsOut(nil)
	}
	return j
}

// attackStepLines words one attack roll of c (nil: an ad-hoc roll) and its damage; tone is its verdict's. hideAC
// leaves out the target's AC and the chance that tells it: hit or miss only.
func attackStepLines(req *Request, c *dnd5e.Character, st play.AttackStep, hideAC bool) ([]string, Tone) {
	res := st.Roll
	odds := res.Odds()
	if hideAC {
		odds = nil
	}
	line := rollText(req, res.Roll)
	if res.AC > 0 && !hideAC {
		line += " " + req.T("play.attack.vs_ac", "AC", res.AC)
	}
	lines := []string{line}
	if res.Cover != dnd5e.CoverNone {
		lines = append(lines, "• "+req.T("play.attack.cover", "Cover", req.T(res.Cover.Key()), "Bonus", res.Cover.Bonus()))
	}
	if res.Nonlethal {
		lines = append(lines, "• "+req.T("play.attack.nonlethal"))
	}
	if m := modeLine(req, res.Mode); m != "" {
		lines = append(lines, m)
	}
	lines = append(lines, effectLines(req, res.Effects, res.Cancelled)...)
	onRoll, onHit := splitApplied(res.Applied)
	lines = append(lines, appliedLines(req, onRoll)...)
	lines = append(lines, appliedLines(req, res.TargetApplied)...)
	lines = appendLine(lines, oddsLine(req, "stats.odds.hit", odds))
	tone := ToneNeutral
	switch outcome := outcome5e(res); {
	case res.Duplicate:
		lines = append(lines, req.T("fx.duplicate_hit", "Outcome", req.T(res.Outcome.Key())))
	case res.Fumble:
		lines = append(lines, req.T("play.attack.fumble"))
		tone = ToneFailure
	case res.AutoCrit:
		lines = append(lines, req.T("play.attack.auto_crit"))
		tone = ToneCritical
	case res.Crit:
		lines = append(lines, req.T("play.attack.crit"))
		tone = ToneCritical
	case outcome == "hit":
		lines = append(lines, "**"+req.T(dnd5e.OutcomeHit.Key())+"**")
		tone = ToneSuccess
	case outcome == "miss":
		lines = append(lines, "**"+req.T(dnd5e.OutcomeMiss.Key())+"**")
		tone = ToneFailure
	default:
		lines = append(lines, req.T("play.attack.unknown_ac"))
	}
	if d := res.Damage; d != nil {
		lines = append(lines, req.T("play.attack.damage_roll", "Roll", rollText(req, d.Roll)))
		if d.Crit && d.CritRule == dnd5e.CritMax {
			lines = append(lines, req.T("play.attack.crit_max"))
		}
		lines = append(lines, effectLines(req, d.Effects, false)...)
		lines = append(lines, appliedLines(req, onHit)...)
		lines = append(lines, req.T("play.attack.damage_total", "Total", d.Total, "Parts", damagePartsText(req, d.Parts)))
	}
	if sm := st.Smite; sm != nil {
		lines = append(lines, req.T("fx.smite", "Slot", sm.Slot, "Roll", rollText(req, sm.Damage.Roll)))
		lines = append(lines, req.T("play.attack.damage_total", "Total", sm.Damage.Total, "Parts", damagePartsText(req, sm.Damage.Parts)))
		lines = append(lines, req.T("cast.slots_left", "Slot", sm.Slot, "Left", sm.SlotsLeft, "Max", c.SpellSlots[sm.Slot-1].Max))
	}
	return lines, tone
}

// coverChoices are /attack cover:'s choices (dnd5e.Cover).
var coverChoices = []string{string(dnd5e.CoverHalf), string(dnd5e.CoverThreeQuarters), string(dnd5e.CoverTotal)}

// sneakChoices are /attack sneak:'s choices.
var sneakChoices = []string{"auto", "yes", "no"}

// sneakChoice reads sneak: (auto when absent).
func sneakChoice(s string) dnd5e.SneakChoice {
	switch s {
	case "yes":
		return dnd5e.SneakForce
	case "no":
		return dnd5e.SneakOff
	}
	return dnd5e.SneakAuto
}

// Options of the shared commands that only one system reads.
var (
	attackOnlyRogue = []string{"kind", "hand", "talent", "defences"}
	attackOnly5e    = []string{"ac", "mode", "cover", "nonlethal"}
	checkOnly5e     = []string{"mode"}
)

// rogueAttackOptions are the /attack options Rogue's Tale adds (the command keeps weapon, target, bonus,
// damage, distance and character, which both systems read).
func (b *Bot) rogueAttackOptions() []*Option {
	return []*Option{
		{Name: "kind", Type: String, Choices: []string{string(rogue.Melee), string(rogue.Ranged), string(rogue.Thrown)}},
		{Name: "hand", Type: String, Choices: []string{string(rogue.MainHand), string(rogue.OffHand), string(rogue.TwoHands)}},
		{Name: "talent", Type: String, MaxLen: 64, Complete: b.completeRogueTalent},
		{Name: "defences", Type: String, MaxLen: 100}, // an untracked defender's "dodge 3, block 2, parry 1" (optfold.go)
	}
}

// extraDamage reads damage: as typed, a leading + allowed ("damage:+3d6", as other bots write extra damage).
func extraDamage(s string) string {
	return strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), "+"))
}
