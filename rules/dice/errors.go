package dice

import (
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Error codes. Each code is also the key of the message in
// locales/catalog/dice.<lang>.toml; the Args of an Error are the message's template data.
const (
	CodeEmpty               = "dice.err.empty"                // nothing to roll
	CodeUnexpectedChar      = "dice.err.unexpected_char"      // Pos, Token
	CodeUnexpectedEnd       = "dice.err.unexpected_end"       // Pos: a number, dice or '(' was expected, the input ended
	CodeExpectedOperand     = "dice.err.expected_operand"     // Pos, Op: nothing usable after an operator
	CodeExpectedSides       = "dice.err.expected_sides"       // Pos: 'd' without a size (1d, d, 1dx)
	CodeUnclosedParen       = "dice.err.unclosed_paren"       // Pos, Token: the '(' or '{' that is never closed
	CodeZeroSides           = "dice.err.zero_sides"           // Pos: 1d0
	CodeTooManyDice         = "dice.err.too_many_dice"        // Limit
	CodeTooManySides        = "dice.err.too_many_sides"       // Pos, Limit
	CodeTooLong             = "dice.err.too_long"             // Limit, Length
	CodeTooDeep             = "dice.err.too_deep"             // Pos, Limit
	CodeTooHeavy            = "dice.err.too_heavy"            // a distribution beyond every budget, or out of time
	CodeNumberTooLarge      = "dice.err.number_too_large"     // Pos
	CodeMissingSelector     = "dice.err.missing_selector"     // Pos, Op: 2d6kh
	CodeBadSelector         = "dice.err.bad_selector"         // Pos, Op, Allowed: 1d6rrh1, 1d6mi>2
	CodeSetOperator         = "dice.err.set_operator"         // Pos, Op: only k/p/kh/kl/dh/dl follow a set
	CodeMisplacedComparison = "dice.err.misplaced_comparison" // Pos, Op: a second comparison, or one inside ( )
	CodeDivisionByZero      = "dice.err.division_by_zero"     // Pos, Op ("/" or "%")
	CodeOverflow            = "dice.err.overflow"             // Pos
	CodeInvalidUTF8         = "dice.err.invalid_utf8"         // Pos
	CodeControlChar         = "dice.err.control_char"         // Pos, Char ("U+0007")
	CodeUnclosedLabel       = "dice.err.unclosed_label"       // Pos of the '['
	CodeEmptyLabel          = "dice.err.empty_label"          // Pos of the '['
	CodeForcedExhausted     = "dice.err.forced_exhausted"     // Count: how many faces were forced
	CodeForcedOutOfRange    = "dice.err.forced_out_of_range"  // Face, Min, Max
	CodeBadFaces            = "dice.err.bad_faces"            // Token: ParseFaces input it could not read
	CodeDidYouMean          = "dice.err.did_you_mean"         // Pos, Token, Hint: a near miss and the notation it probably meant
	CodeDetachedOperator    = "dice.err.detached_operator"    // Pos, Token: a dice operator apart from any dice ("1d20+5 kh1")
	CodeAmbiguous           = "dice.err.ambiguous"            // Pos, Token, First, Second: "2d6!=5" reads two ways
	CodeGroupPool           = "dice.err.group_pool"           // Pos: {1d20+5}kh1 (Roll20 pools the dice; refused)
	CodeModeNeedsD20        = "dice.err.mode_needs_d20"       // Pos (the leftmost term), Token: adv/dis/ea without a leading 1d20
	CodeModeConflict        = "dice.err.mode_conflict"        // Pos, Token, First: "adv" and "dis" in one roll
	CodeTooManyRolls        = "dice.err.too_many_rolls"       // Limit: rolls in one /roll line
)

var codes = []string{
	CodeEmpty, CodeUnexpectedChar, CodeUnexpectedEnd, CodeExpectedOperand, CodeExpectedSides,
	CodeUnclosedParen, CodeZeroSides, CodeTooManyDice, CodeTooManySides, CodeTooLong, CodeTooDeep,
	CodeNumberTooLarge, CodeMissingSelector, CodeBadSelector, CodeSetOperator, CodeMisplacedComparison,
	CodeDivisionByZero, CodeOverflow, CodeInvalidUTF8, CodeControlChar, CodeUnclosedLabel, CodeEmptyLabel,
	CodeForcedExhausted, CodeForcedOutOfRange, CodeBadFaces, CodeDidYouMean, CodeDetachedOperator, CodeAmbiguous,
	CodeGroupPool, CodeModeNeedsD20, CodeModeConflict, CodeTooManyRolls, CodeTooHeavy,
}

// Codes returns every error code this package can return, sorted.
func Codes() []string {
	out := append([]string(nil), codes...)
	sort.Strings(out)
	return out
}

// Error is the error type of this package. Code is a catalog key; Args is the
// message's template data. Positional errors carry Args["Pos"], the 1-based
// character position for humans, while Pos is the 0-based byte offset.
type Error struct {
	Code string         // a catalog key, e.g. "dice.err.expected_operand"
	Pos  int            // byte offset into the input where it went wrong; -1 if not positional
	Args map[string]any // template data for the message
}

// Error returns English-ish debug text. Users see the catalog message for Code.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("dice: ")
	b.WriteString(strings.TrimPrefix(e.Code, "dice.err."))
	if e.Pos >= 0 {
		b.WriteString(" at byte ")
		b.WriteString(strconv.Itoa(e.Pos))
	}
	keys := make([]string, 0, len(e.Args))
	for k := range e.Args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		b.WriteString(" ")
		b.WriteString(k)
		b.WriteString("=")
		switch v := e.Args[k].(type) {
		case string:
			b.WriteString(strconv.Quote(v))
		case int:
			b.WriteString(strconv.Itoa(v))
		default:
			b.WriteString("?")
		}
	}
	return b.String()
}

// Is reports whether target is an *Error with the same Code, so that
// errors.Is(err, &dice.Error{Code: dice.CodeTooManyDice}) works.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

// errAt builds a positional error for input s at byte offset pos; kv are
// extra template pairs (name, value, ...). Args["Pos"] is the 1-based
// character position.
func errAt(code, s string, pos int, kv ...any) *Error {
	pos = min(pos, len(s))
	return newError(code, pos, utf8.RuneCountInString(s[:pos])+1, kv...)
}

// newError builds a positional error: pos is the byte offset, human the
// 1-based character position.
func newError(code string, pos, human int, kv ...any) *Error {
	args := make(map[string]any, 1+len(kv)/2)
	args["Pos"] = human
	for i := 0; i+1 < len(kv); i += 2 {
		args[kv[i].(string)] = kv[i+1]
	}
	return &Error{Code: code, Pos: pos, Args: args}
}
