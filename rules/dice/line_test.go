package dice

import (
	"strings"
	"testing"
)

// TestParseLine: /roll lines with Avrae's adv/dis/ea and ";" between rolls (spec §10).
func TestParseLine(t *testing.T) {
	type roll struct {
		expr string // Expr.String()
		mode Mode
	}
	tests := []struct {
		line string
		want []roll
	}{
		{"1d20+5", []roll{{"1d20+5", ModeNormal}}},
		{"1d20+5 adv", []roll{{"2d20kh1+5", ModeAdvantage}}},
		{"1d20+5 ADV to hit", []roll{{"2d20kh1+5 to hit", ModeAdvantage}}},
		{"1d20+5 to hit adv", []roll{{"2d20kh1+5 to hit", ModeAdvantage}}},
		{"1d20+5 to hit, adv, vs AC", []roll{{"1d20+5 to hit, adv, vs AC", ModeNormal}}}, // "adv," is not the word
		{"d20 dis", []roll{{"2d20kl1", ModeDisadvantage}}},
		{"d20+2 ea", []roll{{"3d20kh1+2", ModeElvenAccuracy}}},
		{"1d20ro1+5 adv", []roll{{"2d20ro1kh1+5", ModeAdvantage}}},
		{"1d20mi10cs>=19 dis", []roll{{"2d20mi10cs>=19kl1", ModeDisadvantage}}},
		{"(1d20+5)*2 adv", []roll{{"(2d20kh1+5)*2", ModeAdvantage}}},
		{"1d20+5>=15 adv adv", []roll{{"2d20kh1+5>=15", ModeAdvantage}}},
		{"1d20+5 adv to hit; 2d6+3 fire", []roll{{"2d20kh1+5 to hit", ModeAdvantage}, {"2d6+3 fire", ModeNormal}}},
		{"1d20 adv; 1d20 dis; 1d20", []roll{{"2d20kh1", ModeAdvantage}, {"2d20kl1", ModeDisadvantage}, {"1d20", ModeNormal}}},
		{"1d20[a;b] + 2; 3", []roll{{"1d20[a;b]+2", ModeNormal}, {"3", ModeNormal}}},
		{";1d20;; 2d6 ;", []roll{{"1d20", ModeNormal}, {"2d6", ModeNormal}}},
		{"4d6k3; 4d6k3; 4d6k3", []roll{{"4d6k3", ModeNormal}, {"4d6k3", ModeNormal}, {"4d6k3", ModeNormal}}},
	}
	for _, tt := range tests {
		lines, err := ParseLine(tt.line)
		if err != nil {
			t.Errorf("ParseLine(%q): %v", tt.line, err)
			continue
		}
		if len(lines) != len(tt.want) {
			t.Errorf("ParseLine(%q): %d rolls; want %d", tt.line, len(lines), len(tt.want))
			continue
		}
		for i, l := range lines {
			if got := l.Expr.String(); got != tt.want[i].expr || l.Mode != tt.want[i].mode {
				t.Errorf("ParseLine(%q)[%d] = %q %v; want %q %v", tt.line, i, got, l.Mode, tt.want[i].expr, tt.want[i].mode)
			}
		}
	}
}

// TestLineRoll: the mode applies to the leftmost 1d20 with forced faces.
func TestLineRoll(t *testing.T) {
	tests := []struct {
		line      string
		faces     []int
		breakdown []string
		crit      Crit
	}{
		{"1d20+5 adv", []int{5, 17}, []string{"2d20kh1 (~~5~~, 17) + 5 = 22"}, CritNone},
		{"1d20+5 dis", []int{5, 20}, []string{"2d20kl1 (5, ~~**20**~~) + 5 = 10"}, CritNone},
		{"1d20 ea", []int{3, 20, 9}, []string{"3d20kh1 (~~3~~, **20**, ~~9~~) = 20"}, CritSuccess},
		{"1d20ro1 adv", []int{1, 8, 12}, []string{"2d20ro1kh1 (~~1~~ 12, ~~8~~) = 12"}, CritNone},
		{"1d20+2 adv; 2d6 fire", []int{4, 11, 3, 5}, []string{"2d20kh1 (~~4~~, 11) + 2 = 13", "2d6 (3, 5) = 8"}, CritNone},
	}
	for _, tt := range tests {
		lines, err := ParseLine(tt.line)
		if err != nil {
			t.Fatalf("ParseLine(%q): %v", tt.line, err)
		}
		r := NewScripted(tt.faces)
		for i, l := range lines {
			res, err := l.Roll(r)
			if err != nil {
				t.Fatalf("%q roll %d: %v", tt.line, i, err)
			}
			if got := res.Breakdown(); got != tt.breakdown[i] {
				t.Errorf("%q roll %d: %s; want %s", tt.line, i, got, tt.breakdown[i])
			}
			if i == 0 && res.Crit != tt.crit {
				t.Errorf("%q: crit %v; want %v", tt.line, res.Crit, tt.crit)
			}
		}
	}
}

