package bot_test

import (
	"math/big"
	"strings"
	"testing"
)

// The issue 13 party. Lyra: bard 5 (alice), DEX 14, CON 12, WIS 12, CHA 16: 33 HP, AC 12, rapier +5 / 1d8+2,
// bardic inspiration d8 × 3, slots 4/3/2. Vex: rogue 5 (bob), DEX 18: 33 HP, AC 14, rapier +7 / 1d8+4, sneak attack
// 3d6. Grog: barbarian 5 (carl), STR 18, CON 16: 55 HP, AC 12, greataxe +7 / 1d12+4, extra attack, rage +2 (3 uses).
const (
	createLyra = "/sheet create name:Lyra class:bard level:5 str:8 dex:14 con:12 int:10 wis:12 cha:16"
	createVex  = "/sheet create name:Vex class:rogue level:5 str:10 dex:18 con:12 int:12 wis:10 cha:10"
	createGrog = "/sheet create name:Grog class:barbarian level:5 str:18 dex:14 con:16 int:8 wis:10 cha:10"
	rapier     = `/sheet set field:attack value:"rapier dex prof 1d8[piercing]"`
	greataxe   = `/sheet set field:attack value:"greataxe str prof 1d12[slashing]"`
)

// trio creates the party, a GM's encounter with two goblins and a bugbear on the grid, and everyone's initiative:
// Lyra 20, Vex 19, Grog 12, Goblins 7 and 6, Bugbear 3. Lyra stands next to Goblin 1, Vex next to both goblins,
// Grog next to the bugbear.
func (e *playEnv) trio() {
	e.t.Helper()
	e.ok("alice", createLyra)
	e.ok("alice", rapier)
	e.ok("bob", createVex)
	e.ok("bob", rapier)
	e.ok("carl", createGrog)
	e.ok("carl", greataxe)
	gm := "gm-carol"
	e.ok(gm, "/init start")
	e.ok(gm, "/settings show_npc_stats value:on") // the chances against the NPCs are asserted: their AC is shown
	e.ok(gm, "/init add name:Goblin hp:7 ac:15 bonus:2 dex:14 count:2", 5, 4)
	e.ok(gm, "/init add name:Bugbear hp:27 ac:16 bonus:2 dex:14", 1)
	e.ok("alice", "/init join", 18)
	e.ok("bob", "/init join", 15)
	e.ok("carl", "/init join", 10)
	for _, m := range []string{`"Goblin 1" x:5 y:5`, `"Goblin 2" x:5 y:7`, "Bugbear x:9 y:5", "Lyra x:4 y:5", "Vex x:6 y:6", "Grog x:8 y:5"} {
		e.ok(gm, "/init move combatant:"+m)
	}
}

// enumChance is the exact chance of d20 + mod + the extra dice (sides given) reaching target, enumerated face by
// face; natural: a natural 1 fails and a natural 20 succeeds (attack rolls).
func enumChance(mod, target int, natural bool, sides ...int) string {
	hits, all := 0, 0
	var walk func(i, d20, sum int)
	walk = func(i, d20, sum int) {
		if i == len(sides) {
			all++
			if (natural && d20 == 20) || (!(natural && d20 == 1) && d20+mod+sum >= target) {
				hits++
			}
			return
		}
		for f := 1; f <= sides[i]; f++ {
			walk(i+1, d20, sum+f)
		}
	}
	for d20 := 1; d20 <= 20; d20++ {
		walk(0, d20, 0)
	}
	return big.NewRat(int64(hits), int64(all)).RatString()
}

// wantRoll checks a roll's total, natural die and exact chance in a result's JSON.
func wantRoll(t *testing.T, what string, m map[string]any, total, natural int, chance string) {
	t.Helper()
	if got := jnum(t, m, "total"); got != total {
		t.Errorf("%s: total %d, want %d", what, got, total)
	}
	if got := jnum(t, m, "natural"); got != natural {
		t.Errorf("%s: natural %d, want %d", what, got, natural)
	}
	if got, _ := m["chance_rat"].(string); got != chance {
		t.Errorf("%s: chance %q, want %q", what, got, chance)
	}
}

