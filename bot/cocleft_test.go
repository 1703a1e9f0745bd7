package bot_test

import (
	"os"
	"strings"
	"testing"

	"rulekeeper/play/sessionlog"
	"rulekeeper/rules/coc"
	"rulekeeper/store"
)

// Issue 17/18 leftovers: CoC states in /init list, dead investigators and NPCs passed over, no manoeuvre against
// the dead or unconscious, the CoC keys in /init add's defences description.

// listRow is the /init list JSON row named name.
func listRow(t *testing.T, r playLine, name string) map[string]any {
	t.Helper()
	rows, _ := r.Result["rows"].([]any)
	for _, x := range rows {
		if row := x.(map[string]any); row["name"] == name {
			return row
		}
	}
	t.Fatalf("no row %s: %v", name, r.Result)
	return nil
}

// cocStateTable: Ada (HP 11) dying, Cleo (HP 10) dead, Ben unhurt, a Ghoul dead at 0 HP; all in a CoC encounter.
func cocStateTable(t *testing.T) *playEnv {
	e := newPlayEnv(t)
	e.ok("alice", createAda)
	e.ok("bob", `/sheet create system:coc name:Ben skills:"STR 70 CON 60 SIZ 70 DEX 55 APP 40 INT 60 POW 50 EDU 60 Luck 40"`)
	e.ok("carol", `/sheet create system:coc name:Cleo skills:"STR 40 CON 50 SIZ 50 DEX 65 APP 60 INT 70 POW 55 EDU 70 Luck 50"`)
	e.ok("gm", "/init start system:coc")
	e.ok("gm", "/init add name:Ghoul hp:2 dex:70 defences:dodge:30")
	for _, u := range []string{"alice", "carol", "bob"} {
		e.ok(u, "/init join")
	}
	e.ok("alice", "/hp damage amount:11") // 0 HP with a major wound: dying
	e.ok("carol", "/hp damage amount:21") // past max HP: dead
	if c := e.coc("carol", "Cleo"); !c.Has(coc.Dead) {
		t.Fatalf("Cleo %+v", c.Conditions)
	}
	return e
}

// killGhoul: Ben's Brawl rolls 10, the Ghoul's Dodge 90; 1d3+1d4 roll 2 and 2: 4 damage puts it at 0 HP.
func killGhoul(t *testing.T, e *playEnv) {
	t.Helper()
	r := e.ok("bob", "/attack target:Ghoul", 1, 10, 9, 10, 2, 2)
	if sub2(t, r.Result, "hurt", "npc_hp")["hp_after"] != 0.0 {
		t.Fatalf("Ben's blow: %v\n%s", r.Result, r.Text)
	}
}

// TestCoCInitListState: investigators show HP and their state in /init list, like 5e characters.
func TestCoCInitListState(t *testing.T) {
	e := cocStateTable(t)
	r := e.ok("gm", "/init list")
	for _, want := range []struct{ name, state string }{{"Ada", "dying"}, {"Cleo", "dead"}, {"Ben", ""}} {
		row := listRow(t, r, want.name)
		if row["hp"] == nil || row["hp_max"] == nil {
			t.Errorf("%s: no HP %v", want.name, row)
		}
		if st, _ := row["state"].(string); st != want.state {
			t.Errorf("%s: state %q, want %q", want.name, st, want.state)
		}
	}
	for _, line := range strings.Split(r.Text, "\n") {
		if strings.Contains(line, "Ada") && !strings.Contains(strings.ToLower(line), "dying") {
			t.Errorf("Ada's line without her state: %q", line)
		}
		if strings.Contains(line, "Cleo") && !strings.Contains(strings.ToLower(line), "dead") {
			t.Errorf("Cleo's line without her state: %q", line)
		}
	}
}

// TestCoCDeadSkipped: dead investigators and NPCs at 0 HP are passed over in the turn order and announced.
func TestCoCDeadSkipped(t *testing.T) {
	e := cocStateTable(t)
	killGhoul(t, e)
	seen := map[string]bool{}
	skipped := map[string]bool{}
	for range 4 {
		r := e.ok("gm", "/init next", 5, 5, 5, 5)
		turn := sub(t, r.Result, "turn")
		seen[sub(t, turn, "began")["name"].(string)] = true
		sk, _ := turn["skipped"].([]any)
		for _, x := range sk {
			skipped[x.(map[string]any)["name"].(string)] = true
		}
		if len(sk) > 0 && !strings.Contains(r.Text, "skipped") && !strings.Contains(r.Text, "passed over") {
			t.Errorf("skip not announced:\n%s", r.Text)
		}
	}
	if seen["Cleo"] || seen["Ghoul"] || !seen["Ada"] || !seen["Ben"] {
		t.Errorf("turns began: %v", seen)
	}
	if !skipped["Cleo"] || !skipped["Ghoul"] {
		t.Errorf("skipped: %v", skipped)
	}
}

