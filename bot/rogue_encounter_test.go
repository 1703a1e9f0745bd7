package bot_test

import (
	"strings"
	"testing"

	"rulekeeper/bot"
	"rulekeeper/rules/encounter"
)

// order is the stored encounter's turn order, comma-separated.
func (e *playEnv) order() string {
	e.t.Helper()
	var names []string
	for _, c := range e.encounter().Order() {
		names = append(names, c.Name)
	}
	return strings.Join(names, ",")
}

// rtCombatant reads a combatant of the stored encounter.
func (e *playEnv) rtCombatant(name string) *encounter.Combatant {
	e.t.Helper()
	c, err := e.encounter().Find(name)
	if err != nil {
		e.t.Fatalf("combatant %s: %v", name, err)
	}
	return c
}

// TestRogueEncounter plays a Rogue's Tale encounter through the console: a warrior joins, two orcs with defences
// are added, the warrior's attacks use up Orc 1's block and then its dodge and wound it (in the encounter), the
// orc's turn gives its defences back, a wolf summoned by Orc 1 acts right after it, the warrior's own sheet
// defences come back at its turn, and the guild's crit-direction and crit-effect settings change a crit.
func TestRogueEncounter(t *testing.T) {
	e := newPlayEnv(t)
	e.warband()
	e.ok("gm", "/init start system:rogue")
	e.ok("alice", "/init join")
	e.ok("gm", "/init add name:Orc hp:9 count:2 defences:dodge:1,block:1")
	if got := e.order(); got != "Brom,Orc 1,Orc 2" {
		t.Fatalf("order: %s", got)
	}
	if e.run("gm", "/init add name:Bad hp:3 defences:dodge:x").Error == "" {
		t.Error("bad defences accepted")
	}

	// Brom (STR +2, level 3) attacks Orc 1 (dodge 1 + block 1: needs 9): a natural 6 → 8 is blocked.
	const atk = "/attack weapon:longsword damage:1d8 target:\"Orc 1\""
	r := e.ok("alice", atk, 3, 3)
	wantResult(t, "attack 1", r.Result, map[string]any{"total": 8.0, "outcome": "blocked", "defence_used": "block", "target": "Orc 1", "damage": 0.0})
	if c := e.rtCombatant("Orc 1"); !c.Used.Block || c.Used.Dodge || c.HP != 9 {
		t.Fatalf("Orc 1 after the block: %+v HP %d", c.Used, c.HP)
	}
	// The block is used up: 7 + dodge 1 = 8; a natural 5 → 7 is dodged.
	r = e.ok("alice", atk, 2, 3)
	wantResult(t, "attack 2", r.Result, map[string]any{"outcome": "dodged", "defence_used": "dodge", "damage": 0.0})
	// Nothing left: 7 hits; 1d8 (4) + 2 = 6, taken off the encounter's HP.
	r = e.ok("alice", atk, 1, 4, 4)
	wantResult(t, "attack 3", r.Result, map[string]any{"outcome": "hit", "critical": false, "damage": 6.0})
	if c := e.rtCombatant("Orc 1"); !c.Used.Block || !c.Used.Dodge || c.HP != 3 {
		t.Fatalf("Orc 1 after the hit: %+v HP %d", c.Used, c.HP)
	}

	// A wolf summoned by Orc 1 acts right after it.
	r = e.ok("gm", "/init add name:Wolf hp:5 summoner:\"Orc 1\" defences:dodge:2")
	if !strings.Contains(r.Text, "Orc 1") {
		t.Errorf("summon text:\n%s", r.Text)
	}
	if got := e.order(); got != "Brom,Orc 1,Wolf,Orc 2" {
		t.Fatalf("order after the summon: %s", got)
	}

	// Round 1: Brom, then Orc 1, whose defences come back.
	e.ok("gm", "/init next")
	r = e.ok("gm", "/init next")
	if c := e.rtCombatant("Orc 1"); c.Used.Block || c.Used.Dodge {
		t.Fatalf("Orc 1's defences not reset at its turn: %+v", c.Used)
	}
	if !strings.Contains(r.Text, "Orc 1's dodge, block and parry are back.") {
		t.Errorf("turn text:\n%s", r.Text)
	}
	// Grak (the GM's orc sheet, outside the encounter) attacks Brom: Brom's sheet blocks (dodge 1 + block 2: a
	// natural 6 + 3 = 9 is in the block band 8–9).
	r = e.ok("gm", "/attack weapon:club damage:1d6 target:Brom character:Grak", 3, 3)
	wantResult(t, "Grak attacks", r.Result, map[string]any{"outcome": "blocked", "defence_used": "block"})
	if !e.rt("alice", "Brom").Used.Block {
		t.Fatal("Brom's block not used")
	}

	// Wolf, Orc 2, then Brom again: his sheet's block comes back.
	e.ok("gm", "/init next")
	e.ok("gm", "/init next")
	r = e.ok("gm", "/init next")
	if e.rt("alice", "Brom").Used.Block {
		t.Fatal("Brom's sheet block not reset at his turn")
	}
	if !strings.Contains(r.Text, "Brom's dodge, block and parry are back.") {
		t.Errorf("turn text:\n%s", r.Text)
	}

	// Crit direction. Brom (level 3) against Orc 2 (level 1): attacker advantage crits from a natural 10.
	r = e.ok("alice", "/settings show")
	if !strings.Contains(r.Text, "attacker advantage") {
		t.Errorf("settings show:\n%s", r.Text)
	}
	e.ok("gm", "/settings rt_crit_direction direction:defender")
	e.ok("gm", "/settings rt_crit_effect effect:off")
	r = e.ok("gm", "/settings show")
	for _, w := range []string{"defender advantage", "RT crit effect check"} {
		if !strings.Contains(r.Text, w) {
			t.Errorf("settings show lacks %q:\n%s", w, r.Text)
		}
	}
	const atk2 = "/attack weapon:longsword damage:1d8 target:\"Orc 2\""
	r = e.ok("alice", atk2, 5, 5, 1)
	wantResult(t, "defender advantage", r.Result, map[string]any{"natural": 10.0, "outcome": "hit", "critical": false, "location": "body", "damage": 3.0})
	e.ok("gm", "/settings rt_crit_direction direction:attacker")
	r = e.ok("alice", atk2, 5, 5, 1)
	wantResult(t, "attacker advantage", r.Result, map[string]any{"natural": 10.0, "outcome": "hit", "critical": true, "location": "head", "damage": 3.0})
	if _, ok := r.Result["detail"].(map[string]any)["crit_effect"]; ok {
		t.Error("crit effect checked while off")
	}
	if c := e.rtCombatant("Orc 2"); c.HP != 3 {
		t.Errorf("Orc 2 HP %d, want 3", c.HP)
	}

	// /attack target: for a Rogue's Tale attacker lists the channel's combatants first, then the guild's RT sheets.
	req := &bot.Request{Ctx: t.Context(), GuildID: playGuild, ChannelID: "c1", UserID: "alice", Kind: bot.KindAutocomplete,
		Path: []string{"attack"}, Focused: "target", Options: map[string]any{"target": ""}}
	var got []string
	for _, c := range e.bot.Handle(req).Choices {
		got = append(got, c.Name)
	}
	if s := strings.Join(got, ","); !strings.HasPrefix(s, "Brom,Orc 1,Wolf,Orc 2,") || !strings.Contains(s, "Grak") {
		t.Errorf("target choices: %s", s)
	}
}

