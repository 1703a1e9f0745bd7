package locales

import (
	"strings"
	"testing"
)

func TestSeparators(t *testing.T) {
	tests := []struct {
		lang               Lang
		list, label, paren string
	}{
		{EN, "Poisoned, Prone", "Boblin: DEX save", "Incapacitated (from Paralyzed)"},
		{ZhCN, "Poisoned、Prone", "Boblin：DEX save", "Incapacitated（from Paralyzed）"},
		{ZhTW, "Poisoned、Prone", "Boblin：DEX save", "Incapacitated（from Paralyzed）"},
		{KO, "Poisoned, Prone", "Boblin: DEX save", "Incapacitated (from Paralyzed)"},
	}
	for _, tt := range tests {
		p := For(tt.lang)
		if got := p.List([]string{"Poisoned", "Prone"}); got != tt.list {
			t.Errorf("%s List = %q, want %q", tt.lang, got, tt.list)
		}
		if got := p.Label("Boblin", "DEX save"); got != tt.label {
			t.Errorf("%s Label = %q, want %q", tt.lang, got, tt.label)
		}
		if got := p.Paren("Incapacitated", "from Paralyzed"); got != tt.paren {
			t.Errorf("%s Paren = %q, want %q", tt.lang, got, tt.paren)
		}
		bracket := strings.TrimPrefix(strings.TrimPrefix(tt.paren, "Incapacitated"), " ")
		if got := p.Bracket("from Paralyzed"); got != bracket {
			t.Errorf("%s Bracket = %q, want %q", tt.lang, got, bracket)
		}
	}
	if got := For(EN).List(nil); got != "" {
		t.Errorf("empty list = %q", got)
	}
}
