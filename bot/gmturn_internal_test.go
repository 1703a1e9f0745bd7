package bot

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"rulekeeper/locales"
)

// TestCapLines: an /init reply with many lines (50 combatants skipped, expiries) keeps what fits in a Discord embed,
// says how many lines it left out, and always keeps its last line (whose turn it is).
func TestCapLines(t *testing.T) {
	req := &Request{P: locales.For(locales.EN)}
	short := []string{"a", "b", "It is **Zed**'s turn."}
	if got := capLines(req, short); strings.Join(got, "|") != "a|b|It is **Zed**'s turn." {
		t.Errorf("short: %q", got)
	}
	var lines []string
	for range 100 {
		lines = append(lines, strings.Repeat("x", 60)+" is down: turn skipped.")
	}
	lines = append(lines, "It is **Zed**'s turn.")
	got := capLines(req, lines)
	body := strings.Join(got, "\n")
	if n := utf8.RuneCountInString(body); n > maxTurnRunes || n < maxTurnRunes-200 {
		t.Errorf("capped body: %d characters", n)
	}
	if got[len(got)-1] != "It is **Zed**'s turn." || !strings.HasPrefix(got[len(got)-2], "… ") || !strings.HasSuffix(got[len(got)-2], " more") {
		t.Errorf("the end of the capped lines: %q", got[len(got)-2:])
	}
	if kept := len(got) - 2; !strings.Contains(got[len(got)-2], " "+strconv.Itoa(100-kept)+" ") {
		t.Errorf("%d kept, %q", kept, got[len(got)-2])
	}
}
