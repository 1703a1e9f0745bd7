package dnd5e

import (
	"strings"

	"rulekeeper/rules/dice"
)

// Target is what the rules need to know about a creature that attacks, is
// attacked, or saves: fill it from a sheet with Character.AsTarget or from a
// tracked NPC by hand. Only the fields a function reads matter (an attacker
// needs only Conditions and Exhaustion).
type Target struct {
	Name       string       `json:"name,omitempty"`
	AC         int          `json:"ac,omitempty"` // 0 = unknown: the attack roll is reported without hit/miss
	HP         int          `json:"hp,omitempty"`
	MaxHP      int          `json:"max_hp,omitempty"`
	TempHP     int          `json:"temp_hp,omitempty"`
	Conditions []Condition  `json:"conditions,omitempty"`
	Exhaustion int          `json:"exhaustion,omitempty"`
	Resist     []DamageType `json:"resist,omitempty"`
	Vuln       []DamageType `json:"vuln,omitempty"`
	Immune     []DamageType `json:"immune,omitempty"`
}

// CritRule is how critical damage is rolled (a guild setting).
type CritRule string

// Crit rules. The zero value means CritDouble.
const (
	CritDouble CritRule = "double" // roll all damage dice twice, add modifiers once (SRD)
	CritMax    CritRule = "max"    // dice at their maximum plus a normal roll (house rule)
)

// ParseCritRule accepts "", "double", "max".
func ParseCritRule(s string) (CritRule, error) {
	switch CritRule(strings.ToLower(strings.TrimSpace(s))) {
	case "", CritDouble:
		return CritDouble, nil
	case CritMax:
		return CritMax, nil
	}
	return "", newError(ErrBadCritRule, "Rule", s)
}

// AttackOptions are the caller's choices for an attack.
type AttackOptions struct {
	Mode  Mode   // the user's adv/dis
	Bonus string // extra to-hit notation, e.g. "1d4" (bless)
	// Distance to the target in feet; 0 (the default) counts as within 5 ft.
	// Matters for prone targets and the automatic crit against paralyzed/unconscious ones.
	Distance    int
	CritRule    CritRule // "" = CritDouble
	ExtraDamage string   // extra damage notation added on a hit, e.g. "3d6" (sneak attack) or "2d8[radiant]"
}

func (o AttackOptions) within5ft() bool { return o.Distance <= 5 }

func (o AttackOptions) validate() error {
	if err := o.Mode.validate(); err != nil {
		return err
	}
	if _, err := ParseCritRule(string(o.CritRule)); err != nil {
		return err
	}
	if o.Distance < 0 {
		return newError(ErrBadAmount, "Amount", o.Distance, "Max", MaxHPLimit)
	}
	if err := validateBonus(o.Bonus); err != nil {
		return err
	}
	if strings.TrimSpace(o.ExtraDamage) != "" {
		if _, err := dice.Parse(o.ExtraDamage); err != nil {
			return err
		}
	}
	return nil
}

// AttackResult is an attack roll and, on a hit, its damage.
type AttackResult struct {
	Attack    string        `json:"attack,omitempty"` // sheet attack name, "" for ad-hoc
	Attacker  string        `json:"attacker,omitempty"`
	Target    string        `json:"target,omitempty"`
	ToHit     int           `json:"to_hit"` // flat to-hit modifier
	Bonus     string        `json:"bonus,omitempty"`
	Mode      Mode          `json:"mode"`
	Cancelled bool          `json:"cancelled,omitempty"`
	Effects   []Effect      `json:"effects,omitempty"` // adv/dis sources (option, attacker, target) and auto_crit
	Notation  string        `json:"notation"`
	Roll      *dice.Result  `json:"roll,omitempty"`
	Natural   int           `json:"natural"`
	Total     int           `json:"total"`
	AC        int           `json:"ac,omitempty"` // 0 = unknown
	Outcome   Outcome       `json:"outcome"`      // crit, hit or miss; OutcomeNone when AC is unknown and the die is not a 1 or 20
	Hit       bool          `json:"hit"`          // damage was rolled (also when AC is unknown, except on a natural 1)
	Crit      bool          `json:"crit"`
	Fumble    bool          `json:"fumble,omitempty"`    // natural 1: automatic miss
	AutoCrit  bool          `json:"auto_crit,omitempty"` // crit because of paralyzed/unconscious within 5 ft
	Damage    *DamageResult `json:"damage,omitempty"`    // nil unless Hit
}

