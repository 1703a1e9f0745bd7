package bot_test

import (
	"testing"

	"rulekeeper/play"
	"rulekeeper/play/sessionlog"
)

// loggedEntries reads the entries of the running log of channel c1.
func (e *playEnv) loggedEntries() []sessionlog.Entry {
	e.t.Helper()
	l, err := play.New(e.db).LogNamed(e.t.Context(), play.Caller{UserID: "alice", GuildID: playGuild, ChannelID: "c1"}, "")
	if err != nil {
		e.t.Fatal(err)
	}
	return l.Entries
}

// lastEntry is the newest entry of c1's log, which must be of kind k.
func (e *playEnv) lastEntry(k sessionlog.Kind) sessionlog.Entry {
	e.t.Helper()
	es := e.loggedEntries()
	if len(es) == 0 || es[len(es)-1].Kind != k {
		e.t.Fatalf("last entry of %d: %+v, want kind %s", len(es), es, k)
	}
	return es[len(es)-1]
}

// wantRoll checks a logged roll's notation, dice, total, target, outcome and odds (p < 0: none).
func wantLogRoll(t *testing.T, what string, r *sessionlog.Roll, expr string, faces []int, total, target int,
	outcome sessionlog.Outcome, p float64) {
	t.Helper()
	if r == nil {
		t.Fatalf("%s: no roll", what)
	}
	kept := []int{}
	for _, d := range r.Dice {
		if !d.Dropped {
			kept = append(kept, d.Face)
		}
	}
	if r.Expr != expr || len(kept) != len(faces) || r.Total != total || r.Target != target || r.Outcome != outcome || r.Natural != 0 {
		t.Errorf("%s: roll %+v (kept %v), want %s %v = %d vs %d, %s", what, r, kept, expr, faces, total, target, outcome)
	}
	for i := range min(len(kept), len(faces)) {
		if kept[i] != faces[i] {
			t.Errorf("%s: kept dice %v, want %v", what, kept, faces)
		}
	}
	switch {
	case p < 0 && r.Odds != nil:
		t.Errorf("%s: odds %+v, want none", what, r.Odds)
	case p >= 0 && (r.Odds == nil || r.Odds.P < p-1e-9 || r.Odds.P > p+1e-9):
		t.Errorf("%s: odds %+v, want %v", what, r.Odds, p)
	}
}

// wantDamage checks a logged amount and whom it went to.
func wantDamage(t *testing.T, what string, e sessionlog.Entry, amount int, typ, target string) {
	t.Helper()
	if d := e.Damage; d == nil || d.Amount != amount || d.Type != typ || d.Target != target {
		t.Errorf("%s: damage %+v, want %d %q to %s", what, e.Damage, amount, typ, target)
	}
}

// TestLoggedRogueData: a recorded Rogue's Tale check, attack, spell and /hp keep their 2D6, verdicts, exact odds
// and damage as data (issue 18), like 5e's.
func TestLoggedRogueData(t *testing.T) {
	e := newPlayEnv(t)
	e.warband()
	e.ok("carol", "/sheet create system:rogue name:Mira sex:female level:6 str:7 agi:8 sta:10 cha:9 talents:literacy_common,literacy_draconic")
	e.ok("carol", "/sheet set field:spells value:flaming_orb")
	e.brawlRT("alice", "carol", "gm:Grak")
	e.ok("alice", `/log start name:"Orcs"`)

	// 2D6 + 2 ≥ 9 needs a natural 7+: 21/36.
	e.ok("alice", "/check skill:str dc:9", 3, 4)
	c := e.lastEntry(sessionlog.KindCheck)
	wantLogRoll(t, "check", c.Roll, "2d6+2", []int{3, 4}, 9, 9, sessionlog.Success, 21.0/36)
	if c.Character != "Brom" {
		t.Errorf("check by %q", c.Character)
	}

	// Brom attacks Grak (needs 10): a natural 9 + 2 = 11 hits; the chance of a hit is (hit + critical)/36.
	r := e.ok("alice", "/attack weapon:longsword damage:1d8 target:Grak", 4, 5, 6)
	a := e.lastEntry(sessionlog.KindAttack)
	odds := sub(t, r.Result, "odds")
	wantLogRoll(t, "attack", a.Roll, "2d6+2", []int{4, 5}, 11, 0, sessionlog.Success, (odds["hit"].(float64)+odds["critical"].(float64))/36)
	wantDamage(t, "attack", a, jnum(t, r.Result, "damage"), "physical", "Grak")
	if jnum(t, r.Result, "damage") <= 0 {
		t.Errorf("the attack did no damage: %v", r.Result)
	}

	// Mira's Flaming Orb: to hit 2D6 (3, 3) + 3 = 9 ≥ 7, 7 fire damage to Grak.
	r = e.ok("carol", "/cast spell:flaming_orb target:Grak", 3, 3, 4, 5, 5, 2)
	s := e.lastEntry(sessionlog.KindCast)
	wantLogRoll(t, "cast", s.Roll, s.Roll.Expr, []int{3, 3}, 9, 7, sessionlog.Success, s.Roll.Odds.P)
	wantDamage(t, "cast", s, jnum(t, r.Result, "damage"), "fire", "Grak")

	// /hp: the amount lost after resistances, and healing, to the character; no one dealt it.
	e.ok("alice", "/hp damage amount:3 type:fire")
	wantDamage(t, "/hp damage", e.lastEntry(sessionlog.KindDamage), 3, "fire", "Brom")
	e.ok("alice", "/hp heal amount:2")
	wantDamage(t, "/hp heal", e.lastEntry(sessionlog.KindHeal), 2, "", "Brom")

	l, err := play.New(e.db).LogNamed(t.Context(), play.Caller{UserID: "alice", GuildID: playGuild, ChannelID: "c1"}, "")
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, n := range l.Stats().Names {
		if n.Name == "Brom" {
			found = true
			if n.DamageTaken != 3 || n.HealingTaken != 2 || n.HealingGiven != 0 || n.DamageDealt != a.Damage.Amount {
				t.Errorf("Brom's stats %+v: /hp is not damage he dealt", n)
			}
		}
	}
	if !found {
		t.Error("no stats for Brom")
	}
}

