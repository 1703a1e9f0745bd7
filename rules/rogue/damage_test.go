package rogue

import "testing"

// A9.1, A30: trap damage is its own damage type and can never be resisted, whatever the resistances and buffs.
func TestTrapDamage(t *testing.T) {
	c := sturdy(t, func(c *Character) {
		c.Resist = map[DamageType]Resistance{Physical: {5, 5}, Fire: {5, 5}}
		c.Effects = []Effect{{Kind: KindSpell, ID: string(MageArmour), Value: 3}}
	})
	for _, loc := range []Location{Body, Head} {
		dr, err := c.Clone().TakeDamage(Damage{Amount: 6, Type: Trap, Location: loc}, faces())
		if err != nil || dr.Final != 6 || dr.Resisted != 0 || dr.Type != Trap {
			t.Errorf("%s: %+v %v", loc, dr, err)
		}
	}
	if Trap.Resistible() || !Trap.Valid() || c.Resistance(Trap, Body) != 0 {
		t.Error("trap damage must be a known type that cannot be resisted")
	}
	if d, err := ParseDamageType("TRAP"); err != nil || d != Trap {
		t.Errorf("parse: %v %v", d, err)
	}
	// A sheet cannot hold a trap resistance, nor a trap aura.
	err := c.Update(func(c *Character) { c.Resist = map[DamageType]Resistance{Trap: {1, 1}} })
	wantCode(t, err, ErrNotResistible)
	err = c.Update(func(c *Character) { c.Aura = Trap })
	wantCode(t, err, ErrBadAura)
}
