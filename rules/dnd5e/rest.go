package dnd5e

import (
	"fmt"
	"time"

	"rulekeeper/rules/dice"
)

// RestResult reports a short or a long rest.
type RestResult struct {
	Long bool `json:"long"`
	// Short rest: the Hit Dice rolls. With CON mod ≥ 0 all dice are one roll
	// ("2d10+4"); with a negative CON mod each die is its own roll ("1d8-1")
	// so that each heals at least 0 (G-B3).
	Rolls            []*dice.Result `json:"roll,omitempty"`
	Notations        []string       `json:"notations,omitempty"`
	HitDiceSpent     int            `json:"hit_dice_spent,omitempty"`
	Rolled           int            `json:"rolled,omitempty"`            // Σ max(0, die + CON mod)
	HitDiceRegain    int            `json:"hit_dice_regained,omitempty"` // long rest
	HitDiceBefore    int            `json:"hit_dice_before"`
	HitDiceAfter     int            `json:"hit_dice_after"`
	HP               HPChange       `json:"hp"` // Applied = HP regained (capped at max)
	ExhaustionBefore int            `json:"exhaustion_before"`
	ExhaustionAfter  int            `json:"exhaustion_after"`
	SlotsRestored    int            `json:"slots_restored,omitempty"` // spell slots regained (long rest)
	TempHPLost       int            `json:"temp_hp_lost,omitempty"`   // temp HP end with a long rest
	DeathSavesReset  bool           `json:"death_saves_reset,omitempty"`
	Removed          []Condition    `json:"removed,omitempty"` // unconscious, if a stable character woke
	NextLongRest     time.Time      `json:"next_long_rest,omitzero"`
	// EffectsEnded: the effects the rest ended (until a rest, turn-bound, or run out during it).
	EffectsEnded []ActiveEffect `json:"effects_ended,omitempty"`
	// Reset: the feature resources and counters the rest restored.
	Reset []ResetItem `json:"reset,omitempty"`
}

// ShortRest spends n Hit Dice (0 allowed: a rest with no healing). Each die
// heals max(0, roll + CON mod), capped at the effective max HP. Refused for the
// dead and the dying; a stable character at 0 HP may rest and wakes if healed.
func (c *Character) ShortRest(n int, r dice.Roller) (*RestResult, error) {
	switch c.State {
	case Dead:
		return nil, newError(ErrIsDead, "Name", c.Name)
	case Dying:
		return nil, newError(ErrRestWhileDying, "Name", c.Name)
	}
	if n < 0 {
		return nil, newError(ErrBadAmount, "Amount", n, "Max", c.HitDice)
	}
	if n > c.HitDice {
		return nil, newError(ErrNotEnoughHitDice, "Want", n, "Have", c.HitDice)
	}
	res := &RestResult{HitDiceBefore: c.HitDice, ExhaustionBefore: c.Exhaustion, ExhaustionAfter: c.Exhaustion}
	saves := c.DeathSaves
	con := c.Mod(Con)
	die := c.HitDie()
	var notations []string
	switch {
	case n == 0:
	case con >= 0:
		notations = []string{fmt.Sprintf("%dd%d%s", n, die, signed(n*con))}
	default:
		for range n {
			notations = append(notations, fmt.Sprintf("1d%d%s", die, signed(con)))
		}
	}
	for _, nt := range notations {
		roll, err := dice.Roll(nt, r)
		if err != nil {
			return nil, err
		}
		res.Rolls = append(res.Rolls, roll)
		res.Rolled += max(0, roll.Total)
	}
	res.Notations = notations
	res.HitDiceSpent = n
	c.HitDice -= n
	c.restEnds(res, false)
	res.HitDiceAfter = c.HitDice
	ch := c.hpSnapshot(res.Rolled)
	c.heal(res.Rolled, ch)
	res.HP = *c.hpFinish(ch)
	res.Removed = ch.Removed
	res.DeathSavesReset = saves != (DeathSaves{}) && c.DeathSaves == (DeathSaves{})
	return res, nil
}

// LongRest takes a long rest ending at now. Refused within 24 h of the last
// one (the error's Hours/Minutes say how long is left, rounded up to the
// minute), for the dead, and below 1 HP. Effects, in order: exhaustion −1
// (food and drink assumed), HP to the (new) effective max, temp HP end, Hit
// Dice regained up to half the level (at least 1, rounded down), every spell
// slot restored, death-save tallies reset.
func (c *Character) LongRest(now time.Time) (*RestResult, error) {
	return c.LongRestCooldown(now, LongRestEvery)
}

// LongRestCooldown is LongRest with another wait between long rests (a guild's long_rest_cooldown): every ≤ 0 means
// none (a GM's forced rest, or a table that tracks its days by hand).
func (c *Character) LongRestCooldown(now time.Time, every time.Duration) (*RestResult, error) {
	if c.State == Dead {
		return nil, newError(ErrIsDead, "Name", c.Name)
	}
	if !c.LastLongRest.IsZero() && every > 0 {
		next := c.LastLongRest.Add(every)
		if now.Before(next) {
			left := next.Sub(now)
			mins := int((left + time.Minute - 1) / time.Minute)
			return nil, newError(ErrLongRestTooSoon, "Hours", mins/60, "Minutes", mins%60, "Until", next,
				"Every", int((every+time.Hour-1)/time.Hour))
		}
	}
	if c.HP < 1 {
		return nil, newError(ErrLongRestNeedsHP, "Name", c.Name)
	}
	res := &RestResult{Long: true, HitDiceBefore: c.HitDice, ExhaustionBefore: c.Exhaustion}
	c.restEnds(res, true)
	ch := c.hpSnapshot(0)
	if c.Exhaustion > 0 {
		var cc ConditionChange
		c.setExhaustion(c.Exhaustion-1, &cc)
	}
	res.ExhaustionAfter = c.Exhaustion
	ch.Amount = c.EffectiveMaxHP() - c.HP
	c.heal(ch.Amount, ch)
	res.TempHPLost = c.TempHP
	c.TempHP = 0
	regain := max(1, c.Level/2)
	c.HitDice = min(c.Level, c.HitDice+regain)
	res.HitDiceRegain = c.HitDice - res.HitDiceBefore
	res.HitDiceAfter = c.HitDice
	for i := range c.SpellSlots {
		res.SlotsRestored += c.SpellSlots[i].Used
		c.SpellSlots[i].Used = 0
	}
	res.DeathSavesReset = c.DeathSaves != DeathSaves{}
	c.DeathSaves = DeathSaves{}
	c.LastLongRest = now
	if every > 0 {
		res.NextLongRest = now.Add(every)
	}
	res.HP = *c.hpFinish(ch)
	return res, nil
}

// restEnds ends the effects a rest ends (before its healing, so that an
// ended max_hp effect caps the hit points first) and restores the resources
// it restores.
func (c *Character) restEnds(res *RestResult, long bool) {
	kept, ended := restEffects(c.Effects, long)
	c.replaceEffects(kept)
	res.EffectsEnded = ended
	res.Reset = append(c.restResources(long), c.restCounters(long)...)
}
