// Package storetest checks that an implementation of store.Store behaves as package store documents, in the
// manner of testing/fstest: a backend's own test calls Run with a function that opens a new, empty store.
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) store.Store {
//			db, err := store.Open(filepath.Join(t.TempDir(), "rk.db"), store.Options{NoSync: true})
//			if err != nil {
//				t.Fatal(err)
//			}
//			return db
//		})
//	}
//
// It also holds what tests of other packages need from a store: RunBackend (the Backend additions: Seen,
// Allow, Ready, Schema, Stats), Rerun (a Store whose Updates run fn twice, to prove handlers re-run safe),
// PostgresURL (a fresh schema of the test database per test, skipping without RULEKEEPER_TEST_DATABASE_URL
// unless RULEKEEPER_REQUIRE_POSTGRES=1), and Fill/ExportJSON/SameStores for comparing stores.
package storetest

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"rulekeeper/store"
)

// Workers and Changes size the concurrency check: Workers goroutines each make Changes read-modify-write
// updates of one counter, which must end at Workers*Changes.
const (
	Workers = 50
	Changes = 100
)

// Run runs the conformance suite as parallel subtests of t. open must return a new, empty store each time it is
// called; Run closes it when the subtest ends, so Close must be safe to call more than once.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	RunWith(t, Size{}, open)
}

// Size scales the concurrency cases; zero fields mean Workers and Changes.
type Size struct {
	Workers int // goroutines writing one guild at once
	Changes int // read-modify-write updates each
}

// RunWith is Run with the concurrency cases scaled: a smaller size for suites that wrap a store in something
// slower (Rerun, SERIALIZABLE retries) and have already been run at full size.
func RunWith(t *testing.T, size Size, open func(t *testing.T) store.Store) {
	s := suite{open: open, workers: cmp.Or(size.Workers, Workers), changes: cmp.Or(size.Changes, Changes)}
	for _, c := range []struct {
		name string
		fn   func(*testing.T)
	}{
		{"GuildSettings", s.guildSettings},
		{"CharacterCRUD", s.characterCRUD},
		{"CallerChosenID", s.callerChosenID},
		{"Timestamps", s.timestamps},
		{"SheetRoundTrip", s.sheetRoundTrip},
		{"NameUniquePerOwner", s.nameUnique},
		{"Rename", s.rename},
		{"Sorting", s.sorting},
		{"GuildIsolation", s.guildIsolation},
		{"Active", s.active},
		{"DeleteClearsActive", s.deleteClearsActive},
		{"ChannelActive", s.channelActive},
		{"Encounters", s.encounters},
		{"Logs", s.logs},
		{"LogEntries", s.logEntries},
		{"Macros", s.macros},
		{"NotFound", s.notFound},
		{"Invalid", s.invalid},
		{"TooLarge", s.tooLarge},
		{"RollbackOnError", s.rollbackOnError},
		{"RollbackOnPanic", s.rollbackOnPanic},
		{"ViewIsReadOnly", s.viewReadOnly},
		{"RecordsAreCopies", s.copies},
		{"TxAfterReturn", s.txAfterReturn},
		{"Context", s.context},
		{"Close", s.close},
		{"Concurrency", s.concurrency},
		{"Collation", s.collation},
		{"Lists", s.lists},
		{"Clear", s.clear},
		{"Restore", s.restore},
		{"ExportImport", s.exportImport},
		{"ConcurrentSameName", s.concurrentSameName},
		{"ConcurrentIDs", s.concurrentIDs},
		{"GuildsInParallel", s.guildsInParallel},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.fn(t)
		})
	}
}

type suite struct {
	open             func(t *testing.T) store.Store
	workers, changes int
}

func (s suite) new(t *testing.T) store.Store {
	t.Helper()
	st := s.open(t)
	t.Cleanup(func() {
		if err := st.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return st
}

var ctx = context.Background()

func update(t *testing.T, st store.Store, guild string, fn func(store.Tx) error) {
	t.Helper()
	if err := st.Update(ctx, guild, fn); err != nil {
		t.Fatalf("Update(%q): %v", guild, err)
	}
}

func view(t *testing.T, st store.Store, guild string, fn func(store.Tx) error) {
	t.Helper()
	if err := st.View(ctx, guild, fn); err != nil {
		t.Fatalf("View(%q): %v", guild, err)
	}
}

// put creates a character and returns it as PutCharacter left it. Each run of fn puts a fresh copy, so a
// re-run never reuses the ID an aborted run was given.
func put(t *testing.T, st store.Store, guild, owner, name string) *store.Character {
	t.Helper()
	var c *store.Character
	update(t, st, guild, func(tx store.Tx) error {
		c = &store.Character{OwnerID: owner, Name: name, System: "dnd5e", Sheet: json.RawMessage(`{"hp":10}`)}
		return tx.PutCharacter(c)
	})
	return c
}

// create puts a new character made from c, a fresh copy on each run of fn (so a re-run starts from the same
// record), and sets *c to what was stored.
func create(t *testing.T, st store.Store, guild string, c *store.Character) {
	t.Helper()
	tmpl := *c
	update(t, st, guild, func(tx store.Tx) error {
		d := tmpl
		if err := tx.PutCharacter(&d); err != nil {
			return err
		}
		*c = d
		return nil
	})
}

func get(t *testing.T, st store.Store, guild, id string) (c *store.Character, err error) {
	t.Helper()
	view(t, st, guild, func(tx store.Tx) error {
		c, err = tx.Character(id)
		return nil
	})
	return c, err
}

func wantErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Errorf("%s: got error %v, want %v", what, err, want)
	}
}

