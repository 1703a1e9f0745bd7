package dnd5e

import "strings"

// Mode is how a d20 is rolled.
type Mode string

// The three modes. The zero Mode is Normal.
const (
	Normal       Mode = "normal"
	Advantage    Mode = "adv"
	Disadvantage Mode = "dis"
)

// Key is the catalog key of the mode's name ("dnd5e.mode.adv"); "" counts as normal.
func (m Mode) Key() string {
	switch m {
	case Normal, "":
		return "dnd5e.mode.normal"
	case Advantage:
		return "dnd5e.mode.adv"
	case Disadvantage:
		return "dnd5e.mode.dis"
	}
	return ""
}

func (m Mode) validate() error {
	if m.Key() == "" {
		return newError(ErrBadMode, "Mode", string(m))
	}
	return nil
}

// ParseMode accepts "", "normal", "adv", "advantage", "dis", "disadvantage" in any case.
func ParseMode(s string) (Mode, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "normal", "none":
		return Normal, nil
	case "adv", "advantage", "a":
		return Advantage, nil
	case "dis", "disadvantage", "disadv", "d":
		return Disadvantage, nil
	}
	return "", newError(ErrBadMode, "Mode", s)
}

// EffectKind is what a condition (or an option) did to a roll or a creature.
type EffectKind string

// Effect kinds. Each has a catalog key "dnd5e.effect.<kind>" (see Key).
const (
	EffectAdvantage    EffectKind = "advantage"     // gave advantage
	EffectDisadvantage EffectKind = "disadvantage"  // gave disadvantage
	EffectAutoFail     EffectKind = "auto_fail"     // STR/DEX save failed with no roll
	EffectAutoCrit     EffectKind = "auto_crit"     // a hit within 5 ft became a critical hit
	EffectResistAll    EffectKind = "resist_all"    // petrified: resistance to all damage
	EffectMaxHPHalved  EffectKind = "max_hp_halved" // exhaustion 4+
	EffectDeath        EffectKind = "death"         // exhaustion 6
	EffectSpeedHalved  EffectKind = "speed_halved"  // exhaustion 2+
	EffectSpeedZero    EffectKind = "speed_zero"    // grappled, restrained, exhaustion 5+
	EffectImpliesProne EffectKind = "implies_prone" // unconscious: falls prone
)

// Key is the catalog key describing the effect ("dnd5e.effect.advantage"), or "".
func (k EffectKind) Key() string {
	switch k {
	case EffectAdvantage:
		return "dnd5e.effect.advantage"
	case EffectDisadvantage:
		return "dnd5e.effect.disadvantage"
	case EffectAutoFail:
		return "dnd5e.effect.auto_fail"
	case EffectAutoCrit:
		return "dnd5e.effect.auto_crit"
	case EffectResistAll:
		return "dnd5e.effect.resist_all"
	case EffectMaxHPHalved:
		return "dnd5e.effect.max_hp_halved"
	case EffectDeath:
		return "dnd5e.effect.death"
	case EffectSpeedHalved:
		return "dnd5e.effect.speed_halved"
	case EffectSpeedZero:
		return "dnd5e.effect.speed_zero"
	case EffectImpliesProne:
		return "dnd5e.effect.implies_prone"
	}
	return ""
}

// EffectKinds lists every effect kind.
func EffectKinds() []EffectKind {
	return []EffectKind{EffectAdvantage, EffectDisadvantage, EffectAutoFail, EffectAutoCrit,
		EffectResistAll, EffectMaxHPHalved, EffectDeath, EffectSpeedHalved, EffectSpeedZero, EffectImpliesProne}
}

// Effect says which condition did what. Condition "" and Source "" mean the
// caller's own option (the mode the user asked for). Source is the id of an
// active effect (faerie fire, rage) that gave it; that effect is also listed
// in the roll's Applied. OnTarget is true when the condition (or effect) is on
// the attack's target rather than on the roller. Level is the exhaustion
// level when Condition is Exhaustion.
type Effect struct {
	Condition Condition  `json:"condition,omitempty"`
	Source    string     `json:"source,omitempty"`
	Level     int        `json:"level,omitempty"`
	OnTarget  bool       `json:"on_target,omitempty"`
	Effect    EffectKind `json:"effect"`
}

