package play

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"rulekeeper/rules/coc"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/rogue"
	"rulekeeper/store"
)

// Sheet is a character as a command shows it: its record and its sheet in its system.
type Sheet struct {
	ID, Name, Owner, System string
	Dnd5e                   *dnd5e.Character
	Rogue                   *rogue.Character
	CoC                     *coc.Character
	Raw                     json.RawMessage // the stored sheet
	// Ended are the Rogue's Tale lasting effects a /sheet set ended (Mage Armour when the equipment changes, A24).
	Ended []rogue.Effect
}

// sheetOf is the sheet of a loaded creature (decoded by its system).
func sheetOf(cr *Creature) *Sheet {
	return &Sheet{ID: cr.ch.ID, Name: cr.ch.Name, Owner: cr.ch.OwnerID, System: cr.ch.System, Dnd5e: cr.d5, Rogue: cr.rt, CoC: cr.cc, Raw: cr.ch.Sheet}
}

// sheetRules is one rule system's part of the character commands: loading its sheets and keeping them valid.
type sheetRules interface {
	// load decodes a character's sheet.
	load(cr *Creature) error
	// rename changes the name inside a loaded sheet.
	rename(cr *Creature, name string)
	// fresh validates an untrusted sheet under a name and encodes it for a new character (which holds nothing).
	fresh(sheet json.RawMessage, name string) (json.RawMessage, error)
}

var sheetSystems = map[string]sheetRules{System5e: sheets5e{}, SystemRogue: sheetsRogue{}, SystemCoC: sheetsCoC{}}

// sheetRulesOf is the sheet rules of a character's system: char.err.unknown_system for an unknown one.
func sheetRulesOf(system string) (sheetRules, error) {
	if r, ok := sheetSystems[system]; ok {
		return r, nil
	}
	return nil, fail("char.err.unknown_system", "System", system)
}

type sheets5e struct{}

func (sheets5e) load(cr *Creature) error             { return cr.as5e() }
func (sheets5e) rename(cr *Creature, name string)    { cr.d5.Name = name }
func (sheetsRogue) load(cr *Creature) error          { return cr.asRogue() }
func (sheetsRogue) rename(cr *Creature, name string) { cr.rt.Name = name }

// fresh decodes and validates all of an imported 5e sheet, keeps its known spells and drops any other extra: a
// new character concentrates on nothing, and the conditions a record holds belong to other creatures.
func (sheets5e) fresh(sheet json.RawMessage, name string) (json.RawMessage, error) {
	c, err := dnd5e.Decode(sheet)
	if err != nil {
		return nil, err
	}
	c.Name = strings.TrimSpace(name)
	return EncodeSheet5e(c, storedExtras(sheet).Spells)
}

type sheetsRogue struct{}

func (sheetsRogue) fresh(sheet json.RawMessage, name string) (json.RawMessage, error) {
	c, err := rogue.Decode(sheet)
	if err != nil {
		return nil, err
	}
	c.Name = strings.TrimSpace(name)
	return encodeRogue(c)
}

// NewSheet is /sheet create's input: the name, the system asked for ("" = the guild's default, else D&D 5e) and
// each system's reading of the options — the sheet it builds, or why it cannot.
type NewSheet struct {
	Name   string
	System string
	Dnd5e  Reading[*dnd5e.Character]
	Rogue  Reading[*rogue.Character]
	CoC    Reading[*coc.Character]
}

// RequestedSystem is the system a command asks for: the one given, else the guild's default, else D&D 5e.
func RequestedSystem(given string, g Settings) string {
	switch {
	case given != "":
		return given
	case g.System != "":
		return g.System
	}
	return System5e
}

// CreateSheet creates a character of the caller in the system asked for (decided in the transaction) and makes it
// the caller's active character.
func (t *Table) CreateSheet(ctx context.Context, c Caller, in NewSheet) (*Sheet, error) {
	var out *Sheet
	err := t.update(ctx, c, nil, func(s *scene) error {
		g, err := s.settings()
		if err != nil {
			return err
		}
		ch := &store.Character{OwnerID: c.UserID, Name: strings.TrimSpace(in.Name), System: RequestedSystem(in.System, g)}
		switch ch.System {
		case System5e:
			if in.Dnd5e.Err != nil {
				return in.Dnd5e.Err
			}
			ch.Sheet, err = encode5e(in.Dnd5e.In)
		case SystemRogue:
			if in.Rogue.Err != nil {
				return in.Rogue.Err
			}
			ch.Sheet, err = encodeRogue(in.Rogue.In)
		case SystemCoC:
			if in.CoC.Err != nil {
				return in.CoC.Err
			}
			ch.Sheet, err = encodeCoC(in.CoC.In, nil)
		default:
			return fail("char.err.unknown_system", "System", ch.System)
		}
		if err != nil {
			return err
		}
		if err := s.add(ch); err != nil {
			return err
		}
		out, err = s.written(s.character(ch))
		return err
	})
	return out, err
}

