package bot

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRogueEncounterTurn: /rt turn encounter:true count:3 by the GM advances Brom's sheet and both orcs' stored
// defenders in one go; a player who does not control the encounter is refused with nothing changed, and so are a
// channel without an encounter and a 5e encounter.
func TestRogueEncounterTurn(t *testing.T) {
	e := newPlayEnv(t)
	e.refused("gm", "/rt turn encounter:true", "init.err.none")
	e.warband()
	e.ok("gm", "/init start system:rogue")
	e.ok("alice", "/init join")
	e.ok("gm", "/init add name:Orc hp:9 count:2 defences:dodge:1,block:1")
	// Wound Orc 1 so its HP shows in the summary: a natural 7 + 2 hits, 1d8 (4) + 2 = 6.
	e.ok("alice", "/attack weapon:longsword damage:1d8 target:\"Orc 1\"", 1, 6, 4)
	brom := e.rt("alice", "Brom").Hunger

	e.refused("alice", "/rt turn encounter:true count:3", "init.err.not_gm")

	r := e.ok("gm", "/rt turn encounter:true count:3")
	if r.Result["turns"] != 3.0 {
		t.Errorf("turns: %v", r.Result["turns"])
	}
	cs, _ := r.Result["combatants"].([]any)
	if len(cs) != 3 {
		t.Fatalf("combatants: %v", r.Result["combatants"])
	}
	wantResult(t, "Brom", cs[0].(map[string]any), map[string]any{"name": "Brom", "hp": 9.0, "hp_max": 9.0, "energy": 4.0, "triggered": 0.0, "dead": false, "played": 3.0})
	wantResult(t, "Orc 1", cs[1].(map[string]any), map[string]any{"name": "Orc 1", "hp": 3.0, "hp_max": 9.0, "dead": false, "played": 3.0})
	wantResult(t, "Orc 2", cs[2].(map[string]any), map[string]any{"name": "Orc 2", "hp": 9.0, "hp_max": 9.0, "dead": false, "played": 3.0})
	if got := e.rt("alice", "Brom").Hunger; got != brom-3 {
		t.Errorf("Brom's hunger %d, want %d", got, brom-3)
	}
	for _, name := range []string{"Orc 1", "Orc 2"} {
		c := e.rtCombatant(name)
		var st rogueNPCStats
		if err := json.Unmarshal(c.Stats, &st); err != nil || st.RT == nil {
			t.Fatalf("%s stats: %s (%v)", name, c.Stats, err)
		}
		if st.RT.Hunger != 1620-3 || st.RT.Thirst != 1620-3 {
			t.Errorf("%s: hunger %d thirst %d", name, st.RT.Hunger, st.RT.Thirst)
		}
	}
	if c := e.rtCombatant("Orc 1"); c.HP != 3 {
		t.Errorf("Orc 1 HP %d", c.HP)
	}
	for _, w := range []string{"Encounter: 3 turns", "Brom: HP 9 → 9/9", "Orc 1: HP 3 → 3/9", "Orc 2"} {
		if !strings.Contains(r.Text, w) {
			t.Errorf("text lacks %q:\n%s", w, r.Text)
		}
	}

	// A 5e encounter is refused.
	e = newPlayEnv(t)
	e.ok("gm", "/init start system:dnd5e")
	e.refused("gm", "/rt turn encounter:true count:3", "encounter.err.wrong_system")
}