// TestCoCManoeuvreDown: a manoeuvre on a dead or unconscious target is refused.
func TestCoCManoeuvreDown(t *testing.T) {
	e := cocStateTable(t)
	e.refused("bob", "/coc manoeuvre kind:grapple target:Cleo", "cthulhu.err.manoeuvre_down")
	killGhoul(t, e)
	e.refused("bob", "/coc manoeuvre kind:grapple target:Ghoul", "cthulhu.err.manoeuvre_down")
	e.ok("gm", "/hp damage amount:13 character:Ben") // Ben to 0 HP
	if b := e.coc("bob", "Ben"); !b.Has(coc.Unconscious) && !b.Has(coc.Dying) {
		t.Fatalf("Ben %+v", b.Conditions)
	}
	e.ok("gm", "/init add name:Brute hp:10 dex:40")
	e.refused("gm", "/coc manoeuvre kind:knock_down character:Brute target:Ben", "cthulhu.err.manoeuvre_down")
}

// TestInitAddDefencesDescCoC: /init add's defences: description names the CoC keys in every language.
func TestInitAddDefencesDescCoC(t *testing.T) {
	for _, lang := range []string{"en", "zh-CN", "zh-TW", "ko"} {
		data, err := os.ReadFile("../locales/catalog/rt." + lang + ".toml")
		if err != nil {
			t.Fatal(err)
		}
		var line string
		for _, l := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(l, `"cmd.init.add.defences.desc"`) {
				line = l
			}
		}
		for _, key := range []string{"dodge", "fighting", "damage", "firearms", "gun", "range", "build"} {
			if !strings.Contains(line, key) {
				t.Errorf("%s: defences description lacks %s: %s", lang, key, line)
			}
		}
	}
}

// TestLogFullTold: a reply that a full running log cannot take says so under its words (issue 18), in the
// reply's language.
func TestLogFullTold(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", `/log start name:"Full"`)
	e.ok("alice", `/say text:"first"`)
	fill := func(tx store.Tx) error {
		rec, err := tx.OpenLog("c1")
		if err != nil {
			return err
		}
		entries, err := tx.LogEntries(rec.ID) // stored apart from the header since schema 3
		if err != nil {
			return err
		}
		for len(entries) < sessionlog.MaxEntries {
			entries = append(entries, entries[len(entries)-1])
		}
		rec.Entries = entries
		return tx.PutLog(rec)
	}
	if err := e.db.Update(e.t.Context(), playGuild, fill); err != nil {
		t.Fatal(err)
	}
	r := e.ok("alice", "/roll expr:1d20", 4)
	if !strings.Contains(r.Text, "This reply was not recorded: This log is full") {
		t.Errorf("no notice:\n%s", r.Text)
	}
}

// TestCoCDiesAtRoundEnd: an investigator at the top of the order whose end-of-round CON roll kills her is passed over
// in the same reply; the turn goes to the next one.
func TestCoCDiesAtRoundEnd(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createAda) // DEX 65, CON 60, HP 11
	e.ok("bob", `/sheet create system:coc name:Ben skills:"STR 70 CON 60 SIZ 70 DEX 55 APP 40 INT 60 POW 50 EDU 60 Luck 40"`)
	e.ok("gm", "/init start system:coc")
	e.ok("alice", "/init join")
	e.ok("bob", "/init join")
	e.ok("alice", "/hp damage amount:11") // a major wound to 0 HP: dying
	e.ok("gm", "/init next")              // round 1: Ada
	e.ok("gm", "/init next")              // Ben
	r := e.ok("gm", "/init next", 9, 9)   // round 1 ends: Ada rolls 99 against CON 60 and dies
	turn := sub(t, r.Result, "turn")
	if began := sub(t, turn, "began")["name"]; began != "Ben" {
		t.Fatalf("the turn began for %v, want Ben:\n%s", began, r.Text)
	}
	sk, _ := turn["skipped"].([]any)
	if len(sk) != 1 || sk[0].(map[string]any)["name"] != "Ada" || !strings.Contains(r.Text, "Ada dies") {
		t.Errorf("skipped %v:\n%s", sk, r.Text)
	}
	if a := e.coc("alice", "Ada"); !a.Has(coc.Dead) {
		t.Errorf("Ada %+v", a.Conditions)
	}
}

// TestCoCManoeuvreFightBack: a defender who fights back a manoeuvre and does better hits the initiator (coc digest
// §7.2: either side may manoeuvre; Fight Back's "defender better" row still deals the defender's damage).
func TestCoCManoeuvreFightBack(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createAda)                                                                                                  // Fighting (Brawl) 50, Build 0, HP 11
	e.ok("bob", `/sheet create system:coc name:Ben skills:"STR 70 CON 60 SIZ 70 DEX 55 APP 40 INT 60 POW 50 EDU 60 Luck 40"`) // Build 1, DB +1d4
	e.ok("gm", "/init start system:coc")
	e.ok("alice", "/init join")
	e.ok("bob", "/init join")
	// Ada: one penalty die, 99 (failure); Ben fights back: 10 (Hard); Ben's fist 1d3 (2) + 1d4 (3) = 5.
	r := e.ok("alice", "/coc manoeuvre kind:grapple target:Ben defence:fight_back", 9, 9, 9, 1, 10, 2, 3)
	if m := sub(t, r.Result, "manoeuvre"); m["success"] != false {
		t.Fatalf("manoeuvre: %v\n%s", r.Result, r.Text)
	}
	if a := e.coc("alice", "Ada"); a.HP != 6 {
		t.Errorf("Ada HP %d, want 6 (11 − 5 from Ben's fight back):\n%s", a.HP, r.Text)
	}
}
