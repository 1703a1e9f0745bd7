package dice

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits. Each breach is an *Error with its own code naming the limit.
const (
	MaxDice   = 1000      // dice per expression, rerolls and explosions included (CodeTooManyDice)
	MaxSides  = 1_000_000 // sides per die (CodeTooManySides)
	MaxLength = 1000      // bytes per expression, comment included (CodeTooLong)
	MaxDepth  = 64        // nesting of parentheses and unary minus (CodeTooDeep)
)

// Parse parses a dice expression (see the package documentation for the
// grammar). Errors are *Error. Inputs of up to 128 bytes are remembered in a
// bounded cache: parsing the same text again returns the same immutable *Expr.
func Parse(s string) (*Expr, error) {
	if e := parseCache.get(s); e != nil {
		return e, nil
	}
	e := new(Expr)
	if _, err := e.parse(s, 0, false); err != nil {
		return nil, err
	}
	parseCache.put(s, e)
	return e, nil
}

// Roll parses s (through the parse cache) and rolls it with r.
func Roll(s string, r Roller) (*Result, error) {
	e, err := Parse(s)
	if err != nil {
		return nil, err
	}
	return e.Roll(r)
}

// parse parses s[start:] into the zero Expr e. In a /roll line (line set),
// s ends where the roll does and Avrae's adv/dis/ea words in the comment are
// taken out and returned; otherwise such a word is refused with a hint.
func (e *Expr) parse(s string, start int, line bool) (modeWord, error) {
	if len(s) > MaxLength {
		return modeWord{}, &Error{Code: CodeTooLong, Pos: -1, Args: map[string]any{"Limit": MaxLength, "Length": len(s)}}
	}
	marks, ascii, err := checkText(s, start)
	if err != nil {
		return modeWord{}, err
	}
	ascii = ascii && isASCII(s[:start])
	// Each node but the first term is introduced by an operator, '(' or ','
	// ("marks"), and each mark introduces at most two: so usually one
	// allocation (capped, as comments may hold marks too).
	if bound := 1 + 2*marks; bound <= len(e.buf) {
		e.nodes = e.buf[:0]
	} else {
		e.nodes = make([]node, 0, min(bound, 64))
	}
	p := parser{s: s, i: start, start: start, e: e, hints: true, line: line}
	if err := p.top(); err != nil {
		return modeWord{}, err
	}
	if !ascii {
		p.extra().source = s
	}
	e.finish()
	if p.mode.word == "" || line {
		return p.mode, nil
	}
	return modeWord{}, p.refuseMode()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// checkText rejects invalid UTF-8 and control characters anywhere in s[from:]
// (comments and labels included). Tab, newline and carriage return are
// whitespace; C0/C1 controls, DEL, the line/paragraph separators and the
// bidirectional embedding, override and isolate controls are not allowed.
// It also counts the bytes that can introduce a node (+ - * / % ( { , < > = !)
// and reports whether s[from:] is all ASCII.
func checkText(s string, from int) (marks int, ascii bool, err error) {
	ascii = true
	for i := from; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c < 0x20 && c != '\t' && c != '\n' && c != '\r', c == 0x7f:
				return 0, false, errAt(CodeControlChar, s, i, "Char", uplus(rune(c)))
			case markBytes[c]:
				marks++
			}
			i++
			continue
		}
		ascii = false
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 {
			return 0, false, errAt(CodeInvalidUTF8, s, i)
		}
		if r <= 0x9f || r == 0x2028 || r == 0x2029 || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) {
			return 0, false, errAt(CodeControlChar, s, i, "Char", uplus(r))
		}
		i += size
	}
	return marks, ascii, nil
}

var markBytes = [utf8.RuneSelf]bool{'+': true, '-': true, '*': true, '/': true, '%': true, '(': true, '{': true, ',': true,
	'<': true, '>': true, '=': true, '!': true}

func uplus(r rune) string {
	h := strings.ToUpper(strconv.FormatInt(int64(r), 16))
	for len(h) < 4 {
		h = "0" + h
	}
	return "U+" + h
}

