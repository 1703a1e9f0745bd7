//go:build !unix

package bot_test

import "time"

// cpuTime is unknown here.
func cpuTime() time.Duration { return -1 }