// TestEffectsFight plays three rounds through the console: a bard, a rogue and a barbarian against two goblins
// and a bugbear, with bless, bardic inspiration, sneak attack, rage (and extra attack) and shield in reaction.
// Every total and every exact chance in the JSON is asserted; the chances equal a face-by-face enumeration.
func TestEffectsFight(t *testing.T) {
	e := newPlayEnv(t)
	e.trio()
	gm := "gm-carol"
	e.ok(gm, "/init next") // round 1: Lyra

	// Lyra blesses the party (a feat's spell: any_class) and inspires Vex.
	r := e.ok("alice", `/cast spell:bless target:"Vex, Grog, Lyra" any_class:true`)
	if jnum(t, r.Result, "slots_left") != 3 || len(castTargets(t, r.Result)) != 3 {
		t.Fatalf("bless: %v", r.Result)
	}
	for name, tg := range castTargets(t, r.Result) {
		if fx := jstrs(t, tg, "effects"); len(fx) != 1 || fx[0] != "bless" {
			t.Errorf("%s: effects %v", name, fx)
		}
	}
	r = e.ok("alice", "/feature use feature:bardic_inspiration target:Vex")
	if res := jobj(t, r.Result, "resource"); jnum(t, res, "after") != 2 || r.Result["target"] != "Vex" {
		t.Errorf("inspiration: %v", r.Result)
	}
	e.ok(gm, "/init next") // Vex

	// Vex: d20 9 + 7 + bless 2 + inspiration 5 = 23 vs AC 15; Lyra stands next to Goblin 1, so sneak attack joins:
	// 1d8 4 + 4 + 3d6 (3, 2, 1) = 14; Goblin 1 (7 HP) dies.
	r = e.ok("bob", `/attack weapon:rapier target:"Goblin 1"`, 9, 2, 5, 4, 3, 2, 1)
	wantRoll(t, "Vex", r.Result, 23, 9, enumChance(7, 15, true, 4, 8))
	if jnum(t, r.Result, "damage") != 14 || e.npcHP("Goblin 1") != 0 {
		t.Errorf("Vex's hit: %v", r.Result)
	}
	if r := e.ok("bob", "/effect list"); effectList(t, r.Result) != "bless,sneak_attack" {
		t.Errorf("Vex's effects after the roll spent the inspiration: %s", effectList(t, r.Result))
	}
	e.ok(gm, "/init next") // Grog

	// Grog rages, then swings twice (extra attack): 14 + 7 + 3 = 24 hits for 1d12 6 + 4 + rage 2 = 12; a natural 1 misses.
	r = e.ok("carl", "/feature use feature:rage")
	if res := jobj(t, r.Result, "resource"); jnum(t, res, "after") != 2 {
		t.Errorf("rage: %v", r.Result)
	}
	r = e.ok("carl", "/attack weapon:greataxe target:Bugbear", 14, 3, 6, 1, 2)
	steps, _ := r.Result["attacks"].([]any)
	if len(steps) != 2 {
		t.Fatalf("Grog made %d attacks: %v", len(steps), r.Result)
	}
	axe := enumChance(7, 16, true, 4)
	wantRoll(t, "Grog 1", steps[0].(map[string]any), 24, 14, axe)
	wantRoll(t, "Grog 2", steps[1].(map[string]any), 10, 1, axe)
	if jnum(t, r.Result, "damage") != 12 || e.npcHP("Bugbear") != 15 {
		t.Errorf("Grog's hits: %v", r.Result)
	}
	e.ok(gm, "/init next") // Goblin 2 (Goblin 1 is down)

	// Goblin 2 stabs Lyra: 10 + 4 = 14 vs AC 12, 1d6 5 + 2 = 7 (33 → 26); her CON save for bless: 8 + 1 + bless 2 = 11
	// vs DC 10. Lyra answers with shield: 14 < 12 + 5, the hit misses, the 7 HP come back.
	r = e.ok(gm, "/attack bonus:4 damage:1d6+2[slashing] target:Lyra", 10, 5, 8, 2)
	wantRoll(t, "Goblin 2", r.Result, 14, 10, enumChance(4, 12, true))
	conc := jobj(t, r.Result, "concentration")
	if conc["kept"] != true || jobj(t, conc, "save")["total"] != 11.0 || conc["chance_rat"] != enumChance(1, 10, false, 4) {
		t.Errorf("Lyra's concentration: %v", conc)
	}
	r = e.ok("alice", "/cast spell:shield any_class:true")
	sh := jobj(t, r.Result, "shield")
	if sh["missed"] != true || jnum(t, sh, "ac") != 17 || jnum(t, jobj(t, sh, "restored"), "hp_after") != 33 {
		t.Errorf("shield: %v", sh)
	}
	if c := e.sheet("alice", "Lyra"); c.HP != 33 || c.SpellSlots[0].Used != 2 {
		t.Errorf("Lyra after shield: HP %d, slots used %d", c.HP, c.SpellSlots[0].Used)
	}
	e.ok(gm, "/init next") // Bugbear

	// The bugbear's morningstar: 12 + 4 = 16 vs AC 12, 2d8 (6, 5) + 2 = 13 bludgeoning, halved by rage: 6 (55 → 49).
	r = e.ok(gm, "/attack bonus:4 damage:2d8+2[bludgeoning] target:Grog", 12, 6, 5)
	wantRoll(t, "Bugbear", r.Result, 16, 12, enumChance(4, 12, true))
	if jnum(t, r.Result, "damage") != 6 || e.sheet("carl", "Grog").HP != 49 {
		t.Errorf("rage's resistance: %v", r.Result)
	}

	// Round 2: Lyra's shield ends as her turn begins.
	r = e.ok(gm, "/init next")
	if !turnEnded(t, r.Result, "Lyra", "shield") {
		t.Errorf("shield did not end: %v", r.Result["turn"])
	}
	// Lyra: 11 + 5 + bless 4 = 20 vs AC 15, 1d8 3 + 2 = 5 (Goblin 2: 7 → 2); she inspires Grog.
	r = e.ok("alice", `/attack weapon:rapier target:"Goblin 2"`, 11, 4, 3)
	wantRoll(t, "Lyra", r.Result, 20, 11, enumChance(5, 15, true, 4))
	e.ok("alice", "/feature use feature:bardic_inspiration target:Grog")
	e.ok(gm, "/init next") // Vex
	// No ally stands next to Goblin 2 and there is no advantage: no sneak attack (no 3d6 asked for):
	// 16 + 7 + bless 1 = 24, 1d8 2 + 4 = 6; Goblin 2 dies.
	r = e.ok("bob", `/attack weapon:rapier target:"Goblin 2"`, 16, 1, 2)
	wantRoll(t, "Vex 2", r.Result, 24, 16, enumChance(7, 15, true, 4))
	if jnum(t, r.Result, "damage") != 6 {
		t.Errorf("Vex without sneak attack: %v", r.Result)
	}
	e.ok(gm, "/init next") // Grog
	// Grog's inspiration goes on his first roll only: 7 + 7 + bless 1 + inspiration 6 = 21, 1d12 10 + 4 + 2 = 16 kills
	// the bugbear (15 HP); the second swing: 18 + 7 + bless 2 = 27.
	r = e.ok("carl", "/attack weapon:greataxe target:Bugbear", 7, 1, 6, 10, 18, 2, 3)
	steps, _ = r.Result["attacks"].([]any)
	wantRoll(t, "Grog inspired", steps[0].(map[string]any), 21, 7, enumChance(7, 16, true, 4, 8))
	wantRoll(t, "Grog 2nd", steps[1].(map[string]any), 27, 18, axe)
	if e.npcHP("Bugbear") != 0 {
		t.Errorf("bugbear HP %d", e.npcHP("Bugbear"))
	}

	// Round 3 (the NPCs are down and passed over): Lyra's WIS save with bless, 9 + 1 + 3 = 13 vs DC 13.
	e.ok(gm, "/init next")
	r = e.ok("alice", "/save ability:wis dc:13", 9, 3)
	wantRoll(t, "Lyra's save", r.Result, 13, 9, enumChance(1, 13, false, 4))
	if r.Result["outcome"] != "success" {
		t.Errorf("save: %v", r.Result)
	}
	// Rage and bless still run: Grog's rage has 8 rounds left, the party's bless 8.
	for _, who := range []struct{ owner, name string }{{"carl", "Grog"}, {"alice", "Lyra"}} {
		c := e.sheet(who.owner, who.name)
		for _, fx := range c.Effects {
			if (fx.ID == "bless" || fx.ID == "rage") && fx.Duration.Rounds != 8 {
				t.Errorf("%s's %s: %d rounds left", who.name, fx.ID, fx.Duration.Rounds)
			}
		}
	}
	if c := e.sheet("alice", "Lyra"); c.Spent["bardic_inspiration"] != 2 {
		t.Errorf("Lyra's inspiration spent %d", c.Spent["bardic_inspiration"])
	}
}

// turnEnded reports whether an /init next result says an effect ended on a combatant.
func turnEnded(t *testing.T, m map[string]any, name, effect string) bool {
	t.Helper()
	turn := jobj(t, m, "turn")
	list, _ := turn["effects"].([]any)
	for _, x := range list {
		te := x.(map[string]any)
		if te["name"] != name {
			continue
		}
		ended, _ := te["ended"].([]any)
		for _, fx := range ended {
			if fx.(map[string]any)["id"] == effect {
				return true
			}
		}
	}
	return false
}

// effectList is the ids of an /effect list result, comma-joined.
func effectList(t *testing.T, m map[string]any) string {
	t.Helper()
	list, _ := m["effects"].([]any)
	var ids []string
	for _, x := range list {
		ids = append(ids, x.(map[string]any)["id"].(string))
	}
	return strings.Join(ids, ",")
}
