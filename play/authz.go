package play

import (
	"slices"
	"strings"

	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
	"rulekeeper/rules/rogue"
)

// Who may change a character the caller does not own (issue 11):
//   - harm — damage, a harmful condition or debuff, a spell or effect it must save against, ending its effects —
//     only a GM (GM role or Manage Server), or the caller acting with a character of theirs when it and the target
//     are both combatants of this channel's encounter (mayHarm);
//   - help — healing, temporary HP, stabilizing, a beneficial spell or effect — anyone, to any character of the
//     guild, in or out of an encounter (mayHelp);
//   - editing, renaming, deleting, resting and death saves stay with the owner or a GM (canEdit).
//
// NPCs are no one's characters: anyone who reaches one (they live in the channel's encounter) may fight or help it.
// What follows from a change — a concentration that ends and the conditions it held — is a consequence, not harm:
// it needs no check of its own.

// mayHarm refuses harm by actor to target unless the caller owns target, is a GM, or actor and target are both
// combatants of this channel's encounter. actor is the acting creature (a character of the caller's, or an NPC of
// an encounter the caller runs); nil when the caller acts with no character (an ad-hoc attack, /hp damage without
// an active character): then only the caller's ownership or GM counts.
func (s *scene) mayHarm(actor, target *Creature) error {
	if err := s.mayActAs(actor); err != nil {
		return err
	}
	if target == nil || target.ch == nil || target.ch.OwnerID == s.c.UserID || s.c.GM {
		return nil
	}
	if actor != nil {
		e, err := s.here()
		if err != nil {
			return err
		}
		if fights(e, actor) && fights(e, target) {
			return nil
		}
	}
	return fail("play.err.harm_refused", "Name", target.Name())
}

// mayHelp refuses help by actor (nil: the caller with no character) only when actor is not the caller's to act
// with: help reaches any character of the guild, owned by anyone, in or out of an encounter.
func (s *scene) mayHelp(actor, target *Creature) error {
	return s.mayActAs(actor)
}

// mayActAs refuses an actor the caller may not act with: a character neither theirs nor (for a GM) anyone's, an
// NPC of an encounter they do not run.
func (s *scene) mayActAs(actor *Creature) error {
	switch {
	case actor == nil:
		return nil
	case actor.ch != nil:
		if !s.canEdit(actor.ch) {
			return fail("char.err.not_owner", "Name", actor.ch.Name)
		}
	case actor.enc != nil && !actor.enc.MayControl(s.c.UserID, s.c.GM):
		return fail("init.err.not_gm")
	}
	return nil
}

// fights reports whether cr is a combatant of encounter e (nil: none): a character by its record, an NPC by being
// one of e's.
func fights(e *encounter.Encounter, cr *Creature) bool {
	if e == nil {
		return false
	}
	if cr.ch == nil {
		return cr.enc == e
	}
	for _, c := range e.Combatants {
		if c.Kind == encounter.KindCharacter && c.CharacterID == cr.ch.ID {
			return true
		}
	}
	return false
}

// actor is the caller's active character (in this channel) as the acting creature of a command that names only its target (/hp,
// /condition); nil when the caller has none.
func (s *scene) actor() (*Creature, error) {
	id, err := s.activeID()
	if err != nil || id == "" {
		return nil, err
	}
	ch, err := s.maybeByID(id)
	if err != nil || ch == nil {
		return nil, err
	}
	return s.character(ch), nil
}

// harmOrHelp checks a change of target by actor that harms it (harm) or helps it.
func (s *scene) harmOrHelp(actor, target *Creature, harm bool) error {
	if harm {
		return s.mayHarm(actor, target)
	}
	return s.mayHelp(actor, target)
}

// spellHarms reports whether a 5e spell cast with the caster's choice ("" = its first) harms the creatures it
// targets: an attack, a save, damage, a hit-point pool (sleep), a kill, dispelling or shrinking their hit points,
// a condition other than invisible, or an effect on them that hinders (bane's -1d4, reduce, plant growth).
func spellHarms(sp dnd5e.Spell, choice string) bool {
	if sp.Attack != "" || sp.Save != "" || sp.Damage != "" || sp.Pool != "" || sp.Kills || sp.Dispels || sp.ReduceMaxHP {
		return true
	}
	for _, c := range sp.Conditions {
		if conditionHarms(c.ID) {
			return true
		}
	}
	if choice == "" && len(sp.Choices) > 0 {
		choice = sp.Choices[0]
	}
	for _, e := range sp.Effects {
		if e.Caster || (e.Choice != "" && e.Choice != choice) {
			continue
		}
		if slices.ContainsFunc(e.Mods, modHinders) {
			return true
		}
	}
	return false
}

// modHinders reports whether an effect's mod hinders its bearer: a penalty, disadvantage on its own rolls,
// advantage for attacks against it, a vulnerability, less speed, AC or hit points, no reactions or healing, half
// damage dealt, saves that fail.
func modHinders(m dnd5e.Mod) bool {
	negative := m.Value < 0 || strings.HasPrefix(strings.TrimSpace(m.Dice), "-")
	switch m.Kind {
	case dnd5e.ModBonus, dnd5e.ModDamage, dnd5e.ModAC, dnd5e.ModSpeed, dnd5e.ModMaxHP:
		return negative
	case dnd5e.ModSpeedFactor:
		return m.Value < 100
	case dnd5e.ModDisadvantage:
		return m.Roll != dnd5e.ScopeAttacked
	case dnd5e.ModAdvantage:
		return m.Roll == dnd5e.ScopeAttacked
	case dnd5e.ModVuln, dnd5e.ModNoReactions, dnd5e.ModNoHealing, dnd5e.ModHalfDamage, dnd5e.ModSaveAutoFail:
		return true
	}
	return false
}

// conditionHarms reports whether a 5e condition is a harm to its bearer (every one but invisible).
func conditionHarms(c dnd5e.Condition) bool { return c != dnd5e.Invisible }

// rogueSpellHelps lists the Rogue's Tale spells that help their target: healing, curing and removing curses,
// divine blessings and light. Every other spell cast at another creature harms it (orbs, banishing, curses, souls,
// daemons, dispelling its effects, moving it).
var rogueSpellHelps = map[rogue.Spell]bool{
	rogue.CureDisease: true, rogue.CurePoison: true, rogue.RemoveCurse: true,
	rogue.DivineGrace: true, rogue.DivineMight: true, rogue.Illumination: true,
	rogue.HealingTouch: true, rogue.HealingWave: true, rogue.RenewingTouch: true,
}
