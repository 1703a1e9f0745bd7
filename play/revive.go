package play

import (
	"context"

	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// GM overrides of life and death (issue 12): the SRD spells that restore life (revivify, raise dead, reincarnate,
// resurrection, true resurrection: dnd5e.Spell.Revive) bring a dead target back with their hit points
// (spelloutcome.go); a GM brings anyone back with /hp revive, and sets anyone's hit points, dead or alive, with /hp set.

// Revived is what /hp revive or /hp set did to a character or an NPC.
type Revived struct {
	Name      string
	NPC       bool
	Character *dnd5e.Character // a character's sheet after it; nil for an NPC
	Change    *dnd5e.HPChange
	Status    Status
}

// Revive brings a dead character (or an NPC of the channel's encounter at 0 HP) back with hp hit points (0: 1 HP;
// more than the maximum: all of them). GMs only.
func (t *Table) Revive(ctx context.Context, c Caller, target string, hp int) (*Revived, error) {
	var out *Revived
	err := t.update(ctx, c, nil, func(s *scene) error {
		if !c.GM {
			return fail("gm.err.gm_only")
		}
		cr, err := s.gmTarget(target)
		if err != nil {
			return err
		}
		if hp == 0 {
			hp = 1
		}
		if !cr.dead5e() {
			return &dnd5e.Error{Code: dnd5e.ErrNotDead, Args: map[string]any{"Name": cr.Name()}}
		}
		if err := cr.revive5e(s, hp); err != nil { // spelloutcome.go
			return err
		}
		ch := cr.revived
		if err := s.settle(cr); err != nil {
			return err
		}
		out = &Revived{Name: cr.Name(), NPC: cr.NPC(), Character: cr.d5, Change: ch, Status: cr.status5e()}
		return nil
	})
	return out, err
}

// SetHP sets the hit points of any character of the guild or NPC of the channel's encounter, dead or alive: a GM's
// ruling. A dead character given hit points comes back (dnd5e.Character.Revive); one set to 0 falls unconscious and
// dying, as damage would drop it. GMs only.
func (t *Table) SetHP(ctx context.Context, c Caller, target string, hp int) (*Revived, error) {
	var out *Revived
	err := t.update(ctx, c, nil, func(s *scene) error {
		if !c.GM {
			return fail("gm.err.gm_only")
		}
		cr, err := s.gmTarget(target)
		if err != nil {
			return err
		}
		ch, err := cr.setHP5e(s, hp)
		if err != nil {
			return err
		}
		if err := s.settle(cr); err != nil {
			return err
		}
		out = &Revived{Name: cr.Name(), NPC: cr.NPC(), Character: cr.d5, Change: ch, Status: cr.status5e()}
		return nil
	})
	return out, err
}

// setHP5e sets a creature's hit points (capped at its maximum).
func (cr *Creature) setHP5e(s *scene, hp int) (*dnd5e.HPChange, error) {
	if hp < 0 || hp > dnd5e.MaxHPLimit {
		return nil, &dnd5e.Error{Code: dnd5e.ErrBadAmount, Args: map[string]any{"Amount": hp, "Max": dnd5e.MaxHPLimit}}
	}
	if cr.d5 == nil {
		ch, err := cr.enc.SetHP(cr.comb.ID, min(hp, cr.comb.MaxHP), 0)
		if err != nil {
			return nil, err
		}
		s.changed(cr.channel)
		return npcChange(ch), nil
	}
	c := cr.d5
	cr.dirty = true
	switch {
	case c.State == dnd5e.Dead && hp > 0:
		if err := cr.revive5e(s, hp); err != nil {
			return nil, err
		}
		return cr.revived, nil
	case hp == c.HP:
		return c.Heal(0)
	case hp > c.HP:
		return c.Heal(hp - c.HP)
	}
	temp := c.TempHP // set HP leaves temporary hit points alone
	c.TempHP = 0
	ch, err := c.DamageResolved(c.HP-hp, false)
	if err == nil && c.HP > 0 {
		c.TempHP = temp
	}
	return ch, err
}

// gmTarget is a creature a GM names: a combatant of the channel's 5e encounter, else a 5e character of the guild.
func (s *scene) gmTarget(name string) (*Creature, error) {
	cr, err := s.target5e(name)
	if err != nil {
		return nil, err
	}
	if cr == nil {
		return nil, fail("char.err.not_found", "Name", name)
	}
	if cr.NPC() && cr.enc.System != encounter.DnD5e {
		return nil, fail("npc.err.not_5e")
	}
	return cr, nil
}
