package store_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"rulekeeper/store"
)

const lockChildEnv = "RULEKEEPER_STORE_LOCK_CHILD"

// lockChild runs in a child process: open the file, say so, and hold it until stdin closes.
func lockChild(path string) {
	db, err := store.Open(path, store.Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, "lock child:", err)
		os.Exit(2)
	}
	fmt.Println("locked")
	io.Copy(io.Discard, os.Stdin)
	db.Close()
	os.Exit(0)
}

func wantLocked(t *testing.T, path string, err error) {
	t.Helper()
	if !errors.Is(err, store.ErrLocked) || store.Code(err) != "store.err.locked" {
		t.Fatalf("Open of a locked file: %v, want ErrLocked", err)
	}
	if !strings.Contains(err.Error(), path) || store.Args(err)[1] != path {
		t.Errorf("the error does not name the file: %v", err)
	}
}

func TestLockedByAnotherProcess(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rk.db")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), lockChildEnv+"="+path)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	if line, err := bufio.NewReader(stdout).ReadString('\n'); line != "locked\n" {
		t.Fatalf("child said %q, %v", line, err)
	}
	start := time.Now()
	_, err = store.Open(path, store.Options{Timeout: 200 * time.Millisecond})
	wantLocked(t, path, err)
	if waited := time.Since(start); waited > 5*time.Second {
		t.Errorf("Open waited %v with a 200ms timeout", waited)
	}
	stdin.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("child: %v", err)
	}
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatalf("Open after the other process exited: %v", err)
	}
	db.Close()
}

// TestLockedInProcess: bbolt's flock belongs to the open file description, so a second Open of the same
// file in the same process conflicts with the first, as another process would.
func TestLockedInProcess(t *testing.T) {
	db, path := openTemp(t, store.Options{})
	_, err := store.Open(path, store.Options{Timeout: 100 * time.Millisecond})
	wantLocked(t, path, err)
	// The same file through another name (a symlink) is locked too.
	link := filepath.Join(t.TempDir(), "link.db")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	_, err = store.Open(link, store.Options{Timeout: 100 * time.Millisecond})
	wantLocked(t, link, err)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	db2, err := store.Open(path, store.Options{Timeout: 100 * time.Millisecond})
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	db2.Close()
}

// boltFile builds a valid rulekeeper file with some data and returns its bytes.
func boltFile(t *testing.T) []byte {
	db, path := openTemp(t, store.Options{NoSync: true})
	err := db.Update(ctx, "g1", func(tx store.Tx) error {
		for i := range 300 {
			c := &store.Character{OwnerID: fmt.Sprint("u", i%7), Name: fmt.Sprint("character ", i),
				Sheet: json.RawMessage(fmt.Sprintf(`{"hp":%d,"notes":%q}`, i, strings.Repeat("n", i*3)))}
			if err := tx.PutCharacter(c); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

const pageSize = 4096 // os.Getpagesize() on the machines we run on; bbolt's page size

func TestOpenBadFiles(t *testing.T) {
	valid := boltFile(t)
	if len(valid) < 8*pageSize {
		t.Fatalf("test file too small: %d bytes", len(valid))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	modified := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(valid)) }
	for _, c := range []struct {
		name string
		data []byte
		want error
	}{
		{"text file", []byte("[bot]\ntoken = \"not a database\"\n"), store.ErrNotDatabase},
		{"one byte", []byte{0}, store.ErrNotDatabase},
		{"random 1 KiB", random(1024), store.ErrNotDatabase},
		{"random 64 KiB", random(64 << 10), store.ErrNotDatabase},
		{"zeros 64 KiB", make([]byte, 64<<10), store.ErrNotDatabase},
		{"long text file", bytes.Repeat([]byte("lorem ipsum dolor sit amet\n"), 2000), store.ErrNotDatabase},
		{"truncated to 1000 bytes", valid[:1000], store.ErrCorrupt},
		{"truncated to one page", valid[:pageSize], store.ErrCorrupt},
		{"both meta pages damaged", modified(func(b []byte) []byte {
			b[60] ^= 0xff // the high-water mark, covered by the checksum
			b[pageSize+60] ^= 0xff
			return b
		}), store.ErrCorrupt},
		{"meta version changed", modified(func(b []byte) []byte {
			b[20] ^= 0x7f
			b[pageSize+20] ^= 0x7f
			return b
		}), store.ErrCorrupt},
		{"data pages overwritten with random bytes", modified(func(b []byte) []byte {
			copy(b[2*pageSize:], random(len(b)-2*pageSize))
			return b
		}), store.ErrCorrupt},
		{"data pages zeroed", modified(func(b []byte) []byte {
			clear(b[2*pageSize:])
			return b
		}), store.ErrCorrupt},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bad.db")
			if err := os.WriteFile(path, c.data, 0o600); err != nil {
				t.Fatal(err)
			}
			db, err := store.Open(path, store.Options{Timeout: 100 * time.Millisecond})
			if err == nil {
				// Some damage shows only when a transaction reads the damaged page.
				err = readAll(db)
				if err2 := db.Close(); err == nil {
					err = err2
				}
			}
			if !errors.Is(err, c.want) || store.Code(err) != c.want.Error() {
				t.Fatalf("got %v, want %v", err, c.want)
			}
			if !strings.Contains(err.Error(), path) {
				t.Errorf("the error does not name the file: %v", err)
			}
			// The file is not left locked.
			f, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: 100 * time.Millisecond, ReadOnly: true})
			if errors.Is(err, berrors.ErrTimeout) {
				t.Errorf("the bad file is still locked")
			}
			if err == nil {
				f.Close()
			}
		})
	}
}

