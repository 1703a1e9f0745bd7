//go:build !unix

package dice

import "time"

// cpuTime is unknown here: the benchmarks report 0 CPU time.
func cpuTime() time.Duration { return 0 }
