package bot_test

import (
	"strings"
	"testing"
	"time"

	"rulekeeper/bot"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/store"
)

// TestAttack5e: attacks against tracked characters, with forced dice: hits, misses, natural 1 and 20, the
// guild's crit rule, defences, conditions on both sides, distance, and damage applied in the same transaction.
func TestAttack5e(t *testing.T) {
	tests := []struct {
		name  string
		setup []string // lines as bob (Borin's owner) or "gm:" lines
		line  string   // as alice
		faces []int
		want  map[string]any
		hp    int      // Borin's HP after
		saves [2]int   // Borin's death-save tallies after
		words []string // in the reply text
	}{
		{name: "hit", line: "/attack weapon:rapier target:Borin", faces: []int{6, 5}, // 6+5 = 11 ≥ AC 11
			want: map[string]any{"outcome": "hit", "critical": false, "damage": 8.0}, hp: 12, words: []string{"vs AC 11", "1d8 (5) [piercing] + 3 = 8"}},
		{name: "miss", line: "/attack weapon:rapier target:Borin", faces: []int{5},
			want: map[string]any{"outcome": "miss", "damage": 0.0}, hp: 20},
		{name: "natural 1 misses any AC", line: "/attack weapon:rapier target:Borin ac:1", faces: []int{1},
			want: map[string]any{"outcome": "miss", "natural": 1.0}, hp: 20, words: []string{"Natural 1"}},
		{name: "natural 20 hits any AC and doubles the dice", line: "/attack weapon:rapier target:Borin ac:50", faces: []int{20, 8, 8},
			want: map[string]any{"outcome": "hit", "critical": true, "damage": 19.0}, hp: 1, words: []string{"2d8 (**8**, **8**)"}},
		{name: "crit rule max", setup: []string{"gm:/settings crit_rule rule:max"}, line: "/attack weapon:rapier target:Borin", faces: []int{20, 2},
			want: map[string]any{"critical": true, "damage": 13.0}, hp: 7, words: []string{"maximum"}},
		{name: "ac overrides the target's", line: "/attack weapon:rapier target:Borin ac:17", faces: []int{11},
			want: map[string]any{"outcome": "miss", "ac": 17.0}, hp: 20},
		{name: "ad hoc: bonus and damage are the whole numbers", line: "/attack bonus:2 damage:1d6[fire] target:Borin", faces: []int{9, 6},
			want: map[string]any{"outcome": "hit", "damage": 3.0, "total": 11.0}, hp: 17, words: []string{"resisted → 3"}},
		{name: "extra damage with a weapon", line: "/attack weapon:rapier target:Borin damage:2d6", faces: []int{15, 1, 3, 4},
			want: map[string]any{"damage": 11.0}, hp: 9},
		{name: "bless on the attack roll", line: "/attack weapon:rapier target:Borin bonus:1d4", faces: []int{4, 2, 1},
			want: map[string]any{"outcome": "hit", "total": 11.0}, hp: 16},
		// Advantage with a finesse weapon: Aria's sneak attack (rogue 3: 2d6) joins the damage by itself.
		{name: "prone target within 5 ft: advantage", setup: []string{"/condition add name:prone"}, line: "/attack weapon:rapier target:Borin", faces: []int{2, 9, 1, 3, 4},
			want: map[string]any{"outcome": "hit", "damage": 11.0}, hp: 9, words: []string{"Prone (target): advantage", "Sneak Attack: extra damage +2d6 (7)"}},
		{name: "advantage but sneak:no", setup: []string{"/condition add name:prone"}, line: "/attack weapon:rapier target:Borin sneak:no", faces: []int{2, 9, 1},
			want: map[string]any{"outcome": "hit", "damage": 4.0}, hp: 16},
		{name: "prone target at range: disadvantage", setup: []string{"/condition add name:prone"}, line: "/attack weapon:rapier target:Borin distance:30", faces: []int{19, 2},
			want: map[string]any{"outcome": "miss"}, hp: 20, words: []string{"Prone (target): disadvantage"}},
		{name: "poisoned attacker and restrained target cancel", setup: []string{"alice:/condition add name:poisoned", "/condition add name:restrained"},
			line: "/attack weapon:rapier target:Borin", faces: []int{10, 1}, want: map[string]any{"outcome": "hit"}, hp: 16,
			words: []string{"Poisoned: disadvantage", "Restrained (target): advantage", "cancel out"}},
		{name: "petrified target: resistance once, not twice", setup: []string{"/condition add name:petrified"},
			line: "/attack bonus:5 damage:9 target:Borin distance:10", faces: []int{10, 10}, want: map[string]any{"damage": 4.0}, hp: 16},
		{name: "unconscious target within 5 ft: automatic crit, two failures",
			setup: []string{"/hp damage amount:20"}, line: "/attack weapon:rapier target:Borin", faces: []int{3, 12, 2, 2, 1, 1, 1, 1},
			want: map[string]any{"critical": true, "outcome": "hit"}, hp: 0, saves: [2]int{0, 2}, words: []string{"Critical hit!", "+2 death save failure"}},
		{name: "massive damage kills", setup: []string{"/hp damage amount:19"}, line: "/attack bonus:5 damage:30 target:Borin", faces: []int{15},
			want: map[string]any{"damage": 30.0}, hp: 0, saves: [2]int{0, 0}, words: []string{"dies instantly"}},
		{name: "vulnerable", setup: []string{"/sheet set field:vuln value:piercing"}, line: "/attack weapon:rapier target:Borin", faces: []int{15, 3},
			want: map[string]any{"damage": 12.0}, hp: 8, words: []string{"vulnerable → 12"}},
		{name: "immune", setup: []string{"/sheet set field:immune value:piercing"}, line: "/attack weapon:rapier target:Borin", faces: []int{15, 3},
			want: map[string]any{"damage": 0.0}, hp: 20},
		{name: "temp HP absorb first", setup: []string{"/hp temp amount:5"}, line: "/attack weapon:rapier target:Borin", faces: []int{15, 4},
			want: map[string]any{"damage": 7.0}, hp: 18, words: []string{"Temporary HP absorb 5"}},
		{name: "no AC: damage rolled, no verdict", line: "/attack weapon:rapier", faces: []int{7, 1},
			want: map[string]any{"damage": 4.0, "critical": false}, hp: 20, words: []string{"No AC given"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newPlayEnv(t)
			e.party()
			e.brawl("alice", "bob") // Aria may harm Borin: both fight in this channel's encounter
			for _, s := range tt.setup {
				user, line := "bob", s
				if u, l, ok := strings.Cut(s, ":/"); ok {
					user, line = u, "/"+l
					if user == "gm" {
						user = "gm-carol"
					}
				}
				e.ok(user, line)
			}
			r := e.ok("alice", tt.line, tt.faces...)
			for k, want := range tt.want {
				if got := r.Result[k]; got != want {
					t.Errorf("%s = %v, want %v\n%s", k, got, want, r.Text)
				}
			}
			if tt.name == "no AC: damage rolled, no verdict" {
				if _, ok := r.Result["outcome"]; ok {
					t.Errorf("outcome without an AC: %v", r.Result["outcome"])
				}
			}
			b := e.sheet("bob", "Borin")
			if b.HP != tt.hp || b.DeathSaves.Successes != tt.saves[0] || b.DeathSaves.Failures != tt.saves[1] {
				t.Errorf("Borin HP %d saves %+v, want %d %v\n%s", b.HP, b.DeathSaves, tt.hp, tt.saves, r.Text)
			}
			for _, w := range tt.words {
				if !strings.Contains(r.Text, w) {
					t.Errorf("reply lacks %q:\n%s", w, r.Text)
				}
			}
		})
	}
}

