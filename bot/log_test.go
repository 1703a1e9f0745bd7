package bot_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"rulekeeper/play/sessionlog"
)

var updateLogGolden = flag.Bool("update-log-golden", false, "rewrite the wired fight's log exports in play/sessionlog/testdata")

// wiredGolden compares an export of the wired fight with play/sessionlog/testdata/name (the JSON one is also the
// input of play/sessionlog's Chromium test of the wired fight), or rewrites it with -update-log-golden.
func wiredGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("..", "play", "sessionlog", "testdata", name)
	if *updateLogGolden {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from %s (go test ./bot -run %s -update-log-golden rewrites it):\n%s", name, path, t.Name(), got)
	}
}

// TestLoggedFight plays a short scripted fight in a recorded channel through the console and exports its log in
// the three formats: what is recorded (every public reply, with its dice, verdicts and odds; /say lines; nothing
// private, nothing while paused), the JSON asserted, the Markdown against its golden file, the HTML written.
func TestLoggedFight(t *testing.T) {
	e := newPlayEnv(t)
	e.party()
	e.brawl("alice", "bob")             // Aria may attack Borin only in a fight (issue 11); not recorded
	e.ok("alice", "/roll expr:1d20", 4) // before the log: not recorded
	start := e.ok("alice", `/log start name:"Goblin ambush"`)
	if start.Result["state"] != "running" {
		t.Fatalf("/log start: %+v", start.Result)
	}
	e.refused("bob", `/log start name:"Again"`, "log.err.running")
	e.ok("alice", `/say text:"Stay behind me, Borin."`)
	e.ok("alice", "/check skill:stealth dc:15", 9)
	e.ok("alice", "/attack weapon:rapier target:Borin", 15, 6)
	e.ok("bob", "/save ability:con dc:14", 10)
	e.ok("gm", `/say text:"Grr! Give us the gold!" as:"Goblin 1"`)
	e.refused("bob", `/say text:"Boo" as:"Ghost"`, "say.err.as_gm")
	e.ok("bob", `/say text:"brb, pizza" ooc:true`)
	e.ok("alice", "/roll expr:1d6 private:true", 3) // private: not recorded
	e.refused("bob", "/log pause", "log.err.not_yours")
	e.ok("alice", "/log pause")
	e.ok("alice", "/roll expr:1d4", 2) // paused: not recorded
	e.ok("gm", "/log resume")
	e.advance(time.Minute)
	e.ok("alice", "/roll expr:2d20kh1+2 Aria's luck", 5, 17)
	stop := e.ok("gm", "/log stop")
	if stop.Result["state"] != "stopped" || jnum(t, stop.Result, "entries") != 7 {
		t.Fatalf("/log stop: %+v / %s", stop.Result, stop.Text)
	}

	list := e.ok("bob", "/log list")
	if !strings.Contains(list.Text, "Goblin ambush") || !strings.Contains(list.Text, "7") {
		t.Errorf("/log list: %s", list.Text)
	}
	dir := t.TempDir()
	e.console("alice").Out = dir
	files := map[string][]byte{}
	for _, f := range []struct{ format, file string }{{"json", "goblin-ambush.json"}, {"markdown", "goblin-ambush.md"},
		{"html", "goblin-ambush.html"}} {
		r := e.ok("alice", `/log export name:"goblin ambush" format:`+f.format)
		if r.Result["file"] != f.file {
			t.Fatalf("/log export format:%s: %+v", f.format, r.Result)
		}
		data, err := os.ReadFile(filepath.Join(dir, f.file))
		if err != nil {
			t.Fatal(err)
		}
		files[f.format] = data
	}
	l, err := sessionlog.Decode(files["json"])
	if err != nil {
		t.Fatal(err)
	}
	checkWiredLog(t, l)
	wiredGolden(t, "wired-fight.json", files["json"])
	wiredGolden(t, "wired-fight.md", files["markdown"])
	if html := string(files["html"]); !strings.Contains(html, "Stay behind me, Borin.") || !strings.Contains(html, "Goblin 1") {
		t.Errorf("the HTML export lacks the lines")
	}

	stats := e.ok("bob", `/log stats name:"Goblin ambush"`)
	all, _ := stats.Result["all"].(map[string]any)
	if jnum(t, all, "rolls") != 4 || jnum(t, all, "successes") != 3 || jnum(t, all, "damage_dealt") != 9 {
		t.Errorf("/log stats: %+v", stats.Result)
	}
}

