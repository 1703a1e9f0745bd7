package rogue

import (
	"strconv"

	"rulekeeper/rules/dice"
)

// SecondaryEffect is a damage type's secondary effect put on a creature
// (A9.2–A9.3): fire sets it burning, frost slows it, shock shocks it, poison
// and disease give it a random poison or disease. Physical, magic and trap
// damage have none.
type SecondaryEffect struct {
	Type     DamageType    `json:"type"`
	Picked   *Rolled       `json:"picked,omitempty"`   // the random poison or disease (1d11 / 1d9, table order)
	Duration *Rolled       `json:"duration,omitempty"` // the rolled duration
	Change   *EffectChange `json:"change,omitempty"`   // the effect as added (Refused says why not); nil when it lasts no turn
}

// SufferSecondary puts the secondary effect of damage type typ on the
// creature, with X the source's STA bonus. The effects and durations are the
// orbs' (A24–A25), the only place the sources spell them out: burning (D3
// fire per turn) for D6 + X turns; a slow effect of power X for D6 + X
// turns; shocked for X/2 turns (floor, G-A19: nothing when that is 0); a
// random poison or disease of power X for (D6 + X)×10 turns. Decision: an
// aura's secondary effect on a vulnerable creature (A10.3) uses the same
// table, with X the aura bearer's STA bonus. It returns nil for a type
// without a secondary effect. Immunity is the caller's test (AddEffect
// refuses only what it knows: poison, disease, burning, shock).
func (c *Character) SufferSecondary(typ DamageType, x int, r dice.Roller) (*SecondaryEffect, error) {
	x = min(max(x, 0), MaxPower)
	se := &SecondaryEffect{Type: typ}
	var e Effect
	dur := ""
	switch typ {
	case Fire:
		e, dur = Effect{Kind: KindState, ID: string(Burning), Power: x}, joinNotation("1d6", signed(x))
	case Frost:
		e, dur = Effect{Kind: KindSlow, Power: x}, joinNotation("1d6", signed(x))
	case Shock:
		if x/2 == 0 {
			return se, nil
		}
		e = Effect{Kind: KindState, ID: string(Shocked), Turns: x / 2}
	case Poison, Disease:
		n := len(poisonTable)
		if typ == Disease {
			n = len(diseaseTable)
		}
		p, err := rollAmount("1d"+strconv.Itoa(n), r)
		if err != nil {
			return nil, err
		}
		se.Picked = p
		e = Effect{Kind: KindPoison, ID: string(Poisons()[p.Total-1]), Power: x}
		if typ == Disease {
			e = Effect{Kind: KindDisease, ID: string(Diseases()[p.Total-1].ID), Power: x}
		}
		dur = d6x10(x)
	default:
		return nil, nil
	}
	if dur != "" {
		d, err := rollAmount(dur, r)
		if err != nil {
			return nil, err
		}
		se.Duration, e.Turns = d, min(max(d.Total, 1), MaxTurns)
	}
	ch, err := c.AddEffect(e)
	if err != nil {
		return nil, err
	}
	se.Change = ch
	return se, nil
}
