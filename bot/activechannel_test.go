package bot_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"rulekeeper/bot/console"
	"rulekeeper/rules/dice"
)

// runIn types a line as user in one channel (the console's --channel), decoding the console's JSON line.
func (e *playEnv) runIn(user, channel, line string) playLine {
	e.t.Helper()
	c := &console.Console{Bot: e.bot, UserID: user, GuildID: playGuild, ChannelID: channel, JSON: true}
	e.mu.Lock()
	e.dice = dice.NewScripted(nil)
	e.mu.Unlock()
	var out bytes.Buffer
	c.Exec(line, &out)
	e.rec.line(user+"#"+channel, nil, line, out.Bytes())
	var pl playLine
	if err := json.Unmarshal(out.Bytes(), &pl); err != nil {
		e.t.Fatalf("%s: %q: %v", line, out.String(), err)
	}
	if pl.Error != "" {
		e.t.Fatalf("%s in %s: %s: error %s: %s", user, channel, line, pl.Error, pl.Text)
	}
	return pl
}

// TestActivePerChannel (issue 16, players): one user plays two characters in two channels; /sheet create and
// /sheet use choose for their channel only, a channel without a choice falls back to the guild-wide one (the latest
// choice), and commands that act with "my character" (/hp, /sheet show, /sheet list) use the channel's choice.
func TestActivePerChannel(t *testing.T) {
	e := newPlayEnv(t)
	if r := e.runIn("alice", "c1", createAria); !strings.Contains(r.Text, "in this channel") {
		t.Errorf("create reply %q does not say the sheet is active in this channel", r.Text)
	}
	e.runIn("alice", "c2", createBorinForAlice)
	e.runIn("alice", "c1", "/hp damage amount:3")
	e.runIn("alice", "c2", "/hp damage amount:5")
	if a, b := e.sheet("alice", "Aria").HP, e.sheet("alice", "Borin").HP; a != 24-3 || b != 20-5 {
		t.Fatalf("after damage in c1 and c2: Aria %d (want 21), Borin %d (want 15)", a, b)
	}
	shown := func(channel string) string {
		return jstr(t, e.runIn("alice", channel, "/sheet show").Result, "name")
	}
	for channel, want := range map[string]string{"c1": "Aria", "c2": "Borin", "c3": "Borin"} {
		if got := shown(channel); got != want {
			t.Errorf("/sheet show in %s acts with %q, want %q", channel, got, want)
		}
	}
	e.runIn("alice", "c2", "/sheet use character:Aria")
	e.runIn("alice", "c1", "/sheet use character:Borin")
	for channel, want := range map[string]string{"c1": "Borin", "c2": "Aria", "c3": "Borin"} {
		if got := shown(channel); got != want {
			t.Errorf("after swapping: /sheet show in %s acts with %q, want %q", channel, got, want)
		}
	}
	e.runIn("alice", "c1", "/hp heal amount:1")
	if b := e.sheet("alice", "Borin").HP; b != 16 {
		t.Errorf("heal in c1 after /sheet use: Borin HP %d, want 16", b)
	}
	list := e.runIn("alice", "c2", "/sheet list")
	if !strings.Contains(list.Text, "Aria") || activeInList(t, list.Result) != "Aria" {
		t.Errorf("/sheet list in c2 marks %q active, want Aria: %+v", activeInList(t, list.Result), list.Result)
	}
}

// createBorinForAlice is a second sheet for the same user (HP 20 at level 2 with CON 15 as a fighter).
const createBorinForAlice = "/sheet create name:Borin class:fighter level:2 str:16 dex:12 con:15 int:8 wis:13 cha:10"

// activeInList is the name /sheet list's JSON marks active.
func activeInList(t *testing.T, res map[string]any) string {
	t.Helper()
	raw, _ := json.Marshal(res)
	var r struct {
		Characters []struct {
			Name   string `json:"name"`
			Active bool   `json:"active"`
		} `json:"characters"`
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatal(err)
	}
	for _, s := range r.Characters {
		if s.Active {
			return s.Name
		}
	}
	return ""
}

// jstr is a string field of a JSON result.
func jstr(t *testing.T, m map[string]any, key string) string {
	t.Helper()
	s, ok := m[key].(string)
	if !ok {
		t.Fatalf("result has no string %q: %+v", key, m)
	}
	return s
}

// TestAsFollowsChannelChoice (issue 16): the console's `as NAME` switch acts with the character NAME chose for the
// console's channel with /sheet use, not the guild-wide fallback: bob chose Borin in c1 and then Brak in c2 (so
// Brak is his guild-wide choice); a table session in c1 that switches to bob acts with Borin.
func TestAsFollowsChannelChoice(t *testing.T) {
	e := newPlayEnv(t)
	e.runIn("bob", "c1", createBorin)
	e.runIn("bob", "c1", "/sheet create name:Brak class:fighter level:1 str:16 con:14")
	e.runIn("bob", "c1", "/sheet use character:Borin")
	e.runIn("bob", "c2", "/sheet use character:Brak")
	e.runIn("alice", "c1", createAria)
	table := &console.Console{Bot: e.bot, UserID: "alice", GuildID: playGuild, ChannelID: "c1", JSON: true}
	say := func(line string) playLine {
		t.Helper()
		var out bytes.Buffer
		table.Exec(line, &out)
		var pl playLine
		if err := json.Unmarshal(out.Bytes(), &pl); err != nil || pl.Error != "" {
			t.Fatalf("%s: %q: %v", line, out.String(), err)
		}
		return pl
	}
	if got := jstr(t, say("/sheet show").Result, "name"); got != "Aria" {
		t.Fatalf("alice acts with %q, want Aria", got)
	}
	say("as bob")
	if got := jstr(t, say("/sheet show").Result, "name"); got != "Borin" {
		t.Errorf("after `as bob` in c1: /sheet show acts with %q, want Borin (bob's choice for c1)", got)
	}
	say("/hp damage amount:2")
	if b, k := e.sheet("bob", "Borin").HP, e.sheet("bob", "Brak").HP; b != 20-2 || k != e.sheet("bob", "Brak").MaxHP {
		t.Errorf("after `as bob` in c1: Borin HP %d (want 18), Brak HP %d (want full)", b, k)
	}
	if got := activeInList(t, say("/sheet list").Result); got != "Borin" {
		t.Errorf("after `as bob` in c1: /sheet list marks %q, want Borin", got)
	}
	// and back: `as alice` acts with Aria again; a /sheet use made during the session holds for the switch too
	say("as alice")
	if got := jstr(t, say("/sheet show").Result, "name"); got != "Aria" {
		t.Errorf("after `as alice`: %q, want Aria", got)
	}
	say("as bob")
	say("/sheet use character:Brak")
	say("as alice")
	say("as bob")
	if got := jstr(t, say("/sheet show").Result, "name"); got != "Brak" {
		t.Errorf("after bob's /sheet use in the session: %q, want Brak", got)
	}
}
