package play_test

import (
	"context"
	"testing"
	"time"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// The GM's table in play (issue 12): NPCs that concentrate, repeat saves on a character, GM rulings on life and
// death, game time — each one transaction.

// addFanatic adds an SRD cult fanatic (a spellcaster: WIS, DC 11; CON +1) at a fixed initiative 20.
func addFanatic(t *testing.T, e *env) {
	t.Helper()
	twenty := 20
	in := play.InitAdd{NPC: encounter.NPCEntry{Name: "Fanatic", InitOptions: encounter.InitOptions{Fixed: &twenty}}, Monster: "cult_fanatic"}
	_, added, err := e.table.InitAdd(context.Background(), caller("gm"), in, roll())
	if err != nil {
		t.Fatal(err)
	}
	if added.Monster != "cult_fanatic" || len(added.HP) != 1 || added.HP[0] != 22 {
		t.Fatalf("fanatic: %+v", added)
	}
}

func hasCondition(t *testing.T, e *env, user, name string, c dnd5e.Condition) bool {
	t.Helper()
	sh, err := e.table.Sheet5e(context.Background(), caller(user), name)
	if err != nil {
		t.Fatal(err)
	}
	return sh.HasCondition(c)
}

// TestNPCConcentratesAndRepeatSaves: an NPC casts hold person on a character with its stat block's DC; the
// character repeats the WIS save when its turn ends; the NPC's concentration breaks on a failed CON save when it
// takes damage, and the paralysis ends with it (SRD hold person; B6 concentration).
func TestNPCConcentratesAndRepeatSaves(t *testing.T) {
	e := newEnv(t)
	e.fight5e() // Mira 14, Borin 11, Goblin 1 7, Goblin 2 5
	addFanatic(t, e)
	ctx := context.Background()
	gm := caller("gm")
	if _, _, err := e.table.InitTurn(ctx, gm, true, roll()); err != nil { // the fanatic's turn
		t.Fatal(err)
	}
	hold, _ := dnd5e.LookupSpell("hold_person")
	e.store.take()
	// Borin's WIS save: 3 + 1 < DC 11.
	res, err := e.table.Cast(ctx, gm, play.Cast{As: "Fanatic", Dnd5e: play.Reading[play.Cast5e]{In: play.Cast5e{Spell: hold, Targets: []string{"Borin"}}}}, roll(3))
	if err != nil {
		t.Fatal(err)
	}
	if reads, writes := e.store.take(); reads != 0 || writes != 1 {
		t.Errorf("cast as: %d reads, %d writes", reads, writes)
	}
	if !res.Dnd5e.NPC || res.Dnd5e.Result.DC != 11 || res.Dnd5e.Caster.Name != "Fanatic" || !hasCondition(t, e, "bob", "Borin", dnd5e.Paralyzed) {
		t.Fatalf("hold person by the fanatic: %+v", res.Dnd5e.Result)
	}
	enc, _ := e.table.Encounter(ctx, gm)
	f, _ := enc.Find("Fanatic")
	if st := play.NPCStatsOf(f); st.Concentration.Spell != "hold_person" || len(st.Holding) != 1 || st.Holding[0].Name != "Borin" {
		t.Fatalf("the fanatic's concentration: %+v", st)
	}
	for range 2 { // Mira's turn, Borin's
		if _, _, err := e.table.InitTurn(ctx, gm, true, roll()); err != nil {
			t.Fatal(err)
		}
	}
	// Borin's turn ends: his repeat WIS save, 5 + 1 < 11, fails.
	_, turn, err := e.table.InitTurn(ctx, gm, true, roll(5))
	if err != nil {
		t.Fatal(err)
	}
	if len(turn.Repeated) != 1 || turn.Repeated[0].Name != "Borin" || turn.Repeated[0].Success || turn.Repeated[0].Roll.Total != 6 {
		t.Fatalf("Borin's repeat save: %+v", turn.Repeated)
	}
	// 12 damage to the fanatic: CON save DC 10, 2 + 1 fails; hold person ends and Borin can move.
	e.store.take()
	hp, err := e.table.HP(ctx, gm, play.HP{Target: "Fanatic", Kind: play.HPDamage, Amount: 12}, roll(2))
	if err != nil {
		t.Fatal(err)
	}
	if reads, writes := e.store.take(); reads != 0 || writes != 1 {
		t.Errorf("hp damage target: %d reads, %d writes", reads, writes)
	}
	h := hp.NPC.Hit
	if hp.NPC.Change.HPAfter != 10 || h.ConcSave == nil || h.ConcSave.Kept || len(h.Released) != 1 || h.Released[0].Name != "Borin" {
		t.Fatalf("the fanatic's concentration save: %+v", h)
	}
	if hasCondition(t, e, "bob", "Borin", dnd5e.Paralyzed) {
		t.Error("Borin is still paralyzed")
	}
	enc, _ = e.table.Encounter(ctx, gm)
	f, _ = enc.Find("Fanatic")
	if st := play.NPCStatsOf(f); st.Concentration.Active() || len(st.Holding) != 0 || st.Monster != "cult_fanatic" {
		t.Errorf("the fanatic's stats after: %+v", st)
	}
}

// TestRepeatSaveEndsOnNPC: a successful repeat save ends the spell's condition on an NPC; a record whose condition
// ended otherwise rolls nothing.
func TestRepeatSaveEndsOnNPC(t *testing.T) {
	e := newEnv(t)
	e.fight5e()
	ctx := context.Background()
	gm := caller("gm")
	hold, _ := dnd5e.LookupSpell("hold_person")
	// Mira (DC 14) holds Goblin 1 (WIS 8: -1; 2 - 1 fails).
	if _, err := e.table.Cast(ctx, caller("alice"), play.Cast{Dnd5e: play.Reading[play.Cast5e]{In: play.Cast5e{Spell: hold, Targets: []string{"Goblin 1"}}}}, roll(2)); err != nil {
		t.Fatal(err)
	}
	for range 3 { // Mira, Borin, Goblin 1
		if _, _, err := e.table.InitTurn(ctx, gm, true, roll()); err != nil {
			t.Fatal(err)
		}
	}
	_, turn, err := e.table.InitTurn(ctx, gm, true, roll(15)) // 15 - 1 ≥ 14
	if err != nil {
		t.Fatal(err)
	}
	if len(turn.Repeated) != 1 || !turn.Repeated[0].Success || len(turn.Repeated[0].Ended) != 1 || paralyzed(t, e, "Goblin 1") {
		t.Fatalf("Goblin 1's repeat save: %+v", turn.Repeated)
	}
	// Hold Goblin 2 too, then end its paralysis by hand: its turn rolls nothing.
	if _, err := e.table.Cast(ctx, caller("alice"), play.Cast{Dnd5e: play.Reading[play.Cast5e]{In: play.Cast5e{Spell: hold, Targets: []string{"Goblin 2"}, Level: 3}}}, roll(2)); err != nil {
		t.Fatal(err)
	}
	in := play.InitCondition{Combatant: "Goblin 2", Name: "paralyzed", Condition: play.Reading[dnd5e.Condition]{In: dnd5e.Paralyzed}, Remove: true}
	if _, _, err := e.table.InitCondition(ctx, gm, in); err != nil {
		t.Fatal(err)
	}
	if _, turn, err = e.table.InitTurn(ctx, gm, true, roll()); err != nil || len(turn.Repeated) != 0 {
		t.Fatalf("no roll for an ended paralysis: %+v %v", turn, err)
	}
}

// TestGMRulings: only a GM revives or sets hit points; a dead character given hit points comes back.
func TestGMRulings(t *testing.T) {
	e := newEnv(t)
	e.fight5e()
	ctx := context.Background()
	if _, err := e.table.HP(ctx, caller("bob"), play.HP{Kind: play.HPDamage, Amount: 60}, roll()); err != nil {
		t.Fatal(err)
	}
	for _, fn := range []func() error{
		func() error { _, err := e.table.Revive(ctx, caller("bob"), "Borin", 0); return err },
		func() error { _, err := e.table.SetHP(ctx, caller("bob"), "Borin", 5); return err },
	} {
		if err := fn(); err == nil || err.Error() == "" {
			t.Error("a player's ruling was accepted")
		}
	}
	e.store.take()
	rv, err := e.table.Revive(ctx, caller("gm"), "Borin", 0)
	if err != nil {
		t.Fatal(err)
	}
	if reads, writes := e.store.take(); reads != 0 || writes != 1 {
		t.Errorf("revive: %d reads, %d writes", reads, writes)
	}
	if rv.Character.State != dnd5e.Conscious || rv.Character.HP != 1 {
		t.Fatalf("revived Borin: %+v", rv.Character)
	}
	if _, err := e.table.Revive(ctx, caller("gm"), "Borin", 0); err == nil {
		t.Error("revived the living")
	}
	if rv, err = e.table.SetHP(ctx, caller("gm"), "Goblin 1", 3); err != nil || !rv.NPC || rv.Status.HP != 3 {
		t.Errorf("set an NPC's HP: %+v %v", rv, err)
	}
}

// TestGameTime: game time the GM lets pass counts down timed conditions and dates long rests; the cooldown setting
// and a GM's force.
func TestGameTime(t *testing.T) {
	e := newEnv(t)
	e.sheet5e("bob", "Borin", "fighter", 2, borinScores)
	ctx := context.Background()
	now := time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)
	if _, err := e.table.SetCondition(ctx, caller("bob"), play.Condition{Condition: dnd5e.Poisoned, Rounds: 100}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.table.LongRest(ctx, caller("bob"), "", now, false, roll()); err != nil {
		t.Fatal(err)
	}
	if _, err := e.table.AdvanceTime(ctx, caller("bob"), time.Hour, now); err == nil {
		t.Error("a player let time pass")
	}
	e.store.take()
	tp, err := e.table.AdvanceTime(ctx, caller("gm"), 10*time.Hour, now)
	if err != nil {
		t.Fatal(err)
	}
	if reads, writes := e.store.take(); reads != 0 || writes != 1 {
		t.Errorf("advance: %d reads, %d writes", reads, writes)
	}
	if !tp.Now.Equal(now.Add(10*time.Hour)) || len(tp.Expired) != 1 || tp.Expired[0].Condition != dnd5e.Poisoned {
		t.Fatalf("advance: %+v", tp)
	}
	if _, _, err := e.table.LongRest(ctx, caller("bob"), "", now, false, roll()); err == nil {
		t.Error("a long rest 10 game hours after the last")
	}
	if _, _, err := e.table.LongRest(ctx, caller("bob"), "", now, true, roll()); err == nil {
		t.Error("a player forced a long rest")
	}
	if _, _, err := e.table.LongRest(ctx, caller("gm"), "Borin", now, true, roll()); err != nil {
		t.Errorf("the GM's forced rest: %v", err)
	}
	if _, err := e.table.SetSetting(ctx, caller("gm"), play.HouseLongRestCooldown, "0"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.table.LongRest(ctx, caller("bob"), "", now, false, roll()); err != nil {
		t.Errorf("no cooldown: %v", err)
	}
	if _, err := e.table.SetSetting(ctx, caller("gm"), play.HouseLongRestCooldown, "999"); err == nil {
		t.Error("a cooldown of 999 hours")
	}
}

// TestInitEndKeep: keep: leaves the timed conditions counting after the encounter.
func TestInitEndKeep(t *testing.T) {
	e := newEnv(t)
	e.fight5e()
	ctx := context.Background()
	if _, err := e.table.SetCondition(ctx, caller("bob"), play.Condition{Condition: dnd5e.Poisoned, Rounds: 3}); err != nil {
		t.Fatal(err)
	}
	_, ended, err := e.table.InitEnd(ctx, caller("gm"), true)
	if err != nil || len(ended) != 0 || !hasCondition(t, e, "bob", "Borin", dnd5e.Poisoned) {
		t.Fatalf("keep: %+v %v", ended, err)
	}
}

// TestNPCIncapacitatedLosesSpell: a concentrating NPC stunned with /init condition loses its spell, and the
// conditions it held end (B6).
func TestNPCIncapacitatedLosesSpell(t *testing.T) {
	e := newEnv(t)
	e.fight5e()
	addFanatic(t, e)
	ctx := context.Background()
	gm := caller("gm")
	hold, _ := dnd5e.LookupSpell("hold_person")
	if _, err := e.table.Cast(ctx, gm, play.Cast{As: "Fanatic", Dnd5e: play.Reading[play.Cast5e]{In: play.Cast5e{Spell: hold, Targets: []string{"Mira"}}}}, roll(1)); err != nil {
		t.Fatal(err)
	}
	if !hasCondition(t, e, "alice", "Mira", dnd5e.Paralyzed) {
		t.Fatal("Mira not paralyzed")
	}
	in := play.InitCondition{Combatant: "Fanatic", Name: "stunned", Condition: play.Reading[dnd5e.Condition]{In: dnd5e.Stunned}}
	if _, _, err := e.table.InitCondition(ctx, gm, in); err != nil {
		t.Fatal(err)
	}
	if hasCondition(t, e, "alice", "Mira", dnd5e.Paralyzed) {
		t.Error("Mira is still paralyzed after the fanatic was stunned")
	}
	enc, _ := e.table.Encounter(ctx, gm)
	f, _ := enc.Find("Fanatic")
	if st := play.NPCStatsOf(f); st.Concentration.Active() {
		t.Errorf("the stunned fanatic still concentrates: %+v", st)
	}
}

// TestNPCStatsKeepEffects: an NPC's stats written back after its concentration changed keep the effects on it
// (effects.go keeps them in the same stats object), and its effects change its rolls.
func TestNPCStatsKeepEffects(t *testing.T) {
	e := newEnv(t)
	e.fight5e()
	addFanatic(t, e)
	ctx := context.Background()
	gm := caller("gm")
	ring := dnd5e.NewEffect(dnd5e.EffectSource{Kind: dnd5e.SourceItem, Name: "ring"}, dnd5e.Duration{}, dnd5e.Mod{Kind: dnd5e.ModBonus, Roll: dnd5e.ScopeSave, Value: 3})
	if _, err := e.table.EffectAdd(ctx, gm, "Fanatic", ring, false); err != nil {
		t.Fatal(err)
	}
	hold, _ := dnd5e.LookupSpell("hold_person")
	if _, err := e.table.Cast(ctx, gm, play.Cast{As: "Fanatic", Dnd5e: play.Reading[play.Cast5e]{In: play.Cast5e{Spell: hold, Targets: []string{"Borin"}}}}, roll(3)); err != nil {
		t.Fatal(err)
	}
	enc, _ := e.table.Encounter(ctx, gm)
	f, _ := enc.Find("Fanatic")
	if st := play.NPCStatsOf(f); st.Concentration.Spell != "hold_person" || st.Monster != "cult_fanatic" {
		t.Fatalf("stats %+v", st)
	}
	// WIS save: the stat block's +4 (WIS 13 +1, proficient) and the ring's +3.
	res, err := e.table.SaveAs(ctx, gm, "Fanatic", dnd5e.Wis, dnd5e.RollOptions{}, roll(10))
	if err != nil {
		t.Fatal(err)
	}
	if res.Roll.Total != 10+play.NPCStatsOf(f).SaveMod(dnd5e.Wis, 0)+3 {
		t.Errorf("the ring was lost: %+v", res.Roll)
	}
}