func jsonEqual(a, b []byte) bool {
	var x, y bytes.Buffer
	if json.Compact(&x, a) != nil || json.Compact(&y, b) != nil {
		return bytes.Equal(a, b)
	}
	return bytes.Equal(x.Bytes(), y.Bytes())
}

// sameCharacter compares everything the store keeps.
func sameCharacter(t *testing.T, got, want *store.Character) {
	t.Helper()
	if got.ID != want.ID || got.GuildID != want.GuildID || got.OwnerID != want.OwnerID || got.Name != want.Name ||
		got.System != want.System || !got.Created.Equal(want.Created) || !got.Updated.Equal(want.Updated) ||
		!jsonEqual(got.Sheet, want.Sheet) {
		t.Errorf("character:\n got  %+v sheet %s\n want %+v sheet %s", *got, got.Sheet, *want, want.Sheet)
	}
}

func (s suite) guildSettings(t *testing.T) {
	st := s.new(t)
	view(t, st, "g1", func(tx store.Tx) error {
		g, err := tx.Guild()
		if err != nil || g.GuildID != "g1" || g.Language != "" || g.House != nil {
			t.Errorf("fresh Guild() = %+v, %v; want Guild{GuildID: g1}", g, err)
		}
		return nil
	})
	want := store.Guild{GuildID: "g1", Language: "zh-CN", GMRole: "123", CritRule: "max", System: "rogue",
		AoEMethod: "template", House: map[string]string{"flanking": "on", "说明": "<b>&</b>"}}
	in := want
	in.GuildID = "ignored: the transaction's guild wins"
	update(t, st, "g1", func(tx store.Tx) error { return tx.PutGuild(in) })
	view(t, st, "g1", func(tx store.Tx) error {
		g, err := tx.Guild()
		if err != nil || fmt.Sprint(g) != fmt.Sprint(want) {
			t.Errorf("Guild() = %+v, %v; want %+v", g, err, want)
		}
		return nil
	})
	view(t, st, "g2", func(tx store.Tx) error {
		if g, err := tx.Guild(); err != nil || g.GuildID != "g2" || g.Language != "" {
			t.Errorf("other guild: Guild() = %+v, %v", g, err)
		}
		return nil
	})
}

var urlSafe = regexp.MustCompile(`^[A-Za-z0-9_-]{1,32}$`)

func (s suite) characterCRUD(t *testing.T) {
	st := s.new(t)
	c := &store.Character{GuildID: "ignored", OwnerID: "u1", Name: "Aria", System: "dnd5e",
		Sheet: json.RawMessage(`{"hp": 12, "ac": 15}`)}
	create(t, st, "g1", c)
	if !urlSafe.MatchString(c.ID) {
		t.Errorf("assigned ID %q is not short and URL-safe", c.ID)
	}
	if c.GuildID != "g1" || c.Created.IsZero() || !c.Updated.Equal(c.Created) {
		t.Errorf("after PutCharacter: GuildID %q, Created %v, Updated %v", c.GuildID, c.Created, c.Updated)
	}
	got, err := get(t, st, "g1", c.ID)
	if err != nil {
		t.Fatalf("Character(%q): %v", c.ID, err)
	}
	sameCharacter(t, got, c)

	// Replace.
	c.Sheet = json.RawMessage(`{"hp":7,"ac":15}`)
	c.System = "rogue"
	created := c.Created
	update(t, st, "g1", func(tx store.Tx) error { return tx.PutCharacter(c) })
	got, _ = get(t, st, "g1", c.ID)
	sameCharacter(t, got, c)
	if !got.Created.Equal(created) || got.Updated.Before(created) {
		t.Errorf("replace: Created %v (was %v), Updated %v", got.Created, created, got.Updated)
	}

	// Many characters get distinct IDs.
	update(t, st, "g1", func(tx store.Tx) error {
		ids := map[string]bool{c.ID: true}
		for i := range 30 {
			d := &store.Character{OwnerID: "u2", Name: fmt.Sprintf("npc %d", i)}
			if err := tx.PutCharacter(d); err != nil {
				return err
			}
			if ids[d.ID] || !urlSafe.MatchString(d.ID) {
				t.Errorf("ID %q repeated or not URL-safe", d.ID)
			}
			ids[d.ID] = true
		}
		return nil
	})

	// Delete.
	update(t, st, "g1", func(tx store.Tx) error { return tx.DeleteCharacter(c.ID) })
	if _, err := get(t, st, "g1", c.ID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("after delete: Character = %v, want ErrNotFound", err)
	}
	view(t, st, "g1", func(tx store.Tx) error {
		_, err := tx.FindCharacter("u1", "Aria")
		wantErr(t, "FindCharacter after delete", err, store.ErrNotFound)
		return nil
	})
	// The name is free again.
	put(t, st, "g1", "u1", "aria")
}

