package bot

import (
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// The GM acts for NPCs (issue 12): as: names an NPC of the channel's 5e encounter on /attack (with weapon:, the
// monster's action or multiattack, autocompleted from its stat block), /save, /check and /cast; /hp target: changes
// an NPC's hit points; /hp revive and /hp set are the GM's word on life and death.

// asOption is the `as:` option: the NPC that acts (its name in the channel's encounter).
func (b *Bot) asOption() *Option {
	return &Option{Name: "as", Type: String, MaxLen: encounter.MaxNameLen, Complete: b.completeNPC}
}

// completeNPC suggests the channel's NPCs whose name contains what was typed.
func (b *Bot) completeNPC(req *Request) []Choice {
	e := b.completeEncounter(req)
	if e == nil {
		return nil
	}
	var out []Choice
	for _, c := range e.Search(req.Str(req.Focused), encounter.MaxCombatants) {
		if c.Kind == encounter.KindNPC && len(out) < 25 {
			out = append(out, Choice{Name: c.Name, Value: c.Name})
		}
	}
	return out
}

// completeMonsterAction suggests the attacks of the as: NPC's stat block (and its multiattack options), with their
// numbers, named in the reply language; typed names match in any language.
func (b *Bot) completeMonsterAction(req *Request) []Choice {
	e := b.completeEncounter(req)
	if e == nil {
		return nil
	}
	c, err := e.Find(req.Str("as"))
	if err != nil {
		return nil
	}
	m := play.NPCStatsOf(c).Stat()
	if m == nil {
		return nil
	}
	var entries []Choice
	if n := m.MultiattackOptions(); n > 0 {
		multi := req.T("monster.action.multiattack")
		entries = append(entries, Choice{Name: multi, Value: "multiattack"})
		for i := 2; i <= n; i++ {
			entries = append(entries, Choice{Name: multi + " " + strconv.Itoa(i), Value: "multiattack " + strconv.Itoa(i)})
		}
	}
	for _, a := range m.Attacks() {
		inner := signedNum(a.ToHit)
		if d := a.HitDamage(""); d != "" {
			inner += ", " + localizeDamageLabels(req, d)
		}
		entries = append(entries, Choice{Name: req.P.Paren(req.T(a.Key()), inner), Value: a.ID})
	}
	typed := strings.TrimSpace(req.Str(req.Focused))
	if typed == "" {
		return entries[:min(len(entries), 25)]
	}
	var out []Choice
	match := map[string]bool{}
	for _, id := range names().Search(kindMonsterAction, monsterActionID(typed)) {
		match[id] = true
	}
	for _, ch := range entries {
		id, _, _ := strings.Cut(ch.Value, " ")
		if match[id] || strings.Contains(strings.ToLower(ch.Name), strings.ToLower(typed)) {
			out = append(out, ch)
		}
	}
	return out[:min(len(out), 25)]
}

// npcRollResult is the JSON of an NPC's /save or /check: the roll's, with the monster.
type npcRollResult struct {
	rollResult
	Monster string `json:"monster,omitempty"`
}

func (b *Bot) saveAs(req *Request, a dnd5e.Ability, o dnd5e.RollOptions) (*Reply, error) {
	res, err := b.cfg.Table.SaveAs(req.Ctx, req.caller(), req.Str("as"), a, o, req.Dice)
	if err != nil {
		return nil, err
	}
	return npcRollReply(req, res, req.T("play.save.title", "Name", res.Name, "Ability", req.T(a.Key()))), nil
}

func (b *Bot) checkAs(req *Request) (*Reply, error) {
	k := readCheck5e(req)
	if k.Err != nil {
		return nil, k.Err
	}
	res, err := b.cfg.Table.CheckAs(req.Ctx, req.caller(), req.Str("as"), k.In, req.Dice)
	if err != nil {
		return nil, err
	}
	title := req.T("play.check.ability_title", "Name", res.Name, "Ability", req.T(k.In.Ability.Key()))
	if s := k.In.Skill; s != "" {
		title = req.T("play.check.skill_title", "Name", res.Name, "Skill", req.T(s.Key()), "Ability", req.T(s.Ability().Key()))
	}
	return npcRollReply(req, res, title), nil
}

func npcRollReply(req *Request, res *play.NPCRoll, title string) *Reply {
	r := rollReply5e(req, res.Name, title, res.Roll)
	if rr, ok := r.Result.(rollResult); ok {
		r.Result = npcRollResult{rollResult: rr, Monster: res.Monster}
	}
	return r
}

// npcAttackResult is the JSON of an NPC's /attack: each attack's, in order.
type npcAttackResult struct {
	Attacker     string          `json:"attacker"`
	Monster      string          `json:"monster,omitempty"`
	Action       string          `json:"action,omitempty"`
	Option       int             `json:"option,omitempty"` // the Multiattack option rolled
	Attacks      []*attackResult `json:"attacks"`
	Skipped      []string        `json:"skipped,omitempty"` // steps with no attack roll
	Stopped      bool            `json:"stopped,omitempty"` // the target died before the last attack
	Damage       int             `json:"damage"`            // the whole damage dealt
	TargetStatus *hpStatus       `json:"target_status,omitempty"`
}

// npcAttackReply words an NPC's attack: one attack as /attack does; a multiattack as each attack in turn.
func npcAttackReply(req *Request, n *play.NPCAttack) *Reply {
	if len(n.Attacks) == 1 && n.Option == 0 {
		r := attackReply(req, n.Attacks[0])
		if ar, ok := r.Result.(*attackResult); ok {
			r.Result = &npcAttackResult{Attacker: n.Name, Monster: n.Monster, Action: n.Action, Attacks: []*attackResult{ar},
				Damage: ar.Damage, TargetStatus: ar.TargetStatus}
		}
		return r
	}
	out := &npcAttackResult{Attacker: n.Name, Monster: n.Monster, Action: n.Action, Option: n.Option, Skipped: n.Skipped, Stopped: n.Stopped}
	var lines []string
	var buttons []Button // the last attack's: a shield or an uncanny dodge in reaction to it
	tone := ToneFailure
	for _, a := range n.Attacks {
		one := attackReply(req, a)
		buttons = one.Buttons
		ar, _ := one.Result.(*attackResult)
		out.Attacks = append(out.Attacks, ar)
		if ar != nil {
			out.Damage += ar.Damage
		}
		if one.Tone == ToneCritical || (one.Tone == ToneSuccess && tone != ToneCritical) {
			tone = one.Tone
		}
		lines = append(lines, "__"+one.Title+"__", one.Body)
	}
	for _, id := range n.Skipped {
		lines = append(lines, req.T("gm.attack.not_rolled", "Action", req.T("monster.action."+id)))
	}
	if n.Stopped {
		lines = append(lines, req.T("gm.attack.stopped"))
	}
	title := req.T("gm.attack.multi_title", "Name", n.Name)
	if n.Target != nil {
		title = req.T("gm.attack.multi_title_target", "Name", n.Name, "Target", n.Target.Name)
		st := hpStatusOf(n.Target.Status)
		out.TargetStatus = &st
	}
	return &Reply{Title: title, Body: strings.Join(lines, "\n"), Footer: n.Name, Tone: tone, Buttons: buttons, Result: out}
}

// npcHPResult is the JSON of /hp on an NPC.
type npcHPResult struct {
	hpStatus
	Name          string          `json:"name"`
	Amount        int             `json:"amount"`
	Applied       int             `json:"applied"`
	Detail        *dnd5e.HPChange `json:"detail"`
	Concentration *concSaveJSON   `json:"concentration,omitempty"`
}

// npcHPReply words /hp on an NPC: what its defences made of the damage, its HP before and after (the caller runs
// the encounter or owns the NPC) and its concentration.
func npcHPReply(req *Request, kind play.HPKind, n *play.HPNPC) *Reply {
	ch := n.Change
	var lines []string
	if d := ch.Defence; d != nil && kind == play.HPDamage {
		lines = append(lines, req.T("play.hp.damage_line", "Amount", damagePartsText(req, []dnd5e.DamagePart{*d}), "Final", d.Final))
		if ch.TempAbsorbed > 0 {
			lines = append(lines, req.T("play.hp.temp_absorbed", "Amount", ch.TempAbsorbed))
		}
	}
	lines = append(lines, n.Name+": "+hpChangeLine(req, ch))
	lines = append(lines, stateChangeLines(req, n.Name, ch)...)
	title := map[play.HPKind]string{play.HPDamage: "play.hp.damage_title", play.HPHeal: "play.hp.heal_title",
		play.HPTemp: "play.hp.temp_title", play.HPMax: "play.hp.max_title"}[kind]
	out := npcHPResult{hpStatus: hpStatus{HP: ch.HPAfter, HPMax: ch.MaxAfter, HPTemp: ch.TempAfter, State: string(ch.StateAfter)},
		Name: n.Name, Amount: req.Int("amount", 0), Applied: ch.Applied, Detail: ch}
	if n.Hit != nil {
		lines = append(lines, concText(req, n.Hit)...)
		out.Concentration = concSaveOut(n.Hit.ConcSave)
	}
	r := &Reply{Title: req.T(title, "Name", n.Name), Body: strings.Join(lines, "\n"), Footer: n.Name, Result: out}
	switch {
	case ch.StateAfter == dnd5e.Dead && ch.StateBefore != dnd5e.Dead:
		r.Tone = ToneCritical
	case ch.HPAfter > ch.HPBefore:
		r.Tone = ToneSuccess
	}
	return r
}

// revivedResult is the JSON of /hp revive and /hp set.
type revivedResult struct {
	hpStatus
	Name   string          `json:"name"`
	NPC    bool            `json:"npc,omitempty"`
	Detail *dnd5e.HPChange `json:"detail"`
}

func (b *Bot) hpRevive(req *Request) (*Reply, error) {
	res, err := b.cfg.Table.Revive(req.Ctx, req.caller(), req.Str("character"), req.Int("hp", 0))
	if err != nil {
		return nil, err
	}
	return revivedReply(req, res, req.T("gm.revive.title", "Name", res.Name), req.T("gm.revived", "Name", res.Name)), nil
}

func (b *Bot) hpSet(req *Request) (*Reply, error) {
	res, err := b.cfg.Table.SetHP(req.Ctx, req.caller(), req.Str("character"), req.Int("amount", 0))
	if err != nil {
		return nil, err
	}
	first := ""
	if res.Change.StateBefore == dnd5e.Dead && res.Change.StateAfter != dnd5e.Dead {
		first = req.T("gm.revived", "Name", res.Name)
	}
	return revivedReply(req, res, req.T("gm.hp_set.title", "Name", res.Name), first), nil
}

// revivedReply words a GM's HP ruling: the change, the state it leaves.
func revivedReply(req *Request, res *play.Revived, title, first string) *Reply {
	var lines []string
	if first != "" {
		lines = append(lines, first)
	}
	lines = append(lines, res.Name+": "+hpChangeLine(req, res.Change))
	lines = append(lines, stateChangeLines(req, res.Name, res.Change)...)
	r := &Reply{Title: title, Body: strings.Join(lines, "\n"), Footer: res.Name, Tone: ToneSuccess,
		Result: revivedResult{hpStatus: hpStatusOf(res.Status), Name: res.Name, NPC: res.NPC, Detail: res.Change}}
	if res.Status.State == dnd5e.Dead || res.Status.State == dnd5e.Dying {
		r.Tone = ToneFailure
	}
	return r
}

// readMonsterAdd reads /init add's monster:, hp: and group: into in; the NPCs' name is the monster's in the reply
// language unless name: gives one.
func readMonsterAdd(req *Request, in *play.InitAdd) error {
	if req.Has("monster") {
		m, err := parseMonster(req.Str("monster"))
		if err != nil {
			return err
		}
		in.Monster = m.ID
		if in.NPC.Name == "" {
			in.NPC.Name = req.T(m.Key())
		}
	}
	if in.NPC.Name == "" {
		return Errorf("npc.err.name_needed")
	}
	hp := strings.TrimSpace(req.Str("hp"))
	if n, err := strconv.Atoi(hp); err == nil {
		switch { // as an Integer option's bounds would say
		case n < 1:
			return Errorf("core.err.too_small", "Name", "hp", "Min", 1)
		case n > encounter.MaxHP:
			return Errorf("core.err.too_large", "Name", "hp", "Max", encounter.MaxHP)
		}
		in.NPC.HP, hp = n, ""
	}
	if hp == "" && in.NPC.HP == 0 && in.Monster == "" {
		return Errorf("npc.err.hp_needed")
	}
	in.HP = hp
	if req.Has("group") {
		g := req.Bool("group")
		in.Group = &g
	}
	return nil
}

// hpRollLines show the hit points each new NPC rolled (none for a number or the average).
func hpRollLines(req *Request, added *play.NPCsAdded) []string {
	var lines []string
	for i, roll := range added.HPRolls {
		if i < len(added.Arrivals) {
			lines = append(lines, req.T("gm.init.hp_roll", "Name", added.Arrivals[i].Combatant.Name, "Roll", rollText(req, roll)))
		}
	}
	return lines
}

// parseImmunities reads /init add's immune: list: damage types and conditions, in any language
// ("poison, poisoned", "毒素、中毒").
func parseImmunities(s string) ([]dnd5e.DamageType, []dnd5e.Condition, error) {
	var types []dnd5e.DamageType
	var conds []dnd5e.Condition
	for _, p := range splitList(s) {
		if d, err := parseDamageType(p); err == nil {
			types = append(types, d)
			continue
		}
		c, err := parseCondition(p)
		if err != nil {
			return nil, nil, rulesError(dnd5e.ErrUnknownDamageType, "Type", p)
		}
		conds = append(conds, c)
	}
	return types, conds, nil
}

// reviveTo is a GM's /sheet set field:hp on a dead character: it comes back with that many hit points.
func reviveTo(c *dnd5e.Character, value string) error {
	n, err := strconv.Atoi(strings.TrimSpace(value))
	if err != nil || n < 1 || n > c.EffectiveMaxHP() {
		return Errorf("play.err.bad_set_hp", "Value", value, "Max", c.EffectiveMaxHP())
	}
	_, err = c.Revive(n)
	return err
}
