package bot

import (
	"encoding/json"
	"strings"

	"rulekeeper/rules/rogue"
	"rulekeeper/store"
)

// Transitional: the store helpers of the commands not yet in play.

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

// --- reading and writing a sheet ---

// decodeRogue reads a stored character's Rogue's Tale sheet; any other system is a clear error.
func decodeRogue(ch *store.Character) (*rogue.Character, error) {
	if ch.System != systemRogue {
		return nil, Errorf("rt.err.not_rogue", "Name", ch.Name)
	}
	return rogue.Decode(ch.Sheet)
}

// encodeRogue validates a sheet and encodes it for the store.
func encodeRogue(c *rogue.Character) (json.RawMessage, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	return c.Encode()
}

// editRogue runs fn on the request's Rogue's Tale character in one transaction (owner or GM only) and saves it;
// on any error nothing changes.
func (b *Bot) editRogue(req *Request, fn func(tx store.Tx, ch *store.Character, c *rogue.Character) error) (*store.Character, *rogue.Character, error) {
	var c *rogue.Character
	ch, err := b.editCharacter(req, func(tx store.Tx, ch *store.Character) error {
		var err error
		if c, err = decodeRogue(ch); err != nil {
			return err
		}
		if err := fn(tx, ch, c); err != nil {
			return err
		}
		ch.Sheet, err = encodeRogue(c)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return ch, c, nil
}

// viewRogue reads the request's Rogue's Tale character.
func (b *Bot) viewRogue(req *Request) (*store.Character, *rogue.Character, error) {
	ch, err := b.viewCharacter(req)
	if err != nil {
		return nil, nil, err
	}
	c, err := decodeRogue(ch)
	if err != nil {
		return nil, nil, err
	}
	return ch, c, nil
}
