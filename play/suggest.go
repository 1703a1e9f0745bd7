package play

import (
	"context"

	"rulekeeper/rules/encounter"
	"rulekeeper/store"
)

// Reads for autocomplete and for commands that only look: each is one read transaction.

// RosterEntry is a character in a list: its name, system and owner.
type RosterEntry struct {
	Name, System, Owner string
}

// Roster lists the guild's characters: all of them (everyone's, sorted by owner then name), or the caller's own
// (by name) followed, for a GM, by everyone else's.
func (t *Table) Roster(ctx context.Context, c Caller, all bool) ([]RosterEntry, error) {
	var out []RosterEntry
	err := t.view(ctx, c, nil, func(s *scene) error {
		out = nil
		var list []*store.Character
		if !all {
			own, err := s.tx.CharactersOf(c.UserID)
			if err != nil {
				return err
			}
			list = own
		}
		if all || c.GM {
			everyone, err := s.tx.Characters()
			if err != nil {
				return err
			}
			for _, ch := range everyone {
				if all || ch.OwnerID != c.UserID {
					list = append(list, ch)
				}
			}
		}
		for _, ch := range list {
			out = append(out, RosterEntry{Name: ch.Name, System: ch.System, Owner: ch.OwnerID})
		}
		return nil
	})
	return out, err
}

// Encounter reads the channel's encounter; nil when there is none.
func (t *Table) Encounter(ctx context.Context, c Caller) (*encounter.Encounter, error) {
	var out *encounter.Encounter
	err := t.view(ctx, c, nil, func(s *scene) error {
		var err error
		out, err = s.here()
		return err
	})
	return out, err
}
