package bot_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"rulekeeper/bot"
	"rulekeeper/bot/console"
	"rulekeeper/play"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/store"
)

// playEnv is a bot on a real bbolt file with forced dice and a settable clock, for the D&D 5e command tests.
type playEnv struct {
	t    *testing.T
	path string
	db   *store.DB
	bot  *bot.Bot
	mu   sync.Mutex
	now  time.Time
	dice dice.Roller
	cons map[string]*console.Console
	rec  *transcriptRec // -record-transcripts (transcript_test.go)
	ddb  bot.CharacterSource
}

const playGuild = "g5e"

func newPlayEnv(t *testing.T) *playEnv {
	t.Helper()
	e := &playEnv{t: t, path: filepath.Join(t.TempDir(), "play.db"), now: transcriptStart, rec: newTranscriptRec(t)}
	e.open()
	t.Cleanup(func() { e.db.Close() })
	return e
}

// open opens the store and builds a fresh bot (and fresh consoles), as a restarted process would.
func (e *playEnv) open() {
	e.t.Helper()
	db, err := store.Open(e.path, store.Options{NoSync: true})
	if err != nil {
		e.t.Fatal(err)
	}
	e.db = db
	e.dice = dice.NewScripted(nil)
	e.bot = bot.New(bot.Config{
		Table: play.New(db),
		DDB:   e.ddb,
		Dice: func() dice.Roller {
			e.mu.Lock()
			defer e.mu.Unlock()
			return e.dice
		},
		Now: func() time.Time {
			e.mu.Lock()
			defer e.mu.Unlock()
			return e.now
		},
	})
	e.cons = map[string]*console.Console{}
}

// restart closes the store and opens it again with a new bot.
func (e *playEnv) restart() {
	e.t.Helper()
	if err := e.db.Close(); err != nil {
		e.t.Fatal(err)
	}
	e.open()
	e.rec.step("restart")
}

func (e *playEnv) advance(d time.Duration) {
	e.mu.Lock()
	e.now = e.now.Add(d)
	e.mu.Unlock()
	e.rec.step("advance " + d.String())
}

// console returns the console of one user (a GM when the name starts with "gm"), keeping its last reply for `click`.
func (e *playEnv) console(user string) *console.Console {
	c := e.cons[user]
	if c == nil {
		c = &console.Console{Bot: e.bot, UserID: user, GuildID: playGuild, ChannelID: "c1", GM: strings.HasPrefix(user, "gm"), JSON: true}
		e.cons[user] = c
	}
	return c
}

// playLine is one console JSON line.
type playLine struct {
	Text      string         `json:"text"`
	Ephemeral bool           `json:"ephemeral"`
	Mention   string         `json:"mention"` // the user the reply pings (a turn)
	Error     string         `json:"error"`
	Result    map[string]any `json:"result"`
	To        string         `json:"to"` // a post's channel (Reply.Posts)
	Posts     []playLine     `json:"-"`  // the lines after the answer: its posts to other channels
}

// run types one line as user with the given dice faces and decodes the console's JSON line.
func (e *playEnv) run(user, line string, faces ...int) playLine {
	e.t.Helper()
	e.mu.Lock()
	e.dice = dice.NewScripted(faces)
	e.mu.Unlock()
	var out bytes.Buffer
	c := e.console(user)
	c.Exec(line, &out)
	who := user
	if c.Locale != "" {
		who += "@" + c.Locale
	}
	e.rec.line(who, faces, line, out.Bytes())
	var pl playLine
	dec := json.NewDecoder(bytes.NewReader(out.Bytes()))
	if err := dec.Decode(&pl); err != nil {
		e.t.Fatalf("%s: %q: %v", line, out.String(), err)
	}
	for dec.More() {
		var post playLine
		if err := dec.Decode(&post); err != nil {
			e.t.Fatalf("%s: %q: %v", line, out.String(), err)
		}
		pl.Posts = append(pl.Posts, post)
	}
	return pl
}