func (s suite) callerChosenID(t *testing.T) {
	st := s.new(t)
	c := &store.Character{ID: "hero-1", OwnerID: "u1", Name: "Bryn"}
	create(t, st, "g1", c)
	if c.ID != "hero-1" {
		t.Errorf("ID = %q, want hero-1", c.ID)
	}
	if got, err := get(t, st, "g1", "hero-1"); err != nil || got.Name != "Bryn" {
		t.Errorf("Character(hero-1) = %v, %v", got, err)
	}
	// Assigned IDs never reuse a taken one.
	update(t, st, "g1", func(tx store.Tx) error {
		for i := range 50 {
			d := &store.Character{OwnerID: "u2", Name: fmt.Sprint("x", i)}
			if err := tx.PutCharacter(d); err != nil {
				return err
			}
			if d.ID == "hero-1" {
				t.Errorf("assigned a taken ID")
			}
		}
		return nil
	})
	if got, _ := get(t, st, "g1", "hero-1"); got == nil || got.Name != "Bryn" {
		t.Errorf("hero-1 was overwritten: %+v", got)
	}
}

func (s suite) timestamps(t *testing.T) {
	st := s.new(t)
	c := put(t, st, "g1", "u1", "Aria")
	first := c.Updated
	c2 := *c
	c2.Created = c.Created.AddDate(-1, 0, 0) // an explicit Created is kept
	update(t, st, "g1", func(tx store.Tx) error { return tx.PutCharacter(&c2) })
	got, _ := get(t, st, "g1", c.ID)
	if !got.Created.Equal(c2.Created) {
		t.Errorf("explicit Created: got %v, want %v", got.Created, c2.Created)
	}
	if got.Updated.Before(first) {
		t.Errorf("Updated went back: %v < %v", got.Updated, first)
	}
	c3 := *got
	c3.Created = time.Time{} // zero Created: kept from the stored record
	update(t, st, "g1", func(tx store.Tx) error { return tx.PutCharacter(&c3) })
	if got, _ := get(t, st, "g1", c.ID); !got.Created.Equal(c2.Created) {
		t.Errorf("zero Created on replace: got %v, want the stored %v", got.Created, c2.Created)
	}
}

func (s suite) sheetRoundTrip(t *testing.T) {
	st := s.new(t)
	for i, sheet := range []string{"", `null`, `{}`, `[1, 2, 3]`, `"x"`, `{"name": "<Ünïcödé & 한글>", "n": 1e3, "deep": {"a": [true, false, null]}}`} {
		c := &store.Character{OwnerID: "u1", Name: fmt.Sprint("c", i)}
		if sheet != "" {
			c.Sheet = json.RawMessage(sheet)
		}
		create(t, st, "g1", c)
		got, err := get(t, st, "g1", c.ID)
		if err != nil {
			t.Fatal(err)
		}
		switch sheet {
		case "", "null":
			if got.Sheet != nil {
				t.Errorf("sheet %q read back as %q, want nil", sheet, got.Sheet)
			}
		default:
			if !jsonEqual(got.Sheet, c.Sheet) {
				t.Errorf("sheet %s read back as %s", sheet, got.Sheet)
			}
		}
	}
}

func (s suite) nameUnique(t *testing.T) {
	st := s.new(t)
	aria := put(t, st, "g1", "u1", "Aria")
	put(t, st, "g1", "u1", "Élodie")
	for _, name := range []string{"Aria", "aria", "ARIA", "aRiA", "élodie", "ÉLODIE"} {
		err := st.Update(ctx, "g1", func(tx store.Tx) error {
			return tx.PutCharacter(&store.Character{OwnerID: "u1", Name: name})
		})
		wantErr(t, "same owner, name "+name, err, store.ErrConflict)
	}
	// Another owner, another guild: allowed.
	put(t, st, "g1", "u2", "Aria")
	put(t, st, "g2", "u1", "Aria")
	view(t, st, "g1", func(tx store.Tx) error {
		for _, name := range []string{"aria", "ARIA"} {
			c, err := tx.FindCharacter("u1", name)
			if err != nil || c.ID != aria.ID {
				t.Errorf("FindCharacter(u1, %q) = %v, %v; want %s", name, c, err, aria.ID)
			}
		}
		if cs, _ := tx.CharactersOf("u1"); len(cs) != 2 {
			t.Errorf("u1 has %d characters, want 2", len(cs))
		}
		return nil
	})
}

