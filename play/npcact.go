package play

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"rulekeeper/rules/coded"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// The GM acts for NPCs (issue 12): /attack as:"Goblin 1" action:scimitar target:Aria rolls the monster's action
// (action:multiattack rolls each attack of its Multiattack, "multiattack 2" its second option; steps without an
// attack roll are listed, not rolled), or an ad-hoc attack (bonus:, damage:) for a hand-made NPC; /save and /check
// as: roll the NPC's own modifiers; /hp target: changes an NPC's hit points. The NPC's conditions change its rolls,
// and the target's defences (a monster's resistances, immunities and vulnerabilities) its damage.

// NPCAttack is what an NPC's attack, or multiattack, did.
type NPCAttack struct {
	Name    string            // the NPC
	Monster string            // its SRD monster ("" for a hand-made NPC)
	Action  string            // the action's id; "multiattack" for a multiattack; "" for an ad-hoc attack
	Option  int               // the Multiattack option rolled (from 1)
	Attacks []*Attack5eResult // each attack, in order
	Skipped []string          // multiattack steps with no attack roll (frightful presence), not rolled
	Stopped bool              // the target died before every attack was made
	Target  *Hit              // the target after them all (nil without a tracked target)
}

// npcAttack5e makes the attack of the NPC named by in.As (Attack5e.Weapon names the action).
func (s *scene) npcAttack5e(in *Attack) (*AttackResult, error) {
	if in.Dnd5e.Err != nil {
		return nil, in.Dnd5e.Err
	}
	cr, err := s.npcActor(in.As)
	if err != nil {
		return nil, err
	}
	if cr.incapacitated5e() {
		return nil, fail("play.attack.err.incapacitated", "Name", cr.Name())
	}
	var tgt *Creature
	if in.Target != "" {
		if tgt, err = s.target5e(in.Target); err != nil {
			return nil, err
		}
		if tgt == nil {
			return nil, fail("play.attack.err.no_target", "Name", in.Target)
		}
		if err := s.mayHarm(cr, tgt); err != nil { // another's character: a GM, or both in this encounter (authz.go)
			return nil, err
		}
	}
	out := &NPCAttack{Name: cr.Name()}
	actions, err := s.npcAttackActions(cr, in.Dnd5e.In, out)
	if err != nil {
		return nil, err
	}
	if err := s.npcAttacks(cr, tgt, in.Dnd5e.In, actions, out); err != nil {
		return nil, err
	}
	if len(out.Attacks) == 0 {
		return nil, fail("npc.err.no_attack_rolled", "Name", cr.Name())
	}
	if tgt != nil {
		out.Target = s.hit(tgt, nil)
	}
	return &AttackResult{System: System5e, Dnd5e: out.Attacks[0], NPC: out}, nil
}

// npcAttackActions are the stat-block actions an NPC's attack makes (one nil for an ad-hoc attack), with out's
// monster, action and multiattack option filled in.
func (s *scene) npcAttackActions(cr *Creature, a Attack5e, out *NPCAttack) ([]*dnd5e.MonsterAction, error) {
	m := cr.monster()
	if m != nil {
		out.Monster = m.ID
	}
	switch {
	case a.Weapon != "" && m == nil:
		return nil, fail("npc.err.no_actions", "Name", cr.Name())
	case a.Weapon != "":
		actions, opt, err := npcActions(m, a.Weapon, s.r)
		if err != nil {
			return nil, named(err, cr.Name())
		}
		out.Option, out.Action = opt, actions[0].ID
		if opt > 0 {
			out.Action = "multiattack"
		}
		return actions, nil
	case a.Damage == "":
		return nil, fail("play.attack.err.need_weapon")
	}
	if _, err := dice.Parse(a.Damage); err != nil {
		return nil, err
	}
	return []*dnd5e.MonsterAction{nil}, nil
}

