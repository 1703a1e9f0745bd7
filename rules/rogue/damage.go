package rogue

import (
	"strconv"

	"rulekeeper/rules/dice"
)

// Damage is damage about to be dealt to a creature.
type Damage struct {
	Amount   int        `json:"amount"`
	Type     DamageType `json:"type,omitempty"`      // "" = physical
	Location Location   `json:"location,omitempty"`  // "" = body; critical hits strike the head (helmet resistance)
	OverTime bool       `json:"over_time,omitempty"` // bleeding, burning, curses, poisons, diseases: ignore resistances (A9)
	Aura     bool       `json:"aura,omitempty"`      // aura damage: resistance floor((body + head) / 2) (A10.4)
}

// EffectTurns records a lasting effect shortened by damage.
type EffectTurns struct {
	Source string  `json:"source"` // the effect's catalog key
	Before int     `json:"before"`
	After  int     `json:"after"` // 0 = ended
	Roll   *Rolled `json:"roll,omitempty"`
}

// DamageResult is what a hit did to a creature.
type DamageResult struct {
	Type       DamageType    `json:"type"`
	Location   Location      `json:"location"`
	Amount     int           `json:"amount"`                // incoming
	AuraImmune bool          `json:"aura_immune,omitempty"` // the target's aura is of this type: no damage (A10.3)
	Weak       bool          `json:"weak,omitempty"`        // vulnerability: doubled (A9.3)
	Resistance int           `json:"resistance,omitempty"`  // the resistance that applied
	Resisted   int           `json:"resisted,omitempty"`    // damage it stopped
	Final      int           `json:"final"`                 // damage dealt (unresisted damage)
	HPBefore   int           `json:"hp_before"`
	HPAfter    int           `json:"hp_after"`
	Dead       bool          `json:"dead,omitempty"`
	Woke       bool          `json:"woke,omitempty"` // the damage ended sleep
	Shortened  []EffectTurns `json:"shortened,omitempty"`
	Soul       bool          `json:"soul,omitempty"` // it died under Capture Soul: its soul went into a gem
}

// TakeDamage applies damage (A9): an aura creature takes no damage of its
// aura's type; vulnerability doubles it; then resistance of the hit location
// is subtracted (not for magic, trap or over-time damage; aura damage uses the
// floored average of body and head). Decision: doubling comes before
// resistance (the digest is silent on the order). Damage taken wakes a
// sleeper, shortens Renewing Touch to Y turns and Demonic Visage by
// (damage)D6 turns (A23, A25).
func (c *Character) TakeDamage(d Damage, r dice.Roller) (*DamageResult, error) {
	if d.Amount < 0 || d.Amount > MaxHPLimit {
		return nil, newError(ErrBadAmount, "Amount", d.Amount, "Max", MaxHPLimit)
	}
	if d.Type == "" {
		d.Type = Physical
	}
	if !d.Type.Valid() {
		return nil, newError(ErrUnknownDamageType, "Type", string(d.Type))
	}
	if d.Location == "" {
		d.Location = Body
	}
	res := &DamageResult{Type: d.Type, Location: d.Location, Amount: d.Amount, HPBefore: c.HP}
	amount := d.Amount
	switch {
	case c.Aura != "" && c.Aura == d.Type:
		res.AuraImmune = true
		amount = 0
	case c.IsWeak(d.Type):
		res.Weak = true
		amount *= 2
	}
	if amount > 0 && d.Type.Resistible() && !d.OverTime {
		res.Resistance = c.Resistance(d.Type, d.Location)
		if d.Aura {
			res.Resistance = (c.Resistance(d.Type, Body) + c.Resistance(d.Type, Head)) / 2
		}
		res.Resisted = min(res.Resistance, amount)
		amount -= res.Resisted
	}
	res.Final = amount
	c.HP = max(c.HP-amount, 0)
	res.HPAfter = c.HP
	res.Dead = c.HP == 0
	if amount > 0 {
		if _, ok := c.RemoveEffect(KindState, string(Asleep)); ok {
			res.Woke = true
		}
		if e, ok := c.effect(KindSpell, string(RenewingTouch)); ok && (e.Turns == 0 || e.Turns > e.Value) {
			res.Shortened = append(res.Shortened, EffectTurns{Source: e.Key(), Before: e.Turns, After: e.Value})
			e.Turns = e.Value
			if e.Turns == 0 {
				c.RemoveEffect(KindSpell, string(RenewingTouch))
			}
		}
		if e, ok := c.effect(KindSpell, string(DemonicVisage)); ok {
			sh, err := c.shorten(e, amount, r)
			if err != nil {
				return nil, err
			}
			res.Shortened = append(res.Shortened, sh)
		}
	}
	if res.Dead && c.hasSpellEffect(CaptureSoul) {
		res.Soul = true
	}
	return res, nil
}

// shorten takes (damage)D6 turns off a lasting spell (Demonic Visage,
// Mirror Image); the dice count is capped at 100, enough to end any duration.
func (c *Character) shorten(e *Effect, damage int, r dice.Roller) (EffectTurns, error) {
	am, err := rollAmount(strconv.Itoa(min(damage, 100))+"d6", r)
	if err != nil {
		return EffectTurns{}, err
	}
	sh := EffectTurns{Source: e.Key(), Before: e.Turns, Roll: am}
	e.Turns = max(e.Turns-am.Total, 0)
	sh.After = e.Turns
	if e.Turns == 0 {
		c.RemoveEffect(e.Kind, e.ID)
	}
	return sh, nil
}

