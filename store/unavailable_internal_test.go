package store

import (
	"errors"
	"io/fs"
	"path/filepath"
	"syscall"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// TestUnavailable (issue 11 §5): what the system reports when it refuses to write the file — a read-only file
// system, no permission, no space, an I/O error — is ErrUnavailable with the path and the cause (for the log;
// the user reads "the bot cannot save right now"), not an unclassified error; other errors pass unchanged.
func TestUnavailable(t *testing.T) {
	db, err := Open(filepath.Join(t.TempDir(), "u.db"), Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, cause := range []error{syscall.EROFS, syscall.EACCES, syscall.EPERM, syscall.ENOSPC, syscall.EIO} {
		pe := &fs.PathError{Op: "write", Path: db.Path(), Err: cause}
		err := db.do(true, nil, func(*bolt.Tx) error { return pe })
		var se *Error
		if !errors.Is(err, ErrUnavailable) || !errors.As(err, &se) || se.Path != db.Path() || !errors.Is(err, cause) {
			t.Errorf("%v: %v", cause, err)
		}
		if args := Args(err); args[1] != db.Path() || args[5] != pe.Error() {
			t.Errorf("%v: Args %v", cause, args)
		}
	}
	other := errors.New("other")
	if err := db.do(true, nil, func(*bolt.Tx) error { return other }); err != other {
		t.Errorf("another error: %v", err)
	}
	if err := db.do(true, nil, func(*bolt.Tx) error { return &Error{Err: ErrInvalid} }); !errors.Is(err, ErrInvalid) {
		t.Errorf("a store error: %v", err)
	}
}
