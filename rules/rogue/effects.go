package rogue

import (
	"slices"
	"strconv"

	"rulekeeper/rules/dice"
)

// EffectKind is the kind of a lingering effect.
type EffectKind string

// Effect kinds.
const (
	KindCurse   EffectKind = "curse"   // ID: a Curse
	KindPoison  EffectKind = "poison"  // ID: a PoisonID
	KindDisease EffectKind = "disease" // ID: a DiseaseID
	KindState   EffectKind = "state"   // ID: a State
	KindSpell   EffectKind = "spell"   // ID: a Spell (a lasting spell: Divine Grace, Mage Armour, Renewing Touch, …)
	KindHaste   EffectKind = "haste"   // ID "": one haste effect (A13)
	KindSlow    EffectKind = "slow"    // ID "": one slow effect; Power is its power-level modifier (A13)
)

// EffectKinds lists the kinds.
func EffectKinds() []EffectKind {
	return []EffectKind{KindCurse, KindPoison, KindDisease, KindState, KindSpell, KindHaste, KindSlow}
}

// Key is the catalog key of the kind's name.
func (k EffectKind) Key() string {
	switch k {
	case KindCurse:
		return "rogue.effect.curse"
	case KindPoison:
		return "rogue.effect.poison"
	case KindDisease:
		return "rogue.effect.disease"
	case KindState:
		return "rogue.effect.state"
	case KindSpell:
		return "rogue.effect.spell"
	case KindHaste:
		return "rogue.effect.haste"
	case KindSlow:
		return "rogue.effect.slow"
	}
	return ""
}

// ParseEffectKind accepts a kind id in any case.
func ParseEffectKind(s string) (EffectKind, error) {
	k := EffectKind(norm(s))
	if k.Key() == "" {
		return "", newError(ErrUnknownEffect, "Kind", s, "ID", "")
	}
	return k, nil
}

// Effect is a lingering effect on a creature: a curse, poison, disease,
// state, lasting spell, haste or slow, with its power level P and the turns
// left (0 = until removed).
type Effect struct {
	Kind  EffectKind `json:"kind"`
	ID    string     `json:"id,omitempty"`
	Power int        `json:"power,omitempty"` // P: power level / potency; the caster's STA bonus for spell-made effects (A26)
	Turns int        `json:"turns,omitempty"` // turns left; 0 = until removed
	Value int        `json:"value,omitempty"` // spell amount: Mage Armour's resistance bonus, Renewing Touch's Y
	fresh bool       // added or extended during the current end of turn: not ticked this turn
}

// Powered reports whether the effect's power level changes how it works,
// so that a reply shows it: the per-turn trigger on a natural 2 + P of
// curses, poisons and diseases (A26) and the poisons' always-on −P (A28),
// and a slow effect's check 7 + P (A13). For states, lasting spells and
// haste the power only sets the difficulty of removing the effect (A22.3:
// 7 + P), and is usually 0 — not worth a "power 0".
func (e Effect) Powered() bool {
	switch e.Kind {
	case KindCurse, KindPoison, KindDisease, KindSlow:
		return true
	}
	return false
}

// Key is the catalog key of the effect's name (the curse, poison, disease,
// state or spell; "rogue.effect.haste"/"rogue.effect.slow").
func (e Effect) Key() string {
	switch e.Kind {
	case KindCurse:
		return Curse(e.ID).Key()
	case KindPoison:
		return PoisonID(e.ID).Key()
	case KindDisease:
		return DiseaseID(e.ID).Key()
	case KindState:
		return State(e.ID).Key()
	case KindSpell:
		return Spell(e.ID).Key()
	}
	return e.Kind.Key()
}

func (e Effect) validate() error {
	switch e.Kind {
	case KindHaste, KindSlow:
		if e.ID != "" {
			return newError(ErrUnknownEffect, "Kind", string(e.Kind), "ID", e.ID)
		}
	default:
		if e.Kind.Key() == "" || e.Key() == "" {
			return newError(ErrUnknownEffect, "Kind", string(e.Kind), "ID", e.ID)
		}
	}
	if e.Power < 0 || e.Power > MaxPower {
		return newError(ErrBadPower, "Power", e.Power, "Max", MaxPower)
	}
	if e.Turns < 0 || e.Turns > MaxTurns {
		return newError(ErrBadTurns, "Turns", e.Turns, "Max", MaxTurns)
	}
	if e.Value < -MaxModifier || e.Value > MaxModifier {
		return newError(ErrBadModifier, "Value", e.Value, "Max", MaxModifier)
	}
	return nil
}

