package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"rulekeeper/bot"
)

// TestSheetListPages (issue 11 §5): a GM's /sheet list of a guild whose list is longer than a reply holds (4,096
// characters) is not clipped: it pages, each page within the limit and saying which it is, with "next" and
// "previous" buttons that show the other pages in place; every character is on exactly one page.
func TestSheetListPages(t *testing.T) {
	e := newPlayEnv(t)
	e.rec.stop() // ninety sheets: not a transcript
	var names []string
	for i := range 90 {
		name := fmt.Sprintf("Adventurer %02d of the Long Road to Somewhere", i)
		names = append(names, name)
		e.ok([]string{"alice", "bob", "carl"}[i%3], "/sheet create class:fighter name:"+name)
	}
	gm := "gm-carol"
	seen := map[string]int{}
	page := func(body string) {
		t.Helper()
		if n := utf8.RuneCountInString(body); n > bot.MaxBody+300 { // the title and the buttons' line besides
			t.Errorf("a page of %d characters", n)
		}
		for _, name := range names {
			if strings.Contains(body, "**"+name+"**") {
				seen[name]++
			}
		}
	}
	r := e.ok(gm, "/sheet list")
	if !strings.Contains(r.Text, "Page 1 of 2") || !strings.Contains(r.Text, "Next ▶") || strings.Contains(r.Text, "◀ Previous") {
		t.Fatalf("first page:\n%s", r.Text)
	}
	page(r.Text)
	r = e.ok(gm, "click 1") // next
	if !strings.Contains(r.Text, "Page 2 of 2") || !strings.Contains(r.Text, "◀ Previous") || strings.Contains(r.Text, "Next ▶") {
		t.Fatalf("second page:\n%s", r.Text)
	}
	page(r.Text)
	for _, name := range names {
		if seen[name] != 1 {
			t.Errorf("%s is on %d pages", name, seen[name])
		}
	}
	if r = e.ok(gm, "click 1"); !strings.Contains(r.Text, "Page 1 of 2") { // previous
		t.Errorf("back to the first page:\n%s", r.Text)
	}
	// A player's own short list has no pages.
	if r = e.ok("alice", "/sheet list"); strings.Contains(r.Text, "Page") || strings.Contains(r.Text, "Next") {
		t.Errorf("alice's list:\n%s", r.Text)
	}
}