// TestAttackWho: who may attack with what. The target needs no owner's consent; the attacker does.
func TestAttackWho(t *testing.T) {
	e := newPlayEnv(t)
	e.party()
	// A GM without a character attacks Borin ad hoc (a monster).
	r := e.ok("gm-carol", "/attack bonus:4 damage:1d6+2[slashing] target:Borin", 15, 3)
	if r.Result["attacker"] != "gm-carol" || e.sheet("bob", "Borin").HP != 15 {
		t.Errorf("GM monster attack: %+v", r.Result)
	}
	// A GM may attack with a player's character.
	if r := e.ok("gm-carol", "/attack weapon:rapier target:Borin character:Aria", 2); r.Result["attacker"] != "Aria" {
		t.Errorf("GM with Aria: %+v", r.Result)
	}
	// A player cannot attack with another player's character.
	if r := e.run("bob", "/attack weapon:rapier target:Borin character:Aria", 20, 8, 8); r.Error != "char.err.not_owner" {
		t.Errorf("bob attacked with Aria: %+v", r)
	}
	// Without a target, anyone may roll an ad-hoc attack.
	if r := e.ok("dave", "/attack bonus:3 damage:1d4 ac:12", 10, 2); r.Result["outcome"] != "hit" {
		t.Errorf("ad hoc roll: %+v", r.Result)
	}
	// Incapacitated and dead attackers cannot attack.
	e.ok("alice", "/condition add name:stunned")
	if r := e.run("alice", "/attack weapon:rapier target:Borin", 15, 3); r.Error != "play.attack.err.incapacitated" {
		t.Errorf("stunned attacker: %+v", r)
	}
	e.ok("alice", "/condition remove name:stunned")
	e.ok("alice", "/condition add name:exhaustion level:6")
	if r := e.run("alice", "/attack weapon:rapier target:Borin", 15, 3); r.Error != dnd5e.ErrIsDead {
		t.Errorf("dead attacker: %+v", r)
	}
	// Attacking oneself works on the one sheet.
	r = e.ok("bob", "/attack weapon:longsword target:Borin", 15, 4)
	if e.sheet("bob", "Borin").HP != 15-7 {
		t.Errorf("self attack: HP %d\n%s", e.sheet("bob", "Borin").HP, r.Text)
	}
}

