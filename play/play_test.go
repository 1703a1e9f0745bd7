package play_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"

	"rulekeeper/play"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
	"rulekeeper/rules/rogue"
	"rulekeeper/store"
)

// counting is a store that counts the transactions run through it.
type counting struct {
	store.Store
	mu            sync.Mutex
	reads, writes int
}

func (c *counting) Update(ctx context.Context, guild string, fn func(store.Tx) error) error {
	c.mu.Lock()
	c.writes++
	c.mu.Unlock()
	return c.Store.Update(ctx, guild, fn)
}

func (c *counting) View(ctx context.Context, guild string, fn func(store.Tx) error) error {
	c.mu.Lock()
	c.reads++
	c.mu.Unlock()
	return c.Store.View(ctx, guild, fn)
}

// take returns the counts since the last take and resets them.
func (c *counting) take() (reads, writes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	reads, writes = c.reads, c.writes
	c.reads, c.writes = 0, 0
	return reads, writes
}

// env is a table over a real bbolt file, with a counting store.
type env struct {
	t     *testing.T
	store *counting
	table *play.Table
}

func newEnv(t *testing.T) *env {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "play.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	c := &counting{Store: db}
	return &env{t: t, store: c, table: play.New(c)}
}

const guild = "g1"

// caller is a user in the test guild's channel c1; a user named "gm" runs the game.
func caller(user string) play.Caller {
	return play.Caller{UserID: user, GuildID: guild, ChannelID: "c1", GM: user == "gm", ManageServer: user == "gm"}
}

func roll(faces ...int) dice.Roller { return dice.NewScripted(faces) }

// sheet5e creates a 5e character of user: a fighter with a longsword, or a wizard (Mira, concentrating caster).
func (e *env) sheet5e(user, name string, class dnd5e.Class, level int, scores dnd5e.Scores) {
	e.t.Helper()
	c, err := dnd5e.New(name, class, level, scores)
	if err != nil {
		e.t.Fatal(err)
	}
	c.FillSpellSlots()
	c.Attacks = []dnd5e.Attack{{Name: "longsword", Ability: dnd5e.Str, Proficient: true, Damage: "1d8[slashing]"}}
	if _, err := e.table.CreateSheet(context.Background(), caller(user), play.NewSheet{Name: name, System: play.System5e,
		Dnd5e: play.Reading[*dnd5e.Character]{In: c}}); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) sheetRogue(user, name string) {
	e.t.Helper()
	c, err := rogue.New(name, rogue.Human, rogue.Male, 3, rogue.Attributes{Str: 9, Agi: 8, Sta: 8, Cha: 7}, rogue.NewOptions{})
	if err != nil {
		e.t.Fatal(err)
	}
	if _, err := e.table.CreateSheet(context.Background(), caller(user), play.NewSheet{Name: name, System: play.SystemRogue,
		Rogue: play.Reading[*rogue.Character]{In: c}}); err != nil {
		e.t.Fatal(err)
	}
}

var (
	borinScores = dnd5e.Scores{Str: 16, Dex: 12, Con: 15, Int: 8, Wis: 13, Cha: 10}
	miraScores  = dnd5e.Scores{Str: 8, Dex: 14, Con: 14, Int: 16, Wis: 12, Cha: 10}
)

// fight5e: Borin (bob) and Mira (alice) in a 5e encounter with two goblins the GM added.
func (e *env) fight5e() {
	e.t.Helper()
	ctx := context.Background()
	e.sheet5e("bob", "Borin", "fighter", 2, borinScores)
	e.sheet5e("alice", "Mira", "wizard", 5, miraScores)
	if _, err := e.table.InitStart(ctx, caller("gm"), ""); err != nil {
		e.t.Fatal(err)
	}
	if _, _, err := e.table.InitJoin(ctx, caller("bob"), play.InitJoin{}, roll(10)); err != nil {
		e.t.Fatal(err)
	}
	if _, _, err := e.table.InitJoin(ctx, caller("alice"), play.InitJoin{}, roll(12)); err != nil {
		e.t.Fatal(err)
	}
	npc := encounter.NPCEntry{Name: "Goblin", Count: 2, HP: 7, AC: 13, InitOptions: encounter.InitOptions{Bonus: 2, Dex: 14}}
	if _, _, err := e.table.InitAdd(ctx, caller("gm"), play.InitAdd{NPC: npc}, roll(5, 3)); err != nil {
		e.t.Fatal(err)
	}
	e.store.take()
}

func attack5e(target, weapon string) play.Attack {
	return play.Attack{Target: target, Dnd5e: play.Reading[play.Attack5e]{In: play.Attack5e{Weapon: weapon, Mode: dnd5e.Normal}}}
}

