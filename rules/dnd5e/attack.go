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
	// Effects on the creature (Character.AllEffects for a sheet): its AC,
	// defences, rolls and hits change with them.
	Effects []ActiveEffect `json:"effects,omitempty"`
	// CreatureType ("humanoid", "undead", "fiend"): for mods against some
	// types (protection from evil and good, divine smite).
	CreatureType string `json:"creature_type,omitempty"`
	DexMod       int    `json:"dex_mod,omitempty"` // its DEX modifier, for ac_base mods (mage armor)
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
	// Ranged: a ranged attack (the sheet attack's own Ranged when made with Character.Attack).
	Ranged bool
	// Spell: a spell attack rather than a weapon attack (Cast sets it).
	Spell bool
	// Ability the attack is made with, for mods narrowed to one ability (rage:
	// STR); Character.Attack fills it from the sheet attack.
	Ability Ability
	// Turn is a key naming the current turn ("round 3, turn 2"): once-per-turn
	// damage (sneak attack) is added only to the first hit of a turn. "" counts
	// every attack as a new turn.
	Turn string
	// Sneak says whether to add sneak attack dice (a rogue): SneakOff (the
	// default), SneakAuto when the attack qualifies (SneakAttackQualifies), SneakForce.
	Sneak SneakChoice
	// AllyAdjacent: an ally of the attacker is within 5 ft of the target (sneak attack).
	AllyAdjacent bool
	// Range of a ranged weapon (Character.Attack fills it from the SRD weapon table when zero): beyond its normal
	// range the attack has disadvantage, beyond its long range it is refused (B5.3). Zero: no range rule.
	Range WeaponRange
	// Threatened: a hostile creature that can act is within 5 ft of the attacker; a ranged attack has
	// disadvantage (B5.3).
	Threatened bool
	// Cover is the target's cover: +2 or +5 to its AC, total cover refused (SRD "Cover").
	Cover Cover
	// Nonlethal: a melee attack that knocks out instead of killing (B7.6); refused for a ranged attack. The
	// result carries it for whoever applies the damage (Character.KnockOut).
	Nonlethal bool
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
	if o.Ability != "" && !o.Ability.Valid() {
		return newError(ErrUnknownAbility, "Ability", string(o.Ability))
	}
	if o.Sneak.key() == "" {
		return newError(ErrBadMode, "Mode", string(o.Sneak))
	}
	if err := o.Cover.Targetable(); err != nil {
		return err
	}
	if o.Nonlethal && (o.Ranged || o.Spell) {
		return newError(ErrNonlethalRanged)
	}
	return nil
}

// AttackResult is an attack roll and, on a hit, its damage.
type AttackResult struct {
	Attack    string       `json:"attack,omitempty"` // sheet attack name, "" for ad-hoc
	Attacker  string       `json:"attacker,omitempty"`
	Target    string       `json:"target,omitempty"`
	ToHit     int          `json:"to_hit"` // flat to-hit modifier
	Bonus     string       `json:"bonus,omitempty"`
	Mode      Mode         `json:"mode"`
	Cancelled bool         `json:"cancelled,omitempty"`
	Effects   []Effect     `json:"effects,omitempty"` // adv/dis sources (option, attacker, target) and auto_crit
	Notation  string       `json:"notation"`
	Roll      *dice.Result `json:"roll,omitempty"`
	Natural   int          `json:"natural"`
	Total     int          `json:"total"`
	AC        int          `json:"ac,omitempty"` // 0 = unknown
	Outcome   Outcome      `json:"outcome"`      // crit, hit or miss; OutcomeNone when AC is unknown and the die is not a 1 or 20
	Hit       bool         `json:"hit"`          // damage was rolled (also when AC is unknown, except on a natural 1)
	Crit      bool         `json:"crit"`
	Fumble    bool         `json:"fumble,omitempty"`    // natural 1: automatic miss
	AutoCrit  bool         `json:"auto_crit,omitempty"` // crit because of paralyzed/unconscious within 5 ft
	// Cover is the target's cover (AC includes its bonus, CoverBonus); Nonlethal, a hit meant to knock out.
	Cover      Cover         `json:"cover,omitempty"`
	CoverBonus int           `json:"cover_bonus,omitempty"`
	Nonlethal  bool          `json:"nonlethal,omitempty"`
	Damage     *DamageResult `json:"damage,omitempty"` // nil unless Hit
	// Effects at work. EffectBonus is the notation the attacker's (and
	// target's) effects added to the roll, labelled ("+1d4[bless]"); CritMin
	// the lowest natural d20 that crits when an effect lowers it (improved
	// critical: 19), 0 when only a 20 does.
	EffectBonus string `json:"effect_bonus,omitempty"`
	CritMin     int    `json:"crit_min,omitempty"`
	// Applied: what the attacker's effects did (to-hit bonus, advantage, crit
	// range, damage, sneak attack); TargetApplied: the target's (AC, attacks
	// against it with advantage or disadvantage).
	Applied       []Applied `json:"applied,omitempty"`
	TargetApplied []Applied `json:"target_applied,omitempty"`
	// ACBefore is set by Recheck: the AC the roll was first compared with.
	ACBefore int `json:"ac_before,omitempty"`
	// Duplicate: the attack targeted an illusory duplicate (mirror image),
	// rolled with DuplicateRoll; AC is the duplicate's, Hit says whether it was
	// destroyed, and no damage is dealt.
	Duplicate     bool         `json:"duplicate,omitempty"`
	DuplicateRoll *dice.Result `json:"duplicate_roll,omitempty"`
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
	By         []string   `json:"by,omitempty"` // the effects that gave the immunity, resistance or vulnerability
	Final      int        `json:"final"`        // after immunity, resistance, vulnerability
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
	return rollDamage(notation, "", crit, rule, t, r)
}

// rollDamage is RollDamage with extra notation added after a CritDouble
// doubling on a crit (brutal critical's extra die is rolled once).
func rollDamage(notation, critExtra string, crit bool, rule CritRule, t Target, r dice.Roller) (*DamageResult, error) {
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
		if critExtra != "" {
			if e, err = dice.Parse(e.Notation() + critExtra); err != nil {
				return nil, err
			}
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

// applyDefences applies immunity, then resistance, then vulnerability, from
// the target's lists and its effects (By names the effects).
func (p *DamagePart) applyDefences(t Target, resistAll bool) {
	if ok, by := t.defence(ModImmune, p.Type); ok {
		p.Immune = true
		p.Final = 0
		p.by(by)
		return
	}
	if ok, by := t.defence(ModResist, p.Type); ok || resistAll {
		p.Resisted = true
		p.Final /= 2
		p.by(by)
	}
	if ok, by := t.defence(ModVuln, p.Type); ok {
		p.Vulnerable = true
		p.Final *= 2
		p.by(by)
	}
}

func (p *DamagePart) by(effect string) {
	if effect != "" {
		p.By = append(p.By, effect)
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
