package bot_test

import (
	"strings"
	"testing"

	"rulekeeper/rules/rogue"
	"rulekeeper/store"
)

// rt reads a Rogue's Tale character's stored sheet.
func (e *playEnv) rt(owner, name string) *rogue.Character {
	e.t.Helper()
	var c *rogue.Character
	err := e.db.View(e.t.Context(), playGuild, func(tx store.Tx) error {
		ch, err := tx.FindCharacter(owner, name)
		if err != nil {
			return err
		}
		c, err = rogue.Decode(ch.Sheet)
		return err
	})
	if err != nil {
		e.t.Fatalf("sheet %s/%s: %v", owner, name, err)
	}
	return c
}

// sub reads a nested JSON object of a result.
func sub(t *testing.T, m map[string]any, key string) map[string]any {
	t.Helper()
	v, ok := m[key].(map[string]any)
	if !ok {
		t.Fatalf("result lacks object %q: %v", key, m)
	}
	return v
}

// wantResult checks exact result fields (a nil want only needs the field to exist).
func wantResult(t *testing.T, line string, got map[string]any, want map[string]any) {
	t.Helper()
	for k, w := range want {
		g, ok := got[k]
		if !ok {
			t.Errorf("%s: result lacks %q: %v", line, k, got)
			continue
		}
		if w != nil && g != w {
			t.Errorf("%s: %s = %v, want %v", line, k, g, w)
		}
	}
}

// The fighters of the scenarios. Brom: human warrior, level 3, STR 9 (+2) AGI 8 (+1) STA 8 (+1) CHA 7, 9 HP and
// 4 energy, leather (max dodge 3) and a shield (block 2–4): dodge +1, block +2. Grak and Urg: orcs of the GM,
// level 2, STR 9 (orc: +3) AGI 8 STA 8 CHA 6, 9 HP, one size larger; Grak has a buckler (block 2), Urg a parry
// weapon (parry 1); both dodge +1.
const (
	createBrom = "/sheet create system:rogue name:Brom race:human sex:male level:3 str:9 agi:8 sta:8 cha:7 talents:crushing_blow max_dodge:3 shield:shield"
	createGrak = "/sheet create system:rogue name:Grak race:orc level:2 str:9 agi:8 sta:8 cha:6 shield:buckler"
	createUrg  = "/sheet create system:rogue name:Urg race:orc level:2 str:9 agi:8 sta:8 cha:6 max_parry:2"
)

// brawlRT puts characters in a Rogue's Tale encounter of the channel, each line "user" (their active character) or
// "user:Name": combatants of one encounter may harm each other's characters (issue 11).
func (e *playEnv) brawlRT(who ...string) {
	e.t.Helper()
	e.ok("gm", "/init start system:rogue")
	for _, w := range who {
		user, name, ok := strings.Cut(w, ":")
		line := "/init join"
		if ok {
			line += " character:" + name
		}
		e.ok(user, line)
	}
}

func (e *playEnv) warband() {
	e.t.Helper()
	e.ok("alice", createBrom)
	e.ok("gm", createGrak)
	e.ok("gm", createUrg)
}

