package dnd5e

import (
	"strings"

	"rulekeeper/rules/dice"
)

// DamageSource says what deals the damage, for the SRD's qualified defences
// ("from nonmagical attacks that aren't silvered", "damage from spells").
type DamageSource struct {
	Magical     bool `json:"magical,omitempty"`      // a magical attack or weapon
	Silvered    bool `json:"silvered,omitempty"`     // a silvered weapon
	Adamantine  bool `json:"adamantine,omitempty"`   // an adamantine weapon
	Spell       bool `json:"spell,omitempty"`        // a spell (counts as magical)
	GoodWielder bool `json:"good_wielder,omitempty"` // a magic weapon in the hands of a good creature
}

// Applies reports whether a defence with qualifier q counts against src.
func (q DamageQualifier) Applies(src DamageSource) bool {
	magical := src.Magical || src.Spell
	switch q {
	case QualNone:
		return true
	case QualNonmagical:
		return !magical
	case QualNonmagicalSilver:
		return !magical && !src.Silvered
	case QualNonmagicalAdamantine:
		return !magical && !src.Adamantine
	case QualSpells:
		return src.Spell
	case QualMagicGood:
		return src.Magical && src.GoodWielder && !src.Spell
	}
	return false
}

func defends(list []DamageDefence, d DamageType, src DamageSource) bool {
	for _, x := range list {
		if (x.Type == d || x.Type == "") && x.Qualifier.Applies(src) {
			return true
		}
	}
	return false
}

// Resists reports whether the monster resists damage of type d from a
// (non)magical attack; "from nonmagical attacks" resistances do not count
// against magical ones. ResistsFrom takes the whole source.
func (m *Monster) Resists(d DamageType, magical bool) bool {
	return m.ResistsFrom(d, DamageSource{Magical: magical})
}

// ResistsFrom reports whether the monster resists damage of type d from src.
func (m *Monster) ResistsFrom(d DamageType, src DamageSource) bool {
	return defends(m.Resistant, d, src)
}

// ImmuneToDamage reports whether the monster is immune to damage of type d from src.
func (m *Monster) ImmuneToDamage(d DamageType, src DamageSource) bool {
	return defends(m.Immune, d, src)
}

// VulnerableTo reports whether the monster is vulnerable to damage of type d from src.
func (m *Monster) VulnerableTo(d DamageType, src DamageSource) bool {
	return defends(m.Vulnerable, d, src)
}

// ImmuneTo reports whether the monster is immune to condition c.
func (m *Monster) ImmuneTo(c Condition) bool {
	for _, x := range m.ConditionImmune {
		if x == c {
			return true
		}
	}
	return false
}

// Target is the monster as the attack and damage rules see it: name, AC, the
// given current hit points (maximum: its average HP, or hp if larger) and the
// defences that count against src. The encounter adds its conditions.
func (m *Monster) Target(name string, hp int, src DamageSource) Target {
	t := Target{Name: name, AC: m.AC(), HP: hp, MaxHP: max(m.HP, hp)}
	for _, d := range DamageTypes() {
		if m.ImmuneToDamage(d, src) {
			t.Immune = append(t.Immune, d)
		}
		if m.ResistsFrom(d, src) {
			t.Resist = append(t.Resist, d)
		}
		if m.VulnerableTo(d, src) {
			t.Vuln = append(t.Vuln, d)
		}
	}
	return t
}

// typedDice writes a damage component as notation with its type on the dice:
// "1d6+2" slashing → "1d6[slashing]+2".
func typedDice(c MonsterDamage) string {
	if c.Type == "" {
		return c.Dice
	}
	i := strings.IndexAny(c.Dice[1:], "+-") + 1
	if i == 0 {
		i = len(c.Dice)
	}
	return c.Dice[:i] + "[" + string(c.Type) + "]" + c.Dice[i:]
}

// pick returns the components dealt for variant v: every component outside a
// choice, and from each choice the one whose Variant (or damage type) is v,
// else the choice's first. onFail selects the save damage instead of the hit damage.
func (a *MonsterAction) pick(v Variant, onFail bool) []MonsterDamage {
	var out []MonsterDamage
	chosen := map[int]int{} // choice → index in out
	for _, c := range a.Damage {
		if c.OnFail != onFail {
			continue
		}
		if c.Choice == 0 {
			out = append(out, c)
			continue
		}
		i, seen := chosen[c.Choice]
		switch {
		case !seen:
			chosen[c.Choice] = len(out)
			out = append(out, c)
		case v != "" && (c.Variant == v || string(c.Type) == string(v)):
			out[i] = c
		}
	}
	return out
}

