package encounter

import "strconv"

// State is the vague health players see of an NPC.
type State string

// Vague states. The issue names unhurt, bloodied and down; hurt but above
// half is "wounded".
const (
	StateUnhurt   State = "unhurt"   // HP at max
	StateWounded  State = "wounded"  // below max, above half
	StateBloodied State = "bloodied" // at or below half (2 × HP ≤ max), above 0
	StateDown     State = "down"     // 0 HP
)

// Key is the catalog key of the state's name ("encounter.state.unhurt"), "" for an unknown state.
func (s State) Key() string {
	switch s {
	case StateUnhurt:
		return "encounter.state.unhurt"
	case StateWounded:
		return "encounter.state.wounded"
	case StateBloodied:
		return "encounter.state.bloodied"
	case StateDown:
		return "encounter.state.down"
	}
	return ""
}

// States lists the vague states, healthiest first.
func States() []State { return []State{StateUnhurt, StateWounded, StateBloodied, StateDown} }

// VagueState maps HP to a vague state: down at 0 (or below), unhurt at max
// (or above, or when max is unknown), bloodied at or below half of max
// (2 × hp ≤ max: 3 of 7 is bloodied, 4 of 7 wounded), wounded otherwise.
func VagueState(hp, max int) State {
	switch {
	case hp <= 0:
		return StateDown
	case max <= 0 || hp >= max:
		return StateUnhurt
	case 2*hp <= max:
		return StateBloodied
	}
	return StateWounded
}

// HPChange reports a change to an NPC's hit points.
type HPChange struct {
	Combatant    Ref   `json:"combatant"`
	Amount       int   `json:"amount"`        // as requested
	TempAbsorbed int   `json:"temp_absorbed"` // damage taken by temp HP
	Applied      int   `json:"applied"`       // HP lost (damage) or gained (healing, temp HP)
	HPBefore     int   `json:"hp_before"`
	HPAfter      int   `json:"hp_after"`
	TempBefore   int   `json:"temp_before"`
	TempAfter    int   `json:"temp_after"`
	MaxHP        int   `json:"max_hp"`
	StateBefore  State `json:"state_before"`
	StateAfter   State `json:"state_after"`
	Downed       bool  `json:"downed,omitempty"`    // dropped to 0 HP now: Next will skip it
	Revived      bool  `json:"revived,omitempty"`   // healed from 0 HP
	NoEffect     bool  `json:"no_effect,omitempty"` // nothing changed
}

func snapshot(c *Combatant, amount int) *HPChange {
	return &HPChange{Combatant: c.Ref(), Amount: amount, HPBefore: c.HP, TempBefore: c.TempHP,
		MaxHP: c.MaxHP, StateBefore: c.State()}
}

func finish(c *Combatant, ch *HPChange) *HPChange {
	ch.HPAfter, ch.TempAfter, ch.MaxHP, ch.StateAfter = c.HP, c.TempHP, c.MaxHP, c.State()
	ch.Downed = ch.HPBefore > 0 && ch.HPAfter == 0
	ch.Revived = ch.HPBefore == 0 && ch.HPAfter > 0
	ch.NoEffect = ch.HPBefore == ch.HPAfter && ch.TempBefore == ch.TempAfter
	return ch
}

func checkAmount(n int) error {
	if n < 0 || n > MaxHP {
		return newError(ErrBadAmount, "Amount", n, "Max", MaxHP)
	}
	return nil
}

// ApplyDamage takes damage off an NPC: temp HP first, then HP, never below
// 0. Pass damage already resolved (resistances, criticals: the system's
// rules do that). At 0 HP the NPC is down (5e monsters die or fall
// unconscious as the GM decides; either way Next skips it).
// Characters' HP is on their sheet (ErrNotNPC).
func (e *Encounter) ApplyDamage(name string, amount int) (*HPChange, error) {
	c, err := e.npc(name)
	if err != nil {
		return nil, err
	}
	if err := checkAmount(amount); err != nil {
		return nil, err
	}
	ch := snapshot(c, amount)
	ch.TempAbsorbed = min(c.TempHP, amount)
	c.TempHP -= ch.TempAbsorbed
	ch.Applied = min(c.HP, amount-ch.TempAbsorbed)
	c.HP -= ch.Applied
	finish(c, ch)
	if !ch.NoEffect {
		e.log(LogDamage, "Name", c.Name, "Amount", strconv.Itoa(amount))
	}
	if ch.Downed {
		e.log(LogDown, "Name", c.Name)
	}
	return ch, nil
}

// Heal restores an NPC's HP up to its max; healing from 0 brings it back
// into the turn order. Temp HP are not healed.
func (e *Encounter) Heal(name string, amount int) (*HPChange, error) {
	c, err := e.npc(name)
	if err != nil {
		return nil, err
	}
	if err := checkAmount(amount); err != nil {
		return nil, err
	}
	ch := snapshot(c, amount)
	ch.Applied = min(amount, max(0, c.MaxHP-c.HP))
	c.HP += ch.Applied
	finish(c, ch)
	if !ch.NoEffect {
		e.log(LogHeal, "Name", c.Name, "Amount", strconv.Itoa(ch.Applied))
	}
	return ch, nil
}

// SetTempHP grants an NPC temporary HP. They never stack: the larger of the
// current and the new amount is kept (B7.7).
func (e *Encounter) SetTempHP(name string, amount int) (*HPChange, error) {
	c, err := e.npc(name)
	if err != nil {
		return nil, err
	}
	if err := checkAmount(amount); err != nil {
		return nil, err
	}
	ch := snapshot(c, amount)
	if amount > c.TempHP {
		ch.Applied = amount - c.TempHP
		c.TempHP = amount
	}
	return finish(c, ch), nil
}

// SetHP sets an NPC's HP (0–max) and, when maxHP > 0, its max first: a GM's
// correction. maxHP 0 keeps the max.
func (e *Encounter) SetHP(name string, hp, maxHP int) (*HPChange, error) {
	c, err := e.npc(name)
	if err != nil {
		return nil, err
	}
	m := c.MaxHP
	if maxHP != 0 {
		if maxHP < 1 || maxHP > MaxHP {
			return nil, newError(ErrBadHP, "HP", maxHP, "Min", 1, "Max", MaxHP)
		}
		m = maxHP
	}
	if hp < 0 || hp > m {
		return nil, newError(ErrBadHP, "HP", hp, "Min", 0, "Max", m)
	}
	ch := snapshot(c, hp)
	oldMax := c.MaxHP
	c.MaxHP, c.HP = m, hp
	finish(c, ch)
	ch.Applied = hp - ch.HPBefore
	ch.NoEffect = ch.NoEffect && m == oldMax
	if ch.Downed {
		e.log(LogDown, "Name", c.Name)
	}
	return ch, nil
}
