package bot_test

import (
	"strings"
	"testing"

	"rulekeeper/bot"
	"rulekeeper/locales"
	"rulekeeper/rules/dice"
)

// TestRollLine: /roll reads a line as dice.ParseLine does (issue 14, notation revision 2): Avrae's adv/dis/ea words
// roll the d20 twice (thrice), "a; b" rolls each; the mode is named in the reply and in the JSON; the console's text
// is plain (no Markdown), the JSON breakdown keeps it.
func TestRollLine(t *testing.T) {
	e := newPlayEnv(t)
	tests := []struct {
		line  string
		faces []int
		text  []string // substrings of the reply text
		mode  string   // the JSON's mode ("" none)
		total float64
	}{
		{`/roll expr:"1d20+5 adv"`, []int{3, 17}, []string{"2d20kh1 (3d, 17) + 5 = 22 (advantage)"}, "adv", 22},
		{`/roll expr:"1d20+5 dis to hit"`, []int{3, 17}, []string{"2d20kl1 (3, 17d) + 5 = 8 (disadvantage)", "Comment: to hit"}, "dis", 8},
		{`/roll expr:"1d20 ea"`, []int{20, 2, 9}, []string{"3d20kh1 (20, 2d, 9d) = 20 (elven accuracy) — 💥 Critical!"}, "ea", 20},
		{`/roll expr:"2d6+1>=7 climb"`, []int{6, 6}, []string{"2d6 (6, 6) + 1 = 13 >= 7 — Success"}, "", 13},
	}
	for _, tc := range tests {
		pl := e.ok("alice", tc.line, tc.faces...)
		for _, s := range tc.text {
			if !strings.Contains(pl.Text, s) {
				t.Errorf("%s: text %q lacks %q", tc.line, pl.Text, s)
			}
		}
		if strings.Contains(strings.TrimPrefix(pl.Text, "**alice rolls**"), "**") || strings.Contains(pl.Text, "~~") {
			t.Errorf("%s: Markdown in the console's text %q", tc.line, pl.Text)
		}
		if m, _ := pl.Result["mode"].(string); m != tc.mode || pl.Result["total"] != tc.total {
			t.Errorf("%s: JSON mode %q total %v, want %q %v", tc.line, m, pl.Result["total"], tc.mode, tc.total)
		}
	}

	// "a; b": each roll on its own line with its comment, no sum; the JSON lists both, the first with its mode.
	pl := e.ok("alice", `/roll expr:"1d20+5 adv to hit; 2d6+3 fire"`, 17, 3, 4, 5)
	for _, s := range []string{"1. to hit: 2d20kh1 (17, 3d) + 5 = 22 (advantage)", "2. fire: 2d6 (4, 5) + 3 = 12"} {
		if !strings.Contains(pl.Text, s) {
			t.Errorf("a; b: text %q lacks %q", pl.Text, s)
		}
	}
	rolls, _ := pl.Result["rolls"].([]any)
	if len(rolls) != 2 || rolls[0].(map[string]any)["mode"] != "adv" || rolls[1].(map[string]any)["mode"] != nil ||
		pl.Result["sum"] != nil || strings.Contains(pl.Text, "Sum") {
		t.Errorf("a; b: result %v text %q", pl.Result, pl.Text)
	}
	if b := rolls[0].(map[string]any)["breakdown"]; b != "2d20kh1 (17, ~~3~~) + 5 = 22" {
		t.Errorf("a; b: JSON breakdown %q, want Markdown kept", b)
	}

	// A repeated roll keeps its sum, plain in the console.
	pl = e.ok("alice", "/roll expr:1d6 repeat:2", 6, 1)
	if !strings.Contains(pl.Text, "Sum: 7") || pl.Result["sum"] != 7.0 {
		t.Errorf("repeat: %q %v", pl.Text, pl.Result)
	}

	// Refusals name what to write.
	for _, tc := range []struct{ line, code string }{
		{`/roll expr:"2d6 adv"`, "dice.err.mode_needs_d20"},
		{`/roll expr:"1d20 adv dis"`, "dice.err.mode_conflict"},
		{`/roll expr:"1;2;3;4;5;6;7;8;9;10;11"`, "dice.err.too_many_rolls"},
	} {
		if pl := e.run("alice", tc.line); pl.Error != tc.code {
			t.Errorf("%s: error %q (%s), want %s", tc.line, pl.Error, pl.Text, tc.code)
		}
	}
}

// TestDescribeRollStyles: Discord gets Markdown, the console plain text, from the same result.
func TestDescribeRollStyles(t *testing.T) {
	r, err := dice.Roll("4d6kh3", dice.NewScripted([]int{6, 1, 2, 3}))
	if err != nil {
		t.Fatal(err)
	}
	p := locales.For("en")
	if got, want := bot.DescribeRoll(p, r, 1000, bot.Markdown), "4d6kh3 (**6**, ~~**1**~~, 2, 3) = 11"; got != want {
		t.Errorf("Markdown: %q, want %q", got, want)
	}
	if got, want := bot.DescribeRoll(p, r, 1000, bot.Plain), "4d6kh3 (6, 1d, 2, 3) = 11"; got != want {
		t.Errorf("Plain: %q, want %q", got, want)
	}
}
