package dice

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

type bad struct {
	expr string
	code string
	pos  int            // byte offset; -1 when not positional
	args map[string]any // expected Args besides Pos (Pos is checked from pos)
}

// bads are inputs Parse must reject, each with its code and position.
var bads = []bad{
	{"", CodeEmpty, -1, nil},
	{"   ", CodeEmpty, -1, nil},
	{"1d0", CodeZeroSides, 2, nil},
	{"1d00", CodeZeroSides, 2, nil},
	{"1d", CodeExpectedSides, 1, nil},
	{"d", CodeExpectedSides, 0, nil},
	{"1dx", CodeExpectedSides, 1, nil},
	{"1d20+", CodeExpectedOperand, 4, map[string]any{"Op": "+"}},
	{"1d20 + ", CodeExpectedOperand, 5, map[string]any{"Op": "+"}},
	{"1d20 -", CodeExpectedOperand, 5, map[string]any{"Op": "-"}},
	{"1d20 *", CodeExpectedOperand, 5, map[string]any{"Op": "*"}},
	{"1d20+x", CodeExpectedOperand, 4, map[string]any{"Op": "+"}},
	{"1d20 >= ", CodeExpectedOperand, 5, map[string]any{"Op": ">="}},
	{"- stealthy", CodeExpectedOperand, 0, map[string]any{"Op": "-"}},
	{"-", CodeExpectedOperand, 0, map[string]any{"Op": "-"}},
	{"1d20+d", CodeExpectedSides, 5, nil},
	{"((((", CodeUnexpectedEnd, 4, nil},
	{"(1d6,", CodeUnexpectedEnd, 5, nil},
	{"(1d6", CodeUnclosedParen, 0, nil},
	{"(1d6, 2", CodeUnclosedParen, 0, nil},
	{"1d20 + (1d6", CodeUnclosedParen, 7, nil},
	{"1001d6", CodeTooManyDice, 0, map[string]any{"Limit": MaxDice}},
	{"99999999999999999999999d6", CodeTooManyDice, 0, map[string]any{"Limit": MaxDice}},
	{"600d6+401d6", CodeTooManyDice, 6, map[string]any{"Limit": MaxDice}},
	{"1d10000000", CodeTooManySides, 2, map[string]any{"Limit": MaxSides}},
	{"1d1000001", CodeTooManySides, 2, map[string]any{"Limit": MaxSides}},
	{"1d99999999999999999999999", CodeTooManySides, 2, map[string]any{"Limit": MaxSides}},
	{strings.Repeat("1+", 1000) + "1", CodeTooLong, -1, map[string]any{"Limit": MaxLength, "Length": 2001}},
	{strings.Repeat("(", 10000) + "1" + strings.Repeat(")", 10000), CodeTooLong, -1, map[string]any{"Limit": MaxLength, "Length": 20001}},
	{strings.Repeat("(", 65) + "1" + strings.Repeat(")", 65), CodeTooDeep, 64, map[string]any{"Limit": MaxDepth}},
	{strings.Repeat("(", 400) + "1" + strings.Repeat(")", 400), CodeTooDeep, 64, map[string]any{"Limit": MaxDepth}},
	{strings.Repeat("-", 65) + "1", CodeTooDeep, 64, map[string]any{"Limit": MaxDepth}},
	{strings.Repeat("(", 999), CodeTooDeep, 64, map[string]any{"Limit": MaxDepth}},
	{"99999999999999999999", CodeNumberTooLarge, 0, nil},
	{"1d6k99999999999999999999", CodeNumberTooLarge, 4, nil},
	{"2d6kh", CodeMissingSelector, 5, map[string]any{"Op": "kh"}},
	{"2d6k", CodeMissingSelector, 4, map[string]any{"Op": "k"}},
	{"2d6k>", CodeMissingSelector, 5, map[string]any{"Op": "k>"}},
	{"2d6k>=x", CodeMissingSelector, 6, map[string]any{"Op": "k>="}},
	{"2d6e", CodeMissingSelector, 4, map[string]any{"Op": "e"}},
	{"1d6ma", CodeMissingSelector, 5, map[string]any{"Op": "ma"}},
	{"2d6dl", CodeMissingSelector, 5, map[string]any{"Op": "dl"}},
	{"2d6kx", CodeMissingSelector, 4, map[string]any{"Op": "k"}},
	{"1d6rrh1", CodeBadSelector, 5, map[string]any{"Op": "rr", "Allowed": allowedValue}},
	{"1d6eh1", CodeBadSelector, 4, map[string]any{"Op": "e", "Allowed": allowedValue}},
	{"1d6cl1", CodeBadSelector, 4, map[string]any{"Op": "c", "Allowed": allowedValue}},
	{"1d6mi>2", CodeBadSelector, 5, map[string]any{"Op": "mi", "Allowed": allowedNumber}},
	{"1d6mah1", CodeBadSelector, 5, map[string]any{"Op": "ma", "Allowed": allowedNumber}},
	{"(1,2)e1", CodeSetOperator, 5, map[string]any{"Op": "e"}},
	{"(1,2)!", CodeSetOperator, 5, map[string]any{"Op": "!"}},
	{"(1d6)ro1", CodeSetOperator, 5, map[string]any{"Op": "ro"}},
	{"(1d20>=10)", CodeMisplacedComparison, 5, map[string]any{"Op": ">="}},
	{"1d20>=5>=3", CodeMisplacedComparison, 7, map[string]any{"Op": ">="}},
	{"1d20>=5 >= 3", CodeMisplacedComparison, 8, map[string]any{"Op": ">="}},
	{"1d20/0", CodeDivisionByZero, 4, map[string]any{"Op": "/"}},
	{"1d20%0", CodeDivisionByZero, 4, map[string]any{"Op": "%"}},
	{"5/(1-1)", CodeDivisionByZero, 1, map[string]any{"Op": "/"}},
	{"9223372036854775807+1", CodeOverflow, 19, nil},
	{"9223372036854775807*2", CodeOverflow, 19, nil},
	{"-9223372036854775807-2", CodeOverflow, 20, nil},
	{"-(-9223372036854775807-1)", CodeOverflow, 0, nil},
	{"(-9223372036854775807-1)/-1", CodeOverflow, 24, nil},
	{"(9223372036854775807, 1)", CodeOverflow, 0, nil},
	{"1d20\x07", CodeControlChar, 4, map[string]any{"Char": "U+0007"}},
	{"\u0007", CodeControlChar, 0, map[string]any{"Char": "U+0007"}},
	{"1d20 to hit\x00", CodeControlChar, 11, map[string]any{"Char": "U+0000"}},
	{"1d20\x7f", CodeControlChar, 4, map[string]any{"Char": "U+007F"}},
	{"1d20 \u0085", CodeControlChar, 5, map[string]any{"Char": "U+0085"}},
	{"1d20 \u202e", CodeControlChar, 5, map[string]any{"Char": "U+202E"}},
	{"\xff", CodeInvalidUTF8, 0, nil},
	{"1d20 \xff", CodeInvalidUTF8, 5, nil},
	{"1d20 hi \xc3", CodeInvalidUTF8, 8, nil},
	{"\xed\xa0\x80", CodeInvalidUTF8, 0, nil}, // a lone surrogate, UTF-8 encoded
	{"1d6[fire", CodeUnclosedLabel, 3, nil},
	{"1d6[a[b]]", CodeUnclosedLabel, 3, nil},
	{"1d6[]", CodeEmptyLabel, 3, nil},
	{"1d6[  ]", CodeEmptyLabel, 3, nil},
	{"hello", CodeUnexpectedChar, 0, map[string]any{"Token": "h"}},
	{"1d20)", CodeUnexpectedChar, 4, map[string]any{"Token": ")"}},
	{"4d6x", CodeUnexpectedChar, 3, map[string]any{"Token": "x"}},
	{"2d6rx", CodeMissingSelector, 4, map[string]any{"Op": "r"}}, // r is Roll20's rr
	{"2d6mx", CodeUnexpectedChar, 4, map[string]any{"Token": "x"}},
	{"()", CodeUnexpectedChar, 1, map[string]any{"Token": ")"}},
	{"1d20=5", CodeUnexpectedChar, 4, map[string]any{"Token": "="}},
	{"(1d20 to hit)", CodeUnexpectedChar, 6, map[string]any{"Token": "t"}},
	{"偷袭", CodeUnexpectedChar, 0, map[string]any{"Token": "偷"}},
	{"5th", CodeUnexpectedChar, 1, map[string]any{"Token": "t"}},

	// revision 2 (spec §10): new operators, groups and functions
	{"{2, 3", CodeUnclosedParen, 0, map[string]any{"Token": "{"}},
	{"{2, 3)", CodeUnexpectedChar, 5, map[string]any{"Token": ")"}},
	{"{1d20+5}kh1", CodeGroupPool, 0, nil},
	{"2 + {5}k1", CodeGroupPool, 4, nil},
	{"(1d6)!!", CodeSetOperator, 5, map[string]any{"Op": "!"}},
	{"(1,2)r1", CodeSetOperator, 5, map[string]any{"Op": "r"}},
	{"(1,2)cs1", CodeSetOperator, 5, map[string]any{"Op": "cs"}},
	{"1d20csh1", CodeBadSelector, 6, map[string]any{"Op": "cs", "Allowed": allowedValue}},
	{"1d6rh1", CodeBadSelector, 4, map[string]any{"Op": "r", "Allowed": allowedValue}},
	{"4d6mi=3", CodeBadSelector, 5, map[string]any{"Op": "mi", "Allowed": allowedNumber}},
	{"4d6max>3", CodeBadSelector, 6, map[string]any{"Op": "max", "Allowed": allowedNumber}},
	{"1d6!>", CodeMissingSelector, 5, map[string]any{"Op": "!>"}},
	{"1d6!!<", CodeMissingSelector, 6, map[string]any{"Op": "!!<"}},
	{"4d6min", CodeMissingSelector, 6, map[string]any{"Op": "min"}},
	{"4d6d", CodeMissingSelector, 4, map[string]any{"Op": "d"}},
	{"4d6k=", CodeMissingSelector, 5, map[string]any{"Op": "k="}},
	{"4d6cf", CodeMissingSelector, 5, map[string]any{"Op": "cf"}},
	{"1ㅇ", CodeExpectedSides, 1, nil},
	{"floor(7/2", CodeUnclosedParen, 5, map[string]any{"Token": "("}},
	{"floor(", CodeUnexpectedEnd, 6, nil},
	{"floor()", CodeUnexpectedChar, 6, map[string]any{"Token": ")"}},
	{"floor(1, 2)", CodeUnexpectedChar, 7, map[string]any{"Token": ","}},
	{"floor(1>2)", CodeMisplacedComparison, 7, map[string]any{"Op": ">"}},
	{"floor(1/0)", CodeDivisionByZero, 7, map[string]any{"Op": "/"}},
	{"ceil(5%(2-2))", CodeDivisionByZero, 6, map[string]any{"Op": "%"}},
	{"round(9223372036854775807*2/4)", CodeOverflow, 25, nil},
	{"floor(9223372036854775807/2+9223372036854775807/3)", CodeOverflow, 27, nil},
	{"abs(-9223372036854775807-1)", CodeOverflow, 0, nil},
	{strings.Repeat("abs(", 65) + "1" + strings.Repeat(")", 65), CodeTooDeep, 259, map[string]any{"Limit": MaxDepth}},
}