// TestAttackOneTransaction: /attack against a tracked target (an NPC of the channel's encounter, or a character
// who is a combatant) is one write transaction and no read: the attacker, its system, the target and everything
// the hit does are read and written in it.
func TestAttackOneTransaction(t *testing.T) {
	e := newEnv(t)
	e.fight5e()
	ctx := context.Background()
	// Borin's longsword: d20 15 + 5 hits AC 13, 1d8 6 + 3 = 9 slashing drops Goblin 1 (7 HP).
	res, err := e.table.Attack(ctx, caller("bob"), attack5e("Goblin 1", "longsword"), roll(15, 6))
	if err != nil {
		t.Fatal(err)
	}
	if reads, writes := e.store.take(); reads != 0 || writes != 1 {
		t.Errorf("attack on an NPC: %d reads, %d writes; want 0 and 1", reads, writes)
	}
	h := res.Dnd5e.Target
	if res.System != play.System5e || h == nil || !h.NPC || h.Status.HP != 0 || h.Status.State != dnd5e.Dead || h.Change.Applied != 7 {
		t.Fatalf("result %+v / %+v", res.Dnd5e, h)
	}
	if !h.Vague || !h.Fight {
		t.Errorf("a player sees a vague state of an NPC in a fight: %+v", h)
	}
	enc, err := e.table.Encounter(ctx, caller("bob"))
	if err != nil {
		t.Fatal(err)
	}
	if g, _ := enc.Find("Goblin 1"); g.HP != 0 {
		t.Errorf("stored Goblin 1 HP %d", g.HP)
	}
	e.store.take()
	// A character who is a combatant: Mira takes 1d8 8 + 3 = 11 of her 32 HP.
	res, err = e.table.Attack(ctx, caller("bob"), attack5e("Mira", "longsword"), roll(19, 8))
	if err != nil {
		t.Fatal(err)
	}
	if reads, writes := e.store.take(); reads != 0 || writes != 1 {
		t.Errorf("attack on a character: %d reads, %d writes; want 0 and 1", reads, writes)
	}
	if h := res.Dnd5e.Target; h.NPC || h.Vague || h.Status.HP != 32-11 {
		t.Errorf("Mira: %+v", h)
	}
}

// TestAttackSystemInside: the attacker's system is decided inside the transaction: the same input attacks by
// Rogue's Tale for a Rogue's Tale character, by 5e for a 5e one, each reading its own options.
func TestAttackSystemInside(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.sheetRogue("carl", "Grak")
	e.sheet5e("bob", "Borin", "fighter", 2, borinScores)
	three := 3
	in := play.Attack{
		Dnd5e: play.Reading[play.Attack5e]{In: play.Attack5e{Damage: "1d6", Bonus: "+4", AC: &three, Mode: dnd5e.Normal}},
		Rogue: play.Reading[play.AttackRT]{In: play.AttackRT{Weapon: rogue.Weapon{Damage: "1d6"}, AdHocName: "dummy"}},
	}
	res, err := e.table.Attack(ctx, caller("carl"), in, roll(4, 4, 3, 3, 3, 3, 3, 3))
	if err != nil {
		t.Fatal(err)
	}
	if res.System != play.SystemRogue || res.Rogue == nil || res.Rogue.Attacker.Name != "Grak" || res.Rogue.Defender.Name != "dummy" {
		t.Fatalf("Grak: %+v", res)
	}
	res, err = e.table.Attack(ctx, caller("bob"), in, roll(10, 3))
	if err != nil {
		t.Fatal(err)
	}
	if res.System != play.System5e || res.Dnd5e.Attacker.Name != "Borin" || !res.Dnd5e.Roll.Hit {
		t.Fatalf("Borin: %+v", res)
	}
	// A reading that refuses its options fails for its system only.
	in.Rogue.Err = play.ErrNotFound
	if _, err := e.table.Attack(ctx, caller("bob"), in, roll(10, 3)); err != nil {
		t.Errorf("5e attack failed on the Rogue's Tale reading: %v", err)
	}
	if _, err := e.table.Attack(ctx, caller("carl"), in, roll(4, 4)); err != play.ErrNotFound {
		t.Errorf("Rogue's Tale attack: %v", err)
	}
}

// TestConcentrationEndsHeldConditions (B6): a hold person held by Mira's concentration ends when an attack drops
// her CON save, in the attack's transaction: the goblin is paralyzed no more.
func TestConcentrationEndsHeldConditions(t *testing.T) {
	e := newEnv(t)
	e.fight5e()
	ctx := context.Background()
	hold, _ := dnd5e.LookupSpell("hold_person")
	// Hold person needs a humanoid: the goblin fails its WIS save (d20 2 + 0 < DC 14).
	cast := play.Cast{Dnd5e: play.Reading[play.Cast5e]{In: play.Cast5e{Spell: hold, Targets: []string{"Goblin 2"}, Mode: dnd5e.Normal}}}
	res, err := e.table.Cast(ctx, caller("alice"), cast, roll(2))
	if err != nil {
		t.Fatal(err)
	}
	if reads, writes := e.store.take(); reads != 0 || writes != 1 {
		t.Errorf("cast: %d reads, %d writes", reads, writes)
	}
	if tg := res.Dnd5e.Targets; len(tg) != 1 || len(tg[0].Landed) != 1 || tg[0].Landed[0].ID != dnd5e.Paralyzed {
		t.Fatalf("landed: %+v", tg)
	}
	if !paralyzed(t, e, "Goblin 2") {
		t.Fatal("Goblin 2 not paralyzed")
	}
	// Borin hits Mira for 8 + 3 = 11: CON save DC 10, d20 3 + 2 fails; her spell ends, and the goblin's paralysis.
	at, err := e.table.Attack(ctx, caller("bob"), attack5e("Mira", "longsword"), roll(19, 8, 3))
	if err != nil {
		t.Fatal(err)
	}
	h := at.Dnd5e.Target
	if h.ConcSave == nil || h.ConcSave.Kept || len(h.Released) != 1 || h.Released[0].Name != "Goblin 2" {
		t.Fatalf("Mira's concentration: %+v", h)
	}
	if paralyzed(t, e, "Goblin 2") {
		t.Error("Goblin 2 still paralyzed")
	}
}

func paralyzed(t *testing.T, e *env, name string) bool {
	t.Helper()
	enc, err := e.table.Encounter(context.Background(), caller("gm"))
	if err != nil {
		t.Fatal(err)
	}
	g, err := enc.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range g.Conditions {
		if c.ID == string(dnd5e.Paralyzed) {
			return true
		}
	}
	return false
}
