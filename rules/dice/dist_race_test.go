//go:build race

package dice

// raceEnabled: the race detector slows rolls tenfold; the sampled tests shrink.
const raceEnabled = true
