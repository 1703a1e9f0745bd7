package bot_test

import (
	"strings"
	"testing"

	"rulekeeper/bot"
	"rulekeeper/bot/console"
	"rulekeeper/locales"
	"rulekeeper/rules/coc"
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
		{"ko", []string{"roll"}, map[string]any{"expr": "1d20", "bogus": "1"}, "`굴림`에는 `bogus` 옵션이 없습니다 (옵션: 식, 반복, 비공개, 비밀)"},
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

// TestCommandPathsLocalized (issue 15, review items 11 and 12): the command paths the catalogs and the help
// examples quote are the caller's localized names (the ones Discord shows and the console accepts), with the Korean
// particle after them chosen for the new name; anything else stays as written.
func TestCommandPathsLocalized(t *testing.T) {
	b := bot.New(bot.Config{})
	tests := []struct {
		lang     locales.Lang
		in, want string
	}{
		{locales.EN, "use `/sheet use`", "use `/sheet use`"},
		{locales.KO, "`/sheet create`로 만들거나 `/sheet use`로 고르세요", "`/시트 만들기`로 만들거나 `/시트 사용`으로 고르세요"},
		{locales.KO, "`/init join`으로 참가", "`/우선권 참가`로 참가"},
		{locales.KO, "`/condition add name:exhaustion`을(를) 쓰세요", "`/상태 추가 이름:exhaustion`을 쓰세요"},
		{locales.KO, "`/check`와 함께", "`/판정`과 함께"},
		{locales.KO, "`/sheet set field:attack value:\"장검 근력 숙련 1d8[참격]\"`", "`/시트 설정 항목:공격 값:\"장검 근력 숙련 1d8[참격]\"`"},
		{locales.ZhCN, "`/sheet set field:speed value:35`", "`/角色卡 修改 项目:速度 值:35`"},
		{locales.ZhCN, "用 `/init join` 加入", "用 `/先攻 加入` 加入"},
		{locales.ZhTW, "`/check skill:perception mode:adv`", "`/檢定 技能:perception 優劣勢:優勢`"},
		{locales.KO, "HP 10/10 · and/or /nothing here", "HP 10/10 · and/or /nothing here"},
		{locales.KO, "`/sheet bogus`", "`/시트 bogus`"},
	}
	for _, tt := range tests {
		if got := b.LocalizeText(locales.For(tt.lang), tt.in); got != tt.want {
			t.Errorf("%s %q:\n got %q\nwant %q", tt.lang, tt.in, got, tt.want)
		}
	}
}

// TestHelpExamplesLocalized (issue 15, review item 12): /help examples show their sample values as the caller
// reads and types them: ids of the rules tables by their catalog names, sample characters and NPCs by localized
// names, damage types in brackets; a value that is not a name stays as written, and English is unchanged.
func TestHelpExamplesLocalized(t *testing.T) {
	b := bot.New(bot.Config{})
	tests := []struct {
		locale, command string
		want            []string
	}{
		{"ko", "cast", []string{"`/시전 주문:\"화염 구체\" 대상:그락`", "`/시전 주문:마력탄 대상:\"고블린 1, 고블린 2\"`", "대상:\"보린, 아리아, 그로그\""}},
		{"zh-CN", "cast", []string{"`/施法 法术:魔法飞弹 目标:\"地精 1, 地精 2\"`", "法术:flaming_orb"}}, // 火球术 is also Fireball
		{"ko", "attack", []string{"피해:1d6+3[관통]", "무기:\"longbow slow\"", "재능:\"휩쓸기 일격\""}},
		{"zh-TW", "attack", []string{"武器:長劍 目標:地精"}},
		{"en-US", "cast", []string{"`/cast spell:flaming_orb target:Grak`"}},
	}
	for _, tt := range tests {
		text := console.RenderText(b.Handle(helpRequest(tt.locale, tt.command)))
		for _, w := range tt.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s /help %s lacks %q:\n%s", tt.locale, tt.command, w, text)
			}
		}
	}
}

// TestSheetFieldNamesLocalized (issue 15, review item 14): /sheet set reads a field by its name in any language,
// and the reply and the unknown-field error name the fields in the caller's language.
func TestSheetFieldNamesLocalized(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createAria)
	tests := []struct {
		locale, line, want string
	}{
		{"ko", "/시트 설정 항목:이동속도 값:35", "**Aria**의 이동속도를 바꿨습니다."},
		{"zh-CN", "/sheet set field:护甲等级 value:15", "已修改 **Aria** 的护甲等级。"},
		{"zh-TW", "/sheet set field:速度 value:30", "已修改 **Aria** 的速度。"},
		{"en", "/sheet set field:speed value:30", "Changed speed of **Aria**."},
		{"ko", "/sheet set field:nonsense value:1", "항목: 방어도, 공격, 공격삭제,"},
		{"zh-CN", "/sheet set field:nonsense value:1", "可用项目：护甲等级、攻击、删除攻击、"},
	}
	for _, tt := range tests {
		if r := e.runLocale("alice", tt.locale, tt.line); !strings.Contains(r.Text, tt.want) {
			t.Errorf("%s %s: %q, want %q", tt.locale, tt.line, r.Text, tt.want)
		}
	}
	if c := e.sheet("alice", "Aria"); c.Speed != 30 || c.AC != 15 {
		t.Errorf("speed %d, AC %d", c.Speed, c.AC)
	}
}

