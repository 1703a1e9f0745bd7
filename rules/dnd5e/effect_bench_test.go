package dnd5e

import (
	"testing"

	"rulekeeper/rules/dice"
)

// BenchmarkAttackWithEffects: a blessed, raging 11th-level champion's attack
// against a target under faerie fire and shield of faith (passive features
// included), with its damage.
func BenchmarkAttackWithEffects(b *testing.B) {
	c, _ := New("Brom", "fighter", 11, Scores{Str: 18, Dex: 12, Con: 14, Int: 10, Wis: 10, Cha: 10})
	c.Subclass = "champion"
	c.Attacks = []Attack{{Name: "Longsword", Ability: Str, Proficient: true, Damage: "1d8[slashing]"}}
	c.AddEffect(bless)
	c.AddEffect(rageEffect(2))
	t := Target{Name: "orc", AC: 13, Effects: []ActiveEffect{fx("faerie_fire", adv(ScopeAttacked)), fx("shield_of_faith", acPlus(2))}}
	r := dice.NewSeeded(1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Attack("Longsword", t, r, AttackOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkAttackPlain is the same attack with no effect, for comparison.
func BenchmarkAttackPlain(b *testing.B) {
	c, _ := New("Brom", "fighter", 3, Scores{Str: 18, Dex: 12, Con: 14, Int: 10, Wis: 10, Cha: 10})
	c.Attacks = []Attack{{Name: "Longsword", Ability: Str, Proficient: true, Damage: "1d8[slashing]"}}
	t := Target{Name: "orc", AC: 13}
	r := dice.NewSeeded(1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Attack("Longsword", t, r, AttackOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBlessOdds: the exact chance of a blessed attack roll with advantage.
func BenchmarkBlessOdds(b *testing.B) {
	for b.Loop() {
		if D20OddsFor(D20Spec{Mode: Advantage, Modifier: 5, Bonus: "1d4[bless]", Target: 17, Natural: true}) == nil {
			b.Fatal("no odds")
		}
	}
}