// add stores a new character of the caller and makes it their active one, in this channel and guild-wide.
func (s *scene) add(ch *store.Character) error {
	if err := s.tx.PutCharacter(ch); err != nil {
		return nameTaken(err, ch.Name)
	}
	return s.setActive(ch.ID)
}

// nameTaken turns a store name conflict into a message that names the character.
func nameTaken(err error, name string) error {
	if errors.Is(err, store.ErrConflict) {
		return fail("char.err.name_taken", "Name", name)
	}
	return err
}

// sheet decodes a character record for showing.
func (s *scene) sheet(ch *store.Character) (*Sheet, error) {
	r, err := sheetRulesOf(ch.System)
	if err != nil {
		return nil, err
	}
	cr := s.character(ch)
	if err := r.load(cr); err != nil {
		return nil, err
	}
	return sheetOf(cr), nil
}

// ShowSheet reads the acting character (named, else the caller's active one).
func (t *Table) ShowSheet(ctx context.Context, c Caller, character string) (*Sheet, error) {
	var out *Sheet
	err := t.view(ctx, c, nil, func(s *scene) error {
		ch, err := s.acting(character)
		if err != nil {
			return err
		}
		out, err = s.sheet(ch)
		return err
	})
	return out, err
}

// SheetEntry is one character of /sheet list.
type SheetEntry struct {
	Name, System, Owner string
	Active              bool
}

// Sheets lists the caller's characters (a GM's: everyone's) and which one is active.
func (t *Table) Sheets(ctx context.Context, c Caller) ([]SheetEntry, error) {
	var out []SheetEntry
	err := t.view(ctx, c, nil, func(s *scene) error {
		out = nil
		active, err := s.activeID()
		if err != nil {
			return err
		}
		var list []*store.Character
		if c.GM {
			list, err = s.tx.Characters()
		} else {
			list, err = s.tx.CharactersOf(c.UserID)
		}
		for _, ch := range list {
			out = append(out, SheetEntry{Name: ch.Name, System: ch.System, Owner: ch.OwnerID, Active: ch.ID == active})
		}
		return err
	})
	return out, err
}

// UseSheet makes one of the caller's own characters the active one in this channel (and the guild-wide default
// for channels without a choice of their own).
func (t *Table) UseSheet(ctx context.Context, c Caller, name string) (string, error) {
	var out string
	err := t.update(ctx, c, nil, func(s *scene) error {
		ch, err := s.tx.FindCharacter(c.UserID, name)
		if errors.Is(err, store.ErrNotFound) {
			return fail("char.err.not_found", "Name", name)
		}
		if err != nil {
			return err
		}
		out = ch.Name
		return s.setActive(ch.ID)
	})
	return out, err
}

// SheetEdit is /sheet set's change, for the character's system (decided in the transaction): the edit of that
// system changes the decoded sheet in place (reading and checking the value), or refuses. The edits must be pure —
// they may run more than once — and nil means the system has no such field.
type SheetEdit struct {
	Character string
	Dnd5e     func(*dnd5e.Character) error
	Rogue     func(*rogue.Character) error
	CoC       func(*coc.Character) error
}

// SetSheet changes one field of the acting character's sheet (owner or GM). A 5e character whose change ends its
// concentration (incapacitated) loses the conditions its spell held.
func (t *Table) SetSheet(ctx context.Context, c Caller, in SheetEdit) (*Sheet, error) {
	var out *Sheet
	err := t.update(ctx, c, nil, func(s *scene) error {
		var ended []rogue.Effect
		ch, err := s.editable(in.Character)
		if err != nil {
			return err
		}
		r, err := sheetRulesOf(ch.System)
		if err != nil {
			return err
		}
		cr := s.character(ch)
		if err := r.load(cr); err != nil {
			return err
		}
		switch {
		case cr.d5 != nil && in.Dnd5e != nil:
			err = in.Dnd5e(cr.d5)
		case cr.rt != nil && in.Rogue != nil:
			before := slices.Clone(cr.rt.Effects)
			if err = in.Rogue(cr.rt); err == nil {
				ended = endedEffects(before, cr.rt.Effects)
			}
		case cr.cc != nil && in.CoC != nil:
			err = in.CoC(cr.cc)
		}
		if err != nil {
			return err
		}
		cr.dirty = true
		if err := s.settle(cr); err != nil {
			return err
		}
		out, err = s.written(cr)
		if out != nil {
			out.Ended = ended
		}
		return err
	})
	return out, err
}

