package dnd5e

import (
	"rulekeeper/rules/dice"
)

// HPChange reports what a change of hit points did.
type HPChange struct {
	Amount        int         `json:"amount"`              // as requested
	Type          DamageType  `json:"type,omitempty"`      // damage type ("" = untyped / already resolved)
	Defence       *DamagePart `json:"defence,omitempty"`   // damage only: Raw = Amount, Final after the sheet's defences
	Effects       []Effect    `json:"effects,omitempty"`   // petrified resist_all, …
	TempAbsorbed  int         `json:"temp_absorbed"`       // damage taken by temp HP
	Applied       int         `json:"applied"`             // HP actually lost (damage) or gained (healing)
	Overflow      int         `json:"overflow,omitempty"`  // damage left over after reaching 0 HP
	HPBefore      int         `json:"hp_before"`           //
	HPAfter       int         `json:"hp_after"`            //
	TempBefore    int         `json:"temp_before"`         //
	TempAfter     int         `json:"temp_after"`          //
	MaxBefore     int         `json:"max_before"`          // effective max HP
	MaxAfter      int         `json:"max_after"`           //
	StateBefore   State       `json:"state_before"`        //
	StateAfter    State       `json:"state_after"`         //
	InstantDeath  bool        `json:"instant_death"`       // massive damage (B7.1/B7.4)
	FailuresAdded int         `json:"failures_added"`      // death-save failures from damage at 0 HP (1, 2 on a crit)
	DeathSaves    DeathSaves  `json:"death_saves"`         // tallies after
	Added         []Condition `json:"added,omitempty"`     // conditions added (unconscious, prone)
	Removed       []Condition `json:"removed,omitempty"`   // conditions removed (unconscious)
	NoEffect      bool        `json:"no_effect,omitempty"` // nothing changed (e.g. damage to the dead)
	// Prevented names the effect that changed the outcome: death ward kept the
	// character at 1 HP (and ended), or no_healing stopped the healing.
	Prevented string `json:"prevented,omitempty"`
	// KnockedOut: a nonlethal melee hit dropped the character to 0 HP: unconscious and stable (B7.6).
	KnockedOut bool `json:"knocked_out,omitempty"`
}

func (c *Character) hpSnapshot(amount int) *HPChange {
	return &HPChange{
		Amount: amount, HPBefore: c.HP, TempBefore: c.TempHP, MaxBefore: c.EffectiveMaxHP(),
		StateBefore: c.State,
	}
}

func (c *Character) hpFinish(ch *HPChange) *HPChange {
	ch.HPAfter, ch.TempAfter, ch.MaxAfter, ch.StateAfter = c.HP, c.TempHP, c.EffectiveMaxHP(), c.State
	ch.DeathSaves = c.DeathSaves
	return ch
}

// Damage applies amount damage of type typ (crit: whether it came from a
// critical hit). The sheet's own immunities, resistances and vulnerabilities
// (and petrified) are applied for a typed amount; an untyped amount meets
// only petrified's resistance to all damage. Damage already resolved against
// this character (AttackResult.Damage.Total computed with c.AsTarget()) goes
// through DamageResolved instead.
//
// Temp HP absorbs first. Dropping to 0 HP: if the damage left over is ≥ the
// (effective) max HP the character dies (massive damage); otherwise it is
// dying and gains unconscious and prone. Damage at 0 HP adds one death-save
// failure (two on a crit) and kills outright when ≥ max HP; a stable character
// starts dying again. Damage fully absorbed by temp HP has no further effect.
// Damage to the dead changes nothing (NoEffect).
func (c *Character) Damage(amount int, typ DamageType, crit bool) (*HPChange, error) {
	return c.damage(amount, typ, crit, false)
}

// DamageResolved applies damage whose defences were already applied (an
// attack's or a spell's total against this character): nothing is resisted
// again; otherwise it behaves as Damage.
func (c *Character) DamageResolved(amount int, crit bool) (*HPChange, error) {
	return c.damage(amount, "", crit, true)
}

