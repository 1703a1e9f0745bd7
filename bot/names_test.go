package bot_test

import (
	"testing"

	"rulekeeper/bot"
)

// TestNamesUnambiguous: no name a user may type (an id, a catalog name in any language, an alias) stands for two
// ids of one kind, in the rules tables or in the command table.
func TestNamesUnambiguous(t *testing.T) {
	for _, c := range bot.Names().Clashes() {
		t.Errorf("rules names: %q is %s and %s (%s)", c.Name, c.First, c.Then, c.Kind)
	}
	for _, c := range bot.New(bot.Config{}).Labels().Clashes() {
		t.Errorf("command table: %q is %s and %s (%s)", c.Name, c.First, c.Then, c.Kind)
	}
}
