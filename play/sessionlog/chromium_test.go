package sessionlog

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// chromiumPath is where Debian's chromium package puts the browser.
const chromiumPath = "/usr/bin/chromium"

// Environment of the Chromium test: require the browser (CI), and a folder to copy the screenshots to.
const (
	envRequire     = "RULEKEEPER_REQUIRE_CHROMIUM"
	envScreenshots = "RULEKEEPER_SCREENSHOT_DIR"
)

// chromium returns the browser's path, or skips the test when there is none (fails when envRequire is 1).
func chromium(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat(chromiumPath); err != nil {
		msg := fmt.Sprintf("no Chromium at %s, so the HTML replay is not checked in a browser: "+
			"apt-get install chromium to run this test (%s=1 makes a missing browser a failure)", chromiumPath, envRequire)
		if os.Getenv(envRequire) == "1" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return chromiumPath
}

// browser starts a headless Chromium with a fresh profile in dir, no network of its own and no sandbox.
func browser(t *testing.T, dir string) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(filepath.Join(dir, "profile")),
		chromedp.WindowSize(920, 1300),
	}
	// A bound, not a timing: a browser that hangs fails the test instead of the whole run.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	tab, cancelTab := chromedp.NewContext(alloc)
	t.Cleanup(cancelTab)
	return tab
}

// pageState is what the test reads off the rendered page.
type pageState struct {
	Text      string      `json:"text"` // document.body.innerText: only what shows
	Names     []nameColor `json:"names"`
	Entries   []entryShow `json:"entries"`
	Titles    []string    `json:"titles"`
	Markers   []string    `json:"markers"`
	Scripts   int         `json:"scripts"`
	Pwned     string      `json:"pwned"`
	Resources int         `json:"resources"`
	When      string      `json:"when"`
	SayFont   string      `json:"sayFont"`
	SayStyle  string      `json:"sayStyle"`
	ChipFont  string      `json:"chipFont"`
}

type nameColor struct {
	Name  string `json:"name"`
	Color string `json:"color"`
}

type entryShow struct {
	OOC     bool   `json:"ooc"`
	Visible bool   `json:"visible"`
	Display string `json:"display"`
}

const readPage = `(() => {
  const css = el => getComputedStyle(el);
  return {
    text: document.body.innerText,
    names: [...document.querySelectorAll(".entry .who, .cast .name")].map(e => ({name: e.textContent, color: css(e).color})),
    entries: [...document.querySelectorAll(".entry")].map(e => ({ooc: e.classList.contains("ooc"), visible: e.checkVisibility(), display: css(e).display})),
    titles: [...document.querySelectorAll(".chip[title]")].map(e => e.title),
    markers: [...document.querySelectorAll(".marker")].map(e => e.classList[1] + ": " + e.textContent),
    scripts: document.scripts.length,
    pwned: typeof window.pwned,
    resources: performance.getEntriesByType("resource").length,
    when: document.querySelector(".when").textContent,
    sayFont: css(document.querySelector(".k-say .text")).fontFamily,
    sayStyle: css(document.querySelector(".k-say .text")).fontStyle,
    chipFont: css(document.querySelector(".chip")).fontFamily,
  };
})()`

func read(t *testing.T, tab context.Context) pageState {
	t.Helper()
	s, err := chromedp.Run(tab, chromedp.Evaluate[pageState](readPage))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// rgb is "#rrggbb" as getComputedStyle shows it.
func rgb(t *testing.T, hex string) string {
	v := rgbOf(t, hex)
	return fmt.Sprintf("rgb(%d, %d, %d)", v>>16, v>>8&0xff, v&0xff)
}

// TestHTMLInChromium loads the fixture's replay in a real headless Chromium: every line shows, user markup stays
// text, nothing is fetched, each character has its colour in the light and the dark theme, speech and rolls look
// apart, the markers are there, the mouse over a roll finds its odds in the title, and the switch hides exactly the
// out-of-character lines. It saves screenshots (light, dark) in t.TempDir() and, when RULEKEEPER_SCREENSHOT_DIR is
// set, there too.
func TestHTMLInChromium(t *testing.T) {
	dir := t.TempDir()
	tab := browser(t, dir)
	l := fight(t)
	file := filepath.Join(dir, "fight.html")
	if err := os.WriteFile(file, HTML(l, english()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(tab, chromedp.Navigate("file://"+file), chromedp.WaitVisible(chromedp.CSS("main.log"))); err != nil {
		t.Fatal(err)
	}

	s := read(t, tab)
	checkText(t, s, l)
	checkColours(t, s, l, false)
	if s.Scripts != 1 || s.Pwned != "undefined" || s.Resources != 0 {
		t.Errorf("scripts %d, window.pwned %s, resources fetched %d: want the page's one script and nothing else",
			s.Scripts, s.Pwned, s.Resources)
	}
	if s.When == dateRange(l.Started, l.Ended) || !strings.Contains(s.When, "2026") {
		t.Errorf("the script did not localize the date: %q", s.When)
	}
	if s.SayStyle != "italic" || strings.Contains(s.SayFont, "monospace") || !strings.Contains(s.ChipFont, "monospace") {
		t.Errorf("speech %s %q, rolls %q: want italic serif speech and monospace rolls", s.SayStyle, s.SayFont, s.ChipFont)
	}
	wantMarkers := []string{"round: Round 1", "turn: Aria's turn", "turn: Goblin 2's turn", "turn: Borin's turn",
		"turn: Mira's turn", "round: Round 2", "turn: Aria's turn", "turn: Mira's turn"}
	if strings.Join(s.Markers, "|") != strings.Join(wantMarkers, "|") {
		t.Errorf("markers %q", s.Markers)
	}
	if len(s.Titles) != 5 || s.Titles[0] != "Chance of success: 55% (11/20)" || s.Titles[1] != "Chance to hit: 79.75% (319/400)" {
		t.Errorf("odds titles %q", s.Titles)
	}
	checkHover(t, tab)
	shoot(t, tab, dir, "sessionlog-replay-light.png")

	if err := chromedp.Do(tab, chromedp.Click(chromedp.ID("hide-ooc"))); err != nil {
		t.Fatal(err)
	}
	hidden := read(t, tab)
	checkFilter(t, hidden, true)
	if strings.Contains(hidden.Text, "pizza") || strings.Contains(hidden.Text, "poor Borin") || !strings.Contains(hidden.Text, "Die, tin can!") {
		t.Error("with the switch on, the out-of-character lines and only they are gone from the page's text")
	}
	if err := chromedp.Do(tab, chromedp.Click(chromedp.ID("hide-ooc"))); err != nil {
		t.Fatal(err)
	}
	checkFilter(t, read(t, tab), false)

	dark := []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: "dark"}}
	if _, err := chromedp.Call(tab, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: dark}); err != nil {
		t.Fatal(err)
	}
	checkColours(t, read(t, tab), l, true)
	shoot(t, tab, dir, "sessionlog-replay-dark.png")
}