func notation(cs []MonsterDamage) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = typedDice(c)
	}
	return strings.Join(parts, " + ")
}

// HitDamage is the notation of the damage dealt on a hit for variant v
// ("" = the default), e.g. "2d10[piercing]+8 + 2d6[fire]"; "" when none.
func (a *MonsterAction) HitDamage(v Variant) string { return notation(a.pick(v, false)) }

// SaveDamage is the notation of the damage taken on a failed save against
// a.Save (halved on a success when a.Save.Half); "" when none.
func (a *MonsterAction) SaveDamage(v Variant) string { return notation(a.pick(v, true)) }

// Variants lists the variants the action's damage offers (two_handed, …).
func (a *MonsterAction) Variants() []Variant {
	var out []Variant
	for _, c := range a.Damage {
		if c.Variant != "" && !containsVariant(out, c.Variant) {
			out = append(out, c.Variant)
		}
	}
	return out
}

func containsVariant(list []Variant, v Variant) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// Attack rolls the monster's attack action against t with RollAttack:
// self supplies the attacker's conditions (its encounter state, Name for the
// reply), v picks a damage variant ("" = default). Damage taken on a failed
// save is not rolled here: see SaveDamage.
func (m *Monster) Attack(action string, v Variant, self, t Target, r dice.Roller, o AttackOptions) (*AttackResult, error) {
	a, err := m.Action(action)
	if err != nil {
		return nil, err
	}
	if a.Attack == "" {
		return nil, newError(ErrNotAnAttack, "Monster", m.ID, "Action", a.ID)
	}
	dmg := a.HitDamage(v)
	if dmg == "" {
		dmg = "0"
	}
	if a.Attack == "ranged_weapon" || a.Attack == "ranged_spell" {
		o.Ranged = true
		if o.Range == (WeaponRange{}) {
			o.Range = WeaponRange{Normal: a.Range, Long: a.LongRange}
		}
	}
	res, err := RollAttack(self, t, a.ToHit, dmg, r, o)
	if err != nil {
		return nil, err
	}
	res.Attack = a.ID
	return res, nil
}

// Save rolls the monster's saving throw with its save bonus; self supplies
// its conditions.
func (m *Monster) Save(a Ability, self Target, r dice.Roller, o RollOptions) (*RollResult, error) {
	if !a.Valid() {
		return nil, newError(ErrUnknownAbility, "Ability", string(a))
	}
	return self.Save(a, m.SaveBonus(a), r, o)
}

// AbilityCheck rolls a plain ability check with the ability modifier.
func (m *Monster) AbilityCheck(a Ability, self Target, r dice.Roller, o RollOptions) (*RollResult, error) {
	if !a.Valid() {
		return nil, newError(ErrUnknownAbility, "Ability", string(a))
	}
	return self.AbilityCheck(a, m.Mod(a), r, o)
}

// SkillCheck rolls a skill check with the monster's skill bonus.
func (m *Monster) SkillCheck(s Skill, self Target, r dice.Roller, o RollOptions) (*RollResult, error) {
	if !s.Valid() {
		return nil, newError(ErrUnknownSkill, "Skill", string(s))
	}
	res, err := self.AbilityCheck(s.Ability(), m.SkillBonus(s), r, o)
	if err != nil {
		return nil, err
	}
	res.Kind, res.Skill = KindSkillCheck, s
	return res, nil
}

// RollRecharge rolls 1d6 for an action with a recharge: ok when the die is
// at least a.Recharge. An action without one always recharges (no roll).
func (a *MonsterAction) RollRecharge(r dice.Roller) (ok bool, roll *dice.Result, err error) {
	if a.Recharge == 0 {
		return true, nil, nil
	}
	roll, err = dice.Roll("1d6", r)
	if err != nil {
		return false, nil, err
	}
	return roll.Total >= a.Recharge, roll, nil
}