// KnockOut applies resolved damage from a melee attack made to knock out (B7.6): when it drops the character
// from above 0 HP to 0, the character falls unconscious and is stable instead of dying, whatever the damage left
// over (no death from massive damage), and the change says KnockedOut. Damage to a character already at 0 HP is
// ordinary damage (DamageResolved).
func (c *Character) KnockOut(amount int, crit bool) (*HPChange, error) {
	if c.HP == 0 || c.State != Conscious {
		return c.DamageResolved(amount, crit)
	}
	ch, err := c.damage(amount, "", crit, true)
	if err != nil || c.HP > 0 || c.State == Stable {
		return ch, err
	}
	// damage made it dying (or dead from the damage left over): knocked out instead.
	c.State, c.DeathSaves = Stable, DeathSaves{}
	if !c.HasCondition(Unconscious) {
		ch.Added = c.addImplied(Unconscious)
	}
	ch.InstantDeath, ch.KnockedOut = false, true
	return c.hpFinish(ch), nil
}

func (c *Character) damage(amount int, typ DamageType, crit, resolved bool) (*HPChange, error) {
	if amount < 0 || amount > MaxHPLimit {
		return nil, newError(ErrBadAmount, "Amount", amount, "Max", MaxHPLimit)
	}
	if typ != "" && !typ.Valid() {
		return nil, newError(ErrUnknownDamageType, "Type", string(typ))
	}
	ch := c.hpSnapshot(amount)
	ch.Type = typ
	if c.State == Dead {
		ch.NoEffect = true
		return c.hpFinish(ch), nil
	}
	t := c.AsTarget()
	if typ != "" {
		p := ResolveDamage(amount, typ, t)
		ch.Defence = &p
	} else {
		// Untyped: only petrified's resistance to all damage applies.
		ch.Defence = &DamagePart{Raw: amount, Final: amount}
		if t.has(Petrified) && !resolved {
			ch.Defence.applyDefences(t, true)
		}
	}
	if t.has(Petrified) && !resolved {
		ch.Effects = append(ch.Effects, Effect{Condition: Petrified, Effect: EffectResistAll})
	}
	dmg := ch.Defence.Final
	ch.TempAbsorbed = min(c.TempHP, dmg)
	c.TempHP -= ch.TempAbsorbed
	dmg -= ch.TempAbsorbed
	if dmg == 0 {
		ch.NoEffect = ch.TempAbsorbed == 0
		return c.hpFinish(ch), nil
	}
	maxHP := c.EffectiveMaxHP()
	if c.HP > 0 {
		ch.Applied = min(c.HP, dmg)
		ch.Overflow = dmg - ch.Applied
		c.HP -= ch.Applied
		if c.HP == 0 && c.deathWard(ch) {
			return c.hpFinish(ch), nil
		}
		if c.HP > 0 {
			return c.hpFinish(ch), nil
		}
		if ch.Overflow >= maxHP {
			ch.InstantDeath = true
			c.die()
			return c.hpFinish(ch), nil
		}
		c.State = Dying
		c.DeathSaves = DeathSaves{}
		ch.Added = c.addImplied(Unconscious)
		return c.hpFinish(ch), nil
	}
	// Already at 0 HP (dying or stable).
	ch.Overflow = dmg
	if dmg >= maxHP {
		ch.InstantDeath = true
		c.die()
		return c.hpFinish(ch), nil
	}
	c.State = Dying
	ch.FailuresAdded = 1
	if crit {
		ch.FailuresAdded = 2
	}
	c.DeathSaves.Failures = min(3, c.DeathSaves.Failures+ch.FailuresAdded)
	if c.DeathSaves.Failures >= 3 {
		c.die()
	}
	return c.hpFinish(ch), nil
}

// die marks the character dead at 0 HP.
func (c *Character) die() {
	c.HP = 0
	c.State = Dead
}

