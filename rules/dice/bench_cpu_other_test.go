//go:build !unix

package dice

import "time"

// cpuTime is not measured here.
func cpuTime() time.Duration { return -1 }
