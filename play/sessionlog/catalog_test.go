package sessionlog

import (
	"strings"
	"testing"

	"rulekeeper/internal/catalogtest"
	"rulekeeper/locales"
)

func TestCatalogMatchesCode(t *testing.T) {
	catalogtest.Keys(t, "sessionlog", append(ErrorCodes(), LabelKeys()...))
}

// TestTemplateArgs: every error message uses only the arguments its newError calls pass, the round label only N.
func TestTemplateArgs(t *testing.T) {
	args := catalogtest.CallArgs(t, "newError")
	catalogtest.Produced(t, ErrorCodes(), args)
	for _, k := range LabelKeys() {
		args[k] = map[string]bool{}
	}
	args[keyRound] = map[string]bool{"N": true}
	catalogtest.Args(t, "sessionlog", append(ErrorCodes(), LabelKeys()...), args)
}

// TestNewLabelsEveryLanguage fills Labels from each real catalog: every word is there (no key left as itself),
// and the templates get their numbers and names.
func TestNewLabelsEveryLanguage(t *testing.T) {
	for _, lang := range locales.Langs {
		lb := NewLabels(locales.For(lang).T)
		words := []string{lb.Title, lb.Participants, lb.HideOOC, lb.OOC, lb.Revealed, lb.NPC, lb.Success, lb.Failure,
			lb.Crit, lb.Fumble, lb.Round(7), lb.Turn("Borin"), lb.Odds(KindAttack, "79.75% (319/400)"),
			lb.Odds(KindSave, "80% (4/5)")}
		for i, w := range words {
			if w == "" || strings.Contains(w, "sessionlog.") || strings.Contains(w, ".odds.") || strings.Contains(w, ".log.") {
				t.Errorf("%s: label %d is %q", lang, i, w)
			}
		}
		if !strings.Contains(lb.Round(7), "7") || !strings.Contains(lb.Turn("Borin"), "Borin") ||
			!strings.Contains(lb.Odds(KindAttack, "79.75% (319/400)"), "319/400") {
			t.Errorf("%s: %q, %q, %q", lang, lb.Round(7), lb.Turn("Borin"), lb.Odds(KindAttack, "79.75% (319/400)"))
		}
		if lb.Odds(KindAttack, "x") == lb.Odds(KindCheck, "x") {
			t.Errorf("%s: attacks show the chance to hit, the rest the chance of success", lang)
		}
	}
}
