package console

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"rulekeeper/bot"
	"rulekeeper/locales"
	"rulekeeper/rules/dice"
)

func newTestBot(faces ...int) *bot.Bot {
	r := dice.NewScripted(faces)
	return bot.New(bot.Config{Dice: func() dice.Roller { return r }})
}

// TestConsoleErrors: every bad line is a localized error reply with its own code, never a crash.
func TestConsoleErrors(t *testing.T) {
	tests := []struct{ line, code string }{
		{`/nosuch`, "core.err.unknown_command"},
		{`/roll`, "core.err.missing_option"},
		{`/roll dice:1d6`, "core.err.unknown_option"},
		{`/roll expr:1d6 repeat:0`, "core.err.too_small"},
		{`/roll expr:1d6 repeat:21`, "core.err.too_large"},
		{`/roll expr:1d6 repeat:two`, "core.err.bad_integer"},
		{`/roll expr:1d6 repeat:1.5`, "core.err.bad_integer"},
		{`/roll expr:1d6 private:maybe`, "core.err.bad_boolean"},
		{`/roll expr:1d6 expr:1d8`, "core.err.duplicate_option"},
		{`/roll 1d6`, "core.err.bare_word"},
		{`/roll expr:"1d6`, "core.err.unclosed_quote"},
		{`/roll expr:1d0`, "dice.err.zero_sides"},
		{`/roll expr:""`, "core.err.too_short"},
		{`/roll expr:` + strings.Repeat("1", 1001), "core.err.too_long"},
		{`click 1`, "core.err.no_button"},
		{`click nothing:here`, "core.err.unknown_component"},
		{`click reroll:99:1d6`, "core.err.unknown_component"},
	}
	for _, tt := range tests {
		c := &Console{Bot: newTestBot(), UserID: "u", GuildID: "g", JSON: true}
		r := c.Line(tt.line)
		if r.ErrorCode != tt.code {
			t.Errorf("%q: error %q, want %q (text %q)", tt.line, r.ErrorCode, tt.code, r.Body)
		}
		if !r.Ephemeral || r.Body == "" || r.Body == tt.code {
			t.Errorf("%q: want a localized ephemeral error, got %+v", tt.line, r)
		}
	}
}

