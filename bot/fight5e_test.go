package bot_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
	"rulekeeper/store"
)

// The fight's characters. Mira: wizard 5, INT 16, DEX 14, CON 14, WIS 12: 32 HP, AC 12, spell save DC 14, spell
// attack +6, slots 4/3/2. Borin: fighter 2 (play5e_test.go): DEX 12, 20 HP, AC 11.
const createMira = "/sheet create name:Mira class:wizard level:5 str:8 dex:14 con:14 int:16 wis:12 cha:10 skills:arcana,medicine"

// encounterData is the stored encounter of the consoles' channel ("" when there is none).
func (e *playEnv) encounterData() string {
	e.t.Helper()
	var out string
	err := e.db.View(e.t.Context(), playGuild, func(tx store.Tx) error {
		rec, err := tx.Encounter("c1")
		if err != nil {
			if errors.Is(err, store.ErrNotFound) {
				return nil
			}
			return err
		}
		out = string(rec.Data)
		return nil
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return out
}

// encounter decodes the stored encounter.
func (e *playEnv) encounter() *encounter.Encounter {
	e.t.Helper()
	data := e.encounterData()
	if data == "" {
		e.t.Fatal("no encounter stored")
	}
	enc, err := encounter.Decode([]byte(data))
	if err != nil {
		e.t.Fatal(err)
	}
	return enc
}

// npcHP is an encounter NPC's stored HP.
func (e *playEnv) npcHP(name string) int {
	e.t.Helper()
	c, err := e.encounter().Find(name)
	if err != nil {
		e.t.Fatal(err)
	}
	return c.HP
}

// sheetRecord is a character's stored sheet JSON.
func (e *playEnv) sheetRecord(owner, name string) json.RawMessage {
	e.t.Helper()
	var out json.RawMessage
	err := e.db.View(e.t.Context(), playGuild, func(tx store.Tx) error {
		ch, err := tx.FindCharacter(owner, name)
		if err == nil {
			out = ch.Sheet
		}
		return err
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return out
}

// jstrs reads a JSON list of strings.
func jstrs(t *testing.T, m map[string]any, key string) []string {
	t.Helper()
	list, ok := m[key].([]any)
	if !ok {
		t.Fatalf("result lacks list %q: %v", key, m)
	}
	out := make([]string, len(list))
	for i, v := range list {
		out[i], _ = v.(string)
	}
	return out
}

// jobj reads a JSON object field.
func jobj(t *testing.T, m map[string]any, key string) map[string]any {
	t.Helper()
	o, ok := m[key].(map[string]any)
	if !ok {
		t.Fatalf("result lacks object %q: %v", key, m)
	}
	return o
}

// castTargets reads /cast's per-target results by name.
func castTargets(t *testing.T, m map[string]any) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	list, _ := m["targets"].([]any)
	for _, v := range list {
		o := v.(map[string]any)
		out[o["name"].(string)] = o
	}
	return out
}

// TestFight5e plays a whole fight through the console: two players and three goblins, initiative with a tie on
// the total (DEX decides) and a full tie (roll-off), a fireball that hits two goblins (one saves for half), a goblin
// dying, a player dropping to 0 and making death saves on the turns /init next prompts them, stabilized by a friend;
// the process restarts mid-fight and the fight goes on.
func TestFight5e(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createMira)
	e.ok("bob", createBorin)
	e.ok("bob", attackBorin)
	if m := e.sheet("alice", "Mira"); m.SpellSlots[0].Max != 4 || m.SpellSlots[1].Max != 3 || m.SpellSlots[2].Max != 2 || m.HP != 32 {
		t.Fatalf("Mira's slots from the class table: %+v", m.SpellSlots)
	}
	gm := "gm-carol"
	e.ok(gm, "/init start")
	// Mira: 13 + 2 = 15. Borin: 10 + 1 = 11.
	if r := e.ok("alice", "/init join x:0 y:10", 13); jnum(t, r.Result, "position") != 1 {
		t.Fatalf("Mira joins: %+v", r.Result)
	}
	e.ok("bob", "/init join x:1 y:10", 10)
	// Goblin 1: 13 + 2 = 15 ties Mira with the same DEX 14: roll-off 15 (Mira) vs 5. Goblin 2: 9 + 2 = 11 ties
	// Borin, DEX 14 beats 12. Goblin 3: 3 + 2 = 5.
	r := e.ok(gm, "/init add name:Goblin hp:7 ac:15 bonus:2 count:3 dex:14 x:6 y:2", 13, 15, 5, 9, 3)
	want := []string{"Mira", "Goblin 1", "Goblin 2", "Borin", "Goblin 3"}
	if got := jstrs(t, r.Result, "order"); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("order %v, want %v\n%s", got, want, r.Text)
	}
	if !strings.Contains(r.Text, "roll-off Mira 15, Goblin 1 5") {
		t.Errorf("the roll-off is not shown:\n%s", r.Text)
	}
	e.ok(gm, `/init move combatant:"Goblin 3" x:20 y:20`)
	if r := e.ok(gm, "/init list"); strings.Join(jstrs(t, r.Result, "order"), ",") != strings.Join(want, ",") || r.Result["current"] != nil {
		t.Fatalf("list before the first turn: %+v", r.Result)
	}

	// Round 1: Mira. She is poisoned for 1 round; it ends with her turn (her sheet, ticked by /init next).
	r = e.ok(gm, "/init next")
	if r.Result["current"] != "Mira" || jnum(t, r.Result, "round") != 1 {
		t.Fatalf("first turn: %+v", r.Result)
	}
	e.ok("alice", "/condition add name:poisoned rounds:1")
	// Fireball (DC 14 DEX) on the intersection 7,3: Goblin 1 (6,2) and Goblin 2 (7,2) are inside, Goblin 3, Mira
	// and Borin are not. Goblin 1 rolls 5 + 2 = 7 and fails; Goblin 2 rolls 15 + 2 = 17 and saves. 8d6 all ones = 8:
	// Goblin 1 takes 8 and dies, Goblin 2 takes 4.
	r = e.ok("alice", "/cast spell:fireball origin:7,3", 5, 15, 1, 1, 1, 1, 1, 1, 1, 1)
	if jnum(t, r.Result, "slot_level") != 3 || jnum(t, r.Result, "slots_left") != 1 || jnum(t, r.Result, "dc") != 14 {
		t.Fatalf("fireball: %+v", r.Result)
	}
	tg := castTargets(t, r.Result)
	if len(tg) != 2 || tg["Goblin 1"]["outcome"] != "failure" || jnum(t, tg["Goblin 1"], "damage") != 8 ||
		tg["Goblin 2"]["outcome"] != "success" || jnum(t, tg["Goblin 2"], "damage") != 4 {
		t.Fatalf("fireball targets: %+v", tg)
	}
	if a := jobj(t, r.Result, "area"); jnum(t, a, "count") != 60 || len(a["inside"].([]any)) != 2 {
		t.Errorf("fireball area: %+v", a)
	}
	if e.npcHP("Goblin 1") != 0 || e.npcHP("Goblin 2") != 3 || e.npcHP("Goblin 3") != 7 {
		t.Fatalf("goblins after the fireball: %d %d %d", e.npcHP("Goblin 1"), e.npcHP("Goblin 2"), e.npcHP("Goblin 3"))
	}
	// Players see states, not numbers: Goblin 1 dies, Goblin 2 is bloodied (3 of 7).
	if !strings.Contains(r.Text, "Goblin 1 dies") || !strings.Contains(r.Text, "Goblin 2: Bloodied") || strings.Contains(r.Text, "7 → 3") {
		t.Errorf("fireball text:\n%s", r.Text)
	}
	if m := e.sheet("alice", "Mira"); m.SlotsLeft(3) != 1 {
		t.Errorf("Mira's 3rd-level slots: %d left", m.SlotsLeft(3))
	}
	// Alice ends her own turn: Goblin 1 is down and skipped; Goblin 2 acts. Mira's poison ran out.
	r = e.ok("alice", "/init next")
	turn := jobj(t, r.Result, "turn")
	if r.Result["current"] != "Goblin 2" || len(turn["skipped"].([]any)) != 1 || len(turn["sheet_expired"].([]any)) != 1 {
		t.Fatalf("after Mira: %+v", r.Result)
	}
	if !strings.Contains(r.Text, "Mira: Poisoned ends") || e.sheet("alice", "Mira").HasCondition(dnd5e.Poisoned) {
		t.Errorf("poison did not end with Mira's turn:\n%s", r.Text)
	}
	// Goblin 2 (the GM, no character) hits Borin for 20: he drops to 0 and is dying.
	r = e.ok(gm, "/attack bonus:4 damage:20 target:Borin", 15)
	if r.Result["outcome"] != "hit" || e.sheet("bob", "Borin").State != dnd5e.Dying {
		t.Fatalf("goblin hits Borin: %+v", r.Result)
	}
	// Borin's turn: the reply prompts the death save, with its button and the next-turn button.
	r = e.ok(gm, "/init next")
	turn = jobj(t, r.Result, "turn")
	if r.Result["current"] != "Borin" || turn["death_save"] != true || turn["state"] != "dying" ||
		!strings.Contains(r.Text, "Borin is dying: roll a death save") || !strings.Contains(r.Text, "[1: Death save] [2: Next turn]") {
		t.Fatalf("Borin's turn: %+v\n%s", r.Result, r.Text)
	}
	if r := e.ok("bob", "/deathsave roll", 12); jnum(t, r.Result, "successes") != 1 {
		t.Fatalf("first death save: %+v", r.Result)
	}
	// Bob ends his own turn.
	if r := e.ok("bob", "/init next"); r.Result["current"] != "Goblin 3" {
		t.Fatalf("after Borin: %+v", r.Result)
	}

	// The process restarts mid-fight.
	before := e.encounterData()
	e.restart()
	if after := e.encounterData(); after != before {
		t.Fatalf("the encounter changed across the restart")
	}
	r = e.ok(gm, "/init list detail:true") // NPC numbers are the GM's, shown to the GM alone (issue 11 §3)
	if r.Result["current"] != "Goblin 3" || jnum(t, r.Result, "round") != 1 || r.Result["gm"] != true || !r.Ephemeral {
		t.Fatalf("list after restart: %+v", r.Result)
	}
	rows := r.Result["rows"].([]any)
	if g2 := rows[2].(map[string]any); jnum(t, g2, "hp") != 3 || jnum(t, g2, "ac") != 15 {
		t.Errorf("the GM sees Goblin 2's numbers: %+v", g2)
	}
	r = e.ok("alice", "/init list")
	rows = r.Result["rows"].([]any)
	g1, g2, borin := rows[1].(map[string]any), rows[2].(map[string]any), rows[3].(map[string]any)
	if g1["state"] != "down" || g2["state"] != "bloodied" || g2["hp"] != nil || g2["ac"] != nil || r.Result["gm"] != false {
		t.Errorf("a player sees vague NPC states only: %+v %+v", g1, g2)
	}
	if jnum(t, borin, "hp") != 0 || borin["state"] != "dying" {
		t.Errorf("a player sees the players' HP: %+v", borin)
	}
	if strings.Contains(r.Text, "HP 3/7") || !strings.Contains(r.Text, "Bloodied") || !strings.Contains(r.Text, "▶ 5. **Goblin 3**") {
		t.Errorf("player's list:\n%s", r.Text)
	}

	// Round 2. Goblin 3 is done: Mira's turn. She finishes Goblin 2 with a dagger throw (ad hoc): 10 + 5 = 15 hits AC
	// 15, 1d4 = 3.
	if r := e.ok(gm, "/init next"); r.Result["current"] != "Mira" || jnum(t, r.Result, "round") != 2 {
		t.Fatalf("round 2: %+v", r.Result)
	}
	r = e.ok("alice", `/attack bonus:5 damage:1d4[piercing] target:"Goblin 2"`, 10, 3)
	if r.Result["outcome"] != "hit" || jnum(t, r.Result, "damage") != 3 || e.npcHP("Goblin 2") != 0 || !strings.Contains(r.Text, "Goblin 2 dies") {
		t.Fatalf("Mira kills Goblin 2: %+v\n%s", r.Result, r.Text)
	}
	// Both goblins are skipped; Borin's turn prompts the death save again: the GM presses its button.
	r = e.ok("alice", "/init next")
	if r.Result["current"] != "Borin" || len(jobj(t, r.Result, "turn")["skipped"].([]any)) != 2 {
		t.Fatalf("to Borin: %+v", r.Result)
	}
	e.ok(gm, "/init list")
	if r := e.ok(gm, "click init:next:c1"); r.Result["current"] != "Goblin 3" {
		t.Fatalf("the GM's next-turn button: %+v", r.Result)
	}
	if r := e.ok(gm, "/init prev"); r.Result["current"] != "Borin" || jobj(t, r.Result, "turn")["death_save"] == true {
		t.Fatalf("prev: %+v", r.Result)
	}
	e.ok(gm, "/init next")
	if r := e.ok(gm, "/init prev"); r.Result["current"] != "Borin" {
		t.Fatalf("prev: %+v", r.Result)
	}
	// The GM rolls Borin's death save with /deathsave (a GM may): 14, a second success.
	if r := e.ok(gm, "/deathsave roll character:Borin", 14); jnum(t, r.Result, "successes") != 2 {
		t.Fatalf("second death save: %+v", r.Result)
	}
	e.ok("bob", "/init next") // Goblin 3
	e.ok(gm, "/init next")    // round 3: Mira
	// Mira stabilizes Borin: WIS (Medicine) 9 + 1 + 3 = 13 ≥ 10.
	if r := e.ok("alice", "/deathsave stabilize character:Borin", 9); r.Result["state"] != "stable" {
		t.Fatalf("stabilize: %+v", r.Result)
	}
	r = e.ok("alice", "/init next")
	turn = jobj(t, r.Result, "turn")
	if r.Result["current"] != "Borin" || turn["state"] != "stable" || turn["death_save"] == true || !strings.Contains(r.Text, "Borin is stable") {
		t.Fatalf("Borin stable: %+v\n%s", r.Result, r.Text)
	}
	// Goblin 3 is the last one standing: the GM ends the encounter.
	if r := e.ok(gm, "/init end"); r.Result["ended"] != true || jnum(t, r.Result, "round") != 3 {
		t.Fatalf("end: %+v", r.Result)
	}
	if e.encounterData() != "" {
		t.Error("the encounter is still stored")
	}
	if r := e.run(gm, "/init list"); r.Error != "init.err.none" {
		t.Errorf("list after the end: %+v", r)
	}
}

// TestFightJSONResults checks the result fields of /init, /cast, /identify and /aoe (README "JSON results").
func TestFightJSONResults(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createMira)
	gm := "gm-carol"
	e.ok(gm, "/init start")
	e.ok("alice", "/init join x:2 y:2", 10)
	e.ok(gm, "/init add name:Ogre hp:59 ac:11 bonus:-1 x:4 y:2", 4)
	checks := []struct {
		user, line string
		faces      []int
		want       map[string]any
	}{
		{gm, "/init list", nil, map[string]any{"order": []any{"Mira", "Ogre"}, "round": 0.0}},
		{gm, "/init next", nil, map[string]any{"current": "Mira", "round": 1.0}},
		{"alice", `/cast spell:fire_bolt target:Ogre`, []int{12, 3, 4}, map[string]any{"slot_level": 0.0, "spell": "fire_bolt", "to_hit": 6.0}},
		{"alice", `/identify spell:fireball`, []int{11}, map[string]any{"dc": 18.0, "total": 17.0, "outcome": "failure", "natural": 11.0}},
		{"alice", `/aoe shape:cube size:10 origin:4,2 direction:se`, nil, map[string]any{"count": 4.0,
			"squares": []any{[]any{4.0, 2.0}, []any{5.0, 2.0}, []any{4.0, 3.0}, []any{5.0, 3.0}}}},
	}
	for _, c := range checks {
		r := e.run(c.user, c.line, c.faces...)
		if r.Error != "" {
			t.Fatalf("%s: %s %s", c.line, r.Error, r.Text)
		}
		for k, v := range c.want {
			got, _ := json.Marshal(r.Result[k])
			exp, _ := json.Marshal(v)
			if string(got) != string(exp) {
				t.Errorf("%s: %s = %s, want %s", c.line, k, got, exp)
			}
		}
	}
	// /cast targets carry outcome and damage: 12 + 6 = 18 hits AC 11; level 5: 2d10 = 3 + 4.
	r := e.ok("alice", `/cast spell:fire_bolt target:Ogre`, 12, 3, 4)
	if tg := castTargets(t, r.Result)["Ogre"]; tg["outcome"] != "hit" || jnum(t, tg, "damage") != 7 {
		t.Errorf("fire bolt target: %+v", tg)
	}
}
