package bot_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"rulekeeper/bot"
	"rulekeeper/bot/console"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// runLocale types a line as user in a client locale (the error language), decoding the console's JSON line.
func (e *playEnv) runLocale(user, locale, line string, faces ...int) playLine {
	e.t.Helper()
	c := &console.Console{Bot: e.bot, UserID: user, GuildID: playGuild, ChannelID: "c1", Locale: locale, GM: strings.HasPrefix(user, "gm"), JSON: true}
	e.mu.Lock()
	e.dice = dice.NewScripted(faces)
	e.mu.Unlock()
	var out bytes.Buffer
	c.Exec(line, &out)
	e.rec.line(user+"~"+locale, faces, line, out.Bytes())
	var pl playLine
	if err := json.Unmarshal(out.Bytes(), &pl); err != nil {
		e.t.Fatalf("%s: %q: %v", line, out.String(), err)
	}
	return pl
}

// initParty: Aria (alice) and Borin (bob) join alice's encounter; the GM adds two goblins.
// Order: Aria 12+3 = 15, Goblin 1 13+2 = 15 (DEX 16 beats 14), Borin 10+1 = 11, Goblin 2 2+2 = 4.
func (e *playEnv) initParty() {
	e.t.Helper()
	e.party()
	e.ok("alice", "/init start")
	e.ok("alice", "/init join x:1 y:1", 12)
	e.ok("bob", "/init join x:2 y:1", 10)
	e.ok("gm-carol", "/init add name:Goblin hp:7 ac:15 bonus:2 count:2 dex:14 x:5 y:5", 13, 2)
}

// TestInitPermissions: a stranger cannot run the encounter for others; a player ends only their own turn; the
// starter (a player) and the GM run it.
func TestInitPermissions(t *testing.T) {
	e := newPlayEnv(t)
	e.initParty()
	if r := e.ok("alice", "/init list"); strings.Join(jstrs(t, r.Result, "order"), ",") != "Aria,Goblin 1,Borin,Goblin 2" {
		t.Fatalf("order: %+v", r.Result)
	}
	before := e.encounterData()
	for _, c := range []struct{ user, line, code string }{
		{"dave", "/init next", "init.err.not_gm"}, // nobody's turn yet: only those who run it begin round 1
		{"bob", "/init next", "init.err.not_gm"},
		{"dave", "/init end", "init.err.not_gm"},
		{"dave", "/init add name:Orc hp:15", "init.err.not_gm"},
		{"bob", "/init add name:Orc hp:15", "init.err.not_gm"},
		{"dave", "/init remove combatant:Borin", "init.err.not_yours"},
		{"dave", "/init move combatant:Aria x:3 y:3", "init.err.not_yours"},
		{"bob", `/init condition combatant:"Goblin 1" name:prone`, "init.err.not_yours"},
	} {
		if r := e.run(c.user, c.line); r.Error != c.code || !r.Ephemeral {
			t.Errorf("%s %s: %+v", c.user, c.line, r)
		}
	}
	if e.encounterData() != before {
		t.Fatal("a refused command changed the encounter")
	}
	// alice started it: she runs it like a GM.
	if r := e.ok("alice", "/init next"); r.Result["current"] != "Aria" {
		t.Fatalf("starter's next: %+v", r.Result)
	}
	// It is Aria's turn: bob and a stranger may not end it, alice may.
	for _, u := range []string{"bob", "dave"} {
		if r := e.run(u, "/init next"); r.Error != "init.err.not_yours" || !strings.Contains(r.Text, "Aria") {
			t.Errorf("%s ends Aria's turn: %+v", u, r)
		}
	}
	if r := e.ok("alice", "/init next"); r.Result["current"] != "Goblin 1" {
		t.Fatalf("alice ends her turn: %+v", r.Result)
	}
	// Goblin 1's turn: only those who run the encounter; bob may not.
	if r := e.run("bob", "/init next"); r.Error != "init.err.not_yours" {
		t.Errorf("bob ends a goblin's turn: %+v", r)
	}
	if r := e.ok("gm-carol", "/init next"); r.Result["current"] != "Borin" {
		t.Fatalf("GM: %+v", r.Result)
	}
	// Borin's turn: bob may end it and, on his turn, put a condition on a goblin (his attack knocked it prone).
	e.ok("bob", `/init condition combatant:"Goblin 2" name:prone`)
	if r := e.ok("bob", "/init next"); r.Result["current"] != "Goblin 2" {
		t.Fatalf("bob ends his turn: %+v", r.Result)
	}
	if r := e.run("bob", "/init prev"); r.Error != "init.err.not_gm" {
		t.Errorf("bob prev: %+v", r)
	}
	if r := e.run("dave", "/init end"); r.Error != "init.err.not_gm" {
		t.Errorf("dave end: %+v", r)
	}
	// A player may remove their own combatant.
	if r := e.ok("bob", "/init remove combatant:Borin"); strings.Join(jstrs(t, r.Result, "order"), ",") != "Aria,Goblin 1,Goblin 2" {
		t.Errorf("bob leaves: %+v", r.Result)
	}
	if r := e.ok("gm-carol", "/init end"); r.Result["ended"] != true {
		t.Errorf("GM end: %+v", r.Result)
	}
}

