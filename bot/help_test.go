package bot_test

import (
	"strings"
	"testing"

	"rulekeeper/bot"
	"rulekeeper/bot/console"
	"rulekeeper/locales"
)

func helpRequest(locale string, command any) *bot.Request {
	req := &bot.Request{Path: []string{"help"}, Options: map[string]any{}, Locale: locale, UserID: "500000000000000001"}
	if command != nil {
		req.Options["command"] = command
	}
	return req
}

func TestHelpOverview(t *testing.T) {
	b := bot.New(bot.Config{})
	for _, l := range locales.Langs {
		r := b.Handle(helpRequest(string(l), nil))
		p := locales.For(l)
		if r.ErrorCode != "" || !r.Ephemeral || r.Title != p.T("discord.help.title") {
			t.Fatalf("%s: %+v", l, r)
		}
		for _, c := range b.Commands() {
			line := "**/" + p.T(bot.LabelKey(c.Name)) + "** — " + p.T(bot.DescKey(c.Name))
			if line = b.LocalizeText(p, line); !strings.Contains(r.Body, line) { // paths quoted in a description are localized
				t.Errorf("%s: overview lacks %q", l, line)
			}
		}
	}
}

func TestHelpCommand(t *testing.T) {
	b := bot.New(bot.Config{})
	tests := []struct {
		locale, command string
		want            []string
	}{
		{"en-US", "roll", []string{"**expr** · text · required — Dice expression", "(1 to 20)", "/roll expr:4d6kh3 repeat:6"}},
		{"ko", "/굴림", []string{"**식** (`expr`) · 텍스트 · 필수", "(1~20)"}},
		{"zh-CN", "掷骰", []string{"**表达式** (`expr`) · 文本 · 必填", "（1 到 20）"}},
		{"zh-TW", "settings", []string{"只有具備「管理伺服器」權限的成員可以使用。", "**子指令**", "`zh-TW`"}},
		{"en-US", "settings language", []string{"/settings language", "**value** · text · required", "one of: "}},
		{"en-US", "help", []string{"suggestions as you type", "up to 100 characters"}},
	}
	for _, tt := range tests {
		t.Run(tt.locale+" "+tt.command, func(t *testing.T) {
			r := b.Handle(helpRequest(tt.locale, tt.command))
			text := console.RenderText(r)
			if r.ErrorCode != "" {
				t.Fatalf("error %s: %s", r.ErrorCode, text)
			}
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("lacks %q:\n%s", w, text)
				}
			}
		})
	}
	for _, bad := range []string{"nope", "roll nope", "settings nope"} {
		if r := b.Handle(helpRequest("en-US", bad)); r.ErrorCode == "" || !r.Ephemeral {
			t.Errorf("%q: %+v", bad, r)
		}
	}
}

func TestHelpAutocomplete(t *testing.T) {
	b := bot.New(bot.Config{})
	complete := func(locale, typed string) []bot.Choice {
		req := helpRequest(locale, typed)
		req.Kind, req.Focused = bot.KindAutocomplete, "command"
		return b.Handle(req).Choices
	}
	// Discord shows at most 25 choices: every command up to that.
	if got := complete("en-US", ""); len(got) != min(len(b.Commands()), 25) {
		t.Errorf("empty prefix: %d choices, want every command (at most 25)", len(got))
	}
	if got := complete("ko", "굴"); len(got) != 1 || got[0].Value != "roll" || !strings.HasPrefix(got[0].Name, "/굴림 — ") {
		t.Errorf("ko 굴: %+v", got)
	}
	if got := complete("zh-TW", "SET"); len(got) != 1 || got[0].Value != "settings" {
		t.Errorf("zh-TW SET: %+v", got)
	}
	if got := complete("en-US", "zzz"); len(got) != 0 {
		t.Errorf("zzz: %+v", got)
	}
}
