package bot_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"rulekeeper/bot"
	"rulekeeper/store"
)

// TestMacroRun: a saved line runs through the command table as if typed: the same reply and result on the same
// dice, placeholders filled by name from args, private carried over (issue 16).
func TestMacroRun(t *testing.T) {
	e := newPlayEnv(t)
	saved := e.ok("ann", `/macro save name:hit command:"/roll expr:1d20+{bonus}"`)
	if !strings.Contains(saved.Text, "bonus") || saved.Result["name"] != "hit" {
		t.Errorf("save: %+v", saved)
	}
	typed := e.ok("ann", "/roll expr:1d20+5", 14)
	ran := e.ok("ann", `/macro run name:hit args:"bonus:5"`, 14)
	if ran.Text != typed.Text || ran.Ephemeral || !reflect.DeepEqual(ran.Result, typed.Result) {
		t.Errorf("macro run ≠ typed line:\n%+v\n%+v", ran, typed)
	}
	if r := e.ok("ann", `/macro run name:HIT args:"bonus:5" private:true`, 14); !r.Ephemeral || r.Text != typed.Text {
		t.Errorf("private run: %+v", r)
	}
	// a command without a private option is made private too
	e.ok("ann", `/macro save name:me command:"/sheet list"`)
	if r := e.ok("ann", "/macro run name:me private:true"); !r.Ephemeral {
		t.Errorf("private /sheet list: %+v", r)
	}
	// a value with spaces and quotes stays one value: it cannot add options
	e.ok("ann", `/macro save name:say command:"/roll expr:{e}"`)
	r := e.run("ann", `/macro run name:say args:"e:\"1d6 private:true\""`, 3)
	if r.Ephemeral || r.Result["comment"] != "private:true" {
		t.Errorf("a filled value became an option: %+v", r)
	}
}

// TestMacroHelp: /help documents the placeholder rule in every language.
func TestMacroHelp(t *testing.T) {
	e := newPlayEnv(t)
	for locale, want := range map[string]string{"en-US": "by name", "ko": "이름으로", "zh-CN": "按名称", "zh-TW": "依名稱"} {
		r := e.runLocale("ann", locale, "/help command:macro run")
		if r.Error != "" || !strings.Contains(r.Text, want) || !strings.Contains(r.Text, "{") {
			t.Errorf("%s: %q lacks %q", locale, r.Text, want)
		}
	}
}

// TestMacroAttack: the example — a saved attack with a {target} placeholder hits the named target.
func TestMacroAttack(t *testing.T) {
	e := newPlayEnv(t)
	e.party()
	e.brawl("alice", "bob")
	e.ok("alice", `/macro save name:stab command:"/attack weapon:rapier damage:3d6 target:{target}"`)
	r := e.ok("alice", `/macro run name:stab args:"target:Borin"`, 15, 4, 1, 2, 3)
	if got := e.sheet("bob", "Borin").HP; got != 20-(4+3+6) {
		t.Errorf("Borin HP %d after the macro's attack, want %d (%s)", got, 20-13, r.Text)
	}
}

// TestMacroRefused: what save and run refuse, each with its localized error and nothing changed.
func TestMacroRefused(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("ann", `/macro save name:hit command:"/roll expr:{dice}+{bonus}"`)
	e.ok("ann", `/macro save name:plain command:"/roll expr:1d20"`)
	for _, c := range []struct{ line, code string }{
		{`/macro save name:x command:"/nosuch expr:1"`, "core.err.unknown_command"},
		{`/macro save name:x command:"/roll nosuch:1"`, "core.err.unknown_option"},
		{`/macro save name:x command:"/roll repeat:2"`, "core.err.missing_option"},
		{`/macro save name:x command:"/roll expr:1d20 repeat:many"`, "core.err.bad_integer"},
		{`/macro save name:x command:"/sheet"`, "core.err.missing_subcommand"},
		{`/macro save name:x command:"/macro list"`, "macro.err.nested"},
		{`/macro save name:x command:"/macro run name:hit"`, "macro.err.nested"},
		{`/macro save name:x command:"hello"`, "core.err.unknown_command"},
		{`/macro save name:x command:"/roll expr:\"1d20"`, "core.err.unclosed_quote"},
		{`/macro save name:` + strings.Repeat("a", 33) + ` command:"/roll expr:1"`, "core.err.too_long"},
		{`/macro save name:x command:"/roll expr:` + strings.Repeat("1", 500) + `"`, "core.err.too_long"},
		{`/macro save name:x command:"/roll expr:1" scope:server`, "macro.err.not_gm"},
		{`/macro run name:nosuch`, "macro.err.not_found"},
		{`/macro run name:hit args:"dice:1d20"`, "macro.err.missing_arg"},
		{`/macro run name:hit args:"dice:1d20 bonus:2 extra:1"`, "macro.err.unknown_arg"},
		{`/macro run name:hit args:"1d20 2"`, "macro.err.bad_args"},
		{`/macro delete name:nosuch`, "macro.err.not_found"},
		{`/macro run name:plain args:"x:1"`, "macro.err.no_placeholders"},
	} {
		e.refused("ann", c.line, c.code)
	}
	// the missing placeholder is named, in the caller's language
	for _, locale := range []string{"en-US", "ko", "zh-CN", "zh-TW"} {
		r := e.runLocale("ann", locale, `/macro run name:hit args:"dice:1d20"`)
		if r.Error != "macro.err.missing_arg" || !strings.Contains(r.Text, "bonus") || !strings.Contains(r.Text, "hit") {
			t.Errorf("%s: %+v", locale, r)
		}
	}
	// an imported macro that calls a macro is refused when it runs
	e.ok("ann", `/macro save name:ok command:"/roll expr:1"`)
	e.rec.stop()
	if err := e.db.Update(t.Context(), playGuild, func(tx store.Tx) error {
		m, err := tx.Macro("ann", "ok")
		if err != nil {
			return err
		}
		m.Command = "/macro run name:ok"
		return tx.PutMacro(m)
	}); err != nil {
		t.Fatal(err)
	}
	e.refused("ann", "/macro run name:ok", "macro.err.nested")
}