// TestInitListHidesNPCNumbers (issue 11 §3): NPC numbers are the GM's. Every public list shows NPCs' health words
// and the players' HP — the GM's and the encounter's starter's too; /init list detail:true shows NPC HP and AC to
// those who run the encounter, ephemeral, and is refused to players; the guild's show_npc_stats opts back in.
func TestInitListHidesNPCNumbers(t *testing.T) {
	e := newPlayEnv(t)
	e.initParty()
	e.ok("gm-carol", "/init next")
	e.ok("alice", `/attack weapon:rapier target:"Goblin 1"`, 15, 1) // 1 + 3 = 4: 7 → 3, bloodied
	rows := func(r playLine) (aria, g1 map[string]any) {
		return r.Result["rows"].([]any)[0].(map[string]any), r.Result["rows"].([]any)[1].(map[string]any)
	}
	numbers := func(who string, r playLine, hp int) {
		t.Helper()
		if _, g1 := rows(r); jnum(t, g1, "hp") != hp || jnum(t, g1, "hp_max") != 7 || jnum(t, g1, "ac") != 15 || !strings.Contains(r.Text, fmt.Sprintf("HP %d/7", hp)) {
			t.Errorf("%s sees the numbers: %+v\n%s", who, g1, r.Text)
		}
	}
	for _, user := range []string{"bob", "dave", "gm-carol", "alice"} {
		r := e.ok(user, "/init list")
		aria, g1 := rows(r)
		if jnum(t, aria, "hp") != 24 || r.Ephemeral {
			t.Errorf("%s: Aria's HP: %+v", user, aria)
		}
		if g1["hp"] != nil || g1["ac"] != nil || g1["state"] != "bloodied" || strings.Contains(r.Text, "3/7") || !strings.Contains(r.Text, "Bloodied") {
			t.Errorf("%s sees a vague state only: %+v\n%s", user, g1, r.Text)
		}
	}
	for _, user := range []string{"gm-carol", "alice"} { // the GM, the encounter's starter
		r := e.ok(user, "/init list detail:true")
		if !r.Ephemeral {
			t.Errorf("%s: detail is public", user)
		}
		numbers(user, r, 3)
	}
	e.refused("bob", "/init list detail:true", "init.err.not_gm")
	// The attack replies too: a health word and hit or miss, for the GM as for anyone; no AC, no chance to hit.
	for _, user := range []string{"bob", "alice"} {
		r := e.ok(user, `/attack bonus:5 damage:1 target:"Goblin 1"`, 10)
		if !strings.Contains(r.Text, "Goblin 1: Bloodied") || strings.Contains(r.Text, "→ 2") || strings.Contains(r.Text, "AC 15") ||
			strings.Contains(r.Text, "Chance to hit") || r.Result["ac"] != nil || r.Result["target_status"] != nil || r.Result["outcome"] != "hit" {
			t.Errorf("%s's attack reply:\n%s\n%+v", user, r.Text, r.Result)
		}
	}
	// An AC the caller gives is theirs to see.
	if r := e.ok("bob", `/attack bonus:5 damage:1 ac:12 target:"Goblin 1"`, 1); !strings.Contains(r.Text, "vs AC 12") {
		t.Errorf("a given AC:\n%s", r.Text)
	}
	// The guild may show NPC numbers in public.
	e.ok("gm-carol", "/settings show_npc_stats value:on")
	numbers("bob", e.ok("bob", "/init list"), 1) // two hits of 1 since
	if r := e.ok("bob", `/attack bonus:5 damage:0 target:"Goblin 1"`, 10); !strings.Contains(r.Text, "vs AC 15") {
		t.Errorf("with show_npc_stats on:\n%s", r.Text)
	}
}

