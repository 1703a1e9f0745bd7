package play_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"rulekeeper/play"
	"rulekeeper/rules/coc"
	"rulekeeper/rules/coded"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
	"rulekeeper/store"
	"rulekeeper/store/storetest"
)

// Ada: a librarian; HP (60 + 55) / 10 = 11, SAN 60, Luck 40, INT 70, DEX 65 (Dodge 32), damage bonus 0 (STR + SIZ
// 105); Library Use 60, Spot Hidden 50, Fighting (Brawl) 50.
var adaScores = coc.Scores{STR: 50, CON: 60, SIZ: 55, DEX: 65, APP: 50, INT: 70, POW: 60, EDU: 85}

// sheetCoC creates a CoC character of user with the given skills.
func (e *env) sheetCoC(user, name string, s coc.Scores, luck int, skills map[coc.Skill]int) {
	e.t.Helper()
	c, err := coc.New(name, 24, s, luck)
	if err != nil {
		e.t.Fatal(err)
	}
	for id, v := range skills {
		if err := c.SetSkill(id, "", v); err != nil {
			e.t.Fatal(err)
		}
	}
	if _, err := e.table.CreateSheet(context.Background(), caller(user), play.NewSheet{Name: name, System: play.SystemCoC,
		CoC: play.Reading[*coc.Character]{In: c}}); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) ada() {
	e.t.Helper()
	e.sheetCoC("alice", "Ada", adaScores, 40, map[coc.Skill]int{"library_use": 60, "spot_hidden": 50, coc.FightingBrawl: 50})
}

// cocSheet reads a CoC character's stored sheet.
func (e *env) cocSheet(user, name string) *coc.Character {
	e.t.Helper()
	sh, err := e.table.ShowSheet(context.Background(), caller(user), name)
	if err != nil {
		e.t.Fatal(err)
	}
	if sh.System != play.SystemCoC || sh.CoC == nil {
		e.t.Fatalf("%s is %s", name, sh.System)
	}
	return sh.CoC
}

func checkCoC(skill coc.Skill, o coc.CheckOptions) play.Check {
	o.Subject = coc.SkillSubject(skill)
	return play.Check{CoC: play.Reading[play.CheckCoC]{In: play.CheckCoC{Options: o}}}
}

func pushCoC(skill coc.Skill) play.Check {
	c := checkCoC(skill, coc.CheckOptions{})
	c.CoC.In.Push = true
	return c
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if !errors.Is(err, coded.Code(code)) {
		t.Fatalf("error %v, want %s", err, code)
	}
}

