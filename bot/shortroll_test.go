package bot_test

import (
	"reflect"
	"testing"
)

// TestShortRoll: `/r` is its own command with `/roll`'s options, and answers the same with the same dice.
func TestShortRoll(t *testing.T) {
	e := newPlayEnv(t)
	for _, tt := range []struct {
		long, short string
		faces       []int
	}{
		{"/roll expr:1d20+5", "/r expr:1d20+5", []int{14}},
		{"/roll expr:4d6kh3 repeat:2", "/r expr:4d6kh3 repeat:2", []int{1, 2, 3, 4, 6, 6, 5, 1}},
		{"/roll expr:2d6 private:true", "/r expr:2d6 private:true", []int{3, 4}},
	} {
		long := e.ok("ann", tt.long, tt.faces...)
		short := e.ok("ann", tt.short, tt.faces...)
		if long.Text != short.Text || long.Ephemeral != short.Ephemeral || !reflect.DeepEqual(long.Result, short.Result) {
			t.Errorf("%s ≠ %s:\n%+v\n%+v", tt.short, tt.long, short, long)
		}
	}
	e.refused("ann", "/r", "core.err.missing_option")
}
