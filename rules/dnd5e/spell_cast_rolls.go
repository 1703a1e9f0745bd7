package dnd5e

import "rulekeeper/rules/dice"

// The per-target rolls of resolveTargets.

// pending is a target that takes the shared damage roll, halved or not.
type pending struct {
	i      int
	halved bool
}

// spellAttacks rolls n spell attacks (rays, beams) at target t.
func spellAttacks(ct *CastTarget, res *CastResult, s Spell, caster Target, t SpellTarget, n int, r dice.Roller, o CastOptions) error {
	dmg := res.Dice.Damage
	if dmg == "" {
		dmg = "0"
	}
	for range n {
		a, err := RollAttack(caster, t.Target, res.ToHit, dmg, r, AttackOptions{
			Mode: o.Mode, Bonus: o.Bonus, Distance: t.Distance, CritRule: o.CritRule,
			Spell: true, Ranged: s.Attack == RangedSpellAttack, Ability: res.Ability, Turn: o.Turn, Cover: t.Cover,
			Threatened: o.Threatened && s.Attack == RangedSpellAttack,
		})
		if err != nil {
			return err
		}
		a.Attack = s.ID
		if res.Dice.Damage == "" {
			a.Damage = nil
		} else if a.Damage != nil {
			ct.Total += a.Damage.Total
		}
		ct.Attacks = append(ct.Attacks, a)
	}
	return nil
}

// spellSave rolls target t's save (the choice's ability for symbol) and says
// whether it takes the shared damage, halved or not: all of it on a failure
// or with SaveOther, half on a success with SaveHalf; with evasion (a DEX save
// for half) none on a success and half on a failure.
func spellSave(ct *CastTarget, res *CastResult, s Spell, t SpellTarget, r dice.Roller) (pending, bool, error) {
	ability := s.Save
	if a, ok := s.ChoiceSaves[res.Choice]; ok {
		ability = a
	}
	mod := t.SaveMod
	if ct.Cover = t.Cover; ability == Dex && !ignoresCover[s.ID] {
		ct.CoverBonus = t.Cover.Bonus()
		mod += ct.CoverBonus
	}
	sv, err := t.Target.Save(ability, mod, r, RollOptions{Mode: t.SaveMode, Bonus: t.SaveBonus, DC: res.DC})
	if err != nil {
		return pending{}, false, err
	}
	ct.Save = sv
	ct.Saved = sv.Outcome == OutcomeSuccess
	evades := false
	if ok, _ := t.Target.hasMod(ModEvasion); ok && ability == Dex && s.OnSave == SaveHalf {
		evades, ct.Evasion = true, true
	}
	if res.Dice.Damage == "" || s.Rider {
		return pending{}, false, nil
	}
	switch {
	case evades && ct.Saved:
		return pending{}, false, nil
	case evades:
		ct.Halved = true
		return pending{halved: true}, true, nil
	case !ct.Saved || s.OnSave == SaveOther:
		return pending{}, true, nil
	case s.OnSave == SaveHalf:
		ct.Halved = true
		return pending{halved: true}, true, nil
	}
	return pending{}, false, nil
}

// rollHealing rolls the healing once for every target: a target under a
// max_heal effect (beacon of hope) gets the dice's maximum instead, and the
// caster's heal_bonus mods (disciple of life) add to each.
func rollHealing(res *CastResult, s Spell, caster Target, targets []SpellTarget, r dice.Roller) error {
	d := res.Dice
	roll, err := dice.Roll(d.Heal, r)
	if err != nil {
		return err
	}
	res.HealRoll = roll
	bonus := healBonus(caster, s, d.CastLevel)
	for i := range res.Targets {
		if ct := &res.Targets[i]; !ct.Invalid && !ct.Unaffected {
			amount := roll.Total
			if ok, _ := targets[i].Target.hasMod(ModMaxHeal); ok {
				amount = maxTotal(d.Heal)
			}
			ct.Heal = max(0, amount+bonus)
		}
	}
	return nil
}

// rollUntargeted rolls a damage spell cast at no target, as a table would (and as Avrae does): a spell attack's
// attack and damage (no AC: no verdict), or a save spell's damage; a spell of darts, rays or beams rolls each of
// them on its own (OpenAttacks, OpenDarts). Riders roll nothing without a target.
func rollUntargeted(res *CastResult, s Spell, caster Target, r dice.Roller, o CastOptions) error {
	d := res.Dice
	if d.Damage == "" || s.Rider {
		return nil
	}
	n := max(d.Instances, 1)
	for range n {
		if s.Attack == "" {
			base, err := RollDamage(d.Damage, false, o.CritRule, Target{}, r)
			if err != nil {
				return err
			}
			if d.Instances > 0 {
				res.OpenDarts = append(res.OpenDarts, base.Roll)
			} else {
				res.DamageRoll = base.Roll
			}
			continue
		}
		a, err := RollAttack(caster, Target{}, res.ToHit, d.Damage, r, AttackOptions{
			Mode: o.Mode, Bonus: o.Bonus, CritRule: o.CritRule, Spell: true, Ranged: s.Attack == RangedSpellAttack,
			Ability: res.Ability, Turn: o.Turn, Threatened: o.Threatened && s.Attack == RangedSpellAttack,
		})
		if err != nil {
			return err
		}
		a.Attack = s.ID
		if d.Instances > 0 {
			res.OpenAttacks = append(res.OpenAttacks, a)
		} else {
			res.OpenAttack = a
		}
	}
	return nil
}
