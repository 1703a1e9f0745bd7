package ddb

import (
	"slices"

	"rulekeeper/rules/dnd5e"
)

// hitPoints sets the maximum and current hit points, temporary hit points and
// Hit Dice. Max HP is D&D Beyond's: the override when there is one, else the
// base hit points (the Hit Dice rolled or fixed, without CON) + CON modifier ×
// total level + the "hit-points-per-level" bonuses (× the level of the class
// that grants one, else × the total level: Tough, dwarven toughness) + flat
// "hit-points" bonuses; the sheet's max HP modifier (bonusHitPoints) is added
// to either. Current HP is the max less the damage taken (removedHitPoints).
// Hit Dice left are the sheet class's level less the ones it used.
func (b *builder) hitPoints() {
	total := totalLevel(b.classes)
	perLevel := 0
	b.mods.each("bonus", "hit-points-per-level", func(m activeMod) {
		if m.restricted() {
			return
		}
		levels := total
		if m.class >= 0 {
			levels = b.classes[m.class].Level
		}
		perLevel += m.amount() * levels
	})
	maxHP := b.ch.BaseHitPoints.Int() + dnd5e.Modifier(b.c.Scores.Con)*total + perLevel + b.mods.sum("bonus", "hit-points")
	if o := b.ch.OverrideHitPoints; o.ok && o.Int() > 0 {
		maxHP = o.Int()
	}
	maxHP = b.clamp(KindHP, "", maxHP+b.ch.BonusHitPoints.Int(), 1, dnd5e.MaxHPLimit)
	b.c.MaxHP = maxHP
	b.c.HP = min(max(maxHP-b.ch.RemovedHitPoints.Int(), 0), maxHP)
	b.c.TempHP = b.clamp(KindHP, "", b.ch.TemporaryHitPoints.Int(), 0, dnd5e.MaxHPLimit)
	level := b.classes[b.main].Level
	b.c.HitDice = min(max(level-b.ch.Classes[b.main].HitDiceUsed.Int(), 0), level)
}

// clamp keeps v in lo–hi, reporting a value it had to change.
func (b *builder) clamp(k Kind, name string, v, lo, hi int) int {
	kept := min(max(v, lo), hi)
	if kept != v {
		b.report(Unmapped{Kind: k, Name: name, Reason: ReasonClamped, Value: kept})
	}
	return kept
}

// lifeState sets the state and death saves: conscious above 0 HP (death
// saves cleared); at 0 HP dead with three failures, stable when D&D Beyond
// says stabilized, dying otherwise, and unconscious (so prone) unless dead.
func (b *builder) lifeState() {
	c := b.c
	if c.HP > 0 {
		c.State, c.DeathSaves = dnd5e.Conscious, dnd5e.DeathSaves{}
		return
	}
	ds := b.ch.DeathSaves
	c.DeathSaves = dnd5e.DeathSaves{
		Successes: min(max(ds.SuccessCount.Int(), 0), 3),
		Failures:  min(max(ds.FailCount.Int(), 0), 3),
	}
	switch {
	case c.DeathSaves.Failures >= 3:
		c.State = dnd5e.Dead
		return
	case ds.IsStabilized:
		c.State = dnd5e.Stable
	default:
		c.State = dnd5e.Dying
	}
	if _, err := c.AddCondition(dnd5e.Unconscious, dnd5e.ConditionOptions{}); err != nil {
		b.report(Unmapped{Kind: KindCondition, Name: string(dnd5e.Unconscious), Reason: ReasonConditionImmune})
	}
}

// ddbExhaustion is D&D Beyond's condition id of exhaustion; its level is the exhaustion level.
const ddbExhaustion = 4

// conditionIDs are D&D Beyond's condition ids.
var conditionIDs = map[int]dnd5e.Condition{
	1: dnd5e.Blinded, 2: dnd5e.Charmed, 3: dnd5e.Deafened, 5: dnd5e.Frightened, 6: dnd5e.Grappled,
	7: dnd5e.Incapacitated, 8: dnd5e.Invisible, 9: dnd5e.Paralyzed, 10: dnd5e.Petrified, 11: dnd5e.Poisoned,
	12: dnd5e.Prone, 13: dnd5e.Restrained, 14: dnd5e.Stunned, 15: dnd5e.Unconscious,
}

// conditions adds the sheet's conditions (until removed: D&D Beyond keeps no
// duration) and its exhaustion level (6 kills, 4+ halves max HP).
func (b *builder) conditions() {
	exhaustion := 0
	for _, cd := range b.ch.Conditions {
		id := cd.ID.Int()
		if id == ddbExhaustion {
			exhaustion = max(exhaustion, min(max(cd.Level.Int(), 1), dnd5e.MaxExhaustion))
			continue
		}
		cond, ok := conditionIDs[id]
		if !ok {
			b.report(Unmapped{Kind: KindCondition, Reason: ReasonConditionUnknown, Value: id})
			continue
		}
		if _, err := b.c.AddCondition(cond, dnd5e.ConditionOptions{}); err != nil {
			b.report(Unmapped{Kind: KindCondition, Name: string(cond), Reason: ReasonConditionImmune})
		}
	}
	if exhaustion > 0 {
		_, _ = b.c.SetExhaustion(exhaustion) // 1–6: cannot fail
	}
}

// defences fills resistances, immunities and vulnerabilities from the
// unrestricted modifiers whose subtype is a damage type (condition
// immunities and conditional ones, "from nonmagical attacks", are left out).
func (b *builder) defences() {
	for _, d := range []struct {
		typ  string
		list *[]dnd5e.DamageType
	}{{"resistance", &b.c.Resist}, {"immunity", &b.c.Immune}, {"vulnerability", &b.c.Vuln}} {
		b.mods.each(d.typ, "", func(m activeMod) {
			t := dnd5e.DamageType(m.SubType)
			if !m.restricted() && t.Valid() && !slices.Contains(*d.list, t) {
				*d.list = append(*d.list, t)
			}
		})
	}
}
