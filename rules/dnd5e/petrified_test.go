package dnd5e

import "testing"

// TestPetrifiedPoison (issue 14, 5e 3; SRD Petrified): a petrified creature resists all damage and is immune to
// poison damage and to the poisoned condition.
func TestPetrifiedPoison(t *testing.T) {
	c := hero(t, "fighter", "", 5)
	if _, err := c.AddCondition(Petrified, ConditionOptions{}); err != nil {
		t.Fatal(err)
	}
	hp := c.HP
	ch, err := c.Damage(10, "poison", false)
	if err != nil {
		t.Fatal(err)
	}
	if c.HP != hp || ch.Defence == nil || !ch.Defence.Immune || ch.Defence.Final != 0 {
		t.Errorf("poison damage on a petrified creature: HP %d → %d, %+v", hp, c.HP, ch.Defence)
	}
	if ch, _ := c.Damage(10, "fire", false); c.HP != hp-5 || !ch.Defence.Resisted {
		t.Errorf("fire damage: HP %d, want %d (resisted)", c.HP, hp-5)
	}
	_, err = c.AddCondition(Poisoned, ConditionOptions{})
	wantCode(t, err, ErrConditionImmune)
	if p := ResolveDamage(8, "poison", c.AsTarget()); p.Final != 0 || !p.Immune {
		t.Errorf("ResolveDamage: %+v", p)
	}
}
