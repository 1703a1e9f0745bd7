package locales

import (
	"strings"
	"testing"
)

func TestCatalogsLoad(t *testing.T) {
	if err := LoadError(); err != nil {
		t.Fatal(err)
	}
	if len(Keys(EN)) == 0 {
		t.Fatal("the English catalog is empty")
	}
}

// TestSameKeysEverywhere fails when a key is missing from any catalog.
func TestSameKeysEverywhere(t *testing.T) {
	all := map[string]bool{}
	for _, l := range Langs {
		for _, k := range Keys(l) {
			all[k] = true
		}
	}
	for _, l := range Langs {
		have := map[string]bool{}
		for _, k := range Keys(l) {
			have[k] = true
		}
		for k := range all {
			if !have[k] {
				t.Errorf("%s catalog is missing %q", l, k)
			}
		}
	}
}

// TestTemplatesRender renders every message of every catalog with sample data, so a broken template fails here.
func TestTemplatesRender(t *testing.T) {
	for _, l := range Langs {
		p := For(l)
		for _, k := range Keys(l) {
			s := p.T(k, "Name", "x", "Pos", 1, "Count", 2)
			if s == k || strings.Contains(s, "{{") {
				t.Errorf("%s %q renders as %q", l, k, s)
			}
		}
	}
}

func TestMatch(t *testing.T) {
	tests := []struct {
		in   string
		want Lang
		ok   bool
	}{
		{"en-US", EN, true}, {"en-GB", EN, true}, {"en", EN, true},
		{"zh-CN", ZhCN, true}, {"zh", ZhCN, true}, {"zh_CN.UTF-8", ZhCN, true},
		{"zh-TW", ZhTW, true}, {"zh-HK", ZhTW, true}, {"zh-Hant", ZhTW, true}, {"zh_TW.UTF-8", ZhTW, true},
		{"ko", KO, true}, {"ko-KR", KO, true}, {"ko_KR.UTF-8", KO, true},
		{"fr", "", false}, {"", "", false}, {"C", "", false}, {"C.UTF-8", "", false},
	}
	for _, tt := range tests {
		got, ok := Match(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Match(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
	if got := Choose("fr", "", "ko"); got != KO {
		t.Errorf("Choose skipped to %q, want ko", got)
	}
	if got := Choose("fr"); got != EN {
		t.Errorf("Choose fallback = %q, want en", got)
	}
}

func TestPrinterFallsBack(t *testing.T) {
	if got := For(KO).T("no.such.key"); got != "no.such.key" {
		t.Errorf("missing key renders %q", got)
	}
	if For("fr").Lang() != EN {
		t.Error("an unsupported language should print English")
	}
}

func TestEachLanguageGetsItsOwnCatalog(t *testing.T) {
	want := map[Lang]string{EN: "Roll again", ZhCN: "再掷一次", ZhTW: "再擲一次", KO: "다시 굴리기"}
	for l, w := range want {
		if got := For(l).T("roll.again"); got != w {
			t.Errorf("%s: %q, want %q", l, got, w)
		}
	}
}