func TestBadInputs(t *testing.T) {
	if len(bads) < 30 {
		t.Fatalf("only %d bad inputs", len(bads))
	}
	for _, b := range bads {
		name := b.expr
		if len(name) > 40 {
			name = name[:40] + "…"
		}
		start := time.Now()
		_, err := Roll(b.expr, NewSeeded(1))
		if d := time.Since(start); d > time.Second {
			t.Errorf("%q took %v", name, d) // a guard against hangs, not a speed test
		}
		checkError(t, name, b.expr, err, b.code, b.pos, b.args)
	}
}

// checkError asserts err is an *Error with code, pos and args, whose Args
// hold everything the English message uses.
func checkError(t *testing.T, name, input string, err error, code string, pos int, args map[string]any) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Errorf("%q: error %v (%T); want *Error %s", name, err, err, code)
		return
	}
	if e.Code != code || e.Pos != pos {
		t.Errorf("%q: %s at %d (%v); want %s at %d", name, e.Code, e.Pos, e, code, pos)
		return
	}
	if pos >= 0 {
		if want := len([]rune(input[:pos])) + 1; e.Args["Pos"] != want {
			t.Errorf("%q: Args[Pos] = %v; want %d", name, e.Args["Pos"], want)
		}
	} else if _, ok := e.Args["Pos"]; ok {
		t.Errorf("%q: a non-positional error has Args[Pos]", name)
	}
	for k, v := range args {
		if e.Args[k] != v {
			t.Errorf("%q: Args[%s] = %#v; want %#v", name, k, e.Args[k], v)
		}
	}
	for _, field := range placeholders(catalog(t, "en")[code]) {
		if _, ok := e.Args[field]; !ok {
			t.Errorf("%q: %s message uses {{.%s}}, missing from Args %v", name, code, field, e.Args)
		}
	}
	if !slices.Contains(Codes(), e.Code) {
		t.Errorf("%q: code %s missing from Codes()", name, e.Code)
	}
	if e.Error() == "" {
		t.Errorf("%q: empty Error()", name)
	}
}

