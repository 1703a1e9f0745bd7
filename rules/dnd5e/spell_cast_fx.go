package dnd5e

import "rulekeeper/rules/dice"

// Cast's outcomes beyond damage and healing: effects, tiers, cures, revivals,
// stabilizing, draining, summons (issue 13).

// castOutcomes fills, after the rolls and imposeConditions, what each landed
// target gets (effects, stabilize, revive, cure, tier outcomes, harm's lower
// maximum) and what the caster gets (its effects, drained hit points) and
// the summon. A caster effect is made when the spell lands on a target, or
// when it is cast with no target (self spells); MarkTarget names the first
// target it landed on.
func castOutcomes(res *CastResult, s Spell, caster Target, mod int, targets []SpellTarget, r dice.Roller) error {
	ec := EffectCast{Caster: caster.Name, CasterMod: mod, Level: res.Dice.CastLevel, Choice: res.Choice}
	anyLanded := len(targets) == 0
	for i := range res.Targets {
		ct := &res.Targets[i]
		if !ct.Landed {
			continue
		}
		if !anyLanded {
			anyLanded, ec.Target = true, ct.Name
		}
		if len(s.Tiers) > 0 {
			applyTier(ct, s.Tiers, targets[i].Target.HP)
			if ct.Unaffected {
				continue
			}
		}
		rr := r
		if res.EffectRoll != nil {
			rr = replay(res.EffectRoll) // one roll for every target
		}
		e, roll, ok, err := s.SpellEffects(ec, false, rr)
		if err != nil {
			return err
		}
		if roll != nil && res.EffectRoll == nil {
			res.EffectRoll = roll
		}
		if ok {
			ct.Effects = append(ct.Effects, e)
		}
		if s.ReduceMaxHP && ct.Total > 0 {
			ct.Effects = append(ct.Effects, NewEffect(EffectSource{Kind: SourceSpell, ID: s.ID}, Hours(1),
				Mod{Kind: ModMaxHP, Value: -min(ct.Total, MaxHPLimit)}))
		}
		ct.Stabilize, ct.Revive = s.Stabilizes, s.Revive
		if s.Cure != nil {
			c := *s.Cure
			ct.Cure = &c
		}
	}
	if anyLanded {
		if ec.Target == "" && len(targets) > 0 {
			ec.Target = targets[0].Target.Name
		}
		e, roll, ok, err := s.SpellEffects(ec, true, r)
		if err != nil {
			return err
		}
		if roll != nil && res.EffectRoll == nil {
			res.EffectRoll = roll
		}
		if ok {
			res.CasterEffects = append(res.CasterEffects, e)
		}
	}
	if s.Drain {
		total := 0
		for _, ct := range res.Targets {
			total += ct.Total
		}
		res.CasterHeal = total / 2
	}
	if s.Summon != nil {
		m := *s.Summon
		m.Creatures = append([]string(nil), m.Creatures...)
		res.Summon = &m
	}
	return nil
}

// applyTier gives a target the outcome of its hit point band (divine word):
// the lowest tier whose MaxHP covers hp, or unaffected above them all.
func applyTier(ct *CastTarget, tiers []SpellTier, hp int) {
	for _, t := range tiers {
		if hp <= t.MaxHP {
			ct.Conditions = append([]SpellCondition(nil), t.Conditions...)
			ct.Killed = t.Kills
			return
		}
	}
	ct.Unaffected, ct.Landed, ct.Conditions = true, false, nil
}

// replay is a roller that repeats a roll's faces, so that every target's
// effect gets the same rolled value without rolling again.
func replay(roll *dice.Result) dice.Roller {
	var faces []int
	for _, d := range roll.Dice() {
		faces = append(faces, d.Face)
	}
	return dice.NewScripted(faces)
}

// spellImmune reports whether a target's effects keep a spell cast at level out (globe of invulnerability).
func spellImmune(t Target, level int) bool {
	for _, e := range t.Effects {
		for _, m := range e.Mods {
			if m.Kind == ModSpellImmunity && level <= m.Value {
				return true
			}
		}
	}
	return false
}

// healBonus is what the caster's heal_bonus mods add to a healing spell of
// 1st level or higher cast at level (disciple of life: 2 + the level).
func healBonus(caster Target, s Spell, level int) int {
	if s.HealKind != HealHP || s.Level < 1 {
		return 0
	}
	n := 0
	for _, e := range caster.Effects {
		for _, m := range e.Mods {
			if m.Kind == ModHealBonus {
				n += m.Value + level
			}
		}
	}
	return n
}

// maxTotal is a table notation's highest total: every die at its maximum.
func maxTotal(notation string) int {
	n := 0
	for _, t := range parseTerms(notation) {
		if t.sides > 0 {
			n += t.n * t.sides
		} else {
			n += t.n
		}
	}
	return n
}
