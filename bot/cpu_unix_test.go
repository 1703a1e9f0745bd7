//go:build unix

package bot_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used (user and system, every thread: the garbage collector's work
// counts too).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return -1
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
