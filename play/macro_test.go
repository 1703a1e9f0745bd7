package play_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"rulekeeper/play"
	"rulekeeper/rules/coded"
)

// TestMacroStore: who may save and delete which macros, the bounds, and which macro a name finds (issue 16).
func TestMacroStore(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	save := func(user, name, cmd string, server bool) error {
		_, _, err := e.table.SaveMacro(ctx, caller(user), play.MacroSave{Name: name, Command: cmd, Server: server})
		return err
	}
	refused := []struct {
		what, user, name, cmd string
		server                bool
		code                  string
	}{
		{"server macro by a player", "bob", "x", "/roll expr:1", true, "macro.err.not_gm"},
		{"empty name", "bob", " ", "/roll expr:1", false, "macro.err.bad_name"},
		{"33-character name", "bob", strings.Repeat("a", 33), "/roll expr:1", false, "macro.err.bad_name"},
		{"501-character command", "bob", "x", "/roll expr:" + strings.Repeat("1", 490), false, "macro.err.too_long"},
		{"empty command", "bob", "x", "  ", false, "macro.err.too_long"},
	}
	for _, c := range refused {
		if err := save(c.user, c.name, c.cmd, c.server); !errors.Is(err, coded.Code(c.code)) {
			t.Errorf("%s: err = %v, want %s", c.what, err, c.code)
		}
	}
	if err := save("bob", strings.Repeat("名", 32), "/roll expr:"+strings.Repeat("1", 489), false); err != nil {
		t.Errorf("32-character name, 500-character command: %v", err)
	}
	if err := save("gm", "Stab", "/roll expr:1d20", true); err != nil {
		t.Fatal(err)
	}
	if m, err := e.table.FindMacro(ctx, caller("bob"), "stab"); err != nil || m.OwnerID != "" {
		t.Errorf("bob finds the server macro: %+v, %v", m, err)
	}
	if err := save("bob", "stab", "/roll expr:2d6", false); err != nil {
		t.Fatal(err)
	}
	if m, err := e.table.FindMacro(ctx, caller("bob"), "STAB"); err != nil || m.OwnerID != "bob" || m.Command != "/roll expr:2d6" {
		t.Errorf("bob's own macro shadows the server's: %+v, %v", m, err)
	}
	if m, err := e.table.FindMacro(ctx, caller("carl"), "stab"); err != nil || m.OwnerID != "" {
		t.Errorf("carl still finds the server macro: %+v, %v", m, err)
	}
	l, err := e.table.Macros(ctx, caller("bob"))
	if err != nil || len(l.Own) != 2 || len(l.Server) != 1 || !l.Shadowed(l.Server[0]) {
		t.Errorf("Macros(bob) = %+v, %v; want 2 own, 1 server, shadowed", l, err)
	}
	if _, err := e.table.DeleteMacro(ctx, caller("bob"), "stab", true); !errors.Is(err, coded.Code("macro.err.not_gm")) {
		t.Errorf("bob deletes the server macro: %v", err)
	}
	if _, err := e.table.DeleteMacro(ctx, caller("carl"), "stab", false); !errors.Is(err, coded.Code("macro.err.not_found")) {
		t.Errorf("carl deletes a macro he has not: %v", err)
	}
	if _, err := e.table.DeleteMacro(ctx, caller("gm"), "stab", true); err != nil {
		t.Errorf("the GM deletes the server macro: %v", err)
	}
	if _, err := e.table.FindMacro(ctx, caller("carl"), "stab"); !errors.Is(err, coded.Code("macro.err.not_found")) {
		t.Errorf("after delete: %v", err)
	}
	// at most MaxMacros per user; replacing one at the limit is fine
	for i := len(l.Own); i < play.MaxMacros; i++ {
		if err := save("bob", fmt.Sprint("m", i), "/roll expr:1", false); err != nil {
			t.Fatal(err)
		}
	}
	if err := save("bob", "one more", "/roll expr:1", false); !errors.Is(err, coded.Code("macro.err.too_many")) {
		t.Errorf("macro %d: %v, want macro.err.too_many", play.MaxMacros+1, err)
	}
	if _, replaced, err := e.table.SaveMacro(ctx, caller("bob"), play.MacroSave{Name: "M2", Command: "/roll expr:2"}); err != nil || !replaced {
		t.Errorf("replacing at the limit: replaced %v, %v", replaced, err)
	}
	if err := save("carl", "one more", "/roll expr:1", false); err != nil {
		t.Errorf("another user's limit is their own: %v", err)
	}
}
