package store_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rulekeeper/store"
	"rulekeeper/store/storetest"
)

// openPG opens a PostgreSQL store on a fresh schema (skipping without a test database) and closes it at the end.
func openPG(t testing.TB, opt store.Options) *store.PG {
	t.Helper()
	db, err := store.OpenPG(ctx, storetest.PostgresURL(t), opt)
	if err != nil {
		t.Fatalf("OpenPG: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestPostgresConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return openPG(t, store.Options{}) })
}

func TestPostgresBackend(t *testing.T) {
	storetest.RunBackend(t, func(t *testing.T) store.Backend { return openPG(t, store.Options{}) })
}

func TestBoltBackend(t *testing.T) {
	storetest.RunBackend(t, func(t *testing.T) store.Backend {
		db, _ := openTemp(t, store.Options{NoSync: true})
		return db
	})
}

// TestPostgresRetry runs the whole suite at SERIALIZABLE without the guild lock (CockroachDB's mode without
// READ COMMITTED): the server then aborts conflicting writers with real serialization failures (40001), and
// only the retries keep every case — the 500 concurrent increments of Concurrency included — correct.
// (TestPostgresConformance runs the full 50 × 100 under the lock; here a smaller size gives thousands of real
// 40001s in seconds.)
func TestPostgresRetry(t *testing.T) {
	var mu sync.Mutex
	var stores []*store.PG
	t.Run("suite", func(t *testing.T) {
		storetest.RunWith(t, storetest.Size{Workers: 20, Changes: 25}, func(t *testing.T) store.Store {
			db := openPG(t, store.Options{Serializable: true, MaxAttempts: 1000, TxTimeout: 2 * time.Minute})
			mu.Lock()
			stores = append(stores, db)
			mu.Unlock()
			return db
		})
	})
	if len(stores) == 0 {
		t.Skip("no PostgreSQL: the suite above skipped (set RULEKEEPER_TEST_DATABASE_URL)")
	}
	var retries uint64
	for _, db := range stores {
		retries += db.Stats().Retries
	}
	t.Logf("%d retries over %d stores", retries, len(stores))
	if retries == 0 {
		t.Errorf("no serialization failure was retried: the test proves nothing")
	}
}

// TestPostgresFnErrorNotRetried: fn's own error ends the Update at once, in both modes, unchanged.
func TestPostgresFnErrorNotRetried(t *testing.T) {
	for _, serializable := range []bool{false, true} {
		db := openPG(t, store.Options{Serializable: serializable})
		errMine := errors.New("mine")
		calls := 0
		err := db.Update(ctx, "g1", func(tx store.Tx) error {
			calls++
			return fmt.Errorf("wrapped: %w", errMine)
		})
		if !errors.Is(err, errMine) || calls != 1 || err.Error() != "wrapped: mine" {
			t.Errorf("serializable %v: Update = %v after %d calls; want fn's error after 1", serializable, err, calls)
		}
		if db.Stats().Retries != 0 {
			t.Errorf("serializable %v: %d retries", serializable, db.Stats().Retries)
		}
	}
}

// TestPostgresLockOrder: with the guild lock, a writer waits for the guild's other writer and then sees its
// commit; a writer of another guild does not wait.
func TestPostgresLockOrder(t *testing.T) {
	db := openPG(t, store.Options{})
	c := &store.Character{OwnerID: "u1", Name: "Aria"}
	if err := db.Update(ctx, "g1", func(tx store.Tx) error { d := *c; err := tx.PutCharacter(&d); *c = d; return err }); err != nil {
		t.Fatal(err)
	}
	holding, release := make(chan struct{}), make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		err := db.Update(ctx, "g1", func(tx store.Tx) error {
			got, err := tx.Character(c.ID)
			if err != nil {
				return err
			}
			got.Name = "First"
			if err := tx.PutCharacter(got); err != nil {
				return err
			}
			close(holding)
			<-release
			return nil
		})
		if err != nil {
			t.Error(err)
		}
	}()
	<-holding
	// Another guild is not blocked.
	if err := db.Update(ctx, "g2", func(tx store.Tx) error { return tx.PutGuild(store.Guild{Language: "ko"}) }); err != nil {
		t.Fatal(err)
	}
	done := make(chan string)
	go func() {
		var name string
		err := db.Update(ctx, "g1", func(tx store.Tx) error {
			got, err := tx.Character(c.ID)
			if err == nil {
				name = got.Name
			}
			return err
		})
		if err != nil {
			t.Error(err)
		}
		done <- name
	}()
	close(release)
	if name := <-done; name != "First" {
		t.Errorf("the second writer read %q, want the first writer's committed \"First\"", name)
	}
	wg.Wait()
}

// TestPostgresBusy: a writer that waits for the guild's lock longer than lock_timeout gets ErrBusy; so does
// one whose transaction runs out of time.
func TestPostgresBusy(t *testing.T) {
	url := storetest.PostgresURL(t)
	db, err := store.OpenPG(ctx, url+"&lock_timeout=200ms", store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	holding, release := make(chan struct{}), make(chan struct{})
	go db.Update(ctx, "g1", func(tx store.Tx) error {
		close(holding)
		<-release
		return nil
	})
	<-holding
	calls := 0
	err = db.Update(ctx, "g1", func(tx store.Tx) error { calls++; return nil })
	if !errors.Is(err, store.ErrBusy) || store.Code(err) != "store.err.busy" || calls != 0 {
		t.Errorf("Update of a guild locked past lock_timeout = %v (fn ran %d times), want ErrBusy", err, calls)
	}
	short, err := store.OpenPG(ctx, url, store.Options{TxTimeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer short.Close()
	err = short.Update(ctx, "g1", func(tx store.Tx) error { return nil })
	if !errors.Is(err, store.ErrBusy) {
		t.Errorf("Update past its default deadline = %v, want ErrBusy", err)
	}
	// The caller's own deadline is the caller's error.
	cctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	err = short.Update(cctx, "g1", func(tx store.Tx) error { return nil })
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Update past the caller's deadline = %v, want context.DeadlineExceeded", err)
	}
	close(release)
}

// TestPostgresUnavailable: a server that is not there is ErrUnavailable, and the URL's password is never shown.
func TestPostgresUnavailable(t *testing.T) {
	storetest.PostgresURL(t) // skip like the others without a test database
	_, err := store.OpenPG(ctx, "postgres://rk:s3cret-pw@127.0.0.1:9/x?sslmode=disable&connect_timeout=2", store.Options{})
	if !errors.Is(err, store.ErrUnavailable) || store.Code(err) != "store.err.unavailable" {
		t.Errorf("OpenPG of a closed port = %v, want ErrUnavailable", err)
	}
	if err != nil && strings.Contains(err.Error(), "s3cret-pw") {
		t.Errorf("the error shows the password: %v", err)
	}
	_, err = store.OpenPG(ctx, "postgres://rk:s3cret-pw@127.0.0.1:9/x?pool_max_conns=zero", store.Options{})
	if !errors.Is(err, store.ErrInvalid) || strings.Contains(err.Error(), "s3cret-pw") {
		t.Errorf("OpenPG of a bad URL = %v, want ErrInvalid without the password", err)
	}
}

// TestPostgresLostConnection: when the server ends a transaction's connection before COMMIT, the attempt runs
// again on a new connection, and the change lands once.
func TestPostgresLostConnection(t *testing.T) {
	url := storetest.PostgresURL(t)
	app := fmt.Sprintf("rk_lost_%d", time.Now().UnixNano())
	db, err := store.OpenPG(ctx, url+"&application_name="+app, store.Options{PoolSize: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c := &store.Character{OwnerID: "u1", Name: "Aria"}
	if err := db.Update(ctx, "g1", func(tx store.Tx) error { d := *c; err := tx.PutCharacter(&d); *c = d; return err }); err != nil {
		t.Fatal(err)
	}
	var runs atomic.Int32
	err = db.Update(ctx, "g1", func(tx store.Tx) error {
		got, err := tx.Character(c.ID)
		if err != nil {
			return err
		}
		if runs.Add(1) == 1 {
			storetest.Exec(t, url, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
				WHERE application_name = '`+app+`' AND state = 'idle in transaction'`)
		}
		got.Name = "Bryn"
		return tx.PutCharacter(got)
	})
	if err != nil || runs.Load() != 2 {
		t.Fatalf("Update over a killed connection = %v after %d runs; want success after 2", err, runs.Load())
	}
	if db.Stats().Retries != 1 {
		t.Errorf("Retries = %d, want 1", db.Stats().Retries)
	}
}

// TestPostgresMigrations: migrating is idempotent and safe to run from many processes at once; a newer
// schema that only added things is served (rolling upgrades), one that needs newer code is refused clearly.
func TestPostgresMigrations(t *testing.T) {
	url := storetest.PostgresURL(t)
	fresh, err := store.OpenPG(ctx, url, store.Options{NoMigrate: true})
	if err != nil {
		t.Fatal(err)
	}
	if s, err := fresh.Schema(ctx); err != nil || s.Version != 0 || s.Current() {
		t.Errorf("fresh schema = %+v, %v", s, err)
	}
	if err := fresh.Ready(ctx); !errors.Is(err, store.ErrUnavailable) {
		t.Errorf("Ready before migrating = %v, want ErrUnavailable", err)
	}
	fresh.Close()
	var wg sync.WaitGroup
	for range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			db, err := store.OpenPG(ctx, url, store.Options{})
			if err != nil {
				t.Errorf("concurrent OpenPG: %v", err)
				return
			}
			db.Close()
		}()
	}
	wg.Wait()
	db, err := store.OpenPG(ctx, url, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	before, after, err := db.Migrate(ctx)
	want := store.Schema{Version: store.PGSchemaVersion, Compat: 4, Code: store.PGSchemaVersion}
	if err != nil || before != want || after != want {
		t.Errorf("Migrate again = %+v → %+v, %v; want %+v both", before, after, err, want)
	}
	storetest.Fill(t, db, "g1")

	// A newer rulekeeper added a table (compat unchanged): this one still serves.
	storetest.Exec(t, url, `UPDATE rk_meta SET value = '`+fmt.Sprint(store.PGSchemaVersion+1)+`' WHERE key = 'schema_version'`)
	newer, err := store.OpenPG(ctx, url, store.Options{})
	if err != nil {
		t.Fatalf("OpenPG of an additively newer schema: %v", err)
	}
	if err := newer.Ready(ctx); err != nil {
		t.Errorf("Ready on an additively newer schema: %v", err)
	}
	if e, err := store.ExportGuild(ctx, newer, "g1"); err != nil || len(e.Characters) != 6 {
		t.Errorf("reading an additively newer schema: %v", err)
	}
	newer.Close()
	// A newer rulekeeper changed the schema in a way this one cannot follow: refused, and not ready.
	storetest.Exec(t, url, `UPDATE rk_meta SET value = '`+fmt.Sprint(store.PGSchemaVersion+1)+`' WHERE key = 'compat_version'`)
	_, err = store.OpenPG(ctx, url, store.Options{})
	if !errors.Is(err, store.ErrNewerSchema) || !strings.Contains(err.Error(), "upgrade") {
		t.Errorf("OpenPG of an incompatible newer schema = %v, want ErrNewerSchema", err)
	}
	if err := db.Ready(ctx); !errors.Is(err, store.ErrNewerSchema) {
		t.Errorf("Ready of a running store after an incompatible migration = %v, want ErrNewerSchema", err)
	}
	// Not a rulekeeper database.
	storetest.Exec(t, url, `UPDATE rk_meta SET value = 'other' WHERE key = 'format'`)
	if _, err := store.OpenPG(ctx, url, store.Options{}); !errors.Is(err, store.ErrNotDatabase) {
		t.Errorf("OpenPG of another program's rk_meta = %v, want ErrNotDatabase", err)
	}
}

// TestCopyBoltPostgresBolt: a bbolt file copied to PostgreSQL and back exports byte-identically, guild by guild.
func TestCopyBoltPostgresBolt(t *testing.T) {
	pg := openPG(t, store.Options{})
	src, _ := openTemp(t, store.Options{NoSync: true})
	storetest.Fill(t, src, "123456789012345678")
	storetest.Fill(t, src, "local")
	if err := src.Update(ctx, "g-empty-settings", func(tx store.Tx) error {
		return tx.PutGuild(store.Guild{Language: "zh-TW"})
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Copy(ctx, src, pg, nil); err != nil {
		t.Fatalf("Copy bbolt → PostgreSQL: %v", err)
	}
	storetest.SameStores(t, src, pg)
	back, _ := openTemp(t, store.Options{NoSync: true})
	if _, err := store.Copy(ctx, pg, back, nil); err != nil {
		t.Fatalf("Copy PostgreSQL → bbolt: %v", err)
	}
	storetest.SameStores(t, src, back)
	// Copying again changes nothing, and new IDs on the copy never collide with copied ones.
	if _, err := store.Copy(ctx, src, pg, nil); err != nil {
		t.Fatal(err)
	}
	storetest.SameStores(t, src, pg)
	e, _ := store.ExportGuild(ctx, pg, "local")
	taken := map[string]bool{}
	for _, c := range e.Characters {
		taken[c.ID] = true
	}
	err := pg.Update(ctx, "local", func(tx store.Tx) error {
		c := &store.Character{OwnerID: "u5", Name: "New"}
		if err := tx.PutCharacter(c); err != nil {
			return err
		}
		if taken[c.ID] {
			return fmt.Errorf("new ID %q was taken", c.ID)
		}
		return nil
	})
	if err != nil {
		t.Error(err)
	}
}

// TestConnect picks the backend from the target.
func TestConnect(t *testing.T) {
	for target, want := range map[string]bool{"postgres://h/db": true, "postgresql://h/db": true, "rk.db": false,
		"/var/lib/rk/postgres.db": false, "postgres.db": false} {
		if store.IsURL(target) != want {
			t.Errorf("IsURL(%q) = %v", target, !want)
		}
	}
	b, err := store.Connect(ctx, t.TempDir()+"/rk.db", store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := b.(*store.DB); !ok {
		t.Errorf("Connect(path) = %T, want *store.DB", b)
	}
	b.Close()
	url := storetest.PostgresURL(t)
	b, err = store.Connect(ctx, url, store.Options{PoolSize: 3})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, ok := b.(*store.PG); !ok || b.Stats().Pool.Max != 3 {
		t.Errorf("Connect(url) = %T with pool %d, want *store.PG with 3", b, b.Stats().Pool.Max)
	}
}

// TestBackupPostgres: a backup of a PostgreSQL store is a bbolt file with the same guilds, byte for byte.
func TestBackupPostgres(t *testing.T) {
	pg := openPG(t, store.Options{})
	storetest.Fill(t, pg, "g1")
	path := t.TempDir() + "/backup.db"
	if err := store.BackupTo(ctx, pg, path); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	storetest.SameStores(t, pg, db)
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("backup file %v, %v; want mode 0600", info, err)
	}
	// A *DB goes through its hot copy.
	path2 := t.TempDir() + "/backup2.db"
	if err := store.BackupTo(ctx, db, path2); err != nil {
		t.Fatal(err)
	}
	db2, err := store.Open(path2, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	storetest.SameStores(t, db, db2)
}

// TestPostgresLayout: rows written by hand, exactly as doc.go documents the tables (records are bbolt's bytes),
// read back — and a record newer than this code is refused. This pins the layout: a change that breaks it
// needs a migration.
func TestPostgresLayout(t *testing.T) {
	url := storetest.PostgresURL(t)
	db, err := store.OpenPG(ctx, url, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, sql := range []string{
		`INSERT INTO rk_guilds (guild_id, record, next_seq) VALUES ('123',
			convert_to('{"v":1,"guild_id":"123","language":"ko","crit_rule":"max","house":{"flanking":"on"}}', 'UTF8'), 11)`,
		`INSERT INTO rk_characters (guild_id, id, owner_id, name_fold, record) VALUES
			('123', '1', '42', 'aria', convert_to('{"v":1,"id":"1","guild_id":"123","owner_id":"42","name":"Aria","system":"dnd5e","sheet":{"hp":12},"created":"2026-01-02T03:04:05Z","updated":"2026-01-03T00:00:00Z"}', 'UTF8')),
			('123', 'b', '42', 'bryn', convert_to('{"v":1,"id":"b","guild_id":"123","owner_id":"42","name":"Bryn","system":"rogue","sheet":null,"created":"2026-01-02T03:04:05Z","updated":"2026-01-02T03:04:05Z"}', 'UTF8')),
			('123', 'c', '42', 'cyra', convert_to('{"v":9,"id":"c","guild_id":"123","owner_id":"42","name":"Cyra"}', 'UTF8'))`,
		`INSERT INTO rk_active (guild_id, user_id, character_id) VALUES ('123', '42', '1')`,
		`INSERT INTO rk_encounters (guild_id, channel_id, record) VALUES ('123', '777',
			convert_to('{"v":1,"guild_id":"123","channel_id":"777","data":{"round":3},"updated":"2026-01-02T03:04:05Z"}', 'UTF8'))`,
	} {
		storetest.Exec(t, url, sql)
	}
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
		if b, err := tx.Character("b"); err != nil || b.Name != "Bryn" || b.Sheet != nil {
			t.Errorf("Bryn = %+v, %v", b, err)
		}
		if id, _ := tx.Active("42"); id != "1" {
			t.Errorf("Active = %q", id)
		}
		if e, err := tx.Encounter("777"); err != nil || string(e.Data) != `{"round":3}` {
			t.Errorf("Encounter = %v, %v", e, err)
		}
		_, err = tx.Character("c")
		if !errors.Is(err, store.ErrNewerSchema) {
			t.Errorf("a record of version 9: %v, want ErrNewerSchema", err)
		}
		return nil
	})
	if !errors.Is(err, store.ErrNewerSchema) {
		t.Errorf("View that met a newer record = %v, want ErrNewerSchema", err)
	}
	// New IDs continue the guild's counter (11 → "c" is taken, so "d").
	err = db.Update(ctx, "123", func(tx store.Tx) error {
		c := &store.Character{OwnerID: "7", Name: "New"}
		if err := tx.PutCharacter(c); err != nil {
			return err
		}
		if c.ID != "d" {
			t.Errorf("new ID %q, want d (the counter was 11 = b, and c is taken)", c.ID)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
