package storetest

import (
	"errors"
	"testing"

	"rulekeeper/store"
)

// macros: a user's macros and the guild's server macros (owner "") are kept apart, replaced by a name in another
// case, listed in order, deleted, exported and imported with the guild, cleared with it and isolated from other
// guilds.
func (s suite) macros(t *testing.T) {
	st := s.new(t)
	update(t, st, "g1", func(tx store.Tx) error {
		for _, m := range []*store.Macro{
			{OwnerID: "u1", Name: "Stab", Command: "/attack weapon:rapier target:{target}"},
			{OwnerID: "u1", Name: "heal", Command: "/hp heal amount:{n}"},
			{OwnerID: "", Name: "stab", Command: "/roll expr:1d20"},
			{OwnerID: "u2", Name: "Stab", Command: "/roll expr:2d6"},
		} {
			if err := tx.PutMacro(m); err != nil {
				return err
			}
			if m.GuildID != "g1" || m.Updated.IsZero() {
				t.Errorf("PutMacro left guild %q, updated %v", m.GuildID, m.Updated)
			}
		}
		wantErr(t, "PutMacro without a name", tx.PutMacro(&store.Macro{OwnerID: "u1", Command: "/roll"}), store.ErrInvalid)
		wantErr(t, "PutMacro without a command", tx.PutMacro(&store.Macro{OwnerID: "u1", Name: "x"}), store.ErrInvalid)
		wantErr(t, "PutMacro with a control character", tx.PutMacro(&store.Macro{OwnerID: "u\x00", Name: "x", Command: "/roll"}), store.ErrInvalid)
		// the same name in another case replaces
		return tx.PutMacro(&store.Macro{OwnerID: "u1", Name: "STAB", Command: "/attack weapon:dagger target:{target}"})
	})
	view(t, st, "g1", func(tx store.Tx) error {
		m, err := tx.Macro("u1", "stab")
		if err != nil || m.Name != "STAB" || m.Command != "/attack weapon:dagger target:{target}" {
			t.Errorf("Macro(u1, stab) = %+v, %v", m, err)
		}
		if m, err := tx.Macro("", "STAB"); err != nil || m.Command != "/roll expr:1d20" || m.OwnerID != "" {
			t.Errorf("server Macro(stab) = %+v, %v", m, err)
		}
		if _, err := tx.Macro("u3", "stab"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Macro of another user = %v, want ErrNotFound", err)
		}
		wantMacroNames(t, "Macros(u1)", must(tx.Macros("u1")), "u1/heal", "u1/STAB")
		wantMacroNames(t, "Macros(server)", must(tx.Macros("")), "/stab")
		wantMacroNames(t, "AllMacros", must(tx.AllMacros()), "/stab", "u1/heal", "u1/STAB", "u2/Stab")
		return nil
	})
	view(t, st, "g2", func(tx store.Tx) error {
		wantMacroNames(t, "AllMacros of another guild", must(tx.AllMacros()))
		return nil
	})
	if gs, err := st.Guilds(ctx); err != nil || len(gs) != 1 || gs[0] != "g1" {
		t.Errorf("Guilds() = %v, %v; want [g1] (a guild with only macros)", gs, err)
	}
	e, err := store.ExportGuild(ctx, st, "g1")
	if err != nil {
		t.Fatal(err)
	}
	wantMacroNames(t, "export", e.Macros, "/stab", "u1/heal", "u1/STAB", "u2/Stab")
	e.SetGuild("g2")
	if err := store.ImportGuild(ctx, st, e); err != nil {
		t.Fatal(err)
	}
	view(t, st, "g2", func(tx store.Tx) error {
		all := must(tx.AllMacros())
		wantMacroNames(t, "imported", all, "/stab", "u1/heal", "u1/STAB", "u2/Stab")
		for i, m := range all {
			if !m.Updated.Equal(e.Macros[i].Updated) {
				t.Errorf("imported %s updated %v, exported %v", m.Name, m.Updated, e.Macros[i].Updated)
			}
		}
		return nil
	})
	update(t, st, "g1", func(tx store.Tx) error {
		if err := tx.DeleteMacro("u1", "Stab"); err != nil {
			return err
		}
		wantErr(t, "DeleteMacro twice", tx.DeleteMacro("u1", "stab"), store.ErrNotFound)
		wantErr(t, "DeleteMacro of a server name with a user", tx.DeleteMacro("u3", "stab"), store.ErrNotFound)
		return nil
	})
	view(t, st, "g1", func(tx store.Tx) error {
		wantMacroNames(t, "after delete", must(tx.AllMacros()), "/stab", "u1/heal", "u2/Stab")
		return nil
	})
	update(t, st, "g1", func(tx store.Tx) error { return tx.Clear() })
	view(t, st, "g1", func(tx store.Tx) error {
		wantMacroNames(t, "after Clear", must(tx.AllMacros()))
		return nil
	})
	for _, bad := range [][]*store.Macro{
		{nil},
		{{OwnerID: "u1", Name: "a", Command: "/roll"}, {OwnerID: "u1", Name: "A", Command: "/roll"}},
		{{OwnerID: "u1", Name: " ", Command: "/roll"}},
		{{OwnerID: "u1", Name: "a", Command: ""}},
		{{GuildID: "other", OwnerID: "u1", Name: "a", Command: "/roll"}},
	} {
		e := &store.Export{Format: store.ExportFormat, Version: store.ExportVersion, Guild: store.Guild{GuildID: "g3"}, Macros: bad}
		wantErr(t, "import of bad macros", e.Validate(), store.ErrBadExport)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// wantMacroNames compares owner/name pairs in order.
func wantMacroNames(t *testing.T, what string, ms []*store.Macro, want ...string) {
	t.Helper()
	var got []string
	for _, m := range ms {
		got = append(got, m.OwnerID+"/"+m.Name)
	}
	if len(got) != len(want) {
		t.Errorf("%s = %v, want %v", what, got, want)
		return
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("%s = %v, want %v", what, got, want)
			return
		}
	}
}
