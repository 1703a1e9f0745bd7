package encounter

import (
	"encoding/json"
	"testing"
)

// TestCoCOrder: a Call of Cthulhu encounter orders by the given value (DEX, +50 with a readied firearm, coc digest
// §7.1), highest first; ties keep arrival order (G9); nothing is rolled; values up to MaxCoCInit are accepted and
// one above is refused; the order survives encoding.
func TestCoCOrder(t *testing.T) {
	e := mustNew(t, CoC)
	joinFixed(t, e, "Ada", 60)
	npcFixed(t, e, "Cultist", 50, 9)
	joinFixed(t, e, "Ben", 115) // DEX 65 with a readied handgun
	joinFixed(t, e, "Cleo", 60) // ties Ada: after her, who came first
	npcFixed(t, e, "Ghoul", 75, 13)
	if got, want := names(e), "Ben Ghoul Ada Cleo Cultist"; got != want {
		t.Fatalf("order %q, want %q", got, want)
	}
	for _, c := range e.Combatants {
		if c.Natural != 0 || c.RollOff != 0 {
			t.Errorf("%s rolled: %+v", c.Name, c)
		}
	}
	rows := e.Rows(true)
	if rows[0].Init != 115 || rows[4].Init != 50 {
		t.Errorf("rows show the order values: %+v", rows)
	}
	if _, err := e.Join(CharacterEntry{Name: "Dee", CharacterID: "ch-dee", OwnerID: "u-dee",
		InitOptions: InitOptions{Fixed: fixed(MaxCoCInit)}}, faces()); err != nil {
		t.Fatal(err)
	}
	_, err := e.Join(CharacterEntry{Name: "Eve", CharacterID: "ch-eve", OwnerID: "u-eve",
		InitOptions: InitOptions{Fixed: fixed(MaxCoCInit + 1)}}, faces())
	wantCode(t, err, ErrBadInitiative)
	// A 5e encounter keeps its own bound.
	d := mustNew(t, DnD5e)
	_, err = d.Join(CharacterEntry{Name: "Eve", CharacterID: "ch-eve", OwnerID: "u-eve",
		InitOptions: InitOptions{Fixed: fixed(MaxInitiative + 1)}}, faces())
	wantCode(t, err, ErrBadInitiative)

	data, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := names(back), "Dee Ben Ghoul Ada Cleo Cultist"; got != want {
		t.Errorf("decoded order %q, want %q", got, want)
	}
	mustNext(t, back)
	if currentName(back) != "Dee" {
		t.Errorf("round 1 begins with %q", currentName(back))
	}
}