func (s suite) rename(t *testing.T) {
	st := s.new(t)
	c := put(t, st, "g1", "u1", "Aria")
	put(t, st, "g1", "u1", "Bryn")
	// Renaming onto another character's name conflicts.
	err := st.Update(ctx, "g1", func(tx store.Tx) error {
		d := *c
		d.Name = "BRYN"
		return tx.PutCharacter(&d)
	})
	wantErr(t, "rename onto Bryn", err, store.ErrConflict)
	// A character may change the case of its own name, and a renamed character frees its old name.
	for _, name := range []string{"ARIA", "Cyra"} {
		c.Name = name
		update(t, st, "g1", func(tx store.Tx) error { return tx.PutCharacter(c) })
	}
	view(t, st, "g1", func(tx store.Tx) error {
		if _, err := tx.FindCharacter("u1", "aria"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("old name still found: %v", err)
		}
		if got, err := tx.FindCharacter("u1", "cyra"); err != nil || got.ID != c.ID {
			t.Errorf("FindCharacter(cyra) = %v, %v", got, err)
		}
		return nil
	})
	put(t, st, "g1", "u1", "Aria")
	// Changing the owner moves the name to the new owner.
	c.OwnerID = "u2"
	update(t, st, "g1", func(tx store.Tx) error { return tx.PutCharacter(c) })
	put(t, st, "g1", "u1", "Cyra")
	view(t, st, "g1", func(tx store.Tx) error {
		if got, err := tx.FindCharacter("u2", "CYRA"); err != nil || got.ID != c.ID {
			t.Errorf("after owner change: FindCharacter(u2, CYRA) = %v, %v", got, err)
		}
		return nil
	})
}

func (s suite) sorting(t *testing.T) {
	st := s.new(t)
	type on struct{ owner, name string }
	in := []on{{"2", "bob"}, {"10", "Zed"}, {"1", "carol"}, {"2", "Alice"}, {"1", "Émile"}, {"1", "alice"},
		{"10", "ann"}, {"2", "Carl"}, {"1", "Bob"}}
	for _, x := range in {
		put(t, st, "g1", x.owner, x.name)
	}
	want := append([]on(nil), in...)
	sort.Slice(want, func(i, j int) bool {
		if want[i].owner != want[j].owner {
			return want[i].owner < want[j].owner
		}
		return store.FoldName(want[i].name) < store.FoldName(want[j].name)
	})
	str := func(cs []*store.Character) string {
		var b []string
		for _, c := range cs {
			b = append(b, c.OwnerID+"/"+c.Name)
		}
		return strings.Join(b, " ")
	}
	var wantAll, want2 []string
	for _, x := range want {
		wantAll = append(wantAll, x.owner+"/"+x.name)
		if x.owner == "2" {
			want2 = append(want2, x.owner+"/"+x.name)
		}
	}
	view(t, st, "g1", func(tx store.Tx) error {
		all, err := tx.Characters()
		if got := str(all); err != nil || got != strings.Join(wantAll, " ") {
			t.Errorf("Characters() = %s, %v\nwant %s", got, err, strings.Join(wantAll, " "))
		}
		of, err := tx.CharactersOf("2")
		if got := str(of); err != nil || got != strings.Join(want2, " ") {
			t.Errorf("CharactersOf(2) = %s, %v\nwant %s", got, err, strings.Join(want2, " "))
		}
		if none, err := tx.CharactersOf("nobody"); err != nil || len(none) != 0 {
			t.Errorf("CharactersOf(nobody) = %v, %v", none, err)
		}
		return nil
	})
}

