package store

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"
)

// Options configure Open, OpenPG and Connect. The zero value is the production setting.
type Options struct {
	// bbolt
	Timeout time.Duration // how long to wait for the file lock; 0 means 1s
	MaxSize int64         // file size cap in bytes; 0 means 1 GiB, < 0 means no cap
	NoSync  bool          // skip fsync: for tests and bulk imports only (a power cut can lose commits)

	// PostgreSQL
	PoolSize int // connections in the pool; 0 means the URL's pool_max_conns, else DefaultPoolSize
	// TxTimeout bounds an Update or View (all its attempts) whose context has no deadline; 0 means 10s.
	TxTimeout time.Duration
	// MaxAttempts bounds how often an Update runs fn on serialization failures and deadlocks; 0 means 50.
	MaxAttempts int
	// Serializable runs Updates at SERIALIZABLE without the guild lock, leaving correctness to the retries:
	// the mode of a CockroachDB cluster without READ COMMITTED, and the retry test's. The URL parameter
	// rk_isolation=serializable sets it too.
	Serializable bool
	// NoMigrate opens a PostgreSQL database without running pending migrations (rulekeeper migrate runs them);
	// the store still refuses a schema newer than it can work with.
	NoMigrate bool
}

// DefaultMaxSize is the file size cap when Options.MaxSize is 0.
const DefaultMaxSize = 1 << 30

// DB is the bbolt implementation of Store. It is safe for concurrent use; bbolt runs one writer at a time
// and readers alongside it.
type DB struct {
	bolt    *bolt.DB
	file    *os.File // the handle bbolt opened, to release the lock when bbolt cannot
	path    string
	maxSize int64

	broken    atomic.Bool // a bbolt panic showed the file is damaged; refuse further work
	closed    atomic.Bool
	closeOnce sync.Once
	closeErr  error

	metrics opMetrics
	shared  *memShared // Seen and Allow: one process owns the file, so memory is shared enough
}

var _ Store = (*DB)(nil)

// Open opens the database at path, creating it when missing, and runs pending migrations.
// Errors: ErrLocked when another process (or another Open in this process) holds the file, ErrNotDatabase,
// ErrCorrupt, ErrNewerSchema; each is an *Error carrying the path.
func Open(path string, opt Options) (*DB, error) {
	return open(path, opt, migrations)
}

func open(path string, opt Options, migs []migration) (*DB, error) {
	if opt.Timeout <= 0 {
		opt.Timeout = time.Second
	}
	switch {
	case opt.MaxSize == 0:
		opt.MaxSize = DefaultMaxSize
	case opt.MaxSize < 0:
		opt.MaxSize = 0
	case opt.MaxSize > math.MaxInt:
		opt.MaxSize = math.MaxInt
	}
	switch fi, err := os.Stat(path); {
	case errors.Is(err, fs.ErrNotExist):
		if err := create(path, opt, migs); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, &Error{Err: ErrCannotOpen, Path: path, Cause: err}
	case fi.Mode().IsRegular() && fi.Size() == 0:
		// An existing empty file is not a database bbolt should initialise: it may be a mistaken path, or a file
		// whose contents were lost.
		return nil, &Error{Err: ErrEmptyFile, Path: path}
	}
	db, err := openBolt(path, opt)
	if err != nil {
		return nil, err
	}
	if err := db.migrate(migs); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// create makes a new database next to path and links it into place, so that a crash while creating never
// leaves a half-initialised file at path. When another process wins the race, its file is used.
func create(path string, opt Options, migs []migration) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".new-*")
	if err != nil { // a missing directory, no permission, a read-only file system
		return &Error{Err: ErrCannotOpen, Path: path, Cause: err}
	}
	name := tmp.Name() // empty: bbolt initialises it
	tmp.Close()
	defer os.Remove(name)
	db, err := openBolt(name, opt)
	if err == nil {
		err = db.migrate(migs)
		if cerr := db.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return fmt.Errorf("store: create %s: %w", path, err)
	}
	if err := os.Link(name, path); err != nil && !errors.Is(err, fs.ErrExist) {
		// A file system without hard links: rename, which replaces a file created meanwhile (unlikely).
		if err := os.Rename(name, path); err != nil {
			return fmt.Errorf("store: create %s: %w", path, err)
		}
	}
	return syncDir(filepath.Dir(path))
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, fs.ErrInvalid) { // some file systems cannot sync a directory
		return err
	}
	return nil
}

