package bot_test

import (
	"strings"
	"testing"
)

// TestActions: issue 14, 5e 9 — /action records Dodge, Help, Hide, Disengage and Dash on the acting combatant of
// the encounter as effects, and /attack, /save and /check read them with no code of their own (forced dice; digest
// B2: advantage keeps the higher d20, disadvantage the lower). Order: Lyra 20, Vex 19, Grog 12, Goblins, Bugbear.
func TestActions(t *testing.T) {
	e := newPlayEnv(t)
	e.trio()
	gm := "gm-carol"
	e.ok(gm, "/init next") // round 1: Lyra

	// Dodge: Goblin 2's attack on Lyra has disadvantage (15 and 3 → 3 + 4 = 7 misses AC 12); her DEX save advantage.
	r := e.ok("alice", "/action action:dodge")
	if fx := jobj(t, r.Result, "effect"); fx["id"] != "dodge" || r.Result["actor"] != "Lyra" {
		t.Fatalf("dodge: %v", r.Result)
	}
	if !strings.Contains(r.Text, "Dodge") {
		t.Errorf("dodge reply: %s", r.Text)
	}
	r = e.ok(gm, "/attack bonus:4 damage:1d6+2[slashing] target:Lyra", 15, 3)
	if jnum(t, r.Result, "natural") != 3 || jnum(t, r.Result, "total") != 7 {
		t.Errorf("attack on a dodging Lyra: %v", r.Result)
	}
	r = e.ok("alice", "/save ability:dex", 4, 15)
	if jnum(t, r.Result, "natural") != 15 || r.Result["mode"] != "adv" {
		t.Errorf("dodging DEX save: %v", r.Result)
	}
	r = e.ok("alice", "/save ability:wis", 4, 15)
	if jnum(t, r.Result, "natural") != 4 || r.Result["mode"] != "normal" {
		t.Errorf("dodging WIS save: %v", r.Result)
	}

	// Help: Vex helps Grog; Grog's next check has advantage (3 and 17 → 17), the one after does not.
	r = e.ok("bob", "/action action:help target:Grog")
	if r.Result["target"] != "Grog" || r.Result["actor"] != "Vex" {
		t.Fatalf("help: %v", r.Result)
	}
	r = e.ok("carl", "/check skill:athletics", 3, 17)
	if jnum(t, r.Result, "natural") != 17 || r.Result["mode"] != "adv" {
		t.Errorf("helped check: %v", r.Result)
	}
	r = e.ok("carl", "/check skill:athletics", 3, 17)
	if jnum(t, r.Result, "natural") != 3 {
		t.Errorf("the help is spent: %v", r.Result)
	}

	// Hide: Vex rolls Stealth (12) and the total is recorded; her next attack has advantage (4 and 18 → 18).
	r = e.ok("bob", "/action action:hide", 12)
	st := jobj(t, r.Result, "stealth")
	if jnum(t, st, "natural") != 12 {
		t.Fatalf("hide: %v", r.Result)
	}
	mods, _ := jobj(t, r.Result, "effect")["mods"].([]any)
	if len(mods) != 2 || jnum(t, mods[1].(map[string]any), "value") != jnum(t, st, "total") {
		t.Errorf("hide records the Stealth total %d: %v", jnum(t, st, "total"), mods)
	}
	r = e.ok("bob", `/attack weapon:rapier target:"Goblin 2"`, 4, 18, 1, 1, 1, 1)
	if jnum(t, r.Result, "natural") != 18 {
		t.Errorf("attack from hiding: %v", r.Result)
	}
	if r := e.ok("bob", "/effect list"); strings.Contains(effectList(t, r.Result), "hide") {
		t.Errorf("the attack ends the hiding: %s", effectList(t, r.Result))
	}

	// An NPC dodges (by its GM): Grog's attack on it has disadvantage (14 and 2 → 2 + 7 = 9 misses AC 16).
	e.ok(gm, "/action action:dodge as:Bugbear")
	r = e.ok("carl", "/attack weapon:greataxe target:Bugbear single:true", 14, 2)
	if jnum(t, r.Result, "natural") != 2 {
		t.Errorf("attack on a dodging Bugbear: %v", r.Result)
	}

	// Dash (an NPC, by its GM) and Disengage are recorded and shown in /init list.
	e.ok(gm, "/action action:dash as:Bugbear")
	e.ok("carl", "/action action:disengage")
	r = e.ok(gm, "/init list")
	for _, want := range []string{"Bugbear", "Grog"} {
		found := false
		for _, row := range r.Result["rows"].([]any) {
			m := row.(map[string]any)
			if m["name"] == want {
				acts := jstrs(t, m, "actions")
				found = len(acts) >= 1
			}
		}
		if !found {
			t.Errorf("/init list does not show %s's action: %v", want, r.Result["rows"])
		}
	}
	if !strings.Contains(r.Text, "Dash") || !strings.Contains(r.Text, "Disengage") {
		t.Errorf("/init list text: %s", r.Text)
	}

	// Each lasts until the start of its creature's next turn: round 2 begins with Lyra, whose dodge ends.
	for range 5 {
		e.ok(gm, "/init next")
	}
	if r := e.ok("alice", "/effect list"); strings.Contains(effectList(t, r.Result), "dodge") {
		t.Errorf("Lyra still dodges in her next turn: %s", effectList(t, r.Result))
	}
}

// TestActionRefused: bad /action input is refused with a localized error and nothing changes.
func TestActionRefused(t *testing.T) {
	e := newPlayEnv(t)
	e.trio()
	gm := "gm-carol"
	e.ok("dave", "/sheet create name:Nim class:wizard level:1 str:8 dex:14 con:12 int:16 wis:10 cha:10")
	for _, tc := range []struct{ user, line, code string }{
		{"alice", "/action action:help", "action.err.help_target"},
		{"alice", "/action action:help target:Lyra", "action.err.help_self"},
		{"alice", "/action action:dodge target:Grog", "action.err.target_help_only"},
		{"alice", "/action action:help target:Nobody", "fx.err.no_target"},
		{"dave", "/action action:dodge", "action.err.not_in_encounter"},
		{"bob", "/action action:dodge as:Bugbear", "init.err.not_yours"},
		{"bob", "/action action:dodge character:Lyra", "char.err.not_owner"},
	} {
		e.refused(tc.user, tc.line, tc.code)
	}
	e.ok(gm, `/init condition combatant:Grog name:stunned`)
	e.refused("carl", "/action action:dash", "action.err.incapacitated")
}