type parser struct {
	s     string
	i     int
	start int // where the expression starts: 0, or a roll's offset in a /roll line
	e     *Expr
	depth int      // open parentheses and unary minuses
	open  int      // open parentheses: comments only at the top level
	ndice int      // dice so far
	stack []uint16 // elements of the sets being parsed
	end   int      // where the expression ended, before the comment's whitespace
	hints bool     // look for near misses (off while trying a hint's spelling)
	line  bool     // a /roll line: adv/dis/ea words are taken out of the comment
	mode  modeWord // the adv/dis/ea word found in the comment
}

// spaceAt returns the width of the whitespace character at s[i], or 0:
// space, tab, newline, carriage return, U+00A0 and U+3000 (ideographic space).
func spaceAt(s string, i int) int {
	switch s[i] {
	case ' ', '\t', '\n', '\r':
		return 1
	case 0xc2:
		if i+1 < len(s) && s[i+1] == 0xa0 {
			return 2
		}
	case 0xe3:
		if i+2 < len(s) && s[i+1] == 0x80 && s[i+2] == 0x80 {
			return 3
		}
	}
	return 0
}

func skipSpace(s string, i int) int {
	for i < len(s) {
		w := spaceAt(s, i)
		if w == 0 {
			break
		}
		i += w
	}
	return i
}

// spaceBefore returns the start of the whitespace that ends at s[i] (i itself if none).
func spaceBefore(s string, i int) int {
	for i > 0 {
		switch {
		case strings.IndexByte(" \t\n\r", s[i-1]) >= 0:
			i--
		case i >= 2 && s[i-2:i] == "\u00a0":
			i -= 2
		case i >= 3 && s[i-3:i] == "\u3000":
			i -= 3
		default:
			return i
		}
	}
	return i
}