// ParseEffect builds an effect from the bot's options: kind, id, power, turns.
func ParseEffect(kind, id string, power, turns int) (Effect, error) {
	k, err := ParseEffectKind(kind)
	if err != nil {
		return Effect{}, err
	}
	e := Effect{Kind: k, ID: norm(id), Power: power, Turns: turns}
	return e, e.validate()
}

// EffectChange is the result of adding an effect.
type EffectChange struct {
	Effect  Effect `json:"effect"`            // as stored (after halving and merging)
	Added   bool   `json:"added"`             // false when refused
	Merged  bool   `json:"merged,omitempty"`  // the creature already had it: the stronger power and longer duration kept
	Halved  bool   `json:"halved,omitempty"`  // Strong Will halved the duration
	Refused string `json:"refused,omitempty"` // catalog key of why not: an immunity, Strong Will (halved to 0), or an aura
}

// AddEffect puts a lingering effect on the creature. Immunity stops
// secondary effects (A9.2): poisons on a poison-immune creature, diseases on
// a disease-immune one, burning with fire immunity, shock with shock
// immunity. Strong Will halves (floor) the durations of charm, envy, fear,
// frenzy, greed, lust and reckless (A21). Adding a curse, poison, disease,
// state or spell already present keeps the higher power and the longer
// duration; haste and slow effects always add up (each one rolls).
func (c *Character) AddEffect(e Effect) (*EffectChange, error) {
	if err := e.validate(); err != nil {
		return nil, err
	}
	ch := &EffectChange{Effect: e}
	if why := c.refuses(e); why != "" {
		ch.Refused = why
		return ch, nil
	}
	if e.Kind == KindState && State(e.ID).strongWillHalves() && c.HasTalent(StrongWill) && e.Turns > 0 {
		e.Turns /= 2
		ch.Halved = true
		if e.Turns == 0 {
			ch.Refused = StrongWill.Key()
			ch.Effect = e
			return ch, nil
		}
	}
	e.fresh = true
	if e.Kind != KindHaste && e.Kind != KindSlow {
		for i := range c.Effects {
			x := &c.Effects[i]
			if x.Kind == e.Kind && x.ID == e.ID {
				x.Power = max(x.Power, e.Power)
				if x.Turns != 0 && (e.Turns == 0 || e.Turns > x.Turns) {
					x.Turns = e.Turns
				}
				x.Value = max(x.Value, e.Value)
				x.fresh = true
				ch.Effect, ch.Added, ch.Merged = *x, true, true
				return ch, nil
			}
		}
	}
	if len(c.Effects) >= MaxEffects {
		return nil, newError(ErrTooManyEffects, "Max", MaxEffects)
	}
	c.Effects = append(c.Effects, e)
	ch.Effect, ch.Added = e, true
	return ch, nil
}

// refuses returns the catalog key of the immunity that stops e, or "".
func (c *Character) refuses(e Effect) string {
	var im Immunity
	switch {
	case e.Kind == KindPoison:
		im = Immunity(Poison)
	case e.Kind == KindDisease:
		im = Immunity(Disease)
	case e.Kind == KindState && State(e.ID) == Burning:
		im = Immunity(Fire)
	case e.Kind == KindState && State(e.ID) == Shocked:
		im = Immunity(Shock)
	default:
		return ""
	}
	if c.IsImmune(im) {
		return im.Key()
	}
	return ""
}

// AddState adds a state for turns turns (see AddEffect).
func (c *Character) AddState(s State, turns int) (*EffectChange, error) {
	return c.AddEffect(Effect{Kind: KindState, ID: string(s), Turns: turns})
}

// RemoveEffect removes the first effect of the kind (and id, if not "");
// it reports what it removed.
func (c *Character) RemoveEffect(kind EffectKind, id string) (Effect, bool) {
	for i, e := range c.Effects {
		if e.Kind == kind && (id == "" || e.ID == id) {
			c.Effects = slices.Delete(c.Effects, i, i+1)
			return e, true
		}
	}
	return Effect{}, false
}

// HasState reports whether the creature has state s.
func (c *Character) HasState(s State) bool { return c.hasEffect(KindState, string(s)) }

func (c *Character) hasEffect(k EffectKind, id string) bool {
	for _, e := range c.Effects {
		if e.Kind == k && e.ID == id {
			return true
		}
	}
	return false
}