// Heal restores amount HP, capped at the effective max HP. At 0 HP any
// healing wakes the character: conscious, death saves reset, unconscious
// removed (prone stays: it has to stand up). Refused for the dead.
func (c *Character) Heal(amount int) (*HPChange, error) {
	if amount < 0 || amount > MaxHPLimit {
		return nil, newError(ErrBadAmount, "Amount", amount, "Max", MaxHPLimit)
	}
	if c.State == Dead {
		return nil, newError(ErrIsDead, "Name", c.Name)
	}
	ch := c.hpSnapshot(amount)
	c.heal(amount, ch)
	return c.hpFinish(ch), nil
}

func (c *Character) heal(amount int, ch *HPChange) {
	if blocked, by := c.AsTarget().hasMod(ModNoHealing); blocked && amount > 0 {
		ch.Prevented, ch.NoEffect = by, true
		return
	}
	ch.Applied = max(0, min(amount, c.EffectiveMaxHP()-c.HP))
	if ch.Applied == 0 {
		ch.NoEffect = true
		return
	}
	wasDown := c.HP == 0
	c.HP += ch.Applied
	if wasDown {
		c.wake(ch)
	}
}

// wake: a character at 0 HP regained HP.
func (c *Character) wake(ch *HPChange) {
	c.State = Conscious
	c.DeathSaves = DeathSaves{}
	if c.removeCondition(Unconscious) {
		ch.Removed = append(ch.Removed, Unconscious)
	}
}

// SetTempHP grants temporary HP. They never stack: the larger of the current
// and the new pool is kept (Applied is the gain, 0 when the old pool is kept).
// Temp HP do not wake a character at 0 HP. Refused for the dead.
func (c *Character) SetTempHP(amount int) (*HPChange, error) {
	if amount < 0 || amount > MaxHPLimit {
		return nil, newError(ErrBadAmount, "Amount", amount, "Max", MaxHPLimit)
	}
	if c.State == Dead {
		return nil, newError(ErrIsDead, "Name", c.Name)
	}
	ch := c.hpSnapshot(amount)
	if amount > c.TempHP {
		ch.Applied = amount - c.TempHP
		c.TempHP = amount
	} else {
		ch.NoEffect = true
	}
	return c.hpFinish(ch), nil
}

// ClearTempHP drops all temporary HP (e.g. when the granting effect ends).
func (c *Character) ClearTempHP() *HPChange {
	ch := c.hpSnapshot(0)
	c.TempHP = 0
	return c.hpFinish(ch)
}

// SetMaxHP changes the (unexhausted) HP maximum; current HP is capped at the
// new effective maximum. It never changes the state.
func (c *Character) SetMaxHP(maxHP int) (*HPChange, error) {
	if maxHP < 1 || maxHP > MaxHPLimit {
		return nil, newError(ErrBadMaxHP, "MaxHP", maxHP, "Min", 1, "Max", MaxHPLimit)
	}
	ch := c.hpSnapshot(maxHP)
	c.MaxHP = maxHP
	c.HP = min(c.HP, c.EffectiveMaxHP())
	return c.hpFinish(ch), nil
}

// DeathOutcome is the verdict of one death saving throw.
type DeathOutcome string

// Death-save outcomes.
const (
	DeathSuccess       DeathOutcome = "success"        // total ≥ 10
	DeathFailure       DeathOutcome = "failure"        // total < 10
	DeathDoubleFailure DeathOutcome = "double_failure" // natural 1: two failures
	DeathRevived       DeathOutcome = "revived"        // natural 20: 1 HP, conscious
)

// Key is the catalog key of the outcome ("dnd5e.deathsave.success"), or "".
func (o DeathOutcome) Key() string {
	switch o {
	case DeathSuccess:
		return "dnd5e.deathsave.success"
	case DeathFailure:
		return "dnd5e.deathsave.failure"
	case DeathDoubleFailure:
		return "dnd5e.deathsave.double_failure"
	case DeathRevived:
		return "dnd5e.deathsave.revived"
	}
	return ""
}

