package play_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"rulekeeper/play"
	"rulekeeper/rules/coc"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
	"rulekeeper/rules/rogue"
)

// TestTransactionsPerCommand runs every command of the table once, in a session with both systems, and counts its
// store transactions: each command is exactly one — a write for a change, a read for a look — whatever it reads,
// decides and writes inside (design §3). bot adds one read per request: the guild's settings.
func TestTransactionsPerCommand(t *testing.T) {
	e := newEnv(t)
	e.fight5e()
	e.sheetRogue("carl", "Grak")
	e.sheetCoC("dave", "Ada", adaScores, 40, map[coc.Skill]int{"library_use": 60, "spot_hidden": 50})
	ctx := context.Background()
	bg := func(user string) play.Caller { return caller(user) }
	hold, _ := dnd5e.LookupSpell("hold_person")
	two := 2
	type step struct {
		command       string
		reads, writes int
		run           func() error
	}
	steps := []step{
		{"/attack (5e, tracked target)", 0, 1, func() error {
			_, err := e.table.Attack(ctx, bg("bob"), attack5e("Goblin 1", "longsword"), roll(3, 1))
			return err
		}},
		{"/attack (Rogue's Tale, given defences)", 0, 1, func() error {
			in := play.Attack{Rogue: play.Reading[play.AttackRT]{In: play.AttackRT{Weapon: rogue.Weapon{Damage: "1d6"}, Dodge: &two, AdHocName: "x"}}}
			_, err := e.table.Attack(ctx, bg("carl"), in, roll(6, 6, 3, 3, 3, 3, 3, 3))
			return err
		}},
		{"/cast (5e, hold person)", 0, 1, func() error {
			in := play.Cast{Dnd5e: play.Reading[play.Cast5e]{In: play.Cast5e{Spell: hold, Targets: []string{"Goblin 2"}, Mode: dnd5e.Normal}}}
			_, err := e.table.Cast(ctx, bg("alice"), in, roll(15))
			return err
		}},
		{"/hp damage (5e)", 0, 1, func() error {
			_, err := e.table.HP(ctx, bg("bob"), play.HP{Kind: play.HPDamage, Amount: 3}, roll())
			return err
		}},
		{"/hp heal (Rogue's Tale)", 0, 1, func() error {
			_, err := e.table.HP(ctx, bg("carl"), play.HP{Kind: play.HPHeal, Amount: 1}, roll())
			return err
		}},
		{"/check (5e)", 0, 1, func() error {
			_, err := e.table.Check(ctx, bg("bob"), play.Check{Dnd5e: play.Reading[play.Check5e]{In: play.Check5e{Skill: "athletics"}}}, roll(10))
			return err
		}},
		{"/check (Rogue's Tale)", 0, 1, func() error {
			_, err := e.table.Check(ctx, bg("carl"), play.Check{Rogue: play.Reading[rogue.CheckOptions]{In: rogue.CheckOptions{Attr: rogue.Str}}}, roll(3, 4))
			return err
		}},
		{"/check (CoC)", 0, 1, func() error {
			_, err := e.table.Check(ctx, bg("dave"), checkCoC("library_use", coc.CheckOptions{}), roll(7, 1))
			return err
		}},
		{"/check push:true (CoC)", 0, 1, func() error {
			_, err := e.table.Check(ctx, bg("dave"), pushCoC("library_use"), roll(4, 4))
			return err
		}},
		{"Spend Luck button (CoC)", 0, 1, func() error {
			res, err := e.table.Check(ctx, bg("dave"), checkCoC("spot_hidden", coc.CheckOptions{}), roll(5, 8))
			if err != nil {
				return err
			}
			e.store.take() // the button's own transaction is counted
			_, err = e.table.CoCSpendLuck(ctx, bg("dave"), res.CoC.CharacterID, res.CoC.Seq, 8)
			return err
		}},
		{"Push button (CoC)", 0, 1, func() error {
			res, err := e.table.Check(ctx, bg("dave"), checkCoC("library_use", coc.CheckOptions{}), roll(9, 9))
			if err != nil {
				return err
			}
			e.store.take() // the button's own transaction is counted
			_, err = e.table.CoCPush(ctx, bg("dave"), res.CoC.CharacterID, res.CoC.Seq, roll(1, 1))
			return err
		}},
		{"/san", 0, 1, func() error {
			_, err := e.table.Sanity(ctx, bg("dave"), play.Sanity{Loss: "0/1d3"}, roll(9, 9, 2))
			return err
		}},
		{"/coc day next", 0, 1, func() error { _, err := e.table.SetCoCDay(ctx, bg("gm"), 0); return err }},
		{"/coc day", 1, 0, func() error { _, err := e.table.CoCDay(ctx, bg("dave")); return err }},
		{"/coc develop", 0, 1, func() error {
			_, err := e.table.CoCDevelop(ctx, bg("dave"), "", true, roll(9, 9, 3, 2, 2, 1))
			return err
		}},
		{"/coc opposed", 0, 1, func() error {
			v := 40
			_, err := e.table.CoCOpposed(ctx, bg("dave"), play.OpposedCoC{Subject: coc.CharSubject(coc.STR), Value: &v}, roll(1, 1, 2, 2))
			return err
		}},
		{"/attack (CoC, untracked)", 0, 1, func() error {
			_, err := e.table.Attack(ctx, bg("dave"), play.Attack{CoC: play.Reading[play.AttackCoC]{In: play.AttackCoC{}}}, roll(1, 5, 2))
			return err
		}},
		{"/coc aid", 0, 1, func() error {
			_, err := e.table.CoCAidTo(ctx, bg("dave"), play.CoCAid{Skill: coc.FirstAidSkill}, roll(2, 10))
			return err
		}},
		{"/hp damage (CoC)", 0, 1, func() error {
			_, err := e.table.HP(ctx, bg("dave"), play.HP{Kind: play.HPDamage, Amount: 2}, roll())
			return err
		}},
		{"/save", 0, 1, func() error {
			_, err := e.table.Save(ctx, bg("bob"), "", dnd5e.Con, dnd5e.RollOptions{}, roll(10))
			return err
		}},
		{"/identify", 0, 1, func() error {
			_, _, err := e.table.Identify(ctx, bg("alice"), "", hold, false, dnd5e.RollOptions{}, roll(10))
			return err
		}},
		{"/condition add", 0, 1, func() error {
			_, err := e.table.SetCondition(ctx, bg("bob"), play.Condition{Condition: dnd5e.Prone})
			return err
		}},
		{"/condition list", 1, 0, func() error { _, err := e.table.Sheet5e(ctx, bg("bob"), ""); return err }},
		{"/rest short", 0, 1, func() error {
			_, _, err := e.table.Rest(ctx, bg("bob"), "", false, 0, time.Now(), roll())
			return err
		}},
		{"/init next", 0, 1, func() error { _, _, err := e.table.InitTurn(ctx, bg("gm"), true, roll()); return err }},
		{"/init list", 1, 0, func() error { _, _, err := e.table.InitList(ctx, bg("gm")); return err }},
		{"/init move", 0, 1, func() error {
			_, _, err := e.table.InitMove(ctx, bg("gm"), "Goblin 2", &encounter.Pos{X: 1, Y: 1})
			return err
		}},
		{"/init condition", 0, 1, func() error {
			in := play.InitCondition{Combatant: "Goblin 2", Name: "prone", Condition: play.Reading[dnd5e.Condition]{In: dnd5e.Prone}}
			_, _, err := e.table.InitCondition(ctx, bg("gm"), in)
			return err
		}},
		{"/rt turn", 0, 1, func() error {
			_, err := e.table.RTTurn(ctx, bg("carl"), "", 1, rogue.ActionAct, roll(3, 3, 3, 3))
			return err
		}},
		{"/rt effect add", 0, 1, func() error {
			_, _, err := e.table.RTEffectAdd(ctx, bg("carl"), "", rogue.Effect{Kind: rogue.KindHaste, Turns: 3})
			return err
		}},
		{"/sheet show", 1, 0, func() error { _, err := e.table.ShowSheet(ctx, bg("bob"), ""); return err }},
		{"/sheet set", 0, 1, func() error {
			_, err := e.table.SetSheet(ctx, bg("bob"), play.SheetEdit{Dnd5e: func(c *dnd5e.Character) error { c.AC = 16; return nil }})
			return err
		}},
		{"/sheet list", 1, 0, func() error { _, err := e.table.Sheets(ctx, bg("bob")); return err }},
		{"/sheet export + import", 1, 1, func() error {
			sh, err := e.table.ExportSheet(ctx, bg("bob"), "")
			if err != nil {
				return err
			}
			_, err = e.table.ImportSheet(ctx, bg("dave"), sh.System, "Borin copy", json.RawMessage(sh.Raw))
			return err
		}},
		{"/settings crit_rule", 0, 1, func() error {
			_, err := e.table.SetSetting(ctx, bg("gm"), "crit_rule", "max")
			return err
		}},
		{"/effect add (an NPC)", 0, 1, func() error {
			fx := dnd5e.NewEffect(dnd5e.EffectSource{Kind: dnd5e.SourceItem, Name: "ring"}, dnd5e.Duration{}, dnd5e.Mod{Kind: dnd5e.ModAC, Value: 1})
			_, err := e.table.EffectAdd(ctx, bg("gm"), "Goblin 2", fx, false)
			return err
		}},
		{"/action dodge", 0, 1, func() error {
			_, err := e.table.Action(ctx, bg("bob"), play.ActionIn{Action: dnd5e.ActionDodge}, roll())
			return err
		}},
		{"/action help (an NPC helped)", 0, 1, func() error {
			_, err := e.table.Action(ctx, bg("gm"), play.ActionIn{As: "Goblin 1", Action: dnd5e.ActionHelp, Target: "Goblin 2"}, roll())
			return err
		}},
		{"/effect remove", 0, 1, func() error { _, err := e.table.EffectRemove(ctx, bg("gm"), "Goblin 2", "ring"); return err }},
		{"/effect list", 1, 0, func() error { _, err := e.table.EffectList(ctx, bg("bob"), ""); return err }},
		{"/feature use", 0, 1, func() error {
			_, err := e.table.UseFeature(ctx, bg("bob"), play.FeatureUse{Feature: "second_wind"}, roll(5))
			return err
		}},
		{"/feature restore", 0, 1, func() error {
			_, _, err := e.table.FeatureRestore(ctx, bg("bob"), "", "second_wind", 1)
			return err
		}},
		{"/counter create", 0, 1, func() error {
			_, err := e.table.Counter(ctx, bg("bob"), play.CounterEdit{Op: play.CounterCreate, Name: "Arrows", Max: 20})
			return err
		}},
		{"/counter use", 0, 1, func() error {
			_, err := e.table.Counter(ctx, bg("bob"), play.CounterEdit{Op: play.CounterUse, Name: "Arrows"})
			return err
		}},
		{"/macro save", 0, 1, func() error {
			_, _, err := e.table.SaveMacro(ctx, bg("bob"), play.MacroSave{Name: "hit", Command: "/roll expr:1d20"})
			return err
		}},
		{"/macro run (find)", 1, 0, func() error {
			_, err := e.table.FindMacro(ctx, bg("bob"), "hit")
			return err
		}},
		{"/macro list", 1, 0, func() error {
			_, err := e.table.Macros(ctx, bg("bob"))
			return err
		}},
		{"/macro delete", 0, 1, func() error {
			_, err := e.table.DeleteMacro(ctx, bg("bob"), "hit", false)
			return err
		}},
		{"/init add monster", 0, 1, func() error {
			twenty := 20
			in := play.InitAdd{NPC: encounter.NPCEntry{Name: "Fanatic", InitOptions: encounter.InitOptions{Fixed: &twenty}}, Monster: "cult_fanatic"}
			_, _, err := e.table.InitAdd(ctx, bg("gm"), in, roll())
			return err
		}},
		{"/attack as (an NPC's multiattack)", 0, 1, func() error {
			in := play.Attack{As: "Fanatic", Target: "Borin", Dnd5e: play.Reading[play.Attack5e]{In: play.Attack5e{Weapon: "multiattack"}}}
			_, err := e.table.Attack(ctx, bg("gm"), in, roll(10, 2, 10, 2, 10, 2))
			return err
		}},
		{"/save as", 1, 0, func() error {
			_, err := e.table.SaveAs(ctx, bg("gm"), "Fanatic", dnd5e.Wis, dnd5e.RollOptions{DC: 12}, roll(10))
			return err
		}},
		{"/check as", 1, 0, func() error {
			_, err := e.table.CheckAs(ctx, bg("gm"), "Fanatic", play.Check5e{Skill: "deception"}, roll(10))
			return err
		}},
		{"/cast as", 0, 1, func() error {
			in := play.Cast{As: "Fanatic", Dnd5e: play.Reading[play.Cast5e]{In: play.Cast5e{Spell: hold, Targets: []string{"Borin"}}}}
			_, err := e.table.Cast(ctx, bg("gm"), in, roll(3))
			return err
		}},
		{"/hp damage target (an NPC)", 0, 1, func() error {
			_, err := e.table.HP(ctx, bg("gm"), play.HP{Target: "Fanatic", Kind: play.HPDamage, Amount: 4}, roll(15))
			return err
		}},
		{"/hp set", 0, 1, func() error { _, err := e.table.SetHP(ctx, bg("gm"), "Goblin 1", 0); return err }},
		{"/hp revive", 0, 1, func() error { _, err := e.table.Revive(ctx, bg("gm"), "Goblin 1", 2); return err }},
		{"/time advance", 0, 1, func() error { _, err := e.table.AdvanceTime(ctx, bg("gm"), 8*time.Hour, time.Now()); return err }},
		{"/rest long force", 0, 1, func() error {
			_, _, err := e.table.LongRest(ctx, bg("gm"), "Borin", time.Now(), true, roll())
			return err
		}},
		{"/log start", 0, 1, func() error { _, err := e.table.LogStart(ctx, bg("bob"), "Night", "en", logNow); return err }},
		{"(a reply recorded: append)", 0, 1, func() error {
			_, err := e.table.Record(ctx, bg("bob"), sayEntry("bob", "Hello"))
			return err
		}},
		{"/log pause", 0, 1, func() error { _, err := e.table.LogChange(ctx, bg("bob"), play.LogPause, logNow); return err }},
		{"(Here: settings and whether the channel records)", 1, 0, func() error {
			_, _, rec, err := e.table.Here(ctx, bg("bob"))
			if err == nil && rec {
				err = fmt.Errorf("a paused log records")
			}
			return err
		}},
		{"/log list", 1, 0, func() error { _, err := e.table.Logs(ctx, bg("bob")); return err }},
		{"/log export", 1, 0, func() error { _, err := e.table.LogNamed(ctx, bg("bob"), "Night"); return err }},
		{"/log stop", 0, 1, func() error { _, err := e.table.LogChange(ctx, bg("gm"), play.LogStop, logNow); return err }},
		{"/init end", 0, 1, func() error { _, _, err := e.table.InitEnd(ctx, bg("gm"), false); return err }},
	}
	var table strings.Builder
	e.store.take()
	for _, s := range steps {
		t.Run(strings.TrimPrefix(s.command, "/"), func(t *testing.T) {
			err := s.run()
			reads, writes := e.store.take()
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&table, "%-40s %d read, %d write\n", s.command, reads, writes)
			if reads != s.reads || writes != s.writes {
				t.Errorf("%d reads, %d writes; want %d and %d", reads, writes, s.reads, s.writes)
			}
		})
	}
	t.Logf("transactions per command (play; bot adds the guild read):\n%s", table.String())
}