// TestInitAddSummoner5e: summons work in 5e encounters too (no initiative roll: right after the summoner), and
// the Rogue's Tale defences: option is refused there.
func TestInitAddSummoner5e(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("gm", "/init start system:dnd5e")
	e.ok("gm", "/init add name:Ogre hp:59 bonus:-1", 15)
	e.ok("gm", "/init add name:Goblin hp:7 bonus:2", 5)
	e.ok("gm", "/init add name:Imp hp:10 summoner:Goblin")
	if got := e.order(); got != "Ogre,Goblin,Imp" {
		t.Fatalf("order: %s", got)
	}
	if r := e.run("gm", "/init add name:Orc hp:9 defences:dodge:1"); r.Error == "" {
		t.Error("defences accepted in a 5e encounter")
	}
}

// TestRogueNPCAttacks: the GM makes encounter NPCs attack (character: names the NPC): Orc 1's club is blocked by
// Brom's sheet block, Orc 2 then hits the blockless Brom, and Orc 1 hits Orc 2 in the same encounter. A player
// naming an NPC is refused as not its owner, with nothing changed.
func TestRogueNPCAttacks(t *testing.T) {
	e := newPlayEnv(t)
	e.warband()
	e.ok("gm", "/init start system:rogue")
	e.ok("alice", "/init join")
	e.ok("gm", "/init add name:Orc hp:9 count:2 defences:dodge:1,block:1")

	const club = " damage:1d6 weapon:club"
	e.refused("alice", "/attack character:\"Orc 1\" target:Brom"+club, "char.err.not_owner", 4, 4)

	// Orc 1 (STR +0) against Brom (dodge 1 + block 2: hit on 10+, block on 8–9): a natural 8 is blocked.
	r := e.ok("gm", "/attack character:\"Orc 1\" target:Brom"+club, 4, 4)
	wantResult(t, "Orc 1", r.Result, map[string]any{"attacker": "Orc 1", "target": "Brom", "outcome": "blocked", "defence_used": "block", "damage": 0.0})
	if b := e.rt("alice", "Brom"); !b.Used.Block || b.HP != 9 {
		t.Fatalf("Brom after the block: %+v HP %d", b.Used, b.HP)
	}
	// Orc 2: the block is used up (hit on 8+); a natural 10 hits the body for 1d6 (3).
	r = e.ok("gm", "/attack character:\"Orc 2\" target:Brom"+club, 5, 5, 3)
	wantResult(t, "Orc 2", r.Result, map[string]any{"attacker": "Orc 2", "outcome": "hit", "damage": 3.0})
	if b := e.rt("alice", "Brom"); b.HP != 6 {
		t.Fatalf("Brom after the hit: HP %d", b.HP)
	}
	if !strings.Contains(r.Text, "Orc 2 attacks Brom") || !strings.Contains(r.Text, "Brom: HP 9 → 6") {
		t.Errorf("text:\n%s", r.Text)
	}
	// NPC against NPC, one encounter saved once with both: Orc 1 hits Orc 2 (dodge 1 + block 1) with a natural 11.
	r = e.ok("gm", "/attack character:\"Orc 1\" target:\"Orc 2\""+club, 5, 6, 4)
	wantResult(t, "Orc 1 on Orc 2", r.Result, map[string]any{"outcome": "hit", "damage": 4.0})
	if o := e.rtCombatant("Orc 2"); o.HP != 5 {
		t.Errorf("Orc 2: HP %d", o.HP)
	}
	if o := e.rtCombatant("Orc 1"); o.HP != 9 || len(o.Stats) == 0 {
		t.Errorf("Orc 1: HP %d stats %s", o.HP, o.Stats)
	}

	// The encounter's starter controls it too.
	e = newPlayEnv(t)
	e.warband()
	e.ok("alice", "/init start system:rogue")
	e.ok("alice", "/init join")
	e.ok("alice", "/init add name:Rat hp:3 defences:dodge:0")
	r = e.ok("alice", "/attack character:Rat target:Brom"+club, 4, 4)
	wantResult(t, "Rat", r.Result, map[string]any{"attacker": "Rat", "outcome": "blocked"})
}
