package play

import (
	"errors"
	"slices"

	"rulekeeper/rules/coded"
	"rulekeeper/rules/dnd5e"
)

// What a 5e spell does beyond damage, healing and conditions (issue 13), applied after them in the cast's
// transaction: the effects it puts on the targets it landed on and on its caster (bless, haste, shield, hunter's
// mark …), spare the dying's stabilizing, a revival, a cure, vampiric touch's drain. Decisions:
//   - An effect tied to the caster's concentration lands only while the caster still concentrates on the spell (its
//     own fireball may have broken it), and the caster's sheet records who bears it (effectconc.go).
//   - A target that is dead (or a down NPC) gets no effect; spare the dying stabilizes only a dying character;
//     a revival brings back a dead character with the spell's hit points (a down NPC: its HP set to them).
//   - A cure of one condition (lesser restoration) ends the first the target has, in the spell's order.

// spellOutcomes applies what a cast reports beyond damage, healing and conditions to the targets and the caster.
func (s *scene) spellOutcomes(res *dnd5e.CastResult, caster *Creature, targets []*Creature) error {
	for i, f := range targets {
		ct := res.Targets[i]
		for _, e := range ct.Effects {
			if err := s.giveEffect(caster, f, e); err != nil {
				return err
			}
		}
		// stabilizing, reviving and curing another's character are help: the cast checked it (authz.go)
		if ct.Stabilize && f.d5 != nil && f.d5.State == dnd5e.Dying {
			st, err := f.d5.Stabilize(s.r, dnd5e.StabilizeOptions{Kit: true})
			if err != nil {
				return err
			}
			f.stabilized, f.dirty = st, true
		}
		if ct.Revive != 0 && f.dead5e() {
			if err := f.revive5e(s, ct.Revive); err != nil {
				return err
			}
		}
		if ct.Cure != nil {
			if err := f.cure5e(s, *ct.Cure); err != nil {
				return err
			}
		}
	}
	for _, e := range res.CasterEffects {
		if err := s.giveEffect(caster, caster, e); err != nil {
			return err
		}
	}
	if res.CasterHeal > 0 && caster.d5 != nil && caster.d5.State != dnd5e.Dead { // an NPC caster's is the GM's to apply
		ch, err := caster.d5.Heal(min(res.CasterHeal, dnd5e.MaxHPLimit))
		if err != nil {
			return err
		}
		caster.drained, caster.dirty = ch, true
	}
	return nil
}

// giveEffect puts a spell's effect on f, cast by caster: skipped on the dead and when the concentration it is tied
// to has already ended; a concentration effect's bearer is recorded on the caster.
func (s *scene) giveEffect(caster, f *Creature, e dnd5e.ActiveEffect) error {
	if f.dead5e() {
		return nil
	}
	if e.Conc != nil && caster.conc.Spell != e.Conc.Spell {
		return nil
	}
	// a spell's effect on another's character — harm (bane, slow, faerie fire, reduce) or help (bless, haste, aid)
	// — was checked by the cast on its targets (spellHarms, authz.go)
	ch, err := f.addEffect5e(s, e)
	if err != nil {
		if errors.Is(err, coded.Code(dnd5e.ErrIsDead)) {
			return nil
		}
		return err
	}
	f.effectsAdded = append(f.effectsAdded, ch)
	if e.Conc != nil {
		caster.bearers.hold(e.Conc.Spell, bearerOf(f))
		caster.dirty = true
	}
	return nil
}

// revive5e brings a dead creature back with hp hit points (-1: all).
func (cr *Creature) revive5e(s *scene, hp int) error {
	if cr.d5 != nil {
		ch, err := cr.d5.Revive(hp)
		if err != nil {
			return err
		}
		cr.revived, cr.dirty = ch, true
		return nil
	}
	if hp < 0 || hp > cr.comb.MaxHP {
		hp = cr.comb.MaxHP
	}
	ch, err := cr.enc.SetHP(cr.comb.ID, hp, 0)
	if err != nil {
		return err
	}
	s.changed(cr.channel)
	cr.revived = npcChange(ch)
	return nil
}

// cure5e ends what a spell's cure ends on the creature: on a sheet by the rules (ApplyCure); on an NPC its
// encounter conditions (one, or all of them) and the effects named.
func (cr *Creature) cure5e(s *scene, cure dnd5e.SpellCure) error {
	if cr.d5 != nil {
		res := cr.d5.ApplyCure(cure, "")
		cr.cured, cr.dirty = res, true
		return nil
	}
	res := &dnd5e.CureResult{}
	for _, id := range cure.Conditions {
		if !slices.Contains(cr.comb.ConditionIDs(), string(id)) {
			continue
		}
		if _, err := cr.enc.RemoveCondition(cr.comb.ID, string(id)); err != nil {
			return err
		}
		res.Conditions = append(res.Conditions, id)
		if cure.One {
			break
		}
	}
	for _, id := range cure.Effects {
		if _, err := cr.removeEffect5e(s, id); err == nil {
			res.Effects = append(res.Effects, id)
		}
	}
	if len(res.Conditions) > 0 {
		s.changed(cr.channel)
	}
	cr.cured = res
	return nil
}

// spendCastEffects records what the cast's rolls used of the creatures' effects: the caster's on its spell attacks
// (bardic inspiration), each target's on its save (resistance) and against the attacks (guiding bolt's advantage, a
// mirror image duplicate).
func (s *scene) spendCastEffects(res *dnd5e.CastResult, caster *Creature, targets []*Creature) error {
	for i, f := range targets {
		ct := res.Targets[i]
		if ct.Save != nil {
			if _, err := f.spendEffects(s, ct.Save.Applied, ""); err != nil {
				return err
			}
		}
		for _, a := range ct.Attacks {
			if _, err := caster.spendEffects(s, a.Applied, ""); err != nil {
				return err
			}
			if _, err := f.spendEffects(s, a.TargetApplied, ""); err != nil {
				return err
			}
		}
	}
	return nil
}
