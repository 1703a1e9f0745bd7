package dnd5e

import (
	"strconv"
	"strings"

	"rulekeeper/rules/dice"
)

// Applied is what one active effect did to a roll, an AC or a speed: the
// effect, the kind of change, and the amount with its own dice as rolled.
type Applied struct {
	Effect string       `json:"effect"` // ActiveEffect.ID (its dice label)
	Source EffectSource `json:"source"`
	Kind   ModKind      `json:"kind"`
	Value  int          `json:"value,omitempty"` // the flat part (AC points, bonus, minimum d20, lowest crit, feet, …)
	Dice   string       `json:"dice,omitempty"`  // the dice part as added: "1d4", "-1d4", "1d6[necrotic]"
	Faces  []int        `json:"faces,omitempty"` // its dice as rolled (kept dice)
	Total  int          `json:"total,omitempty"` // what it added to the roll in all (signed): Value + its dice
	Type   DamageType   `json:"type,omitempty"`  // damage mods
	// Spent: the roll used one of its uses (Uses > 0) or its once-per-turn
	// damage; pass the result's Applied to SpendEffects to record it.
	Spent bool `json:"spent,omitempty"`
}

// rollQuery describes a roll, to match mods against it.
type rollQuery struct {
	scope   RollScope
	ability Ability // "" for a death save
	skill   Skill
	prof    bool        // the proficiency bonus is part of the roll
	attack  *attackKind // the attack, for attack, attacked, damage and crit mods
	vs      *Target     // the other creature: an attack's target, or the attacker for attacked mods
}

// attackKind is what the attack filters look at.
type attackKind struct {
	spell   bool
	ranged  bool
	ability Ability
}

// matches reports whether attack filter f admits attack k.
func (f AttackFilter) matches(k *attackKind) bool {
	if f == AnyAttack {
		return true
	}
	if k == nil {
		return false
	}
	switch f {
	case WeaponAttack:
		return !k.spell
	case MeleeWeapon:
		return !k.spell && !k.ranged
	case RangedWeapon:
		return !k.spell && k.ranged
	case SpellAttacks:
		return k.spell
	case MeleeAttack:
		return !k.ranged
	case RangedAttack:
		return k.ranged
	}
	return false
}

// appliesTo reports whether m narrows to roll q (its Kind is not checked).
func (m Mod) appliesTo(q rollQuery) bool {
	switch {
	case m.Roll == q.scope:
	case m.Roll == ScopeCheck && q.scope == ScopeInitiative: // initiative is a DEX check
	case m.Roll == ScopeSave && q.scope == ScopeDeathSave && m.Ability == "": // a death save is a save of no ability
	default:
		return false
	}
	if m.Ability != "" && m.Ability != q.ability {
		return false
	}
	if m.Skill != "" && m.Skill != q.skill {
		return false
	}
	switch m.Prof {
	case Proficient:
		if !q.prof {
			return false
		}
	case Unproficient:
		if q.prof {
			return false
		}
	}
	if m.Attack != AnyAttack && !m.Attack.matches(q.attack) {
		return false
	}
	return m.vsMatches(q.vs)
}

// hitApplies reports whether a damage or crit mod applies to attack q (the
// attack's ability, the attack filter, the target).
func (m Mod) hitApplies(q rollQuery) bool {
	if q.attack == nil || !m.Attack.matches(q.attack) {
		return false
	}
	if m.Ability != "" && m.Ability != q.attack.ability {
		return false
	}
	return m.vsMatches(q.vs)
}

// vsMatches checks the Vs and VsTypes narrowing against the other creature.
func (m Mod) vsMatches(vs *Target) bool {
	if m.Vs != "" && (vs == nil || !strings.EqualFold(strings.TrimSpace(vs.Name), strings.TrimSpace(m.Vs))) {
		return false
	}
	if len(m.VsTypes) > 0 {
		if vs == nil {
			return false
		}
		ok := false
		for _, t := range m.VsTypes {
			ok = ok || strings.EqualFold(t, vs.CreatureType)
		}
		return ok
	}
	return true
}

// d20Fx is what a list of effects does to one d20 roll.
type d20Fx struct {
	applied  []Applied
	modes    []Effect // advantage / disadvantage / auto_fail, with Source set
	minD20   int
	notation string // the dice and numbers the effects add, labelled: "+1d4[bless]-1d4[bane]"
}

