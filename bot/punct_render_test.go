package bot_test

import (
	"strings"
	"testing"
)

// TestRenderedPunctuation (issue 15, goal 5): replies put a chance's fraction, a mean's fraction and a grid
// position in the language's brackets, and the console joins a field's name and value with its colon: full-width
// in Chinese, ASCII in English and Korean.
func TestRenderedPunctuation(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createAria)
	e.ok("gm", "/init start")
	tests := []struct {
		user, locale, line string
		want, wantNot      []string
		faces              []int
	}{
		{"alice", "zh-CN", "/stats expr:1d20+5 target:15", []string{"**55%（11/20）**", "平均值：15.5（31/2）", "的几率："}, []string{"% (", ": `"}, nil},
		{"alice", "zh-TW", "/help command:roll", []string{"範例：`/擲骰"}, nil, nil},
		{"alice", "ko", "/stats expr:1d20+5 target:15", []string{"**55% (11/20)**", "15.5 (31/2)"}, nil, nil},
		{"alice", "en", "/stats expr:1d20+5 target:15", []string{"**55% (11/20)**"}, nil, nil},
		{"gm", "zh-CN", "/init add name:地精 hp:7 ac:13 x:3 y:4", []string{"（3,4）"}, nil, []int{10}},
		{"gm", "zh-CN", "/init list", []string{"（3,4）"}, []string{"(3,4)"}, nil},
		{"gm", "en", "/init list", []string{" (3,4)"}, nil, nil},
		{"bob", "zh-CN", "/sheet create system:rogue name:皮普", nil, nil, nil},
		{"bob", "zh-CN", "/check skill:reflex", []string{"成功 21/36（58.3%）"}, []string{"% ("}, []int{3, 4}},
		{"bob", "ko", "/check skill:reflex", []string{"21/36 (58.3%)"}, nil, []int{3, 4}},
	}
	for _, tt := range tests {
		r := e.runLocale(tt.user, tt.locale, tt.line, tt.faces...)
		for _, w := range tt.want {
			if !strings.Contains(r.Text, w) {
				t.Errorf("%s %s: %q lacks %q", tt.locale, tt.line, r.Text, w)
			}
		}
		for _, w := range tt.wantNot {
			if strings.Contains(r.Text, w) {
				t.Errorf("%s %s: %q has %q", tt.locale, tt.line, r.Text, w)
			}
		}
	}
}
