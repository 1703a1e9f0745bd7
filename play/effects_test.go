package play_test

import (
	"context"
	"math/big"
	"testing"
	"time"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
)

// Effects across creatures (issue 13): spells put them on sheets and NPCs, rolls read them, and they end with
// their caster's concentration, at turn boundaries and on rests.

var liaScores = dnd5e.Scores{Str: 10, Dex: 10, Con: 14, Int: 10, Wis: 16, Cha: 12}

func cast5e(spell string, targets ...string) play.Cast {
	sp, _ := dnd5e.LookupSpell(spell)
	return play.Cast{Dnd5e: play.Reading[play.Cast5e]{In: play.Cast5e{Spell: sp, Targets: targets, Mode: dnd5e.Normal}}}
}

// effectIDs lists the ids of a creature's stored effects (a character's, or an NPC's).
func effectIDs(t *testing.T, e *env, user, name string) []string {
	t.Helper()
	l, err := e.table.EffectList(context.Background(), caller(user), name)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, x := range l.Effects[:len(l.Effects)-l.Passive] {
		out = append(out, x.ID)
	}
	return out
}

func has(list []string, id string) bool {
	for _, x := range list {
		if x == id {
			return true
		}
	}
	return false
}

// TestBlessLandsAndEndsWithConcentration: Lia's bless lands on a character and an NPC, adds 1d4 to Borin's
// attack (labelled, in the total and in the odds), and ends on everyone when Lia concentrates on another spell.
func TestBlessLandsAndEndsWithConcentration(t *testing.T) {
	e := newEnv(t)
	e.fight5e()
	e.sheet5e("dave", "Lia", "cleric", 3, liaScores)
	ctx := context.Background()
	res, err := e.table.Cast(ctx, caller("dave"), cast5e("bless", "Borin", "Goblin 1", "Mira"), roll())
	if err != nil {
		t.Fatal(err)
	}
	for _, tg := range res.Dnd5e.Targets {
		if len(tg.Effects) != 1 || tg.Effects[0].Effect.ID != "bless" || tg.Effects[0].Effect.Conc.Caster != "Lia" {
			t.Fatalf("%s: %+v", tg.Name, tg.Effects)
		}
	}
	for _, who := range []string{"Borin", "Goblin 1", "Mira"} {
		if !has(effectIDs(t, e, "gm", who), "bless") {
			t.Errorf("%s is not blessed", who)
		}
	}
	// Borin's longsword: d20 12 + 5 + bless 1d4 3 = 20 vs AC 13; 1d8 6 + 3 = 9.
	at, err := e.table.Attack(ctx, caller("bob"), attack5e("Goblin 2", "longsword"), roll(12, 3, 6))
	if err != nil {
		t.Fatal(err)
	}
	r := at.Dnd5e.Roll
	if r.Total != 20 || r.EffectBonus != "+1d4[bless]" || len(r.Applied) != 1 || r.Applied[0].Total != 3 {
		t.Fatalf("blessed attack: total %d, bonus %q, applied %+v", r.Total, r.EffectBonus, r.Applied)
	}
	if o, want := r.Odds(), blessedChance(5, 13); o == nil || o.Rat == nil || o.Rat.Cmp(want) != 0 {
		t.Errorf("blessed odds: %+v, enumeration %s", o, want.RatString())
	}
	// Shield of faith needs concentration too: bless ends on all three, in the same transaction.
	res, err = e.table.Cast(ctx, caller("dave"), cast5e("shield_of_faith", "Borin"), roll())
	if err != nil {
		t.Fatal(err)
	}
	ended := map[string]bool{}
	for _, x := range res.Dnd5e.CasterHit.EffectsEnded {
		if x.Effect.ID == "bless" {
			ended[x.Name] = true
		}
	}
	if len(ended) != 3 || !ended["Borin"] || !ended["Goblin 1"] || !ended["Mira"] {
		t.Errorf("bless ended on %v", ended)
	}
	if ids := effectIDs(t, e, "gm", "Borin"); has(ids, "bless") || !has(ids, "shield_of_faith") {
		t.Errorf("Borin's effects %v", ids)
	}
	if ids := effectIDs(t, e, "gm", "Goblin 1"); len(ids) != 0 {
		t.Errorf("Goblin 1's effects %v", ids)
	}
	sh, err := e.table.Sheet5e(ctx, caller("bob"), "Borin")
	if err != nil {
		t.Fatal(err)
	}
	if ac, _ := sh.ArmorClass(); ac != sh.AC+2 {
		t.Errorf("Borin's AC with shield of faith %d, sheet %d", ac, sh.AC)
	}
}

