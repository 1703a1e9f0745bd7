package play

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"rulekeeper/rules/dice"
	"rulekeeper/rules/encounter"
	"rulekeeper/store"
)

// scene is one command's transaction: the caller, the dice, and everything loaded so far — characters (each once,
// whatever name found it), encounters by channel, creatures. At the end, flush writes what changed.
type scene struct {
	tx    store.Tx
	c     Caller
	r     dice.Roller
	guild *Settings

	encs      map[string]*encounter.Encounter // channel → its encounter (nil: none), once read
	encDirty  map[string]bool
	encDelete map[string]bool
	chars     map[string]*Creature // character id → creature
	npcs      map[string]*Creature // channel + "/" + combatant id → creature
	order     []*Creature          // in loading order: flush writes in this order
}

func newScene(tx store.Tx, c Caller, r dice.Roller) *scene {
	return &scene{tx: tx, c: c, r: r, encs: map[string]*encounter.Encounter{}, encDirty: map[string]bool{},
		encDelete: map[string]bool{}, chars: map[string]*Creature{}, npcs: map[string]*Creature{}}
}

// settings are the guild's settings, read once.
func (s *scene) settings() (Settings, error) {
	if s.guild == nil {
		g, err := s.tx.Guild()
		if err != nil {
			return Settings{}, err
		}
		s.guild = &g
	}
	return *s.guild, nil
}

// encounter reads a channel's encounter once; nil without an error when there is none.
func (s *scene) encounter(channel string) (*encounter.Encounter, error) {
	if channel == "" {
		return nil, nil
	}
	if e, ok := s.encs[channel]; ok {
		return e, nil
	}
	rec, err := s.tx.Encounter(channel)
	if errors.Is(err, store.ErrNotFound) {
		s.encs[channel] = nil
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	e, err := encounter.Decode(rec.Data)
	if err != nil {
		return nil, err
	}
	s.encs[channel] = e
	return e, nil
}

// here is the channel's encounter (nil when there is none).
func (s *scene) here() (*encounter.Encounter, error) { return s.encounter(s.c.ChannelID) }

// mustHere is the channel's encounter, init.err.none when there is none.
func (s *scene) mustHere() (*encounter.Encounter, error) {
	e, err := s.here()
	if err == nil && e == nil {
		err = fail("init.err.none")
	}
	return e, err
}

// changed marks a channel's encounter to be saved.
func (s *scene) changed(channel string) { s.encDirty[channel] = true }

// putEncounter stores a new encounter of a channel.
func (s *scene) putEncounter(channel string, e *encounter.Encounter) {
	s.encs[channel] = e
	s.encDirty[channel] = true
	delete(s.encDelete, channel)
}

// deleteEncounter ends a channel's encounter.
func (s *scene) deleteEncounter(channel string) {
	s.encs[channel] = nil
	s.encDelete[channel] = true
	delete(s.encDirty, channel)
}

// gm reports whether the caller may run the channel's encounter e for others.
func (s *scene) gm(e *encounter.Encounter) bool {
	return e != nil && e.MayControl(s.c.UserID, s.c.GM)
}

// flush writes what the command changed: the characters (5e sheets with the concentration they keep) and NPCs
// first, then the encounters.
func (s *scene) flush() error {
	for _, cr := range s.order {
		if err := cr.write(s); err != nil {
			return err
		}
	}
	channels := make([]string, 0, len(s.encDirty)+len(s.encDelete))
	for ch := range s.encDirty {
		channels = append(channels, ch)
	}
	for ch := range s.encDelete {
		channels = append(channels, ch)
	}
	slices.Sort(channels)
	for _, ch := range channels {
		if s.encDelete[ch] {
			if err := s.tx.DeleteEncounter(ch); err != nil {
				return err
			}
			continue
		}
		data, err := json.Marshal(s.encs[ch])
		if err != nil {
			return err
		}
		if err := s.tx.PutEncounter(&store.Encounter{ChannelID: ch, Data: data}); err != nil {
			return err
		}
	}
	return nil
}

// --- characters ---

// canEdit reports whether the caller may change a character: its owner, or a GM.
func (s *scene) canEdit(ch *store.Character) bool { return ch.OwnerID == s.c.UserID || s.c.GM }

// findCharacter finds a character of the guild by name, the caller's own first; nil when there is none.
func (s *scene) findCharacter(name string) (*store.Character, error) {
	name = strings.TrimSpace(name)
	if ch, err := s.tx.FindCharacter(s.c.UserID, name); err == nil {
		return ch, nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return nil, err
	}
	all, err := s.tx.Characters()
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
	return nil, fail("char.err.ambiguous", "Name", name, "Count", len(found))
}

// acting is the character a command acts with: the one named (the caller's own first, then anyone's in the guild —
// reading is open, changing is checked by canEdit), else the caller's active character.
func (s *scene) acting(name string) (*store.Character, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		id, err := s.activeID()
		if err != nil {
			return nil, err
		}
		if id == "" {
			return nil, fail("char.err.no_active")
		}
		return s.tx.Character(id)
	}
	ch, err := s.findCharacter(name)
	if err == nil && ch == nil {
		err = fail("char.err.not_found", "Name", name)
	}
	return ch, err
}

// editable is acting, refused unless the caller may change the character.
func (s *scene) editable(name string) (*store.Character, error) {
	ch, err := s.acting(name)
	if err != nil {
		return nil, err
	}
	if !s.canEdit(ch) {
		return nil, fail("char.err.not_owner", "Name", ch.Name)
	}
	return ch, nil
}

// maybeByID reads a character by id; nil when there is none.
func (s *scene) maybeByID(id string) (*store.Character, error) {
	ch, err := s.tx.Character(id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	return ch, err
}

// byID reads a character by id; gone (a catalog key) when there is none.
func (s *scene) byID(id, gone string, kv ...any) (*store.Character, error) {
	ch, err := s.tx.Character(id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fail(gone, kv...)
	}
	return ch, err
}
