package bot_test

import (
	"strings"
	"testing"

	"rulekeeper/bot"
)

// TestPrivateRerollStaysPrivate (issue 11 §3, the table test's repro): /roll private:true, then its "Roll again"
// button, then that reply's button: every reply is ephemeral; a public roll's button stays public.
func TestPrivateRerollStaysPrivate(t *testing.T) {
	e := newPlayEnv(t)
	r := e.ok("alice", `/roll expr:"1d20 + 5 to hit" private:true`, 12)
	if !r.Ephemeral {
		t.Fatalf("private roll: %+v", r)
	}
	for i := range 2 {
		if r := e.ok("alice", "click 1", 7); !r.Ephemeral || !strings.Contains(r.Text, "12") {
			t.Errorf("click %d on a private roll: %+v", i+1, r)
		}
	}
	e.ok("alice", `/roll expr:"1d20 + 5 to hit"`, 12)
	if r := e.ok("alice", "click 1", 7); r.Ephemeral {
		t.Errorf("click on a public roll: %+v", r)
	}
}

// TestPrivateOption (issue 11 §3): /check, /save, /attack, /cast, /deathsave and /stats take private:true and
// answer ephemerally; the death save's "Next death save" button stays private.
func TestPrivateOption(t *testing.T) {
	e := newPlayEnv(t)
	e.party()
	e.ok("alice", createMira2)
	for _, c := range []struct {
		user, line string
		faces      []int
	}{
		{"alice", "/check skill:stealth private:true", []int{10}},
		{"alice", "/save ability:dex private:true", []int{10}},
		{"alice", "/attack bonus:5 damage:1d6 ac:10 private:true", []int{15, 3}},
		{"alice", "/cast spell:fire_bolt private:true", []int{15, 4, 4}},
		{"alice", "/stats expr:2d6 private:true", nil},
		{"bob", "/deathsave stabilize character:Borin kit:true private:true", nil},
	} {
		dying := func() {
			if strings.HasPrefix(c.line, "/deathsave") {
				e.ok("bob", "/hp heal amount:20")
				e.ok("bob", "/hp damage amount:20")
			}
		}
		dying()
		r := e.ok(c.user, c.line, c.faces...)
		if !r.Ephemeral {
			t.Errorf("%s: public", c.line)
		}
		dying()
		if r := e.ok(c.user, strings.TrimSuffix(c.line, " private:true"), c.faces...); r.Ephemeral {
			t.Errorf("%s without private: ephemeral", c.line)
		}
	}
	e.ok("bob", "/hp heal amount:20")
	e.ok("bob", "/hp damage amount:20")
	r := e.ok("bob", "/deathsave roll private:true", 9)
	if !r.Ephemeral || !strings.Contains(r.Text, "Next death save") {
		t.Fatalf("private death save: %+v", r)
	}
	if r := e.ok("bob", "click 1", 12); !r.Ephemeral || r.Result["outcome"] != "success" {
		t.Errorf("its next death save: %+v", r)
	}
}

// TestPrivateMark: a private reply's buttons carry the mark, too long an id is dropped rather than let out, and
// a marked click asks for a private reply before it runs (what a transport defers by).
func TestPrivateMark(t *testing.T) {
	b := bot.New(bot.Config{})
	long := strings.Repeat("1+", 45) + "1d20" // 94 bytes: "reroll:1:" + it fits 100, marked it does not
	r := b.Handle(rollRequestOnce("u", long, true))
	if !r.Ephemeral || len(r.Buttons) != 0 {
		t.Errorf("a private roll whose marked button would be too long: %+v", r.Buttons)
	}
	r = b.Handle(rollRequestOnce("u", "1d20", true))
	if len(r.Buttons) != 1 || !strings.HasPrefix(r.Buttons[0].CustomID, "p!reroll:") {
		t.Fatalf("buttons: %+v", r.Buttons)
	}
	click := &bot.Request{Kind: bot.KindComponent, CustomID: r.Buttons[0].CustomID, UserID: "u"}
	if !click.Private() || bot.ComponentName(click.CustomID) != "reroll" {
		t.Errorf("click %q: private %v, name %q", click.CustomID, click.Private(), bot.ComponentName(click.CustomID))
	}
	if r := b.Handle(click); !r.Ephemeral || len(r.Buttons) != 1 || !strings.HasPrefix(r.Buttons[0].CustomID, "p!reroll:") {
		t.Errorf("the click's reply: %+v", r)
	}
}

// rollRequestOnce is /roll expr [private:true] by user u.
func rollRequestOnce(u, expr string, private bool) *bot.Request {
	r := rollRequest(u, expr)
	delete(r.Options, "repeat")
	if private {
		r.Options["private"] = true
	}
	return r
}

// createMira2 is a wizard for alice (fire bolt).
const createMira2 = "/sheet create name:Mira class:wizard level:5 str:8 dex:14 con:14 int:16 wis:12 cha:10"
