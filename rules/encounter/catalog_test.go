package encounter

import (
	"testing"

	"rulekeeper/internal/catalogtest"
)

// codeKeys are every catalog key the package hands out.
func codeKeys() []string {
	var keys []string
	for _, k := range Kinds() {
		keys = append(keys, k.Key())
	}
	for _, s := range States() {
		keys = append(keys, s.Key())
	}
	for _, u := range Untils() {
		keys = append(keys, u.Key())
	}
	keys = append(keys, LogEvents()...)
	return append(keys, ErrorCodes()...)
}

func TestCatalogMatchesCode(t *testing.T) {
	catalogtest.Keys(t, "encounter", codeKeys())
}

// TestTemplateArgs checks every error message and log event uses only template arguments the code really passes
// with that key (newError and log calls), in every language, and that every one is produced somewhere. Until
// messages take Name (the anchor), which the bot passes.
func TestTemplateArgs(t *testing.T) {
	args := catalogtest.CallArgs(t, "newError", "log")
	keys := append(append([]string(nil), ErrorCodes()...), LogEvents()...)
	catalogtest.Produced(t, keys, args)
	for _, u := range Untils() {
		args[u.Key()] = map[string]bool{"Name": true}
		keys = append(keys, u.Key())
	}
	catalogtest.Args(t, "encounter", keys, args)
}
