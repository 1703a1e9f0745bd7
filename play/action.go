package play

import (
	"context"

	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
)

// /action (issue 14, 5e 9): Dodge, Help, Hide, Disengage or Dash taken by a combatant of the channel's 5e
// encounter — the caller's character, or an NPC (as:) of an encounter the caller runs — and recorded as an effect
// (dnd5e.ActionEffect) on the acting creature, or for Help on the helped one. Attacks, saves and checks read it as
// they read any effect, and the turn machinery ends it. Hide rolls the actor's Stealth (DEX) check first.

// ActionIn is /action's input.
type ActionIn struct {
	Character string       // the acting character ("" : the caller's active one)
	As        string       // an NPC acting instead (the GM's)
	Action    dnd5e.Action // what it does
	Target    string       // Help: the creature helped
	Options   dnd5e.RollOptions
}

// ActionResult is what /action recorded.
type ActionResult struct {
	Actor   string
	Action  dnd5e.Action
	Target  string              // Help: the helped creature; otherwise the actor
	Stealth *dnd5e.RollResult   // Hide: the Stealth check
	Change  *dnd5e.EffectChange // the effect put on Target
}

// Action records a tracked action of a combatant of the channel's encounter.
func (t *Table) Action(ctx context.Context, c Caller, in ActionIn, r dice.Roller) (*ActionResult, error) {
	var out *ActionResult
	err := t.update(ctx, c, r, func(s *scene) error {
		res, err := s.action(in)
		out = res
		return err
	})
	return out, err
}

func (s *scene) action(in ActionIn) (*ActionResult, error) {
	if !in.Action.Valid() {
		return nil, &dnd5e.Error{Code: dnd5e.ErrUnknownSource, Args: map[string]any{"Kind": string(dnd5e.SourceAction), "ID": string(in.Action)}}
	}
	actor, err := s.actionActor(in)
	if err != nil {
		return nil, err
	}
	out := &ActionResult{Actor: actor.Name(), Action: in.Action, Target: actor.Name()}
	bearer := actor
	stealth := 0
	switch in.Action {
	case dnd5e.ActionHelp:
		if in.Target == "" {
			return nil, fail("action.err.help_target")
		}
		tgt, err := s.target5e(in.Target)
		if err != nil {
			return nil, err
		}
		if tgt == nil {
			return nil, fail("fx.err.no_target", "Name", in.Target)
		}
		if tgt.Name() == actor.Name() {
			return nil, fail("action.err.help_self")
		}
		if err := s.mayHelp(actor, tgt); err != nil {
			return nil, err
		}
		bearer, out.Target = tgt, tgt.Name()
	case dnd5e.ActionHide:
		res, err := actor.stealth(s, in.Options)
		if err != nil {
			return nil, err
		}
		out.Stealth, stealth = res, min(max(res.Total, -dnd5e.MaxModValue), dnd5e.MaxNote)
	}
	e, err := dnd5e.ActionEffect(in.Action, actor.Name(), stealth)
	if err != nil {
		return nil, err
	}
	if out.Change, err = bearer.addEffect5e(s, e); err != nil {
		return nil, err
	}
	return out, s.settle(bearer)
}

// actionActor is /action's acting creature: an NPC named by as:, or the caller's character (owner or GM), a
// combatant of the channel's encounter who is not incapacitated.
func (s *scene) actionActor(in ActionIn) (*Creature, error) {
	if in.As != "" {
		cr, err := s.npcActor(in.As)
		if err != nil {
			return nil, err
		}
		if cr.incapacitated5e() {
			return nil, fail("action.err.incapacitated", "Name", cr.Name())
		}
		return cr, nil
	}
	e, err := s.mustHere()
	if err != nil {
		return nil, err
	}
	cr, err := s.edit5e(in.Character)
	if err != nil {
		return nil, err
	}
	cr.dirty = false // written only if the action changes it
	if !fights(e, cr) {
		return nil, fail("action.err.not_in_encounter", "Name", cr.Name())
	}
	if cr.d5.State == dnd5e.Dead {
		return nil, &dnd5e.Error{Code: dnd5e.ErrIsDead, Args: map[string]any{"Name": cr.Name()}}
	}
	if cr.d5.HasCondition(dnd5e.Incapacitated) || cr.d5.State != dnd5e.Conscious {
		return nil, fail("action.err.incapacitated", "Name", cr.Name())
	}
	return cr, nil
}

// stealth rolls the creature's Stealth check (a sheet's, or an NPC's from its stats) and spends what it used.
func (cr *Creature) stealth(s *scene, o dnd5e.RollOptions) (*dnd5e.RollResult, error) {
	var res *dnd5e.RollResult
	var err error
	if cr.d5 != nil {
		res, err = cr.d5.SkillCheck(stealthSkill, s.r, o)
	} else {
		res, err = cr.npcCheck(Check5e{Skill: stealthSkill, Options: o}, s.r)
	}
	if err != nil {
		return nil, err
	}
	_, err = cr.spendEffects(s, res.Applied, "")
	return res, err
}

// stealthSkill is the skill Hide rolls.
const stealthSkill dnd5e.Skill = "stealth"