// TestDeathSavesAndStabilize: death saves to the end both ways, the button, and first aid.
func TestDeathSavesAndStabilize(t *testing.T) {
	e := newPlayEnv(t)
	e.party()
	e.ok("bob", "/hp damage amount:20")
	r := e.ok("bob", "/deathsave roll", 9)
	if r.Result["outcome"] != "failure" || jnum(t, r.Result, "failures") != 1 || !strings.Contains(r.Text, "Next death save") {
		t.Fatalf("first save: %+v %s", r.Result, r.Text)
	}
	// Another player cannot press Borin's button.
	e.dice = dice.NewScripted([]int{20})
	click := &bot.Request{Kind: bot.KindComponent, CustomID: "deathsave:" + e.borinID(), UserID: "alice", GuildID: playGuild}
	if r := e.bot.Handle(click); r.ErrorCode != "char.err.not_owner" || !r.Ephemeral {
		t.Errorf("alice pressed Borin's button: %+v", r)
	}
	click = &bot.Request{Kind: bot.KindComponent, CustomID: "deathsave:nosuchid", UserID: "bob", GuildID: playGuild}
	if r := e.bot.Handle(click); r.ErrorCode != "char.err.gone" {
		t.Errorf("button of a deleted character: %+v", r)
	}
	// A natural 20 wakes him with 1 HP.
	r = e.ok("bob", "click 1", 20)
	if r.Result["state"] != "conscious" || jnum(t, r.Result, "hp") != 1 || r.Result["outcome"] != "success" {
		t.Fatalf("natural 20: %+v", r.Result)
	}
	// Down again: three failures (a natural 1 counts twice) and he dies.
	e.ok("bob", "/hp damage amount:1")
	e.ok("bob", "/deathsave roll", 1)
	r = e.ok("bob", "click 1", 4)
	if r.Result["state"] != "dead" || jnum(t, r.Result, "failures") != 3 || len(r.Text) == 0 || strings.Contains(r.Text, "Next death save") {
		t.Fatalf("third failure: %+v %s", r.Result, r.Text)
	}
	if r := e.run("bob", "/deathsave roll", 15); r.Error != dnd5e.ErrIsDead {
		t.Errorf("dead: %+v", r)
	}
	if r := e.run("bob", "/hp heal amount:5"); r.Error != dnd5e.ErrIsDead {
		t.Errorf("heal the dead: %+v", r)
	}

	// First aid.
	e2 := newPlayEnv(t)
	e2.party()
	e2.ok("bob", "/hp damage amount:20")
	// A failed Medicine check (Aria: WIS +1, proficient +2 → +3).
	if r := e2.ok("alice", "/deathsave stabilize character:Borin", 6); r.Result["outcome"] != "failure" || r.Result["state"] != "dying" {
		t.Errorf("failed first aid: %+v", r.Result)
	}
	// Someone without a character needs one, even with a kit; the owner may use a kit.
	if r := e2.run("dave", "/deathsave stabilize character:Borin kit:true"); r.Error != "play.stabilize.err.no_healer" {
		t.Errorf("no healer: %+v", r)
	}
	if r := e2.run("bob", "/deathsave stabilize character:Borin"); r.Error != "play.stabilize.err.self" {
		t.Errorf("self without a kit: %+v", r)
	}
	r = e2.ok("bob", "/deathsave stabilize character:Borin kit:true")
	if r.Result["outcome"] != "success" || r.Result["state"] != "stable" || jnum(t, r.Result, "natural") != 0 {
		t.Errorf("kit: %+v", r.Result)
	}
	// Damage to a stable character: dying again with one failure.
	if r := e2.ok("bob", "/hp damage amount:1"); r.Result["state"] != "dying" || !strings.Contains(r.Text, "no longer stable") {
		t.Errorf("stable takes damage: %+v %s", r.Result, r.Text)
	}
}