// TestCoCCheckPushLuck: a roll is kept on the sheet for a push (E5.13) or a Luck spend after it (E5.14), by command
// or by a button's character id and roll number; each is one write transaction.
func TestCoCCheckPushLuck(t *testing.T) {
	e := newEnv(t)
	e.ada()
	ctx := context.Background()
	e.store.take()
	// E5.13: Library Use 60 rolls 71, a failure; the push rolls 44, a regular success (and the skill's mark).
	res, err := e.table.Check(ctx, caller("alice"), checkCoC("library_use", coc.CheckOptions{}), roll(7, 1))
	if err != nil {
		t.Fatal(err)
	}
	if r, w := e.store.take(); r != 0 || w != 1 {
		t.Errorf("check: %d reads, %d writes", r, w)
	}
	first := res.CoC
	if res.System != play.SystemCoC || first.Roll.Final != 71 || first.Roll.Success || first.Seq != 1 || first.CharacterID == "" {
		t.Fatalf("first roll %+v", first)
	}
	if *first.Odds != *coc.CheckOdds(60, coc.DifficultyRegular, 0, 0) {
		t.Errorf("odds %+v", first.Odds)
	}
	res, err = e.table.Check(ctx, caller("alice"), pushCoC("library_use"), roll(4, 4))
	if err != nil {
		t.Fatal(err)
	}
	p := res.CoC
	if !p.Roll.Pushed || p.Roll.Final != 44 || p.Roll.Level != coc.Regular || !p.Roll.Mark || p.Before.Final != 71 || p.Seq != 2 {
		t.Fatalf("push %+v", p.Roll)
	}
	if _, err := e.table.Check(ctx, caller("alice"), pushCoC("library_use"), roll(4, 4)); err == nil {
		t.Fatal("a success pushed")
	} else {
		wantCode(t, err, coc.ErrPushSucceeded)
	}
	// E5.14: Spot Hidden 50 rolls 58; 8 Luck of 40 makes it a regular success without a mark; Luck 32.
	res, err = e.table.Check(ctx, caller("alice"), checkCoC("spot_hidden", coc.CheckOptions{}), roll(5, 8))
	if err != nil {
		t.Fatal(err)
	}
	sh := res.CoC
	if need, ok := sh.Roll.LuckNeeded(); !ok || need != 8 {
		t.Fatalf("luck needed %d %v", need, ok)
	}
	if _, err := e.table.CoCSpendLuck(ctx, caller("alice"), sh.CharacterID, sh.Seq-1, 8); err == nil {
		t.Fatal("an older roll bought")
	} else {
		wantCode(t, err, "cthulhu.err.stale_roll")
	}
	if _, err := e.table.CoCSpendLuck(ctx, caller("bob"), sh.CharacterID, sh.Seq, 8); err == nil {
		t.Fatal("a stranger spent Ada's Luck")
	} else {
		wantCode(t, err, "char.err.not_owner")
	}
	e.store.take()
	bought, err := e.table.CoCSpendLuck(ctx, caller("alice"), sh.CharacterID, sh.Seq, 8)
	if err != nil {
		t.Fatal(err)
	}
	if r, w := e.store.take(); r != 0 || w != 1 {
		t.Errorf("luck: %d reads, %d writes", r, w)
	}
	if bought.Roll.Final != 50 || bought.Roll.Level != coc.Regular || bought.Roll.Mark || bought.Character.Luck != 32 {
		t.Fatalf("bought %+v, Luck %d", bought.Roll, bought.Character.Luck)
	}
	ada := e.cocSheet("alice", "Ada")
	if ada.Luck != 32 {
		t.Errorf("stored Luck %d", ada.Luck)
	}
	marks := map[coc.Skill]bool{}
	for _, s := range ada.Skills {
		marks[s.ID] = s.Mark
	}
	if !marks["library_use"] || marks["spot_hidden"] {
		t.Errorf("marks %v", marks)
	}
	// A push of the last roll must name its skill; a button pushes by number.
	if _, err := e.table.Check(ctx, caller("alice"), pushCoC("listen"), roll(1, 1)); err == nil {
		t.Fatal("pushed another skill's roll")
	} else {
		wantCode(t, err, "cthulhu.err.last_roll_other")
	}
	res, err = e.table.Check(ctx, caller("alice"), checkCoC("spot_hidden", coc.CheckOptions{}), roll(9, 9))
	if err != nil {
		t.Fatal(err)
	}
	pb, err := e.table.CoCPush(ctx, caller("alice"), res.CoC.CharacterID, res.CoC.Seq, roll(10, 5))
	if err != nil {
		t.Fatal(err)
	}
	if pb.Roll.Final != 5 || pb.Roll.Level != coc.Extreme || !pb.Roll.Mark {
		t.Errorf("button push %+v", pb.Roll)
	}
}