// TestRollErrors covers errors that only rolling finds.
func TestRollErrors(t *testing.T) {
	tests := []struct {
		expr string
		code string
		pos  int
	}{
		{"1d1!", CodeTooManyDice, 0},         // explodes forever
		{"1d6rr<7", CodeTooManyDice, 0},      // rerolls forever: bounded by the dice limit
		{"2d6 + 1d6e>0", CodeTooManyDice, 6}, // explodes forever
		{"999d6ro<7", CodeTooManyDice, 0},    // rerolls count against the limit
		{"1000d6ra>0", CodeTooManyDice, 0},   // so do added dice
		{"1d4/(1d4-1d4)", CodeDivisionByZero, 3},
	}
	for _, tt := range tests {
		e, err := Parse(tt.expr)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.expr, err)
		}
		if tt.code == CodeTooManyDice {
			_, err = e.Roll(NewSeeded(7))
		} else {
			_, err = e.Roll(NewScripted([]int{4, 2, 2}))
		}
		checkError(t, tt.expr, tt.expr, err, tt.code, tt.pos, nil)
	}
	// 1000 dice are fine, and a doubled 1000d6 is too many.
	e, err := Parse("1000d6")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Roll(NewSeeded(1)); err != nil {
		t.Fatalf("1000d6: %v", err)
	}
	_, err = e.Doubled().Roll(NewSeeded(1))
	checkError(t, "doubled 1000d6", "1000d6", err, CodeTooManyDice, 0, map[string]any{"Limit": MaxDice})
}

