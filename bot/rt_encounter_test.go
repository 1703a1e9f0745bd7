package bot_test

import (
	"encoding/json"
	"strings"
	"testing"

	"rulekeeper/rules/rogue"
	"rulekeeper/store"
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
	for _, w := range []string{"Encounter turns: 3", "Brom: HP 9 → 9/9", "Orc 1: HP 3 → 3/9", "Orc 2"} {
		if !strings.Contains(r.Text, w) {
			t.Errorf("text lacks %q:\n%s", w, r.Text)
		}
	}

	// A 5e encounter is refused.
	e = newPlayEnv(t)
	e.ok("gm", "/init start system:dnd5e")
	e.refused("gm", "/rt turn encounter:true count:3", "encounter.err.wrong_system")
}

// TestRogueEncounterTurnAura: Brom ends his turn with a fire aura (A10); the orc 1 square away takes it, the ogre
// 5 squares away does not, and the rat without a position is skipped and named once. The sheet and the encounter
// keep the damage.
func TestRogueEncounterTurnAura(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createBrom)
	e.ok("alice", "/sheet set field:aura value:fire")
	e.ok("gm", "/init start system:rogue")
	e.ok("alice", "/init join x:0 y:0")
	e.ok("gm", "/init add name:Orc hp:9 x:1 y:1")
	e.ok("gm", "/init add name:Ogre hp:9 x:5 y:0")
	e.ok("gm", "/init add name:Rat hp:5")
	want := 2 + e.rt("alice", "Brom").Mod(rogue.Sta) // 1d3 forced to 2, + STA mod; no armour on the orc

	r := e.ok("gm", "/rt turn encounter:true", 2)
	auras, _ := r.Result["auras"].([]any)
	if len(auras) != 1 {
		t.Fatalf("auras: %v", r.Result["auras"])
	}
	wantResult(t, "aura", auras[0].(map[string]any), map[string]any{"source": "Brom", "target": "Orc", "type": "fire",
		"distance": 1.0, "amount": float64(want), "final": float64(want), "hp_before": 9.0, "hp": float64(9 - want)})
	if u, _ := r.Result["aura_unplaced"].([]any); len(u) != 1 || u[0] != "Rat" {
		t.Errorf("aura_unplaced: %v", r.Result["aura_unplaced"])
	}
	if c := e.rtCombatant("Orc"); c.HP != 9-want {
		t.Errorf("Orc HP %d, want %d", c.HP, 9-want)
	}
	if c := e.rtCombatant("Ogre"); c.HP != 9 {
		t.Errorf("Ogre HP %d", c.HP)
	}
	cs, _ := r.Result["combatants"].([]any)
	for _, c := range cs {
		if m := c.(map[string]any); m["name"] == "Orc" {
			wantResult(t, "Orc entry", m, map[string]any{"hp_before": 9.0, "hp": float64(9 - want)})
		}
	}
	for _, w := range []string{"Brom's aura (", "→ Orc (1 sq.)", "No position, skipped by auras: Rat"} {
		if !strings.Contains(r.Text, w) {
			t.Errorf("text lacks %q:\n%s", w, r.Text)
		}
	}
	if strings.Contains(r.Text, "Ogre (") || strings.Count(r.Text, "Rat") != 2 {
		t.Errorf("text:\n%s", r.Text)
	}

	// The orc's stored defender gets a frost aura: a monster's aura reaches 2 squares and deals ×1.5 (floored) to
	// adjacent creatures only (A10.2, G-A8). Brom (1 square) takes 3, the ogre moved to 2 squares takes 2.
	enc := e.encounter()
	orc, err := enc.Find("Orc")
	if err != nil {
		t.Fatal(err)
	}
	var st rogueNPCStats
	if err := json.Unmarshal(orc.Stats, &st); err != nil || st.RT == nil {
		t.Fatalf("orc stats: %s (%v)", orc.Stats, err)
	}
	st.RT.Aura = rogue.Frost
	stats, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := enc.SetStats(orc.ID, stats); err != nil {
		t.Fatal(err)
	}
	e.rec.stop() // the store changes behind the console's back
	if err := e.db.Update(t.Context(), playGuild, func(tx store.Tx) error {
		data, err := json.Marshal(enc)
		if err != nil {
			return err
		}
		return tx.PutEncounter(&store.Encounter{ChannelID: "c1", Data: data})
	}); err != nil {
		t.Fatal(err)
	}
	e.ok("gm", "/init move combatant:Ogre x:3 y:1")
	r = e.ok("gm", "/rt turn encounter:true", 1, 2) // Brom's aura 1 + mod, the orc's 2 (STA mod 0)
	auras, _ = r.Result["auras"].([]any)
	if len(auras) != 3 {
		t.Fatalf("auras: %v", r.Result["auras"])
	}
	wantResult(t, "Brom → Orc", auras[0].(map[string]any), map[string]any{"source": "Brom", "target": "Orc", "distance": 1.0, "amount": float64(1 + want - 2)})
	wantResult(t, "Orc → Brom", auras[1].(map[string]any), map[string]any{"source": "Orc", "target": "Brom", "type": "frost", "distance": 1.0, "amount": 3.0})
	wantResult(t, "Orc → Ogre", auras[2].(map[string]any), map[string]any{"source": "Orc", "target": "Ogre", "distance": 2.0, "amount": 2.0, "final": 2.0, "hp": 7.0})
	brom := auras[1].(map[string]any)
	if got := e.rt("alice", "Brom").HP; float64(got) != brom["hp"] || brom["hp"] != brom["hp_before"].(float64)-brom["final"].(float64) {
		t.Errorf("Brom HP %d, aura %v", got, brom)
	}
	if c := e.rtCombatant("Ogre"); c.HP != 7 {
		t.Errorf("Ogre HP %d", c.HP)
	}
}

// rogueNPCStats is a Rogue's Tale NPC's encounter Stats: its stored defender (play/sheets.go).
type rogueNPCStats struct {
	RT *rogue.Character `json:"rt"`
}
