package play

import (
	"context"
	"slices"

	"rulekeeper/rules/dnd5e"
)

// /effect add|remove|list (issue 13): effects the bot cannot know by itself — a magic item, a house rule, a GM's
// ruling — on a character or an NPC of the channel's encounter, with the same model as the spells' and features'.
// A character's owner manages its own character's effects; a GM (or whoever runs the encounter, for its NPCs)
// anyone's. The target is found as /attack finds one: the channel's combatants first, then the guild's characters;
// no target is the caller's active character.

// EffectResult is what /effect add or remove did to a creature.
type EffectResult struct {
	Name   string
	NPC    bool
	Vague  bool // an NPC, and the guild keeps NPC numbers to its GMs (HouseShowNPCStats off)
	Change *dnd5e.EffectChange
	Status Status
}

// EffectList is a creature's effects: the stored ones, then (for a character) its passive class features.
type EffectList struct {
	Name    string
	NPC     bool
	Effects []dnd5e.ActiveEffect
	Passive int // how many of Effects, at the end, are passive class features
}

// effectTarget finds /effect's creature and checks that the caller may manage its effects (authz: stricter than
// issue 11's rule on purpose — a player changes only their own character's effects, a GM anyone's).
func (s *scene) effectTarget(name string) (*Creature, error) {
	if name == "" {
		cr, err := s.edit5e("")
		if err != nil {
			return nil, err
		}
		cr.dirty = false
		return cr, nil
	}
	cr, err := s.target5e(name)
	if err != nil {
		return nil, err
	}
	if cr == nil {
		return nil, fail("fx.err.no_target", "Name", name)
	}
	if cr.ch != nil && !s.canEdit(cr.ch) {
		return nil, fail("char.err.not_owner", "Name", cr.Name())
	}
	if cr.ch == nil && !s.gm(cr.enc) {
		return nil, fail("init.err.not_yours", "Name", cr.Name())
	}
	return cr, nil
}

// EffectAdd puts an effect on a creature: an effect of the same id is replaced, or with merge it keeps its mods
// (the new ones added to them) and, unless given anew, its duration and uses.
func (t *Table) EffectAdd(ctx context.Context, c Caller, target string, in dnd5e.ActiveEffect, merge bool) (*EffectResult, error) {
	var out *EffectResult
	err := t.update(ctx, c, nil, func(s *scene) error {
		e := in // the function may run again: each run merges into the effect as given
		cr, err := s.effectTarget(target)
		if err != nil {
			return err
		}
		if old, ok := cr.findEffect5e(e.ID); ok && merge {
			e.Mods = append(slices.Clone(old.Mods), in.Mods...)
			if e.Duration == (dnd5e.Duration{}) {
				e.Duration = old.Duration
			}
			if e.Uses == 0 {
				e.Uses = old.Uses
			}
			e.Conc = old.Conc
		}
		ch, err := cr.addEffect5e(s, e)
		if err != nil {
			return err
		}
		if err := s.settle(cr); err != nil {
			return err
		}
		out = &EffectResult{Name: cr.Name(), NPC: cr.NPC(), Vague: cr.NPC() && !s.showNPCStats(), Change: ch, Status: cr.status5e()}
		return nil
	})
	return out, err
}

// EffectRemove ends a creature's effect by its id or name.
func (t *Table) EffectRemove(ctx context.Context, c Caller, target, name string) (*EffectResult, error) {
	var out *EffectResult
	err := t.update(ctx, c, nil, func(s *scene) error {
		cr, err := s.effectTarget(target)
		if err != nil {
			return err
		}
		ch, err := cr.removeEffect5e(s, name)
		if err != nil {
			return err
		}
		out = &EffectResult{Name: cr.Name(), NPC: cr.NPC(), Vague: cr.NPC() && !s.showNPCStats(), Change: ch, Status: cr.status5e()}
		return nil
	})
	return out, err
}

// EffectList reads a creature's effects (anyone's character; an NPC's for whoever runs the encounter).
func (t *Table) EffectList(ctx context.Context, c Caller, target string) (*EffectList, error) {
	var out *EffectList
	err := t.view(ctx, c, nil, func(s *scene) error {
		var cr *Creature
		var err error
		if target == "" {
			cr, err = s.view5e("")
		} else if cr, err = s.target5e(target); err == nil && cr == nil {
			err = fail("fx.err.no_target", "Name", target)
		}
		if err != nil {
			return err
		}
		if cr.ch == nil && !s.gm(cr.enc) {
			return fail("init.err.not_yours", "Name", cr.Name())
		}
		out = &EffectList{Name: cr.Name(), NPC: cr.NPC()}
		if cr.d5 != nil {
			out.Effects = cr.d5.ListEffects()
			out.Passive = len(out.Effects) - len(cr.d5.Effects)
		} else {
			out.Effects = npcEffects(cr.comb)
		}
		return nil
	})
	return out, err
}