// ResolveMode folds every advantage and disadvantage effect into one mode:
// any number of advantages with any number of disadvantages cancel to Normal
// (cancelled = true); other effects are ignored.
func ResolveMode(effects []Effect) (mode Mode, cancelled bool) {
	adv, dis := false, false
	for _, e := range effects {
		switch e.Effect {
		case EffectAdvantage:
			adv = true
		case EffectDisadvantage:
			dis = true
		}
	}
	switch {
	case adv && dis:
		return Normal, true
	case adv:
		return Advantage, false
	case dis:
		return Disadvantage, false
	}
	return Normal, false
}

func optionEffects(m Mode) []Effect {
	switch m {
	case Advantage:
		return []Effect{{Effect: EffectAdvantage}}
	case Disadvantage:
		return []Effect{{Effect: EffectDisadvantage}}
	}
	return nil
}

// has reports whether the target has condition id.
func (t Target) has(id Condition) bool {
	for _, c := range t.Conditions {
		if c == id {
			return true
		}
	}
	return false
}

// checkEffects: conditions on the roller that change an ability check.
// CheckEffects are the effects conditions have on an ability check of a creature without a sheet: what an NPC's
// initiative (B4: a DEX check) rolls with when it enters an encounter poisoned or frightened.
func CheckEffects(conds []Condition) []Effect { return Target{Conditions: conds}.checkEffects() }

func (t Target) checkEffects() []Effect {
	var out []Effect
	for _, id := range []Condition{Frightened, Poisoned} {
		if t.has(id) {
			out = append(out, Effect{Condition: id, Effect: EffectDisadvantage})
		}
	}
	if t.Exhaustion >= 1 {
		out = append(out, Effect{Condition: Exhaustion, Level: t.Exhaustion, Effect: EffectDisadvantage})
	}
	return out
}

// saveEffects: conditions on the roller that change a saving throw of ability a.
func (t Target) saveEffects(a Ability) []Effect {
	var out []Effect
	if a == Str || a == Dex {
		for _, id := range []Condition{Paralyzed, Petrified, Stunned, Unconscious} {
			if t.has(id) {
				out = append(out, Effect{Condition: id, Effect: EffectAutoFail})
			}
		}
	}
	if a == Dex && t.has(Restrained) {
		out = append(out, Effect{Condition: Restrained, Effect: EffectDisadvantage})
	}
	if t.Exhaustion >= 3 {
		out = append(out, Effect{Condition: Exhaustion, Level: t.Exhaustion, Effect: EffectDisadvantage})
	}
	return out
}

// deathSaveEffects: a death save is a saving throw with no ability, so only
// exhaustion 3+ (disadvantage on saving throws) applies.
func (t Target) deathSaveEffects() []Effect {
	if t.Exhaustion >= 3 {
		return []Effect{{Condition: Exhaustion, Level: t.Exhaustion, Effect: EffectDisadvantage}}
	}
	return nil
}

// attackerEffects: conditions on the attacker that change its attack roll.
func (t Target) attackerEffects() []Effect {
	var out []Effect
	for _, id := range []Condition{Blinded, Frightened, Poisoned, Prone, Restrained} {
		if t.has(id) {
			out = append(out, Effect{Condition: id, Effect: EffectDisadvantage})
		}
	}
	if t.has(Invisible) {
		out = append(out, Effect{Condition: Invisible, Effect: EffectAdvantage})
	}
	if t.Exhaustion >= 3 {
		out = append(out, Effect{Condition: Exhaustion, Level: t.Exhaustion, Effect: EffectDisadvantage})
	}
	return out
}

// defenderEffects: conditions on the target that change attacks against it.
func (t Target) defenderEffects(within5ft bool) []Effect {
	var out []Effect
	for _, id := range []Condition{Blinded, Paralyzed, Petrified, Restrained, Stunned, Unconscious} {
		if t.has(id) {
			out = append(out, Effect{Condition: id, OnTarget: true, Effect: EffectAdvantage})
		}
	}
	if t.has(Prone) {
		k := EffectDisadvantage
		if within5ft {
			k = EffectAdvantage
		}
		out = append(out, Effect{Condition: Prone, OnTarget: true, Effect: k})
	}
	if t.has(Invisible) {
		out = append(out, Effect{Condition: Invisible, OnTarget: true, Effect: EffectDisadvantage})
	}
	return out
}

// autoCritEffects: a hit from within 5 ft against a paralyzed or unconscious target is a critical hit.
func (t Target) autoCritEffects(within5ft bool) []Effect {
	if !within5ft {
		return nil
	}
	var out []Effect
	for _, id := range []Condition{Paralyzed, Unconscious} {
		if t.has(id) {
			out = append(out, Effect{Condition: id, OnTarget: true, Effect: EffectAutoCrit})
		}
	}
	return out
}