// Attack makes the sheet attack called name against t: to-hit = ability mod
// + proficiency (if proficient) + the attack's bonus; damage = its notation +
// ability mod (+ o.ExtraDamage).
func (c *Character) Attack(name string, t Target, r dice.Roller, o AttackOptions) (*AttackResult, error) {
	if err := c.canAct(); err != nil {
		return nil, err
	}
	a, err := c.FindAttack(name)
	if err != nil {
		return nil, err
	}
	toHit := c.Mod(a.Ability) + a.Bonus
	if a.Proficient {
		toHit += c.Proficiency()
	}
	base, err := dice.Parse(a.Damage)
	if err != nil {
		return nil, err
	}
	dmg := base.Notation() + signed(c.Mod(a.Ability))
	res, err := RollAttack(c.AsTarget(), t, toHit, dmg, r, o)
	if err != nil {
		return nil, err
	}
	res.Attack = a.Name
	return res, nil
}

// RollAttack is an ad-hoc attack: toHit is the whole to-hit modifier and damage
// the whole damage notation; nothing is added from a sheet. attacker supplies
// the attacker's conditions and exhaustion (Target{} for none; a sheet's
// AsTarget() for a character).
func RollAttack(attacker, t Target, toHit int, damage string, r dice.Roller, o AttackOptions) (*AttackResult, error) {
	if toHit < -MaxAttackMod || toHit > MaxAttackMod {
		return nil, newError(ErrBadToHit, "ToHit", toHit, "Max", MaxAttackMod)
	}
	if strings.TrimSpace(damage) == "" {
		return nil, newError(ErrNoDamage)
	}
	if _, err := dice.Parse(damage); err != nil {
		return nil, err
	}
	if err := o.validate(); err != nil {
		return nil, err
	}
	if t.AC < 0 || t.AC > MaxAC {
		return nil, newError(ErrBadAC, "AC", t.AC, "Min", 0, "Max", MaxAC)
	}
	within := o.within5ft()
	res := &AttackResult{
		Attacker: attacker.Name, Target: t.Name, ToHit: toHit, Bonus: strings.TrimSpace(o.Bonus), AC: t.AC,
	}
	res.Effects = optionEffects(o.Mode)
	res.Effects = append(res.Effects, attacker.attackerEffects()...)
	res.Effects = append(res.Effects, t.defenderEffects(within)...)
	res.Mode, res.Cancelled = ResolveMode(res.Effects)
	res.Notation = d20Notation(res.Mode, toHit, o.Bonus)
	roll, err := dice.Roll(res.Notation, r)
	if err != nil {
		return nil, err
	}
	res.Roll, res.Natural, res.Total = roll, roll.Natural, roll.Total
	switch {
	case res.Natural == 1:
		res.Fumble = true
		res.Outcome = OutcomeMiss
	case res.Natural == 20:
		res.Hit, res.Crit = true, true
	case t.AC == 0:
		res.Hit = true // unknown AC: roll damage, the table decides
	case res.Total >= t.AC:
		res.Hit = true
	default:
		res.Outcome = OutcomeMiss
	}
	if res.Hit {
		if auto := t.autoCritEffects(within); len(auto) > 0 && !res.Crit {
			res.Effects = append(res.Effects, auto...)
			res.AutoCrit, res.Crit = true, true
		}
		switch {
		case res.Crit:
			res.Outcome = OutcomeCrit
		case t.AC > 0:
			res.Outcome = OutcomeHit
		}
		notation := damage
		if strings.TrimSpace(o.ExtraDamage) != "" {
			base, _ := dice.Parse(damage) // validated above
			notation = base.Notation() + bonusSuffix(o.ExtraDamage)
		}
		d, err := RollDamage(notation, res.Crit, o.CritRule, t, r)
		if err != nil {
			return nil, err
		}
		res.Damage = d
	}
	return res, nil
}

// DamagePart is the damage of one type within a roll.
type DamagePart struct {
	Type       DamageType `json:"type,omitempty"`     // "" = untyped (only when no term names a type)
	Notation   string     `json:"notation"`           // the terms of this type, e.g. "2d8[slashing] + 3"
	Rolled     int        `json:"rolled"`             // sum of those terms in the roll
	CritMax    int        `json:"crit_max,omitempty"` // CritMax rule: the dice maximum of those terms, added
	Raw        int        `json:"raw"`                // max(0, Rolled + CritMax)
	Resisted   bool       `json:"resisted,omitempty"` // halved (rounded down)
	Vulnerable bool       `json:"vulnerable,omitempty"`
	Immune     bool       `json:"immune,omitempty"`
	Final      int        `json:"final"` // after immunity, resistance, vulnerability
}

// DamageResult is a damage roll split by type.
type DamageResult struct {
	Notation string       `json:"notation"`       // what was rolled: canonical, doubled on a CritDouble crit
	Roll     *dice.Result `json:"roll,omitempty"` // the one roll of Notation (its Breakdown shows every die)
	Crit     bool         `json:"crit,omitempty"`
	CritRule CritRule     `json:"crit_rule,omitempty"` // set when Crit
	Parts    []DamagePart `json:"parts"`               // one per damage type, in order of first appearance
	Effects  []Effect     `json:"effects,omitempty"`   // petrified → resist_all
	Raw      int          `json:"raw"`                 // sum of parts before defences
	Total    int          `json:"total"`               // sum of parts after defences: the damage dealt
}

