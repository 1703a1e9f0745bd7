package area

import (
	"testing"

	"rulekeeper/internal/catalogtest"
)

// codeKeys are every catalog key the package hands out.
func codeKeys() []string {
	var keys []string
	for _, s := range Shapes() {
		keys = append(keys, s.Key())
	}
	for _, m := range Methods() {
		keys = append(keys, m.Key())
	}
	for k := 0; k < 8; k++ {
		key, _ := DirKey(float64(45 * k))
		keys = append(keys, key)
	}
	return append(keys, ErrorCodes()...)
}

func TestCatalogMatchesCode(t *testing.T) {
	catalogtest.Keys(t, "area", codeKeys())
}

// TestTranslated: the zh and ko names differ from English, and zh-TW is not a copy of zh-CN
// wherever simplified and traditional characters differ.
func TestTranslated(t *testing.T) {
	en, cn, tw, ko := catalogtest.Read(t, "area", "en"), catalogtest.Read(t, "area", "zh-CN"), catalogtest.Read(t, "area", "zh-TW"), catalogtest.Read(t, "area", "ko")
	for k, v := range en {
		for name, c := range map[string]map[string]string{"zh-CN": cn, "zh-TW": tw, "ko": ko} {
			if c[k] == v {
				t.Errorf("%s %s is the English text", name, k)
			}
		}
	}
	for _, k := range []string{"area.shape.cone", "area.shape.line", "area.method.token", "area.dir.e", "area.err.bad_size"} {
		if cn[k] == tw[k] {
			t.Errorf("zh-TW %s is the simplified text %q", k, cn[k])
		}
	}
}

// TestErrorTemplateArgs checks every error message uses only template arguments
// that the code passes with that code (newError calls in the package's non-test
// source), in every language, and the same set everywhere.
func TestErrorTemplateArgs(t *testing.T) {
	args := catalogtest.CallArgs(t, "newError")
	catalogtest.Produced(t, ErrorCodes(), args)
	catalogtest.Args(t, "area", ErrorCodes(), args)
	// Names take no arguments.
	for _, lang := range catalogtest.Langs {
		cat := catalogtest.Read(t, "area", lang)
		for _, k := range codeKeys()[:16] {
			if len(catalogtest.Placeholders(cat[k])) != 0 {
				t.Errorf("%s %s has template arguments", lang, k)
			}
		}
	}
}
