package bot_test

import (
	"slices"
	"strings"
	"testing"

	"rulekeeper/bot"
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
	// Aria: advantage and an automatic critical hit on the paralyzed bugbear within 5 ft, with her sneak attack (the
	// advantage qualifies it): 2d8 + 4d6 + 3 = 6+5 + 1+1+1+1 + 3 = 18.
	r = e.ok("alice", "/attack weapon:rapier target:Bugbear", 12, 9, 6, 5, 1, 1, 1, 1)
	if r.Result["critical"] != true || jnum(t, r.Result, "damage") != 18 || e.npcHP("Bugbear") != 9 {
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
	r = e.ok("gm-dana", `/attack as:"Goblin 1" weapon:scimitar target:Zed`, 15, 4, 12)
	att := jlist(t, r.Result, "attacks")
	if r.Result["attacker"] != "Goblin 1" || r.Result["monster"] != "goblin" || r.Result["action"] != "scimitar" ||
		jnum(t, r.Result, "damage") != 6 || len(att) != 1 || jobj(t, att[0], "concentration")["kept"] != true ||
		e.sheet("carol", "Zed").HP != 11 {
		t.Fatalf("goblin: %+v", r.Result)
	}
	e.ok("gm-dana", "/init next")
	e.ok("bob", "/init next")
	if r := e.ok("gm-dana", `/attack as:"Goblin 2" weapon:shortbow target:Aria`, 3); r.Result["attacks"].([]any)[0].(map[string]any)["outcome"] != "miss" {
		t.Fatalf("shortbow: %+v", r.Result)
	}
	e.ok("gm-dana", "/init next")
	// The bear's multiattack: a bite (hit, 1d6+2 = 7) and claws (miss), each rolled.
	r = e.ok("gm-dana", "/attack as:Bear weapon:multiattack target:Aria", 15, 5, 2)
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
	e.ok("gm-dana", `/attack as:"Goblin 2" weapon:scimitar target:Zed`, 16, 3, 14) // Zed 11 → 6
	e.ok("gm-dana", "/init next")
	// The bear drops Zed (7 damage at 6 HP): dying; its claws then fumble against him.
	r = e.ok("gm-dana", "/attack as:Bear weapon:multiattack target:Zed", 15, 5, 1, 1)
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
	r = e.ok("gm-dana", "/attack as:Bugbear weapon:morningstar target:Zed", 18, 2, 8, 8, 8, 8)
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
	if r := e.run("alice", "/rest long"); r.Error != dnd5e.ErrLongRestTooSoon || r.Text != "Only one long rest per 8 h: 8 h 0 min left." {
		t.Fatalf("the 8-hour cooldown: %+v", r)
	}
	e.ok("gm-dana", "/time advance hours:8")
	e.ok("alice", "/rest long")
	if r := e.ok("alice", "/time show"); jnum(t, r.Result, "ahead_seconds") != 16*3600 || jnum(t, r.Result, "long_rest_cooldown_hours") != 8 {
		t.Fatalf("time show: %+v", r.Result)
	}
}

// TestMonsterCommand: /monster shows an SRD stat block with localized labels, found by a name in any language;
// players see it only themselves unless the guild shows NPC stats; GMs see it in the channel.
func TestMonsterCommand(t *testing.T) {
	e := newPlayEnv(t)
	r := e.ok("gm-dana", "/monster name:goblin")
	m := jobj(t, r.Result, "monster")
	if r.Ephemeral || r.Result["name"] != "Goblin" || jnum(t, m, "hp") != 7 || m["hit_dice"] != "2d6" ||
		!strings.Contains(r.Text, "**Armor Class**: 15 (armor)") || !strings.Contains(r.Text, "**Scimitar**: Melee Weapon Attack +4 to hit, reach 5 ft. · Hit: 1d6[slashing]+2") {
		t.Fatalf("goblin: %+v\n%s", r.Result, r.Text)
	}
	if r := e.ok("alice", "/monster name:熊地精"); !r.Ephemeral || r.Result["name"] != "Bugbear" {
		t.Errorf("a player, by its Chinese name: %+v", r)
	}
	e.ok("gm-dana", "/settings show_npc_stats value:on")
	if r := e.ok("alice", "/monster name:고블린"); r.Ephemeral || r.Result["name"] != "Goblin" {
		t.Errorf("shown to players, by its Korean name: %+v", r)
	}
	c := e.console("bob")
	c.Locale = "zh-CN"
	if r := e.ok("bob", "/monster name:lich"); !strings.Contains(r.Text, "**护甲等级**：17") || !strings.Contains(r.Text, "**状态免疫**：") {
		t.Errorf("zh-CN labels: %s", r.Text)
	}
	c.Locale = ""
	if r := e.run("alice", "/monster name:tarrasque2"); r.Error != dnd5e.ErrUnknownMonster {
		t.Errorf("unknown: %+v", r)
	}
	cs := e.bot.Handle(&bot.Request{Kind: bot.KindAutocomplete, Path: []string{"monster"}, Focused: "name",
		Options: map[string]any{"name": "地精"}, UserID: "alice", GuildID: playGuild, ChannelID: "c1", Locale: "zh-CN"}).Choices
	if len(cs) == 0 || !slices.ContainsFunc(cs, func(c bot.Choice) bool { return c.Value == "goblin" && c.Name == "地精（挑战 1/4）" }) {
		t.Errorf("autocomplete 地精: %+v", cs)
	}
}

// TestMonsterBlocksAll renders every SRD monster's stat block in the four languages: every label is a catalog
// entry (no key or template left), and the block fits a Discord message.
func TestMonsterBlocksAll(t *testing.T) {
	b := bot.New(bot.Config{})
	for _, lang := range []string{"en", "zh-CN", "zh-TW", "ko"} {
		for _, m := range dnd5e.Monsters() {
			r := b.Handle(&bot.Request{Path: []string{"monster"}, Options: map[string]any{"name": m.ID}, Locale: lang, UserID: "u"})
			if r.ErrorCode != "" {
				t.Fatalf("%s %s: %s", lang, m.ID, r.Body)
			}
			text := r.Title + r.Body
			total := len([]rune(text))
			for _, f := range r.Fields {
				text += f.Name + f.Value
				total += len([]rune(f.Name)) + len([]rune(f.Value))
				if len([]rune(f.Value)) > 1024 {
					t.Errorf("%s %s: field %q has %d characters", lang, m.ID, f.Name, len([]rune(f.Value)))
				}
			}
			if strings.Contains(text, "{{") || strings.Contains(text, "monster.") || strings.Contains(text, "gm.") {
				t.Errorf("%s %s: a key or template left: %s", lang, m.ID, text)
			}
			if len(r.Fields) > 25 || len([]rune(r.Body)) > 4096 {
				t.Errorf("%s %s: %d fields, body %d characters", lang, m.ID, len(r.Fields), len([]rune(r.Body)))
			}
		}
	}
}

// TestInitAddMonster: hit points by the average, the Hit Dice rolled, a number or dice notation for each creature;
// the name defaults to the monster's; a fixed initiative; one roll for a group by the setting or group:.
func TestInitAddMonster(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("gm-dana", "/init start")
	// Hit Dice rolled for each goblin (2d6: 3+4, 6+6), then their initiative as one group (group:true): 11 + 2.
	r := e.ok("gm-dana", "/init add monster:goblin count:2 hp:roll group:true", 3, 4, 6, 6, 11)
	arr := jlist(t, jobj(t, r.Result, "added"), "arrivals")
	if !slices.Equal(jints(t, r.Result, "hp"), []int{7, 12}) || e.npcHP("Goblin 2") != 12 || len(arr) != 2 ||
		jnum(t, jobj(t, arr[0], "roll"), "total") != 13 || jnum(t, jobj(t, arr[1], "roll"), "total") != 13 ||
		!strings.Contains(r.Text, "Goblin 2: HP 2d6 (**6**, **6**) = 12") {
		t.Fatalf("hp:roll group:true: %+v\n%s", r.Result, r.Text)
	}
	// Dice for a hand-made NPC (refused before issue 12), and a number over a monster's average.
	if r := e.ok("gm-dana", "/init add name:Thug hp:2d8+6 ac:11", 5, 5, 10); !slices.Equal(jints(t, r.Result, "hp"), []int{16}) {
		t.Errorf("hp:2d8+6: %+v", r.Result)
	}
	if r := e.ok("gm-dana", "/init add monster:orc hp:12", 10); !slices.Equal(jints(t, r.Result, "hp"), []int{12}) || e.npcHP("Orc") != 12 {
		t.Errorf("hp:12: %+v", r.Result)
	}
	// Lair actions at a fixed 20; a name of one's own.
	r = e.ok("gm-dana", `/init add monster:ogre initiative:20 name:"Lair Ogre"`)
	if !strings.Contains(r.Text, "Lair Ogre: initiative 20 (given)") || jints(t, r.Result, "hp")[0] != 59 {
		t.Errorf("initiative:20: %+v %s", r.Result, r.Text)
	}
	// The guild's npc_initiative setting rolls once for a group.
	e.ok("gm-dana", "/settings npc_initiative value:group")
	r = e.ok("gm-dana", "/init add monster:kobold count:3", 9)
	for _, a := range jlist(t, jobj(t, r.Result, "added"), "arrivals") {
		if jnum(t, jobj(t, a, "roll"), "total") != 11 {
			t.Errorf("grouped kobolds: %+v", a)
		}
	}
	for _, tt := range []struct{ line, code string }{
		{"/init add hp:7", "npc.err.name_needed"},
		{"/init add name:Ghost", "npc.err.hp_needed"},
		{"/init add name:Ghost hp:average", "npc.err.hp_needed"},
		{"/init add name:Ghost hp:roll", "npc.err.hp_needed"},
		{"/init add monster:nosuch", dnd5e.ErrUnknownMonster},
		{"/init add monster:goblin hp:0", "core.err.too_small"},
		{"/init add monster:goblin hp:10000", "core.err.too_large"},
		{"/init add name:Ghost hp:2d", "dice.err.expected_sides"},
	} {
		if r := e.run("gm-dana", tt.line, 10); r.Error != tt.code {
			t.Errorf("%s: %+v, want %s", tt.line, r, tt.code)
		}
	}
	if r := e.run("alice", "/init add monster:goblin"); r.Error != "init.err.not_gm" {
		t.Errorf("a player adds monsters: %+v", r)
	}
}

// TestNPCActs: what the GM does for NPCs — an NPC's save, check, ad-hoc and stat-block attacks, HP through its
// monster's defences, condition immunities (a monster's and a hand-made NPC's) — and who may.
func TestNPCActs(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createAria)
	e.ok("gm-dana", "/init start")
	e.ok("gm-dana", "/init add monster:goblin", 10)
	e.ok("gm-dana", "/init add monster:skeleton", 15)
	e.ok("gm-dana", "/init add name:Cultist hp:9 ac:12 saves:wis+2 immune:poison,charmed", 5)
	e.ok("alice", "/init join total:3")

	for _, tt := range []struct{ user, line, code string }{
		{"alice", `/attack as:Goblin weapon:scimitar target:Aria`, "init.err.not_yours"},
		{"alice", `/save as:Goblin ability:dex`, "init.err.not_yours"},
		{"alice", `/hp damage target:Goblin amount:3`, "init.err.not_yours"},
		{"gm-dana", `/attack as:Aria weapon:scimitar target:Goblin`, "npc.err.not_npc"},
		{"gm-dana", `/attack as:Nobody weapon:scimitar target:Aria`, "encounter.err.unknown_combatant"},
		{"gm-dana", `/attack as:Cultist weapon:dagger target:Aria`, "npc.err.no_actions"},
		{"gm-dana", `/attack as:Goblin weapon:claws target:Aria`, dnd5e.ErrUnknownAction},
		{"gm-dana", `/cast as:Goblin spell:fire_bolt target:Aria`, "npc.err.no_spellcasting"},
		{"gm-dana", `/hp damage target:Goblin character:Aria amount:3`, "npc.err.target_or_character"},
		{"gm-dana", `/init condition combatant:Skeleton name:poisoned`, "npc.err.immune"},
		{"gm-dana", `/init condition combatant:Cultist name:charmed`, "npc.err.immune"},
	} {
		if r := e.run(tt.user, tt.line, 10, 10, 10); r.Error != tt.code || !r.Ephemeral {
			t.Errorf("%s %s: %+v, want %s", tt.user, tt.line, r, tt.code)
		}
	}
	// The monster's error names the NPC, in the caller's words.
	if r := e.run("gm-dana", "/attack as:Goblin weapon:multiattack target:Aria"); r.Error != dnd5e.ErrNoMultiattack || r.Text != "Goblin has no Multiattack." {
		t.Errorf("no multiattack: %+v", r)
	}
	if r := e.run("gm-dana", "/init condition combatant:Skeleton name:poisoned"); r.Text != "Skeleton is immune to Poisoned." {
		t.Errorf("immune: %q", r.Text)
	}
	// Saves and checks with the stat block's numbers: the skeleton's DEX +2, the cultist's WIS save given by hand,
	// the goblin's Stealth +6.
	if r := e.ok("gm-dana", "/save as:Skeleton ability:dex dc:13", 11); jnum(t, r.Result, "total") != 13 || r.Result["outcome"] != "success" || r.Result["monster"] != "skeleton" {
		t.Errorf("skeleton DEX save: %+v", r.Result)
	}
	if r := e.ok("gm-dana", "/save as:Cultist ability:wis", 9); jnum(t, r.Result, "total") != 11 || r.Result["character"] != "Cultist" {
		t.Errorf("cultist WIS save: %+v", r.Result)
	}
	if r := e.ok("gm-dana", "/check as:Goblin skill:stealth dc:15", 9); jnum(t, r.Result, "total") != 15 || r.Result["outcome"] != "success" {
		t.Errorf("goblin Stealth: %+v", r.Result)
	}
	// An action named in another language; an ad-hoc attack for the hand-made NPC.
	if r := e.ok("gm-dana", "/attack as:Goblin weapon:弯刀 target:Aria", 15, 4); r.Result["action"] != "scimitar" || jnum(t, r.Result, "damage") != 6 {
		t.Errorf("弯刀: %+v", r.Result)
	}
	if r := e.ok("gm-dana", "/attack as:Cultist bonus:4 damage:1d4+2[piercing] target:Aria", 15, 3); r.Result["attacker"] != "Cultist" || jnum(t, r.Result, "damage") != 5 {
		t.Errorf("ad hoc: %+v", r.Result)
	}
	if e.sheet("alice", "Aria").HP != 13 {
		t.Errorf("Aria's HP %d", e.sheet("alice", "Aria").HP)
	}
	// HP through the monster's defences: the skeleton is vulnerable to bludgeoning and immune to poison; the
	// cultist immune to poison by hand.
	if r := e.ok("gm-dana", "/hp damage target:Skeleton amount:4 type:bludgeoning"); jnum(t, r.Result, "applied") != 8 || jnum(t, r.Result, "hp") != 5 {
		t.Errorf("bludgeoning on a skeleton: %+v", r.Result)
	}
	if r := e.ok("gm-dana", "/hp damage target:Cultist amount:6 type:poison"); jnum(t, r.Result, "applied") != 0 || e.npcHP("Cultist") != 9 {
		t.Errorf("poison on the cultist: %+v", r.Result)
	}
	if r := e.ok("gm-dana", "/hp heal target:Skeleton amount:3"); jnum(t, r.Result, "hp") != 8 {
		t.Errorf("heal: %+v", r.Result)
	}
	e.ok("gm-dana", "/hp damage target:Skeleton amount:5 type:bludgeoning") // 10: down
	if r := e.run("gm-dana", "/save as:Skeleton ability:dex"); r.Error != "npc.err.down" {
		t.Errorf("a down NPC acts: %+v", r)
	}
	// The GM brings it back; a character by name too (/hp set on a dead one revives it).
	if r := e.ok("gm-dana", "/hp revive character:Skeleton hp:5"); jnum(t, r.Result, "hp") != 5 || r.Result["npc"] != true {
		t.Errorf("revive an NPC: %+v", r.Result)
	}
	e.ok("gm-dana", "/hp damage character:Aria amount:50")
	if e.sheet("alice", "Aria").State != dnd5e.Dead {
		t.Fatal("Aria survived 50 damage")
	}
	if r := e.run("alice", "/hp set character:Aria amount:10"); r.Error != "gm.err.gm_only" {
		t.Errorf("a player sets HP: %+v", r)
	}
	if r := e.ok("gm-dana", "/hp set character:Aria amount:10"); jnum(t, r.Result, "hp") != 10 || r.Result["state"] != "conscious" || !strings.Contains(r.Text, "Aria comes back to life") {
		t.Errorf("set a dead character's HP: %+v %s", r.Result, r.Text)
	}
	if r := e.run("gm-dana", "/hp revive character:Aria"); r.Error != dnd5e.ErrNotDead {
		t.Errorf("revive the living: %+v", r)
	}
	if r := e.ok("gm-dana", "/hp set character:Aria amount:0"); r.Result["state"] != "dying" {
		t.Errorf("set to 0: %+v", r.Result)
	}
}