// TestEffectsTickOnTurns: /init next counts an effect's rounds at the end of its bearer's turns and ends
// "until the start of X's next turn" effects when X's turn begins (shield).
func TestEffectsTickOnTurns(t *testing.T) {
	e := newEnv(t)
	e.fight5e()
	ctx := context.Background()
	gm := caller("gm")
	two := dnd5e.NewEffect(dnd5e.EffectSource{Kind: dnd5e.SourceCustom, Name: "Haze"}, dnd5e.Rounds(2), dnd5e.Mod{Kind: dnd5e.ModNote})
	if _, err := e.table.EffectAdd(ctx, gm, "Goblin 1", two, false); err != nil {
		t.Fatal(err)
	}
	// Mira's shield lasts until the start of her next turn: her first turn begins with the first /init next.
	if _, err := e.table.Cast(ctx, caller("alice"), cast5e("shield"), roll()); err != nil {
		t.Fatal(err)
	}
	var endedAt []string
	for i := range 7 { // round 1: Mira, Borin, Goblin 1, Goblin 2; round 2: Mira, Borin, Goblin 1
		_, turn, err := e.table.InitTurn(ctx, gm, true, roll())
		if err != nil {
			t.Fatal(err)
		}
		for _, te := range turn.Effects {
			for _, x := range te.Ended {
				endedAt = append(endedAt, te.Name+":"+x.ID+"@"+string(rune('0'+i)))
			}
		}
	}
	// Shield ends as Mira's first turn begins (0); the haze's two rounds end with Goblin 1's second turn, at the
	// next /init next after it began (6 began it; the count drops at the end of its turns: after 3 and after 7).
	want := []string{"Mira:shield@0"}
	if len(endedAt) != 1 || endedAt[0] != want[0] {
		t.Errorf("ended %v, want %v so far", endedAt, want)
	}
	_, turn, err := e.table.InitTurn(ctx, gm, true, roll())
	if err != nil {
		t.Fatal(err)
	}
	if len(turn.Effects) != 1 || turn.Effects[0].Name != "Goblin 1" || turn.Effects[0].Ended[0].ID != "haze" {
		t.Errorf("turn 8: %+v", turn.Effects)
	}
}

// TestShieldInReaction: the attack that just hit Mira is compared again with her AC + 5 when she casts shield;
// it now misses, so the damage is undone, and her slot is spent.
func TestShieldInReaction(t *testing.T) {
	e := newEnv(t)
	e.fight5e()
	ctx := context.Background()
	// Borin: d20 10 + 5 = 15 hits AC 12 (15 < 17: shield would turn it), 1d8 5 + 3 = 8.
	at, err := e.table.Attack(ctx, caller("bob"), attack5e("Mira", "longsword"), roll(10, 5))
	if err != nil {
		t.Fatal(err)
	}
	if !at.Dnd5e.ShieldCan || at.Dnd5e.Target.Status.HP != 24 {
		t.Fatalf("hit: shield offered %v, HP %d", at.Dnd5e.ShieldCan, at.Dnd5e.Target.Status.HP)
	}
	res, err := e.table.Cast(ctx, caller("alice"), cast5e("shield"), roll())
	if err != nil {
		t.Fatal(err)
	}
	sh := res.Dnd5e.Shield
	if sh == nil || !sh.Missed || sh.AC != 17 || sh.ACBefore != 12 || sh.Restored == nil || sh.Restored.HPAfter != 32 {
		t.Fatalf("shield: %+v", sh)
	}
	if res.Dnd5e.Result.SlotLevel != 1 || res.Dnd5e.Caster.HP != 32 {
		t.Errorf("slot %d, HP %d", res.Dnd5e.Result.SlotLevel, res.Dnd5e.Caster.HP)
	}
	// The record is used once: a second shield answers nothing.
	res, err = e.table.Cast(ctx, caller("alice"), cast5e("shield"), roll())
	if err != nil {
		t.Fatal(err)
	}
	if res.Dnd5e.Shield != nil {
		t.Errorf("second shield: %+v", res.Dnd5e.Shield)
	}
	// A hit that shield cannot turn: d20 15 + 5 = 20 ≥ 12 + 5 + 5 (shield already up: AC 17): no offer.
	at, err = e.table.Attack(ctx, caller("bob"), attack5e("Mira", "longsword"), roll(18, 5))
	if err != nil {
		t.Fatal(err)
	}
	if at.Dnd5e.ShieldCan {
		t.Error("shield offered against 23 vs AC 17")
	}
}

