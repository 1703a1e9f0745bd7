//go:build race

package bot_test

// raceEnabled: the race detector slows the worst cases tenfold and counts their memory twice.
const raceEnabled = true
