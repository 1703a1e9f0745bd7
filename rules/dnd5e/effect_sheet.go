package dnd5e

import "strings"

// EffectChange reports what adding or removing an effect did to a sheet.
type EffectChange struct {
	Effect   ActiveEffect `json:"effect"`
	Replaced bool         `json:"replaced,omitempty"` // an effect with the same ID was there and is replaced
	Removed  bool         `json:"removed,omitempty"`
	// HP: the change of hit points it made (a max_hp mod raises the maximum and
	// the hit points, and lowers them when it ends; a temp_hp mod grants temporary
	// hit points); nil when none.
	HP *HPChange `json:"hp,omitempty"`
	// Ended: conditions the character had and the effect makes it immune to (heroism ends frightened).
	Ended []Condition `json:"ended,omitempty"`
}

// AllEffects is every effect on the character: the stored ones (Effects)
// followed by its passive class features (FeatureEffects).
func (c *Character) AllEffects() []ActiveEffect {
	passive := c.FeatureEffects()
	if len(passive) == 0 {
		return c.Effects
	}
	out := make([]ActiveEffect, 0, len(c.Effects)+len(passive))
	out = append(out, c.Effects...)
	return append(out, passive...)
}

// effectIndex is the index of the stored effect with the given id, or -1.
func (c *Character) effectIndex(id string) int {
	for i, e := range c.Effects {
		if e.ID == id {
			return i
		}
	}
	return -1
}

// FindEffect finds a stored effect by its ID, by a spell or feature name
// ("Hunter's Mark"), or by an item or custom effect's name, ignoring case.
func (c *Character) FindEffect(name string) (ActiveEffect, bool) {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, id := range []string{n, SpellID(n), strings.TrimPrefix(SpellID(n), "feature.")} {
		if i := c.effectIndex(id); i >= 0 {
			return c.Effects[i].clone(), true
		}
	}
	return ActiveEffect{}, false
}

// AddEffect puts effect e on the character; an effect with the same ID is
// replaced (effects of one name do not stack). Refused for the dead and when
// e is invalid or would be the 33rd. A max_hp mod raises the hit point
// maximum and the hit points by its value (aid: healing that wakes a
// character at 0 HP); a temp_hp mod without EachTurn grants its temporary
// hit points (the larger pool is kept); condition immunity ends that
// condition if present.
func (c *Character) AddEffect(e ActiveEffect) (*EffectChange, error) {
	if c.State == Dead {
		return nil, newError(ErrIsDead, "Name", c.Name)
	}
	if err := e.Validate(); err != nil {
		return nil, err
	}
	e = e.clone()
	ch := &EffectChange{Effect: e}
	hp := c.hpSnapshot(0)
	if i := c.effectIndex(e.ID); i >= 0 {
		ch.Replaced = true
		c.Effects[i] = e
	} else {
		if len(c.Effects) >= MaxEffects {
			return nil, newError(ErrTooManyEffects, "Max", MaxEffects)
		}
		c.Effects = append(c.Effects, e)
	}
	gain := c.EffectiveMaxHP() - hp.MaxBefore
	temp := 0
	for _, m := range e.Mods {
		switch {
		case m.Kind == ModTempHP && !m.EachTurn:
			temp = max(temp, m.Value)
		case m.Kind == ModCondImmune && c.removeCondition(m.Condition):
			ch.Ended = append(ch.Ended, m.Condition)
		}
	}
	switch {
	case gain > 0:
		hp.Amount = gain
		c.heal(gain, hp)
	case gain < 0:
		c.HP = min(c.HP, c.EffectiveMaxHP())
	}
	if temp > c.TempHP {
		hp.Amount += temp
		c.TempHP = temp
	}
	if gain != 0 || temp > 0 {
		hp.NoEffect = false
		ch.HP = c.hpFinish(hp)
	}
	return ch, nil
}

// RemoveEffect ends the stored effect named name (see FindEffect). The hit
// points are capped at the new maximum when a max_hp mod ends.
func (c *Character) RemoveEffect(name string) (*EffectChange, error) {
	e, ok := c.FindEffect(name)
	if !ok {
		return nil, newError(ErrUnknownEffect, "Name", c.Name, "Effect", name)
	}
	ch := &EffectChange{Effect: e, Removed: true}
	ch.HP = c.dropEffects(func(x ActiveEffect) bool { return x.ID == e.ID })
	return ch, nil
}

// dropEffects removes the stored effects drop selects and caps the hit
// points; it returns the HP change when the maximum changed, else nil.
func (c *Character) dropEffects(drop func(ActiveEffect) bool) *HPChange {
	var kept []ActiveEffect
	for _, e := range c.Effects {
		if !drop(e) {
			kept = append(kept, e)
		}
	}
	return c.replaceEffects(kept)
}

// ListEffects returns copies of every effect on the character: stored ones,
// then passive features.
func (c *Character) ListEffects() []ActiveEffect { return cloneEffects(c.AllEffects()) }

// maxHPBonus is the sum of the stored effects' max_hp mods.
func (c *Character) maxHPBonus() int {
	n := 0
	for _, e := range c.Effects {
		for _, m := range e.Mods {
			if m.Kind == ModMaxHP {
				n += m.Value
			}
		}
	}
	return n
}

// ArmorClass is the character's AC with its effects (Target.ArmorClass).
func (c *Character) ArmorClass() (int, []Applied) { return c.AsTarget().ArmorClass() }

// ImmuneToCondition reports whether an effect makes the character immune to
// condition id, and which.
func (c *Character) ImmuneToCondition(id Condition) (bool, string) {
	if id == Poisoned && c.HasCondition(Petrified) {
		return true, string(Petrified) // a petrified creature is immune to being poisoned (SRD Petrified)
	}
	for _, e := range c.AllEffects() {
		for _, m := range e.Mods {
			if m.Kind == ModCondImmune && m.Condition == id {
				return true, e.ID
			}
		}
	}
	return false, ""
}

// SpendEffects records what a roll used of the character's effects: each
// stored effect with an entry Spent loses one use (and ends at 0), and a
// once-per-turn damage records turn (AttackOptions.Turn) in TurnUses. Pass
// the Applied of a result (for an attack also TargetApplied when the target
// is this character). It returns the IDs of the effects that ended.
func (c *Character) SpendEffects(applied []Applied, turn string) []string {
	for _, a := range applied {
		if a.Spent && a.Kind == ModDamage && turn != "" {
			if c.TurnUses == nil {
				c.TurnUses = map[string]string{}
			}
			c.TurnUses[a.Effect] = turn
		}
	}
	var ended []string
	c.Effects, ended = SpendEffects(c.Effects, applied)
	if len(c.TurnUses) > MaxEffects { // old keys of effects long gone
		for id := range c.TurnUses {
			if c.effectIndex(id) < 0 && id != "sneak_attack" {
				delete(c.TurnUses, id)
			}
		}
	}
	return ended
}

// SpendEffects is SpendEffects for any effect list (a creature without a
// sheet): each effect with Uses > 0 and a Spent entry loses one use, once per
// call, and is dropped at 0. It returns the kept list and the ended IDs.
func SpendEffects(list []ActiveEffect, applied []Applied) (kept []ActiveEffect, ended []string) {
	spent := map[string]bool{}
	for _, a := range applied {
		if a.Spent {
			spent[a.Effect] = true
		}
	}
	for _, e := range list {
		if spent[e.ID] && e.Uses > 0 {
			e.Uses--
			if e.Uses == 0 {
				ended = append(ended, e.ID)
				continue
			}
		}
		kept = append(kept, e)
	}
	return kept, ended
}