func (c *Character) hasSpellEffect(s Spell) bool { return c.hasEffect(KindSpell, string(s)) }

func (c *Character) effect(k EffectKind, id string) (*Effect, bool) {
	for i := range c.Effects {
		if c.Effects[i].Kind == k && c.Effects[i].ID == id {
			return &c.Effects[i], true
		}
	}
	return nil, false
}

// Helpless returns the incapacitating state (asleep, paralysed, shocked,
// stunned) if the creature has one (A16).
func (c *Character) Helpless() (State, bool) {
	for _, e := range c.Effects {
		if e.Kind == KindState && State(e.ID).Incapacitating() {
			return State(e.ID), true
		}
	}
	return "", false
}

// Forced lists the states that force the creature's action this turn.
func (c *Character) Forced() []State {
	var out []State
	for _, e := range c.Effects {
		if e.Kind == KindState && State(e.ID).Forcing() {
			out = append(out, State(e.ID))
		}
	}
	return out
}

// poisonPower returns the power of poison p on the creature, and whether it has it.
func (c *Character) poisonPower(p PoisonID) (int, bool) {
	if e, ok := c.effect(KindPoison, string(p)); ok {
		return e.Power, true
	}
	return 0, false
}

// HasteCount is the number of haste effects.
func (c *Character) HasteCount() int {
	n := 0
	for _, e := range c.Effects {
		if e.Kind == KindHaste {
			n++
		}
	}
	return n
}

// SlowEffects lists the slow effects with their power (A13): each slow
// effect, Slowing Poison and Paralytic Poison (both count as slow effects, A28).
func (c *Character) SlowEffects() []Effect {
	var out []Effect
	for _, e := range c.Effects {
		if e.Kind == KindSlow || (e.Kind == KindPoison && (PoisonID(e.ID) == PoisonSlowing || PoisonID(e.ID) == PoisonParalytic)) {
			out = append(out, e)
		}
	}
	return out
}

// EventType is what happened at the end of a turn (or during an action).
type EventType string

// Event types (catalog keys rogue.event.<type>; see EventType.Key for the
// template arguments each message takes).
const (
	EventDamage        EventType = "damage"         // Source, Amount (final damage)
	EventHeal          EventType = "heal"           // Source, Amount
	EventState         EventType = "state"          // Source, State, Turns
	EventAbilityDamage EventType = "ability_damage" // Source, Attr, Amount
	EventEnergyLoss    EventType = "energy_loss"    // Source, Amount
	EventTrackLevel    EventType = "track_level"    // Source, Track: a level lost (Curse of Hunger/Thirst on a natural 2)
	EventTrackCounter  EventType = "track_counter"  // Source, Track, Amount: turns taken off the counter
	EventLoseTurn      EventType = "lose_turn"      // Source: the next turn is lost
	EventForcedEat     EventType = "forced_eat"     // Source: spends the next turn eating or drinking
	EventExpired       EventType = "expired"        // Source: the effect ended
	EventOverflow      EventType = "overflow"       // Track, Amount: 1 damage for a counter out of range
	EventImmune        EventType = "immune"         // Source: an immunity stopped the effect
	EventSlow          EventType = "slow"           // Source, Turns: a slow effect added
	EventDied          EventType = "died"           // Source
)

// EventTypes lists the event types.
func EventTypes() []EventType {
	return []EventType{EventDamage, EventHeal, EventState, EventAbilityDamage, EventEnergyLoss,
		EventTrackLevel, EventTrackCounter, EventLoseTurn, EventForcedEat, EventExpired, EventOverflow,
		EventImmune, EventSlow, EventDied}
}

// Key is the catalog key of the event's message. Its template takes the
// Event's fields by name: {{.Source}}, {{.State}}, {{.Attr}}, {{.Track}} are
// names the bot looks up (from Event.Source etc.), {{.Amount}} and {{.Turns}} numbers.
func (t EventType) Key() string {
	switch t {
	case EventDamage:
		return "rogue.event.damage"
	case EventHeal:
		return "rogue.event.heal"
	case EventState:
		return "rogue.event.state"
	case EventAbilityDamage:
		return "rogue.event.ability_damage"
	case EventEnergyLoss:
		return "rogue.event.energy_loss"
	case EventTrackLevel:
		return "rogue.event.track_level"
	case EventTrackCounter:
		return "rogue.event.track_counter"
	case EventLoseTurn:
		return "rogue.event.lose_turn"
	case EventForcedEat:
		return "rogue.event.forced_eat"
	case EventExpired:
		return "rogue.event.expired"
	case EventOverflow:
		return "rogue.event.overflow"
	case EventImmune:
		return "rogue.event.immune"
	case EventSlow:
		return "rogue.event.slow"
	case EventDied:
		return "rogue.event.died"
	}
	return ""
}

