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
//	term       = (number | dice | group | set | func) {ws "[" label "]"}
//	dice       = [count] d (sides | "%" | "F" | "f") {op}      d: "d", "D" or "ㅇ"
//	group      = "(" sum ")" {setop} | "{" sum "}" {setop}
//	set        = "(" sum "," [sum {"," sum} [","]] ")" {setop} | the same in braces
//	func       = ("floor" | "ceil" | "round" | "abs") "(" sum ")"
//	op         = ("k" | "p" | "d") ksel | ("rr" | "r" | "ro" | "ra" | "e" | "c" | "cs" | "cf") sel
//	           | ("!" | "!!" | "!p") [vsel] | ("mi" | "min" | "ma" | "max") N
//	setop      = ("k" | "p" | "d") ksel
//	ksel       = N | "h" N | "l" N | vsel               a bare N counts dice: k3 = kh3, p1 = d1 = dl1
//	sel        = N | "h" N | "l" N | vsel               hN, lN: after ro and ra only
//	vsel       = N | "=" N | ">" N | "<" N | ">=" N | "<=" N
//
// Letters are case-insensitive (2D6, 4d6KH3); whitespace (space, tab, newline,
// U+00A0, U+3000) may appear between tokens but not inside a term: "4d6kh3",
// not "4d6 kh3" (refused with a hint, see Comments). Numbers are non-negative
// decimal integers; arithmetic is on int with overflow reported
// (CodeOverflow), never wrapped. "/" divides rounding down (-7/2 = -4) and
// "%" takes the sign of the divisor (-7%3 = 2); both report a zero divisor
// (CodeDivisionByZero). "d" after a dice term is an operator only before h,
// l, a digit, "=", "<" or ">".
//
// Terms: an integer; NdS (N defaults to 1, 0d6 is 0, 1d0 is an error); d%
// (faces 1–100); NdF (Fate: faces -1, 0, +1); a set (a, b, c) or {a, b, c}
// whose elements are expressions and whose k/p/d select among the elements'
// values; a group ( expr ) or { expr }; a function. Keep/drop after a group
// around one dice term applies to its dice, after the term's own operators
// ((4d6)kh3 = 4d6kh3; (4d6kh3)kh2 keeps two of three); after any other
// group it makes a set of one ((1d20+4)kh1), which braces refuse
// (CodeGroupPool). Inside floor, ceil, round and abs the arithmetic is exact
// (fractions) and the function makes the result whole: floor(7/2) = 3,
// ceil(7/2) = 4, round(-7/2) = -4 (halves away from zero), abs(-7/2) = 3
// (rounded down); dice and sets inside are whole numbers.
//
// Dice operators apply left to right to the dice still kept at that point:
//
//	kSEL      keep the matching dice, drop the rest; k3 keeps the highest 3, k=3 the dice showing 3
//	pSEL dSEL drop the matching dice; p1 and d1 drop the lowest; dh/dl spell ph/pl
//	rrSEL rSEL reroll each matching die until it no longer matches (value selectors only)
//	roSEL     reroll each matching die once
//	raSEL     if a die matches, roll one more die and keep both
//	eSEL !SEL each matching die adds a die, which may match again; "!" alone is the maximum face
//	!!SEL     compound: a matching die rolls again, adding to itself, while the new face matches
//	!pSEL     penetrate: as !, each added die counting one less than it shows
//	miN minN  a kept die below N counts as N; maN maxN: above N counts as N
//	cSEL      the term's value is the number of kept dice that match (value selectors only)
//	csSEL cfSEL the critical success and failure faces (see Critical markers); no effect on values
//
// Selectors: N and =N (equals; a bare N after k, p, d is a count), hN (the N
// highest), lN (the N lowest), >N, <N, >=N, <=N. hN and lN rank the kept dice
// highest first and, among equal faces, earlier first, so khN and
// dl(count-N) keep the same dice. Consecutive operators of the same kind
// merge into one whose selectors are a union: k=1k=2 keeps the 1s and the
// 2s, kh1kl1 keeps the highest and the lowest; mi, ma and the keep/drop of a
// group start their own. c is evaluated after the other operators, over the
// final kept dice. "2d6!=5" (rpg-dice-roller: explode on 5) and "4d6!p1"
// read two ways and are refused (CodeAmbiguous); "4d6!ph1" is ! then ph1.
//
// Labels: "[text]" after a term labels it ("1d8[slashing] + 2d6[fire]"); the
// text may hold any characters but "[" and "]" and is trimmed.
//
// Expr.String gives the canonical form: compact, lowercase, and with the
// input's spellings kept where two mean the same (d20 or 1d20, dl1 or pl1,
// k3 or kh3, r1 or rr1): "1d20+5 to hit", "4d6dl1", "(d6,d8)kh1". It is never
// longer than the input, so Parse(e.String()) always succeeds and yields an
// equal AST.
//
// # Comments
//
// The expression is the longest prefix that parses and what follows it,
// separated by whitespace, is the comment, trimmed: "1d20+5 to hit the
// goblin" has the comment "to hit the goblin", and "1d20 - stealthy" the
// comment "- stealthy", because no operand can start at "stealthy". Precisely:
// after a complete operand, an operator continues the expression when the
// next token (after optional whitespace) can start an operand: a digit, "(",
// "{", "-", a function or dice ("d6", "d%", "dF"). An operator preceded by
// whitespace and followed by anything else begins the comment (only at the
// top level, not inside parentheses). Everything else is an error: an
// operator with nothing after it ("1d20+", "1d20 + ": CodeExpectedOperand),
// text glued to the expression ("1d20x", "4d6kh": no whitespace before it),
// or an input with no expression at all ("hello", "- stealthy").
//
// A comment that looks like notation is refused rather than swallowed
// (CodeDidYouMean, whose Hint is the spelling it probably meant): a first
// word that is dice operators with their selectors ("2d20 kh1 + 5" →
// 2d20kh1+5; "kh 3" as two words too), dice that join the expression ("1d20
// 1d6" → 1d20+1d6, "1 d20" → 1d20, "4d6 d1" → 4d6d1), and Avrae's adv, dis
// and ea anywhere ("1d20+5 adv" → 2d20kh1+5; ParseLine takes them instead).
// An operator that cannot be glued to dice is CodeDetachedOperator ("1d20+5
// kh1"). Whitespace inside a term gets a hint too ("4d6kh 3", "1d 20",
// "(4d6 kh3)"). Words that only begin like notation stay comments: "kill",
// "dmg", "c3po", "d20s", "!!!".
//
// # /roll lines
//
// ParseLine parses what a user types after /roll: rolls separated by ";"
// (outside labels), at most MaxRolls; in each roll's comment, Avrae's words
// adv, dis and ea roll the leftmost 1d20 as 2d20kh1, 2d20kl1 or 3d20kh1
// (Expr.WithMode) and are taken out of the comment.
//
// # Critical markers
//
// A roll is a d20 roll (Expr.IsD20) when its leftmost term (through groups,
// binary operators and the comparison) is a d20 term that keeps exactly one
// die whatever the faces (1d20, 2d20kh1, 2d20dl1, 1d20ro1, (2d20)kh1). That
// term, or a leftmost term keeping one die that has cs or cf (1d12cs>=11),
// bears the critical markers: Result.Natural is its die's face (after
// rerolls and mi/ma), and Result.Crit is CritSuccess on its maximum face (20)
// or, with cs, on the faces cs matches; CritFailure on its minimum (1) or, with
// cf, on the faces cf matches; a face both match is a success unless only cf
// was written (1d100cf>=96: 100 is a failure). A comparison of totals at the
// top level (2d6+1>=7) sets Result.Verdict; Result.Total is then the value of
// its left side.
//
// # Breakdown
//
// Result.Breakdown is markdown, notation and numbers only:
//
//	4d6kh3 (**6**, 2, 5, ~~**1**~~) = 13
//	1d8 (5) [slashing] + 2d6 (3, **6**) [fire] = 14
//	(~~1d6 (3)~~, 1d8 (7), ~~1d10 (5)~~)kh1 = 7
//	(4d6 (**6**, 2, 5, ~~**1**~~))kh3 = 13
//	2d6 (3, 4) + 1 = 8 >= 7
//	1d20 (12) + 2 = 14 >= 1d10 (4) + 5 = 9
//
// Each dice term is its notation as read, count written out ("1d20kh1",
// "4d6k3" as "4d6kh3", "4d6d1" as "4d6dl1"), followed by its dice in
// parentheses; numbers show as written, groups and functions with their
// insides, sets with each element's own breakdown, struck through when the
// set's k/p dropped it ("(1d6 (4),)kh1" for a set of one); binary operators
// have one space on each side; labels follow their term, one space before
// each, with the markdown characters \ * _ ~ ` | in them escaped; then " =
// total". A comparison shows its left side, " = ", the left total, the
// operator and the right side, followed by " = right total" unless the right
// side is a plain number. The verdict word is the bot's.
//
// A die shows its face, with these marks, innermost first: **6** when the face
// is the die's minimum or maximum (1 or S; -1 or +1 for Fate) or matches the
// term's cs or cf; 6! when it exploded (the die it added comes later in the
// same term); a compounded die its parts, "**6**!+**6**!+2"; "2 -> 3" when mi/ma
// changed it or, "6 -> 5", when !p added it; __8__ when c counted it; ~~1~~
// when k/p dropped it; and before it, "~~1~~ " for each face a reroll
// replaced, oldest first (replaced faces are never bold). Fate faces show as
// -1, 0, +1. Result.BreakdownPlain is the same without markdown, for a
// terminal: no bold, and "1d" for a dropped die (or set element), "1r 4" for
// a reroll, "8*" for a counted die. Result.BreakdownN and BreakdownPlainN
// abbreviate long pools ("1000d6 (3, **6**, …) = 3512") to fit Discord's
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
// concurrent use: make one per request. Exprs are immutable and safe to share
// (Parse hands the same Expr to every caller of the same short text);
// Results are not changed after Roll returns.
package dice
