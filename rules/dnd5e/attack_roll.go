package dnd5e

import (
	"regexp"
	"strconv"
	"strings"

	"rulekeeper/rules/dice"
)

// Attack makes the sheet attack called name against t: to-hit = ability mod
// + proficiency (if proficient) + the attack's bonus; damage = its notation +
// ability mod (+ o.ExtraDamage). The character's effects (AllEffects: spells,
// activated and passive features) and t's apply as in RollAttack; the
// attack's ability and range fill o.Ability and o.Ranged, and once-per-turn
// damage already dealt this turn (TurnUses) is left out.
func (c *Character) Attack(name string, t Target, r dice.Roller, o AttackOptions) (*AttackResult, error) {
	if err := c.canAct(); err != nil {
		return nil, err
	}
	return c.attack(name, t, r, o, c.TurnUses)
}

// attack is Attack with the once-per-turn record to consult.
func (c *Character) attack(name string, t Target, r dice.Roller, o AttackOptions, used map[string]string) (*AttackResult, error) {
	a, err := c.FindAttack(name)
	if err != nil {
		return nil, err
	}
	all := c.AllEffects()
	ability, die := weaponMods(all, a)
	toHit := c.Mod(ability) + a.Bonus
	if a.Proficient {
		toHit += c.Proficiency()
	}
	base, err := dice.Parse(a.Damage)
	if err != nil {
		return nil, err
	}
	notation := base.Notation()
	if die > 0 {
		notation = withFirstDie(notation, die)
	}
	dmg := notation + signed(c.Mod(ability))
	o.Ability, o.Ranged, o.Spell = ability, a.Ranged, false
	if a.Ranged && o.Range == (WeaponRange{}) {
		if o.Range = a.Range; o.Range.Normal == 0 { // the sheet's own, else the SRD table's for its name
			o.Range, _ = WeaponRangeOf(a.Name)
		}
	}
	res, err := rollAttack(c.AsTarget(), t, toHit, dmg, r, o, used)
	if err != nil {
		return nil, err
	}
	res.Attack = a.Name
	return res, nil
}

// RollAttack is an ad-hoc attack: toHit is the whole to-hit modifier and damage
// the whole damage notation; nothing is added from a sheet. attacker supplies
// the attacker's conditions, exhaustion and effects (Target{} for none; a
// sheet's AsTarget() for a character).
//
// Effects: the attacker's attack-roll bonuses (bless), advantage and
// disadvantage, crit range (improved critical) and, on a hit, damage (rage,
// hunter's mark, divine favor; sneak attack per o.Sneak) and extra crit dice
// (brutal critical); the target's AC mods (shield, shield of faith, mage
// armor, barkskin) and attacks-against advantage or disadvantage (faerie fire,
// blur, protection from evil and good by the attacker's creature type) and
// its damage defences. A natural d20 at or above the crit range is a critical
// hit, which always hits.
func RollAttack(attacker, t Target, toHit int, damage string, r dice.Roller, o AttackOptions) (*AttackResult, error) {
	return rollAttack(attacker, t, toHit, damage, r, o, nil)
}