// TestExtraAttackAndSneakOncePerTurn: a fighter of 5th level makes two attacks with one /attack; a rogue's sneak
// attack goes to the first hit of a turn only, and comes back on its next turn.
func TestExtraAttackAndSneakOncePerTurn(t *testing.T) {
	e := newEnv(t)
	e.fight5e()
	e.sheet5e("carl", "Vex", "rogue", 3, dnd5e.Scores{Str: 10, Dex: 16, Con: 12, Int: 10, Wis: 10, Cha: 10})
	ctx := context.Background()
	if err := e.setSheet("bob", func(c *dnd5e.Character) error { return c.SetLevel(5) }); err != nil {
		t.Fatal(err)
	}
	// Two swings at Goblin 2 (AC 13): 15 + 6 hits for 1d8 4 + 3; 3 + 6 misses.
	at, err := e.table.Attack(ctx, caller("bob"), attack5e("Goblin 2", "longsword"), roll(15, 4, 3))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(at.Dnd5e.Steps); n != 2 || !at.Dnd5e.Steps[0].Roll.Hit || at.Dnd5e.Steps[1].Roll.Hit {
		t.Fatalf("steps %d: %+v", n, at.Dnd5e.Steps)
	}
	// Vex's dagger (DEX, finesse on the sheet by its ability) with sneak:yes, twice in one turn.
	if err := e.setSheet("carl", func(c *dnd5e.Character) error {
		c.Attacks = []dnd5e.Attack{{Name: "dagger", Ability: dnd5e.Dex, Proficient: true, Damage: "1d4[piercing]"}}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.table.InitTurn(ctx, caller("gm"), true, roll()); err != nil { // round 1 begins: the turn key is set
		t.Fatal(err)
	}
	sneak := func(faces ...int) *dnd5e.AttackResult {
		in := play.Attack{Target: "Goblin 1", Dnd5e: play.Reading[play.Attack5e]{In: play.Attack5e{Weapon: "dagger",
			Mode: dnd5e.Normal, Sneak: dnd5e.SneakForce}}}
		res, err := e.table.Attack(ctx, caller("carl"), in, roll(faces...))
		if err != nil {
			t.Fatal(err)
		}
		return res.Dnd5e.Roll
	}
	// 18 + 5 hits: 1d4 1 + 3 + sneak 2d6 (1, 1) = 6; the second hit this turn: 1d4 1 + 3 only.
	if r := sneak(18, 1, 1, 1); r.Damage == nil || r.Damage.Total != 6 {
		t.Fatalf("first hit: %+v", r.Damage)
	}
	if r := sneak(18, 1); r.Damage == nil || r.Damage.Total != 4 {
		t.Fatalf("second hit in the turn: %+v", r.Damage)
	}
	if _, _, err := e.table.InitTurn(ctx, caller("gm"), true, roll()); err != nil { // the next turn
		t.Fatal(err)
	}
	if r := sneak(18, 1, 1, 1); r.Damage == nil || r.Damage.Total != 6 {
		t.Errorf("next turn: %+v", r.Damage)
	}
}

// TestSpareTheDyingAndCounters: spare the dying stabilizes a dying character; a counter is spent, survives a
// short rest it does not reset on, and comes back on a long rest.
func TestSpareTheDyingAndCounters(t *testing.T) {
	e := newEnv(t)
	e.fight5e()
	e.sheet5e("dave", "Lia", "cleric", 3, liaScores)
	ctx := context.Background()
	if _, err := e.table.HP(ctx, caller("bob"), play.HP{Kind: play.HPDamage, Amount: 20}, roll()); err != nil {
		t.Fatal(err)
	}
	res, err := e.table.Cast(ctx, caller("dave"), cast5e("spare_the_dying", "Borin"), roll())
	if err != nil {
		t.Fatal(err)
	}
	if h := res.Dnd5e.Targets[0]; h.Stabilized == nil || h.Stabilized.StateAfter != dnd5e.Stable {
		t.Fatalf("spare the dying: %+v", h.Hit)
	}
	lia := caller("dave")
	if _, err := e.table.Counter(ctx, lia, play.CounterEdit{Op: play.CounterCreate, Name: "Bolts", Max: 5, Reset: dnd5e.ResetLong}); err != nil {
		t.Fatal(err)
	}
	k, err := e.table.Counter(ctx, lia, play.CounterEdit{Op: play.CounterUse, Name: "bolts", Amount: 3})
	if err != nil || k.Counter.Value != 2 {
		t.Fatalf("use: %+v %v", k, err)
	}
	if _, err := e.table.Counter(ctx, lia, play.CounterEdit{Op: play.CounterUse, Name: "Bolts", Amount: 3}); err == nil {
		t.Error("spent more than left")
	}
	if _, res, err := e.table.Rest(ctx, lia, "", false, 0, transcriptNow, roll()); err != nil || len(res.Reset) != 0 {
		t.Fatalf("short rest: %+v %v", res, err)
	}
	_, rest, err := e.table.Rest(ctx, lia, "", true, 0, transcriptNow, roll())
	if err != nil {
		t.Fatal(err)
	}
	if len(rest.Reset) != 1 || rest.Reset[0].ID != "Bolts" || rest.Reset[0].After != 5 {
		t.Errorf("long rest reset %+v", rest.Reset)
	}
}

// blessedChance enumerates an attack roll d20 + toHit + 1d4 against ac: a natural 1 misses, a natural 20 hits.
func blessedChance(toHit, ac int) *big.Rat {
	hits := 0
	for d20 := 1; d20 <= 20; d20++ {
		for d4 := 1; d4 <= 4; d4++ {
			if d20 == 20 || (d20 > 1 && d20+toHit+d4 >= ac) {
				hits++
			}
		}
	}
	return big.NewRat(int64(hits), 80)
}

// transcriptNow is a fixed clock for rests.
var transcriptNow = time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)

// setSheet edits a user's active 5e character.
func (e *env) setSheet(user string, fn func(c *dnd5e.Character) error) error {
	_, err := e.table.SetSheet(context.Background(), caller(user), play.SheetEdit{Dnd5e: fn})
	return err
}
