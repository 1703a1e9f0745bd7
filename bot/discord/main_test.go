package discord

import (
	"os"
	"testing"

	"rulekeeper/locales"
)

// TestMain loads the catalogs first, as a serving process does at start-up: the deferral tests time handlers, and
// the first handler to speak would otherwise pay for the loading.
func TestMain(m *testing.M) {
	if err := locales.LoadError(); err != nil {
		panic(err)
	}
	os.Exit(m.Run())
}
