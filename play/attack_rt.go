package play

import (
	"rulekeeper/rules/rogue"
)

// AttackRTResult is a Rogue's Tale attack.
type AttackRTResult struct {
	Attacker   *rogue.Character
	Defender   *rogue.Character // the tracked target, or the stand-in for given defences
	Target     string           // the tracked target's name; "" for a stand-in
	WeaponName string
	Roll       *rogue.AttackResult
}

type rulesRogue struct{}

// attack is a Rogue's Tale attack: by a character of the caller's, or an NPC of the channel's Rogue's Tale
// encounter for a caller who runs it, at a tracked target or a stand-in with the given defences.
func (rulesRogue) attack(s *scene, in *Attack) (*AttackResult, error) {
	if in.Rogue.Err != nil {
		return nil, in.Rogue.Err
	}
	a := in.Rogue.In
	rules, err := s.rogueRules()
	if err != nil {
		return nil, err
	}
	o := rogue.AttackOptions{Kind: a.Kind, Hand: a.Hand, Weapon: a.Weapon, Talent: a.Talent, Bonus: a.Bonus, Rules: rules}
	att, err := s.rogueNPCActor(in.Character)
	if err != nil {
		return nil, err
	}
	if att == nil {
		if att, err = s.rogueActor(in.Character); err != nil {
			return nil, err
		}
	}
	c := att.rt
	if a.Weapon.Damage == "" && o.Talent != rogue.ShieldBash && c.Form == rogue.FormNone {
		return nil, fail("rt.attack.err.need_damage")
	}
	out := &AttackRTResult{Attacker: c, WeaponName: a.WeaponName}
	var tgt *Creature
	if in.Target != "" {
		if tgt, err = s.targetRogue(in.Target); err != nil {
			return nil, err
		}
		if err := s.mayHarm(att, tgt); err != nil {
			return nil, err
		}
		out.Defender, out.Target = tgt.rt, tgt.Name()
	} else {
		o.Rules.NoCritEffect = true // a stand-in has no stamina to test
		if out.Defender, err = adHocDefender(a, c); err != nil {
			return nil, err
		}
	}
	if err := s.rtPlaceAttack(&o, a, att, tgt); err != nil {
		return nil, err
	}
	if out.Roll, err = rogue.Attack(c, out.Defender, o, s.r); err != nil {
		return nil, err
	}
	att.dirty = true
	if tgt != nil {
		tgt.dirty = true
	}
	return &AttackResult{System: SystemRogue, Rogue: out}, nil
}

// rtPlaceAttack fills in where the attack happens: the offset to the target for the range modifier (range:, else
// the grid when both are placed, A18), the squares of attacker and target, and the extra targets of a talent.
func (s *scene) rtPlaceAttack(o *rogue.AttackOptions, a AttackRT, att, tgt *Creature) error {
	if dx, dy, ok, err := s.rtAim(a.Range, att, tgt); err != nil {
		return err
	} else if ok {
		o.DX, o.DY = dx, dy
	}
	if len(a.Targets) == 0 {
		return nil
	}
	var err error
	if o.From, err = s.rtSquare(att); err != nil {
		return err
	}
	if o.To, err = s.rtSquare(tgt); err != nil {
		return err
	}
	o.Targets, err = s.rtExtraTargets(att, a.Targets)
	return err
}

// rogueActor is the acting Rogue's Tale character: the named one or the caller's active one, owned by the caller
// unless the caller is a GM.
func (s *scene) rogueActor(name string) (*Creature, error) {
	ch, err := s.editable(name)
	if err != nil {
		return nil, err
	}
	return s.rogueCharacter(ch)
}

// adHocDefender is a stand-in for a defender given only by its defences (dodge:, block:, parry:): a monster of the
// attacker's size and level (no crit shift) with exactly those defences and HP to spare.
func adHocDefender(a AttackRT, att *rogue.Character) (*rogue.Character, error) {
	deref := func(p *int) int {
		if p == nil {
			return 0
		}
		return *p
	}
	dodge, block, parry := deref(a.Dodge), deref(a.Block), deref(a.Parry)
	o := rogue.NewOptions{Size: att.Size, Monster: true}
	o.Equip.MaxDodge = rogue.Cap(dodge)
	if a.Block != nil {
		o.Equip.Shield = &rogue.Shield{MinBlock: block, MaxBlock: block}
	}
	if a.Parry != nil {
		o.Equip.MaxParry = rogue.Cap(parry)
		o.Talents = []rogue.Talent{rogue.DualWield} // parry = the full AGI bonus, capped at the given value
	}
	base := rogue.Attributes{Str: 7, Agi: 7 + max(dodge, parry), Sta: 7, Cha: 7}
	d, err := rogue.New(a.AdHocName, rogue.Human, rogue.Male, att.Level, base, o)
	if err != nil {
		return nil, err
	}
	if err := d.Update(func(cp *rogue.Character) { cp.BonusHP = rogue.MaxHPLimit - cp.HPFormula() }); err != nil {
		return nil, err
	}
	d.HP = d.MaxHP
	return d, nil
}