// Event is one consequence: of a lingering effect's trigger, of a per-turn
// effect, of an expiry, of overflowing hunger/thirst.
type Event struct {
	Type   EventType     `json:"type"`
	Source string        `json:"source,omitempty"` // catalog key of the cause (curse, poison, disease, state, spell, rule)
	Power  int           `json:"power,omitempty"`
	Roll   *Rolled       `json:"roll,omitempty"` // the amount or duration roll
	Amount int           `json:"amount,omitempty"`
	State  State         `json:"state,omitempty"`
	Turns  int           `json:"turns,omitempty"`
	Attr   Attribute     `json:"attr,omitempty"`
	Track  Track         `json:"track,omitempty"`
	Damage *DamageResult `json:"damage,omitempty"`
	Turn   int           `json:"turn,omitempty"` // Rest: the turn (1-based) it happened in
}

// TriggerRoll is one per-turn trigger roll of a lingering effect (A26):
// it triggers on a natural 2D6 ≤ 2 + P.
type TriggerRoll struct {
	Source    string       `json:"source"` // the effect's catalog key
	Power     int          `json:"power"`
	Part      int          `json:"part,omitempty"` // diseases: 1 = ability damage, 2 = second effect (G-A16)
	Roll      *dice.Result `json:"-"`
	Dice      [2]int       `json:"dice"`
	Natural   int          `json:"natural"`
	Need      int          `json:"need"` // 2 + P
	Triggered bool         `json:"triggered"`
}

// Triggers reports whether a natural roll triggers an effect of power p.
func Triggers(nat, p int) bool { return nat <= 2+p }

// rollTrigger rolls one trigger check for an effect.
func rollTrigger(e Effect, part int, r dice.Roller) (TriggerRoll, error) {
	r2, err := roll2d6(0, r)
	if err != nil {
		return TriggerRoll{}, err
	}
	return TriggerRoll{Source: e.Key(), Power: e.Power, Part: part, Roll: r2.Roll, Dice: r2.Dice,
		Natural: r2.Natural, Need: 2 + e.Power, Triggered: Triggers(r2.Natural, e.Power)}, nil
}

// hasTrigger reports whether the effect rolls a per-turn trigger: every
// curse, every poison but Slowing (which acts through the slow check), every disease.
func (e Effect) hasTrigger() bool {
	switch e.Kind {
	case KindCurse, KindDisease:
		return true
	case KindPoison:
		return PoisonID(e.ID) != PoisonSlowing
	}
	return false
}

// turnContext is what the end of a turn needs to know that is not on the sheet.
type turnContext struct {
	noFood bool
}

// resolveEffects rolls every lingering effect's trigger and applies the
// consequences (A26–A29).
func (c *Character) resolveEffects(ctx turnContext, r dice.Roller) ([]TriggerRoll, []Event, error) {
	var rolls []TriggerRoll
	var events []Event
	n := len(c.Effects)
	snapshot := slices.Clone(c.Effects[:n])
	for _, e := range snapshot {
		if !e.hasTrigger() || c.Dead() {
			continue
		}
		parts := 1
		if e.Kind == KindDisease && DiseaseID(e.ID) != DiseaseDungeonFever {
			parts = 2 // G-A16: two independent rolls
		}
		for part := 1; part <= parts; part++ {
			p := 0
			if e.Kind == KindDisease && parts == 2 {
				p = part
			}
			tr, err := rollTrigger(e, p, r)
			if err != nil {
				return nil, nil, err
			}
			rolls = append(rolls, tr)
			if !tr.Triggered {
				continue
			}
			ev, err := c.trigger(e, p, tr.Natural, ctx, r)
			if err != nil {
				return nil, nil, err
			}
			events = append(events, ev...)
		}
	}
	return rolls, events, nil
}

// trigger applies one triggered effect. part: diseases 1 (ability damage) or 2.
func (c *Character) trigger(e Effect, part, nat int, ctx turnContext, r dice.Roller) ([]Event, error) {
	src, x := e.Key(), e.Power
	switch e.Kind {
	case KindCurse:
		return c.triggerCurse(Curse(e.ID), src, x, nat, ctx, r)
	case KindPoison:
		return c.triggerPoison(PoisonID(e.ID), src, x, r)
	case KindDisease:
		return c.triggerDisease(DiseaseID(e.ID), src, x, part, r)
	}
	return nil, nil
}