// DeathSaveResult is one death saving throw.
type DeathSaveResult struct {
	Bonus       string       `json:"bonus,omitempty"`
	Mode        Mode         `json:"mode"`
	Cancelled   bool         `json:"cancelled,omitempty"`
	Effects     []Effect     `json:"effects,omitempty"` // exhaustion 3+: disadvantage
	Notation    string       `json:"notation"`
	Roll        *dice.Result `json:"roll,omitempty"`
	Natural     int          `json:"natural"`
	Total       int          `json:"total"`
	Outcome     DeathOutcome `json:"outcome"`
	DeathSaves  DeathSaves   `json:"death_saves"` // tallies after (reset to 0/0 on stable or revived; 3 failures stay when dead)
	StateBefore State        `json:"state_before"`
	StateAfter  State        `json:"state_after"` // dying, stable (3 successes), dead (3 failures), conscious (natural 20)
	HP          int          `json:"hp"`
	Removed     []Condition  `json:"removed,omitempty"`      // unconscious, on a natural 20
	Applied     []Applied    `json:"applied,omitempty"`      // effects on every save (bless)
	EffectBonus string       `json:"effect_bonus,omitempty"` // what they added to the roll, labelled
}

// DeathSave rolls a death saving throw: a d20 with no modifier (o.Bonus for
// effects that boost every save, such as bless; o.Mode if something grants
// advantage; o.DC is ignored). ≥ 10 succeeds; natural 1 = two failures;
// natural 20 = 1 HP and conscious. 3 successes → stable (tallies reset);
// 3 failures → dead. Refused above 0 HP, when stable, and when dead.
func (c *Character) DeathSave(r dice.Roller, o RollOptions) (*DeathSaveResult, error) {
	if err := c.mustBeDying(); err != nil {
		return nil, err
	}
	o.DC = 0
	if err := o.validate(); err != nil {
		return nil, err
	}
	res := &DeathSaveResult{Bonus: o.Bonus, StateBefore: c.State}
	t := c.AsTarget()
	fx := gatherD20(t.Effects, rollQuery{scope: ScopeDeathSave}, false)
	res.Effects = append(optionEffects(o.Mode), t.deathSaveEffects()...)
	res.Effects = append(res.Effects, fx.modes...)
	res.Applied, res.EffectBonus = fx.applied, fx.notation
	res.Mode, res.Cancelled = ResolveMode(res.Effects)
	res.Notation = d20Notation(res.Mode, 0, o.Bonus) + fx.notation
	roll, err := dice.Roll(res.Notation, r)
	if err != nil {
		return nil, err
	}
	res.Roll, res.Natural, res.Total = roll, roll.Natural, roll.Total
	fillApplied(res.Applied, roll)
	switch {
	case res.Natural == 20:
		res.Outcome = DeathRevived
		ch := &HPChange{}
		c.HP = 1
		c.wake(ch)
		res.Removed = ch.Removed
	case res.Natural == 1:
		res.Outcome = DeathDoubleFailure
		c.DeathSaves.Failures = min(3, c.DeathSaves.Failures+2)
	case res.Total >= deathSaveDC:
		res.Outcome = DeathSuccess
		c.DeathSaves.Successes++
	default:
		res.Outcome = DeathFailure
		c.DeathSaves.Failures++
	}
	switch {
	case c.DeathSaves.Failures >= 3:
		c.die()
	case c.DeathSaves.Successes >= 3:
		c.State = Stable
		c.DeathSaves = DeathSaves{}
	}
	res.DeathSaves, res.StateAfter, res.HP = c.DeathSaves, c.State, c.HP
	return res, nil
}

func (c *Character) mustBeDying() error {
	switch c.State {
	case Dead:
		return newError(ErrIsDead, "Name", c.Name)
	case Stable:
		return newError(ErrAlreadyStable, "Name", c.Name)
	case Conscious:
		return newError(ErrNotDying, "Name", c.Name, "HP", c.HP)
	}
	return nil
}