// TestParseLineErrors: positions are in the whole line.
func TestParseLineErrors(t *testing.T) {
	tests := []bad{
		{"", CodeEmpty, -1, nil},
		{" ; ;", CodeEmpty, -1, nil},
		{strings.Repeat("1d6;", 11), CodeTooManyRolls, -1, map[string]any{"Limit": MaxRolls}},
		{strings.Repeat("1;", 600), CodeTooLong, -1, map[string]any{"Limit": MaxLength, "Length": 1200}},
		{"1d20; 2d6+", CodeExpectedOperand, 9, map[string]any{"Op": "+"}},
		{"1d20; 2d6 adv", CodeModeNeedsD20, 6, map[string]any{"Token": "adv"}},
		{"1d20 adv dis", CodeModeConflict, 9, map[string]any{"Token": "dis", "First": "adv"}},
		{"1d20; 2d20 kh1 + 5", CodeDidYouMean, 11, map[string]any{"Token": "kh1", "Hint": "2d20kh1+5"}},
		{"1d20 偷袭; 2d6+", CodeExpectedOperand, 16, map[string]any{"Op": "+"}}, // character 13
		{"1d20; 1d6\x07", CodeControlChar, 9, map[string]any{"Char": "U+0007"}},
		{"1d20; hello", CodeUnexpectedChar, 6, map[string]any{"Token": "h"}},
	}
	for _, tt := range tests {
		_, err := ParseLine(tt.expr)
		checkError(t, tt.expr, tt.expr, err, tt.code, tt.pos, tt.args)
	}
	// Errors found while rolling carry line positions too.
	lines, err := ParseLine("1d20 偷; 1d6/(1-1)")
	if err != nil {
		t.Fatal(err)
	}
	_, err = lines[1].Roll(NewScripted([]int{3}))
	checkError(t, "roll error", "1d20 偷; 1d6/(1-1)", err, CodeDivisionByZero, 13, map[string]any{"Op": "/"})
}

func TestWithMode(t *testing.T) {
	e := mustParse(t, "1d20+5 to hit")
	if m, err := e.WithMode(ModeNormal); m != e || err != nil {
		t.Errorf("WithMode(ModeNormal) = %v, %v; want e itself", m, err)
	}
	a, err := e.WithMode(ModeAdvantage)
	if err != nil || a.String() != "2d20kh1+5 to hit" || !a.IsD20() || e.String() != "1d20+5 to hit" {
		t.Errorf("WithMode(adv) = %v, %v (original now %q)", a, err, e)
	}
	for _, s := range []string{"2d20", "1d6", "1d20!", "1d20kh1", "1d20k=5", "(1d20)kh1", "d%", "5", "(1d20,1)kh1", "-1d20"} {
		_, err := mustParse(t, s).WithMode(ModeDisadvantage)
		pos := 0 // the leftmost term: a group is not a term, its dice are
		if s == "(1d20)kh1" {
			pos = 1
		}
		checkError(t, s, s, err, CodeModeNeedsD20, pos, map[string]any{"Token": "dis"})
	}
	if ModeAdvantage.String() != "adv" || ModeElvenAccuracy.String() != "ea" || ModeNormal.String() != "" {
		t.Error("Mode.String")
	}
}