// skipWS skips whitespace and reports whether there was any.
func (p *parser) skipWS() bool {
	j := skipSpace(p.s, p.i)
	ws := j > p.i
	p.i = j
	return ws
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// lower folds an ASCII letter to lower case (other bytes are returned as they are).
func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// hangulD is ㅇ, the key of 'd' on a Korean keyboard: 2ㅇ6 is 2d6.
const hangulD = "\u3147"

// dAt returns the width of a die's 'd' at s[j] ('d', 'D' or ㅇ), or 0.
func dAt(s string, j int) int {
	if lower(s[j]) == 'd' {
		return 1
	}
	if strings.HasPrefix(s[j:], hangulD) {
		return len(hangulD)
	}
	return 0
}

// startsOperand reports whether an operand can begin at s[j]: a digit, '(',
// '{', '-', a function (floor( ...) or dice. Strictly, 'd' begins an operand
// only as dice (d6, d%, dF); loosely, any 'd' does.
func startsOperand(s string, j int, strict bool) bool {
	c := s[j]
	switch {
	case isDigit(c), c == '(', c == '{', c == '-':
		return true
	case funcAt(s, j) != 0:
		return true
	}
	w := dAt(s, j)
	if w == 0 {
		return false
	}
	if !strict && w == 1 {
		return true
	}
	if j+w >= len(s) {
		return false
	}
	n := s[j+w]
	return isDigit(n) || n == '%' || lower(n) == 'f'
}

// cmpAt returns the comparison operator at s[i] and its width, or 0, 0.
func cmpAt(s string, i int) (byte, int) {
	if i >= len(s) {
		return 0, 0
	}
	eq := i+1 < len(s) && s[i+1] == '='
	switch s[i] {
	case '>':
		if eq {
			return cmpGE, 2
		}
		return cmpGT, 1
	case '<':
		if eq {
			return cmpLE, 2
		}
		return cmpLT, 1
	case '=':
		if eq {
			return cmpEQ, 2
		}
	case '!':
		if eq {
			return cmpNE, 2
		}
	}
	return 0, 0
}

// unexpected reports the character at s[i], or the end of the input; a dice
// operator written apart from its dice ("(4d6 kh3)") gets a hint.
func (p *parser) unexpected(i int) error {
	if i >= len(p.s) {
		return errAt(CodeUnexpectedEnd, p.s, i)
	}
	if err := p.spacedOperator(i); err != nil {
		return err
	}
	r, _ := utf8.DecodeRuneInString(p.s[i:])
	return errAt(CodeUnexpectedChar, p.s, i, "Token", string(r))
}

// top parses the whole input: comparison? comment?
//
// The comment rule: the expression ends where it is complete and what follows
// cannot continue it. The rest is the comment if it is separated from the
// expression by whitespace and does not look like notation (see comment);
// otherwise it is an error. An operator continues the expression when what
// follows it can start an operand (a digit, '(', '-', a function or dice: d6,
// d%, dF); an operator preceded by whitespace and followed by something else
// ("1d20 - stealthy") begins the comment; an operator with nothing after it
// ("1d20+", "1d20 + ") is always an error.
func (p *parser) top() error {
	p.skipWS()
	if p.i == len(p.s) {
		return &Error{Code: CodeEmpty, Pos: -1, Args: map[string]any{}}
	}
	lhs, err := p.sum()
	if err != nil {
		return err
	}
	p.end = p.i
	ws := p.skipWS()
	if op, w := cmpAt(p.s, p.i); w > 0 {
		opPos := p.i
		ok, err := p.operator(w, ws)
		if err != nil {
			return err
		}
		if ok {
			rhs, err := p.sum()
			if err != nil {
				return err
			}
			p.add(node{kind: KindCompare, op: op, pos: uint16(opPos), a: lhs, b: rhs})
			p.end = p.i
			ws = p.skipWS()
			if _, w := cmpAt(p.s, p.i); w > 0 {
				j := skipSpace(p.s, p.i+w)
				if !ws || j == len(p.s) || startsOperand(p.s, j, true) {
					return errAt(CodeMisplacedComparison, p.s, p.i, "Op", p.s[p.i:p.i+w])
				}
			}
		}
	}
	if p.i == len(p.s) {
		return nil
	}
	if ws {
		return p.comment()
	}
	return p.unexpected(p.i)
}

// operator decides what the operator of width w at p.i means (ws: whitespace
// before it). It returns true with p.i at the operand; false with p.i
// unchanged when the operator begins the comment; or an error.
func (p *parser) operator(w int, ws bool) (bool, error) {
	opPos := p.i
	j := skipSpace(p.s, opPos+w)
	switch {
	case j == len(p.s):
		return false, errAt(CodeExpectedOperand, p.s, opPos, "Op", p.s[opPos:opPos+w])
	case startsOperand(p.s, j, true):
	case ws && p.open == 0:
		return false, nil
	case !startsOperand(p.s, j, false):
		return false, errAt(CodeExpectedOperand, p.s, opPos, "Op", p.s[opPos:opPos+w])
	}
	p.i = j
	return true, nil
}

// add appends a node and returns its index.
func (p *parser) add(n node) uint16 {
	p.e.nodes = append(p.e.nodes, n)
	return uint16(len(p.e.nodes) - 1)
}

func (p *parser) extra() *extra {
	if p.e.x == nil {
		p.e.x = new(extra)
		p.e.x.ops = p.e.x.opBuf[:0]
	}
	return p.e.x
}

// sum := product (('+' | '-') product)*
func (p *parser) sum() (uint16, error) { return p.binary(true) }

// product := unary (('*' | '/' | '%') unary)*
func (p *parser) product() (uint16, error) { return p.binary(false) }

// binary parses a sum (or a product): operand (operator operand)*.
func (p *parser) binary(sum bool) (uint16, error) {
	operand, ops := p.unary, "*/%"
	if sum {
		operand, ops = p.product, "+-"
	}
	l, err := operand()
	if err != nil {
		return 0, err
	}
	for {
		save := p.i
		ws := p.skipWS()
		if p.i == len(p.s) || strings.IndexByte(ops, p.s[p.i]) < 0 {
			p.i = save
			return l, nil
		}
		op, opPos := p.s[p.i], p.i
		ok, err := p.operator(1, ws)
		if err != nil {
			return 0, err
		}
		if !ok {
			p.i = save
			return l, nil
		}
		r, err := operand()
		if err != nil {
			return 0, err
		}
		l = p.add(node{kind: KindBinary, op: op, pos: uint16(opPos), a: l, b: r})
	}
}

func (p *parser) enter(pos int) error {
	p.depth++
	if p.depth > MaxDepth {
		return errAt(CodeTooDeep, p.s, pos, "Limit", MaxDepth)
	}
	return nil
}

// unary := '-' unary | atom
func (p *parser) unary() (uint16, error) {
	if p.i >= len(p.s) || p.s[p.i] != '-' {
		return p.atom()
	}
	pos := p.i
	if err := p.enter(pos); err != nil {
		return 0, err
	}
	j := skipSpace(p.s, pos+1)
	if j == len(p.s) || !startsOperand(p.s, j, false) {
		return 0, errAt(CodeExpectedOperand, p.s, pos, "Op", "-")
	}
	p.i = j
	x, err := p.unary()
	if err != nil {
		return 0, err
	}
	p.depth--
	return p.add(node{kind: KindNeg, pos: uint16(pos), a: x}), nil
}

// atom := (number | dice | group | set | function) label*
func (p *parser) atom() (uint16, error) {
	if p.i >= len(p.s) {
		return 0, p.unexpected(p.i)
	}
	start := p.i
	c := p.s[p.i]
	var n uint16
	var err error
	switch {
	case isDigit(c):
		v, over := p.number()
		if p.i < len(p.s) && dAt(p.s, p.i) > 0 {
			if over || v > MaxDice {
				return 0, errAt(CodeTooManyDice, p.s, start, "Limit", MaxDice)
			}
			n, err = p.dice(start, v)
		} else {
			if over {
				return 0, errAt(CodeNumberTooLarge, p.s, start)
			}
			n = p.add(node{kind: KindNumber, pos: uint16(start), val: v})
		}
	case dAt(p.s, p.i) > 0:
		n, err = p.dice(start, 0)
	case c == '(' || c == '{':
		n, err = p.paren()
	case funcAt(p.s, p.i) != 0:
		n, err = p.function()
	default:
		return 0, p.unexpected(p.i)
	}
	if err != nil {
		return 0, err
	}
	return n, p.labels(&p.e.nodes[n])
}

// number reads digits at p.i; over reports a value beyond math.MaxInt.
func (p *parser) number() (v int, over bool) {
	for p.i < len(p.s) && isDigit(p.s[p.i]) {
		d := int(p.s[p.i] - '0')
		if v > (math.MaxInt-d)/10 {
			over = true
		} else if !over {
			v = v*10 + d
		}
		p.i++
	}
	return v, over
}

// dice parses the rest of a dice term; p.i is at the 'd', count is the number
// before it (ignored when there is none).
func (p *parser) dice(start, count int) (uint16, error) {
	dpos := p.i
	p.i += dAt(p.s, p.i)
	n := node{kind: KindDice, pos: uint16(start), val: count}
	if dpos == start { // "d20": one die
		n.val, n.flags = 1, nBare
		count = 1
	}
	if p.i == len(p.s) {
		return 0, errAt(CodeExpectedSides, p.s, dpos)
	}
	switch c := p.s[p.i]; {
	case isDigit(c):
		spos := p.i
		v, over := p.number()
		if over || v > MaxSides {
			return 0, errAt(CodeTooManySides, p.s, spos, "Limit", MaxSides)
		}
		if v == 0 {
			return 0, errAt(CodeZeroSides, p.s, spos)
		}
		n.sides = int32(v)
	case c == '%':
		n.die, n.sides = diePct, 100
		p.i++
	case lower(c) == 'f':
		n.die, n.sides = dieFate, 3
		p.i++
	default:
		if err := p.spacedSelector(dpos, p.i); err != nil {
			return 0, err // "1d 20"
		}
		return 0, errAt(CodeExpectedSides, p.s, dpos)
	}
	p.ndice += count
	if p.ndice > MaxDice {
		return 0, errAt(CodeTooManyDice, p.s, start, "Limit", MaxDice)
	}
	if err := p.ops(&n, false); err != nil {
		return 0, err
	}
	n.own = n.opsN
	return p.add(n), nil
}
