package dnd5e

// ConditionOptions are the caller's choices when adding a condition.
type ConditionOptions struct {
	Rounds int // duration in rounds, 0 = until removed (ignored for exhaustion)
	Levels int // exhaustion only: levels gained, 1–6 (0 means 1)
}

// ConditionChange reports what adding or removing a condition did.
type ConditionChange struct {
	Condition        Condition   `json:"condition"`
	Rounds           int         `json:"rounds,omitempty"`    // duration now (0 = until removed)
	Added            []Condition `json:"added,omitempty"`     // newly added, implied ones included (prone with unconscious)
	Removed          []Condition `json:"removed,omitempty"`   //
	Refreshed        bool        `json:"refreshed,omitempty"` // was already present; the longer duration is kept
	ExhaustionBefore int         `json:"exhaustion_before"`
	ExhaustionAfter  int         `json:"exhaustion_after"`
	Effects          []Effect    `json:"effects,omitempty"` // implies_prone, max_hp_halved, death
	HPBefore         int         `json:"hp_before"`
	HPAfter          int         `json:"hp_after"`
	MaxBefore        int         `json:"max_before"` // effective max HP
	MaxAfter         int         `json:"max_after"`
	StateBefore      State       `json:"state_before"`
	StateAfter       State       `json:"state_after"`
}

func (c *Character) condSnapshot(id Condition) *ConditionChange {
	return &ConditionChange{
		Condition: id, ExhaustionBefore: c.Exhaustion, HPBefore: c.HP,
		MaxBefore: c.EffectiveMaxHP(), StateBefore: c.State,
	}
}

func (c *Character) condFinish(ch *ConditionChange) *ConditionChange {
	ch.ExhaustionAfter, ch.HPAfter, ch.MaxAfter, ch.StateAfter = c.Exhaustion, c.HP, c.EffectiveMaxHP(), c.State
	if ch.Condition != Exhaustion {
		for _, ac := range c.Conditions {
			if ac.ID == ch.Condition {
				ch.Rounds = ac.Rounds
			}
		}
	}
	return ch
}

// AddCondition adds a condition. Adding one already present keeps the longer
// duration (0 = until removed wins). Unconscious also adds prone (SRD: it
// falls prone); prone stays when unconscious ends. For Exhaustion, o.Levels
// levels are gained (capped at 6): at 4+ max HP is halved and HP capped, at 6
// the character dies.
func (c *Character) AddCondition(id Condition, o ConditionOptions) (*ConditionChange, error) {
	if !id.Valid() {
		return nil, newError(ErrUnknownCondition, "Condition", string(id))
	}
	if id == Exhaustion {
		levels := o.Levels
		if levels == 0 {
			levels = 1
		}
		if levels < 1 || levels > MaxExhaustion {
			return nil, newError(ErrBadExhaustion, "Level", levels, "Max", MaxExhaustion)
		}
		return c.SetExhaustion(min(MaxExhaustion, c.Exhaustion+levels))
	}
	if o.Rounds < 0 || o.Rounds > MaxRounds {
		return nil, newError(ErrBadRounds, "Rounds", o.Rounds, "Max", MaxRounds)
	}
	if immune, by := c.ImmuneToCondition(id); immune {
		return nil, newError(ErrConditionImmune, "Name", c.Name, "Condition", string(id), "Effect", by)
	}
	return c.addCondition(id, o), nil
}

// addCondition adds a condition other than exhaustion (o valid, no immunity check).
func (c *Character) addCondition(id Condition, o ConditionOptions) *ConditionChange {
	ch := c.condSnapshot(id)
	if i := c.conditionIndex(id); i >= 0 {
		ch.Refreshed = true
		cur := c.Conditions[i].Rounds
		if cur != 0 && (o.Rounds == 0 || o.Rounds > cur) {
			c.Conditions[i].Rounds = o.Rounds
		}
	} else {
		c.Conditions = append(c.Conditions, ActiveCondition{ID: id, Rounds: o.Rounds})
		ch.Added = append(ch.Added, id)
	}
	if id == Unconscious {
		ch.Effects = append(ch.Effects, Effect{Condition: Unconscious, Effect: EffectImpliesProne})
		if c.conditionIndex(Prone) < 0 {
			c.Conditions = append(c.Conditions, ActiveCondition{ID: Prone})
			ch.Added = append(ch.Added, Prone)
		}
	}
	return c.condFinish(ch)
}

// addImplied adds unconscious (until removed) and prone; it returns the ones newly added.
func (c *Character) addImplied(id Condition) []Condition {
	return c.addCondition(id, ConditionOptions{}).Added
}

// SetExhaustion sets the exhaustion level (0–6). Reaching 4+ halves max HP
// (HP is capped at the new maximum); reaching 6 kills.
func (c *Character) SetExhaustion(level int) (*ConditionChange, error) {
	if level < 0 || level > MaxExhaustion {
		return nil, newError(ErrBadExhaustion, "Level", level, "Max", MaxExhaustion)
	}
	ch := c.condSnapshot(Exhaustion)
	c.setExhaustion(level, ch)
	return c.condFinish(ch), nil
}