// npcAttacks rolls each attack in turn against the target (none: against a.AC or no AC), each hit's damage landing
// before the next attack; steps with no attack roll are listed, and the attacks stop when the target is dead.
func (s *scene) npcAttacks(cr, tgt *Creature, a Attack5e, actions []*dnd5e.MonsterAction, out *NPCAttack) error {
	g, err := s.settings()
	if err != nil {
		return err
	}
	o := dnd5e.AttackOptions{Mode: a.Mode, Distance: distance5e(a.Distance, cr, tgt), CritRule: dnd5e.CritRule(g.CritRule),
		Bonus: a.Bonus, ExtraDamage: a.Damage, Cover: a.Cover, Nonlethal: a.Nonlethal}
	e, err := s.here()
	if err != nil {
		return err
	}
	if o.Threatened, err = s.threatened(e, cr); err != nil {
		return err
	}
	for _, act := range actions {
		if act != nil && act.Attack == "" {
			out.Skipped = append(out.Skipped, act.ID)
			continue
		}
		if tgt != nil && tgt.dead5e() {
			out.Stopped = true
			break
		}
		t := dnd5e.Target{}
		if tgt != nil {
			t = tgt.target5e()
		}
		if a.AC != nil {
			t.AC = *a.AC
		}
		var res *dnd5e.AttackResult
		if act == nil { // ad hoc: bonus is the to-hit modifier, damage the damage
			toHit, extra := adHocToHit(a.Bonus)
			ao := o
			ao.Bonus, ao.ExtraDamage = extra, ""
			res, err = dnd5e.RollAttack(cr.target5e(), t, toHit, a.Damage, s.r, ao)
		} else {
			res, err = cr.monster().Attack(act.ID, "", cr.target5e(), t, s.r, o)
		}
		if err != nil {
			return err
		}
		if _, err := cr.spendEffects(s, res.Applied, ""); err != nil { // effects.go
			return err
		}
		one, err := s.npcHit(cr, tgt, res)
		if err != nil {
			return err
		}
		out.Attacks = append(out.Attacks, one)
	}
	return nil
}

// npcHit is one attack of an NPC: its damage lands on the target (attack5e.go's landHit: its effects spent, its
// concentration save, the hit remembered for a shield or an uncanny dodge in reaction, which the reply offers).
func (s *scene) npcHit(cr, tgt *Creature, res *dnd5e.AttackResult) (*Attack5eResult, error) {
	st := AttackStep{Roll: res}
	if res.Damage != nil {
		st.Damage = res.Damage.Total
	}
	one := &Attack5eResult{By: cr.Name(), Roll: res}
	if tgt != nil {
		if err := s.landHit(tgt, &st, ""); err != nil {
			return nil, err
		}
		one.Target = s.hit(tgt, st.Change)
		one.Target.Fight = true
		one.ShieldCan, one.DodgeCan = shieldWouldMiss(tgt, res), dodgeWouldHelp(tgt, st)
		tgt.concSave, tgt.concEnded, tgt.released = nil, "", nil // each hit reports its own
	}
	one.Steps = []AttackStep{st}
	return one, nil
}

// named puts the NPC's name in place of its monster's id in a monster error ("Goblin 1 has no Multiattack").
func named(err error, name string) error {
	var ce *coded.Error
	if errors.As(err, &ce) && ce.Args != nil {
		if _, ok := ce.Args["Monster"]; ok {
			ce.Args["Monster"] = name
		}
	}
	return err
}

// npcActions are the actions an NPC's action name makes: one attack, or its Multiattack's steps ("multiattack" is
// option 1, "multiattack 2" the second); option is the Multiattack option from 1 (0 for a single action).
func npcActions(m *dnd5e.Monster, name string, r dice.Roller) ([]*dnd5e.MonsterAction, int, error) {
	id := strings.ToLower(strings.TrimSpace(name))
	if rest, ok := strings.CutPrefix(id, "multiattack"); ok {
		opt := 1
		if rest = strings.TrimSpace(rest); rest != "" {
			n, err := strconv.Atoi(rest)
			if err != nil {
				return nil, 0, &dnd5e.Error{Code: dnd5e.ErrUnknownAction, Args: map[string]any{"Monster": m.ID, "Action": name}}
			}
			opt = n
		}
		acts, err := m.Multiattack(opt-1, r)
		return acts, opt, err
	}
	act, err := m.Action(id)
	if err != nil {
		return nil, 0, err
	}
	if act.Attack == "" {
		return nil, 0, &dnd5e.Error{Code: dnd5e.ErrNotAnAttack, Args: map[string]any{"Monster": m.ID, "Action": act.ID}}
	}
	return []*dnd5e.MonsterAction{act}, 0, nil
}

