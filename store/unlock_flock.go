//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package store

import (
	"os"
	"syscall"
)

// unlock releases bbolt's flock on f. Closing f alone is not enough when bbolt panicked half-way through
// Open: its memory mapping keeps the open file description, and with it the lock, alive.
func unlock(f *os.File) {
	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
}
