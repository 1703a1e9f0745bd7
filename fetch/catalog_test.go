package fetch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rulekeeper/internal/catalogtest"
)

// TestErrorTemplateArgs: every error code is produced, and its messages (in
// the ddb catalogs) use only the arguments the code passes.
func TestErrorTemplateArgs(t *testing.T) {
	args := catalogtest.CallArgs(t, "newError")
	catalogtest.Produced(t, ErrorCodes(), args)
	catalogtest.Args(t, "ddb", ErrorCodes(), args)
}

// TestCodesListedByDDB: the ddb catalog test lists exactly these codes (it cannot import this package).
func TestCodesListedByDDB(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "rules", "dnd5e", "ddb", "catalog_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range ErrorCodes() {
		if !strings.Contains(string(src), `"`+code+`"`) {
			t.Errorf("%s is not in rules/dnd5e/ddb's downloadCodes", code)
		}
	}
}