// TestInitPages: with 20 and more combatants /init list comes in pages with buttons, the order line is cut short,
// and every reply fits a Discord message.
func TestInitPages(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("gm-dana", "/init start")
	long := strings.Repeat("Ogrillon", 7) // 56 runes; numbered "… 1" to "… 20"
	faces := make([]int, 40)
	for i := range faces {
		faces[i] = 1 + i%20
	}
	e.ok("gm-dana", "/init add name:"+long+" hp:10 count:20 initiative:5", faces...)
	r := e.ok("gm-dana", "/init add monster:goblin count:5", 20, 19, 18, 17, 16)
	if !strings.Contains(r.Text, "more") {
		t.Errorf("the order line is not cut: %s", r.Text)
	}
	r = e.ok("gm-dana", "/init list")
	if jnum(t, r.Result, "page") != 1 || jnum(t, r.Result, "pages") != 2 || len(jlist(t, r.Result, "rows")) != 25 ||
		strings.Count(r.Text, ". **") != 15 || !strings.Contains(r.Text, "page 1/2") || !strings.Contains(r.Text, "[1: Next page ▶] [2: Next turn]") {
		t.Fatalf("page 1: %+v\n%s", r.Result, r.Text)
	}
	r = e.ok("gm-dana", "click 1")
	if jnum(t, r.Result, "page") != 2 || !strings.Contains(r.Text, "16. **") || strings.Contains(r.Text, "15. **") ||
		!strings.Contains(r.Text, "[1: ◀ Previous page] [2: Next turn]") {
		t.Fatalf("page 2: %+v\n%s", r.Result, r.Text)
	}
	if r := e.ok("gm-dana", "/init list page:9"); jnum(t, r.Result, "page") != 2 {
		t.Errorf("page 9 of 2: %+v", r.Result)
	}
	r = e.ok("gm-dana", "/init next")
	for _, line := range []string{r.Text} {
		if n := len([]rune(line)); n > 4096 {
			t.Errorf("a reply of %d characters", n)
		}
	}
	if r := e.run("gm-dana", "click init:list:c1:x"); r.Error != "core.err.unknown_component" {
		t.Errorf("a bad page button: %+v", r)
	}
}

// TestSheetSetHPRevives: a GM's /sheet set field:hp brings a dead character back; its owner's is refused.
func TestSheetSetHPRevives(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("carol", createZed)
	e.ok("carol", "/hp damage amount:40") // massive damage: dead
	if r := e.run("carol", "/sheet set field:hp value:5"); r.Error != dnd5e.ErrIsDead {
		t.Errorf("the owner: %+v", r)
	}
	e.ok("gm-dana", "/sheet set field:hp value:5 character:Zed")
	if z := e.sheet("carol", "Zed"); z.State != dnd5e.Conscious || z.HP != 5 {
		t.Fatalf("Zed: %+v", z)
	}
}
