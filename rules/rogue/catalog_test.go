package rogue

import (
	"strings"
	"testing"

	"rulekeeper/internal/catalogtest"
)

func TestCatalogMatchesCode(t *testing.T) {
	catalogtest.Keys(t, "rogue", CatalogKeys())
}

// Chinese and Korean names must not be left in English.
func TestCatalogTranslated(t *testing.T) {
	en := catalogtest.Read(t, "rogue", "en")
	for _, lang := range catalogtest.Langs[1:] {
		cat := catalogtest.Read(t, "rogue", lang)
		for k, v := range cat {
			if v == en[k] && !strings.HasPrefix(k, "rogue.src.cap") {
				t.Errorf("%s %s is the English text %q", lang, k, v)
			}
		}
	}
	// Glossary spot checks: the seed's terms.
	zh := catalogtest.Read(t, "rogue", "zh-CN")
	for k, v := range map[string]string{"rogue.attr.sta": "耐力", "rogue.talent.clearcasting": "沉净施法", "rogue.outcome.blocked": "格挡",
		"rogue.state.reckless": "鲁莽", "rogue.talent.aimed_shot": "瞄准射击", "rogue.outcome.fumble": "致命失败"} {
		if zh[k] != v {
			t.Errorf("zh-CN %s = %q, want %q", k, zh[k], v)
		}
	}
	ko := catalogtest.Read(t, "rogue", "ko")
	if ko["rogue.attr.sta"] != "지구력" || ko["rogue.talent.clearcasting"] != "명료 시전" {
		t.Error("ko glossary terms")
	}
	tw := catalogtest.Read(t, "rogue", "zh-TW")
	if tw["rogue.outcome.blocked"] != "格擋" || tw["rogue.curse.thirst"] != "乾渴詛咒" {
		t.Error("zh-TW conversion")
	}
}

// TestErrorTemplateArgs checks every error message uses only template arguments the code passes with that code,
// in every language, and the same set everywhere; event messages take the Event's field names.
func TestErrorTemplateArgs(t *testing.T) {
	args := catalogtest.CallArgs(t, "newError")
	catalogtest.Produced(t, ErrorCodes(), args)
	eventArgs := map[string]bool{"Source": true, "Amount": true, "State": true, "Turns": true, "Attr": true, "Track": true}
	keys := ErrorCodes()
	for _, e := range EventTypes() {
		args[e.Key()] = eventArgs
		keys = append(keys, e.Key())
	}
	catalogtest.Args(t, "rogue", keys, args)
}