// endedEffects are the effects of before that after no longer has (an edit through rogue.Character.Update ends
// Mage Armour on an equipment change).
func endedEffects(before, after []rogue.Effect) []rogue.Effect {
	var out []rogue.Effect
	for _, b := range before {
		if !slices.ContainsFunc(after, func(a rogue.Effect) bool { return a.Kind == b.Kind && a.ID == b.ID }) {
			out = append(out, b)
		}
	}
	return out
}

// written writes a changed character now and reads its sheet back as stored.
func (s *scene) written(cr *Creature) (*Sheet, error) {
	if err := cr.write(s); err != nil {
		return nil, err
	}
	cr.dirty = false
	fresh := &Creature{ch: cr.ch}
	r, err := sheetRulesOf(cr.ch.System)
	if err != nil {
		return nil, err
	}
	if err := r.load(fresh); err != nil {
		return nil, err
	}
	return sheetOf(fresh), nil
}

// RenameSheet renames the acting character (owner or GM); it returns the old name.
func (t *Table) RenameSheet(ctx context.Context, c Caller, character, name string) (string, error) {
	var old string
	name = strings.TrimSpace(name)
	err := t.update(ctx, c, nil, func(s *scene) error {
		ch, err := s.editable(character)
		if err != nil {
			return err
		}
		r, err := sheetRulesOf(ch.System)
		if err != nil {
			return err
		}
		cr := s.character(ch)
		if err := r.load(cr); err != nil {
			return err
		}
		r.rename(cr, name)
		cr.dirty = true
		if err := s.settle(cr); err != nil {
			return err
		}
		old, ch.Name = ch.Name, name
		return nil
	})
	return old, nameTaken(err, name)
}

// SheetToDelete is the acting character, checked for deletion by the caller (owner or GM): the confirmation
// button carries its id.
func (t *Table) SheetToDelete(ctx context.Context, c Caller, character string) (*Sheet, error) {
	var out *Sheet
	err := t.view(ctx, c, nil, func(s *scene) error {
		ch, err := s.editable(character)
		if err == nil {
			out = &Sheet{ID: ch.ID, Name: ch.Name, Owner: ch.OwnerID, System: ch.System}
		}
		return err
	})
	return out, err
}

// DeleteSheet deletes the character with record id id (owner or GM); it returns its name.
func (t *Table) DeleteSheet(ctx context.Context, c Caller, id string) (string, error) {
	var name string
	err := t.update(ctx, c, nil, func(s *scene) error {
		ch, err := s.byID(id, "char.err.gone")
		if err != nil {
			return err
		}
		if !s.canEdit(ch) {
			return fail("char.err.not_owner", "Name", ch.Name)
		}
		name = ch.Name
		return s.tx.DeleteCharacter(id)
	})
	return name, err
}

// ExportSheet reads the acting character's record as stored (anyone's: reading is open).
func (t *Table) ExportSheet(ctx context.Context, c Caller, character string) (*Sheet, error) {
	var out *Sheet
	err := t.view(ctx, c, nil, func(s *scene) error {
		ch, err := s.acting(character)
		if err == nil {
			out = &Sheet{ID: ch.ID, Name: ch.Name, Owner: ch.OwnerID, System: ch.System, Raw: ch.Sheet}
		}
		return err
	})
	return out, err
}

// ImportSheet creates a character of the caller from an exported sheet (untrusted: decoded and validated whole by
// its system) and makes it the active one.
func (t *Table) ImportSheet(ctx context.Context, c Caller, system, name string, sheet json.RawMessage) (string, error) {
	name = strings.TrimSpace(name)
	err := t.update(ctx, c, nil, func(s *scene) error {
		r, err := sheetRulesOf(system)
		if err != nil {
			return err
		}
		data, err := r.fresh(sheet, name)
		if err != nil {
			return err
		}
		return s.add(&store.Character{OwnerID: c.UserID, Name: name, System: system, Sheet: data})
	})
	return name, err
}