// openBolt opens the bbolt file and classifies its errors. bbolt can panic (or fault) on a damaged file
// while it loads the free list; that becomes ErrCorrupt or ErrNotDatabase too.
func openBolt(path string, opt Options) (db *DB, err error) {
	var file *os.File
	bopt := &bolt.Options{
		Timeout:      opt.Timeout,
		NoSync:       opt.NoSync,
		MaxSize:      int(opt.MaxSize),
		FreelistType: bolt.FreelistMapType,
		OpenFile: func(name string, flag int, perm os.FileMode) (*os.File, error) {
			f, err := os.OpenFile(name, flag, perm)
			file = f
			return f, err
		},
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			if file != nil { // release the lock; the mapping bbolt made is lost
				unlock(file)
				file.Close()
			}
			db, err = nil, badFile(path, fmt.Errorf("bbolt panicked: %v", r))
		}
	}()
	b, err := bolt.Open(path, 0o600, bopt)
	if err != nil {
		var pe *fs.PathError
		switch {
		case errors.Is(err, berrors.ErrTimeout):
			return nil, &Error{Err: ErrLocked, Path: path, Cause: err}
		case errors.As(err, &pe):
			return nil, &Error{Err: ErrCannotOpen, Path: path, Cause: err}
		}
		return nil, badFile(path, err)
	}
	return &DB{bolt: b, file: file, path: path, maxSize: opt.MaxSize, shared: newMemShared()}, nil
}

// boltMagic starts the first meta page of every bbolt file (page header of 16 bytes, then the magic number).
const boltMagic = 0xED0CDAED

// badFile tells a damaged bbolt file (ErrCorrupt) from a file that never was one (ErrNotDatabase).
func badFile(path string, cause error) error {
	head := make([]byte, 20)
	if f, err := os.Open(path); err == nil {
		_, err = io.ReadFull(f, head)
		f.Close()
		if err == nil && (binary.LittleEndian.Uint32(head[16:]) == boltMagic || binary.BigEndian.Uint32(head[16:]) == boltMagic) {
			return &Error{Err: ErrCorrupt, Path: path, Cause: cause}
		}
	}
	return &Error{Err: ErrNotDatabase, Path: path, Cause: cause}
}

// Close closes the database. It waits for running transactions. Calling it again returns nil.
func (db *DB) Close() error {
	db.closeOnce.Do(func() {
		db.closed.Store(true)
		if !db.broken.Load() {
			db.closeErr = db.bolt.Close()
			return
		}
		// After a bbolt panic its locks may be left held; don't wait forever for them.
		done := make(chan error, 1)
		go func() { done <- db.bolt.Close() }()
		select {
		case db.closeErr = <-done:
		case <-time.After(time.Second):
			unlock(db.file)
			db.closeErr = db.file.Close()
		}
	})
	return db.closeErr
}

// Path returns the database file's path.
func (db *DB) Path() string { return db.path }

// Update implements Store. bbolt runs fn exactly once.
func (db *DB) Update(ctx context.Context, guildID string, fn func(Tx) error) error {
	start := time.Now()
	err := db.run(ctx, guildID, true, fn)
	db.metrics.observe(OpUpdate, start, err)
	return err
}

// View implements Store.
func (db *DB) View(ctx context.Context, guildID string, fn func(Tx) error) error {
	start := time.Now()
	err := db.run(ctx, guildID, false, fn)
	db.metrics.observe(OpView, start, err)
	return err
}

