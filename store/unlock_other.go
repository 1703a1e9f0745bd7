//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package store

import "os"

// unlock is a no-op where bbolt does not use flock; closing the file releases its lock.
func unlock(*os.File) {}