func rollAttack(attacker, t Target, toHit int, damage string, r dice.Roller, o AttackOptions, used map[string]string) (*AttackResult, error) {
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
	circumstances, err := o.rangeEffects()
	if err != nil {
		return nil, err
	}
	within := o.within5ft()
	kind := &attackKind{spell: o.Spell, ranged: o.Ranged, ability: o.Ability}
	q := rollQuery{scope: ScopeAttack, ability: o.Ability, attack: kind, vs: &t}
	qt := rollQuery{scope: ScopeAttacked, ability: o.Ability, attack: kind, vs: &attacker}
	fx := gatherD20(attacker.Effects, q, false)
	tfx := gatherD20(t.Effects, qt, true)
	ac, acApplied := t.ArmorClass()
	res := &AttackResult{
		Attacker: attacker.Name, Target: t.Name, ToHit: toHit, Bonus: strings.TrimSpace(o.Bonus),
		EffectBonus: fx.notation + tfx.notation, Cover: o.Cover, Nonlethal: o.Nonlethal,
	}
	if ac > 0 {
		res.CoverBonus = o.Cover.Bonus()
		ac += res.CoverBonus
	}
	res.AC = ac
	res.CritMin, res.Applied = critRange(attacker.Effects, q)
	res.Applied = append(fx.applied, res.Applied...)
	res.TargetApplied = append(tfx.applied, acApplied...)
	res.Effects = optionEffects(o.Mode)
	res.Effects = append(res.Effects, attacker.attackerEffects()...)
	res.Effects = append(res.Effects, t.defenderEffects(within)...)
	res.Effects = append(res.Effects, fx.modes...)
	res.Effects = append(res.Effects, tfx.modes...)
	res.Effects = append(res.Effects, circumstances...)
	res.Effects = seeInvisible(res, attacker, t)
	res.Mode, res.Cancelled = ResolveMode(res.Effects)
	res.Notation = d20Notation(res.Mode, toHit, o.Bonus) + res.EffectBonus
	roll, err := dice.Roll(res.Notation, r)
	if err != nil {
		return nil, err
	}
	res.Roll, res.Natural, res.Total = roll, roll.Natural, roll.Total
	fillApplied(res.Applied, roll)
	fillApplied(res.TargetApplied, roll)
	if err := res.duplicates(attacker, t, r); err != nil || res.Duplicate {
		return res, err
	}
	res.judge()
	if !res.Hit {
		return res, nil
	}
	if auto := t.autoCritEffects(within); len(auto) > 0 && !res.Crit {
		res.Effects = append(res.Effects, auto...)
		res.AutoCrit, res.Crit = true, true
	}
	switch {
	case res.Crit:
		res.Outcome = OutcomeCrit
	case ac > 0:
		res.Outcome = OutcomeHit
	}
	sneak := o.Sneak == SneakForce ||
		(o.Sneak == SneakAuto && !o.Spell && (o.Ranged || o.Ability == Dex) && SneakAttackQualifies(res.Mode, o.AllyAdjacent))
	hit := gatherHit(withoutSneak(attacker.Effects, sneak), q, o.Turn, used)
	base, _ := dice.Parse(damage) // validated above
	notation := base.Notation() + bonusSuffix(o.ExtraDamage) + hit.notation
	extra := ""
	if res.Crit && hit.critDice > 0 {
		if sides := firstDie(damage); sides > 0 {
			extra = labelled(0, itoaDice(hit.critDice, sides), "", hit.critFrom.Effect)
			hit.applied = append(hit.applied, *hit.critFrom)
			hit.applied[len(hit.applied)-1].Dice = strings.TrimPrefix(itoaDice(hit.critDice, sides), "+")
		}
	}
	d, err := rollDamage(notation, extra, res.Crit, o.CritRule, t, r)
	if err != nil {
		return nil, err
	}
	fillApplied(hit.applied, d.Roll)
	res.Applied = append(res.Applied, hit.applied...)
	res.Applied = append(res.Applied, halveDealt(d, attacker.Effects, q)...)
	res.Damage = d
	return res, nil
}

// seeInvisible drops the invisible condition's advantage and disadvantage
// against a creature that sees invisible creatures (see invisibility, true
// seeing), and lists the effect that did it.
func seeInvisible(res *AttackResult, attacker, t Target) []Effect {
	attackerSees, by := attacker.hasMod(ModSeeInvisible)
	targetSees, tby := t.hasMod(ModSeeInvisible)
	var out []Effect
	for _, e := range res.Effects {
		switch {
		case e.Condition == Invisible && e.OnTarget && attackerSees:
			res.Applied = append(res.Applied, Applied{Effect: by, Source: sourceOf(attacker.Effects, by), Kind: ModSeeInvisible})
		case e.Condition == Invisible && !e.OnTarget && targetSees:
			res.TargetApplied = append(res.TargetApplied, Applied{Effect: tby, Source: sourceOf(t.Effects, tby), Kind: ModSeeInvisible})
		default:
			out = append(out, e)
		}
	}
	return out
}

// sourceOf is the source of the effect id in list.
func sourceOf(list []ActiveEffect, id string) EffectSource {
	for _, e := range list {
		if e.ID == id {
			return e.Source
		}
	}
	return EffectSource{}
}

// duplicates: against a target with illusory duplicates (mirror image) left,
// a d20 decides whether the attack targets one instead (6+ with three, 8+
// with two, 11+ with one). A duplicate has AC 10 + the target's DEX modifier;
// a hit destroys it (the effect's use is Spent) and deals no damage. An
// attacker that sees invisible creatures (truesight) is not fooled.
func (res *AttackResult) duplicates(attacker, t Target, r dice.Roller) error {
	if sees, _ := attacker.hasMod(ModSeeInvisible); sees {
		return nil
	}
	for _, e := range t.Effects {
		has := false
		for _, m := range e.Mods {
			has = has || m.Kind == ModDuplicates
		}
		if !has || e.Uses < 1 {
			continue
		}
		need := map[int]int{1: 11, 2: 8}[e.Uses]
		if need == 0 {
			need = 6
		}
		roll, err := dice.Roll("1d20", r)
		if err != nil {
			return err
		}
		res.DuplicateRoll = roll
		if roll.Total < need {
			return nil
		}
		res.Duplicate = true
		res.AC = 10 + t.DexMod
		res.judge()
		res.TargetApplied = append(res.TargetApplied, Applied{Effect: e.ID, Source: e.Source, Kind: ModDuplicates,
			Value: need, Spent: res.Hit})
		return nil
	}
	return nil
}