// TestRogueFight plays a scripted fight through the console: a human warrior against two orcs of the GM, with
// blocks and dodges used up for the turn and back the next, a crit to the head, a curse that triggers, hunger
// dropping a level over 400 turns, and a rest that regenerates health. JSON and the stored sheets are checked
// after each step.
func TestRogueFight(t *testing.T) {
	e := newPlayEnv(t)

	r := e.ok("alice", createBrom)
	wantResult(t, "create Brom", r.Result, map[string]any{"hp": 9.0, "hp_max": 9.0, "energy": 4.0, "energy_max": 4.0, "level": 3.0, "race": "human"})
	if d := sub(t, r.Result, "defences"); d["dodge"] != 1.0 || d["block"] != 2.0 {
		t.Errorf("Brom's defences: %v", d)
	}
	r = e.ok("gm", createGrak)
	wantResult(t, "create Grak", r.Result, map[string]any{"hp": 9.0, "size": "large", "race": "orc"})
	if m := sub(t, r.Result, "modifiers"); m["str"] != 3.0 || m["cha"] != -1.0 {
		t.Errorf("orc modifiers: %v", m)
	}
	e.ok("gm", createUrg)
	e.brawlRT("alice", "gm:Grak", "gm:Urg")

	// A check with the chances: 2D6 + 2 ≥ 9 needs a natural 7+: 21/36.
	r = e.ok("alice", "/check skill:str dc:9", 3, 4)
	wantResult(t, "check", r.Result, map[string]any{"total": 9.0, "natural": 7.0, "outcome": "success", "critical": false, "fumble": false, "chance": 0.5833, "attribute": "str", "difficulty": 9.0})
	for _, w := range []string{"2d6 (3, 4) + 2 = 9", "Strength (STR) +2", "21/36 (58.3%)"} {
		if !strings.Contains(r.Text, w) {
			t.Errorf("check text lacks %q:\n%s", w, r.Text)
		}
	}

	// Brom attacks Grak (dodge 1 + block 2: needs 10). A natural 6 → 8 lands in the block band.
	const atkGrak = "/attack weapon:longsword damage:1d8 target:Grak"
	r = e.ok("alice", atkGrak, 3, 3)
	wantResult(t, "attack 1", r.Result, map[string]any{"total": 8.0, "natural": 6.0, "outcome": "blocked", "critical": false, "fumble": false, "damage": 0.0, "defence_used": "block", "chance": 0.4167, "target": "Grak"})
	odds := sub(t, r.Result, "odds")
	if odds["blocked"] != 11.0 || odds["dodged"] != 4.0 || odds["critical"] != 3.0 || odds["hit"] != 12.0 || odds["den"] != 36.0 {
		t.Errorf("odds against dodge 1 and block 2: %v", odds)
	}
	for _, w := range []string{"2d6 (3, 3) + 2 = 8 vs 10", "Dodge +1 · Block +2", "hit on 8+ · Block on 6–7 · Dodge on 5", "Critical on a natural 11 or more (Level difference -1)", "blocked 11/36 (30.6%)"} {
		if !strings.Contains(r.Text, w) {
			t.Errorf("attack text lacks %q:\n%s", w, r.Text)
		}
	}
	if g := e.rt("gm", "Grak"); !g.Used.Block || g.Used.Dodge || g.HP != 9 {
		t.Fatalf("Grak after the block: %+v", g.Used)
	}
	// The block is gone: 7 + dodge 1 = 8; a natural 5 → 7 is dodged.
	r = e.ok("alice", atkGrak, 2, 3)
	wantResult(t, "attack 2", r.Result, map[string]any{"outcome": "dodged", "defence_used": "dodge", "damage": 0.0, "chance": 0.7222})
	// Nothing left: 7 hits; 1d8 (4) + 2 = 6 to the body.
	r = e.ok("alice", atkGrak, 1, 4, 4)
	wantResult(t, "attack 3", r.Result, map[string]any{"total": 7.0, "outcome": "hit", "critical": false, "location": "body", "damage": 6.0, "chance": 0.8333})
	if st := sub(t, r.Result, "target_status"); st["hp"] != 3.0 || st["hp_max"] != 9.0 {
		t.Errorf("Grak's status: %v", st)
	}
	if g := e.rt("gm", "Grak"); g.HP != 3 || !g.Used.Block || !g.Used.Dodge {
		t.Fatalf("Grak after the hit: HP %d, %+v", g.HP, g.Used)
	}
	// Grak's turn: its defences come back.
	r = e.ok("gm", "/rt turn character:Grak")
	wantResult(t, "Grak's turn", r.Result, map[string]any{"turns": 1.0, "actions": 1.0, "hp": 3.0})
	if g := e.rt("gm", "Grak"); g.Used != (rogue.DefenceUse{}) || g.Hunger != 1619 {
		t.Fatalf("Grak after its turn: %+v, hunger %d", g.Used, g.Hunger)
	}

	// A double six on Urg (dodge 1, parry 1): a critical hit to the head, 1d8 (5) + 2 = 7; Urg then fails the
	// crit effect check 2D6 (3, 4) + 1 = 8 against 7 + 7 and is confused for 6 turns.
	r = e.ok("alice", "/attack weapon:longsword damage:1d8 target:Urg", 6, 6, 5, 3, 4)
	wantResult(t, "crit", r.Result, map[string]any{"total": 14.0, "natural": 12.0, "outcome": "hit", "critical": true, "location": "head", "damage": 7.0})
	if !strings.Contains(r.Text, "Critical hit — Head") || !strings.Contains(r.Text, "Urg is confused (turns: 6)") {
		t.Errorf("crit text:\n%s", r.Text)
	}
	u := e.rt("gm", "Urg")
	if u.HP != 2 || !u.HasState(rogue.Confused) || u.Effects[0].Turns != 6 {
		t.Fatalf("Urg after the crit: HP %d, %+v", u.HP, u.Effects)
	}

	// The orcs strike back (GM, character:): Brom blocks Grak (+3: a natural 5 → 8 in the block band)…
	r = e.ok("gm", "/attack character:Grak weapon:axe damage:1d6 target:Brom", 2, 3)
	wantResult(t, "Grak attacks", r.Result, map[string]any{"outcome": "blocked", "attacker": "Grak", "target": "Brom"})
	// …dodges Urg (a natural 4 → 7, the dodge band once the block is used)…
	r = e.ok("gm", "/attack character:Urg weapon:club damage:1d6 target:Brom", 1, 3)
	wantResult(t, "Urg attacks", r.Result, map[string]any{"outcome": "dodged"})
	// …and takes Grak's next blow: 1d6 (1) + 3 = 4.
	r = e.ok("gm", "/attack character:Grak weapon:axe damage:1d6 target:Brom", 3, 2, 1)
	wantResult(t, "Grak hits", r.Result, map[string]any{"outcome": "hit", "damage": 4.0})
	if b := e.rt("alice", "Brom"); b.HP != 5 || !b.Used.Block || !b.Used.Dodge {
		t.Fatalf("Brom after the orcs: HP %d, %+v", b.HP, b.Used)
	}

	// A curse from the GM (a player may not curse someone else's character).
	const curse = "/rt effect add kind:curse name:agony power:2 turns:10 character:Brom"
	before := e.snapshot()
	if r := e.run("bob", curse); r.Error != "char.err.not_owner" || e.snapshot() != before {
		t.Fatalf("bob curses Brom: %+v", r)
	}
	r = e.ok("gm", curse)
	if ch := sub(t, r.Result, "change"); ch["added"] != true {
		t.Fatalf("curse: %v", r.Result)
	}
	// Brom's turn: defences back; the curse triggers on 2D6 (1, 2) = 3 ≤ 4 and deals 1d3 (1) + 2 = 3 magic.
	r = e.ok("alice", "/rt turn", 1, 2, 1)
	wantResult(t, "cursed turn", r.Result, map[string]any{"triggered": 1.0, "hp": 2.0, "hp_before": 5.0})
	if evs, _ := r.Result["events"].([]any); len(evs) != 1 || evs[0].(map[string]any)["type"] != "damage" || evs[0].(map[string]any)["amount"] != 3.0 {
		t.Errorf("events: %v", r.Result["events"])
	}
	if !strings.Contains(r.Text, "Curse of Agony: 2d6 (**1**, 2) = 3, needs 4 or less — triggers (6/36 (16.7%))") {
		t.Errorf("trigger line:\n%s", r.Text)
	}
	b := e.rt("alice", "Brom")
	if b.HP != 2 || b.Used != (rogue.DefenceUse{}) || b.Effects[0].Turns != 9 {
		t.Fatalf("Brom after the curse: HP %d, %+v, %+v", b.HP, b.Used, b.Effects)
	}
	e.ok("alice", "/rt effect remove kind:curse name:agony")

	// 400 turns: hunger and thirst drop from Satiated (1619) to Not Hungry / Not Thirsty (1219); no dice.
	r = e.ok("alice", "/rt turn count:400")
	wantResult(t, "400 turns", r.Result, map[string]any{"turns": 400.0, "count": 400.0, "actions": 400.0})
	if h, hb := sub(t, r.Result, "hunger"), sub(t, r.Result, "hunger_before"); h["level"] != 4.0 || h["counter"] != 1219.0 || hb["level"] != 5.0 || h["key"] != "rogue.hunger.not_hungry" {
		t.Errorf("hunger: %v → %v", hb, h)
	}
	if !strings.Contains(r.Text, "**Satiated (1619) → Not Hungry (1219)**") {
		t.Errorf("400 turns text:\n%s", r.Text)
	}
	// Not Hungry and Not Thirsty block health regeneration: eat and drink back to Satiated.
	e.ok("alice", "/rt eat amount:400")
	r = e.ok("alice", "/rt drink amount:400")
	if th := sub(t, r.Result, "thirst"); th["counter"] != 1619.0 || th["level"] != 5.0 {
		t.Errorf("after drinking: %v", th)
	}
	// Rest: both tracks Satiated, so 2D6 + 1 ≥ 10 regains 1 HP: (5, 4) yes, (1, 1) no, (6, 3) yes. Energy is full.
	r = e.ok("alice", "/rt rest turns:3", 5, 4, 1, 1, 6, 3)
	wantResult(t, "rest", r.Result, map[string]any{"hp": 4.0, "hp_max": 9.0, "health_gained": 2.0, "energy": 4.0, "turns": 3.0})
	if b := e.rt("alice", "Brom"); b.HP != 4 || b.Hunger != 1616 {
		t.Fatalf("Brom after resting: HP %d, hunger %d", b.HP, b.Hunger)
	}

	// Everything is on disk: a restarted bot sees the same.
	before = e.snapshot()
	e.restart()
	if e.snapshot() != before {
		t.Fatal("the store changed across a restart")
	}
	r = e.ok("gm", "/sheet show character:Urg")
	wantResult(t, "Urg after restart", r.Result, map[string]any{"hp": 2.0, "energy": 4.0})
}