// gatherD20 collects the bonus, advantage, disadvantage, minimum and
// automatic-failure mods of list that apply to roll q. onTarget marks modes
// that come from the attack's target (attacked mods).
func gatherD20(list []ActiveEffect, q rollQuery, onTarget bool) d20Fx {
	var fx d20Fx
	var b strings.Builder
	for _, e := range list {
		var bonus *Applied
		used := false
		for _, m := range e.Mods {
			if !m.appliesTo(q) {
				continue
			}
			switch m.Kind {
			case ModBonus:
				if bonus == nil {
					fx.applied = append(fx.applied, Applied{Effect: e.ID, Source: e.Source, Kind: ModBonus})
					bonus = &fx.applied[len(fx.applied)-1]
				}
				bonus.Value += m.Value
				bonus.Dice = joinDice(bonus.Dice, m.Dice)
				b.WriteString(labelled(m.Value, m.Dice, "", e.Label()))
			case ModAdvantage, ModDisadvantage:
				k := EffectAdvantage
				if m.Kind == ModDisadvantage {
					k = EffectDisadvantage
				}
				fx.modes = append(fx.modes, Effect{Source: e.ID, OnTarget: onTarget, Effect: k})
				fx.applied = append(fx.applied, Applied{Effect: e.ID, Source: e.Source, Kind: m.Kind})
			case ModMinD20:
				fx.minD20 = max(fx.minD20, m.Value)
				fx.applied = append(fx.applied, Applied{Effect: e.ID, Source: e.Source, Kind: m.Kind, Value: m.Value})
			case ModSaveAutoFail:
				fx.modes = append(fx.modes, Effect{Source: e.ID, OnTarget: onTarget, Effect: EffectAutoFail})
				fx.applied = append(fx.applied, Applied{Effect: e.ID, Source: e.Source, Kind: m.Kind})
			default:
				continue
			}
			used = true
		}
		if used && e.Uses > 0 {
			markSpent(fx.applied, e.ID)
		}
	}
	fx.notation = b.String()
	return fx
}

// markSpent marks every entry of effect id spent.
func markSpent(list []Applied, id string) {
	for i := range list {
		if list[i].Effect == id {
			list[i].Spent = true
		}
	}
}

// joinDice joins two dice notations with a sign: "1d4" + "-1d4" = "1d4-1d4".
func joinDice(a, b string) string {
	b = strings.TrimSpace(b)
	switch {
	case b == "":
		return a
	case a == "":
		return b
	case b[0] == '-' || b[0] == '+':
		return a + b
	}
	return a + "+" + b
}

// labelled renders a mod's value and dice as terms labelled with the effect
// (and, first, a damage type): "+1d4[bless]", "-1d4[bane]", "+2[rage]",
// "+1d6[necrotic][hex]". A sum of several terms is put in parentheses.
func labelled(value int, diceNotation string, typ DamageType, label string) string {
	tags := "[" + label + "]"
	if typ != "" {
		tags = "[" + string(typ) + "]" + tags
	}
	var b strings.Builder
	if d := strings.TrimSpace(diceNotation); d != "" {
		sign := "+"
		if d[0] == '-' || d[0] == '+' {
			if d[0] == '-' {
				sign = "-"
			}
			d = strings.TrimSpace(d[1:])
		}
		if strings.ContainsAny(d, "+-*/%") || strings.Contains(d, "[") {
			d = "(" + d + ")"
		}
		b.WriteString(sign + d + tags)
	}
	if value != 0 {
		b.WriteString(signed(value) + tags)
	}
	return b.String()
}

// fillApplied sets Faces and Total of the entries with dice or a value from
// the roll, by their label.
func fillApplied(list []Applied, roll *dice.Result) {
	if roll == nil {
		return
	}
	parts := roll.Parts()
	tree := roll.Tree()
	for i := range list {
		a := &list[i]
		if a.Dice == "" && a.Value == 0 {
			continue
		}
		switch a.Kind {
		case ModBonus, ModDamage, ModCritDice:
		default:
			continue
		}
		a.Total = 0
		for _, p := range parts {
			if hasLabel(p.Labels, a.Effect) {
				a.Total += p.Value
			}
		}
		a.Faces = labelFaces(tree, a.Effect, false)
	}
}

// labelFaces collects the kept dice faces inside nodes labelled label.
func labelFaces(n *dice.Node, label string, inside bool) []int {
	if n == nil {
		return nil
	}
	inside = inside || hasLabel(n.Labels, label)
	var out []int
	if inside && n.Kind == dice.KindDice {
		for _, d := range n.Dice {
			if d.Kept {
				out = append(out, d.Face)
			}
		}
	}
	for _, k := range n.Kids {
		out = append(out, labelFaces(k, label, inside)...)
	}
	return out
}

func hasLabel(labels []string, l string) bool {
	for _, x := range labels {
		if strings.EqualFold(strings.TrimSpace(x), l) {
			return true
		}
	}
	return false
}

// d20Term is the d20 part of a roll in mode m with a minimum face (0 = none):
// "1d20", "2d20kh1", "1d20mi10", "2d20kl1mi10".
func d20TermMin(m Mode, minFace int) string {
	t := d20Term(m)
	if minFace > 1 {
		t += "mi" + strconv.Itoa(minFace)
	}
	return t
}

// critRange is the lowest natural d20 that scores a critical hit on attack q
// when a crit_range mod lowers it, else 0 (a natural 20 only).
func critRange(list []ActiveEffect, q rollQuery) (int, []Applied) {
	low := 20
	var from *Applied
	for _, e := range list {
		for _, m := range e.Mods {
			if m.Kind != ModCritRange || !m.hitApplies(q) {
				continue
			}
			if m.Value < low {
				low = m.Value
				from = &Applied{Effect: e.ID, Source: e.Source, Kind: ModCritRange, Value: m.Value}
			}
		}
	}
	if from == nil {
		return 0, nil
	}
	return low, []Applied{*from}
}
