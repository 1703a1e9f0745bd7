package rogue

import "rulekeeper/rules/dice"

// Action is what a creature does with its turn, as far as regeneration cares.
type Action string

// Actions.
const (
	ActionAct  Action = "act"  // anything else (attack, cast, use an item)
	ActionMove Action = "move" // energy regeneration on 2D6 + STA ≥ 10 (A8)
	ActionRest Action = "rest" // health regeneration (A7) and energy on ≥ 7 (A8)
)

// Key is the catalog key of the action's name.
func (a Action) Key() string {
	switch a {
	case ActionAct:
		return "rogue.action.act"
	case ActionMove:
		return "rogue.action.move"
	case ActionRest:
		return "rogue.action.rest"
	}
	return ""
}

// ParseAction accepts act, move, rest ("" = act).
func ParseAction(s string) (Action, error) {
	a := Action(norm(s))
	if a == "" {
		return ActionAct, nil
	}
	if a.Key() == "" {
		return "", newError(ErrUnknownOption, "Option", "action", "Value", s)
	}
	return a, nil
}

// TurnOptions describe one turn of a creature.
type TurnOptions struct {
	Action Action // "" = act; with haste, both actions are of this kind
	NoFood bool   // the creature has nothing edible (Curse of Gluttony frenzies it instead)
}

// Regen is one regeneration check.
type Regen struct {
	Check  *CheckResult `json:"check"`
	Gained int          `json:"gained"` // 1 on a success
}

// TurnResult is one turn of a creature.
type TurnResult struct {
	Action        Action         `json:"action"`
	Lost          bool           `json:"lost,omitempty"`    // the creature could not act
	LostBy        string         `json:"lost_by,omitempty"` // catalog key of why: the curse (Sloth, Gluttony), an incapacitating state, or a slow effect
	Forced        []State        `json:"forced,omitempty"`  // states forcing its action (it must attack/pick up …, else it loses the turn)
	SlowChecks    []*CheckResult `json:"slow_checks,omitempty"`
	HasteRolls    []Roll2        `json:"haste_rolls,omitempty"` // one 2D6 per haste effect; any ≥ 8 gives a second action
	Actions       int            `json:"actions"`               // actions taken: 0, 1 or 2
	FoodCost      int            `json:"food_cost"`             // turns taken off each of the hunger and thirst counters
	HungerBefore  TrackState     `json:"hunger_before"`
	HungerAfter   TrackState     `json:"hunger_after"`
	ThirstBefore  TrackState     `json:"thirst_before"`
	ThirstAfter   TrackState     `json:"thirst_after"`
	HealthRegen   []*Regen       `json:"health_regen,omitempty"`
	EnergyRegen   []*Regen       `json:"energy_regen,omitempty"`
	NoHealthRegen string         `json:"no_health_regen,omitempty"` // resting without health regeneration: catalog key of the track level that blocks it
	NoEnergyRegen bool           `json:"no_energy_regen,omitempty"` // Famished or Parched
	Triggers      []TriggerRoll  `json:"triggers,omitempty"`
	Events        []Event        `json:"events,omitempty"`
	Aura          *AuraRoll      `json:"aura,omitempty"` // the creature's aura: apply to neighbours with ApplyAura
	HPBefore      int            `json:"hp_before"`
	HPAfter       int            `json:"hp_after"`
	EnergyBefore  int            `json:"energy_before"`
	EnergyAfter   int            `json:"energy_after"`
	Dead          bool           `json:"dead,omitempty"`
}

// CanRegenHealth reports the resting precondition (A7): one track Satiated
// or above and the other at least Not Hungry / Not Thirsty. blocker is the
// catalog key of the level that prevents it.
func (c *Character) CanRegenHealth() (ok bool, blocker string) {
	h, t := Level(c.Hunger), Level(c.Thirst)
	if (h >= LevelSatiated && t >= LevelNotHungry) || (t >= LevelSatiated && h >= LevelNotHungry) {
		return true, ""
	}
	if h <= t {
		return false, TrackHunger.LevelKey(h)
	}
	return false, TrackThirst.LevelKey(t)
}

// HealthRegenDifficulty is 12, or 10 when both tracks are Satiated or above (A7).
func (c *Character) HealthRegenDifficulty() int {
	if Level(c.Hunger) >= LevelSatiated && Level(c.Thirst) >= LevelSatiated {
		return 10
	}
	return 12
}

func (c *Character) regenCheck(difficulty int, poison PoisonID, reroll string, r dice.Roller) (*Regen, error) {
	mods := c.checkMods(Sta)
	if pw, ok := c.poisonPower(poison); ok && pw > 0 {
		mods = append(mods, Mod{poison.Key(), -pw})
	}
	cfm, _ := c.FumbleMod()
	csm, _ := c.CritMod()
	ck, err := Roll(Check{Mods: mods, Difficulty: difficulty, FumbleMod: cfm, CritMod: csm, RerollSuccess: reroll}, r)
	if err != nil {
		return nil, err
	}
	g := &Regen{Check: ck}
	if ck.Success {
		g.Gained = 1
	}
	return g, nil
}

