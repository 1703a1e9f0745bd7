package coded

import (
	"errors"
	"fmt"
	"testing"
)

func TestError(t *testing.T) {
	e := New("dnd5e.err.bad_level", "Level", 21, "Max", 20)
	if e.Args["Level"] != 21 || e.Args["Max"] != 20 {
		t.Errorf("args %v", e.Args)
	}
	if got := e.Error(); got != "dnd5e.err.bad_level (Level=21, Max=20)" {
		t.Errorf("Error() = %q", got)
	}
	if got := New("x.err.y").Error(); got != "x.err.y" {
		t.Errorf("Error() = %q", got)
	}
	wrapped := fmt.Errorf("creating: %w", e)
	if !errors.Is(wrapped, &Error{Code: "dnd5e.err.bad_level"}) || errors.Is(wrapped, &Error{Code: "dnd5e.err.bad_ac"}) {
		t.Error("errors.Is must match on the code alone")
	}
	if !errors.Is(wrapped, Code("dnd5e.err.bad_level")) || errors.Is(wrapped, Code("dnd5e.err.bad_ac")) || errors.Is(Code("x"), e) {
		t.Error("errors.Is must match a Code target on the code")
	}
	var ce *Error
	if !errors.As(wrapped, &ce) || ce != e {
		t.Error("errors.As")
	}
}