func (s suite) guildIsolation(t *testing.T) {
	st := s.new(t)
	// Guild IDs that are prefixes of each other, and non-numeric ones.
	guilds := []string{"1", "10", "1 0", "local", "Local", "길드", "a:b"}
	ids := map[string]string{}
	for _, g := range guilds {
		c := &store.Character{ID: "same-id", OwnerID: "u1", Name: "Aria", Sheet: json.RawMessage(`{"guild":"` + g + `"}`)}
		update(t, st, g, func(tx store.Tx) error {
			if err := tx.PutCharacter(c); err != nil {
				return err
			}
			if err := tx.SetActive("u1", c.ID); err != nil {
				return err
			}
			if err := tx.PutGuild(store.Guild{Language: g}); err != nil {
				return err
			}
			return tx.PutEncounter(&store.Encounter{ChannelID: "ch", Data: json.RawMessage(`"` + g + `"`)})
		})
		ids[g] = c.ID
	}
	for _, g := range guilds {
		view(t, st, g, func(tx store.Tx) error {
			all, err := tx.Characters()
			if err != nil || len(all) != 1 || string(all[0].Sheet) != `{"guild":"`+g+`"}` || all[0].GuildID != g {
				t.Errorf("guild %q sees %d characters (%v)", g, len(all), err)
			}
			if gs, _ := tx.Guild(); gs.Language != g {
				t.Errorf("guild %q sees settings of %q", g, gs.Language)
			}
			if e, err := tx.Encounter("ch"); err != nil || string(e.Data) != `"`+g+`"` {
				t.Errorf("guild %q sees encounter %v, %v", g, e, err)
			}
			return nil
		})
	}
	// Deleting in one guild leaves the others alone.
	update(t, st, "1", func(tx store.Tx) error {
		if err := tx.DeleteEncounter("ch"); err != nil {
			return err
		}
		return tx.DeleteCharacter("same-id")
	})
	view(t, st, "10", func(tx store.Tx) error {
		if _, err := tx.Character("same-id"); err != nil {
			t.Errorf("guild 10 lost its character: %v", err)
		}
		if a, _ := tx.Active("u1"); a != "same-id" {
			t.Errorf("guild 10 lost its active pointer: %q", a)
		}
		if _, err := tx.Encounter("ch"); err != nil {
			t.Errorf("guild 10 lost its encounter: %v", err)
		}
		return nil
	})
	// A character of another guild cannot be reached.
	c := put(t, st, "local", "u9", "Only here")
	update(t, st, "Local", func(tx store.Tx) error {
		_, err := tx.Character(c.ID)
		wantErr(t, "Character of another guild", err, store.ErrNotFound)
		wantErr(t, "SetActive to another guild's character", tx.SetActive("u9", c.ID), store.ErrNotFound)
		wantErr(t, "DeleteCharacter of another guild", tx.DeleteCharacter(c.ID), store.ErrNotFound)
		_, err = tx.FindCharacter("u9", "Only here")
		wantErr(t, "FindCharacter of another guild", err, store.ErrNotFound)
		return nil
	})
}

func (s suite) active(t *testing.T) {
	st := s.new(t)
	a := put(t, st, "g1", "u1", "Aria")
	b := put(t, st, "g1", "u1", "Bryn")
	update(t, st, "g1", func(tx store.Tx) error {
		if id, err := tx.Active("u1"); err != nil || id != "" {
			t.Errorf("fresh Active = %q, %v", id, err)
		}
		if err := tx.SetActive("u1", a.ID); err != nil {
			return err
		}
		if id, _ := tx.Active("u1"); id != a.ID {
			t.Errorf("Active = %q, want %q (read inside the same transaction)", id, a.ID)
		}
		return tx.SetActive("u1", b.ID)
	})
	view(t, st, "g1", func(tx store.Tx) error {
		if id, _ := tx.Active("u1"); id != b.ID {
			t.Errorf("Active = %q, want %q", id, b.ID)
		}
		if id, _ := tx.Active("u2"); id != "" {
			t.Errorf("Active(u2) = %q, want none", id)
		}
		return nil
	})
	err := st.Update(ctx, "g1", func(tx store.Tx) error { return tx.SetActive("u1", "no-such-id") })
	wantErr(t, "SetActive to a missing character", err, store.ErrNotFound)
	update(t, st, "g1", func(tx store.Tx) error { return tx.SetActive("u1", "") })
	view(t, st, "g1", func(tx store.Tx) error {
		if id, _ := tx.Active("u1"); id != "" {
			t.Errorf("after clearing: Active = %q", id)
		}
		return nil
	})
}

func (s suite) deleteClearsActive(t *testing.T) {
	st := s.new(t)
	a := put(t, st, "g1", "u1", "Aria")
	b := put(t, st, "g1", "u2", "Bryn")
	update(t, st, "g1", func(tx store.Tx) error {
		for user, id := range map[string]string{"u1": a.ID, "gm": a.ID, "u2": b.ID} {
			if err := tx.SetActive(user, id); err != nil {
				return err
			}
		}
		return tx.DeleteCharacter(a.ID)
	})
	view(t, st, "g1", func(tx store.Tx) error {
		for user, want := range map[string]string{"u1": "", "gm": "", "u2": b.ID} {
			if id, _ := tx.Active(user); id != want {
				t.Errorf("after deleting %s: Active(%s) = %q, want %q", a.ID, user, id, want)
			}
		}
		return nil
	})
}

func (s suite) encounters(t *testing.T) {
	st := s.new(t)
	e := &store.Encounter{GuildID: "ignored", ChannelID: "c1", Data: json.RawMessage(`{"round": 1, "turn": 0}`)}
	update(t, st, "g1", func(tx store.Tx) error { return tx.PutEncounter(e) })
	if e.GuildID != "g1" || e.Updated.IsZero() {
		t.Errorf("after PutEncounter: %+v", e)
	}
	update(t, st, "g1", func(tx store.Tx) error {
		return tx.PutEncounter(&store.Encounter{ChannelID: "c2", Data: json.RawMessage(`{"round":9}`)})
	})
	view(t, st, "g1", func(tx store.Tx) error {
		got, err := tx.Encounter("c1")
		if err != nil || got.GuildID != "g1" || got.ChannelID != "c1" || !jsonEqual(got.Data, e.Data) || !got.Updated.Equal(e.Updated) {
			t.Errorf("Encounter(c1) = %+v, %v; want %+v", got, err, e)
		}
		return nil
	})
	e.Data = json.RawMessage(`{"round":2}`)
	update(t, st, "g1", func(tx store.Tx) error { return tx.PutEncounter(e) })
	update(t, st, "g1", func(tx store.Tx) error { return tx.DeleteEncounter("c2") })
	view(t, st, "g1", func(tx store.Tx) error {
		if got, err := tx.Encounter("c1"); err != nil || !jsonEqual(got.Data, []byte(`{"round":2}`)) {
			t.Errorf("replaced Encounter(c1) = %v, %v", got, err)
		}
		_, err := tx.Encounter("c2")
		wantErr(t, "Encounter after delete", err, store.ErrNotFound)
		return nil
	})
}