// TestRogueJSONResults checks the result fields of the Rogue's Tale commands (README "Rogue's Tale JSON results").
func TestRogueJSONResults(t *testing.T) {
	e := newPlayEnv(t)
	e.warband()
	e.ok("carol", "/sheet create system:rogue name:Pip") // every score 7: modifiers 0
	e.brawlRT("carol", "gm:Grak")
	tests := []struct {
		user, line string
		faces      []int
		want       map[string]any
	}{
		{"alice", "/sheet show", nil, map[string]any{"hp": 9.0, "hp_max": 9.0, "energy": 4.0, "energy_max": 4.0, "dead": false, "name": "Brom", "effects": nil, "hunger": nil, "sheet": nil}},
		// Checks: critical → success + critical, fumble → failure + fumble.
		{"alice", "/check skill:cha dc:20", []int{6, 6}, map[string]any{"outcome": "success", "critical": true, "fumble": false, "total": 12.0, "natural": 12.0, "chance": 0.0278}},
		{"alice", "/check skill:search", []int{1, 1}, map[string]any{"outcome": "failure", "critical": false, "fumble": true, "kind": "search", "attribute": "sta", "chance": 0.7222}},
		{"alice", "/check skill:reflex bonus:-1 dc:8", []int{3, 3}, map[string]any{"outcome": "failure", "attribute": "agi", "modifier": 0.0, "total": 6.0}},
		{"alice", "/check skill:耐力 dc:7", []int{4, 2}, map[string]any{"outcome": "success", "attribute": "sta"}},
		// The A15 worked example: offense 0 against dodge 1 and block 1 → hit 10/36, block 5/36, dodge 6/36.
		{"carol", "/attack damage:1d6 dodge:1 block:1", []int{4, 4}, map[string]any{"outcome": "blocked", "chance": 0.2778, "damage": 0.0}},
		{"carol", "/attack damage:1d6 dodge:1 parry:1", []int{3, 4}, map[string]any{"outcome": "dodged"}},
		{"carol", "/attack damage:1d6 parry:2", []int{4, 4}, map[string]any{"outcome": "parried"}},
		{"carol", "/attack damage:1d6", []int{1, 1}, map[string]any{"outcome": "miss", "fumble": true, "critical": false, "damage": 0.0}},
		{"carol", "/attack damage:1d6 bonus:2", []int{5, 4, 3}, map[string]any{"outcome": "hit", "total": 11.0, "damage": 3.0, "location": "body"}},
		// Ranged: range 5 squares → +2, and Grak's buckler deflects 1: 7 + 3 = 10.
		{"carol", "/attack weapon:\"sling\" damage:1d4 range:5 target:Grak", []int{6, 5, 2}, map[string]any{"outcome": "hit", "damage": 2.0, "total": 11.0, "chance": 0.1667}},
		// HP.
		{"alice", "/hp damage amount:3 type:fire", nil, map[string]any{"hp": 6.0, "hp_max": 9.0, "amount": 3.0, "applied": 3.0, "energy": 4.0}},
		{"alice", "/hp damage amount:2 type:火焰 crit:true", nil, map[string]any{"hp": 4.0, "applied": 2.0}},
		{"alice", "/hp heal amount:10", nil, map[string]any{"hp": 9.0, "applied": 5.0}},
		{"alice", "/hp max amount:12", nil, map[string]any{"hp": 9.0, "hp_max": 12.0}},
		// Food, water, effects.
		{"alice", "/rt eat amount:100", nil, map[string]any{"capped": false, "hunger": nil, "hp": 9.0}},
		{"alice", "/rt effect add kind:haste turns:3", nil, map[string]any{"change": nil, "effects": nil}},
		{"alice", "/rt effect list", nil, map[string]any{"effects": nil, "energy_max": 4.0}},
		{"alice", "/rt turn action:move", []int{2, 3}, map[string]any{"actions": 1.0, "turns": 1.0, "action": "move"}},
	}
	for _, tt := range tests {
		r := e.run(tt.user, tt.line, tt.faces...)
		if r.Error != "" {
			t.Fatalf("%s: error %s: %s", tt.line, r.Error, r.Text)
		}
		wantResult(t, tt.line, r.Result, tt.want)
	}
	// The worked example's odds exactly; given defences are no tracked target.
	r := e.ok("carol", "/attack damage:1d6 dodge:1 block:1", 1, 2)
	if _, ok := r.Result["target"]; ok {
		t.Errorf("a stand-in defender is reported as a target: %v", r.Result)
	}
	if o := sub(t, r.Result, "odds"); o["hit"].(float64)+o["critical"].(float64) != 10 || o["blocked"] != 5.0 || o["dodged"] != 6.0 {
		t.Errorf("A15 odds: %v", o)
	}
	if !strings.Contains(r.Text, "hit 10/36 (27.8%)") || !strings.Contains(r.Text, "blocked 5/36 (13.9%)") || !strings.Contains(r.Text, "dodged 6/36 (16.7%)") {
		t.Errorf("A15 odds text:\n%s", r.Text)
	}
}

