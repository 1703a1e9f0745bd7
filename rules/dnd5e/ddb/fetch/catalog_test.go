package fetch

import (
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
