package rogue

import (
	"slices"
	"testing"
)

func ids(o *Order) []string {
	var out []string
	for _, e := range o.Entries {
		out = append(out, e.ID)
	}
	return out
}

func TestOrder(t *testing.T) {
	o, err := NewOrder("hero", "goblin", "ogre")
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Summon("imp", "hero"); err != nil {
		t.Fatal(err)
	}
	o.Summon("imp2", "hero")
	o.Summon("mini", "imp") // summoned by a summon: still in hero's group
	o.Spawn("rat")
	want := []string{"hero", "imp", "mini", "imp2", "goblin", "ogre", "rat"}
	if !slices.Equal(ids(o), want) {
		t.Fatalf("order %v, want %v", ids(o), want)
	}
	if o.Active() != "hero" || o.Turn != 1 {
		t.Errorf("active %s turn %d", o.Active(), o.Turn)
	}
	for range 6 {
		o.Next()
	}
	if id, newTurn := o.Next(); id != "hero" || !newTurn || o.Turn != 2 {
		t.Errorf("wrap: %s %v %d", id, newTurn, o.Turn)
	}
	o.Next() // imp's turn
	o.Remove("hero")
	if o.Active() != "imp" {
		t.Errorf("after removing an earlier creature: %s", o.Active())
	}
	if err := o.Spawn("rat"); err == nil {
		t.Error("duplicate id accepted")
	}
	if err := o.Summon("x", "nobody"); err == nil {
		t.Error("unknown summoner accepted")
	}
	// Summoning before the active creature keeps the active one.
	o2, _ := NewOrder("a", "b")
	o2.Next()
	o2.Summon("a1", "a")
	if o2.Active() != "b" {
		t.Errorf("active after summon: %s", o2.Active())
	}
}