// TestMacroServer: only a GM saves and deletes server macros; everyone runs them; a user's own macro of the same
// name shadows it, and the list says so.
func TestMacroServer(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("gm-carol", `/macro save name:Check command:"/roll expr:1d20+{mod}" scope:server`)
	e.refused("bob", `/macro save name:Check command:"/roll expr:2" scope:server`, "macro.err.not_gm")
	e.refused("bob", "/macro delete name:check scope:server", "macro.err.not_gm")
	if r := e.ok("bob", `/macro run name:check args:"mod:3"`, 10); r.Result["total"] != float64(13) {
		t.Errorf("bob runs the server macro: %+v", r.Result)
	}
	l := e.ok("bob", "/macro list")
	if !strings.Contains(l.Text, "Check") || !strings.Contains(l.Text, "(server)") || strings.Contains(l.Text, "hidden") {
		t.Errorf("bob's list: %q", l.Text)
	}
	e.ok("bob", `/macro save name:check command:"/roll expr:1d6"`)
	if r := e.ok("bob", "/macro run name:check", 4); r.Result["total"] != float64(4) {
		t.Errorf("bob's own macro shadows the server's: %+v", r.Result)
	}
	l = e.ok("bob", "/macro list")
	if !strings.Contains(l.Text, "(server, hidden by yours)") || l.Result == nil {
		t.Errorf("bob's list with a shadowed macro: %q", l.Text)
	}
	if r := e.ok("dave", `/macro run name:check args:"mod:1"`, 10); r.Result["total"] != float64(11) {
		t.Errorf("dave still runs the server macro: %+v", r.Result)
	}
	e.ok("bob", "/macro delete name:check")
	if r := e.ok("bob", `/macro run name:check args:"mod:3"`, 10); r.Result["total"] != float64(13) {
		t.Errorf("after deleting his own, bob runs the server's: %+v", r.Result)
	}
	e.ok("gm-carol", "/macro delete name:check scope:server")
	e.refused("bob", "/macro run name:check", "macro.err.not_found")
	if l := e.ok("bob", "/macro list"); !strings.Contains(l.Text, "No macros") {
		t.Errorf("empty list: %q", l.Text)
	}
}

// TestMacroLimit: at most 50 macros per user per guild; replacing one at the limit is fine.
func TestMacroLimit(t *testing.T) {
	e := newPlayEnv(t)
	e.rec.stop() // 50 saves make no transcript worth replaying
	for i := range 50 {
		e.ok("ann", fmt.Sprintf(`/macro save name:m%d command:"/roll expr:%d"`, i, i+1))
	}
	e.refused("ann", `/macro save name:one-more command:"/roll expr:1"`, "macro.err.too_many")
	if r := e.ok("ann", `/macro save name:M7 command:"/roll expr:70"`); r.Result["replaced"] != true {
		t.Errorf("replace at the limit: %+v", r.Result)
	}
	e.ok("bob", `/macro save name:m1 command:"/roll expr:1"`)
}

// TestMacroComplete: run and delete suggest the macros the caller may run, own first, server ones marked and
// hidden when shadowed.
func TestMacroComplete(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("gm-carol", `/macro save name:Stealth command:"/roll expr:1d20" scope:server`)
	e.ok("gm-carol", `/macro save name:Stab command:"/roll expr:1d4" scope:server`)
	e.ok("bob", `/macro save name:stab command:"/roll expr:1d6"`)
	e.ok("bob", `/macro save name:heal command:"/roll expr:1d8"`)
	for _, sub := range []string{"run", "delete"} {
		r := e.bot.Handle(&bot.Request{Kind: bot.KindAutocomplete, Path: []string{"macro", sub}, Focused: "name",
			Options: map[string]any{"name": "ST"}, UserID: "bob", GuildID: playGuild, ChannelID: "c1"})
		var got []string
		for _, c := range r.Choices {
			got = append(got, c.Name+"="+c.Value)
		}
		want := []string{"stab=stab", "Stealth (server)=Stealth"}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v, want %v", sub, got, want)
		}
	}
}
