package play

import (
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// The rolls of a 5e /attack (issue 13). Decisions:
//   - An attack with a sheet weapon is the Attack action: as many rolls as the character's attacks per action
//     (Extra Attack, haste), each against the target as it stands after the ones before; single: makes one.
//   - Once-per-turn damage (sneak attack, divine strike) counts the encounter's turn (round and whose turn it is);
//     outside an encounter the command is one turn, so it goes to the first hit only, and nothing is kept.
//   - Sneak attack is added when the attack qualifies (advantage, or an ally within 5 ft of the target on the grid
//     and no disadvantage) unless the player says otherwise (dnd5e.SneakChoice).
//   - Divine smite (a slot level) goes on the first melee weapon hit of the command; the slot is spent only then.
//     Its damage joins the hit's: one source of damage for the target's concentration.
//   - Uses an attack spent (bardic inspiration, a duplicate of mirror image, guiding bolt's advantage) are spent
//     on the creature that had them.

// commandTurn is the turn key of a command outside an encounter: used for its own attacks, then forgotten.
const commandTurn = "command"

// attackSteps rolls the command's attacks against tgt (nil: an untracked target) and applies each hit.
func (s *scene) attackSteps(attacker, tgt *Creature, a Attack5e, o dnd5e.AttackOptions, out *Attack5eResult) error {
	var c *dnd5e.Character
	if attacker != nil {
		c = attacker.d5
	}
	n := 1
	if a.Weapon != "" && !a.Single {
		n, _ = c.AttacksPerAction()
	}
	keep := o.Turn
	if o.Turn == "" {
		o.Turn = commandTurn
	}
	smite, err := smiteSlot(c, a)
	if err != nil {
		return err
	}
	for range n {
		t := dnd5e.Target{}
		if tgt != nil {
			t = tgt.target5e()
		}
		if a.AC != nil {
			t.AC = *a.AC
		}
		res, err := s.rollAttack(c, t, a, o)
		if err != nil {
			return err
		}
		st := AttackStep{Roll: res}
		if res.Damage != nil {
			st.Damage = res.Damage.Total
		}
		if smite > 0 && res.Hit && res.Damage != nil {
			if st.Smite, err = c.DivineSmite(smite, res.Crit, o.CritRule, t, s.r); err != nil {
				return err
			}
			st.Damage += st.Smite.Damage.Total
			smite = 0
			attacker.dirty = true
		}
		if attacker != nil {
			if _, err := attacker.spendEffects(s, res.Applied, o.Turn); err != nil {
				return err
			}
		}
		if tgt != nil {
			if err := s.landHit(tgt, &st, keep); err != nil {
				return err
			}
		}
		out.Steps = append(out.Steps, st)
	}
	if attacker != nil && keep == "" {
		attacker.forgetTurn(commandTurn)
	}
	return nil
}

// smiteSlot checks a divine smite request: it needs a character and a melee weapon (a sheet attack that is not
// ranged, or an ad-hoc roll); the rules check the feature and the slot.
func smiteSlot(c *dnd5e.Character, a Attack5e) (int, error) {
	if a.Smite == 0 {
		return 0, nil
	}
	if c == nil {
		return 0, fail("fx.err.smite_character")
	}
	if a.Weapon != "" {
		if w, err := c.FindAttack(a.Weapon); err == nil && w.Ranged {
			return 0, fail("fx.err.smite_melee", "Weapon", w.Name)
		}
	}
	if _, ranged := a.adHocRange(0); a.Weapon == "" && ranged {
		if a.named == "" {
			return 0, fail("fx.err.smite_ranged_ad_hoc")
		}
		return 0, fail("fx.err.smite_melee", "Weapon", a.named)
	}
	return a.Smite, nil
}

// rollAttack rolls one attack: the sheet's weapon, or an ad-hoc roll (with the attacker's conditions and effects
// when there is one).
func (s *scene) rollAttack(c *dnd5e.Character, t dnd5e.Target, a Attack5e, o dnd5e.AttackOptions) (*dnd5e.AttackResult, error) {
	if a.Weapon != "" {
		o.Bonus, o.ExtraDamage = a.Bonus, a.Damage
		if a.Range != nil { // replaces a ranged sheet attack's range
			if w, err := c.FindAttack(a.Weapon); err == nil && !w.Ranged {
				return nil, fail("play.attack.err.range_melee", "Weapon", w.Name)
			}
			o.Range = *a.Range
		}
		return c.Attack(a.Weapon, t, s.r, o)
	}
	if rng, ok := a.adHocRange(o.Distance); ok {
		o.Ranged, o.Range = true, rng
	}
	var toHit int
	toHit, o.Bonus = adHocToHit(a.Bonus)
	self := dnd5e.Target{}
	if c != nil {
		self = c.AsTarget()
	}
	if _, err := dice.Parse(a.Damage); err != nil {
		return nil, err
	}
	res, err := dnd5e.RollAttack(self, t, toHit, a.Damage, s.r, o)
	if err != nil {
		return nil, err
	}
	res.Attack = a.named
	return res, nil
}

// adHocNamed makes weapon: an ad-hoc attack's name when damage: is given and the attacker has no sheet attack of
// that name ("/attack weapon:longbow bonus:5 damage:1d8[piercing]"). A character's attack must then be named after
// an SRD ranged or thrown weapon, or given range:, so that a mistyped sheet attack ("rapeir") is refused as
// unknown rather than rolled as an ad-hoc attack without the sheet's bonus.
func (a Attack5e) adHocNamed(c *dnd5e.Character) Attack5e {
	if a.Weapon == "" || a.Damage == "" {
		return a
	}
	if c != nil {
		if _, err := c.FindAttack(a.Weapon); err == nil {
			return a
		}
		if _, srd := dnd5e.WeaponRangeOf(a.Weapon); !srd && !dnd5e.IsThrownMelee(a.Weapon) && a.Range == nil {
			return a
		}
	}
	a.named, a.Weapon = a.Weapon, ""
	return a
}

// adHocRange is an ad-hoc attack's range at distance feet: Range, else the SRD weapon's it is named after (a
// melee weapon that can be thrown, like a dagger, only beyond 5 ft); ok is false for a melee attack.
func (a Attack5e) adHocRange(distance int) (dnd5e.WeaponRange, bool) {
	switch {
	case a.Range != nil:
		return *a.Range, true
	case a.named == "" || (dnd5e.IsThrownMelee(a.named) && distance <= 5):
		return dnd5e.WeaponRange{}, false
	}
	return dnd5e.WeaponRangeOf(a.named)
}

// landHit (authz: the attack's own check, issue 11) applies what one attack spent of its tracked target's effects, then its damage; keep is the encounter's
// turn key ("" outside one), for a shield in reaction.
func (s *scene) landHit(tgt *Creature, st *AttackStep, keep string) error {
	res := st.Roll
	if _, err := tgt.spendEffects(s, res.TargetApplied, ""); err != nil {
		return err
	}
	if !res.Hit || (res.Damage == nil && st.Smite == nil) {
		return nil
	}
	tgt.concSave = nil
	damage := tgt.damage5e
	if res.Nonlethal {
		damage = tgt.knockOut5e
	}
	ch, err := damage(s, st.Damage, res.Crit)
	if err != nil {
		return err
	}
	st.Change, st.ConcSave = ch, tgt.concSave
	tgt.rememberHit(st, ch, keep)
	return s.settle(tgt)
}

// forgetTurn drops the once-per-turn records a command kept under key.
func (cr *Creature) forgetTurn(key string) {
	if cr.d5 == nil {
		return
	}
	for id, k := range cr.d5.TurnUses {
		if k == key {
			delete(cr.d5.TurnUses, id)
		}
	}
	if len(cr.d5.TurnUses) == 0 {
		cr.d5.TurnUses = nil
	}
}

// allyAdjacent reports whether an ally of the attacker stands within 5 ft of the target on the channel's grid: a
// character for a character (an NPC for an NPC), neither of the two, that can act (not incapacitated, not down,
// not dying).
func (s *scene) allyAdjacent(e *encounter.Encounter, attacker, tgt *Creature) (bool, error) {
	if e == nil || tgt.comb == nil || tgt.comb.Pos == nil {
		return false, nil
	}
	kind := encounter.KindNPC
	if attacker.ch != nil {
		kind = encounter.KindCharacter
	}
	for _, comb := range e.Combatants {
		if comb.Kind != kind || comb.Pos == nil || comb.ID == tgt.comb.ID ||
			(attacker.comb != nil && comb.ID == attacker.comb.ID) || (attacker.ch != nil && comb.CharacterID == attacker.ch.ID) {
			continue
		}
		if comb.Pos.Squares(*tgt.comb.Pos) > 1 {
			continue
		}
		ally, err := s.combatant(e, comb)
		if err != nil {
			return false, err
		}
		if err := ally.as5e(); err != nil {
			continue
		}
		if ally.canAct5e() {
			return true, nil
		}
	}
	return false, nil
}

// canAct5e reports whether the creature can act: conscious and not incapacitated (an NPC: not down, and none of
// the conditions that incapacitate).
func (cr *Creature) canAct5e() bool {
	if cr.d5 != nil {
		return cr.d5.State == dnd5e.Conscious && !cr.d5.HasCondition(dnd5e.Incapacitated)
	}
	if cr.comb.Down() {
		return false
	}
	for _, id := range cr.comb.ConditionIDs() {
		switch dnd5e.Condition(id) {
		case dnd5e.Incapacitated, dnd5e.Paralyzed, dnd5e.Petrified, dnd5e.Stunned, dnd5e.Unconscious:
			return false
		}
	}
	return true
}

// mergeChange adds one hit's HP change to the command's: from the first's "before" to the last's "after".
func mergeChange(acc, ch *dnd5e.HPChange) *dnd5e.HPChange {
	switch {
	case ch == nil:
		return acc
	case acc == nil:
		c := *ch
		return &c
	}
	out := *acc
	out.Amount += ch.Amount
	out.TempAbsorbed += ch.TempAbsorbed
	out.Applied += ch.Applied
	out.Overflow += ch.Overflow
	out.HPAfter, out.TempAfter, out.MaxAfter, out.StateAfter = ch.HPAfter, ch.TempAfter, ch.MaxAfter, ch.StateAfter
	out.InstantDeath = out.InstantDeath || ch.InstantDeath
	out.KnockedOut = out.KnockedOut || ch.KnockedOut
	out.FailuresAdded += ch.FailuresAdded
	out.DeathSaves = ch.DeathSaves
	out.Added = append(append([]dnd5e.Condition(nil), out.Added...), ch.Added...)
	out.Removed = append(append([]dnd5e.Condition(nil), out.Removed...), ch.Removed...)
	out.NoEffect = out.NoEffect && ch.NoEffect
	out.Effects = append(append([]dnd5e.Effect(nil), out.Effects...), ch.Effects...)
	if ch.Prevented != "" {
		out.Prevented = ch.Prevented
	}
	return &out
}

// knockOut5e is damage5e for a nonlethal melee hit (B7.6): a creature it drops from above 0 HP to 0 falls
// unconscious and is stable (a character: dnd5e.Character.KnockOut; an NPC: unconscious and prone, not dead).
func (cr *Creature) knockOut5e(s *scene, amount int, crit bool) (*dnd5e.HPChange, error) {
	if cr.d5 != nil {
		ch, err := cr.d5.KnockOut(amount, crit)
		if err != nil {
			return nil, err
		}
		cr.dirty = true
		return ch, cr.concentrate(amount, ch, s.r)
	}
	ch, err := cr.damage5e(s, amount, crit)
	if err != nil || ch.HPBefore == 0 || ch.HPAfter > 0 {
		return ch, err
	}
	for _, id := range []dnd5e.Condition{dnd5e.Unconscious, dnd5e.Prone} {
		c, err := cr.enc.AddCondition(cr.comb.ID, encounter.ConditionSpec{ID: string(id)})
		if err != nil {
			return nil, err
		}
		if c.Added {
			ch.Added = append(ch.Added, id)
		}
	}
	ch.StateAfter, ch.KnockedOut = dnd5e.Stable, true
	return ch, nil
}