// HitMirrorImage applies a hit on the caster's mirror image: every hit
// removes (damage)D6 turns of Mirror Image (A24).
func (c *Character) HitMirrorImage(damage int, r dice.Roller) (*EffectTurns, error) {
	if damage < 0 || damage > MaxHPLimit {
		return nil, newError(ErrBadAmount, "Amount", damage, "Max", MaxHPLimit)
	}
	e, ok := c.effect(KindSpell, string(MirrorImage))
	if !ok {
		return nil, newError(ErrEffectAbsent, "Name", c.Name, "Kind", string(KindSpell))
	}
	if damage == 0 {
		return &EffectTurns{Source: e.Key(), Before: e.Turns, After: e.Turns}, nil
	}
	sh, err := c.shorten(e, damage, r)
	return &sh, err
}

// HealResult is a change of HP upwards.
type HealResult struct {
	Amount int `json:"amount"` // HP actually gained
	Before int `json:"before"`
	After  int `json:"after"`
}

// Heal adds up to n HP (never above MaxHP; the dead are not healed).
func (c *Character) Heal(n int) HealResult {
	h := HealResult{Before: c.HP}
	if n > 0 && c.HP > 0 {
		c.HP = min(c.HP+n, c.MaxHP)
	}
	h.After = c.HP
	h.Amount = h.After - h.Before
	return h
}

// SetHP sets the current HP (0..MaxHP).
func (c *Character) SetHP(hp int) error {
	if hp < 0 || hp > c.MaxHP {
		return newError(ErrBadHP, "HP", hp, "Max", c.MaxHP)
	}
	c.HP = hp
	return nil
}

// SetEnergy sets the current energy (0..MaxEnergy).
func (c *Character) SetEnergy(e int) error {
	if e < 0 || e > c.MaxEnergy {
		return newError(ErrBadEnergy, "Energy", e, "Max", c.MaxEnergy)
	}
	c.Energy = e
	return nil
}

// AuraRoll is a creature's aura at the end of its turn (A10): D3 + STA mod
// (at least 0) to every creature within Radius (1; 2 for monsters). A monster's
// aura deals ×1.5 (floored) to adjacent creatures only (G-A8): Adjacent.
type AuraRoll struct {
	Type     DamageType `json:"type"`
	Roll     *Rolled    `json:"roll"`
	Amount   int        `json:"amount"`   // at distance 2 (monsters), and adjacent for non-monsters
	Adjacent int        `json:"adjacent"` // at distance 1
	Radius   int        `json:"radius"`
	Monster  bool       `json:"monster,omitempty"`
	X        int        `json:"x,omitempty"` // the bearer's STA bonus: X of the secondary effect on a vulnerable creature
}

// RollAura rolls the creature's aura; nil when it has none.
func (c *Character) RollAura(r dice.Roller) (*AuraRoll, error) {
	if c.Aura == "" {
		return nil, nil
	}
	am, err := rollAmount("1d3"+signed(c.Mod(Sta)), r)
	if err != nil {
		return nil, err
	}
	a := &AuraRoll{Type: c.Aura, Roll: am, Amount: max(am.Total, 0), Radius: 1, Monster: c.Monster, X: Bonus(c.Mod(Sta))}
	a.Adjacent = a.Amount
	if c.Monster {
		a.Radius = 2
		a.Adjacent = a.Amount * 3 / 2
	}
	return a, nil
}

// AuraHit is what an aura did to one creature.
type AuraHit struct {
	Distance  int              `json:"distance"`
	Amount    int              `json:"amount"`
	Heal      *HealResult      `json:"heal,omitempty"`      // the target has the same aura: healed instead (A10.1)
	Damage    *DamageResult    `json:"damage,omitempty"`    // otherwise: damage (never a crit, resistance averaged)
	Secondary bool             `json:"secondary,omitempty"` // the target is vulnerable: the type's secondary effect applies (A10.3)
	Effect    *SecondaryEffect `json:"effect,omitempty"`    // that secondary effect, as put on the target (nil when immune)
}

// ApplyAura applies an aura roll to a creature at distance (1 = adjacent;
// the distance in squares, max(|dx|, |dy|)). A vulnerable creature always
// suffers the aura type's secondary effect (A9.3, A10.3), put on it here with
// the bearer's X (see SufferSecondary); immunity to the type stops it.
func ApplyAura(a *AuraRoll, target *Character, distance int, r dice.Roller) (*AuraHit, error) {
	if a == nil || distance < 1 || distance > a.Radius {
		return nil, newError(ErrBadDistance, "Max", 2)
	}
	h := &AuraHit{Distance: distance, Amount: a.Amount}
	if distance == 1 {
		h.Amount = a.Adjacent
	}
	if target.Aura == a.Type {
		hr := target.Heal(h.Amount)
		h.Heal = &hr
		return h, nil
	}
	dr, err := target.TakeDamage(Damage{Amount: h.Amount, Type: a.Type, Aura: true}, r)
	if err != nil {
		return nil, err
	}
	h.Damage = dr
	h.Secondary = target.IsWeak(a.Type)
	if h.Secondary && !target.Dead() && !target.IsImmune(Immunity(a.Type)) {
		if h.Effect, err = target.SufferSecondary(a.Type, a.X, r); err != nil {
			return nil, err
		}
	}
	return h, nil
}
