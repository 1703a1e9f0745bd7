package store_test

import (
	"errors"
	"path/filepath"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"rulekeeper/store"
)

// buildFile writes a bbolt file by hand, bucket → key → value, without package store.
func buildFile(t *testing.T, buckets map[string]map[string]string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "hand.db")
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Update(func(tx *bolt.Tx) error {
		for name, kv := range buckets {
			b, err := tx.CreateBucket([]byte(name))
			if err != nil {
				return err
			}
			for k, v := range kv {
				if err := b.Put([]byte(k), []byte(v)); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// TestOpenV0: a bbolt file without buckets is schema 0; Open migrates it to the current schema.
func TestOpenV0(t *testing.T) {
	path := buildFile(t, nil)
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatalf("Open of a v0 file: %v", err)
	}
	defer db.Close()
	if v, err := db.SchemaVersion(); v != store.SchemaVersion || err != nil {
		t.Errorf("SchemaVersion = %d, %v", v, err)
	}
	err = db.Update(ctx, "g1", func(tx store.Tx) error {
		return tx.PutCharacter(&store.Character{OwnerID: "u1", Name: "Aria"})
	})
	if err != nil {
		t.Errorf("write after migrating: %v", err)
	}
}

// TestOpenV1: a schema-1 file written by hand, byte for byte as doc.go documents the layout, reads back.
// This pins the file format: a change that breaks it needs a migration.
func TestOpenV1(t *testing.T) {
	path := buildFile(t, map[string]map[string]string{
		"meta":   {"format": "rulekeeper", "schema_version": "\x00\x00\x00\x01"},
		"guilds": {"123": `{"v":1,"guild_id":"123","language":"ko","crit_rule":"max","house":{"flanking":"on"}}`},
		"characters": {
			"123\x001": `{"v":1,"id":"1","guild_id":"123","owner_id":"42","name":"Aria","system":"dnd5e","sheet":{"hp":12},"created":"2026-01-02T03:04:05Z","updated":"2026-01-03T00:00:00Z"}`,
			"123\x00b": `{"v":1,"id":"b","guild_id":"123","owner_id":"42","name":"Bryn","system":"rogue","sheet":null,"created":"2026-01-02T03:04:05Z","updated":"2026-01-02T03:04:05Z"}`,
		},
		"names":      {"123\x0042\x00aria": "1", "123\x0042\x00bryn": "b"},
		"active":     {"123\x0042": "1"},
		"encounters": {"123\x00777": `{"v":1,"guild_id":"123","channel_id":"777","data":{"round":3},"updated":"2026-01-02T03:04:05Z"}`},
	})
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer db.Close()
	err = db.View(ctx, "123", func(tx store.Tx) error {
		g, err := tx.Guild()
		if err != nil || g.Language != "ko" || g.CritRule != "max" || g.House["flanking"] != "on" {
			t.Errorf("Guild = %+v, %v", g, err)
		}
		c, err := tx.FindCharacter("42", "ARIA")
		if err != nil {
			return err
		}
		want := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
		if c.ID != "1" || c.System != "dnd5e" || string(c.Sheet) != `{"hp":12}` || !c.Created.Equal(want) {
			t.Errorf("Aria = %+v %s", c, c.Sheet)
		}
		all, err := tx.Characters()
		if err != nil || len(all) != 2 || all[1].Name != "Bryn" || all[1].Sheet != nil {
			t.Errorf("Characters = %v, %v", all, err)
		}
		if id, _ := tx.Active("42"); id != "1" {
			t.Errorf("Active = %q", id)
		}
		e, err := tx.Encounter("777")
		if err != nil || string(e.Data) != `{"round":3}` {
			t.Errorf("Encounter = %v, %v", e, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// New IDs do not collide with the hand-written ones.
	err = db.Update(ctx, "123", func(tx store.Tx) error {
		for i := range 20 {
			c := &store.Character{OwnerID: "7", Name: string(rune('a' + i))}
			if err := tx.PutCharacter(c); err != nil {
				return err
			}
			if c.ID == "1" || c.ID == "b" {
				t.Errorf("new ID %q collides", c.ID)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestOpenForeignBoltFile(t *testing.T) {
	for name, buckets := range map[string]map[string]map[string]string{
		"other buckets":              {"widgets": {"a": "b"}},
		"meta bucket of another app": {"meta": {"version": "7"}},
	} {
		t.Run(name, func(t *testing.T) {
			path := buildFile(t, buckets)
			_, err := store.Open(path, store.Options{})
			if !errors.Is(err, store.ErrNotDatabase) {
				t.Fatalf("Open = %v, want ErrNotDatabase", err)
			}
			// Left as it was.
			db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			db.View(func(tx *bolt.Tx) error {
				n := 0
				tx.ForEach(func([]byte, *bolt.Bucket) error { n++; return nil })
				if n != len(buckets) {
					t.Errorf("the file now has %d buckets, had %d", n, len(buckets))
				}
				return nil
			})
		})
	}
}