func TestScriptedErrors(t *testing.T) {
	_, err := Roll("2d6", NewScripted([]int{3}))
	checkError(t, "exhausted", "", err, CodeForcedExhausted, -1, map[string]any{"Count": 1})

	_, err = Roll("1d20", NewScripted(nil))
	checkError(t, "none", "", err, CodeForcedExhausted, -1, map[string]any{"Count": 0})

	_, err = Roll("1d6", NewScripted([]int{7}))
	checkError(t, "out of range", "", err, CodeForcedOutOfRange, -1, map[string]any{"Face": 7, "Min": 1, "Max": 6})

	_, err = Roll("1dF", NewScripted([]int{2}))
	checkError(t, "fate", "", err, CodeForcedOutOfRange, -1, map[string]any{"Face": 2, "Min": -1, "Max": 1})

	_, err = Roll("d%", NewScripted([]int{0}))
	checkError(t, "percent", "", err, CodeForcedOutOfRange, -1, map[string]any{"Face": 0, "Min": 1, "Max": 100})

	_, err = Roll("1d6ro1", NewScripted([]int{1}))
	checkError(t, "reroll exhausted", "", err, CodeForcedExhausted, -1, map[string]any{"Count": 1})

	// A face that does not fit is not consumed.
	r := NewScripted([]int{9, 4})
	if _, err := r.Roll(1, 6); err == nil {
		t.Fatal("9 on a d6: no error")
	}
	if f, err := r.Roll(1, 10); f != 9 || err != nil {
		t.Fatalf("Roll(1, 10) = %d, %v; want 9", f, err)
	}

	// NewScripted copies its input.
	faces := []int{5}
	r = NewScripted(faces)
	faces[0] = 6
	if f, _ := r.Roll(1, 6); f != 5 {
		t.Fatalf("NewScripted kept a reference to its input: %d", f)
	}
}