// TestSheetFieldNamesEverySystem (issue 15): Rogue's Tale and Call of Cthulhu fields are read by their name in any
// language and named in the caller's; each system reads its own names (민첩성 is agi on a Rogue's Tale sheet and
// dex, a characteristic, on an investigator).
func TestSheetFieldNamesEverySystem(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", "/sheet create system:rogue name:Pip")
	e.ok("bob", createAda)
	tests := []struct {
		user, locale, line, want string
	}{
		{"alice", "ko", "/시트 설정 항목:최대쳐내기 값:2", "**Pip**의 최대쳐내기를 바꿨습니다."},
		{"alice", "zh-CN", "/sheet set field:敏捷度 value:8", "已修改 **Pip** 的敏捷度。"},
		{"alice", "zh-TW", "/sheet set field:max_dodge value:1", "已修改 **Pip** 的最大閃避。"},
		{"alice", "ko", "/시트 설정 항목:민첩성 값:9", "**Pip**의 민첩성을 바꿨습니다."},
		{"alice", "ko", "/sheet set field:nonsense value:1", "민첩성, 민첩성강화,"},
		{"bob", "zh-CN", "/角色卡 修改 项目:职业 值:医生", "已修改 **Ada** 的职业。"},
		{"bob", "ko", "/시트 설정 항목:민첩성 값:70", "**Ada**의 민첩성을 바꿨습니다."},
		{"bob", "ko", "/시트 설정 항목:무기 값:\"칼, 격투, 1d4\"", "**Ada**의 무기를 바꿨습니다."},
		{"bob", "zh-TW", "/sheet set field:nonsense value:1", "職業"},
	}
	for _, tt := range tests {
		if r := e.runLocale(tt.user, tt.locale, tt.line); !strings.Contains(r.Text, tt.want) {
			t.Errorf("%s %s: %q, want %q", tt.locale, tt.line, r.Text, tt.want)
		}
	}
	if c := e.rt("alice", "Pip"); c.Equip.MaxParry == nil || *c.Equip.MaxParry != 2 || c.Equip.MaxDodge == nil || *c.Equip.MaxDodge != 1 {
		t.Errorf("max parry %v, max dodge %v", c.Equip.MaxParry, c.Equip.MaxDodge)
	}
	if c := e.coc("bob", "Ada"); c.Occupation != "医生" || c.Scores.Get(coc.DEX) != 70 {
		t.Errorf("occupation %q, DEX %d", c.Occupation, c.Scores.Get(coc.DEX))
	}
}

// TestTypedOptionErrorsLocalized (issue 15): an option given twice, or named without a value, is quoted by its
// name in the caller's language, whatever language it was typed in; a word that is no option is quoted as typed.
func TestTypedOptionErrorsLocalized(t *testing.T) {
	e := newPlayEnv(t)
	tests := []struct {
		locale, line, want string
	}{
		{"ko", "/roll expr:1d20 식:2", "`식` 옵션이 두 번 주어졌습니다"},
		{"zh-CN", "/roll expr:1d20 expr:2", "选项 `表达式` 重复出现"},
		{"ko", "/check skill:perception mode:adv 이점불리:이점", "`이점불리` 옵션이"},
		{"en", "/roll expr:1d20 식:2", "the option `expr` is given twice"},
		{"ko", "/sheet set field", "`항목` 옵션에 값이 없습니다. `항목:값` 형식으로 쓰세요"},
		{"zh-TW", "/角色卡 修改 欄位", "選項 `欄位` 缺少值"},
		{"ko", "/sheet set foo", "`foo`는 옵션이 아닙니다"},
	}
	for _, tt := range tests {
		if r := e.runLocale("alice", tt.locale, tt.line); !strings.Contains(r.Text, tt.want) {
			t.Errorf("%s %s: %q, want %q", tt.locale, tt.line, r.Text, tt.want)
		}
	}
}

// TestOptionSpansLocalized (issue 15, goal 4): a reply that quotes one option of the command it answers in a code
// span of its own (`kit:true`) names the option as the caller's Discord shows it; English is unchanged.
func TestOptionSpansLocalized(t *testing.T) {
	e := newPlayEnv(t)
	e.ok("alice", createAria)
	e.ok("alice", "/hp damage amount:40")
	tests := []struct {
		locale, want string
	}{
		{"ko", "`치료사키트:true`"},
		{"zh-CN", "`" + locales.For(locales.ZhCN).T("cmd.deathsave.stabilize.kit.label") + ":true`"},
		{"en", "`kit:true`"},
	}
	for _, tt := range tests {
		if r := e.runLocale("bob", tt.locale, "/deathsave stabilize character:Aria"); !strings.Contains(r.Text, tt.want) {
			t.Errorf("%s: %q, want %q", tt.locale, r.Text, tt.want)
		}
	}
}