// RollDamage rolls a damage notation such as "1d8[slashing]+3+2d6[fire]"
// once and applies t's defences per damage type. The roll's additive terms
// are grouped by their damage-type label (case-insensitive; other labels are
// ignored); untyped terms, such as the ability modifier, join the first typed
// group. On a crit, CritDouble rolls the notation with every dice count
// doubled (modifiers once); CritMax adds each group's dice maximum to a normal
// roll. Each group's damage is at least 0; then immunity (→ 0), resistance
// (halved, rounded down) and vulnerability (×2) apply, after all other
// modifiers (B5.4). Petrified gives resistance to every type.
func RollDamage(notation string, crit bool, rule CritRule, t Target, r dice.Roller) (*DamageResult, error) {
	rule, err := ParseCritRule(string(rule))
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(notation) == "" {
		return nil, newError(ErrNoDamage)
	}
	e, err := dice.Parse(notation)
	if err != nil {
		return nil, err
	}
	res := &DamageResult{Crit: crit}
	if crit {
		res.CritRule = rule
		if rule == CritDouble {
			e = e.Doubled()
		}
	}
	res.Notation = e.Notation()
	roll, err := e.Roll(r)
	if err != nil {
		return nil, err
	}
	res.Roll = roll
	resistAll := t.has(Petrified)
	if resistAll {
		res.Effects = append(res.Effects, Effect{Condition: Petrified, OnTarget: true, Effect: EffectResistAll})
	}
	type term struct {
		notation string
		value    int
		critMax  int
		typ      DamageType
	}
	var terms []term
	for _, p := range roll.Parts() {
		tm := term{notation: p.Notation, value: p.Value, typ: labelsType(p.Labels)}
		if crit && rule == CritMax {
			if pe, err := dice.Parse(p.Notation); err == nil {
				tm.critMax = pe.MaxDice()
				if p.Value < 0 {
					tm.critMax = -tm.critMax
				}
			}
		}
		terms = append(terms, tm)
	}
	index := map[DamageType]int{}
	first := DamageType("")
	for _, tm := range terms {
		if tm.typ != "" {
			first = tm.typ
			break
		}
	}
	for _, tm := range terms {
		typ := tm.typ
		if typ == "" {
			typ = first
		}
		i, ok := index[typ]
		if !ok {
			i = len(res.Parts)
			index[typ] = i
			res.Parts = append(res.Parts, DamagePart{Type: typ})
		}
		p := &res.Parts[i]
		p.Notation = joinTerm(p.Notation, tm.notation, tm.value < 0)
		p.Rolled += tm.value
		p.CritMax += tm.critMax
	}
	for i := range res.Parts {
		p := &res.Parts[i]
		p.Raw = max(0, p.Rolled+p.CritMax)
		p.Final = p.Raw
		p.applyDefences(t, resistAll)
		res.Raw += p.Raw
		res.Total += p.Final
	}
	return res, nil
}

// applyDefences applies immunity, then resistance, then vulnerability.
func (p *DamagePart) applyDefences(t Target, resistAll bool) {
	if p.Type != "" && hasType(t.Immune, p.Type) {
		p.Immune = true
		p.Final = 0
		return
	}
	if resistAll || (p.Type != "" && hasType(t.Resist, p.Type)) {
		p.Resisted = true
		p.Final /= 2
	}
	if p.Type != "" && hasType(t.Vuln, p.Type) {
		p.Vulnerable = true
		p.Final *= 2
	}
}

func hasType(list []DamageType, d DamageType) bool {
	for _, x := range list {
		if x == d {
			return true
		}
	}
	return false
}

// ResolveDamage applies t's defences to amount damage of type typ (no dice).
func ResolveDamage(amount int, typ DamageType, t Target) DamagePart {
	p := DamagePart{Type: typ, Raw: max(0, amount), Final: max(0, amount)}
	p.applyDefences(t, t.has(Petrified))
	return p
}

// labelsType returns the first label that names a damage type, or "".
func labelsType(labels []string) DamageType {
	for _, l := range labels {
		if d := DamageType(strings.ToLower(strings.TrimSpace(l))); d.Valid() {
			return d
		}
	}
	return ""
}

// joinTerm appends a term to a group's notation with its sign.
func joinTerm(acc, term string, neg bool) string {
	switch {
	case acc == "" && neg:
		return "-" + term
	case acc == "":
		return term
	case neg:
		return acc + " - " + term
	}
	return acc + " + " + term
}
