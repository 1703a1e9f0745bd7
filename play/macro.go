package play

import (
	"context"
	"errors"
	"strings"
	"unicode/utf8"

	"rulekeeper/store"
)

// /macro save|run|list|delete (issue 16): a saved command line, a user's own in this guild or a server macro a GM
// saved for everyone (owner ""). play keeps them and enforces the bounds and who may change them; bot checks
// that the line is a command of its table and runs it.

// Macro is a saved command line.
type Macro = store.Macro

// Macro bounds.
const (
	MaxMacroName    = 32  // characters of a name
	MaxMacroCommand = 500 // characters of a command line
	MaxMacros       = 50  // macros per user per guild (and server macros per guild)
)

// MacroSave is /macro save's input; the command is already checked by the caller.
type MacroSave struct {
	Name    string
	Command string
	Server  bool // a server macro: GM only
}

// MacroList is every macro the caller may run: their own and the server's (an own macro shadows a server
// macro of the same name).
type MacroList struct {
	Own    []*Macro
	Server []*Macro
}

// Shadowed reports whether the caller's own macro hides a server macro of that name.
func (l MacroList) Shadowed(server *Macro) bool {
	for _, m := range l.Own {
		if store.FoldName(m.Name) == store.FoldName(server.Name) {
			return true
		}
	}
	return false
}

func macroOwner(c Caller, server bool) string {
	if server {
		return ""
	}
	return c.UserID
}

// checkMacroName refuses an empty or too long name.
func checkMacroName(name string) error {
	if name == "" || utf8.RuneCountInString(name) > MaxMacroName || strings.ContainsAny(name, "\n\r\t") {
		return fail("macro.err.bad_name", "Max", MaxMacroName)
	}
	return nil
}

// SaveMacro saves (or replaces, by name) one macro of the caller or, for a GM, of the server. replaced says a
// macro of that name was there.
func (t *Table) SaveMacro(ctx context.Context, c Caller, in MacroSave) (m *Macro, replaced bool, err error) {
	in.Name, in.Command = strings.TrimSpace(in.Name), strings.TrimSpace(in.Command)
	if err := checkMacroName(in.Name); err != nil {
		return nil, false, err
	}
	if in.Command == "" || utf8.RuneCountInString(in.Command) > MaxMacroCommand {
		return nil, false, fail("macro.err.too_long", "Max", MaxMacroCommand)
	}
	err = t.update(ctx, c, nil, func(s *scene) error {
		if in.Server && !c.GM {
			return fail("macro.err.not_gm")
		}
		owner := macroOwner(c, in.Server)
		_, err := s.tx.Macro(owner, in.Name)
		switch {
		case err == nil:
			replaced = true
		case errors.Is(err, store.ErrNotFound):
			replaced = false
			all, err := s.tx.Macros(owner)
			if err != nil {
				return err
			}
			if len(all) >= MaxMacros {
				return fail("macro.err.too_many", "Max", MaxMacros)
			}
		default:
			return err
		}
		m = &Macro{OwnerID: owner, Name: in.Name, Command: in.Command}
		return s.tx.PutMacro(m)
	})
	if err != nil {
		return nil, false, err
	}
	return m, replaced, nil
}

// DeleteMacro deletes one macro of the caller or, for a GM, of the server, and returns it.
func (t *Table) DeleteMacro(ctx context.Context, c Caller, name string, server bool) (*Macro, error) {
	var out *Macro
	name = strings.TrimSpace(name)
	err := t.update(ctx, c, nil, func(s *scene) error {
		if server && !c.GM {
			return fail("macro.err.not_gm")
		}
		owner := macroOwner(c, server)
		m, err := s.tx.Macro(owner, name)
		if errors.Is(err, store.ErrNotFound) {
			return fail("macro.err.not_found", "Name", name)
		}
		if err != nil {
			return err
		}
		out = m
		return s.tx.DeleteMacro(owner, name)
	})
	return out, err
}

// Macros lists the caller's macros and the server's.
func (t *Table) Macros(ctx context.Context, c Caller) (MacroList, error) {
	var out MacroList
	err := t.view(ctx, c, nil, func(s *scene) error {
		var err error
		if out.Own, err = s.tx.Macros(c.UserID); err != nil {
			return err
		}
		out.Server, err = s.tx.Macros("")
		return err
	})
	return out, err
}

// FindMacro finds the macro /macro run runs: the caller's own of that name, else the server's.
func (t *Table) FindMacro(ctx context.Context, c Caller, name string) (*Macro, error) {
	var out *Macro
	name = strings.TrimSpace(name)
	err := t.view(ctx, c, nil, func(s *scene) error {
		for _, owner := range []string{c.UserID, ""} {
			m, err := s.tx.Macro(owner, name)
			if err == nil {
				out = m
				return nil
			}
			if !errors.Is(err, store.ErrNotFound) {
				return err
			}
		}
		return fail("macro.err.not_found", "Name", name)
	})
	return out, err
}