func TestConsoleRoll(t *testing.T) {
	c := &Console{Bot: newTestBot(6, 2, 5, 1, 3, 3, 3, 3, 2, 4), UserID: "aria", GuildID: "g", JSON: true}
	var out bytes.Buffer
	in := strings.NewReader("# a comment\n\n/roll expr:4d6kh3\nclick 1\nclick reroll:1:2d6\n")
	if err := c.Run(t.Context(), in, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("want 3 replies, got %d: %q", len(lines), out.String())
	}
	if !strings.Contains(lines[2], `"total":6`) {
		t.Errorf("click by custom id: %s", lines[2])
	}
	var first struct {
		Text      string `json:"text"`
		Ephemeral bool   `json:"ephemeral"`
		Result    struct {
			Total int `json:"total"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil {
		t.Fatal(err)
	}
	if first.Result.Total != 13 || first.Ephemeral || !strings.Contains(first.Text, "aria") {
		t.Errorf("first reply: %+v", first)
	}
	var second struct {
		Result struct {
			Total int `json:"total"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(lines[1]), &second); err != nil {
		t.Fatal(err)
	}
	if second.Result.Total != 9 {
		t.Errorf("roll again: total %d, want 9", second.Result.Total)
	}
}

func TestRollRepeatAndPrivate(t *testing.T) {
	c := &Console{Bot: newTestBot(1, 2, 3), UserID: "u", GuildID: "g", Locale: "ko"}
	r := c.Line(`/roll expr:"1d6+1 sneak" repeat:3 private:true`)
	if r.ErrorCode != "" {
		t.Fatalf("error %s: %s", r.ErrorCode, r.Body)
	}
	var res struct {
		Rolls []any `json:"rolls"`
		Sum   int   `json:"sum"`
	}
	raw, _ := json.Marshal(r.Result)
	if err := json.Unmarshal(raw, &res); err != nil || len(res.Rolls) != 3 || res.Sum != 2+3+4 {
		t.Fatalf("result %+v", r.Result)
	}
	if !r.Ephemeral {
		t.Error("private:true should be ephemeral")
	}
	if !strings.Contains(r.Body, "합계") {
		t.Errorf("Korean sum line missing: %q", r.Body)
	}
	if len(r.Fields) != 1 || r.Fields[0].Value != "sneak" {
		t.Errorf("comment field: %+v", r.Fields)
	}
	if len(r.Buttons) != 1 || r.Buttons[0].CustomID != "p!reroll:3:1d6+1 sneak" {
		t.Errorf("button: %+v", r.Buttons)
	}
}

func TestRollVerdictAndCrit(t *testing.T) {
	tests := []struct {
		expr  string
		faces []int
		tone  bot.Tone
		words []string
	}{
		{"2d6+1>=7", []int{3, 4}, bot.ToneSuccess, []string{"Success"}},
		{"2d6+1>=7", []int{1, 2}, bot.ToneFailure, []string{"Failure"}},
		{"1d20+5", []int{20}, bot.ToneCritical, []string{"Critical"}},
		{"1d20+5", []int{1}, bot.ToneFailure, []string{"Fumble"}},
		{"2d20kh1+5", []int{20, 3}, bot.ToneCritical, []string{"Critical"}},
		{"1d6", []int{6}, bot.ToneNeutral, nil},
	}
	for _, tt := range tests {
		c := &Console{Bot: newTestBot(tt.faces...), UserID: "u"}
		r := c.Line("/roll expr:" + tt.expr)
		if r.ErrorCode != "" {
			t.Fatalf("%s: %s", tt.expr, r.Body)
		}
		if r.Tone != tt.tone {
			t.Errorf("%s %v: tone %v, want %v", tt.expr, tt.faces, r.Tone, tt.tone)
		}
		for _, w := range tt.words {
			if !strings.Contains(r.Body, w) {
				t.Errorf("%s %v: %q lacks %q", tt.expr, tt.faces, r.Body, w)
			}
		}
	}
}

// TestConsoleLocalizedNames: as on Discord, commands, subcommands and options can be typed in any language.
func TestConsoleLocalizedNames(t *testing.T) {
	tests := []struct{ line, path, option string }{
		{"/掷骰 表达式:1d6", "roll", "expr"},
		{"/擲骰 表達式:1d6 重複:2", "roll", "repeat"},
		{"/굴림 식:1d6 비공개:true", "roll", "private"},
		{"/设置 查看", "settings show", ""},
	}
	for _, tt := range tests {
		c := &Console{Bot: newTestBot(), UserID: "u", GuildID: "g"}
		req, err := c.parse(tt.line)
		if err != nil {
			t.Fatalf("%q: %v", tt.line, err)
		}
		if strings.Join(req.Path, " ") != tt.path {
			t.Errorf("%q: path %v, want %s", tt.line, req.Path, tt.path)
		}
		if _, ok := req.Options[tt.option]; tt.option != "" && !ok {
			t.Errorf("%q: options %v lack %s", tt.line, req.Options, tt.option)
		}
	}
}

// TestConsoleLocalizedChoices: a choice can be typed by its label in any language, as a Discord user picks it from
// a localized list.
func TestConsoleLocalizedChoices(t *testing.T) {
	for _, l := range locales.Langs {
		p := locales.For(l)
		line := "/" + p.T("cmd.aoe.label") + " " + p.T("cmd.aoe.shape.label") + ":" + p.T("cmd.aoe.shape.choice.sphere") + " " +
			p.T("cmd.aoe.size.label") + ":10 " + p.T("cmd.aoe.origin.label") + ":1,1 " +
			p.T("cmd.aoe.method.label") + `:"` + p.T("cmd.aoe.method.choice.token") + `"`
		c := &Console{Bot: newTestBot(), UserID: "u", GuildID: "g", JSON: true}
		r := c.Line(line)
		res, _ := json.Marshal(r.Result)
		if r.ErrorCode != "" || !strings.Contains(string(res), `"shape":"sphere","method":"token"`) {
			t.Errorf("%s: %s %s", line, r.ErrorCode, res)
		}
	}
}