// SaveAs rolls a saving throw for the NPC named by as (one the caller may act for).
func (t *Table) SaveAs(ctx context.Context, c Caller, as string, a dnd5e.Ability, o dnd5e.RollOptions, r dice.Roller) (*NPCRoll, error) {
	var out *NPCRoll
	err := t.view(ctx, c, r, func(s *scene) error {
		cr, err := s.npcActor(as)
		if err != nil {
			return err
		}
		res, err := cr.npcSave(a, s.r, o)
		if err != nil {
			return err
		}
		out = &NPCRoll{Name: cr.Name(), Monster: cr.stats5e().Monster, Roll: res}
		return nil
	})
	return out, err
}

// CheckAs rolls an ability check (a skill, or an ability alone) for the NPC named by as.
func (t *Table) CheckAs(ctx context.Context, c Caller, as string, k Check5e, r dice.Roller) (*NPCRoll, error) {
	var out *NPCRoll
	err := t.view(ctx, c, r, func(s *scene) error {
		cr, err := s.npcActor(as)
		if err != nil {
			return err
		}
		res, err := cr.npcCheck(k, s.r)
		if err != nil {
			return err
		}
		out = &NPCRoll{Name: cr.Name(), Monster: cr.stats5e().Monster, Roll: res}
		return nil
	})
	return out, err
}

// HPNPC is what /hp did to an NPC of the channel's encounter.
type HPNPC struct {
	Name   string
	Change *dnd5e.HPChange
	Hit    *Hit // what followed for its concentration (damage)
}

// hpNPC changes the hit points of the NPC named by in.Target (those who may act for it): damage by its type
// through its defences (its monster's count as nonmagical), healing, temporary hit points or a new maximum. ok is
// false when the name is no NPC of the channel's 5e encounter (it is then a character's).
func (s *scene) hpNPC(in *HP) (*HPResult, bool, error) {
	e, err := s.here()
	if err != nil || e == nil {
		return nil, false, err
	}
	comb, err := e.Find(strings.TrimSpace(in.Target))
	if err != nil || comb.Kind != encounter.KindNPC {
		return nil, false, nil
	}
	if e.System != encounter.DnD5e {
		return nil, true, fail("npc.err.not_5e")
	}
	if err := s.mayAct(e, comb); err != nil {
		return nil, true, err
	}
	cr := s.npc(e, s.c.ChannelID, comb)
	out := &HPNPC{Name: cr.Name()}
	amount := min(in.Amount, dnd5e.MaxHPLimit)
	switch in.Kind {
	case HPDamage:
		if in.Dnd5e.Err != nil {
			return nil, true, in.Dnd5e.Err
		}
		p := dnd5e.DamagePart{Raw: amount, Final: amount}
		if in.Dnd5e.In != "" {
			p = dnd5e.ResolveDamage(amount, in.Dnd5e.In, cr.target5e())
		}
		if out.Change, err = cr.damage5e(s, p.Final, in.Crit); err != nil {
			return nil, true, err
		}
		out.Change.Amount, out.Change.Type, out.Change.Defence = amount, in.Dnd5e.In, &p
		if err := s.settle(cr); err != nil {
			return nil, true, err
		}
		out.Hit = s.hit(cr, out.Change)
	case HPHeal:
		out.Change, err = cr.heal5e(s, amount, dnd5e.HealHP)
	case HPTemp:
		out.Change, err = cr.heal5e(s, amount, dnd5e.HealTempHP)
	case HPMax:
		m := min(max(1, amount), encounter.MaxHP)
		ch, herr := cr.enc.SetHP(comb.ID, min(comb.HP, m), m)
		if herr == nil {
			s.changed(cr.channel)
			out.Change = npcChange(ch)
		}
		err = herr
	}
	if err != nil {
		return nil, true, err
	}
	return &HPResult{System: System5e, NPC: out}, true, nil
}
