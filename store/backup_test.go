package store_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"rulekeeper/store"
)

// TestBackupHot: a backup taken while writers run is a consistent file that opens and holds a prefix of the
// writes, and writers are not blocked while it is taken.
func TestBackupHot(t *testing.T) {
	db, _ := openTemp(t, store.Options{NoSync: true})
	fill(t, db, "g1")
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			err := db.Update(ctx, "busy", func(tx store.Tx) error {
				// Two records per transaction: a consistent copy has both or neither.
				if err := tx.PutCharacter(&store.Character{OwnerID: "a", Name: fmt.Sprint(i)}); err != nil {
					return err
				}
				return tx.PutCharacter(&store.Character{OwnerID: "b", Name: fmt.Sprint(i)})
			})
			if err != nil {
				t.Error(err)
				return
			}
		}
	}()
	dir := t.TempDir()
	for i := range 5 {
		path := filepath.Join(dir, fmt.Sprint("backup", i, ".db"))
		if i%2 == 0 {
			if err := db.BackupFile(path); err != nil {
				t.Fatal(err)
			}
		} else {
			var buf bytes.Buffer
			n, err := db.Backup(&buf)
			if err != nil || n != int64(buf.Len()) {
				t.Fatalf("Backup = %d, %v (wrote %d)", n, err, buf.Len())
			}
			os.WriteFile(path, buf.Bytes(), 0o600)
		}
		b, err := store.Open(path, store.Options{})
		if err != nil {
			t.Fatalf("backup %d does not open: %v", i, err)
		}
		err = b.View(ctx, "busy", func(tx store.Tx) error {
			a, _ := tx.CharactersOf("a")
			bs, _ := tx.CharactersOf("b")
			if len(a) != len(bs) {
				t.Errorf("backup %d holds half a transaction: %d and %d", i, len(a), len(bs))
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if e, err := b.Export("g1"); err != nil || len(e.Characters) != 4 {
			t.Errorf("backup %d: %v", i, err)
		}
		b.Close()
	}
	close(stop)
	wg.Wait()
}

func TestBackupFile(t *testing.T) {
	db, path := openTemp(t, store.Options{NoSync: true})
	fill(t, db, "g1")
	dir := t.TempDir()
	out := filepath.Join(dir, "out.db")
	if err := os.WriteFile(out, []byte("an older backup"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := db.BackupFile(out); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(out)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("backup file: %v %v, want mode 0600", info, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	// The backup must not replace the live file (the running bot would keep writing to a deleted file).
	if err := db.BackupFile(path); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("BackupFile onto the database itself: %v, want ErrInvalid", err)
	}
	link := filepath.Join(dir, "link.db")
	os.Symlink(path, link)
	if err := db.BackupFile(link); !errors.Is(err, store.ErrInvalid) {
		t.Errorf("BackupFile onto a link to the database: %v, want ErrInvalid", err)
	}
	// A directory that does not exist: an error, nothing written.
	if err := db.BackupFile(filepath.Join(dir, "no", "such", "dir.db")); err == nil {
		t.Errorf("BackupFile into a missing directory succeeded")
	}
	if _, err := db.Export("g1"); err != nil {
		t.Errorf("the database after the refused backups: %v", err)
	}
}

type failingWriter struct{ n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if w.n < len(p) {
		return 0, errors.New("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

func TestBackupWriteError(t *testing.T) {
	db, _ := openTemp(t, store.Options{NoSync: true})
	fill(t, db, "g1")
	if _, err := db.Backup(&failingWriter{n: 4096}); err == nil {
		t.Errorf("Backup to a failing writer succeeded")
	}
	// The read transaction was released: writers go on.
	if err := db.Update(ctx, "g1", func(tx store.Tx) error { return tx.PutGuild(store.Guild{}) }); err != nil {
		t.Error(err)
	}
}