func (c *Character) triggerCurse(id Curse, src string, x, nat int, ctx turnContext, r dice.Roller) ([]Event, error) {
	switch id {
	case CurseAgony:
		return c.dotDamage(src, x, "1d3"+signed(x), Magic, r)
	case CurseEnvy:
		return c.stateFor(src, x, Envious, "1d6", r)
	case CurseGreed:
		return c.stateFor(src, x, Greedy, "1d6", r)
	case CurseLust:
		return c.stateFor(src, x, Lustful, "1d6", r)
	case CursePride:
		return c.stateFor(src, x, Reckless, "1d6", r) // G-A17: reckless
	case CurseWrath:
		return c.stateFor(src, x, Frenzied, "1d6", r)
	case CurseGluttony:
		if ctx.noFood {
			return c.stateFor(src, x, Frenzied, "1d6", r)
		}
		c.LoseTurn, c.LoseTurnBy = true, src
		return []Event{{Type: EventForcedEat, Source: src, Power: x}}, nil
	case CurseSloth:
		ev := []Event{}
		if c.Energy > 0 {
			c.Energy--
			ev = append(ev, Event{Type: EventEnergyLoss, Source: src, Power: x, Amount: 1})
		}
		c.LoseTurn, c.LoseTurnBy = true, src
		return append(ev, Event{Type: EventLoseTurn, Source: src, Power: x}), nil
	case CurseHunger, CurseThirst:
		t, p := TrackHunger, &c.Hunger
		if id == CurseThirst {
			t, p = TrackThirst, &c.Thirst
		}
		if nat == 2 { // only a natural 2 drops a level
			*p = LevelDown(*p)
			return []Event{{Type: EventTrackLevel, Source: src, Power: x, Track: t}}, nil
		}
		am, err := rollAmount(strconv.Itoa(4+x)+"d6", r)
		if err != nil {
			return nil, err
		}
		*p = max(*p-am.Total, -MaxCounter)
		return []Event{{Type: EventTrackCounter, Source: src, Power: x, Track: t, Roll: am, Amount: am.Total}}, nil
	}
	return nil, nil
}

func (c *Character) triggerPoison(id PoisonID, src string, x int, r dice.Roller) ([]Event, error) {
	switch id {
	case PoisonBlinding:
		return c.stateFor(src, x, Blinded, "1d6", r)
	case PoisonCharming:
		return c.stateFor(src, x, Charmed, "1d6", r)
	case PoisonConfusing:
		return c.stateFor(src, x, Confused, "1d6", r)
	case PoisonDeadly:
		return c.dotDamage(src, x, "1d3"+signed(x), Poison, r)
	case PoisonDeafening:
		return c.stateFor(src, x, Deafened, "1d6", r)
	case PoisonDraining:
		if c.IsImmune(ImmuneEnergyDrain) {
			return []Event{{Type: EventImmune, Source: ImmuneEnergyDrain.Key(), Power: x}}, nil
		}
		if c.Energy > 0 {
			c.Energy--
			return []Event{{Type: EventEnergyLoss, Source: src, Power: x, Amount: 1}}, nil
		}
		return nil, nil
	case PoisonLeeching:
		if c.IsImmune(ImmuneHealthDrain) {
			return []Event{{Type: EventImmune, Source: ImmuneHealthDrain.Key(), Power: x}}, nil
		}
		return c.dotDamage(src, x, "1d3"+signed(x), Poison, r)
	case PoisonParalytic:
		return c.stateFor(src, x, Paralysed, "1d6", r)
	case PoisonSilencing:
		return c.stateFor(src, x, Silenced, "1d6", r)
	case PoisonSleeping:
		return c.stateFor(src, x, Asleep, "1d6", r)
	}
	return nil, nil
}

