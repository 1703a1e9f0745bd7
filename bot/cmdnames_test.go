package bot_test

import (
	"strings"
	"testing"

	"rulekeeper/bot"
)

// TestOptionErrorsNameLocalized (issue 15, review item 10): the errors of a request that does not fit the command
// table name the command, the option and its choices the way the caller's Discord shows them, so what they quote
// can be typed back.
func TestOptionErrorsNameLocalized(t *testing.T) {
	b := bot.New(bot.Config{})
	tests := []struct {
		locale string
		path   []string
		opts   map[string]any
		want   string
	}{
		{"en-US", []string{"check"}, map[string]any{"skill": "perception", "mode": "xyz"}, "`xyz` is not a choice of `mode`: normal, adv, dis"},
		{"ko", []string{"check"}, map[string]any{"skill": "perception", "mode": "xyz"}, "`xyz`는 `이점불리`의 선택지가 아닙니다: 일반, 이점, 불리점"},
		{"zh-CN", []string{"check"}, map[string]any{"skill": "perception", "mode": "xyz"}, "`xyz` 不是 `优劣势` 的可选值：正常、优势、劣势"},
		{"zh-TW", []string{"check"}, map[string]any{"skill": "perception", "mode": "xyz"}, "：正常、優勢、劣勢"},
		{"ko", []string{"check"}, map[string]any{}, "`판정`에 필수 옵션 `기술`이 없습니다"},
		{"ko", []string{"roll"}, map[string]any{"expr": "1d20", "bogus": "1"}, "`굴림`에는 `bogus` 옵션이 없습니다 (옵션: 식, 반복, 비공개)"},
		{"zh-CN", []string{"sheet"}, map[string]any{}, "`角色卡` 需要子命令：创建、查看、列表、切换、修改、改名、删除、导出、导入"},
		{"ko", []string{"sheet", "blah"}, map[string]any{}, "`시트`에는 하위 명령어 `blah`"},
	}
	for _, tt := range tests {
		r := b.Handle(&bot.Request{Path: tt.path, Options: tt.opts, Locale: tt.locale, UserID: "1"})
		if !strings.Contains(r.Body, tt.want) {
			t.Errorf("%s %v %v: %q, want %q", tt.locale, tt.path, tt.opts, r.Body, tt.want)
		}
	}
}