func (db *DB) run(ctx context.Context, guildID string, writable bool, fn func(Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if !validID(guildID) {
		return &Error{Err: ErrInvalid, Detail: fmt.Sprintf("guild ID %q", guildID)}
	}
	var (
		inFn  bool  // the caller's fn is running: a panic now is the caller's own
		fnErr error // fn's error, returned unchanged
	)
	err := db.do(writable, &inFn, func(btx *bolt.Tx) error {
		if err := ctx.Err(); err != nil { // cancelled while waiting for the writer lock
			fnErr = err
			return err
		}
		t := &tx{db: db, btx: btx, guild: guildID, writable: writable, now: time.Now().UTC()}
		inFn = true
		fnErr = fn(t)
		inFn = false
		t.done = true
		if fnErr != nil {
			return fnErr
		}
		return t.failed // a damaged record the caller ignored still aborts the transaction
	})
	if fnErr != nil {
		return fnErr
	}
	return err
}

// do runs body in a bbolt transaction, turns a panic inside bbolt into ErrCorrupt (and refuses all later
// work on the file) and maps bbolt's errors to ours. A panic while *inFn is true started in the caller's
// code and is passed on untouched, after bbolt rolled back.
func (db *DB) do(writable bool, inFn *bool, body func(*bolt.Tx) error) (err error) {
	if db.closed.Load() {
		return ErrClosed
	}
	if db.broken.Load() {
		return &Error{Err: ErrCorrupt, Path: db.path, Detail: "a previous transaction found damage"}
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if inFn != nil && *inFn {
			return
		}
		if r := recover(); r != nil {
			err = db.corrupt(r)
		}
	}()
	if writable {
		err = db.bolt.Update(body)
	} else {
		err = db.bolt.View(body)
	}
	switch {
	case err == nil:
	case errors.Is(err, berrors.ErrMaxSizeReached):
		err = &Error{Err: ErrFull, Path: db.path, Limit: db.maxSize, Cause: err}
	case errors.Is(err, berrors.ErrDatabaseNotOpen):
		err = ErrClosed
	case unavailable(err):
		err = &Error{Err: ErrUnavailable, Path: db.path, Cause: err}
	}
	return err
}

// unavailable reports whether err is the system refusing to write the file: read-only, no permission, no
// space, an I/O error. Nothing was committed; the operator must fix the file or the disk.
func unavailable(err error) bool {
	var e *Error
	if errors.As(err, &e) {
		return false // already one of ours
	}
	return errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS) || errors.Is(err, syscall.ENOSPC) ||
		errors.Is(err, syscall.EIO)
}

// corrupt records that bbolt panicked: the file is damaged, and no further transaction may touch it.
func (db *DB) corrupt(r any) error {
	db.broken.Store(true)
	return &Error{Err: ErrCorrupt, Path: db.path, Cause: fmt.Errorf("bbolt panicked: %v", r)}
}

// Backup writes a consistent copy of the whole database to w while other transactions go on, and returns
// the number of bytes written. The copy is a database file that Open accepts.
func (db *DB) Backup(w io.Writer) (int64, error) {
	var n int64
	err := db.do(false, nil, func(btx *bolt.Tx) error {
		var err error
		n, err = btx.WriteTo(w)
		return err
	})
	if err != nil && Code(err) == "" {
		err = fmt.Errorf("store: backup: %w", err)
	}
	return n, err
}

// BackupFile writes a hot backup to path atomically: to a temporary file in the same directory, synced,
// then renamed over path, with mode 0600. It refuses to overwrite the database itself.
func (db *DB) BackupFile(path string) (err error) {
	if a, err1 := os.Stat(path); err1 == nil {
		if b, err2 := db.file.Stat(); err2 == nil && os.SameFile(a, b) {
			return &Error{Err: ErrInvalid, Path: path, Detail: "the backup would overwrite the database itself"}
		}
	}
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if err := f.Chmod(0o600); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if _, err := db.Backup(f); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	if err := syncDir(dir); err != nil {
		return fmt.Errorf("store: backup: %w", err)
	}
	return nil
}
