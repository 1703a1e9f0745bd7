package storetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"sync"
	"testing"

	"rulekeeper/store"
)

// collation: names and IDs whose byte order differs from a natural-language collation's. ICU en-US sorts
// "émile" before "fred" and "alice" before "Bob"; bytes put "fred" first, and "Bob"'s folded name after
// "alice"… the store must give byte order on every backend.
func (s suite) collation(t *testing.T) {
	st := s.new(t)
	for _, n := range []string{"fred", "Émile", "Bob", "alice", "Zoë", "zoe", "ǅemal", "_x", "10", "9"} {
		put(t, st, "g1", "1", n)
	}
	for _, owner := range []string{"b", "B", "é", "f", "10", "9", "_"} {
		put(t, st, "g1", owner, "x")
	}
	channels := []string{"b", "A", "é", "f", "10", "9", "Z", "_"}
	update(t, st, "g1", func(tx store.Tx) error {
		for _, ch := range channels {
			if err := tx.PutEncounter(&store.Encounter{ChannelID: ch}); err != nil {
				return err
			}
		}
		return nil
	})
	view(t, st, "g1", func(tx store.Tx) error {
		all, err := tx.Characters()
		if err != nil {
			return err
		}
		keys := make([]string, len(all))
		for i, c := range all {
			keys[i] = c.OwnerID + "\x00" + store.FoldName(c.Name)
		}
		if !slices.IsSorted(keys) {
			t.Errorf("Characters() not in byte order: %q", keys)
		}
		of, err := tx.CharactersOf("1")
		if err != nil {
			return err
		}
		var names []string
		for _, c := range of {
			names = append(names, store.FoldName(c.Name))
		}
		if !slices.IsSorted(names) || len(names) != 10 {
			t.Errorf("CharactersOf(1) not in byte order of folded names: %q", names)
		}
		es, err := tx.Encounters()
		if err != nil {
			return err
		}
		var got []string
		for _, e := range es {
			got = append(got, e.ChannelID)
		}
		want := slices.Sorted(slices.Values(channels))
		if !slices.Equal(got, want) {
			t.Errorf("Encounters() = %q, want byte order %q", got, want)
		}
		return nil
	})
	st2 := s.new(t)
	guilds := []string{"b", "A", "é", "f", "10", "9"}
	for _, g := range guilds {
		update(t, st2, g, func(tx store.Tx) error { return tx.PutGuild(store.Guild{Language: "en"}) })
	}
	if got, err := st2.Guilds(ctx); err != nil || !slices.Equal(got, slices.Sorted(slices.Values(guilds))) {
		t.Errorf("Guilds() = %q, %v; want byte order", got, err)
	}
}

// lists: Encounters, Actives and Guilds list what is there, and nothing of other guilds.
func (s suite) lists(t *testing.T) {
	st := s.new(t)
	if gs, err := st.Guilds(ctx); err != nil || len(gs) != 0 {
		t.Errorf("empty store: Guilds() = %q, %v", gs, err)
	}
	view(t, st, "g1", func(tx store.Tx) error {
		es, err1 := tx.Encounters()
		as, err2 := tx.Actives()
		if len(es) != 0 || len(as) != 0 || err1 != nil || err2 != nil {
			t.Errorf("empty guild: Encounters() = %v, %v; Actives() = %v, %v", es, err1, as, err2)
		}
		return nil
	})
	a := put(t, st, "g1", "u1", "Aria")
	b := put(t, st, "g1", "u2", "Bryn")
	put(t, st, "g2", "u1", "Other")
	update(t, st, "g1", func(tx store.Tx) error {
		for _, err := range []error{tx.SetActive("u1", a.ID), tx.SetActive("gm", a.ID), tx.SetActive("u2", b.ID),
			tx.PutEncounter(&store.Encounter{ChannelID: "c2", Data: json.RawMessage(`{"r":2}`)}),
			tx.PutEncounter(&store.Encounter{ChannelID: "c1", Data: json.RawMessage(`{"r":1}`)})} {
			if err != nil {
				return err
			}
		}
		return nil
	})
	update(t, st, "g3", func(tx store.Tx) error { return tx.PutEncounter(&store.Encounter{ChannelID: "c9"}) })
	update(t, st, "g4", func(tx store.Tx) error { return nil }) // a guild that wrote nothing holds no data
	view(t, st, "g1", func(tx store.Tx) error {
		as, err := tx.Actives()
		want := map[string]string{"u1": a.ID, "gm": a.ID, "u2": b.ID}
		if err != nil || !maps.Equal(as, want) {
			t.Errorf("Actives() = %v, %v; want %v", as, err, want)
		}
		es, err := tx.Encounters()
		if err != nil || len(es) != 2 || es[0].ChannelID != "c1" || string(es[0].Data) != `{"r":1}` ||
			es[1].ChannelID != "c2" || es[0].GuildID != "g1" || es[0].Updated.IsZero() {
			t.Errorf("Encounters() = %+v, %v", es, err)
		}
		return nil
	})
	if gs, err := st.Guilds(ctx); err != nil || !slices.Equal(gs, []string{"g1", "g2", "g3"}) {
		t.Errorf("Guilds() = %q, %v; want g1 g2 g3", gs, err)
	}
}