// healthRegen: one rest action's health check (A7), with Leeching Poison's
// −P and Deadly Poison's re-roll of a success (A28).
func (c *Character) healthRegen(r dice.Roller) (*Regen, error) {
	reroll := ""
	if c.hasEffect(KindPoison, string(PoisonDeadly)) {
		reroll = PoisonDeadly.Key()
	}
	g, err := c.regenCheck(c.HealthRegenDifficulty(), PoisonLeeching, reroll, r)
	if err != nil {
		return nil, err
	}
	g.Gained = c.Heal(g.Gained).Amount
	return g, nil
}

// energyRegen: one rest or move action's energy check (A8), with Draining
// Poison's −P and Curse of Sloth's re-roll of a success.
func (c *Character) energyRegen(difficulty int, r dice.Roller) (*Regen, error) {
	reroll := ""
	if c.hasEffect(KindCurse, string(CurseSloth)) {
		reroll = CurseSloth.Key()
	}
	g, err := c.regenCheck(difficulty, PoisonDraining, reroll, r)
	if err != nil {
		return nil, err
	}
	if g.Gained > 0 {
		g.Gained = min(g.Gained, c.MaxEnergy-c.Energy)
		c.Energy += g.Gained
	}
	return g, nil
}

// Turn plays one turn of the creature and applies it:
//  1. its used defences come back (one use each per turn, A17);
//  2. a lost turn (Curse of Sloth/Gluttony) or an incapacitating state stops it;
//     otherwise one slow check per slow effect, 2D6 + STA ≥ 7 + power, any
//     failure loses the whole turn and cancels haste (A13, G-A19);
//  3. the action; then one 2D6 per haste effect, any ≥ 8 gives a second action;
//  4. regeneration for each rest or move action (A7, A8);
//  5. hunger and thirst: each action costs 1 + the number of haste effects on
//     each track; a lost turn still costs one action's worth (time passes);
//  6. end of turn: burning and Renewing Touch, every lingering effect's
//     trigger roll (A26–A29), 1 damage per track out of range (A11),
//     durations count down, and the aura is rolled (A10).
//
// An error (from the roller) changes nothing.
func (c *Character) Turn(o TurnOptions, r dice.Roller) (*TurnResult, error) {
	cp := c.Clone()
	res, err := cp.turn(o, r)
	if err != nil {
		return nil, err
	}
	*c = *cp
	return res, nil
}

func (c *Character) turn(o TurnOptions, r dice.Roller) (*TurnResult, error) {
	if c.Dead() {
		return nil, newError(ErrDead, "Name", c.Name)
	}
	act, err := ParseAction(string(o.Action))
	if err != nil {
		return nil, err
	}
	res := &TurnResult{Action: act, HPBefore: c.HP, EnergyBefore: c.Energy,
		HungerBefore: trackState(TrackHunger, c.Hunger), ThirstBefore: trackState(TrackThirst, c.Thirst)}
	c.Used = DefenceUse{}
	for i := range c.Effects {
		c.Effects[i].fresh = false
	}

	switch s, helpless := c.Helpless(); {
	case c.LoseTurn:
		res.Lost, res.LostBy = true, c.LoseTurnBy
		if res.LostBy == "" {
			res.LostBy = KindCurse.Key() // an older sheet: only curses cost a turn
		}
		c.LoseTurn, c.LoseTurnBy = false, ""
	case helpless:
		res.Lost, res.LostBy = true, s.Key()
	default:
		cfm, _ := c.FumbleMod()
		csm, _ := c.CritMod()
		for _, e := range c.SlowEffects() {
			ck, err := Roll(Check{Mods: c.checkMods(Sta), Difficulty: min(7+e.Power, MaxDifficulty), FumbleMod: cfm, CritMod: csm}, r)
			if err != nil {
				return nil, err
			}
			res.SlowChecks = append(res.SlowChecks, ck)
			if !ck.Success && !res.Lost {
				res.Lost, res.LostBy = true, e.Key()
			}
		}
	}
	if !res.Lost {
		res.Actions = 1
		res.Forced = c.Forced()
		for range c.HasteCount() {
			h, err := roll2d6(0, r)
			if err != nil {
				return nil, err
			}
			h.Outcome = OutcomeFailure
			if h.Natural >= 8 {
				h.Outcome = OutcomeSuccess
				res.Actions = 2
			}
			res.HasteRolls = append(res.HasteRolls, h)
		}
		for range res.Actions {
			if err := c.regen(act, res, r); err != nil {
				return nil, err
			}
		}
	}

	res.FoodCost = (1 + c.HasteCount()) * max(res.Actions, 1)
	c.Hunger = max(c.Hunger-res.FoodCost, -MaxCounter)
	c.Thirst = max(c.Thirst-res.FoodCost, -MaxCounter)

	ev, err := c.perTurn(r)
	if err != nil {
		return nil, err
	}
	res.Events = append(res.Events, ev...)
	trig, ev, err := c.resolveEffects(turnContext{noFood: o.NoFood}, r)
	if err != nil {
		return nil, err
	}
	res.Triggers = trig
	res.Events = append(res.Events, ev...)
	for _, t := range []Track{TrackHunger, TrackThirst} {
		counter := c.Hunger
		if t == TrackThirst {
			counter = c.Thirst
		}
		if Overflow(counter) && !c.Dead() {
			dr, err := c.TakeDamage(Damage{Amount: 1, OverTime: true}, r)
			if err != nil {
				return nil, err
			}
			res.Events = append(res.Events, Event{Type: EventOverflow, Track: t, Amount: dr.Final, Damage: dr})
		}
	}
	res.Events = append(res.Events, c.tick()...)
	if !c.Dead() {
		if res.Aura, err = c.RollAura(r); err != nil {
			return nil, err
		}
	}
	res.HungerAfter, res.ThirstAfter = trackState(TrackHunger, c.Hunger), trackState(TrackThirst, c.Thirst)
	res.HPAfter, res.EnergyAfter, res.Dead = c.HP, c.Energy, c.Dead()
	return res, nil
}