func (s suite) notFound(t *testing.T) {
	st := s.new(t)
	put(t, st, "g1", "u1", "Aria")
	err := st.Update(ctx, "g1", func(tx store.Tx) error {
		_, err := tx.Character("nope")
		wantErr(t, "Character", err, store.ErrNotFound)
		_, err = tx.Character("")
		wantErr(t, `Character("")`, err, store.ErrNotFound)
		_, err = tx.FindCharacter("u1", "Bryn")
		wantErr(t, "FindCharacter", err, store.ErrNotFound)
		_, err = tx.FindCharacter("u2", "Aria")
		wantErr(t, "FindCharacter of another owner", err, store.ErrNotFound)
		wantErr(t, "DeleteCharacter", tx.DeleteCharacter("nope"), store.ErrNotFound)
		_, err = tx.Encounter("c1")
		wantErr(t, "Encounter", err, store.ErrNotFound)
		wantErr(t, "DeleteEncounter", tx.DeleteEncounter("c1"), store.ErrNotFound)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func (s suite) invalid(t *testing.T) {
	st := s.new(t)
	for _, c := range []store.Character{
		{OwnerID: "u1", Name: ""},
		{OwnerID: "u1", Name: "   "},
		{OwnerID: "u1", Name: "bad\x00name"},
		{OwnerID: "u1", Name: "new\nline"},
		{OwnerID: "", Name: "Aria"},
		{OwnerID: "u\x001", Name: "Aria"},
		{ID: "a\x00b", OwnerID: "u1", Name: "Aria"},
		{OwnerID: "u1", Name: strings.Repeat("n", store.MaxNameLen+1)},
		{OwnerID: "u1", Name: "Aria", Sheet: json.RawMessage(`{not json`)},
	} {
		err := st.Update(ctx, "g1", func(tx store.Tx) error { return tx.PutCharacter(&c) })
		wantErr(t, fmt.Sprintf("PutCharacter(%+q)", c), err, store.ErrInvalid)
	}
	for _, g := range []string{"", "g\x001", strings.Repeat("9", store.MaxIDLen+1)} {
		called := false
		err := st.Update(ctx, g, func(tx store.Tx) error { called = true; return nil })
		wantErr(t, fmt.Sprintf("Update(guild %q)", g), err, store.ErrInvalid)
		if called {
			t.Errorf("Update(guild %q) ran fn", g)
		}
	}
	err := st.Update(ctx, "g1", func(tx store.Tx) error { return tx.PutCharacter(nil) })
	wantErr(t, "PutCharacter(nil)", err, store.ErrInvalid)
	err = st.Update(ctx, "g1", func(tx store.Tx) error { return tx.PutEncounter(&store.Encounter{}) })
	wantErr(t, "PutEncounter without channel", err, store.ErrInvalid)
}

func (s suite) tooLarge(t *testing.T) {
	st := s.new(t)
	big := func(n int) json.RawMessage { return json.RawMessage(`"` + strings.Repeat("x", n) + `"`) }
	err := st.Update(ctx, "g1", func(tx store.Tx) error {
		return tx.PutCharacter(&store.Character{OwnerID: "u1", Name: "Huge", Sheet: big(store.MaxRecordSize)})
	})
	wantErr(t, "oversize sheet", err, store.ErrTooLarge)
	if store.Code(err) != "store.err.too_large" {
		t.Errorf("Code = %q", store.Code(err))
	}
	err = st.Update(ctx, "g1", func(tx store.Tx) error {
		return tx.PutEncounter(&store.Encounter{ChannelID: "c1", Data: big(store.MaxRecordSize)})
	})
	wantErr(t, "oversize encounter", err, store.ErrTooLarge)
	err = st.Update(ctx, "g1", func(tx store.Tx) error {
		return tx.PutGuild(store.Guild{House: map[string]string{"x": string(big(store.MaxRecordSize))}})
	})
	wantErr(t, "oversize settings", err, store.ErrTooLarge)
	// Just under the limit is fine.
	update(t, st, "g1", func(tx store.Tx) error {
		return tx.PutCharacter(&store.Character{OwnerID: "u1", Name: "Big", Sheet: big(store.MaxRecordSize - 1024)})
	})
	view(t, st, "g1", func(tx store.Tx) error {
		if _, err := tx.FindCharacter("u1", "Huge"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("the oversize character was stored: %v", err)
		}
		return nil
	})
}

var errBoom = errors.New("boom")

// seed puts one of everything into g1 and returns the character.
func seed(t *testing.T, st store.Store) *store.Character {
	c := put(t, st, "g1", "u1", "Aria")
	update(t, st, "g1", func(tx store.Tx) error {
		if err := tx.SetActive("u1", c.ID); err != nil {
			return err
		}
		if err := tx.PutGuild(store.Guild{Language: "ko"}); err != nil {
			return err
		}
		return tx.PutEncounter(&store.Encounter{ChannelID: "c1", Data: json.RawMessage(`{"round":1}`)})
	})
	return c
}

// unchanged checks that g1 holds exactly what seed put there.
func unchanged(t *testing.T, st store.Store, c *store.Character) {
	t.Helper()
	view(t, st, "g1", func(tx store.Tx) error {
		all, _ := tx.Characters()
		if len(all) != 1 {
			t.Errorf("%d characters, want 1", len(all))
		} else {
			sameCharacter(t, all[0], c)
		}
		if id, _ := tx.Active("u1"); id != c.ID {
			t.Errorf("Active = %q, want %q", id, c.ID)
		}
		if g, _ := tx.Guild(); g.Language != "ko" || g.GMRole != "" {
			t.Errorf("Guild = %+v", g)
		}
		if e, err := tx.Encounter("c1"); err != nil || !jsonEqual(e.Data, []byte(`{"round":1}`)) {
			t.Errorf("Encounter(c1) = %v, %v", e, err)
		}
		if _, err := tx.Encounter("c2"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Encounter(c2) = %v", err)
		}
		return nil
	})
}

// changeEverything makes one change of each kind to what seed put there.
func changeEverything(tx store.Tx, c *store.Character) error {
	d := *c
	d.Sheet = json.RawMessage(`{"hp":0}`)
	for _, err := range []error{
		tx.PutCharacter(&d),
		tx.PutCharacter(&store.Character{OwnerID: "u1", Name: "Bryn"}),
		tx.PutGuild(store.Guild{Language: "en", GMRole: "gm"}),
		tx.PutEncounter(&store.Encounter{ChannelID: "c2"}),
		tx.DeleteEncounter("c1"),
		tx.SetActive("u1", ""),
		tx.DeleteCharacter(c.ID),
	} {
		if err != nil {
			return err
		}
	}
	return nil
}

func (s suite) rollbackOnError(t *testing.T) {
	st := s.new(t)
	c := seed(t, st)
	err := st.Update(ctx, "g1", func(tx store.Tx) error {
		if err := changeEverything(tx, c); err != nil {
			t.Errorf("changes: %v", err)
		}
		return errBoom
	})
	if err != errBoom {
		t.Errorf("Update returned %v, want fn's error unchanged", err)
	}
	unchanged(t, st, c)
	// A failed write inside a transaction that then returns the error changes nothing either.
	err = st.Update(ctx, "g1", func(tx store.Tx) error {
		if err := tx.PutCharacter(&store.Character{OwnerID: "u1", Name: "Bryn"}); err != nil {
			return err
		}
		return tx.PutCharacter(&store.Character{OwnerID: "u1", Name: "ARIA"})
	})
	wantErr(t, "second put", err, store.ErrConflict)
	unchanged(t, st, c)
}

func (s suite) rollbackOnPanic(t *testing.T) {
	st := s.new(t)
	c := seed(t, st)
	func() {
		defer func() {
			if r := recover(); r != errBoom {
				t.Errorf("recovered %v, want fn's panic value", r)
			}
		}()
		st.Update(ctx, "g1", func(tx store.Tx) error {
			if err := changeEverything(tx, c); err != nil {
				t.Errorf("changes: %v", err)
			}
			panic(errBoom)
		})
	}()
	unchanged(t, st, c)
	put(t, st, "g1", "u2", "still writable")
}

func (s suite) viewReadOnly(t *testing.T) {
	st := s.new(t)
	c := seed(t, st)
	err := st.View(ctx, "g1", func(tx store.Tx) error {
		d := *c
		wantErr(t, "PutCharacter in View", tx.PutCharacter(&d), store.ErrReadOnly)
		wantErr(t, "PutCharacter (new) in View", tx.PutCharacter(&store.Character{OwnerID: "u1", Name: "Bryn"}), store.ErrReadOnly)
		wantErr(t, "DeleteCharacter in View", tx.DeleteCharacter(c.ID), store.ErrReadOnly)
		wantErr(t, "PutGuild in View", tx.PutGuild(store.Guild{}), store.ErrReadOnly)
		wantErr(t, "SetActive in View", tx.SetActive("u1", ""), store.ErrReadOnly)
		wantErr(t, "PutEncounter in View", tx.PutEncounter(&store.Encounter{ChannelID: "c2"}), store.ErrReadOnly)
		wantErr(t, "DeleteEncounter in View", tx.DeleteEncounter("c1"), store.ErrReadOnly)
		if _, err := tx.Character(c.ID); err != nil {
			t.Errorf("read in View: %v", err)
		}
		return nil
	})
	if err != nil {
		t.Errorf("View: %v", err)
	}
	if store.Code(store.ErrReadOnly) != "store.err.read_only" {
		t.Errorf("Code(ErrReadOnly) = %q", store.Code(store.ErrReadOnly))
	}
	unchanged(t, st, c)
}

func (s suite) copies(t *testing.T) {
	st := s.new(t)
	c := put(t, st, "g1", "u1", "Aria")
	var kept *store.Character
	view(t, st, "g1", func(tx store.Tx) error {
		got, err := tx.Character(c.ID)
		kept = got
		if err == nil {
			got.Name = "changed"
			got.Sheet[2] = 'X'
		}
		return err
	})
	if got, _ := get(t, st, "g1", c.ID); got.Name != "Aria" || !jsonEqual(got.Sheet, []byte(`{"hp":10}`)) {
		t.Errorf("changing a returned record changed the store: %+v %s", got, got.Sheet)
	}
	// Records stay intact after their transaction, however much is written later.
	for i := range 50 {
		put(t, st, "g1", "u2", fmt.Sprint("filler ", i))
	}
	if string(kept.Sheet) != `{"Xp":10}` || kept.Name != "changed" {
		t.Errorf("a record read earlier changed after its transaction: %+v %s", kept, kept.Sheet)
	}
}

func (s suite) txAfterReturn(t *testing.T) {
	st := s.new(t)
	c := put(t, st, "g1", "u1", "Aria")
	var leaked store.Tx
	update(t, st, "g1", func(tx store.Tx) error { leaked = tx; return nil })
	if _, err := leaked.Character(c.ID); err == nil {
		t.Errorf("a Tx used after its Update returned gave no error")
	}
	if err := leaked.PutCharacter(&store.Character{OwnerID: "u1", Name: "Late"}); err == nil {
		t.Errorf("a write through a Tx after its Update returned gave no error")
	}
}

func (s suite) context(t *testing.T) {
	st := s.new(t)
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	called := false
	err := st.Update(cctx, "g1", func(tx store.Tx) error { called = true; return nil })
	wantErr(t, "Update with a cancelled context", err, context.Canceled)
	err = st.View(cctx, "g1", func(tx store.Tx) error { called = true; return nil })
	wantErr(t, "View with a cancelled context", err, context.Canceled)
	if called {
		t.Errorf("fn ran with a cancelled context")
	}
}

func (s suite) close(t *testing.T) {
	st := s.open(t)
	put(t, st, "g1", "u1", "Aria")
	if err := st.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := st.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	err := st.Update(ctx, "g1", func(tx store.Tx) error { return nil })
	wantErr(t, "Update after Close", err, store.ErrClosed)
	err = st.View(ctx, "g1", func(tx store.Tx) error { return nil })
	wantErr(t, "View after Close", err, store.ErrClosed)
}

type counterSheet struct {
	HP int `json:"hp"`
}

func (s suite) concurrency(t *testing.T) {
	st := s.new(t)
	c := &store.Character{OwnerID: "u1", Name: "Counter", Sheet: json.RawMessage(`{"hp":0}`)}
	create(t, st, "g1", c)
	var wg sync.WaitGroup
	errs := make(chan error, s.workers+4)
	stop := make(chan struct{})
	var readers sync.WaitGroup
	for range 4 { // readers watch the counter only grow
		readers.Add(1)
		go func() {
			defer readers.Done()
			last := -1
			for {
				select {
				case <-stop:
					return
				default:
				}
				err := st.View(ctx, "g1", func(tx store.Tx) error {
					got, err := tx.Character(c.ID)
					if err != nil {
						return err
					}
					var sh counterSheet
					if err := json.Unmarshal(got.Sheet, &sh); err != nil {
						return err
					}
					if sh.HP < last {
						return fmt.Errorf("hp went back from %d to %d", last, sh.HP)
					}
					last = sh.HP
					return nil
				})
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	for range s.workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range s.changes {
				err := st.Update(ctx, "g1", func(tx store.Tx) error {
					got, err := tx.Character(c.ID)
					if err != nil {
						return err
					}
					var sh counterSheet
					if err := json.Unmarshal(got.Sheet, &sh); err != nil {
						return err
					}
					sh.HP++
					got.Sheet, _ = json.Marshal(sh)
					return tx.PutCharacter(got)
				})
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(stop)
	readers.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	got, err := get(t, st, "g1", c.ID)
	if err != nil {
		t.Fatal(err)
	}
	var sh counterSheet
	if err := json.Unmarshal(got.Sheet, &sh); err != nil || sh.HP != s.workers*s.changes {
		t.Errorf("hp = %d (%v), want %d", sh.HP, err, s.workers*s.changes)
	}
}