// checkWiredLog asserts the recorded entries of the wired fight.
func checkWiredLog(t *testing.T, l *sessionlog.Log) {
	t.Helper()
	type want struct {
		kind      sessionlog.Kind
		character string
		npc       bool
		natural   int
		total     int
		target    int
		outcome   sessionlog.Outcome
		odds      string
	}
	wants := []want{
		{kind: sessionlog.KindSay, character: "Aria"},
		{kind: sessionlog.KindCheck, character: "Aria", natural: 9, total: 16, target: 15, outcome: sessionlog.Success, odds: "13/20"},
		{kind: sessionlog.KindAttack, character: "Aria", natural: 15, total: 20, target: 11, outcome: sessionlog.Success, odds: "3/4"},
		{kind: sessionlog.KindSave, character: "Borin", natural: 10, total: 14, target: 14, outcome: sessionlog.Success, odds: "11/20"},
		{kind: sessionlog.KindSay, character: "Goblin 1", npc: true},
		{kind: sessionlog.KindOOC},
		{kind: sessionlog.KindRoll, natural: 17, total: 19},
	}
	if len(l.Entries) != len(wants) {
		t.Fatalf("%d entries, want %d: %+v", len(l.Entries), len(wants), l.Entries)
	}
	for i, w := range wants {
		got := l.Entries[i]
		if got.Kind != w.kind || got.Character != w.character || got.NPC != w.npc || len(got.Lines) == 0 {
			t.Errorf("entry %d: %s %q npc=%v %q; want %s %q npc=%v", i, got.Kind, got.Character, got.NPC, got.Lines,
				w.kind, w.character, w.npc)
		}
		if w.total == 0 {
			if got.Roll != nil {
				t.Errorf("entry %d: a roll %+v", i, got.Roll)
			}
			continue
		}
		r := got.Roll
		if r == nil {
			t.Errorf("entry %d: no roll", i)
			continue
		}
		odds := ""
		if r.Odds != nil {
			odds = r.Odds.Fraction
		}
		if r.Natural != w.natural || r.Total != w.total || r.Target != w.target || r.Outcome != w.outcome || odds != w.odds {
			t.Errorf("entry %d roll: natural %d total %d target %d %s odds %q; want %d %d %d %s %q", i, r.Natural, r.Total,
				r.Target, r.Outcome, odds, w.natural, w.total, w.target, w.outcome, w.odds)
		}
	}
	if d := l.Entries[2].Damage; d == nil || d.Amount != 9 || d.Target != "Borin" {
		t.Errorf("attack damage: %+v", d)
	}
	if l.Entries[0].Lines[0] != "Stay behind me, Borin." {
		t.Errorf("say line %q", l.Entries[0].Lines)
	}
	if r := l.Entries[6].Roll; r.Expr != "2d20kh1+2" || len(r.Dice) != 2 || !r.Dice[0].Dropped {
		t.Errorf("/roll data: %+v", r)
	}
}

// TestLoggedTurns: /init next records a round marker at a new round and a turn marker for whoever's turn begins,
// before the reply itself; /init prev records no marker.
func TestLoggedTurns(t *testing.T) {
	e := newPlayEnv(t)
	e.party()
	e.ok("gm", "/log start name:Turns")
	e.ok("gm", "/init start")
	e.ok("alice", "/init join", 15)
	e.ok("gm", "/init add name:Goblin hp:7", 5)
	e.ok("gm", "/init next")
	e.ok("gm", "/init next")
	e.ok("gm", "/init next")
	e.ok("gm", "/init prev")
	e.ok("gm", "/log stop")
	dir := t.TempDir()
	e.console("gm").Out = dir
	e.ok("gm", "/log export name:Turns format:json")
	data, err := os.ReadFile(filepath.Join(dir, "turns.json"))
	if err != nil {
		t.Fatal(err)
	}
	l, err := sessionlog.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, en := range l.Entries {
		s := string(en.Kind)
		if en.Kind.Marker() {
			s += " " + en.Character + " r" + strconv.Itoa(en.Round)
		}
		got = append(got, s)
	}
	want := "system|system|system|round  r1|turn Aria r1|system|turn Goblin r1|system|round  r2|turn Aria r2|system|system"
	if strings.Join(got, "|") != want {
		t.Errorf("entries\n%s\nwant\n%s", strings.Join(got, "|"), want)
	}
}
