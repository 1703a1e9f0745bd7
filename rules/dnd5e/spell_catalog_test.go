package dnd5e

import (
	"testing"
	"unicode"

	"rulekeeper/internal/catalogtest"
)

// TestSpellCatalogs: the four spells catalogs hold exactly SpellKeys(); every
// spell has a name in each language (English = the table's name; distinct
// within a language; Chinese names in Han characters, Korean in Hangul), and
// every template parses.
func TestSpellCatalogs(t *testing.T) {
	catalogtest.Keys(t, "spells", SpellKeys())
	for _, lang := range catalogtest.Langs {
		cat := catalogtest.Read(t, "spells", lang)
		names := map[string]string{}
		for _, s := range spellTable {
			name, ok := cat[s.Key()]
			if !ok {
				continue // reported above
			}
			if other, dup := names[name]; dup {
				t.Errorf("%s: %s and %s are both %q", lang, other, s.ID, name)
			}
			names[name] = s.ID
			switch lang {
			case "en":
				if name != s.Name {
					t.Errorf("en: %s is %q, the table says %q", s.ID, name, s.Name)
				}
			case "zh-CN", "zh-TW":
				if !hasScript(name, unicode.Han) || hasLatin(name) {
					t.Errorf("%s: %s is %q", lang, s.ID, name)
				}
			case "ko":
				if !hasScript(name, unicode.Hangul) || hasLatin(name) {
					t.Errorf("ko: %s is %q", s.ID, name)
				}
			}
		}
	}
	// The names the brief fixes.
	for lang, want := range map[string]map[string]string{
		"zh-CN": {"fireball": "火球术", "magic_missile": "魔法飞弹", "cure_wounds": "疗伤术"},
		"zh-TW": {"fireball": "火球術", "magic_missile": "魔法飛彈", "cure_wounds": "療傷術"},
		"ko":    {"fireball": "화염구", "magic_missile": "마력탄", "cure_wounds": "상처 치료"},
	} {
		cat := catalogtest.Read(t, "spells", lang)
		for id, name := range want {
			if cat["spell."+id] != name {
				t.Errorf("%s: %s is %q, want %q", lang, id, cat["spell."+id], name)
			}
		}
	}
}

func hasScript(s string, tab *unicode.RangeTable) bool {
	for _, r := range s {
		if unicode.Is(tab, r) {
			return true
		}
	}
	return false
}

func hasLatin(s string) bool {
	for _, r := range s {
		if r < 0x80 && unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// TestSpellErrorTemplateArgs: every spell error code is returned somewhere, and its messages use only arguments
// the code passes with it, the same set in every language; the other spell keys use no argument but {{.Dist}} in
// the two distance ranges.
func TestSpellErrorTemplateArgs(t *testing.T) {
	args := catalogtest.CallArgs(t, "newError")
	catalogtest.Produced(t, SpellErrorCodes(), args)
	for _, k := range SpellKeys() {
		if _, isCode := args[k]; !isCode {
			args[k] = map[string]bool{}
		}
	}
	args[RangeFeet.Key()] = map[string]bool{"Dist": true}
	args[RangeMiles.Key()] = map[string]bool{"Dist": true}
	catalogtest.Args(t, "spells", SpellKeys(), args)
}
