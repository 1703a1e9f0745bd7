package dice

import (
	"strings"
	"testing"
)

// TestBreakdownPlain: the console's breakdown carries the same information
// as the markdown one, with suffixes instead of markdown (d20's SimpleStringifier).
func TestBreakdownPlain(t *testing.T) {
	tests := []struct {
		expr  string
		faces []int
		plain string
	}{
		{"4d6kh3", []int{6, 2, 5, 1}, "4d6kh3 (6, 2, 5, 1d) = 13"},
		{"4d6k3", []int{6, 2, 5, 1}, "4d6kh3 (6, 2, 5, 1d) = 13"},
		{"4d6ro<3", []int{1, 5, 2, 6, 4, 3}, "4d6ro<3 (1r 4, 5, 2r 3, 6) = 18"},
		{"3d6rr1", []int{1, 5, 6, 1, 1, 4}, "3d6rr1 (1r 1r 1r 4, 5, 6) = 15"},
		{"10d10c>=8", []int{10, 3, 8, 7, 9, 1, 2, 8, 5, 4}, "10d10c>=8 (10*, 3, 8*, 7, 9*, 1, 2, 8*, 5, 4) = 4"},
		{"(1d6, 1d8, 1d10)kh1", []int{3, 7, 5}, "(1d6 (3)d, 1d8 (7), 1d10 (5)d)kh1 = 7"},
		{"1d6[a*b_c]", []int{3}, "1d6 (3) [a*b_c] = 3"},
		{"4d6mi3", []int{1, 2, 5, 6}, "4d6mi3 (1 -> 3, 2 -> 3, 5, 6) = 17"},
		{"3d6!", []int{6, 2, 6, 3, 1}, "3d6! (6!, 2, 6!, 3, 1) = 18"},
		{"4d6!!", []int{6, 3, 1, 4, 6, 2}, "4d6!! (6!+6!+2, 3, 1, 4) = 22"},
		{"2d6!p", []int{6, 3, 6, 2}, "2d6!p (6!, 3, 6 -> 5!, 2 -> 1) = 15"},
		{"2d6+1>=7", []int{3, 4}, "2d6 (3, 4) + 1 = 8 >= 7"},
		{"4dF", []int{-1, 0, 1, 1}, "4dF (-1, 0, +1, +1) = 1"},
		{"{4d6}kh3", []int{6, 2, 5, 1}, "{4d6 (6, 2, 5, 1d)}kh3 = 13"},
		{"floor(1d6/2)", []int{5}, "floor(1d6 (5) / 2) = 2"},
	}
	for _, tt := range tests {
		res := mustRoll(t, tt.expr, tt.faces...)
		if got := res.BreakdownPlain(); got != tt.plain {
			t.Errorf("BreakdownPlain(%q) = %s; want %s", tt.expr, got, tt.plain)
		}
		if got := res.BreakdownPlainN(1000); got != tt.plain {
			t.Errorf("BreakdownPlainN(%q, 1000) = %s", tt.expr, got)
		}
		if strings.ContainsAny(res.BreakdownPlain(), "*~_") && !strings.Contains(tt.expr, "*") && !strings.Contains(tt.expr, "c>") {
			t.Errorf("BreakdownPlain(%q) holds markdown: %s", tt.expr, res.BreakdownPlain())
		}
	}
	res, err := Roll("100d6+3", NewSeeded(9))
	if err != nil {
		t.Fatal(err)
	}
	short := res.BreakdownPlainN(100)
	if len(short) > 100 || !strings.HasPrefix(short, "100d6 (") || !strings.HasSuffix(short, ", …) + 3 = "+itoa(res.Total)) {
		t.Errorf("BreakdownPlainN(100) = %q", short)
	}
}

// TestJSONRevision2: compounded and penetrated dice in the JSON result.
func TestJSONRevision2(t *testing.T) {
	res := mustRoll(t, "1d6!!+1d6!p", 6, 2, 6, 3)
	b, err := res.MarshalJSON()
	want := `{"expr":"1d6!!+1d6!p","total":16,"dice":[{"sides":6,"face":8,"kept":true,"parts":[6,2]},` +
		`{"sides":6,"face":6,"kept":true,"exploded":true,"crit":true},{"sides":6,"face":2,"kept":true,"penetrated":true,"raw":3}],` +
		`"breakdown":"1d6!! (**6**!+2) + 1d6!p (**6**!, 3 -> 2) = 16"}`
	if err != nil || string(b) != want {
		t.Errorf("JSON:\n got %s, %v\nwant %s", b, err, want)
	}
	d := res.Dice()
	if d[0].Face != 8 || d[0].RawFace != 8 || len(d[0].Parts) != 2 || !d[2].Penetrated || d[2].RawFace != 3 || d[2].Face != 2 {
		t.Errorf("Dice() = %+v", d)
	}
}
