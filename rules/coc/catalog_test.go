package coc

import (
	"strings"
	"testing"

	"rulekeeper/internal/catalogtest"
)

func TestCatalogMatchesCode(t *testing.T) {
	catalogtest.Keys(t, "coc", CatalogKeys())
}

// TestErrorTemplateArgs checks every error message uses only template arguments that the code really passes with
// that code, in every language, and the same set everywhere.
func TestErrorTemplateArgs(t *testing.T) {
	args := catalogtest.CallArgs(t, "newError")
	catalogtest.Produced(t, ErrorCodes(), args)
	catalogtest.Args(t, "coc", ErrorCodes(), args)
	// names carry no template fields
	for _, k := range CatalogKeys() {
		if strings.HasPrefix(k, "coc.err.") {
			continue
		}
		for _, lang := range catalogtest.Langs {
			if p := catalogtest.Placeholders(catalogtest.Read(t, "coc", lang)[k]); len(p) > 0 {
				t.Errorf("%s %s uses %v", lang, k, p)
			}
		}
	}
}

// Chinese and Korean names are not left in English, and a few glossary names are pinned.
func TestCatalogTranslated(t *testing.T) {
	en := catalogtest.Read(t, "coc", "en")
	for _, lang := range catalogtest.Langs[1:] {
		for k, v := range catalogtest.Read(t, "coc", lang) {
			if v == en[k] {
				t.Errorf("%s %s is the English text %q", lang, k, v)
			}
		}
	}
	for lang, want := range map[string]map[string]string{
		"zh-CN": {"coc.skill.spot_hidden": "侦查", "coc.skill.listen": "聆听", "coc.skill.library_use": "图书馆使用",
			"coc.skill.psychology": "心理学", "coc.skill.dodge": "闪避", "coc.skill.fighting_brawl": "斗殴",
			"coc.level.extreme": "极难成功", "coc.char.pow": "意志", "coc.stat.san": "理智"},
		"zh-TW": {"coc.skill.spot_hidden": "偵查", "coc.level.extreme": "極限成功", "coc.level.regular": "一般成功"},
		"ko": {"coc.skill.spot_hidden": "관찰력", "coc.skill.listen": "듣기", "coc.skill.library_use": "자료 조사",
			"coc.skill.credit_rating": "재력", "coc.level.extreme": "극단적 성공", "coc.stat.san": "이성"},
	} {
		cat := catalogtest.Read(t, "coc", lang)
		for k, v := range want {
			if cat[k] != v {
				t.Errorf("%s %s = %q, want %q", lang, k, cat[k], v)
			}
		}
	}
}