// TestLoggedRogueTurnData (issue 18): /rt turn's lingering effects that trigger and deal damage are logged with
// their damage dice and the damage taken, as the other commands' (A26: a trigger on 2D6 ≤ 2 + power); a turn
// where nothing dealt damage stays words only.
func TestLoggedRogueTurnData(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", "/sheet create system:rogue name:Mira sex:female level:6 str:7 agi:8 sta:9 cha:10") // HP 13
	e.ok("alice", "/rt effect add kind:poison name:deadly power:2 turns:10")
	e.ok("alice", `/log start name:"Venom"`)

	// Deadly Poison triggers on 2D6 (1, 1) ≤ 4: 1d3 (3) + 2 = 5 poison damage to Mira.
	e.ok("alice", "/rt turn", 1, 1, 3)
	d := e.lastEntry(sessionlog.KindDamage)
	wantLogRoll(t, "poison", d.Roll, "1d3+2", []int{3}, 5, 0, "", -1)
	wantDamage(t, "poison", d, 5, "poison", "Mira")

	// (6, 6) does not trigger: no damage, no data.
	e.ok("alice", "/rt turn", 6, 6)
	if es := e.loggedEntries(); es[len(es)-1].Damage != nil || es[len(es)-1].Roll != nil {
		t.Errorf("a turn without damage logged data: %+v", es[len(es)-1])
	}

	// Two turns: the poison triggers in the second only, 1d3 (2) + 2 = 4.
	e.ok("alice", "/rt turn count:2", 6, 6, 1, 1, 2)
	d = e.lastEntry(sessionlog.KindDamage)
	wantLogRoll(t, "two turns", d.Roll, "1d3+2", []int{2}, 4, 0, "", -1)
	wantDamage(t, "two turns", d, 4, "poison", "Mira")

	// Poison and the Curse of Agony both trigger: 1d3 (1) + 2 poison and 1d3 (1) + 2 magic, one entry of both.
	e.ok("gm", "/rt effect add kind:curse name:agony power:2 turns:10 character:Mira")
	e.ok("alice", "/rt turn", 1, 1, 1, 1, 1, 1)
	d = e.lastEntry(sessionlog.KindDamage)
	wantLogRoll(t, "poison and curse", d.Roll, "1d3+2+1d3+2", []int{1, 1}, 6, 0, "", -1)
	wantDamage(t, "poison and curse", d, 6, "", "Mira")

	l, err := play.New(e.db).LogNamed(t.Context(), play.Caller{UserID: "alice", GuildID: playGuild, ChannelID: "c1"}, "")
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, n := range l.Stats().Names {
		if n.Name == "Mira" {
			found = true
			if n.DamageTaken != 15 || n.DamageDealt != 0 {
				t.Errorf("Mira's stats %+v: took 5 + 4 + 6 from lingering effects, dealt none", n)
			}
		}
	}
	if !found {
		t.Error("no stats for Mira")
	}
}