// halveDealt halves the damage of a hit when the attacker's effects say so
// (ray of enfeeblement: weapon attacks that use STR), each type rounded down.
func halveDealt(d *DamageResult, list []ActiveEffect, q rollQuery) []Applied {
	for _, e := range list {
		for _, m := range e.Mods {
			if m.Kind != ModHalfDamage || !m.hitApplies(q) {
				continue
			}
			d.Total = 0
			for i := range d.Parts {
				d.Parts[i].Final /= 2
				d.Total += d.Parts[i].Final
			}
			return []Applied{{Effect: e.ID, Source: e.Source, Kind: ModHalfDamage}}
		}
	}
	return nil
}

// weaponMods is the ability and damage die a sheet attack uses with the
// effects' weapon_ability and weapon_die mods (shillelagh): its own ability
// and 0 (its own die) when none names it.
func weaponMods(list []ActiveEffect, a Attack) (Ability, int) {
	ability, die := a.Ability, 0
	for _, e := range list {
		for _, m := range e.Mods {
			if m.Weapon != "" && !sameName(m.Weapon, a.Name) {
				continue
			}
			switch m.Kind {
			case ModWeaponAbility:
				ability = m.Ability
			case ModWeaponDie:
				die = m.Value
			}
		}
	}
	return ability, die
}

// withFirstDie changes the faces of a notation's first die: "1d6[bludgeoning]" → "1d8[bludgeoning]".
func withFirstDie(notation string, sides int) string {
	loc := firstDieRe.FindStringSubmatchIndex(notation)
	if loc == nil {
		return notation
	}
	return notation[:loc[2]] + strconv.Itoa(sides) + notation[loc[3]:]
}

// judge sets Hit, Crit, Fumble and Outcome from the natural die, the crit range and the AC.
func (r *AttackResult) judge() {
	critMin := r.CritMin
	if critMin == 0 {
		critMin = 20
	}
	r.Hit, r.Crit, r.Fumble, r.Outcome = false, false, false, OutcomeNone
	switch {
	case r.Natural == 1:
		r.Fumble = true
		r.Outcome = OutcomeMiss
	case r.Natural >= critMin:
		r.Hit, r.Crit = true, true
		r.Outcome = OutcomeCrit
	case r.AC == 0:
		r.Hit = true // unknown AC: roll damage, the table decides
	case r.Total >= r.AC:
		r.Hit = true
		r.Outcome = OutcomeHit
	default:
		r.Outcome = OutcomeMiss
	}
}

// Recheck compares the attack roll again with a new AC (ac), as when the
// target casts shield in reaction to it (SRD: the +5 counts against the
// triggering attack): a critical hit still hits; a hit whose total is now
// below the AC misses and deals no damage. It returns a changed copy with
// ACBefore set; r is unchanged. A miss never becomes a hit (the damage was
// not rolled): give a lower AC only to tell the odds.
func (r *AttackResult) Recheck(ac int) *AttackResult {
	out := *r
	out.ACBefore = r.AC
	out.AC = ac
	if !r.Hit || r.Crit || ac <= 0 {
		return &out
	}
	if r.Total < ac {
		out.Hit, out.Outcome, out.Damage = false, OutcomeMiss, nil
	}
	return &out
}

// withoutSneak drops the sneak attack effect unless sneak is true.
func withoutSneak(list []ActiveEffect, sneak bool) []ActiveEffect {
	if sneak {
		return list
	}
	var out []ActiveEffect
	for _, e := range list {
		if e.Source.Kind == SourceFeature && e.Source.ID == "sneak_attack" {
			continue
		}
		out = append(out, e)
	}
	return out
}

// firstDie is the number of faces of the first die of a damage notation (0 if none).
func firstDie(notation string) int {
	e, err := dice.Parse(notation)
	if err != nil {
		return 0
	}
	m := firstDieRe.FindStringSubmatch(labelRe.ReplaceAllString(e.Notation(), ""))
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

var (
	labelRe    = regexp.MustCompile(`\[[^\]]*\]`)
	firstDieRe = regexp.MustCompile(`(?:^|[^a-z])d(\d+)`)
)

// itoaDice renders "2d8".
func itoaDice(n, sides int) string {
	return spellTerms{{n: n, sides: sides}}.String()
}
