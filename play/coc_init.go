package play

import (
	"encoding/json"

	"rulekeeper/rules/coc"
	"rulekeeper/rules/encounter"
	"rulekeeper/store"
)

// /init in a Call of Cthulhu encounter (coc digest §7.1): the order is DEX, +50 with a readied firearm; nothing is
// rolled, ties keep the order of arrival (G9).

// joinCoC gives a joining CoC character its order value from its sheet's DEX; mode, bonus and total do not apply.
func (s *scene) joinCoC(ch *store.Character, in InitJoin, entry *encounter.CharacterEntry) error {
	if in.Given {
		return fail("cthulhu.err.init_order")
	}
	cr := s.character(ch)
	if err := cr.asCoC(); err != nil {
		return err
	}
	if cr.cc.Has(coc.Dead) {
		return fail(coc.ErrIsDead, "Name", cr.cc.Name)
	}
	v := coc.Initiative(cr.cc.Scores.DEX, in.Firearm)
	entry.InitOptions = encounter.InitOptions{Fixed: &v}
	return nil
}

// NewCoCNPC is a Call of Cthulhu NPC for /init add: its DEX (the order), a readied firearm, and its numbers.
type NewCoCNPC struct {
	DEX     int
	Firearm bool
	Stats   CoCNPC
}

// addCoCNPC sets a CoC NPC's order value and numbers.
func addCoCNPC(in InitAdd, entry *encounter.NPCEntry) error {
	if in.CoC.Err != nil {
		return in.CoC.Err
	}
	n := in.CoC.In
	if n.DEX < coc.MinChar || n.DEX > coc.MaxChar {
		return &coc.Error{Code: coc.ErrBadChar, Args: map[string]any{"Char": string(coc.DEX), "Value": n.DEX,
			"Min": coc.MinChar, "Max": coc.MaxChar}}
	}
	v := coc.Initiative(n.DEX, n.Firearm)
	entry.InitOptions = encounter.InitOptions{Fixed: &v}
	n.Stats.DEX = n.DEX // point-blank range for its gun
	data, err := json.Marshal(cocNPCStats{CoC: &n.Stats})
	if err != nil {
		return err
	}
	entry.Stats = data
	return nil
}
