package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	bolt "go.etcd.io/bbolt"
)

func TestSchemaVersionConst(t *testing.T) {
	if SchemaVersion != len(migrations) {
		t.Errorf("SchemaVersion = %d, but there are %d migrations", SchemaVersion, len(migrations))
	}
}

// Two migrations beyond the current schema, as a later release would add them: v2 rewrites every character
// record (here: a sheet field renamed), v3 depends on v2 having run first.
func migrateV2(btx *bolt.Tx) error {
	chars := btx.Bucket(bucketCharacters)
	type update struct{ k, v []byte }
	var updates []update
	err := chars.ForEach(func(k, v []byte) error {
		var r map[string]json.RawMessage
		if err := json.Unmarshal(v, &r); err != nil {
			return err
		}
		r["sheet"] = json.RawMessage(strings.Replace(string(r["sheet"]), `"hit_points"`, `"hp"`, 1))
		nv, err := json.Marshal(r)
		updates = append(updates, update{slices.Clone(k), nv})
		return err
	})
	if err != nil {
		return err
	}
	for _, u := range updates {
		if err := chars.Put(u.k, u.v); err != nil {
			return err
		}
	}
	return btx.Bucket(bucketMeta).Put([]byte("v2"), []byte("done"))
}

func migrateV3(btx *bolt.Tx) error {
	if string(btx.Bucket(bucketMeta).Get([]byte("v2"))) != "done" {
		return errors.New("v3 ran before v2")
	}
	return btx.Bucket(bucketMeta).Put([]byte("v3"), []byte("done"))
}

var errMigration = errors.New("migration failed")

func failingMigration(*bolt.Tx) error { return errMigration }

// v1File makes a schema-1 file holding one character whose sheet uses the old field name.
func v1File(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "v1.db")
	db, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Update(context.Background(), "g1", func(tx Tx) error {
		return tx.PutCharacter(&Character{ID: "a", OwnerID: "u1", Name: "Aria", Sheet: json.RawMessage(`{"hit_points":9}`)})
	})
	if err != nil {
		t.Fatal(err)
	}
	return path
}

func metaValue(t *testing.T, db *DB, key string) (v string) {
	t.Helper()
	err := db.do(false, nil, func(btx *bolt.Tx) error {
		v = string(btx.Bucket(bucketMeta).Get([]byte(key)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestMigrationsRunInOrder(t *testing.T) {
	path := v1File(t)
	db, err := open(path, Options{NoSync: true}, append(slices.Clone(migrations), migrateV2, migrateV3))
	if err != nil {
		t.Fatalf("open with two pending migrations: %v", err)
	}
	defer db.Close()
	if v, err := db.SchemaVersion(); v != SchemaVersion+2 || err != nil {
		t.Errorf("SchemaVersion = %d, %v; want %d", v, err, SchemaVersion+2)
	}
	if metaValue(t, db, "v3") != "done" {
		t.Errorf("v3 did not run")
	}
	err = db.View(context.Background(), "g1", func(tx Tx) error {
		c, err := tx.Character("a")
		if err == nil && string(c.Sheet) != `{"hp":9}` {
			t.Errorf("sheet after migration: %s", c.Sheet)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestFailedMigrationChangesNothing: all pending migrations run in one transaction, so when the last one
// fails the earlier ones are rolled back too and the file stays at its old version.
func TestFailedMigrationChangesNothing(t *testing.T) {
	path := v1File(t)
	_, err := open(path, Options{NoSync: true}, append(slices.Clone(migrations), migrateV2, failingMigration))
	if !errors.Is(err, errMigration) || !strings.Contains(err.Error(), fmt.Sprintf("from schema %d to %d", SchemaVersion+1, SchemaVersion+2)) {
		t.Fatalf("open = %v, want the migration's error", err)
	}
	db, err := Open(path, Options{NoSync: true})
	if err != nil {
		t.Fatalf("the file no longer opens: %v", err)
	}
	defer db.Close()
	if v, _ := db.SchemaVersion(); v != SchemaVersion {
		t.Errorf("SchemaVersion = %d after a failed migration, want %d", v, SchemaVersion)
	}
	if metaValue(t, db, "v2") != "" {
		t.Errorf("the first of the failed migrations was kept")
	}
}

func TestNewerSchema(t *testing.T) {
	path := v1File(t)
	db, err := open(path, Options{NoSync: true}, append(slices.Clone(migrations), migrateV2, migrateV3))
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err = Open(path, Options{})
	if !errors.Is(err, ErrNewerSchema) || Code(err) != "store.err.newer_schema" || !strings.Contains(err.Error(), path) {
		t.Fatalf("Open of a newer file: %v, want ErrNewerSchema", err)
	}
	db, err = open(path, Options{}, append(slices.Clone(migrations), migrateV2, migrateV3))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if v, _ := db.SchemaVersion(); v != SchemaVersion+2 {
		t.Errorf("the refused Open changed the file's version to %d", v)
	}
}

// TestRecordVersion: records carry "v"; a newer one is refused, one without a version is damage.
func TestRecordVersion(t *testing.T) {
	db, err := Open(filepath.Join(t.TempDir(), "rk.db"), Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	put := func(key, value string) {
		err := db.do(true, nil, func(btx *bolt.Tx) error {
			return btx.Bucket(bucketCharacters).Put([]byte(key), []byte(value))
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	put("g1\x00new", `{"v":2,"id":"new","guild_id":"g1","owner_id":"u1","name":"N"}`)
	put("g1\x00old", `{"id":"old","guild_id":"g1","owner_id":"u1","name":"O"}`)
	put("g1\x00bad", `{"v":1,"id":`)
	put("g1\x00moved", `{"v":1,"id":"other","guild_id":"g1","owner_id":"u1","name":"M"}`)
	for id, want := range map[string]error{"new": ErrNewerSchema, "old": ErrCorrupt, "bad": ErrCorrupt, "moved": ErrCorrupt} {
		err := db.View(context.Background(), "g1", func(tx Tx) error {
			_, err := tx.Character(id)
			return err
		})
		if !errors.Is(err, want) {
			t.Errorf("Character(%q) = %v, want %v", id, err, want)
		}
		// An Update whose fn ignores the error still does not commit.
		err = db.Update(context.Background(), "g1", func(tx Tx) error {
			tx.Character(id)
			return tx.PutGuild(Guild{Language: "en"})
		})
		if !errors.Is(err, want) {
			t.Errorf("Update that ignored the error on %q = %v, want %v", id, err, want)
		}
	}
	// None of these is a panic-level fault: the database stays usable.
	err = db.View(context.Background(), "g1", func(tx Tx) error {
		g, err := tx.Guild()
		if g.Language != "" {
			t.Errorf("an Update that read a bad record committed")
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