// clear: Clear empties one guild, leaves its neighbours, rolls back with its transaction, and never lets a
// cleared guild hand out an ID again.
func (s suite) clear(t *testing.T) {
	st := s.new(t)
	c := seed(t, st)
	put(t, st, "g10", "u1", "Neighbour")
	err := st.Update(ctx, "g1", func(tx store.Tx) error {
		if err := tx.Clear(); err != nil {
			return err
		}
		return errBoom
	})
	wantErr(t, "Clear then fail", err, errBoom)
	unchanged(t, st, c)
	update(t, st, "g1", func(tx store.Tx) error { return tx.Clear() })
	view(t, st, "g1", func(tx store.Tx) error {
		g, _ := tx.Guild()
		cs, _ := tx.Characters()
		as, _ := tx.Actives()
		es, _ := tx.Encounters()
		if g.Language != "" || len(cs) != 0 || len(as) != 0 || len(es) != 0 {
			t.Errorf("after Clear: guild %+v, %d characters, %d active, %d encounters", g, len(cs), len(as), len(es))
		}
		if _, err := tx.FindCharacter("u1", "Aria"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("after Clear: FindCharacter = %v", err)
		}
		return nil
	})
	if gs, _ := st.Guilds(ctx); !slices.Equal(gs, []string{"g10"}) {
		t.Errorf("after Clear: Guilds() = %q, want g10", gs)
	}
	if d := put(t, st, "g1", "u1", "Aria"); d.ID == c.ID {
		t.Errorf("a cleared guild handed out ID %q again", d.ID)
	}
	view(t, st, "g10", func(tx store.Tx) error {
		if cs, _ := tx.Characters(); len(cs) != 1 {
			t.Errorf("Clear of g1 changed g10: %d characters", len(cs))
		}
		return nil
	})
}

// restore: RestoreCharacter and RestoreEncounter keep the timestamps they are given (Import's need), and
// PutCharacter after a restore does not hand out a restored ID.
func (s suite) restore(t *testing.T) {
	st := s.new(t)
	c0 := put(t, st, "g1", "u0", "First")
	created, updated := c0.Created.AddDate(-2, 0, 0), c0.Created.AddDate(-1, 0, 0)
	next := nextIDs(c0.ID, 3)
	update(t, st, "g1", func(tx store.Tx) error {
		for i, id := range next {
			c := &store.Character{ID: id, OwnerID: "u1", Name: fmt.Sprint("r", i), Created: created, Updated: updated}
			if err := tx.RestoreCharacter(c); err != nil {
				return err
			}
		}
		return tx.RestoreEncounter(&store.Encounter{ChannelID: "c1", Updated: updated})
	})
	view(t, st, "g1", func(tx store.Tx) error {
		c, err := tx.Character(next[0])
		if err != nil || !c.Created.Equal(created) || !c.Updated.Equal(updated) {
			t.Errorf("restored character = %+v, %v; want created %v updated %v", c, err, created, updated)
		}
		e, err := tx.Encounter("c1")
		if err != nil || !e.Updated.Equal(updated) {
			t.Errorf("restored encounter = %+v, %v", e, err)
		}
		return nil
	})
	for range 5 {
		if d := put(t, st, "g1", "u2", fmt.Sprint("new ", len(next))); slices.Contains(next, d.ID) || d.ID == c0.ID {
			t.Fatalf("new character got the taken ID %q", d.ID)
		} else {
			next = append(next, d.ID)
		}
	}
}