// TestInitNextButton: the next-turn button carries the channel in its custom id and works after a restart.
func TestInitNextButton(t *testing.T) {
	e := newPlayEnv(t)
	e.initParty()
	r := e.ok("gm-carol", "/init list")
	if !strings.Contains(r.Text, "[1: Next turn]") {
		t.Fatalf("no button: %s", r.Text)
	}
	if r := e.ok("gm-carol", "click 1"); r.Result["current"] != "Aria" || jnum(t, r.Result, "round") != 1 {
		t.Fatalf("button: %+v", r.Result)
	}
	e.restart()
	if r := e.ok("alice", "click init:next:c1"); r.Result["current"] != "Goblin 1" {
		t.Fatalf("button after a restart: %+v", r.Result)
	}
	for _, id := range []string{"init:next:", "init:skip:c1", "init:next:" + strings.Repeat("9", 65)} {
		if r := e.run("gm-carol", "click "+id); r.Error != "core.err.unknown_component" {
			t.Errorf("%s: %+v", id, r)
		}
	}
	if r := e.run("gm-carol", "click init:next:c2"); r.Error != "init.err.none" {
		t.Errorf("another channel: %+v", r)
	}
}

// TestInitConditions: an NPC's condition counts down at the end of its turn; a character's goes on its sheet and
// ends with its turn.
func TestInitConditions(t *testing.T) {
	e := newPlayEnv(t)
	e.initParty()
	e.ok("gm-carol", "/init next") // Aria
	e.ok("gm-carol", `/init condition combatant:"Goblin 1" name:frightened rounds:1`)
	e.ok("gm-carol", `/init condition combatant:Borin name:poisoned rounds:1`)
	if !e.sheet("bob", "Borin").HasCondition("poisoned") {
		t.Fatal("Borin's poison is not on his sheet")
	}
	r := e.ok("gm-carol", "/init list")
	if g1 := r.Result["rows"].([]any)[1].(map[string]any); len(g1["conditions"].([]any)) != 1 || !strings.Contains(r.Text, "Frightened (1)") {
		t.Fatalf("Goblin 1's condition: %+v\n%s", g1, r.Text)
	}
	e.ok("gm-carol", "/init next") // Goblin 1
	r = e.ok("gm-carol", "/init next")
	if exp := jobj(t, r.Result, "turn")["expired"].([]any); len(exp) != 1 || !strings.Contains(r.Text, "Goblin 1: Frightened ends") {
		t.Fatalf("frightened should end with Goblin 1's turn: %+v\n%s", r.Result, r.Text)
	}
	r = e.ok("bob", "/init next") // Borin's turn ends
	if !strings.Contains(r.Text, "Borin: Poisoned ends") || e.sheet("bob", "Borin").HasCondition("poisoned") {
		t.Fatalf("poison should end with Borin's turn:\n%s", r.Text)
	}
	// Removing one.
	e.ok("gm-carol", `/init condition combatant:"Goblin 2" name:prone`)
	if r := e.ok("gm-carol", `/init condition combatant:"Goblin 2" name:prone remove:true`); !strings.Contains(r.Text, "Prone removed") {
		t.Errorf("remove: %s", r.Text)
	}
}

