package sessionlog

import (
	"testing"
	"time"
)

// t0 is when the fixture's session starts.
var t0 = time.Date(2026, 3, 14, 19, 30, 0, 0, time.UTC)

// at is t0 plus m minutes.
func at(m int) time.Time { return t0.Add(time.Duration(m) * time.Minute) }

// The fixture's people: display names by user id.
const (
	alice, bob, carol, gm = "u-alice", "u-bob", "u-carol", "u-gm"
)

var userNames = map[string]string{alice: "alice", bob: "bob", carol: "carol", gm: "Dana"}

// hostileOOC is bob's out-of-character line: markup of every kind that must stay text.
const hostileOOC = `brb, pizza <script>window.pwned=1</script> **not bold** [x](javascript:alert(1)) & <img src=x onerror="window.pwned=2">`

// fightEntries is a scripted fight: four characters (two NPC goblins), rolls of every kind with dice and exact
// odds, damage, healing, conditions, two rounds of turns, speech, out-of-character lines (one hostile) and a secret
// roll revealed.
func fightEntries() []Entry {
	d20 := func(face int) Die { return Die{Sides: 20, Face: face} }
	e := func(m int, kind Kind, user, character string, lines ...string) Entry {
		return Entry{Time: at(m), Kind: kind, User: user, UserName: userNames[user], Character: character,
			NPC: user == gm && character != "", Lines: lines}
	}
	marker := func(m int, kind Kind, character string, round, turn int) Entry {
		x := e(m, kind, gm, character)
		x.NPC, x.Round, x.Turn, x.Lines = false, round, turn, nil
		return x
	}
	withRoll := func(x Entry, r Roll) Entry { x.Roll = &r; return x }
	withHP := func(x Entry, r Roll, d Damage) Entry { x.Roll, x.Damage = &r, &d; return x }
	revealed := func(x Entry) Entry { x.Revealed = true; return x }
	return []Entry{
		{Time: at(0), Kind: KindSystem, Lines: []string{"Recording started."}},
		e(1, KindSay, alice, "Aria", "Something moves in the reeds. Stay low."),
		withRoll(e(1, KindCheck, alice, "Aria", "Perception check: 14 + 5 = 19 against DC 15 — success"),
			Roll{Expr: "1d20+5", Dice: []Die{d20(14)}, Total: 19, Natural: 14, Outcome: Success, Target: 15,
				Odds: &Odds{P: 0.55, Fraction: "11/20"}}),
		e(2, KindOOC, bob, "", hostileOOC),
		marker(3, KindRound, "", 1, 0),
		marker(3, KindTurn, "Aria", 1, 1),
		withRoll(e(4, KindAttack, alice, "Aria", "Shortbow against Goblin 1 (AC 15), with advantage: 17 + 5 = 22 — hit"),
			Roll{Expr: "2d20kh1+5", Dice: []Die{d20(17), {Sides: 20, Face: 8, Dropped: true}}, Total: 22, Natural: 17,
				Mode: Advantage, Outcome: Success, Target: 15, Odds: &Odds{P: 0.7975, Fraction: "319/400"}}),
		withHP(e(4, KindDamage, alice, "Aria", "Goblin 1 takes 14 piercing damage (sneak attack)", "Goblin 1 drops."),
			Roll{Expr: "1d6+3+2d6", Dice: []Die{{Sides: 6, Face: 4}, {Sides: 6, Face: 5}, {Sides: 6, Face: 2}}, Total: 14},
			Damage{Amount: 14, Type: "piercing", Target: "Goblin 1"}),
		marker(5, KindTurn, "Goblin 2", 1, 2),
		e(5, KindSay, gm, "Goblin 2", "Die, tin can!"),
		withRoll(e(6, KindAttack, gm, "Goblin 2", "Scimitar against Borin (AC 18): natural 20 — critical hit"),
			Roll{Expr: "1d20+4", Dice: []Die{d20(20)}, Total: 24, Natural: 20, Outcome: Crit, Target: 18,
				Odds: &Odds{P: 0.35, Fraction: "7/20"}}),
		withHP(e(6, KindDamage, gm, "Goblin 2", "Borin takes 11 slashing damage."),
			Roll{Expr: "2d6+2", Dice: []Die{{Sides: 6, Face: 6}, {Sides: 6, Face: 3}}, Total: 11},
			Damage{Amount: 11, Type: "slashing", Target: "Borin"}),
		marker(7, KindTurn, "Borin", 1, 3),
		withRoll(e(7, KindAttack, bob, "Borin", "Longsword against Goblin 2 (AC 15): natural 1 — miss"),
			Roll{Expr: "1d20+5", Dice: []Die{d20(1)}, Total: 6, Natural: 1, Outcome: Fumble, Target: 15,
				Odds: &Odds{P: 0.55, Fraction: "11/20"}}),
		e(8, KindCondition, bob, "Borin", "Borin is prone."),
		marker(8, KindTurn, "Mira", 1, 4),
		e(9, KindCast, carol, "Mira", "Bless on Aria and Borin (concentration)."),
		e(9, KindOOC, alice, "", "ouch 😅 poor Borin"),
		marker(10, KindRound, "", 2, 0),
		marker(10, KindTurn, "Aria", 2, 1),
		withRoll(e(11, KindSave, alice, "Aria", "Dexterity save against the net, DC 12: 3 + 7 = 10 — failure"),
			Roll{Expr: "1d20+7", Dice: []Die{d20(3)}, Total: 10, Natural: 3, Outcome: Failure, Target: 12,
				Odds: &Odds{P: 0.8, Fraction: "4/5"}}),
		e(11, KindCondition, alice, "Aria", "Aria is restrained."),
		marker(12, KindTurn, "Mira", 2, 4),
		withHP(e(13, KindHeal, carol, "Mira", "Cure Wounds: Borin regains 9 hit points."),
			Roll{Expr: "1d8+3", Dice: []Die{{Sides: 8, Face: 6}}, Total: 9}, Damage{Amount: 9, Target: "Borin"}),
		revealed(withRoll(e(14, KindCheck, gm, "Goblin 2", "Stealth check: 11 + 6 = 17"),
			Roll{Expr: "1d20+6", Dice: []Die{d20(11)}, Total: 17, Natural: 11})),
		e(14, KindSay, carol, "Mira", "Hold still, Borin. <3"),
		{Time: at(15), Kind: KindSystem, Lines: []string{"Recording stopped."}},
	}
}

// fight is the fixture log, stopped at the end of the fight.
func fight(t testing.TB) *Log {
	t.Helper()
	l, err := New(Header{ID: "fight-1", Guild: "100000000000000001", Channel: "100000000000000002",
		Name: `The Goblin Ambush & the <Old Mill>`, Lang: "en", Starter: gm, Started: t0})
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range fightEntries() {
		if err := l.Append(e); err != nil {
			t.Fatalf("entry %d: %v", i, err)
		}
	}
	if err := l.Stop(at(15)); err != nil {
		t.Fatal(err)
	}
	return l
}