// nextIDs returns the n IDs after id in the stores' base-36 counting (after 1000 when id is not a number).
func nextIDs(id string, n int) []string {
	x, err := strconv.ParseUint(id, 36, 64)
	if err != nil {
		x = 1000
	}
	var out []string
	for i := range n {
		out = append(out, strconv.FormatUint(x+uint64(i)+1, 36))
	}
	return out
}

// concurrentSameName: many writers create one name for one owner at once: exactly one wins.
func (s suite) concurrentSameName(t *testing.T) {
	st := s.new(t)
	var wg sync.WaitGroup
	results := make(chan error, s.workers)
	for range s.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results <- st.Update(ctx, "g1", func(tx store.Tx) error {
				return tx.PutCharacter(&store.Character{OwnerID: "u1", Name: "Twin"})
			})
		}()
	}
	wg.Wait()
	close(results)
	won := 0
	for err := range results {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, store.ErrConflict):
			t.Errorf("a losing create: %v, want ErrConflict", err)
		}
	}
	if won != 1 {
		t.Errorf("%d creates of one name succeeded, want 1", won)
	}
	view(t, st, "g1", func(tx store.Tx) error {
		if cs, _ := tx.CharactersOf("u1"); len(cs) != 1 {
			t.Errorf("u1 has %d characters, want 1", len(cs))
		}
		return nil
	})
}

// concurrentIDs: many writers create characters at once: every one gets its own ID, none is overwritten.
func (s suite) concurrentIDs(t *testing.T) {
	st := s.new(t)
	const each = 10
	var wg sync.WaitGroup
	ids := make(chan string, s.workers*each)
	for w := range s.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				var id string
				err := st.Update(ctx, "g1", func(tx store.Tx) error {
					c := &store.Character{OwnerID: fmt.Sprint("u", w), Name: fmt.Sprint("c", i)}
					err := tx.PutCharacter(c)
					id = c.ID
					return err
				})
				if err != nil {
					t.Error(err)
					return
				}
				ids <- id
			}
		}()
	}
	wg.Wait()
	close(ids)
	seen := map[string]bool{}
	for id := range ids {
		if seen[id] {
			t.Errorf("ID %q handed out twice", id)
		}
		seen[id] = true
	}
	view(t, st, "g1", func(tx store.Tx) error {
		if cs, _ := tx.Characters(); len(cs) != s.workers*each || len(seen) != s.workers*each {
			t.Errorf("%d characters stored, %d IDs handed out; want %d", len(cs), len(seen), s.workers*each)
		}
		return nil
	})
}

// guildsInParallel: writers on many guilds at once do not lose updates or see each other.
func (s suite) guildsInParallel(t *testing.T) {
	st := s.new(t)
	const guilds, changes = 10, 20
	var wg sync.WaitGroup
	for g := range guilds {
		guild := fmt.Sprint("g", g)
		c := put(t, st, guild, "u1", "Counter")
		for range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range changes {
					if err := st.Update(ctx, guild, increment(c.ID)); err != nil {
						t.Error(err)
						return
					}
				}
			}()
		}
	}
	wg.Wait()
	for g := range guilds {
		view(t, st, fmt.Sprint("g", g), func(tx store.Tx) error {
			cs, err := tx.Characters()
			if err != nil || len(cs) != 1 {
				t.Fatalf("guild g%d: %d characters, %v", g, len(cs), err)
			}
			var sh counterSheet
			if err := json.Unmarshal(cs[0].Sheet, &sh); err != nil || sh.HP != 10+3*changes {
				t.Errorf("guild g%d: hp %d (%v), want %d", g, sh.HP, err, 10+3*changes)
			}
			return nil
		})
	}
}

// increment returns an Update function that adds one to the "hp" of character id's sheet.
func increment(id string) func(store.Tx) error {
	return func(tx store.Tx) error {
		got, err := tx.Character(id)
		if err != nil {
			return err
		}
		var sh counterSheet
		if len(got.Sheet) > 0 {
			if err := json.Unmarshal(got.Sheet, &sh); err != nil {
				return err
			}
		}
		sh.HP++
		got.Sheet, _ = json.Marshal(sh)
		return tx.PutCharacter(got)
	}
}
