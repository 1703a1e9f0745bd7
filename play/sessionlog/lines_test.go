package sessionlog

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestLines(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"one line", []string{"one line"}},
		{"first\r\n\n  second\t(tab)  \n", []string{"first", "  second (tab)"}},
		{"bad \xff byte\x1b[0m", []string{"bad \uFFFD byte [0m"}},
		{"哥布林\n고블린", []string{"哥布林", "고블린"}},
	}
	for _, tt := range tests {
		if got := Lines(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Lines(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	long := Lines(strings.Repeat("é", MaxLineRunes+5))
	if len(long) != 1 || utf8.RuneCountInString(long[0]) != MaxLineRunes || !strings.HasSuffix(long[0], "é…") {
		t.Errorf("a long line: %d characters", utf8.RuneCountInString(long[0]))
	}
	many := Lines(strings.Repeat("x\n", MaxLines+3))
	if len(many) != MaxLines || many[MaxLines-1] != "x…" {
		t.Errorf("many lines: %d, last %q", len(many), many[len(many)-1])
	}
	// Whatever Lines returns, Append takes.
	for _, in := range []string{"a\x00b\nc", strings.Repeat("line\n", 50), strings.Repeat("长", 3*MaxLineRunes)} {
		l := running(t)
		if err := l.Append(Entry{Time: t0, Kind: KindOOC, Lines: Lines(in)}); err != nil {
			t.Errorf("Lines(%.20q…): %v", in, err)
		}
	}
}