// TestLoggedCoCData: a recorded Call of Cthulhu check, attack and /hp keep their d100s, levels, exact odds and
// damage as data (issue 18).
func TestLoggedCoCData(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createAda)
	e.ok("alice", `/log start name:"Ghouls"`)
	// Library Use 60 rolls 55: a success (60/100).
	e.ok("alice", "/check skill:library_use", 5, 5)
	wantLogRoll(t, "check", e.lastEntry(sessionlog.KindCheck).Roll, "1d100", []int{55}, 55, 60, sessionlog.Success, 0.6)
	// One bonus die: tens 6 and 2, units 8: 28 kept, 68 dropped.
	e.ok("alice", "/check skill:spot_hidden bonus_dice:1", 6, 8, 2)
	b := e.lastEntry(sessionlog.KindCheck).Roll
	wantLogRoll(t, "bonus die", b, "2d100kl1", []int{28}, 28, 50, sessionlog.Success, b.Odds.P)
	if len(b.Dice) != 2 || b.Dice[0].Face != 68 || !b.Dice[0].Dropped {
		t.Errorf("bonus die: dice %+v", b.Dice)
	}

	// The fight: Ada's Brawl 50 rolls 20 against the ghoul's Dodge 30 rolling 50: a hit for 1d3 (2) less 1 armour.
	e.ok("gm", "/init start system:coc")
	e.ok("alice", "/init join")
	e.ok("gm", "/init add name:Ghoul hp:13 dex:70 defences:dodge:30,fighting:50,damage:1d6,armour:1")
	r := e.ok("alice", "/attack target:Ghoul", 2, 10, 5, 10, 2)
	a := e.lastEntry(sessionlog.KindAttack)
	wantLogRoll(t, "attack", a.Roll, "1d100", []int{20}, 20, 50, sessionlog.Success, a.Roll.Odds.P)
	if hit := sub(t, r.Result, "melee_odds")["hit"].(map[string]any); a.Roll.Odds.Fraction == "" ||
		a.Roll.Odds.P != hit["num"].(float64)/hit["den"].(float64) {
		t.Errorf("attack odds %+v, want the melee odds of a hit %v", a.Roll.Odds, hit)
	}
	wantDamage(t, "attack", a, 1, "", "Ghoul")

	// 6 of Ada's 11 HP is a major wound: CON 60 rolls 75, a failure, recorded with the damage.
	e.ok("alice", "/hp damage amount:6", 7, 5)
	hp := e.lastEntry(sessionlog.KindDamage)
	wantDamage(t, "/hp damage", hp, 6, "", "Ada")
	wantLogRoll(t, "major wound's CON roll", hp.Roll, "1d100", []int{75}, 75, 60, sessionlog.Failure, 0.6)
}

// TestLoggedCast5eData: a recorded 5e spell at one target keeps its damage roll and what it dealt (issue 18).
func TestLoggedCast5eData(t *testing.T) {
	e := castEnv(t)
	e.ok("wendy", `/log start name:"Ogre"`)
	e.ok("wendy", "/cast spell:magic_missile target:Ogre", 1, 2, 3)
	c := e.lastEntry(sessionlog.KindCast)
	if c.Roll == nil || c.Roll.Expr != "3d4[force]+3" || c.Roll.Total != 9 || len(c.Roll.Dice) != 3 {
		t.Errorf("magic missile roll %+v", c.Roll)
	}
	wantDamage(t, "magic missile", c, 9, "", "Ogre")
}

// TestLoggedHP5eData: a recorded 5e /hp damage keeps the amount, its type, whom it hit and the concentration save
// it called for, with its d20 and odds; healing is recorded as healing.
func TestLoggedHP5eData(t *testing.T) {
	e := castEnv(t)
	e.ok("alice", "/cast spell:detect_magic")
	e.ok("alice", `/log start name:"Hurt"`)
	// 22 damage: a DC 11 concentration save, 1d20 (8) + 2 = 10 fails.
	e.ok("alice", "/hp damage amount:22 type:fire", 8)
	d := e.lastEntry(sessionlog.KindDamage)
	wantDamage(t, "/hp damage", d, 22, "fire", "Mira")
	if r := d.Roll; r == nil || r.Natural != 8 || r.Total != 10 || r.Target != 11 || r.Outcome != sessionlog.Failure || r.Odds == nil {
		t.Errorf("concentration save %+v", d.Roll)
	}
	e.ok("alice", "/hp heal amount:4")
	wantDamage(t, "/hp heal", e.lastEntry(sessionlog.KindHeal), 4, "", "Mira")
}
