package ddb_test

import (
	"testing"

	"rulekeeper/internal/catalogtest"
	"rulekeeper/rules/dnd5e/ddb"
)

// downloadCodes are the ddb-area error codes of the download (package rulekeeper/fetch, which checks that it
// produces them; rules packages do not import it).
var downloadCodes = []string{"ddb.err.not_shared", "ddb.err.rate_limited", "ddb.err.upstream", "ddb.err.unreachable", "ddb.err.timeout"}

// TestCatalogMatchesCode: locales/catalog/ddb.<lang>.toml holds exactly the
// package's kinds, reasons and error codes and the download's error codes,
// in every language.
func TestCatalogMatchesCode(t *testing.T) {
	catalogtest.Keys(t, "ddb", append(ddb.Keys(), downloadCodes...))
}

// TestErrorTemplateArgs: every error code is produced, and its messages use
// only the template arguments the code passes with it.
func TestErrorTemplateArgs(t *testing.T) {
	args := catalogtest.CallArgs(t, "newError")
	catalogtest.Produced(t, ddb.ErrorCodes(), args)
	catalogtest.Args(t, "ddb", ddb.ErrorCodes(), args)
}

// TestReasonTemplateArgs: reason messages use only Unmapped.Args (Name,
// Level, Value); kind names use none.
func TestReasonTemplateArgs(t *testing.T) {
	passed := map[string]bool{}
	kv := ddb.Unmapped{}.Args()
	for i := 0; i < len(kv); i += 2 {
		passed[kv[i].(string)] = true
	}
	args := map[string]map[string]bool{}
	var reasons, kinds []string
	for _, r := range ddb.Reasons() {
		reasons = append(reasons, r.Key())
		args[r.Key()] = passed
	}
	for _, k := range ddb.Kinds() {
		kinds = append(kinds, k.Key())
		args[k.Key()] = map[string]bool{}
	}
	catalogtest.Args(t, "ddb", reasons, args)
	catalogtest.Args(t, "ddb", kinds, args)
}

// TestKeysUnique: every kind and reason has its own key.
func TestKeysUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range ddb.Keys() {
		if k == "" || seen[k] {
			t.Errorf("key %q empty or twice", k)
		}
		seen[k] = true
	}
	if ddb.Kind("nope").Key() != "" || ddb.Reason("nope").Key() != "" {
		t.Error("an unknown kind or reason has a key")
	}
}
