package play

import "rulekeeper/rules/coc"

// HPCoC is what /hp did to a Call of Cthulhu character: a hit's wound (a major wound rolls CON to stay conscious),
// healing at the Keeper's word, or a new maximum.
type HPCoC struct {
	Character *coc.Character
	Wound     *coc.WoundResult // damage
	Heal      *coc.HealResult  // heal
	MaxBefore int              // max: the maximum before
}

// hp: damage is one hit, already net of armour (the guild's death rule); temporary hit points do not exist in CoC.
func (rulesCoC) hp(s *scene, in *HP) (*HPResult, error) {
	if in.Kind == HPTemp {
		return nil, fail("cthulhu.err.no_temp_hp")
	}
	if in.CoC.Err != nil {
		return nil, in.CoC.Err
	}
	cr, err := s.editCoC(in.Character)
	if err != nil {
		return nil, err
	}
	c := cr.cc
	out := &HPCoC{Character: c}
	switch in.Kind {
	case HPDamage:
		rule, err := s.cocDeath()
		if err != nil {
			return nil, err
		}
		out.Wound, err = c.TakeDamage(s.r, in.Amount, rule)
		if err != nil {
			return nil, err
		}
	case HPHeal:
		if out.Heal, err = c.Heal(in.Amount); err != nil {
			return nil, err
		}
	case HPMax:
		if in.Amount < 1 || in.Amount > coc.MaxPool {
			return nil, &coc.Error{Code: coc.ErrBadPoolMax, Args: map[string]any{"Pool": string(coc.StatHP),
				"Value": in.Amount, "Min": 1, "Max": coc.MaxPool}}
		}
		out.MaxBefore = c.MaxHP
		c.MaxHP, c.HP = in.Amount, min(c.HP, in.Amount)
		if err := c.Validate(); err != nil {
			return nil, err
		}
	}
	return &HPResult{System: SystemCoC, CoC: out}, nil
}
