package bot_test

import (
	"slices"
	"strings"
	"testing"

	"rulekeeper/rules/dnd5e"
)

// The evening party of the GM's-table tests (issue 12): alice plays Aria (rogue 3, play5e_test.go: 24 HP, AC 13,
// rapier +5), bob Mira (cleric 5: revivify) and carol Zed (wizard 3: hold person at spell save DC 13; 17 HP, AC 12,
// CON save +1). The GM is gm-dana.
const (
	createClericMira = "/sheet create name:Mira class:cleric level:5 str:10 dex:10 con:14 int:10 wis:16 cha:12"
	createZed        = "/sheet create name:Zed class:wizard level:3 str:8 dex:14 con:12 int:16 wis:12 cha:10"
)

// jlist reads a JSON list of objects.
func jlist(t *testing.T, m map[string]any, key string) []map[string]any {
	t.Helper()
	list, ok := m[key].([]any)
	if !ok {
		t.Fatalf("result lacks list %q: %v", key, m)
	}
	out := make([]map[string]any, len(list))
	for i, v := range list {
		out[i], _ = v.(map[string]any)
	}
	return out
}

// jints reads a JSON list of numbers.
func jints(t *testing.T, m map[string]any, key string) []int {
	t.Helper()
	list, ok := m[key].([]any)
	if !ok {
		t.Fatalf("result lacks list %q: %v", key, m)
	}
	out := make([]int, len(list))
	for i, v := range list {
		f, _ := v.(float64)
		out[i] = int(f)
	}
	return out
}

// turnOf reads /init next's turn object.
func turnOf(t *testing.T, r playLine) map[string]any { t.Helper(); return jobj(t, r.Result, "turn") }

