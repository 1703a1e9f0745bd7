package dnd5e

import (
	"testing"

	"rulekeeper/rules/dice"
)

// TestMonsterCaster: a monster with a Spellcasting trait casts with its stat block's DC and attack bonus (the SRD
// mage: DC 14, +6, a 9th-level caster, so fire bolt deals 2d10); one without cannot.
func TestMonsterCaster(t *testing.T) {
	mage, _ := MonsterByID("mage")
	c, o, ok := mage.Caster("Mage 1", 40)
	if !ok || c.Name != "Mage 1" || c.SpellAbility != Int || c.HP != 40 || !o.AnyClass || o.SaveDC != 14 || o.AttackBonus != 6 {
		t.Fatalf("caster %+v %+v %v", c, o, ok)
	}
	hold, _ := LookupSpell("hold_person")
	k := Concentration{}
	o.Concentration = &k
	aria := SpellTarget{Target: Target{Name: "Aria", AC: 13, HP: 24, MaxHP: 24}, SaveMod: 1}
	res, err := c.Cast(hold, 0, []SpellTarget{aria}, dice.NewScripted([]int{12}), o)
	if err != nil {
		t.Fatal(err)
	}
	// 12 + 1 = 13 < DC 14: paralyzed; the mage concentrates on it.
	if res.DC != 14 || res.Targets[0].Saved || len(res.Targets[0].Conditions) == 0 || k.Spell != "hold_person" {
		t.Fatalf("hold person: %+v, concentration %+v", res, k)
	}
	bolt, _ := LookupSpell("fire_bolt")
	res, err = c.Cast(bolt, 0, []SpellTarget{aria}, dice.NewScripted([]int{8, 5, 6}), o)
	if err != nil {
		t.Fatal(err)
	}
	// 8 + 6 = 14 hits AC 13; 2d10 at caster level 9.
	if res.ToHit != 6 || !res.Targets[0].Attacks[0].Hit || res.Targets[0].Total != 11 {
		t.Fatalf("fire bolt: to hit %d, %+v", res.ToHit, res.Targets[0])
	}
	goblin, _ := MonsterByID("goblin")
	if _, _, ok := goblin.Caster("Goblin", 7); ok {
		t.Error("a goblin casts no spells")
	}
}