// checkText: every line of the log shows as text, the hostile one literally.
func checkText(t *testing.T, s pageState, l *Log) {
	t.Helper()
	for _, e := range l.Entries {
		for _, line := range e.Lines {
			if !strings.Contains(s.Text, line) {
				t.Errorf("line %q does not show", line)
			}
		}
	}
	if !strings.Contains(s.Text, "The Goblin Ambush & the <Old Mill>") {
		t.Error("the title does not show as written")
	}
}

// checkColours: each name shows in its palette colour for the theme, in the cast list and on every entry.
func checkColours(t *testing.T, s pageState, l *Log, dark bool) {
	t.Helper()
	var names []string
	for _, p := range l.Participants() {
		names = append(names, p.Name)
	}
	colours := palette(names)
	seen := map[string]int{}
	for _, n := range s.Names {
		c, ok := colours[n.Name]
		if !ok {
			continue // a player without a character in the log: muted
		}
		want := rgb(t, c.Light)
		if dark {
			want = rgb(t, c.Dark)
		}
		if n.Color != want {
			t.Errorf("dark %v: %s shows in %s, want %s", dark, n.Name, n.Color, want)
		}
		seen[n.Name]++
	}
	for _, name := range names {
		if seen[name] < 2 {
			t.Errorf("%s shows %d times in colour", name, seen[name])
		}
	}
}

// checkFilter: with the switch on, every out-of-character entry is hidden and every other one shows.
func checkFilter(t *testing.T, s pageState, on bool) {
	t.Helper()
	oocs := 0
	for i, e := range s.Entries {
		if e.OOC {
			oocs++
		}
		if shown := !(on && e.OOC); e.Visible != shown || (e.Display == "none") == shown {
			t.Errorf("switch %v: entry %d (ooc %v) visible %v, display %s", on, i, e.OOC, e.Visible, e.Display)
		}
	}
	if oocs != 2 {
		t.Errorf("%d out-of-character entries, want 2", oocs)
	}
}

// checkHover moves the mouse onto the first roll with odds: the element under it is the one with the title.
func checkHover(t *testing.T, tab context.Context) {
	t.Helper()
	type box struct{ X, Y float64 }
	b, err := chromedp.Run(tab, chromedp.Evaluate[box](`(() => {
		const c = document.querySelectorAll(".chip[title]")[1];
		c.scrollIntoView({block: "center"});
		const r = c.getBoundingClientRect();
		return {X: r.left + r.width / 2, Y: r.top + r.height / 2};
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(tab, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, b.X, b.Y)); err != nil {
		t.Fatal(err)
	}
	title, err := chromedp.Run(tab, chromedp.Evaluate[string](
		`(document.querySelector(".chip[title]:hover") || {title: "nothing under the mouse"}).title`))
	if err != nil {
		t.Fatal(err)
	}
	if title != "Chance to hit: 79.75% (319/400)" {
		t.Errorf("under the mouse: %q", title)
	}
	if err := chromedp.Do(tab, chromedp.Evaluate[chromedp.Void]("window.scrollTo(0, 0)"),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, 0, 0)); err != nil {
		t.Fatal(err)
	}
}

// shoot saves a full-page PNG in dir and, when envScreenshots names a folder, there too.
func shoot(t *testing.T, tab context.Context, dir, name string) {
	t.Helper()
	png, err := chromedp.Run(tab, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if len(png) < 8 || string(png[1:4]) != "PNG" {
		t.Fatalf("%s is not a PNG", name)
	}
	for _, d := range []string{dir, os.Getenv(envScreenshots)} {
		if d == "" {
			continue
		}
		if err := os.WriteFile(filepath.Join(d, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot %s (%d bytes)", filepath.Join(d, name), len(png))
	}
}
