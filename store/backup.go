package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
)

// BackupTo writes a backup of any store to path as a bbolt file, atomically (a temporary file in the same
// directory, synced, then renamed into place, mode 0600). A *DB writes its hot copy (DB.BackupFile); any other
// store is copied guild by guild into a fresh file, each guild from one consistent transaction, while writers
// go on. A backup is always a file that Open (--db) accepts; Copy restores it into a database.
func BackupTo(ctx context.Context, s Store, path string) (err error) {
	if db, ok := s.(*DB); ok {
		return db.BackupFile(path)
	}
	dir := filepath.Dir(path)
	tmp, err := os.MkdirTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	defer os.RemoveAll(tmp)
	name := filepath.Join(tmp, "backup.db")
	db, err := Open(name, Options{NoSync: true}) // synced once, below
	if err != nil {
		return err
	}
	if _, err := Copy(ctx, s, db, nil); err != nil {
		db.Close()
		return err
	}
	if err := db.bolt.Sync(); err != nil {
		db.Close()
		return fmt.Errorf("store: backup: %w", err)
	}
	if err := db.Close(); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if err := os.Rename(name, path); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if err := syncDir(dir); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	return nil
}
