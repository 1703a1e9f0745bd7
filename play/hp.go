package play

import (
	"context"

	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/rogue"
)

// HPKind is what /hp does.
type HPKind int

// What /hp does.
const (
	HPDamage HPKind = iota
	HPHeal
	HPTemp // temporary hit points (D&D 5e only)
	HPMax  // a new maximum
)

// HP is /hp's input: an amount of damage, healing, temporary HP or a new maximum for a character.
type HP struct {
	Character string // "" = the caller's active character
	Target    string // an NPC of the channel's 5e encounter (npcact.go), or a character by name
	Kind      HPKind
	Amount    int
	Crit      bool                      // damage: a critical hit (5e: two death-save failures at 0 HP; RT: to the head)
	Dnd5e     Reading[dnd5e.DamageType] // damage: its type for D&D 5e ("" untyped)
	Rogue     Reading[rogue.DamageType] // damage: its type for Rogue's Tale
	CoC       Reading[struct{}]         // Call of Cthulhu: Err when the options do not fit (coc_hp.go)
}

// HPResult is what /hp did, in the character's system.
type HPResult struct {
	System string
	Dnd5e  *HP5e
	Rogue  *HPRogue
	CoC    *HPCoC
	NPC    *HPNPC // an NPC's (npcact.go)
	// Others: the character is not the caller's (help to anyone's, or harm by a GM or a fellow combatant): the
	// reply names who did it.
	Others bool
}

// HP5e is a D&D 5e character's HP change.
type HP5e struct {
	Character *dnd5e.Character
	Change    *dnd5e.HPChange
	Hit       *Hit // damage: what followed for its concentration
}

// HPRogue is a Rogue's Tale character's HP change.
type HPRogue struct {
	Character *rogue.Character
	Damage    *rogue.DamageResult
	Heal      *rogue.HealResult
	WasDead   bool // heal: it was dead (and stays so)
	MaxBefore int  // max: the maximum before
}

// HP changes a character's hit points, by its system's rules. 5e damage to a concentrating character is followed
// by its CON save (DC max(10, half the damage after its defences)), or the loss of its spell when it can no
// longer concentrate, with the conditions the spell held.
func (t *Table) HP(ctx context.Context, c Caller, in HP, r dice.Roller) (*HPResult, error) {
	var out *HPResult
	err := t.update(ctx, c, r, func(s *scene) error {
		if in.Target != "" {
			res, npc, err := s.hpNPC(&in)
			if npc {
				out = res
				return err
			}
			in.Character = in.Target // a character by name
		}
		res, err := rulesOf(s.actingSystem(in.Character)).hp(s, &in)
		if res != nil {
			res.Others = s.others(in.Character)
		}
		out = res
		return err
	})
	return out, err
}

// edit5e is the acting 5e character, for a change (owner or GM only).
func (s *scene) edit5e(name string) (*Creature, error) {
	ch, err := s.editable(name)
	if err != nil {
		return nil, err
	}
	cr := s.character(ch)
	if err := cr.as5e(); err != nil {
		return nil, err
	}
	cr.dirty = true
	return cr, nil
}

// editRogue is the acting Rogue's Tale character, for a change (owner or GM only).
func (s *scene) editRogue(name string) (*Creature, error) {
	cr, err := s.rogueActor(name)
	if err != nil {
		return nil, err
	}
	cr.dirty = true
	return cr, nil
}

// hpTarget is the character /hp changes, once the change is allowed: damage harms it and healing or temporary HP
// help it, with the caller's active character acting (authz.go); a new maximum edits it (owner or GM).
func (s *scene) hpTarget(name string, kind HPKind) (*Creature, error) {
	ch, err := s.acting(name)
	if err != nil {
		return nil, err
	}
	cr := s.character(ch)
	if kind == HPMax {
		if !s.canEdit(ch) {
			return nil, fail("char.err.not_owner", "Name", ch.Name)
		}
	} else {
		actor, err := s.actor()
		if err != nil {
			return nil, err
		}
		if err := s.harmOrHelp(actor, cr, kind == HPDamage); err != nil {
			return nil, err
		}
	}
	cr.dirty = true
	return cr, nil
}

// others reports whether the named character (else the caller's active one) is not the caller's.
func (s *scene) others(name string) bool {
	ch, err := s.acting(name)
	return err == nil && ch.OwnerID != s.c.UserID
}

func (rules5e) hp(s *scene, in *HP) (*HPResult, error) {
	if in.Kind == HPDamage && in.Dnd5e.Err != nil {
		return nil, in.Dnd5e.Err
	}
	cr, err := s.hpTarget(in.Character, in.Kind)
	if err != nil {
		return nil, err
	}
	if err := cr.as5e(); err != nil {
		return nil, err
	}
	c := cr.d5
	var ch *dnd5e.HPChange
	switch in.Kind {
	case HPDamage:
		if ch, err = c.Damage(in.Amount, in.Dnd5e.In, in.Crit); err != nil {
			return nil, err
		}
		taken := ch.Amount
		if ch.Defence != nil {
			taken = ch.Defence.Final
		}
		if err := cr.concentrate(taken, ch, s.r); err != nil {
			return nil, err
		}
	case HPHeal:
		ch, err = c.Heal(in.Amount)
	case HPTemp:
		ch, err = c.SetTempHP(in.Amount)
	case HPMax:
		ch, err = c.SetMaxHP(in.Amount)
	}
	if err != nil {
		return nil, err
	}
	if err := s.settle(cr); err != nil {
		return nil, err
	}
	out := &HP5e{Character: c, Change: ch}
	if in.Kind == HPDamage {
		out.Hit = s.hit(cr, ch)
	}
	return &HPResult{System: System5e, Dnd5e: out}, nil
}

func (rulesRogue) hp(s *scene, in *HP) (*HPResult, error) {
	if in.Kind == HPTemp {
		return nil, fail("rt.hp.err.no_temp")
	}
	if in.Kind == HPDamage && in.Rogue.Err != nil {
		return nil, in.Rogue.Err
	}
	cr, err := s.hpTarget(in.Character, in.Kind)
	if err != nil {
		return nil, err
	}
	if err := cr.asRogue(); err != nil {
		return nil, err
	}
	c := cr.rt
	out := &HPRogue{Character: c}
	switch in.Kind {
	case HPDamage:
		loc := rogue.Body
		if in.Crit {
			loc = rogue.Head
		}
		out.Damage, err = c.TakeDamage(rogue.Damage{Amount: in.Amount, Type: in.Rogue.In, Location: loc}, s.r)
	case HPHeal:
		out.WasDead = c.Dead()
		h := c.Heal(in.Amount)
		out.Heal = &h
	case HPMax:
		out.MaxBefore = c.MaxHP
		err = SetRogueMaxHP(c, in.Amount)
	}
	if err != nil {
		return nil, err
	}
	return &HPResult{System: SystemRogue, Rogue: out}, nil
}

// SetRogueMaxHP sets a Rogue's Tale maximum HP: the A6 formula plus bonus HP, so the bonus is what lies above the
// formula.
func SetRogueMaxHP(c *rogue.Character, n int) error {
	formula := max(1, c.HPFormula())
	if n < formula {
		return fail("rt.err.max_hp_below_formula", "Value", n, "Formula", formula)
	}
	return c.Update(func(cp *rogue.Character) { cp.BonusHP = n - c.HPFormula() })
}