// TestRogueCast: a Draconic caster throws a Flaming Orb at an orc in one transaction (energy, to-hit, damage, the
// secondary check and the burning on the target); spells it does not know or cannot reach are refused.
func TestRogueCast(t *testing.T) {
	e := newPlayEnv(t)
	e.warband()
	// Mira: female, level 6 (2 talent points), STA 10 (+3): X = 3; 16 HP, 6 energy.
	e.ok("carol", "/sheet create system:rogue name:Mira sex:female level:6 str:7 agi:8 sta:10 cha:9 talents:literacy_common,literacy_draconic")
	e.ok("carol", "/sheet set field:spells value:flaming_orb")
	e.brawlRT("carol", "gm:Grak")
	// To hit 2D6 (3, 3) + 3 = 9 ≥ 7; damage 1d6 (4) + 3 = 7 fire; secondary 2D6 (5, 5) + 3 ≥ 10 sets Grak on fire
	// for 1d6 (2) + 3 = 5 turns.
	r := e.ok("carol", "/cast spell:火球术 target:Grak", 3, 3, 4, 5, 5, 2)
	wantResult(t, "cast", r.Result, map[string]any{"outcome": "hit", "critical": false, "damage": 7.0, "total": 9.0, "natural": 6.0, "spell": "flaming_orb", "target": "Grak"})
	if st := sub(t, r.Result, "caster_status"); st["energy"] != 5.0 {
		t.Errorf("energy after casting: %v", st)
	}
	g := e.rt("gm", "Grak")
	if g.HP != 2 || !g.HasState(rogue.Burning) {
		t.Fatalf("Grak after the orb: HP %d, %+v", g.HP, g.Effects)
	}
	if !strings.Contains(r.Text, "Secondary effect check") || !strings.Contains(r.Text, "On fire") {
		t.Errorf("cast text:\n%s", r.Text)
	}
	// A spell she does not know, and one she cannot reach.
	if r := e.run("carol", "/cast spell:healing_touch target:Grak"); r.Error != rogue.ErrSpellNotKnown {
		t.Errorf("unknown spell: %+v", r)
	}
	if r := e.run("carol", "/cast spell:flaming_orb target:Grak range:6", 3, 3); r.Error != rogue.ErrOutOfReach {
		t.Errorf("out of reach: %+v", r)
	}
}
