package sessionlog

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"rulekeeper/locales"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test ./play/sessionlog -run %s -update rewrites it):\n%s", name, t.Name(), got)
	}
}

func english() Labels { return NewLabels(locales.For(locales.EN).T) }

// TestJSONExport: the fixture's JSON is the golden file, and it has the documented shape (doc.go).
func TestJSONExport(t *testing.T) {
	data, err := JSON(fight(t))
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "fight.json", data)
	var doc struct {
		Version int    `json:"version"`
		Name    string `json:"name"`
		Lang    string `json:"lang"`
		State   string `json:"state"`
		Started string `json:"started"`
		Ended   string `json:"ended"`
		Entries []map[string]any
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Version != 1 || doc.Name != "The Goblin Ambush & the <Old Mill>" || doc.Lang != "en" || doc.State != "stopped" ||
		doc.Started != "2026-03-14T19:30:00Z" || doc.Ended != "2026-03-14T19:45:00Z" || len(doc.Entries) != 27 {
		t.Fatalf("header %+v", doc)
	}
	attack := doc.Entries[6]
	roll := attack["roll"].(map[string]any)
	dice := roll["dice"].([]any)
	odds := roll["odds"].(map[string]any)
	if attack["kind"] != "attack" || attack["character"] != "Aria" || attack["user"] != alice || attack["user_name"] != "alice" ||
		roll["expr"] != "2d20kh1+5" || roll["total"] != 22.0 || roll["natural"] != 17.0 || roll["mode"] != "adv" ||
		roll["outcome"] != "success" || roll["target"] != 15.0 || len(dice) != 2 ||
		dice[1].(map[string]any)["dropped"] != true || dice[0].(map[string]any)["dropped"] != nil ||
		odds["p"] != 0.7975 || odds["fraction"] != "319/400" {
		t.Errorf("attack entry %v", attack)
	}
	damage := doc.Entries[7]["damage"].(map[string]any)
	if damage["amount"] != 14.0 || damage["type"] != "piercing" || damage["target"] != "Goblin 1" {
		t.Errorf("damage %v", damage)
	}
	if turn := doc.Entries[8]; turn["kind"] != "turn" || turn["round"] != 1.0 || turn["turn"] != 2.0 || turn["character"] != "Goblin 2" {
		t.Errorf("turn marker %v", turn)
	}
	if revealed := doc.Entries[24]; revealed["revealed"] != true || revealed["npc"] != true {
		t.Errorf("revealed roll %v", revealed)
	}
	if ooc := doc.Entries[3]; ooc["lines"].([]any)[0] != hostileOOC {
		t.Errorf("the hostile line changed: %v", ooc["lines"])
	}
}

// TestMarkdownExport: the fixture's Markdown is the golden file.
func TestMarkdownExport(t *testing.T) {
	md := Markdown(fight(t), english())
	golden(t, "fight.md", md)
	if m := regexp.MustCompile(`(^|[^\\])[<>\[\]&]`).Find(md); m != nil {
		t.Errorf("user text became markup: %q", m)
	}
	for _, want := range []string{`\<script\>`, `\*\*not bold\*\*`, `\[x\](javascript`, `\<Old Mill\>`} {
		if !bytes.Contains(md, []byte(want)) {
			t.Errorf("%s is missing", want)
		}
	}
}

func TestMarkdownEscapes(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain text, 14 + 5 = 19.", "plain text, 14 + 5 = 19."},
		{"**bold** _it_ `code`", `\*\*bold\*\* \_it\_ \` + "`code\\`"},
		{"<b>&amp;</b>", `\<b\>\&amp;\</b\>`},
		{"[x](y) | ~~z~~ \\", `\[x\](y) \| \~\~z\~\~ \\`},
		{"哥布林 <3", `哥布林 \<3`},
	}
	for _, tt := range tests {
		if got := mdEscape(tt.in); got != tt.want {
			t.Errorf("mdEscape(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	starts := []struct{ in, want string }{
		{"# heading", `\# heading`}, {"- item", `\- item`}, {"  + item", `  \+ item`}, {"> quote", `\> quote`},
		{"===", `\===`}, {"1. first", `1\. first`}, {"12) twelfth", `12\) twelfth`}, {"12 goblins", "12 goblins"},
		{"", ""},
	}
	for _, tt := range starts {
		if got := mdLineStart(tt.in); got != tt.want {
			t.Errorf("mdLineStart(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	codes := []struct{ in, want string }{
		{"1d20+5", "`1d20+5`"}, {"1d20 `x`", "`` 1d20 `x` ``"}, {"a``b", "``` a``b ```"},
	}
	for _, tt := range codes {
		if got := mdCode(tt.in); got != tt.want {
			t.Errorf("mdCode(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestMarkdownLanguages: every language's labels reach the export.
func TestMarkdownLanguages(t *testing.T) {
	for _, lang := range locales.Langs {
		md := string(Markdown(fight(t), NewLabels(locales.For(lang).T)))
		lb := NewLabels(locales.For(lang).T)
		for _, w := range []string{lb.Round(2), lb.Turn("Mira"), lb.Participants, lb.OOC, lb.Revealed} {
			if !strings.Contains(md, mdEscape(w)) {
				t.Errorf("%s: %q missing", lang, w)
			}
		}
	}
}