// TestCoCSanity: E6.3 (temporary insanity after 6 lost, INT 35 of 70, the first Mythos insanity: Cthulhu Mythos 5,
// maximum SAN 94) and E6.4 (a day's losses 5, 4, 3 from 60 reach 12: indefinite insanity at the third), then a new
// game day the Keeper begins.
func TestCoCSanity(t *testing.T) {
	e := newEnv(t)
	e.ada()
	ctx := context.Background()
	// SAN 75 fails, 1d6 loses 6, INT 35 succeeds, 4 hours; the bout: 3 rounds, entry 7.
	out, err := e.table.Sanity(ctx, caller("alice"), play.Sanity{Loss: "1/1d6", Mythos: true}, roll(7, 5, 6, 3, 5, 4, 3, 7))
	if err != nil {
		t.Fatal(err)
	}
	s := out.Result
	if s.Lost != 6 || s.After != 54 || !s.Temporary || s.Hours.Total != 4 || s.Mythos != 5 || s.MaxSAN != 94 || out.Day != 1 {
		t.Fatalf("sanity %+v", s)
	}
	if out.Bout == nil || out.Bout.Mode != coc.BoutRealtime || out.Bout.Duration.Total != 3 || out.Bout.Entry.Total != 7 {
		t.Errorf("bout %+v", out.Bout)
	}
	if c := e.cocSheet("alice", "Ada"); !c.Has(coc.InsanityTemporary) || c.Mythos() != 5 || c.SAN != 54 {
		t.Errorf("stored %+v", c)
	}

	e.sheetCoC("bob", "Cleo", coc.Scores{STR: 50, CON: 50, SIZ: 50, DEX: 50, APP: 50, INT: 50, POW: 60, EDU: 50}, 50, nil)
	// 5 lost (SAN roll 88 fails; INT 99 fails: repressed), then 4, then 3: 12 of the day's 60 / 5.
	steps := []struct {
		loss  string
		faces []int
		lost  int
		indef bool
	}{
		{"0/5", []int{8, 8, 9, 9}, 5, false},
		{"0/4", []int{8, 8}, 9, false},
		{"0/3", []int{8, 8, 2, 5}, 12, true}, // the bout: 2 rounds, entry 5
	}
	for _, st := range steps {
		out, err := e.table.Sanity(ctx, caller("bob"), play.Sanity{Loss: st.loss}, roll(st.faces...))
		if err != nil {
			t.Fatal(err)
		}
		if out.Result.Day.Lost != st.lost || out.Result.DayLimit != 12 || out.Result.Indefinite != st.indef || out.Result.Temporary {
			t.Fatalf("%s: %+v", st.loss, out.Result)
		}
	}
	if _, err := e.table.SetCoCDay(ctx, caller("bob"), 0); err == nil {
		t.Fatal("a player moved the day")
	} else {
		wantCode(t, err, "cthulhu.err.not_keeper")
	}
	day, err := e.table.SetCoCDay(ctx, caller("gm"), 0)
	if err != nil || day != 2 {
		t.Fatalf("next day %d %v", day, err)
	}
	if d, _ := e.table.CoCDay(ctx, caller("bob")); d != 2 {
		t.Errorf("day %d", d)
	}
	// Day 2: the tally starts again at the first loss (and, insane already, a loss starts a bout: 1 round, entry 1).
	out, err = e.table.Sanity(ctx, caller("bob"), play.Sanity{Loss: "0/1", Bout: coc.BoutSummary}, roll(8, 8, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if out.Day != 2 || out.Result.Day != (coc.SanDay{Day: 2, Start: 48, Lost: 1}) || out.Bout == nil || out.Bout.Mode != coc.BoutSummary {
		t.Errorf("day 2: %+v %+v", out.Result.Day, out.Bout)
	}
}

// TestCoCFight: a CoC encounter's order (DEX, a readied firearm +50, ties by arrival); E7.1 (Brawl 50 rolls 20 and
// Dodge 40 rolls 18: both hard, the dodge wins; against Fight Back the attacker hits); E7.9 (max HP 11, 6 damage: a
// major wound, the CON roll fails: unconscious).
func TestCoCFight(t *testing.T) {
	e := newEnv(t)
	e.ada()
	e.sheetCoC("bob", "Ben", coc.Scores{STR: 70, CON: 60, SIZ: 70, DEX: 55, APP: 40, INT: 60, POW: 50, EDU: 60}, 40, nil)
	ctx := context.Background()
	if _, err := e.table.InitStart(ctx, caller("gm"), play.SystemCoC); err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.table.InitJoin(ctx, caller("alice"), play.InitJoin{}, roll()); err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.table.InitJoin(ctx, caller("bob"), play.InitJoin{Firearm: true}, roll()); err != nil {
		t.Fatal(err)
	}
	for _, n := range []struct {
		name string
		dex  int
		npc  play.CoCNPC
	}{
		{"Cultist", 50, play.CoCNPC{Dodge: 40, Fighting: 40, Damage: "1d4"}},
		{"Ghoul", 65, play.CoCNPC{Dodge: 30, Fighting: 50, Damage: "1d6", Armour: 1}},
	} {
		in := play.InitAdd{NPC: encounter.NPCEntry{Name: n.name, HP: 9}, CoC: play.Reading[play.NewCoCNPC]{In: play.NewCoCNPC{DEX: n.dex, Stats: n.npc}}}
		if _, _, err := e.table.InitAdd(ctx, caller("gm"), in, roll()); err != nil {
			t.Fatal(err)
		}
	}
	enc, err := e.table.Encounter(ctx, caller("gm"))
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, c := range enc.Combatants {
		order = append(order, c.Name)
	}
	if got := strings.Join(order, " "); got != "Ben Ada Ghoul Cultist" {
		t.Errorf("order %q", got)
	}
	// The same rule as rules/coc's InitiativeOrder.
	places := coc.InitiativeOrder([]coc.Fighter{{DEX: 65}, {DEX: 55, ReadiedFirearm: true}, {DEX: 50}, {DEX: 65}})
	if places[0].Index != 1 || places[1].Index != 0 || places[2].Index != 3 || places[3].Index != 2 {
		t.Errorf("rules order %+v", places)
	}
	if _, _, err := e.table.InitJoin(ctx, caller("alice"), play.InitJoin{Character: "Ada", Given: true}, roll()); err == nil {
		t.Error("a CoC character joined with an initiative bonus")
	}

	attack := func(who, character, target string, d coc.Defence, faces ...int) *play.AttackCoCResult {
		t.Helper()
		e.store.take()
		res, err := e.table.Attack(ctx, caller(who), play.Attack{Character: character, Target: target, CoC: play.Reading[play.AttackCoC]{In: play.AttackCoC{Defence: d}}}, roll(faces...))
		if err != nil {
			t.Fatal(err)
		}
		if r, w := e.store.take(); r != 0 || w != 1 {
			t.Errorf("attack: %d reads, %d writes", r, w)
		}
		if res.System != play.SystemCoC {
			t.Fatalf("system %s", res.System)
		}
		return res.CoC
	}
	// E7.1: faces 2,10 are 20; 1,8 are 18.
	a := attack("alice", "", "Cultist", coc.DefenceDodge, 2, 10, 1, 8)
	if a.Melee.Outcome != coc.MeleeDodged || a.Damage != nil || a.Melee.Attack.Level != coc.Hard || a.Melee.Defend.Level != coc.Hard {
		t.Fatalf("dodge: %+v", a.Melee)
	}
	if *a.MeleeOdds != *coc.MeleeOddsOf(coc.MeleeInput{Attack: coc.CheckInput{Value: 50}, Defence: coc.DefenceDodge, Defend: coc.CheckInput{Value: 40}}) {
		t.Errorf("melee odds %+v", a.MeleeOdds)
	}
	// Fight Back with Fighting 40: the attacker wins the tie; unarmed 1d3 rolls 2, damage bonus 0.
	a = attack("alice", "", "Cultist", coc.DefenceFightBack, 2, 10, 1, 8, 2)
	if a.Melee.Outcome != coc.MeleeHit || a.Damage.Total != 2 || a.Hurt.NPCHP.HPAfter != 7 || !a.Hurt.Vague {
		t.Fatalf("fight back: %+v %+v", a.Melee, a.Hurt)
	}
	// E7.9: the GM's Ghoul (Fighting 50) rolls 30; Ada's Dodge 32 rolls 90; 1d6 rolls 6 of her 11: a major wound;
	// CON 60 rolls 75: unconscious.
	a = attack("gm", "Ghoul", "Ada", "", 3, 10, 9, 10, 6, 7, 5)
	w := a.Hurt.Wound
	if a.Attacker != "Ghoul" || a.Damage.Total != 6 || w == nil || !w.MajorWound || w.CON == nil || w.CON.Success || !w.Unconscious || w.After != 5 {
		t.Fatalf("major wound: %+v %+v", a.Damage, w)
	}
	ada := e.cocSheet("alice", "Ada")
	if ada.HP != 5 || !ada.Has(coc.MajorWound) || !ada.Has(coc.Prone) || !ada.Has(coc.Unconscious) {
		t.Errorf("stored Ada %+v", ada)
	}
	// Unconscious, she cannot attack; a blow on her is not defended.
	if _, err := e.table.Attack(ctx, caller("alice"), play.Attack{Target: "Ghoul"}, roll(1, 1)); err == nil {
		t.Error("an unconscious investigator attacked")
	} else {
		wantCode(t, err, "cthulhu.err.unconscious")
	}
	a = attack("gm", "Ghoul", "Ada", coc.DefenceDodge, 3, 10, 1)
	if a.Melee.Defence != coc.DefenceNone || a.Melee.Defend != nil || a.Hurt.Wound.After != 4 {
		t.Errorf("no defence when unconscious: %+v %+v", a.Melee, a.Hurt.Wound)
	}
}

// TestCoCSheets: a CoC sheet through create, show, set, rename, export and import (which drops the last roll), and
// the commands of other systems refusing it by name.
func TestCoCSheets(t *testing.T) {
	e := newEnv(t)
	e.ada()
	ctx := context.Background()
	sh, err := e.table.ShowSheet(ctx, caller("alice"), "")
	if err != nil {
		t.Fatal(err)
	}
	if sh.CoC.MaxHP != 11 || sh.CoC.SAN != 60 || sh.CoC.Derived().Dodge != 32 || sh.CoC.Derived().MOV != 8 {
		t.Errorf("derived %+v %+v", sh.CoC, sh.CoC.Derived())
	}
	e.store.take()
	sh, err = e.table.SetSheet(ctx, caller("alice"), play.SheetEdit{CoC: func(c *coc.Character) error { return c.SetSkill("listen", "", 55) }})
	if err != nil {
		t.Fatal(err)
	}
	if r, w := e.store.take(); r != 0 || w != 1 {
		t.Errorf("set: %d reads, %d writes", r, w)
	}
	if v, _ := sh.CoC.SkillValue("listen", ""); v != 55 {
		t.Errorf("listen %d", v)
	}
	if _, err := e.table.RenameSheet(ctx, caller("alice"), "", "Ada Lovelace"); err != nil {
		t.Fatal(err)
	}
	if c := e.cocSheet("alice", "Ada Lovelace"); c.Name != "Ada Lovelace" {
		t.Errorf("renamed sheet %q", c.Name)
	}
	if _, err := e.table.Check(ctx, caller("alice"), checkCoC("listen", coc.CheckOptions{}), roll(9, 9)); err != nil {
		t.Fatal(err)
	}
	ex, err := e.table.ExportSheet(ctx, caller("alice"), "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(ex.Raw), `"last_roll"`) {
		t.Errorf("the stored sheet keeps no last roll: %s", ex.Raw)
	}
	if _, err := e.table.ImportSheet(ctx, caller("bob"), ex.System, "Ada copy", json.RawMessage(ex.Raw)); err != nil {
		t.Fatal(err)
	}
	cp, err := e.table.ExportSheet(ctx, caller("bob"), "Ada copy")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(cp.Raw), `"last_roll"`) {
		t.Errorf("the import kept the last roll: %s", cp.Raw)
	}
	if _, err := e.table.Check(ctx, caller("bob"), pushCoC("listen"), roll(1, 1)); err == nil {
		t.Error("pushed a roll the copy never made")
	} else {
		wantCode(t, err, "cthulhu.err.no_last_roll")
	}
	// Other systems' commands refuse the sheet by name; CoC refuses /cast and temporary HP.
	if _, err := e.table.Save(ctx, caller("alice"), "", dnd5e.Con, dnd5e.RollOptions{}, roll(10)); err == nil {
		t.Error("a 5e save by a CoC character")
	} else {
		wantCode(t, err, "play.err.not_dnd5e")
	}
	if _, err := e.table.Cast(ctx, caller("alice"), play.Cast{}, roll()); err == nil {
		t.Error("a CoC character cast")
	} else {
		wantCode(t, err, "cthulhu.err.no_cast")
	}
	if _, err := e.table.HP(ctx, caller("alice"), play.HP{Kind: play.HPTemp, Amount: 3}, roll()); err == nil {
		t.Error("temporary HP in CoC")
	} else {
		wantCode(t, err, "cthulhu.err.no_temp_hp")
	}
	e.sheet5e("carl", "Borin", "fighter", 2, borinScores)
	if _, err := e.table.Check(ctx, caller("carl"), checkCoC("listen", coc.CheckOptions{}), roll(9, 9)); err == nil {
		t.Error("a 5e character made a CoC roll")
	}
	// The guild's default system is CoC once set: a sheet asked for without a system is one.
	if _, err := e.table.SetSetting(ctx, caller("gm"), "system", play.SystemCoC); err != nil {
		t.Fatal(err)
	}
	g, err := e.table.Settings(ctx, caller("gm"))
	if err != nil {
		t.Fatal(err)
	}
	if play.RequestedSystem("", g) != play.SystemCoC {
		t.Errorf("default system %q", g.System)
	}
}

// TestCoCRerun: every CoC command's transaction function may run twice (a store retrying a conflict; storetest.Rerun
// throws the first run away): what is stored is what one run does — the day moves on once, Luck is spent once, a
// hit lands once. The forced dice are given twice, once for each run.
func TestCoCRerun(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "rerun.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	e := &env{t: t, store: &counting{Store: storetest.Rerun(db)}}
	e.table = play.New(e.store)
	e.ada()
	ctx := context.Background()
	twice := func(faces ...int) dice.Roller { return roll(append(append([]int(nil), faces...), faces...)...) }
	res, err := e.table.Check(ctx, caller("alice"), checkCoC("spot_hidden", coc.CheckOptions{}), twice(5, 8))
	if err != nil {
		t.Fatal(err)
	}
	if res.CoC.Seq != 1 {
		t.Errorf("seq %d after one roll", res.CoC.Seq)
	}
	if _, err := e.table.CoCSpendLuck(ctx, caller("alice"), res.CoC.CharacterID, 1, 8); err != nil {
		t.Fatal(err)
	}
	if _, err := e.table.SetCoCDay(ctx, caller("gm"), 0); err != nil {
		t.Fatal(err)
	}
	if _, err := e.table.Sanity(ctx, caller("alice"), play.Sanity{Loss: "0/3"}, twice(9, 9)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.table.HP(ctx, caller("alice"), play.HP{Kind: play.HPDamage, Amount: 2}, twice()); err != nil {
		t.Fatal(err)
	}
	ada := e.cocSheet("alice", "Ada")
	if d, _ := e.table.CoCDay(ctx, caller("alice")); d != 2 || ada.Luck != 32 || ada.SAN != 57 || ada.SanDay.Lost != 3 ||
		ada.SanDay.Day != 2 || ada.HP != 9 {
		t.Errorf("after reruns: day %d, %+v", d, ada)
	}
}