func (c *Character) setExhaustion(level int, ch *ConditionChange) {
	before := c.Exhaustion
	c.Exhaustion = level
	if level >= 4 && before < 4 {
		ch.Effects = append(ch.Effects, Effect{Condition: Exhaustion, Level: level, Effect: EffectMaxHPHalved})
	}
	c.HP = min(c.HP, c.EffectiveMaxHP())
	if level >= MaxExhaustion && c.State != Dead {
		ch.Effects = append(ch.Effects, Effect{Condition: Exhaustion, Level: level, Effect: EffectDeath})
		c.die()
	}
}

// RemoveCondition removes a condition (Exhaustion: all levels; use
// SetExhaustion to lower it by some). Removing an absent condition is an error.
// Removing exhaustion does not raise a dead character.
func (c *Character) RemoveCondition(id Condition) (*ConditionChange, error) {
	if !id.Valid() {
		return nil, newError(ErrUnknownCondition, "Condition", string(id))
	}
	if id == Exhaustion {
		if c.Exhaustion == 0 {
			return nil, newError(ErrConditionAbsent, "Name", c.Name, "Condition", string(id))
		}
		ch := c.condSnapshot(id)
		c.setExhaustion(0, ch)
		ch.Removed = []Condition{Exhaustion}
		return c.condFinish(ch), nil
	}
	ch := c.condSnapshot(id)
	if !c.removeCondition(id) {
		return nil, newError(ErrConditionAbsent, "Name", c.Name, "Condition", string(id))
	}
	ch.Removed = []Condition{id}
	return c.condFinish(ch), nil
}

func (c *Character) removeCondition(id Condition) bool {
	i := c.conditionIndex(id)
	if i < 0 {
		return false
	}
	c.Conditions = append(c.Conditions[:i:i], c.Conditions[i+1:]...)
	if len(c.Conditions) == 0 {
		c.Conditions = nil
	}
	return true
}

func (c *Character) conditionIndex(id Condition) int {
	for i, ac := range c.Conditions {
		if ac.ID == id {
			return i
		}
	}
	return -1
}

// HasCondition reports whether the character has condition id. Exhaustion is
// present at level 1+. Incapacitated is also reported when implied by
// paralyzed, petrified, stunned or unconscious.
func (c *Character) HasCondition(id Condition) bool {
	if id == Exhaustion {
		return c.Exhaustion > 0
	}
	if c.conditionIndex(id) >= 0 {
		return true
	}
	if id == Incapacitated {
		for _, x := range []Condition{Paralyzed, Petrified, Stunned, Unconscious} {
			if c.conditionIndex(x) >= 0 {
				return true
			}
		}
	}
	return false
}

// ConditionStatus is one line of ListConditions.
type ConditionStatus struct {
	ID     Condition `json:"id"`
	Rounds int       `json:"rounds,omitempty"` // 0 = until removed
	Level  int       `json:"level,omitempty"`  // exhaustion level
	// ImpliedBy is set for incapacitated when it is only implied by another condition.
	ImpliedBy Condition `json:"implied_by,omitempty"`
}

// ListConditions lists the conditions in table order, then an implied
// incapacitated (if not present itself), then exhaustion if level > 0.
func (c *Character) ListConditions() []ConditionStatus {
	var out []ConditionStatus
	for _, id := range Conditions() {
		if i := c.conditionIndex(id); i >= 0 {
			out = append(out, ConditionStatus{ID: id, Rounds: c.Conditions[i].Rounds})
		}
	}
	if c.conditionIndex(Incapacitated) < 0 {
		for _, x := range []Condition{Paralyzed, Petrified, Stunned, Unconscious} {
			if c.conditionIndex(x) >= 0 {
				out = append(out, ConditionStatus{ID: Incapacitated, ImpliedBy: x})
				break
			}
		}
	}
	if c.Exhaustion > 0 {
		out = append(out, ConditionStatus{ID: Exhaustion, Level: c.Exhaustion})
	}
	return out
}

// TickConditions counts one round down on every timed condition and removes
// those that run out; it returns the expired ones.
func (c *Character) TickConditions() []Condition {
	var expired []Condition
	c.Conditions, expired = TickConditions(c.Conditions)
	return expired
}

// TickConditions is the same for any condition list (e.g. a tracked NPC's):
// Rounds > 0 count down by one; those reaching 0 expire. Untimed ones stay.
func TickConditions(list []ActiveCondition) (kept []ActiveCondition, expired []Condition) {
	for _, ac := range list {
		if ac.Rounds > 0 {
			ac.Rounds--
			if ac.Rounds == 0 {
				expired = append(expired, ac.ID)
				continue
			}
		}
		kept = append(kept, ac)
	}
	return kept, expired
}