// readAll reads every record of guild g1.
func readAll(db *store.DB) error {
	return db.View(ctx, "g1", func(tx store.Tx) error {
		_, err := tx.Characters()
		return err
	})
}

// TestCorruptPageFoundLater: damage in a page that Open does not read is found by the first transaction that
// reads it: ErrCorrupt, no panic, and the database refuses all later work instead of spreading the damage.
func TestCorruptPageFoundLater(t *testing.T) {
	valid := boltFile(t)
	path := filepath.Join(t.TempDir(), "rk.db")
	if err := os.WriteFile(path, valid, 0o600); err != nil {
		t.Fatal(err)
	}
	// Find the leaf pages of the buckets, which Open never reads.
	b, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	var leaves []int
	err = b.View(func(tx *bolt.Tx) error {
		root := int(tx.Cursor().Bucket().Root()) // Open reads the root bucket's page
		for id := 2; ; id++ {
			info, err := tx.Page(id)
			if err != nil {
				return err
			}
			if info == nil {
				break
			}
			if info.Type == "leaf" && id != root {
				leaves = append(leaves, id)
			}
		}
		return nil
	})
	b.Close()
	if err != nil || len(leaves) < 2 {
		t.Fatalf("found leaves %v, %v", leaves, err)
	}
	data := bytes.Clone(valid)
	for _, id := range leaves {
		for i := range pageSize {
			data[id*pageSize+i] = byte(i*7 + id)
		}
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatalf("Open: %v (the damage is in pages Open should not read)", err)
	}
	err = readAll(db)
	if !errors.Is(err, store.ErrCorrupt) {
		t.Fatalf("reading damaged pages: %v, want ErrCorrupt", err)
	}
	err = db.Update(ctx, "other", func(tx store.Tx) error { return tx.PutGuild(store.Guild{Language: "en"}) })
	if !errors.Is(err, store.ErrCorrupt) {
		t.Errorf("a write after damage was found: %v, want ErrCorrupt", err)
	}
	done := make(chan error)
	go func() { done <- db.Close() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("Close hangs after damage was found")
	}
}

// TestOpenEmptyFile (issue 11 §5): an existing 0-byte file is refused — "empty file, not a rulekeeper
// database" with its path — and left as it is, not silently initialised.
func TestOpenEmptyFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "touched.db")
	if err := os.WriteFile(path, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(path, store.Options{})
	if err == nil {
		db.Close()
		t.Fatal("Open of an empty file succeeded")
	}
	var se *store.Error
	if !errors.Is(err, store.ErrEmptyFile) || !errors.As(err, &se) || se.Path != path {
		t.Errorf("Open of an empty file: %v", err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() != 0 {
		t.Errorf("the empty file was changed: %v %v", fi, err)
	}
}

func TestOpenCreates(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "new.db")
	db, err := store.Open(path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("new file: %v, %v; want mode 0600", info, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("Open left other files behind: %v", entries)
	}
	missing := filepath.Join(dir, "missing", "x.db")
	if _, err := store.Open(missing, store.Options{}); !errors.Is(err, store.ErrCannotOpen) || !errors.Is(err, fs.ErrNotExist) ||
		!strings.Contains(fmt.Sprint(store.Args(err)...), missing) {
		t.Errorf("Open in a missing directory: %v, want ErrCannotOpen with the path and the cause", err)
	}
	if _, err := store.Open(dir, store.Options{}); err == nil {
		t.Errorf("Open of a directory succeeded")
	}
}

func TestFull(t *testing.T) {
	const limit = 512 << 10
	db, path := openTemp(t, store.Options{MaxSize: limit, NoSync: true})
	sheet := json.RawMessage(`"` + strings.Repeat("x", 200<<10) + `"`)
	var err error
	stored := 0
	for i := 0; i < 20 && err == nil; i++ {
		err = db.Update(ctx, "g1", func(tx store.Tx) error {
			return tx.PutCharacter(&store.Character{OwnerID: "u1", Name: fmt.Sprint("big ", i), Sheet: sheet})
		})
		if err == nil {
			stored++
		}
	}
	if !errors.Is(err, store.ErrFull) || store.Code(err) != "store.err.full" {
		t.Fatalf("after %d records: %v, want ErrFull", stored, err)
	}
	if args := store.Args(err); args[1] != path || args[3] != int64(limit) {
		t.Errorf("Args = %v", args)
	}
	if info, _ := os.Stat(path); info.Size() > limit {
		t.Errorf("file grew to %d bytes, limit %d", info.Size(), limit)
	}
	// The failed update changed nothing; the file still works for reads and small writes.
	err = db.View(ctx, "g1", func(tx store.Tx) error {
		all, err := tx.Characters()
		if len(all) != stored {
			t.Errorf("%d characters, want %d", len(all), stored)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(ctx, "g1", func(tx store.Tx) error {
		return tx.PutCharacter(&store.Character{OwnerID: "u1", Name: "small"})
	})
	if err != nil {
		t.Errorf("small write after ErrFull: %v", err)
	}
}
