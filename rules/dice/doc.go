// Package dice parses, rolls and presents rulekeeper's dice notation
// (shared/spec/dice-notation.md). As in avrae/d20, the three steps are
// separate and share one AST: Parse turns text into an *Expr, Expr.Roll rolls
// it with an injected Roller into a *Result (every term, every die), and
// Result.Breakdown presents it as notation and numbers only. Words, such as
// "success" or an error message, come from the catalogs: every error is an
// *Error whose Code is a catalog key (locales/catalog/dice.<lang>.toml).
//
// # Grammar
//
//	input      = ws comparison [ws comment]
//	comparison = sum [cmp sum]                  cmp: >= > < <= == !=   (top level only, once)
//	sum        = product {("+" | "-") product}
//	product    = unary {("*" | "/" | "%") unary}
//	unary      = "-" unary | term
//	term       = (number | dice | set | "(" sum ")") {ws "[" label "]"}
//	dice       = [count] ("d" | "D") (sides | "%" | "F" | "f") {op}
//	set        = "(" sum "," [sum {"," sum} [","]] ")" {setop}  |  "(" sum ")" setop {setop}
//	op         = ("k" | "p" | "rr" | "ro" | "ra" | "e" | "c") sel | "dh" N | "dl" N | "!" | ("mi" | "ma") N
//	setop      = ("k" | "p") sel | "dh" N | "dl" N
//	sel        = N | "h" N | "l" N | ">" N | "<" N | ">=" N | "<=" N
//
// Letters are case-insensitive (2D6, 4d6KH3); whitespace (space, tab, newline,
// U+00A0, U+3000) may appear between tokens but not inside a term: "4d6kh3",
// not "4d6 kh3". Numbers are non-negative decimal integers; arithmetic is on
// int with overflow reported (CodeOverflow), never wrapped. "/" divides
// rounding down (-7/2 = -4) and "%" takes the sign of the divisor (-7%3 = 2);
// both report a zero divisor (CodeDivisionByZero).
//
// Terms: an integer; NdS (N defaults to 1, 0d6 is 0, 1d0 is an error); d%
// (faces 1–100); NdF (Fate: faces -1, 0, +1); a set (a, b, c) whose elements
// are expressions and whose k/p/kh/kl/dh/dl select among the elements'
// values; a group ( expr ). A group directly followed by k/p is a set of one.
//
// Dice operators apply left to right to the dice still kept at that point:
//
//	kSEL   keep the matching dice, drop the rest
//	pSEL   drop the matching dice; dhN and dlN spell phN and plN (4d6dl1 keeps what 4d6kh3 keeps)
//	rrSEL  reroll each matching die until it no longer matches (value selectors only)
//	roSEL  reroll each matching die once
//	raSEL  if a die matches, roll one more die and keep both
//	eSEL   each matching die adds a die, which may match again (value selectors only); "!" is e on the maximum face
//	miN    a kept die below N counts as N; maN: above N counts as N
//	cSEL   the term's value is the number of kept dice that match (value selectors only)
//
// Selectors: N (equals), hN (the N highest), lN (the N lowest), >N, <N, >=N,
// <=N. hN and lN rank the kept dice highest first and, among equal faces,
// earlier first, so khN and dl(count-N) keep the same dice. Consecutive
// operators of the same kind merge into one whose selectors are a union:
// k1k2 keeps the 1s and the 2s, kh1kl1 keeps the highest and the lowest.
// c is evaluated after the other operators, over the final kept dice.
//
// Labels: "[text]" after a term labels it ("1d8[slashing] + 2d6[fire]"); the
// text may hold any characters but "[" and "]" and is trimmed.
//
// Expr.String gives the canonical form: compact, lowercase, and with the
// input's spellings kept where two mean the same (d20 or 1d20, dl1 or pl1):
// "1d20+5 to hit", "4d6dl1", "(d6,d8)kh1". It is never longer than the input,
// so Parse(e.String()) always succeeds and yields an equal AST.
//
// # Comments
//
// The expression is the longest prefix that parses and what follows it,
// separated by whitespace, is the comment, trimmed: "1d20+5 to hit the
// goblin" has the comment "to hit the goblin", and "1d20 - stealthy" the
// comment "- stealthy", because no operand can start at "stealthy". Precisely:
// after a complete operand, an operator continues the expression when the
// next token (after optional whitespace) can start an operand: a digit, "(",
// "-", or dice ("d6", "d%", "dF"). An operator preceded by whitespace and
// followed by anything else begins the comment (only at the top level, not
// inside parentheses). Everything else is an error: an operator with nothing
// after it ("1d20+", "1d20 + ": CodeExpectedOperand), text glued to the
// expression ("1d20x", "4d6kh": no whitespace before it), or an input with
// no expression at all ("hello", "- stealthy").
//
// # Critical markers
//
// A roll is a d20 roll (Expr.IsD20) when its leftmost term is a d20 term that
// keeps exactly one die whatever the faces (1d20, 2d20kh1, 2d20dl1, 1d20ro1).
// Result.Natural is that die's face (after rerolls and mi/ma), and
// Result.Crit is CritSuccess on 20, CritFailure on 1. A comparison of totals
// at the top level (2d6+1>=7) sets Result.Verdict; Result.Total is then the
// value of its left side.
//
// # Breakdown
//
// Result.Breakdown is markdown, notation and numbers only:
//
//	4d6kh3 (**6**, 2, 5, ~~**1**~~) = 13
//	1d8 (5) [slashing] + 2d6 (3, **6**) [fire] = 14
//	(~~1d6 (3)~~, 1d8 (7), ~~1d10 (5)~~)kh1 = 7
//	2d6 (3, 4) + 1 = 8 >= 7
//	1d20 (12) + 2 = 14 >= 1d10 (4) + 5 = 9
//
// Each dice term is its notation, count written out ("1d20kh1"), followed by
// its dice in parentheses; numbers, groups and sets show in canonical form,
// each set element with its own breakdown and struck through when the set's
// k/p dropped it ("(1d6 (4))kh1" for a set of one); binary operators have one
// space on each side; labels follow their term, one space before each, with
// the markdown characters \ * _ ~ ` | in them escaped; then " = total". A comparison shows its left side, " = ", the left total, the
// operator and the right side, followed by " = right total" unless the right
// side is a plain number. The verdict word is the bot's.
//
// A die shows its face, with these marks, innermost first: **6** when the face
// is the die's minimum or maximum (1 or S; -1 or +1 for Fate); 6! when it
// exploded (the die it added comes later in the same term); "2 -> 3" when
// mi/ma changed it; __8__ when c counted it; ~~1~~ when k/p dropped it; and
// before it, "~~1~~ " for each face a reroll replaced, oldest first (replaced
// faces are never bold). Fate faces show as -1, 0, +1. Result.BreakdownN
// abbreviates long pools ("1000d6 (3, **6**, …) = 3512") to fit Discord's
// limits without losing the total.
//
// # Limits
//
// MaxDice (1,000 dice per expression, rerolls and explosions included),
// MaxSides (1,000,000), MaxLength (1,000 bytes, checked first) and MaxDepth
// (64 nested parentheses or unary minuses) each have their own error code.
// Control characters (C0 but tab, newline and carriage return; DEL; C1;
// U+2028/2029; bidirectional overrides) and invalid UTF-8 are errors
// anywhere, comments included. No input makes Parse or Roll panic.
//
// # Randomness
//
// NewRoller is the production roller (ChaCha8 seeded from crypto/rand);
// NewSeeded makes a session reproducible (--seed); NewScripted forces faces
// in order (--dice 20,5,3; see ParseFaces). Rollers are not safe for
// concurrent use: make one per request. Exprs are immutable and safe to share;
// Results are not changed after Roll returns.
package dice