// borinID is the store id of Borin, which the death-save button carries.
func (e *playEnv) borinID() string {
	e.t.Helper()
	var id string
	err := e.db.View(e.t.Context(), playGuild, func(tx store.Tx) error {
		ch, err := tx.FindCharacter("bob", "Borin")
		if err == nil {
			id = ch.ID
		}
		return err
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return id
}

// TestRestAndConditions5e: short and long rests by the rules, conditions with levels and what the others do.
func TestRestAndConditions5e(t *testing.T) {
	e := newPlayEnv(t)
	e.party()
	// CON −1 on a weak wizard: each die heals at least 0.
	e.ok("carl", "/sheet create name:Wisp class:wizard level:4 con:8 hp:20")
	e.ok("carl", "/hp damage amount:15")
	r := e.ok("carl", "/rest short hit_dice:3", 1, 1, 6)
	if jnum(t, r.Result, "total") != 5 || jnum(t, r.Result, "hp") != 10 || jnum(t, r.Result, "hit_dice") != 1 {
		t.Errorf("short rest with CON −1: %+v\n%s", r.Result, r.Text)
	}
	e.ok("carl", "/sheet set field:slots value:4,3")
	e.ok("carl", "/condition add name:exhaustion")
	e.ok("carl", "/condition add name:exhaustion")
	r = e.ok("carl", "/rest long")
	if jnum(t, r.Result, "hp") != 20 || jnum(t, r.Result, "hit_dice") != 3 || jnum(t, r.Result, "exhaustion") != 1 || !strings.Contains(r.Text, "Exhaustion 2 → 1") {
		t.Errorf("long rest: %+v\n%s", r.Result, r.Text)
	}
	if r := e.run("carl", "/rest long"); r.Error != dnd5e.ErrLongRestTooSoon || !strings.Contains(r.Text, "24 h 0 min") {
		t.Errorf("second long rest: %+v", r)
	}
	e.advance(23*time.Hour + 59*time.Minute + 30*time.Second)
	if r := e.run("carl", "/rest long"); r.Error != dnd5e.ErrLongRestTooSoon || !strings.Contains(r.Text, "0 h 1 min") {
		t.Errorf("nearly a day later: %+v", r)
	}
	e.advance(time.Minute)
	e.ok("carl", "/rest long")
	// A long rest needs 1 HP.
	e.ok("bob", "/hp damage amount:20")
	e.advance(25 * time.Hour)
	if r := e.run("bob", "/rest long"); r.Error != dnd5e.ErrLongRestNeedsHP {
		t.Errorf("long rest at 0 HP: %+v", r)
	}
	if r := e.run("bob", "/rest short hit_dice:1", 5); r.Error != dnd5e.ErrRestWhileDying {
		t.Errorf("short rest while dying: %+v", r)
	}

	// Conditions: durations, the longer one kept, exhaustion levels, removal.
	e.ok("alice", "/condition add name:frightened rounds:3")
	r = e.ok("alice", "/condition add name:frightened rounds:10")
	if !strings.Contains(r.Text, "rounds left: 10") || !strings.Contains(r.Text, "longer duration") {
		t.Errorf("refresh: %s", r.Text)
	}
	r = e.ok("alice", "/condition add name:unconscious")
	if !strings.Contains(r.Text, "Gains: Prone") {
		t.Errorf("unconscious implies prone: %s", r.Text)
	}
	r = e.ok("alice", "/save ability:dex dc:5")
	if r.Result["outcome"] != "failure" || !strings.Contains(r.Text, "Unconscious: automatically fails") {
		t.Errorf("auto-fail: %+v %s", r.Result, r.Text)
	}
	r = e.ok("alice", "/condition add name:exhaustion level:4")
	if jnum(t, r.Result, "hp_max") != 12 || jnum(t, r.Result, "hp") != 12 {
		t.Errorf("exhaustion 4 halves max HP: %+v", r.Result)
	}
	r = e.ok("alice", "/condition remove name:exhaustion")
	if jnum(t, r.Result, "exhaustion") != 0 || jnum(t, r.Result, "hp_max") != 24 {
		t.Errorf("remove exhaustion: %+v", r.Result)
	}
	r = e.ok("alice", "/condition list")
	conds, _ := r.Result["conditions"].([]any)
	if len(conds) != 4 { // frightened, prone, unconscious, incapacitated (implied)
		t.Errorf("list: %v\n%s", r.Result["conditions"], r.Text)
	}
}

// TestNot5e: the 5e-only commands refuse a character of another system by name, and change nothing. (/check, /attack
// and /hp route a Rogue's Tale actor to the Rogue's Tale rules: rogue_play_test.go.)
func TestNot5e(t *testing.T) {
	e := newPlayEnv(t)
	e.party()
	e.rec.stop() // the store changes behind the console's back
	err := e.db.Update(t.Context(), playGuild, func(tx store.Tx) error {
		ch := &store.Character{OwnerID: "rita", Name: "Lyra", System: "rogue", Sheet: []byte(`{"v":1}`)}
		if err := tx.PutCharacter(ch); err != nil {
			return err
		}
		return tx.SetActive("rita", ch.ID)
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ user, line string }{
		{"rita", "/save ability:dex"},
		{"rita", "/rest short"},
		{"rita", "/condition list"},
		{"alice", "/attack weapon:rapier target:Lyra"},
		{"alice", "/deathsave stabilize character:Lyra kit:true"},
	} {
		before := e.snapshot()
		r := e.run(tt.user, tt.line, 15, 3)
		if r.Error != "play.err.not_dnd5e" || !strings.Contains(r.Text, "Lyra") {
			t.Errorf("%s: %+v", tt.line, r)
		}
		if e.snapshot() != before {
			t.Errorf("%s changed the store", tt.line)
		}
	}
}
