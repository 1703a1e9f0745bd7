package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"rulekeeper/locales"
	"rulekeeper/store"
	"rulekeeper/store/storetest"
)

// fillFile writes a bbolt file holding two guilds of everything.
func fillFile(t *testing.T, path string) {
	t.Helper()
	db, err := store.Open(path, store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	storetest.Fill(t, db, "g1")
}

func openFile(t *testing.T, path string) *store.DB {
	t.Helper()
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() }) // Close again is a no-op
	return db
}

// TestCopyFiles: `copy` from the --store file (a relative path) into another file gives the same exports, and
// `migrate` on a file reports its current schema.
func TestCopyFiles(t *testing.T) {
	dir := t.TempDir()
	fillFile(t, filepath.Join(dir, "a.db"))
	out, errs, code := rk(t, dir, "", nil, "copy", "--store", "a.db", "--to", "b.db")
	want := locales.For(locales.EN).T("storage.cli.copied", "Guilds", 2, "Characters", 7, "Encounters", 3,
		"From", filepath.Join(dir, "a.db"), "To", filepath.Join(dir, "b.db"))
	if code != 0 || strings.TrimSpace(out) != want {
		t.Fatalf("copy: exit %d, out %q, err %q; want %q", code, out, errs, want)
	}
	a, b := openFile(t, filepath.Join(dir, "a.db")), openFile(t, filepath.Join(dir, "b.db"))
	storetest.SameStores(t, a, b)
	a.Close()
	b.Close()
	out, errs, code = rk(t, dir, "", []string{"RULEKEEPER_STORE=b.db"}, "migrate", "--locale", "en")
	if code != 0 || !strings.Contains(out, fmt.Sprintf("schema %d is already current", store.PGSchemaVersion)) {
		t.Errorf("migrate: exit %d, out %q, err %q", code, out, errs)
	}
	_, errs, code = rk(t, dir, "", nil, "copy", "--from", "a.db", "--to", filepath.Join(dir, "a.db"), "--locale", "en")
	if code != 1 || !strings.Contains(errs, locales.For(locales.EN).T("storage.err.copy_same")) {
		t.Errorf("copy onto itself: exit %d, err %q", code, errs)
	}
}

// TestStoreFlags: --store names the file every command uses; --store and a different --db are refused; a
// PostgreSQL --store is connected to by every command (an unreachable one is store.err.unavailable).
func TestStoreFlags(t *testing.T) {
	dir := t.TempDir()
	fillFile(t, filepath.Join(dir, "a.db"))
	out, errs, code := rk(t, dir, "", nil, "export", "--store", "a.db", "--guild", "g1")
	if code != 0 || !strings.Contains(out, `"Émile"`) {
		t.Errorf("export --store a.db: exit %d, err %q", code, errs)
	}
	en := locales.For(locales.EN)
	_, errs, code = rk(t, dir, "", nil, "export", "--store", "a.db", "--db", "b.db", "--guild", "g1", "--locale", "en")
	if code != 1 || !strings.Contains(errs, en.T("storage.err.store_and_db")) {
		t.Errorf("--store and --db: exit %d, err %q", code, errs)
	}
	_, errs, code = rk(t, dir, "", []string{"RULEKEEPER_DATABASE_URL=postgres://rk:pw@127.0.0.1:9/rk"},
		"export", "--guild", "g1", "--locale", "en")
	if code != 1 || !strings.Contains(errs, en.T("store.err.unavailable")) {
		t.Errorf("export from a URL: exit %d, err %q", code, errs)
	}
}

// TestCopyPostgres: bbolt → PostgreSQL → bbolt with `copy` keeps every guild byte-identical; `migrate` migrates
// a fresh database once and then reports it current.
func TestCopyPostgres(t *testing.T) {
	url := storetest.PostgresURL(t)
	dir := t.TempDir()
	fillFile(t, filepath.Join(dir, "rulekeeper.db"))
	out, errs, code := rk(t, dir, "", []string{"RULEKEEPER_DATABASE_URL=" + url}, "migrate", "--locale", "en")
	if code != 0 || !strings.Contains(out, fmt.Sprintf("schema 0 → %d", store.PGSchemaVersion)) {
		t.Fatalf("migrate: exit %d, out %q, err %q", code, out, errs)
	}
	out, errs, code = rk(t, dir, "", nil, "migrate", "--store", url, "--locale", "en")
	if code != 0 || !strings.Contains(out, fmt.Sprintf("schema %d is already current", store.PGSchemaVersion)) {
		t.Errorf("migrate again: exit %d, out %q, err %q", code, out, errs)
	}
	if _, errs, code = rk(t, dir, "", nil, "copy", "--to", url, "--pool-size", "2"); code != 0 {
		t.Fatalf("copy to PostgreSQL: exit %d, err %q", code, errs)
	}
	if _, errs, code = rk(t, dir, "", []string{"RULEKEEPER_STORE=" + url}, "copy", "--to", "back.db"); code != 0 {
		t.Fatalf("copy from PostgreSQL: exit %d, err %q", code, errs)
	}
	pg, err := store.OpenPG(context.Background(), url, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer pg.Close()
	orig := openFile(t, filepath.Join(dir, "rulekeeper.db"))
	storetest.SameStores(t, orig, pg)
	storetest.SameStores(t, orig, openFile(t, filepath.Join(dir, "back.db")))
}
