package bot

import (
	"encoding/json"
	"slices"
	"strings"

	"rulekeeper/store"
)

// sheetSystem is one rule system's part of the character commands: how its sheets are created from
// `/sheet create` options, shown, and changed by `/sheet set`.
type sheetSystem interface {
	// createOptions are the `/sheet create` options this system reads (merged with the other systems' by name).
	createOptions() []*Option
	// create builds a new sheet from the request's options; the name comes from the "name" option.
	create(req *Request) (json.RawMessage, error)
	// show renders a sheet.
	show(req *Request, ch *store.Character) (*Reply, error)
	// set changes one field of the sheet (validated) and returns the new sheet.
	set(req *Request, ch *store.Character, field, value string) (json.RawMessage, error)
	// fields lists the field names `/sheet set` accepts, for autocomplete and errors.
	fields() []string
	// rename changes the name stored inside the sheet.
	rename(sheet json.RawMessage, name string) (json.RawMessage, error)
}

// characterOption is the optional `character:` option of every command that acts on a character.
func (b *Bot) characterOption() *Option {
	return &Option{Name: "character", Type: String, MaxLen: store.MaxNameLen, Complete: b.completeCharacter}
}

// findCharacter resolves the request's character inside tx: the one named by the `character` option (the
// caller's own first, then anyone's in the guild — reading is open, changing is checked by canEdit), else the
// caller's active character.
func findCharacter(tx store.Tx, req *Request) (*store.Character, error) {
	name := strings.TrimSpace(req.Str("character"))
	if name == "" {
		id, err := tx.Active(req.UserID)
		if err != nil {
			return nil, err
		}
		if id == "" {
			return nil, Errorf("char.err.no_active")
		}
		return tx.Character(id)
	}
	ch, err := findGuildCharacter(tx, req, name)
	if err == nil && ch == nil {
		err = Errorf("char.err.not_found", "Name", name)
	}
	return ch, err
}

// findGuildCharacter finds a character of the guild by name, the caller's own first; nil when there is none.
func findGuildCharacter(tx store.Tx, req *Request, name string) (*store.Character, error) {
	name = strings.TrimSpace(name)
	if ch, err := tx.FindCharacter(req.UserID, name); err == nil {
		return ch, nil
	} else if !errorsIsNotFound(err) {
		return nil, err
	}
	all, err := tx.Characters()
	if err != nil {
		return nil, err
	}
	var found []*store.Character
	for _, c := range all {
		if strings.EqualFold(c.Name, name) {
			found = append(found, c)
		}
	}
	switch len(found) {
	case 0:
		return nil, nil
	case 1:
		return found[0], nil
	}
	return nil, Errorf("char.err.ambiguous", "Name", name, "Count", len(found))
}

func errorsIsNotFound(err error) bool { return store.Code(err) == "store.err.not_found" }

// canEdit reports whether the caller may change ch: its owner, or a GM.
func canEdit(req *Request, ch *store.Character) bool { return ch.OwnerID == req.UserID || req.GM }

// editCharacter runs fn on the request's character in one transaction: fn changes ch (usually ch.Sheet) and the
// character is saved when fn succeeds; on any error nothing changes. Only the owner or a GM may edit.
func (b *Bot) editCharacter(req *Request, fn func(tx store.Tx, ch *store.Character) error) (*store.Character, error) {
	if err := b.guildOnly(req); err != nil {
		return nil, err
	}
	var out *store.Character
	err := b.cfg.Store.Update(req.Ctx, req.GuildID, func(tx store.Tx) error {
		ch, err := findCharacter(tx, req)
		if err != nil {
			return err
		}
		if !canEdit(req, ch) {
			return Errorf("char.err.not_owner", "Name", ch.Name)
		}
		if err := fn(tx, ch); err != nil {
			return err
		}
		out = ch
		return tx.PutCharacter(ch)
	})
	return out, err
}

// viewCharacter reads the request's character.
func (b *Bot) viewCharacter(req *Request) (*store.Character, error) {
	if err := b.guildOnly(req); err != nil {
		return nil, err
	}
	var out *store.Character
	err := b.cfg.Store.View(req.Ctx, req.GuildID, func(tx store.Tx) error {
		ch, err := findCharacter(tx, req)
		out = ch
		return err
	})
	return out, err
}

// completeCharacter suggests the caller's characters (and, for a GM, everyone's) whose name starts with what
// was typed.
func (b *Bot) completeCharacter(req *Request) []Choice {
	if b.cfg.Store == nil || req.GuildID == "" {
		return nil
	}
	typed := strings.ToLower(strings.TrimSpace(req.Str(req.Focused)))
	var out []Choice
	_ = b.cfg.Store.View(req.Ctx, req.GuildID, func(tx store.Tx) error {
		list, err := tx.CharactersOf(req.UserID)
		if err != nil {
			return err
		}
		if req.GM {
			all, err := tx.Characters()
			if err != nil {
				return err
			}
			for _, c := range all {
				if c.OwnerID != req.UserID {
					list = append(list, c)
				}
			}
		}
		for _, c := range list {
			if strings.HasPrefix(strings.ToLower(c.Name), typed) && !slices.ContainsFunc(out, func(x Choice) bool { return x.Value == c.Name }) {
				out = append(out, Choice{Name: c.Name, Value: c.Name})
			}
		}
		return nil
	})
	return out
}