// badRoller returns faces outside the range asked for.
type badRoller struct{}

func (badRoller) Roll(min, max int) (int, error) { return max + 1, nil }

func TestRollerOutOfRange(t *testing.T) {
	for _, s := range []string{"1d6", "1d6ro<7", "1d6!"} {
		_, err := Roll(s, badRoller{})
		checkError(t, s, s, err, CodeForcedOutOfRange, -1, map[string]any{"Face": 7, "Min": 1, "Max": 6})
	}
}

func TestParseFaces(t *testing.T) {
	good := []struct {
		in   string
		want []int
	}{
		{"6,2,5,1", []int{6, 2, 5, 1}},
		{"6, 2, 5", []int{6, 2, 5}},
		{" 20 ", []int{20}},
		{"6 2 5", []int{6, 2, 5}},
		{"-1,0,1", []int{-1, 0, 1}},
		{"+3", []int{3}},
	}
	for _, g := range good {
		got, err := ParseFaces(g.in)
		if err != nil || !slices.Equal(got, g.want) {
			t.Errorf("ParseFaces(%q) = %v, %v; want %v", g.in, got, err, g.want)
		}
	}
	bad := []struct{ in, token string }{
		{"", ""},
		{"  ", ""},
		{"6,,2", "6,,2"},
		{"6,", "6,"},
		{"6,x", "x"},
		{"1.5", "1.5"},
		{"99999999999999999999", "99999999999999999999"},
	}
	for _, b := range bad {
		_, err := ParseFaces(b.in)
		checkError(t, b.in, b.in, err, CodeBadFaces, -1, map[string]any{"Token": b.token})
	}
}

func TestCodes(t *testing.T) {
	codes := Codes()
	if !slices.IsSorted(codes) || len(slices.Compact(slices.Clone(codes))) != len(codes) {
		t.Fatalf("Codes() not sorted or not unique: %v", codes)
	}
	for _, c := range codes {
		if !strings.HasPrefix(c, "dice.err.") {
			t.Errorf("code %q lacks the dice.err. prefix", c)
		}
	}
	// Every code is produced by some test input.
	seen := map[string]bool{CodeForcedExhausted: true, CodeForcedOutOfRange: true, CodeBadFaces: true,
		CodeTooManyRolls: true, // TestParseLine
		CodeTooHeavy:     true, // TestDistTooHeavy
	}
	for _, b := range append(bads, nearMisses...) {
		seen[b.code] = true
	}
	for _, c := range codes {
		if !seen[c] {
			t.Errorf("no bad input produces %s", c)
		}
	}
	var target error = &Error{Code: CodeTooManyDice}
	_, err := Parse("1001d6")
	if !errors.Is(err, target) || errors.Is(err, &Error{Code: CodeEmpty}) {
		t.Errorf("errors.Is does not compare codes: %v", err)
	}
}
