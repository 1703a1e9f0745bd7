package dnd5e

import (
	"testing"

	"rulekeeper/rules/dice"
)

// TestHeldConditionsEnd: the conditions a concentration spell holds end with the caster's concentration (B6): a
// failed CON save after damage (forced d20), the caster incapacitated or dropping to 0 HP, or a new concentration
// spell; a kept concentration keeps them.
func TestHeldConditionsEnd(t *testing.T) {
	hold, ok := LookupSpell("hold_person")
	if !ok {
		t.Fatal("hold_person")
	}
	bless, _ := LookupSpell("bless")
	paralyzed := HeldCondition{Channel: "c1", Combatant: "c3", Name: "Bandit", Condition: Paralyzed}
	tests := []struct {
		name   string
		damage int
		face   int       // the CON save's d20 (wizard: CON +1, not proficient)
		cond   Condition // put on the caster after the damage
		recast *Spell    // a new concentration spell
		ended  bool
	}{
		{name: "the save is made: DC 10, 9+1", damage: 12, face: 9},
		{name: "the save fails: 8+1 < 10", damage: 12, face: 8, ended: true},
		{name: "big damage, DC 15: 13+1 fails", damage: 30, face: 13, ended: true},
		{name: "stunned: no save kept it", damage: 4, face: 20, cond: Stunned, ended: true},
		{name: "a new concentration spell", recast: &bless, ended: true},
		{name: "the same spell again ends the first casting's", recast: &hold, ended: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := New("Mira", "wizard", 5, Scores{Str: 8, Dex: 14, Con: 12, Int: 16, Wis: 12, Cha: 10})
			if err != nil {
				t.Fatal(err)
			}
			k := Concentration{Spell: hold.ID, Level: 2}
			if !Holds(hold, k, SpellCondition{ID: Paralyzed}, true) || Holds(hold, k, SpellCondition{ID: Prone, Fixed: true}, true) ||
				Holds(hold, k, SpellCondition{ID: Paralyzed}, false) || Holds(hold, Concentration{}, SpellCondition{ID: Paralyzed}, true) {
				t.Fatal("Holds")
			}
			var h Holding
			h.Hold(hold, paralyzed)
			if tt.damage > 0 {
				if _, err := c.Damage(tt.damage, "", false); err != nil {
					t.Fatal(err)
				}
				if tt.cond != "" {
					if _, err := c.AddCondition(tt.cond, ConditionOptions{}); err != nil {
						t.Fatal(err)
					}
				}
				if k.EndIfIncapacitated(c) == "" {
					if _, err := c.ConcentrationSave(tt.damage, &k, dice.NewScripted([]int{tt.face}), RollOptions{}); err != nil {
						t.Fatal(err)
					}
				}
			}
			var released []HeldCondition
			if tt.recast != nil {
				// Casting a concentration spell replaces the concentration: the old casting's conditions end.
				released = h.Ended(Concentration{})
				k = Concentration{Spell: tt.recast.ID, Level: tt.recast.Level}
			} else {
				released = h.Ended(k)
			}
			if got := len(released) == 1 && released[0] == paralyzed; got != tt.ended {
				t.Errorf("released %v (concentration %+v), want ended %v", released, k, tt.ended)
			}
			if tt.ended && len(h.Kept(k)) != 0 || !tt.ended && len(h.Kept(k)) != 1 {
				t.Errorf("kept %v", h.Kept(k))
			}
		})
	}
}