// TestInitBadInput: every refusal is a localized error and changes nothing.
func TestInitBadInput(t *testing.T) {
	e := newPlayEnv(t)
	e.party()
	if r := e.run("alice", "/init next"); r.Error != "init.err.none" {
		t.Fatalf("no encounter: %+v", r)
	}
	e.ok("alice", "/init start")
	e.ok("alice", "/init join", 10)
	e.ok("alice", "/init add name:Goblin hp:7 count:2", 5, 6)
	tests := []struct {
		user, line, code string
	}{
		{"alice", "/init start", "init.err.exists"},
		{"alice", "/init join", encounter.ErrAlreadyJoined},
		{"alice", "/init add name:Orc hp:0", "core.err.too_small"},
		{"alice", "/init add name:Orc hp:7 count:21", "core.err.too_large"},
		{"alice", "/init add name:Orc hp:7 x:3", "init.err.pos_pair"},
		{"alice", "/init add name:Orc hp:7 mode:sideways", "core.err.bad_choice"},
		{"bob", "/init join x:1", "init.err.pos_pair"},
		{"bob", "/init join total:500", "core.err.too_large"},
		{"alice", "/init move combatant:Nobody x:1 y:1", encounter.ErrUnknownCombatant},
		{"alice", "/init move combatant:Aria x:99999 y:1", "core.err.too_large"},
		{"alice", "/init remove combatant:Nobody", encounter.ErrUnknownCombatant},
		{"alice", "/init condition combatant:Aria name:sleepy", dnd5e.ErrUnknownCondition},
		{"alice", "/init condition combatant:Aria name:exhaustion", "init.err.exhaustion"},
		{"alice", "/init condition combatant:Aria name:prone rounds:2 remove:true", "init.err.rounds_remove"},
		{"alice", `/init condition combatant:"Goblin 1" name:prone remove:true`, encounter.ErrConditionAbsent},
		{"alice", "/init prev", encounter.ErrNotStarted},
		{"alice", "/init bogus", "core.err.unknown_subcommand"},
		{"nobody", "/init join", "char.err.no_active"},
	}
	chars, enc := e.snapshot(), e.encounterData()
	for _, tt := range tests {
		r := e.run(tt.user, tt.line, 10)
		if r.Error != tt.code || !r.Ephemeral || r.Text == "" || strings.HasPrefix(r.Text, tt.code) {
			t.Errorf("%s %s: %+v, want %s", tt.user, tt.line, r, tt.code)
		}
	}
	if e.snapshot() != chars || e.encounterData() != enc {
		t.Fatal("a refused command changed the store")
	}
	// Errors speak the caller's language and name the ids in it.
	if r := e.runLocale("alice", "zh-CN", "/init move combatant:Nobody x:1 y:1"); !strings.Contains(r.Text, "Nobody") || !strings.Contains(r.Text, "参战者") {
		t.Errorf("zh-CN: %+v", r)
	}
	if r := e.runLocale("dave", "ko", "/init end"); r.Error != "init.err.not_gm" || !strings.Contains(r.Text, "GM") || !strings.Contains(r.Text, "전투") {
		t.Errorf("ko: %+v", r)
	}
	// Outside a guild.
	c := &console.Console{Bot: e.bot, UserID: "alice", ChannelID: "c1", JSON: true}
	var out bytes.Buffer
	c.Exec("/init list", &out)
	if !strings.Contains(out.String(), "core.err.guild_only") {
		t.Errorf("DM: %s", out.String())
	}
}

// TestInitAutocomplete: combatants for /init and /attack target:, spells in any language for /cast.
func TestInitAutocomplete(t *testing.T) {
	e := newPlayEnv(t)
	e.initParty()
	complete := func(user, locale string, path []string, focused, typed string) []bot.Choice {
		r := e.bot.Handle(&bot.Request{Kind: bot.KindAutocomplete, Path: path, Focused: focused, Options: map[string]any{focused: typed},
			UserID: user, GuildID: playGuild, ChannelID: "c1", Locale: locale})
		return r.Choices
	}
	names := func(cs []bot.Choice) string {
		var out []string
		for _, c := range cs {
			out = append(out, c.Value)
		}
		return strings.Join(out, ",")
	}
	if got := names(complete("alice", "en", []string{"init", "move"}, "combatant", "gob")); got != "Goblin 1,Goblin 2" {
		t.Errorf("init move: %s", got)
	}
	if got := names(complete("alice", "en", []string{"attack"}, "target", "")); !strings.HasPrefix(got, "Aria,Goblin 1,Borin,Goblin 2") {
		t.Errorf("attack target: %s", got)
	}
	if got := names(complete("alice", "en", []string{"cast"}, "target", "Goblin 1, gob")); got != "Goblin 1, Goblin 1,Goblin 1, Goblin 2" {
		t.Errorf("cast target list: %s", got)
	}
	cs := complete("alice", "zh-CN", []string{"cast"}, "spell", "火球")
	if len(cs) == 0 || cs[0].Value != "fireball" || !strings.HasPrefix(cs[0].Name, "火球术") {
		t.Errorf("cast spell 火球: %+v", cs)
	}
	if cs := complete("alice", "ko", []string{"identify"}, "spell", "fire bo"); len(cs) != 1 || cs[0].Value != "fire_bolt" {
		t.Errorf("identify spell: %+v", cs)
	}
	if cs := complete("alice", "en", []string{"aoe"}, "direction", "n"); names(cs) != "n,ne,nw" {
		t.Errorf("direction n: %+v", cs)
	}
}