// regen makes one action's regeneration checks.
func (c *Character) regen(act Action, res *TurnResult, r dice.Roller) error {
	if act == ActionRest && c.HP < c.MaxHP {
		if ok, why := c.CanRegenHealth(); !ok {
			res.NoHealthRegen = why
		} else {
			g, err := c.healthRegen(r)
			if err != nil {
				return err
			}
			res.HealthRegen = append(res.HealthRegen, g)
		}
	}
	if (act == ActionRest || act == ActionMove) && c.Energy < c.MaxEnergy {
		if c.Starved() {
			res.NoEnergyRegen = true
			return nil
		}
		d := 7
		if act == ActionMove {
			d = 10
		}
		g, err := c.energyRegen(d, r)
		if err != nil {
			return err
		}
		res.EnergyRegen = append(res.EnergyRegen, g)
	}
	return nil
}

// MaxRestTurns bounds one Rest call.
const MaxRestTurns = 1000

// RestResult sums up several rest turns.
type RestResult struct {
	Turns         int        `json:"turns"` // turns rested (fewer than asked if the creature died)
	HPBefore      int        `json:"hp_before"`
	HPAfter       int        `json:"hp_after"`
	EnergyBefore  int        `json:"energy_before"`
	EnergyAfter   int        `json:"energy_after"`
	HealthChecks  int        `json:"health_checks"`
	HealthGained  int        `json:"health_gained"`
	EnergyChecks  int        `json:"energy_checks"`
	EnergyGained  int        `json:"energy_gained"`
	Lost          int        `json:"lost,omitempty"`            // turns lost (asleep, slowed, …)
	Triggered     int        `json:"triggered,omitempty"`       // lingering-effect triggers
	NoHealthRegen string     `json:"no_health_regen,omitempty"` // the last blocking level, if health could not regenerate
	NoEnergyRegen bool       `json:"no_energy_regen,omitempty"`
	Events        []Event    `json:"events,omitempty"` // every event, with its Turn
	HungerAfter   TrackState `json:"hunger_after"`
	ThirstAfter   TrackState `json:"thirst_after"`
	Dead          bool       `json:"dead,omitempty"`
}

// Rest plays turns rest turns (1..MaxRestTurns) with Turn, stopping early if
// the creature dies. Aura rolls of the rest are not reported (there is no one
// to apply them to in a multi-turn rest).
func (c *Character) Rest(turns int, o TurnOptions, r dice.Roller) (*RestResult, error) {
	if turns < 1 || turns > MaxRestTurns {
		return nil, newError(ErrBadTurns, "Turns", turns, "Max", MaxRestTurns)
	}
	if c.Dead() {
		return nil, newError(ErrDead, "Name", c.Name)
	}
	cp := c.Clone()
	res := &RestResult{HPBefore: c.HP, EnergyBefore: c.Energy}
	o.Action = ActionRest
	for i := 1; i <= turns && !cp.Dead(); i++ {
		t, err := cp.turn(o, r)
		if err != nil {
			return nil, err
		}
		res.Turns = i
		if t.Lost {
			res.Lost++
		}
		for _, g := range t.HealthRegen {
			res.HealthChecks++
			res.HealthGained += g.Gained
		}
		for _, g := range t.EnergyRegen {
			res.EnergyChecks++
			res.EnergyGained += g.Gained
		}
		for _, tr := range t.Triggers {
			if tr.Triggered {
				res.Triggered++
			}
		}
		if t.NoHealthRegen != "" {
			res.NoHealthRegen = t.NoHealthRegen
		}
		res.NoEnergyRegen = res.NoEnergyRegen || t.NoEnergyRegen
		for _, e := range t.Events {
			e.Turn = i
			res.Events = append(res.Events, e)
		}
	}
	*c = *cp
	res.HPAfter, res.EnergyAfter, res.Dead = c.HP, c.Energy, c.Dead()
	res.HungerAfter, res.ThirstAfter = trackState(TrackHunger, c.Hunger), trackState(TrackThirst, c.Thirst)
	return res, nil
}