func (c *Character) triggerDisease(id DiseaseID, src string, x, part int, r dice.Roller) ([]Event, error) {
	info, _ := id.Info()
	if id == DiseaseDungeonFever {
		// Decision: Dungeon Fever picks one of the other eight diseases (1d8, table
		// order) and that disease's effects both happen, with Dungeon Fever's power.
		pick, err := rollAmount("1d8", r)
		if err != nil {
			return nil, err
		}
		var others []DiseaseInfo
		for _, d := range Diseases() {
			if d.ID != DiseaseDungeonFever {
				others = append(others, d)
			}
		}
		o := others[pick.Total-1]
		ev1, err := c.triggerDisease(o.ID, src, x, 1, r)
		if err != nil {
			return nil, err
		}
		ev2, err := c.triggerDisease(o.ID, src, x, 2, r)
		if err != nil {
			return nil, err
		}
		return append(ev1, ev2...), nil
	}
	if part == 1 {
		c.AbilityDamage.Set(info.Attr, min(c.AbilityDamage.Get(info.Attr)+1, MaxScore))
		c.Recalc()
		return []Event{{Type: EventAbilityDamage, Source: src, Power: x, Attr: info.Attr, Amount: 1}}, nil
	}
	switch {
	case info.Slow:
		am, err := rollAmount("1d6", r)
		if err != nil {
			return nil, err
		}
		if _, err := c.AddEffect(Effect{Kind: KindSlow, Power: x, Turns: am.Total}); err != nil {
			return nil, err
		}
		return []Event{{Type: EventSlow, Source: src, Power: x, Roll: am, Turns: am.Total}}, nil
	case info.State != "":
		return c.stateFor(src, x, info.State, "1d6", r)
	case id == DiseaseBloodyFlux:
		return c.dotDamage(src, x, "1d3"+signed(x), Disease, r)
	case id == DiseaseBurningLung:
		am, err := rollAmount("1d3", r)
		if err != nil {
			return nil, err
		}
		lost := min(am.Total, c.Energy)
		c.Energy -= lost
		return []Event{{Type: EventEnergyLoss, Source: src, Power: x, Roll: am, Amount: lost}}, nil
	}
	return nil, nil
}

// stateFor rolls a duration and adds a state.
func (c *Character) stateFor(src string, x int, s State, dur string, r dice.Roller) ([]Event, error) {
	am, err := rollAmount(dur, r)
	if err != nil {
		return nil, err
	}
	ch, err := c.AddState(s, am.Total)
	if err != nil {
		return nil, err
	}
	if !ch.Added {
		return []Event{{Type: EventImmune, Source: ch.Refused, Power: x, State: s, Roll: am}}, nil
	}
	return []Event{{Type: EventState, Source: src, Power: x, State: s, Roll: am, Turns: ch.Effect.Turns}}, nil
}

// dotDamage rolls and applies damage over time (ignores resistances, A9).
func (c *Character) dotDamage(src string, x int, n string, t DamageType, r dice.Roller) ([]Event, error) {
	am, err := rollAmount(n, r)
	if err != nil {
		return nil, err
	}
	dr, err := c.TakeDamage(Damage{Amount: max(am.Total, 0), Type: t, OverTime: true}, r)
	if err != nil {
		return nil, err
	}
	ev := []Event{{Type: EventDamage, Source: src, Power: x, Roll: am, Amount: dr.Final, Damage: dr}}
	if dr.Dead {
		ev = append(ev, Event{Type: EventDied, Source: src})
	}
	return ev, nil
}

// perTurn applies the effects that act every turn: burning (D3 fire) and
// Renewing Touch (heals D3 + Y).
func (c *Character) perTurn(r dice.Roller) ([]Event, error) {
	var events []Event
	for _, e := range slices.Clone(c.Effects) {
		if c.Dead() {
			break
		}
		switch {
		case e.Kind == KindState && State(e.ID) == Burning:
			ev, err := c.dotDamage(e.Key(), e.Power, "1d3", Fire, r)
			if err != nil {
				return nil, err
			}
			events = append(events, ev...)
		case e.Kind == KindSpell && Spell(e.ID) == RenewingTouch:
			am, err := rollAmount("1d3"+signed(e.Value), r)
			if err != nil {
				return nil, err
			}
			h := c.Heal(am.Total)
			events = append(events, Event{Type: EventHeal, Source: e.Key(), Roll: am, Amount: h.Amount})
		}
	}
	return events, nil
}

// tick counts down durations and removes expired effects (those added or
// extended during this end of turn are not counted down).
func (c *Character) tick() []Event {
	var events []Event
	kept := c.Effects[:0]
	for _, e := range c.Effects {
		if e.Turns > 0 && !e.fresh {
			e.Turns--
			if e.Turns == 0 {
				events = append(events, Event{Type: EventExpired, Source: e.Key()})
				continue
			}
		}
		e.fresh = false
		kept = append(kept, e)
	}
	c.Effects = kept
	if len(c.Effects) == 0 {
		c.Effects = nil
	}
	return events
}