// StabilizeOptions says how a dying character is stabilized.
type StabilizeOptions struct {
	// Kit: a healer's kit (or spare the dying): stabilizes with no check.
	Kit bool
	// Healer, if set, rolls its own WIS (Medicine) check (its skill bonus and conditions apply).
	Healer *Character
	// MedicineBonus is the healer's Medicine bonus when Healer is nil (an NPC or a player without a sheet).
	MedicineBonus int
	// Roll options for the Medicine check (mode, bonus); the DC is always 10.
	Roll RollOptions
}

// StabilizeDC is the DC of the first-aid Medicine check.
const StabilizeDC = 10

// StabilizeResult is a stabilization attempt.
type StabilizeResult struct {
	Kit         bool        `json:"kit,omitempty"`
	Check       *RollResult `json:"check,omitempty"` // the Medicine check; nil with a kit
	Success     bool        `json:"success"`
	StateBefore State       `json:"state_before"`
	StateAfter  State       `json:"state_after"`
}

// Stabilize tries to stabilize a dying character: with a kit, no roll;
// otherwise a DC 10 WIS (Medicine) check by the helper. Success → stable,
// tallies reset, still unconscious at 0 HP. Refused unless dying.
func (c *Character) Stabilize(r dice.Roller, o StabilizeOptions) (*StabilizeResult, error) {
	if err := c.mustBeDying(); err != nil {
		return nil, err
	}
	res := &StabilizeResult{Kit: o.Kit, StateBefore: c.State}
	if !o.Kit {
		ro := o.Roll
		ro.DC = StabilizeDC
		var err error
		if o.Healer != nil {
			res.Check, err = o.Healer.SkillCheck(Medicine, r, ro)
		} else {
			if o.MedicineBonus < -MaxAttackMod || o.MedicineBonus > MaxAttackMod {
				return nil, newError(ErrBadToHit, "ToHit", o.MedicineBonus, "Max", MaxAttackMod)
			}
			if err := ro.validate(); err != nil {
				return nil, err
			}
			res.Check, err = rollD20(&RollResult{Kind: KindSkillCheck, Ability: Wis, Skill: Medicine, Modifier: o.MedicineBonus}, nil, nil, rollQuery{}, ro, r)
		}
		if err != nil {
			return nil, err
		}
	}
	res.Success = o.Kit || res.Check.Outcome == OutcomeSuccess
	if res.Success {
		c.State = Stable
		c.DeathSaves = DeathSaves{}
	}
	res.StateAfter = c.State
	return res, nil
}

// TargetDamage is the result of Target.TakeDamage.
type TargetDamage struct {
	Amount       int  `json:"amount"`
	TempAbsorbed int  `json:"temp_absorbed"`
	HPBefore     int  `json:"hp_before"`
	HPAfter      int  `json:"hp_after"`
	TempBefore   int  `json:"temp_before"`
	TempAfter    int  `json:"temp_after"`
	Down         bool `json:"down"` // reached 0 HP
}

// TakeDamage applies already-resolved damage to an NPC target: temp HP first,
// then HP, never below 0. NPCs make no death saves; Down says it dropped.
func (t *Target) TakeDamage(amount int) TargetDamage {
	amount = max(0, amount)
	d := TargetDamage{Amount: amount, HPBefore: t.HP, TempBefore: t.TempHP}
	d.TempAbsorbed = min(max(0, t.TempHP), amount)
	t.TempHP -= d.TempAbsorbed
	t.HP = max(0, t.HP-(amount-d.TempAbsorbed))
	d.HPAfter, d.TempAfter = t.HP, t.TempHP
	d.Down = t.HP == 0
	return d
}

// deathWard: the character would drop to 0 HP from damage; a death ward
// effect keeps it at 1 HP instead and ends (it reports true).
func (c *Character) deathWard(ch *HPChange) bool {
	for _, e := range c.Effects {
		for _, m := range e.Mods {
			if m.Kind == ModDeathWard {
				c.HP = 1
				ch.Applied--
				ch.Overflow = 0
				ch.Prevented = e.ID
				c.dropEffects(func(x ActiveEffect) bool { return x.ID == e.ID })
				return true
			}
		}
	}
	return false
}
