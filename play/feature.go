package play

import (
	"context"

	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
)

// /feature use|restore|list (issue 13): the class features a 5e character uses by hand, with the resource each one
// spends (dnd5e.Character.UseFeature). Decisions:
//   - Bardic inspiration gives its die to another creature (target:, required): help, which any character of the
//     guild may receive. Cutting words puts its minus on a creature the bard can see (target:, required).
//   - Lay on hands heals target: (the paladin itself without one) by the points spent; a dead target is refused by
//     the rules (no healing for the dead).
//   - Preserve life rolls nothing and heals nobody by itself: the reply gives the pool to share (with /hp heal).
//   - Sorcery points with create_slot: turn points into a spent slot; with convert_slot: a slot into points.
//   - Uncanny dodge halves the damage of the last attack that hit the rogue this turn (shield.go).
//   - Restore gives back uses or points by hand (a GM's fix, a magic item); list shows features and resources.

// FeatureUse is /feature use's input.
type FeatureUse struct {
	Character string // the user of the feature ("" = the caller's active character)
	Feature   string // the feature id
	Amount    int    // points spent from a pool (ki, sorcery points, lay on hands); 0 = 1
	Target    string // the creature the feature is for (bardic inspiration, cutting words, lay on hands)
	Slots     []int  // arcane or natural recovery: the slot levels regained
	// CreateSlot (sorcery points): a spent slot of this level is regained for its cost in points;
	// ConvertSlot: a slot of this level is spent for as many points.
	CreateSlot, ConvertSlot int
}

// FeatureResult is what a feature's use did.
type FeatureResult struct {
	Character *dnd5e.Character
	Use       *dnd5e.FeatureUse
	Target    *Hit // the creature it was for: its new effect, or its healing (nil when none)
}

// UseFeature uses a class feature of the acting 5e character, in one transaction with what it does to its target.
func (t *Table) UseFeature(ctx context.Context, c Caller, in FeatureUse, r dice.Roller) (*FeatureResult, error) {
	var out *FeatureResult
	err := t.update(ctx, c, r, func(s *scene) error {
		cr, err := s.edit5e(in.Character)
		if err != nil {
			return err
		}
		var tgt *Creature
		if in.Target != "" {
			if tgt, err = s.target5e(in.Target); err != nil {
				return err
			}
			if tgt == nil {
				return fail("fx.err.no_target", "Name", in.Target)
			}
			// cutting words harms its target; bardic inspiration and lay on hands help theirs (authz.go)
			if err := s.harmOrHelp(cr, tgt, in.Feature == "cutting_words"); err != nil {
				return err
			}
		}
		use, err := s.useFeature(cr, in, tgt, s.r)
		if err != nil {
			return err
		}
		out = &FeatureResult{Character: cr.d5, Use: use}
		if tgt, err = s.featureOnTarget(cr, tgt, use); err != nil {
			return err
		}
		if tgt != nil {
			out.Target = s.hit(tgt, nil)
		}
		return s.settle(cr)
	})
	return out, err
}

// useFeature is the rules' use of the feature (or flexible casting, or uncanny dodge against the last hit), the
// target's name passed on.
func (s *scene) useFeature(cr *Creature, in FeatureUse, tgt *Creature, r dice.Roller) (*dnd5e.FeatureUse, error) {
	c := cr.d5
	switch {
	case in.Feature == "uncanny_dodge":
		return s.uncannyDodge(cr)
	case in.CreateSlot > 0:
		return c.CreateSlot(in.CreateSlot)
	case in.ConvertSlot > 0:
		return c.ConvertSlot(in.ConvertSlot)
	}
	o := dnd5e.FeatureOptions{Amount: in.Amount, Slots: in.Slots}
	switch in.Feature {
	case "bardic_inspiration", "cutting_words":
		if tgt == nil {
			return nil, fail("feat.err.need_target", "Feature", in.Feature)
		}
		o.Target = tgt.Name()
	}
	return c.UseFeature(in.Feature, r, o)
}

// featureOnTarget gives the feature's target what the use made for it: the effect (bardic inspiration), or the
// hit points (lay on hands: the user itself without a target). It returns the creature it went to, nil for none.
func (s *scene) featureOnTarget(user, tgt *Creature, use *dnd5e.FeatureUse) (*Creature, error) {
	switch {
	case use.OnTarget && use.Effect != nil:
		// bardic inspiration helps (any character of the guild), cutting words harms: checked in UseFeature
		ch, err := tgt.addEffect5e(s, *use.Effect)
		if err != nil {
			return nil, err
		}
		tgt.effectsAdded = append(tgt.effectsAdded, ch)
		return tgt, nil
	case use.Feature == "lay_on_hands" && use.Heal > 0:
		if tgt == nil {
			tgt = user
		}
		// healing helps any character of the guild (checked in UseFeature)
		ch, err := tgt.heal5e(s, use.Heal, dnd5e.HealHP)
		if err != nil {
			return nil, err
		}
		tgt.healed = ch
		return tgt, nil
	}
	return nil, nil
}

// FeatureRestore gives back n uses or points of a feature's resource (the owner or a GM).
func (t *Table) FeatureRestore(ctx context.Context, c Caller, character, feature string, n int) (*dnd5e.Character, *dnd5e.ResourceChange, error) {
	var (
		out *dnd5e.Character
		ch  *dnd5e.ResourceChange
	)
	err := t.update(ctx, c, nil, func(s *scene) error {
		cr, err := s.edit5e(character)
		if err != nil {
			return err
		}
		if ch, err = cr.d5.RestoreResource(feature, max(1, n)); err != nil {
			return err
		}
		out = cr.d5
		return nil
	})
	return out, ch, err
}
