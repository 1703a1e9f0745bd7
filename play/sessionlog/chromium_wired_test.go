package sessionlog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestWiredFightInChromium loads the replay of the fight the bot recorded through its commands (bot's
// TestLoggedFight writes testdata/wired-fight.json, its JSON export) in a real headless Chromium: every recorded
// line shows, each character has its colour, each judged roll carries its odds in its title, and the switch hides
// the one out-of-character line and nothing else.
func TestWiredFightInChromium(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "wired-fight.json"))
	if err != nil {
		t.Fatal(err)
	}
	l, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	tab := browser(t, dir)
	file := filepath.Join(dir, "wired-fight.html")
	if err := os.WriteFile(file, HTML(l, english()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(tab, chromedp.Navigate("file://"+file), chromedp.WaitVisible(chromedp.CSS("main.log"))); err != nil {
		t.Fatal(err)
	}
	s := read(t, tab)
	for _, e := range l.Entries {
		for _, line := range e.Lines {
			if !strings.Contains(s.Text, line) {
				t.Errorf("line %q does not show", line)
			}
		}
	}
	checkColours(t, s, l, false)
	want := []string{"Chance of success: 65% (13/20)", "Chance to hit: 75% (3/4)", "Chance of success: 55% (11/20)"}
	if strings.Join(s.Titles, "|") != strings.Join(want, "|") {
		t.Errorf("odds titles %q, want %q", s.Titles, want)
	}
	shoot(t, tab, dir, "sessionlog-wired-fight.png")
	if err := chromedp.Do(tab, chromedp.Click(chromedp.ID("hide-ooc"))); err != nil {
		t.Fatal(err)
	}
	hidden := read(t, tab)
	oocs := 0
	for i, e := range hidden.Entries {
		if e.OOC {
			oocs++
		}
		if e.Visible == e.OOC {
			t.Errorf("switch on: entry %d (ooc %v) visible %v", i, e.OOC, e.Visible)
		}
	}
	if oocs != 1 || strings.Contains(hidden.Text, "brb, pizza") || !strings.Contains(hidden.Text, "Give us the gold") {
		t.Errorf("switch on: %d out-of-character entries, text %q", oocs, hidden.Text)
	}
}