// ok runs a line that must succeed.
func (e *playEnv) ok(user, line string, faces ...int) playLine {
	e.t.Helper()
	pl := e.run(user, line, faces...)
	if pl.Error != "" {
		e.t.Fatalf("%s %s: error %s: %s", user, line, pl.Error, pl.Text)
	}
	return pl
}

// sheet reads a character's stored sheet.
func (e *playEnv) sheet(owner, name string) *dnd5e.Character {
	e.t.Helper()
	var c *dnd5e.Character
	err := e.db.View(e.t.Context(), playGuild, func(tx store.Tx) error {
		ch, err := tx.FindCharacter(owner, name)
		if err != nil {
			return err
		}
		c, err = dnd5e.Decode(ch.Sheet)
		return err
	})
	if err != nil {
		e.t.Fatalf("sheet %s/%s: %v", owner, name, err)
	}
	return c
}

// snapshot is every character record of the guild, to prove that a refused command changed nothing.
func (e *playEnv) snapshot() string {
	e.t.Helper()
	var b strings.Builder
	err := e.db.View(e.t.Context(), playGuild, func(tx store.Tx) error {
		all, err := tx.Characters()
		for _, c := range all {
			b.WriteString(c.ID + " " + c.Name + " " + string(c.Sheet) + " " + c.Updated.String() + "\n")
		}
		return err
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return b.String()
}

// jnum reads a JSON number field.
func jnum(t *testing.T, m map[string]any, key string) int {
	t.Helper()
	v, ok := m[key].(float64)
	if !ok {
		t.Fatalf("result lacks number %q: %v", key, m)
	}
	return int(v)
}

// The two characters of the scenarios. Aria: rogue 3, DEX 16, CON 14, 24 HP, AC 13, Stealth +7 (expertise),
// rapier +5 / 1d8+3. Borin: fighter 2, STR 16, CON 15, 20 HP, AC 11, resistant to fire, longsword +5 / 1d8+3.
const (
	createAria  = "/sheet create name:Aria class:rogue level:3 str:10 dex:16 con:14 int:12 wis:13 cha:8 skills:stealth,perception,medicine expertise:stealth"
	attackAria  = `/sheet set field:attack value:"rapier dex prof 1d8[piercing]"`
	createBorin = "/sheet create name:Borin class:fighter level:2 str:16 dex:12 con:15 int:8 wis:13 cha:10 skills:athletics"
	attackBorin = `/sheet set field:attack value:"longsword str prof 1d8[slashing]"`
	resistBorin = "/sheet set field:resist value:fire"
)

func (e *playEnv) party() {
	e.t.Helper()
	e.ok("alice", createAria)
	e.ok("alice", attackAria)
	e.ok("bob", createBorin)
	e.ok("bob", attackBorin)
	e.ok("bob", resistBorin)
}

// brawl puts the named characters' owners' characters in an encounter of the channel (started by the GM,
// fixed initiative totals): combatants of one encounter may harm each other's characters (issue 11).
func (e *playEnv) brawl(owners ...string) {
	e.t.Helper()
	e.ok("gm-carol", "/init start")
	e.join(owners...)
}

// join puts the owners' active characters in the channel's encounter (fixed initiative totals from 20 down).
func (e *playEnv) join(owners ...string) {
	e.t.Helper()
	for i, o := range owners {
		e.ok(o, "/init join total:"+strconv.Itoa(20-i))
	}
}

// TestPlayScenario plays a session through the console as several users, restarts the process, and checks that
// everything is still there; owners, strangers and GMs get what they may.
func TestPlayScenario(t *testing.T) {
	e := newPlayEnv(t)
	e.party()
	a := e.sheet("alice", "Aria")
	if a.HP != 24 || a.MaxHP != 24 || a.AC != 13 || a.Speed != 30 || a.HitDice != 3 || a.SkillBonus("stealth") != 7 {
		t.Fatalf("Aria: %+v", a)
	}
	b := e.sheet("bob", "Borin")
	if b.HP != 20 || b.AC != 11 || len(b.Resist) != 1 {
		t.Fatalf("Borin: %+v", b)
	}

	// Play: a check and a save.
	if r := e.ok("alice", "/check skill:stealth dc:15", 9); r.Result["outcome"] != "success" || jnum(t, r.Result, "total") != 16 {
		t.Errorf("stealth: %+v", r.Result)
	}
	if r := e.ok("bob", "/save ability:con dc:14", 10); r.Result["outcome"] != "success" || jnum(t, r.Result, "total") != 14 {
		t.Errorf("CON save (proficient): %+v", r.Result)
	}
	// Alice attacks Borin in a fight: 15 + 5 = 20 hits AC 11, 6 + 3 = 9 piercing; the damage lands on Borin's sheet.
	e.brawl("alice", "bob")
	r := e.ok("alice", "/attack weapon:rapier target:Borin", 15, 6)
	if r.Result["outcome"] != "hit" || jnum(t, r.Result, "damage") != 9 || e.sheet("bob", "Borin").HP != 11 {
		t.Fatalf("attack: %+v / %s", r.Result, r.Text)
	}
	e.ok("gm-carol", "/init end")
	// Fire is resisted: 15 → 7.
	e.ok("bob", "/hp damage amount:15 type:fire")
	if hp := e.sheet("bob", "Borin").HP; hp != 4 {
		t.Fatalf("after fire: HP %d, want 4", hp)
	}
	// Down to 0, then death saves to stable, the later ones with the button.
	if r := e.ok("bob", "/hp damage amount:10"); r.Result["state"] != "dying" {
		t.Fatalf("drop: %+v", r.Result)
	}
	e.ok("bob", "/deathsave roll", 12)
	r = e.ok("bob", "click 1", 15)
	if jnum(t, r.Result, "successes") != 2 || r.Result["state"] != "dying" {
		t.Fatalf("second save: %+v", r.Result)
	}
	r = e.ok("bob", "click 1", 10)
	if r.Result["state"] != "stable" || r.Result["outcome"] != "success" {
		t.Fatalf("third save: %+v", r.Result)
	}
	if r := e.run("alice", "/deathsave stabilize character:Borin", 12); r.Error != dnd5e.ErrAlreadyStable {
		t.Errorf("stabilize a stable character: %+v", r)
	}
	// Heal, rest.
	e.ok("bob", "/hp heal amount:5")
	if r := e.ok("bob", "/rest short hit_dice:1", 7); jnum(t, r.Result, "hp") != 14 || jnum(t, r.Result, "hit_dice") != 1 {
		t.Fatalf("short rest: %+v", r.Result)
	}
	e.advance(time.Hour)
	if r := e.ok("bob", "/rest long"); jnum(t, r.Result, "hp") != 20 || jnum(t, r.Result, "hit_dice") != 2 {
		t.Fatalf("long rest: %+v", r.Result)
	}
	e.ok("alice", "/condition add name:poisoned rounds:10")

	// Restart: a new process on the same file.
	before := e.snapshot()
	e.restart()
	if after := e.snapshot(); after != before {
		t.Fatalf("the store changed across the restart:\n%s\n%s", before, after)
	}
	e.advance(time.Hour)
	r = e.ok("bob", "/sheet show")
	if jnum(t, r.Result, "hp") != 20 || jnum(t, r.Result, "hp_max") != 20 || r.Result["state"] != "conscious" {
		t.Errorf("Borin after restart: %+v", r.Result)
	}
	if r := e.run("bob", "/rest long"); r.Error != dnd5e.ErrLongRestTooSoon || !strings.Contains(r.Text, "23 h 0 min") {
		t.Errorf("long rest again after restart: %+v", r)
	}
	if r := e.ok("alice", "/condition list"); !strings.Contains(r.Text, "Poisoned") || !strings.Contains(r.Text, "10") {
		t.Errorf("Aria's condition after restart: %s", r.Text)
	}
	// The poisoned condition is applied by the other commands: disadvantage on the check.
	if r := e.ok("alice", "/check skill:perception", 18, 4); jnum(t, r.Result, "natural") != 4 || !strings.Contains(r.Text, "Poisoned: disadvantage") {
		t.Errorf("poisoned check: %+v %s", r.Result, r.Text)
	}

	// Ownership: a stranger is refused and nothing changes (harm outside a fight, an edit); a GM may.
	before = e.snapshot()
	for _, c := range [][2]string{
		{"/hp damage amount:3 character:Borin", "play.err.harm_refused"},
		{"/condition add name:prone character:Borin", "play.err.harm_refused"},
		{"/rest short hit_dice:1 character:Borin", "char.err.not_owner"},
	} {
		line, code := c[0], c[1]
		r := e.run("alice", line, 5)
		if r.Error != code || !r.Ephemeral || !strings.Contains(r.Text, "Borin") {
			t.Errorf("alice: %s: %+v", line, r)
		}
	}
	// /sheet set (the lead's sheet plumbing) finds only the caller's own characters by name.
	if r := e.run("alice", "/sheet set field:ac value:20 character:Borin"); r.Error != "char.err.not_found" && r.Error != "char.err.not_owner" {
		t.Errorf("alice: /sheet set on Borin: %+v", r)
	}
	if after := e.snapshot(); after != before {
		t.Errorf("a refused command changed the store")
	}
	if r := e.ok("gm-carol", "/sheet set field:ac value:12 character:Borin"); jnum(t, r.Result, "ac") != 12 {
		t.Errorf("GM set: %+v", r.Result)
	}
	if r := e.ok("gm-carol", "/hp damage amount:3 character:Borin"); jnum(t, r.Result, "hp") != 17 {
		t.Errorf("GM damage: %+v", r.Result)
	}
	if e.sheet("bob", "Borin").HP != 17 {
		t.Error("the GM's change was not saved")
	}
}

// TestPlayJSONResults checks the result fields every 5e command puts under "result" (README "JSON results").
func TestPlayJSONResults(t *testing.T) {
	e := newPlayEnv(t)
	e.party()
	e.brawl("alice", "bob")
	tests := []struct {
		user, line string
		faces      []int
		want       map[string]any // exact values; nil value = the field must exist
	}{
		{"alice", "/sheet show", nil, map[string]any{"hp": 24.0, "hp_max": 24.0, "hp_temp": 0.0, "state": "conscious", "ac": 13.0, "passive_perception": 13.0, "proficiency": 2.0}},
		{"alice", "/check skill:stealth dc:20", []int{12}, map[string]any{"total": 19.0, "natural": 12.0, "outcome": "failure", "skill": "stealth", "ability": "dex"}},
		{"alice", "/check skill:int", []int{20}, map[string]any{"total": 21.0, "natural": 20.0, "kind": "ability_check"}},
		{"alice", "/save ability:dex mode:adv dc:10", []int{3, 8}, map[string]any{"total": 13.0, "natural": 8.0, "outcome": "success", "mode": "adv"}},
		{"alice", "/attack weapon:rapier target:Borin", []int{20, 4, 5}, map[string]any{"total": 25.0, "natural": 20.0, "outcome": "hit", "critical": true, "damage": 12.0, "target": "Borin"}},
		{"alice", "/attack weapon:rapier ac:18", []int{12}, map[string]any{"total": 17.0, "natural": 12.0, "outcome": "miss", "critical": false, "damage": 0.0}},
		{"alice", "/attack bonus:4 damage:1d6+2 ac:10", []int{1}, map[string]any{"natural": 1.0, "outcome": "miss", "critical": false, "damage": 0.0}},
		{"bob", "/hp temp amount:5", nil, map[string]any{"hp": 8.0, "hp_max": 20.0, "hp_temp": 5.0}},
		{"bob", "/hp damage amount:7", nil, map[string]any{"hp": 6.0, "hp_temp": 0.0, "applied": 2.0, "amount": 7.0}},
		{"bob", "/hp heal amount:4", nil, map[string]any{"hp": 10.0, "applied": 4.0}},
		{"bob", "/hp max amount:30", nil, map[string]any{"hp": 10.0, "hp_max": 30.0}},
		{"bob", "/hp damage amount:10 crit:true", nil, map[string]any{"hp": 0.0, "state": "dying"}},
		{"bob", "/deathsave roll", []int{1}, map[string]any{"total": 1.0, "natural": 1.0, "outcome": "failure", "successes": 0.0, "failures": 2.0, "state": "dying", "hp": 0.0, "hp_max": 30.0, "hp_temp": 0.0}},
		{"alice", "/deathsave stabilize character:Borin", []int{9}, map[string]any{"total": 12.0, "natural": 9.0, "outcome": "success", "state": "stable", "hp": 0.0, "healer": "Aria"}},
		{"bob", "/hp heal amount:2", nil, map[string]any{"hp": 2.0, "state": "conscious"}},
		{"bob", "/rest short hit_dice:2", []int{3, 4}, map[string]any{"total": 11.0, "healed": 11.0, "hp": 13.0, "hp_max": 30.0, "hp_temp": 0.0, "hit_dice": 0.0}},
		{"bob", "/rest long", nil, map[string]any{"hp": 30.0, "hp_max": 30.0, "hp_temp": 0.0, "hit_dice": 1.0, "long": true}},
		{"bob", "/condition add name:exhaustion level:4", nil, map[string]any{"exhaustion": 4.0, "hp": 15.0, "hp_max": 15.0}},
		{"bob", "/condition list", nil, map[string]any{"exhaustion": 4.0, "conditions": nil}},
		{"bob", "/deathsave roll", nil, nil}, // refused above 0 HP: checked below
	}
	for _, tt := range tests[:len(tests)-1] {
		r := e.run(tt.user, tt.line, tt.faces...)
		if r.Error != "" {
			t.Fatalf("%s: error %s: %s", tt.line, r.Error, r.Text)
		}
		for k, want := range tt.want {
			got, ok := r.Result[k]
			if !ok {
				t.Errorf("%s: result lacks %q: %v", tt.line, k, r.Result)
				continue
			}
			if want != nil && got != want {
				t.Errorf("%s: %s = %v, want %v", tt.line, k, got, want)
			}
		}
	}
	if r := e.run("bob", "/deathsave roll", 10); r.Error != dnd5e.ErrNotDying {
		t.Errorf("death save above 0 HP: %+v", r)
	}
}

// refused runs line and checks it is refused with code as a localized, ephemeral error that changes nothing.
// code "" means the line must succeed (it sets up the next row); "dice." accepts any dice error.
func (e *playEnv) refused(user, line, code string, faces ...int) {
	e.t.Helper()
	before := e.snapshot()
	r := e.run(user, line, faces...)
	if code == "" {
		if r.Error != "" {
			e.t.Fatalf("%s: %s %s", line, r.Error, r.Text)
		}
		return
	}
	if r.Error != code && !(code == "dice." && strings.HasPrefix(r.Error, "dice.err.")) {
		e.t.Errorf("%s: error %q, want %q (%s)", line, r.Error, code, r.Text)
	}
	if !r.Ephemeral || r.Text == "" || strings.Contains(r.Text, "{{") || strings.Contains(r.Text, r.Error) {
		e.t.Errorf("%s: not a localized ephemeral error: %+v", line, r)
	}
	if after := e.snapshot(); after != before {
		e.t.Errorf("%s: the refused command changed the store", line)
	}
}

// exportFile exports user's active sheet and returns a writer of import files: each call writes the export with
// the sheet changed by mutate, under name, and returns the file's path.
func (e *playEnv) exportFile(user, system, charName string) func(name string, mutate func(m map[string]any)) string {
	e.t.Helper()
	r := e.ok(user, "/sheet export")
	var exp bot.SheetExport
	raw, _ := json.Marshal(r.Result)
	if err := json.Unmarshal(raw, &exp); err != nil || exp.System != system {
		e.t.Fatalf("export: %s %v", raw, err)
	}
	dir := e.t.TempDir()
	return func(name string, mutate func(m map[string]any)) string {
		var sheet map[string]any
		if err := json.Unmarshal(exp.Sheet, &sheet); err != nil {
			e.t.Fatal(err)
		}
		mutate(sheet)
		data, _ := json.Marshal(sheet)
		file, _ := json.Marshal(bot.SheetExport{Format: bot.SheetFormat, System: system, Name: charName, Sheet: data})
		path := filepath.Join(dir, name+".json")
		if err := os.WriteFile(path, file, 0o600); err != nil {
			e.t.Fatal(err)
		}
		return path
	}
}

// TestPlayBadInput: each bad line is its own localized, ephemeral error and changes nothing.
func TestPlayBadInput(t *testing.T) {
	e := newPlayEnv(t)
	e.party()
	e.ok("bob", "/sheet use character:Borin")
	tests := []struct {
		user, line string
		code       string // "" = must succeed (sets up the next row); "dice." = any dice error
		faces      []int
	}{
		{"alice", "/check skill:juggling", "play.err.unknown_check", nil},
		{"alice", "/check skill:stealth bonus:1d", "dice.", nil},
		{"alice", "/check skill:stealth mode:sideways", "core.err.bad_choice", nil},
		{"alice", "/check skill:stealth dc:101", "core.err.too_large", nil},
		{"alice", "/save ability:luck", dnd5e.ErrUnknownAbility, nil},
		{"alice", "/attack", "play.attack.err.need_weapon", nil},
		{"alice", "/attack weapon:halberd", dnd5e.ErrUnknownAttack, []int{10}},
		{"alice", "/attack weapon:rapier target:Nobody", "play.attack.err.no_target", nil},
		{"alice", "/attack bonus:5 damage:2d ac:11", "dice.", nil},
		{"alice", "/attack bonus:five damage:2d6 ac:11", "dice.", nil},
		{"alice", "/attack weapon:rapier target:Borin distance:-5", "core.err.too_small", nil},
		{"nobody", "/attack bonus:3 damage:1d6 target:Borin", "char.err.no_active", nil},
		{"alice", "/hp damage amount:5 type:psionic", dnd5e.ErrUnknownDamageType, nil},
		{"alice", "/hp damage amount:-1", "core.err.too_small", nil},
		{"alice", "/hp damage amount:10000", "core.err.too_large", nil},
		{"alice", "/hp max amount:0", "core.err.too_small", nil},
		{"alice", "/hp heal amount:5 character:Nobody", "char.err.not_found", nil},
		{"alice", "/rest short hit_dice:4", dnd5e.ErrNotEnoughHitDice, nil},
		{"alice", "/rest long", "", nil},
		{"alice", "/rest long", dnd5e.ErrLongRestTooSoon, nil},
		{"alice", "/deathsave roll", dnd5e.ErrNotDying, []int{10}},
		{"alice", "/deathsave stabilize character:Borin", dnd5e.ErrNotDying, []int{10}},
		{"alice", "/deathsave stabilize character:Aria", "play.stabilize.err.self", []int{10}},
		{"alice", "/condition add name:sleepy", dnd5e.ErrUnknownCondition, nil},
		{"alice", "/condition add name:poisoned level:2", "play.condition.err.level_only_exhaustion", nil},
		{"alice", "/condition add name:exhaustion rounds:2", "play.condition.err.rounds_exhaustion", nil},
		{"alice", "/condition add name:exhaustion level:7", "core.err.too_large", nil},
		{"alice", "/condition remove name:blinded", dnd5e.ErrConditionAbsent, nil},
		{"alice", "/sheet set field:ac value:99", dnd5e.ErrBadAC, nil},
		{"alice", "/sheet set field:str value:abc", "play.err.bad_field_number", nil},
		{"alice", "/sheet set field:dex value:31", dnd5e.ErrBadScore, nil},
		{"alice", "/sheet set field:level value:21", dnd5e.ErrBadLevel, nil},
		{"alice", "/sheet set field:hp value:25", "play.err.bad_set_hp", nil},
		{"alice", "/sheet set field:hit_dice value:4", dnd5e.ErrBadHitDice, nil},
		{"alice", "/sheet set field:skills value:juggling", dnd5e.ErrUnknownSkill, nil},
		{"alice", "/sheet set field:skills value:stealth,stealth", dnd5e.ErrDuplicate, nil},
		{"alice", "/sheet set field:expertise value:arcana", dnd5e.ErrExpertiseNeedsProf, nil},
		{"alice", "/sheet set field:saves value:luck", dnd5e.ErrUnknownAbility, nil},
		{"alice", "/sheet set field:resist value:psionic", dnd5e.ErrUnknownDamageType, nil},
		{"alice", "/sheet set field:class value:pirate", dnd5e.ErrUnknownClass, nil},
		{"alice", `/sheet set field:attack value:axe`, dnd5e.ErrNoDamage, nil},
		{"alice", `/sheet set field:attack value:"axe str 1d"`, "dice.", nil},
		{"alice", `/sheet set field:attack value:"axe con 1d6"`, dnd5e.ErrAttackAbility, nil},
		{"alice", `/sheet set field:attack value:"axe +99 1d6"`, dnd5e.ErrBadAttackBonus, nil},
		{"alice", `/sheet set field:attack value:"axe prof:maybe 1d6"`, "play.err.attack_word", nil},
		{"alice", "/sheet set field:attack_remove value:halberd", dnd5e.ErrUnknownAttack, nil},
		{"alice", "/sheet set field:slots value:4,x", "play.err.bad_slots", nil},
		{"alice", "/sheet set field:spell_ability value:luck", dnd5e.ErrUnknownAbility, nil},
		{"alice", "/sheet set field:wings value:2", "play.err.unknown_field", nil},
		{"alice", "/sheet create name:Cleo class:bard str:31", "core.err.too_large", nil},
		{"alice", "/sheet create name:Cleo", "play.err.class_required", nil},
		{"alice", "/sheet create name:Cleo class:pirate", dnd5e.ErrUnknownClass, nil},
		{"alice", "/sheet create name:Cleo class:bard skills:stealth expertise:arcana", dnd5e.ErrExpertiseNeedsProf, nil},
		{"alice", "/sheet create name:Cleo class:bard skills:juggling", dnd5e.ErrUnknownSkill, nil},
		{"alice", "/sheet create name:Aria class:bard", "char.err.name_taken", nil},
		{"bob", "/condition add name:poisoned character:Aria", "play.err.harm_refused", nil},
		{"alice", "/attack bonus:5 damage:2d6 target:Borin", "play.err.harm_refused", nil},
		{"bob", "/rest short character:Aria", "char.err.not_owner", nil},
	}
	for _, tt := range tests {
		e.refused(tt.user, tt.line, tt.code, tt.faces...)
	}
}

// TestPlayErrorsNameIDs: ids in rules errors are named in the caller's language.
func TestPlayErrorsNameIDs(t *testing.T) {
	e := newPlayEnv(t)
	e.party()
	tests := []struct{ locale, line, want string }{
		{"zh-CN", "/sheet set field:str value:31", "力量"},
		{"zh-TW", "/sheet set field:expertise value:arcana", "奧秘"},
		{"ko", "/condition remove name:blinded", "장님 상태"},
		{"en", "/sheet set field:skills value:stealth,隐匿", "Stealth"},
	}
	for _, tt := range tests {
		c := e.console("alice")
		c.Locale = tt.locale
		r := e.run("alice", tt.line)
		c.Locale = ""
		if r.Error == "" || !strings.Contains(r.Text, tt.want) {
			t.Errorf("%s %s: %q lacks %q", tt.locale, tt.line, r.Text, tt.want)
		}
	}
}

// TestPlayLocalizedNames: skills, abilities, conditions, damage types and classes may be typed in any language.
func TestPlayLocalizedNames(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", "/sheet create name:Mei class:法师 dex:14 skills:隐匿、奧秘,감지 expertise:隱匿")
	m := e.sheet("alice", "Mei")
	if m.Class != "wizard" || !m.HasExpertise("stealth") || !m.Proficient("arcana") || !m.Proficient("perception") {
		t.Fatalf("Mei: %+v", m)
	}
	for _, tt := range []struct {
		line, key, want string
		faces           []int
	}{
		{"/check skill:隐匿", "skill", "stealth", []int{10}},
		{"/check skill:Sleight of Hand", "skill", "sleight_of_hand", []int{10}},
		{"/check skill:민첩", "ability", "dex", []int{10}},
		{"/save ability:Wisdom", "ability", "wis", []int{10}},
		{"/save ability:體質", "ability", "con", []int{10}},
	} {
		r := e.ok("alice", tt.line, tt.faces...)
		if r.Result[tt.key] != tt.want {
			t.Errorf("%s: %s = %v, want %s", tt.line, tt.key, r.Result[tt.key], tt.want)
		}
	}
	e.ok("alice", "/condition add name:중독")
	e.ok("alice", "/condition add name:倒地")
	e.ok("alice", "/hp damage amount:4 type:火焰")
	e.ok("alice", `/sheet set field:attack value:"短剑 敏捷 prof 1d4[穿刺]"`)
	m = e.sheet("alice", "Mei")
	if !m.HasCondition("poisoned") || !m.HasCondition("prone") || m.HP != m.MaxHP-4 {
		t.Errorf("Mei: %+v", m)
	}
	if a, err := m.FindAttack("短剑"); err != nil || a.Ability != "dex" || !a.Proficient || a.Damage != "1d4[piercing]" {
		t.Errorf("attack: %+v %v", a, err)
	}
}

// TestPlayConcurrentHP: 50 goroutines × 100 HP changes on one character through Bot.Handle add up exactly.
func TestPlayConcurrentHP(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("bob", "/sheet create name:Tank class:barbarian con:18 hp:9999")
	e.ok("bob", "/hp damage amount:5000")
	const workers, changes = 50, 100
	var wg sync.WaitGroup
	errs := make(chan string, workers*changes)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range changes {
				// Damage 2 then heal 1: the HP wanders between 4999 − 50·52 and 4999, never 0 or the maximum.
				path, amount := []string{"hp", "damage"}, "2"
				if i%2 == 1 {
					path, amount = []string{"hp", "heal"}, "1"
				}
				r := e.bot.Handle(&bot.Request{Path: path, Options: map[string]any{"amount": amount}, UserID: "bob", GuildID: playGuild})
				if r.ErrorCode != "" {
					errs <- r.ErrorCode + ": " + r.Body + " (worker " + string(rune('0'+w%10)) + ")"
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	want := 4999 - workers*(changes/2)*2 + workers*(changes/2)*1
	if hp := e.sheet("bob", "Tank").HP; hp != want {
		t.Fatalf("HP %d, want %d", hp, want)
	}
}