// TestGMEvening is the scripted evening of issue 12 through the console, with forced dice and asserted JSON: a GM
// and three players against two goblins, a bugbear and a black bear from the SRD. Zed holds the bugbear (it repeats
// its WIS save at the end of each of its turns: fails, then succeeds), the goblins and the bear act through as:
// (the bear's multiattack rolls each attack), Zed drops, makes one death save a turn, dies to a critical hit and is
// skipped in the turn order; the encounter's short conditions end with it; Mira's revivify brings Zed back; the
// long rest's cooldown runs on game time, which the GM advances, and the GM overrides it.
func TestGMEvening(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createAria)
	e.ok("alice", attackAria)
	e.ok("bob", createClericMira)
	e.ok("carol", createZed)

	// Set-up: SRD monsters with their numbers; initiative by their DEX (forced d20s); the players at fixed totals.
	e.ok("gm-dana", "/init start")
	r := e.ok("gm-dana", "/init add monster:goblin count:2", 13, 8)
	if r.Result["monster"] != "goblin" || !slices.Equal(jints(t, r.Result, "hp"), []int{7, 7}) ||
		!strings.Contains(r.Text, "Goblin 1: initiative 1d20 (13) + 2 = 15") {
		t.Fatalf("goblins: %+v %s", r.Result, r.Text)
	}
	if r := e.ok("gm-dana", "/init add monster:bugbear", 15); !slices.Equal(jints(t, r.Result, "hp"), []int{27}) {
		t.Fatalf("bugbear: %+v", r.Result)
	}
	if r := e.ok("gm-dana", "/init add monster:black_bear name:Bear", 5); !slices.Equal(jints(t, r.Result, "hp"), []int{19}) {
		t.Fatalf("bear: %+v", r.Result)
	}
	e.ok("carol", "/init join total:20")
	e.ok("alice", "/init join total:18")
	r = e.ok("bob", "/init join total:12")
	if got := strings.Join(jstrs(t, r.Result, "order"), ","); got != "Zed,Aria,Bugbear,Goblin 1,Mira,Goblin 2,Bear" {
		t.Fatalf("order %s", got)
	}

	// Round 1. The turn ping names carol's user in the message, not in the text.
	r = e.ok("gm-dana", "/init next")
	if r.Mention != "carol" || strings.Contains(r.Text, "<@") {
		t.Fatalf("turn ping: %+v", r)
	}
	// Hold person: the bugbear's WIS save (+0) 5 < DC 13: paralyzed, held by Zed's concentration.
	e.ok("carol", "/cast spell:hold_person target:Bugbear", 5)
	if got := joined(e.npcConditions("Bugbear")); got != "paralyzed:10" {
		t.Fatalf("hold person: %s", got)
	}
	e.ok("carol", "/init next")
	// Aria: advantage and an automatic critical hit on the paralyzed bugbear within 5 ft: 2d8+3 = 14.
	r = e.ok("alice", "/attack weapon:rapier target:Bugbear", 12, 9, 6, 5)
	if r.Result["critical"] != true || jnum(t, r.Result, "damage") != 14 || e.npcHP("Bugbear") != 13 {
		t.Fatalf("rapier: %+v", r.Result)
	}
	e.ok("alice", "/init next") // the bugbear's turn begins
	// Its turn ends: the repeat WIS save, 4 < 13, fails; it stays paralyzed.
	r = e.ok("gm-dana", "/init next", 4)
	rep := jlist(t, turnOf(t, r), "repeated")
	if len(rep) != 1 || rep[0]["name"] != "Bugbear" || rep[0]["spell"] != "hold_person" || rep[0]["success"] != false ||
		!strings.Contains(r.Text, "Bugbear repeats the save against Hold Person (Wisdom): 1d20 (4) = 4 vs DC 13 — **failure**") {
		t.Fatalf("first repeat save: %+v\n%s", rep, r.Text)
	}
	if len(e.npcConditions("Bugbear")) != 1 {
		t.Fatal("the failed save ended the paralysis")
	}
	// Goblin 1 attacks Zed with its scimitar (+4, 1d6+2); Zed keeps concentrating (CON save 12 + 1 vs DC 10).
	r = e.ok("gm-dana", `/attack as:"Goblin 1" action:scimitar target:Zed`, 15, 4, 12)
	att := jlist(t, r.Result, "attacks")
	if r.Result["attacker"] != "Goblin 1" || r.Result["monster"] != "goblin" || r.Result["action"] != "scimitar" ||
		jnum(t, r.Result, "damage") != 6 || len(att) != 1 || jobj(t, att[0], "concentration")["kept"] != true ||
		e.sheet("carol", "Zed").HP != 11 {
		t.Fatalf("goblin: %+v", r.Result)
	}
	e.ok("gm-dana", "/init next")
	e.ok("bob", "/init next")
	if r := e.ok("gm-dana", `/attack as:"Goblin 2" action:shortbow target:Aria`, 3); r.Result["attacks"].([]any)[0].(map[string]any)["outcome"] != "miss" {
		t.Fatalf("shortbow: %+v", r.Result)
	}
	e.ok("gm-dana", "/init next")
	// The bear's multiattack: a bite (hit, 1d6+2 = 7) and claws (miss), each rolled.
	r = e.ok("gm-dana", "/attack as:Bear action:multiattack target:Aria", 15, 5, 2)
	att = jlist(t, r.Result, "attacks")
	if len(att) != 2 || att[0]["weapon"] != "bite" || att[1]["weapon"] != "claws" || att[1]["outcome"] != "miss" ||
		jnum(t, r.Result, "option") != 1 || jnum(t, r.Result, "damage") != 7 || e.sheet("alice", "Aria").HP != 17 {
		t.Fatalf("multiattack: %+v", r.Result)
	}

	// Round 2: the bugbear's second repeat save, 15, succeeds: the paralysis ends.
	e.ok("gm-dana", "/init next")
	e.ok("carol", "/init next")
	e.ok("alice", `/attack weapon:rapier target:"Goblin 1"`, 14, 6) // 9 damage: Goblin 1 dies
	e.ok("alice", "/init next")
	r = e.ok("gm-dana", "/init next", 15)
	rep = jlist(t, turnOf(t, r), "repeated")
	if len(rep) != 1 || rep[0]["success"] != true || strings.Join(jstrs(t, rep[0], "ended"), ",") != "paralyzed" ||
		len(e.npcConditions("Bugbear")) != 0 || !strings.Contains(r.Text, "Bugbear shakes it off: Paralyzed ends.") {
		t.Fatalf("second repeat save: %+v\n%s", rep, r.Text)
	}
	e.ok("bob", "/init next")
	e.ok("gm-dana", `/attack as:"Goblin 2" action:scimitar target:Zed`, 16, 3, 14) // Zed 11 → 6
	e.ok("gm-dana", "/init next")
	// The bear drops Zed (7 damage at 6 HP): dying; its claws then fumble against him.
	r = e.ok("gm-dana", "/attack as:Bear action:multiattack target:Zed", 15, 5, 1, 1)
	if z := e.sheet("carol", "Zed"); z.State != dnd5e.Dying || z.HP != 0 || !strings.Contains(r.Text, "Zed loses concentration on Hold Person") {
		t.Fatalf("Zed drops: %+v\n%s", z, r.Text)
	}

	// Round 3: Zed's turn prompts the death save; one a turn.
	r = e.ok("gm-dana", "/init next")
	if turnOf(t, r)["death_save"] != true || r.Mention != "carol" {
		t.Fatalf("death save prompt: %+v", r)
	}
	if r := e.ok("carol", "/deathsave roll", 8); jnum(t, r.Result, "failures") != 1 {
		t.Fatalf("death save: %+v", r.Result)
	}
	if r := e.run("carol", "click 1", 15); r.Error != "deathsave.err.once_per_turn" || !r.Ephemeral {
		t.Fatalf("second death save in one turn: %+v", r)
	}
	if z := e.sheet("carol", "Zed"); z.DeathSaves.Failures != 1 || z.DeathSaves.Successes != 0 {
		t.Fatalf("the refused save counted: %+v", z.DeathSaves)
	}
	e.ok("carol", "/init next")
	e.ok("alice", "/init next")
	// The bugbear's morningstar on the unconscious Zed: advantage, critical within 5 ft, 4d8+2 = 34 ≥ his 17 HP
	// maximum: massive damage, Zed dies.
	r = e.ok("gm-dana", "/attack as:Bugbear action:morningstar target:Zed", 18, 2, 8, 8, 8, 8)
	if e.sheet("carol", "Zed").State != dnd5e.Dead || !strings.Contains(r.Text, "Zed dies instantly") {
		t.Fatalf("Zed dies: %s", r.Text)
	}
	e.ok("gm-dana", "/init next") // Goblin 1 (down) skipped: Mira
	e.ok("bob", "/init next")
	e.ok("gm-dana", "/init next")
	// Round 4: the dead Zed is passed over, and the reply says so.
	r = e.ok("gm-dana", "/init next")
	sk := jlist(t, turnOf(t, r), "skipped")
	if len(sk) != 1 || sk[0]["name"] != "Zed" || r.Result["current"] != "Aria" || !strings.Contains(r.Text, "Zed is dead: turn skipped.") {
		t.Fatalf("round 4: %+v\n%s", r.Result, r.Text)
	}

	// A short condition ends with the encounter; one put on for an hour outlasts it.
	e.ok("gm-dana", "/init condition combatant:Aria name:poisoned rounds:2")
	e.ok("alice", "/condition add name:blinded rounds:600")
	r = e.ok("gm-dana", "/init end")
	if ex := jlist(t, r.Result, "expired"); len(ex) != 1 || ex[0]["condition"] != "poisoned" {
		t.Fatalf("end: %+v", r.Result)
	}
	if a := e.sheet("alice", "Aria"); a.HasCondition(dnd5e.Poisoned) || !a.HasCondition(dnd5e.Blinded) {
		t.Fatalf("Aria's conditions after the encounter: %+v", a.Conditions)
	}

	// Revivify brings Zed back with 1 HP.
	r = e.ok("bob", "/cast spell:revivify target:Zed")
	tg := castTargets(t, r.Result)["Zed"]
	if tg["revived"] != true || jnum(t, jobj(t, tg, "status"), "hp") != 1 || jobj(t, tg, "status")["state"] != "conscious" {
		t.Fatalf("revivify: %+v", tg)
	}
	if z := e.sheet("carol", "Zed"); z.State != dnd5e.Conscious || z.HP != 1 || z.DeathSaves != (dnd5e.DeathSaves{}) {
		t.Fatalf("Zed after revivify: %+v", z)
	}

	// Rests in game time: one long rest a day; the GM lets 8 hours pass (the hour-long blindness ends), overrides the
	// wait, then shortens it to 8 hours.
	e.ok("alice", "/rest long")
	r = e.ok("gm-dana", "/time advance hours:8")
	if jnum(t, r.Result, "passed_seconds") != 8*3600 || len(jlist(t, r.Result, "conditions_expired")) != 1 {
		t.Fatalf("time advance: %+v", r.Result)
	}
	if r := e.run("alice", "/rest long"); r.Error != dnd5e.ErrLongRestTooSoon || !strings.Contains(r.Text, "16 h 0 min") {
		t.Fatalf("second rest: %+v", r)
	}
	if r := e.run("alice", "/rest long force:true"); r.Error != "gm.err.gm_only" {
		t.Fatalf("a player forces a rest: %+v", r)
	}
	if r := e.ok("gm-dana", "/rest long force:true character:Aria"); !strings.Contains(r.Text, "The GM grants this rest") {
		t.Fatalf("forced rest: %s", r.Text)
	}
	e.ok("gm-dana", "/settings long_rest_cooldown hours:8")
	e.ok("gm-dana", "/time advance hours:8")
	e.ok("alice", "/rest long")
	if r := e.ok("alice", "/time show"); jnum(t, r.Result, "ahead_seconds") != 16*3600 || jnum(t, r.Result, "long_rest_cooldown_hours") != 8 {
		t.Fatalf("time show: %+v", r.Result)
	}
}
