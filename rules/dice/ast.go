package dice

import (
	"math"
	"strconv"
)

// Kind tells what a node of an expression is.
type Kind uint8

// Node kinds.
const (
	KindNumber  Kind = iota + 1 // integer literal: 7
	KindDice                    // NdS, NdF, Nd% with operators: 4d6kh3
	KindSet                     // (a, b, c) with k/p: (1d6, 1d8)kh1
	KindGroup                   // ( expr )
	KindNeg                     // unary minus
	KindBinary                  // + - * / %
	KindCompare                 // >= > < <= == != (top level only)
)

// dieKind tells ordinary, percentile and Fate dice apart.
type dieKind uint8

const (
	dieStd  dieKind = iota // NdS
	diePct                 // Nd%: faces 1..100
	dieFate                // NdF: faces -1, 0, +1
)

// opKind is a dice (or set) operator.
type opKind uint8

const (
	opK  opKind = iota + 1 // k: keep matching
	opP                    // p (also spelled dh/dl): drop matching
	opRR                   // rr: reroll until no longer matching
	opRO                   // ro: reroll once
	opRA                   // ra: reroll one and add
	opE                    // e, !: explode
	opMI                   // mi: minimum face
	opMA                   // ma: maximum face
	opC                    // c: count
)

var opNames = [...]string{opK: "k", opP: "p", opRR: "rr", opRO: "ro", opRA: "ra", opE: "e", opMI: "mi", opMA: "ma", opC: "c"}

// selKind is the kind of a selector.
type selKind uint8

const (
	selEq   selKind = iota + 1 // N
	selHigh                    // hN
	selLow                     // lN
	selGT                      // >N
	selLT                      // <N
	selGE                      // >=N
	selLE                      // <=N
	selMax                     // the die's maximum face (only from `!`)
)

// dop is one operator with one selector. Consecutive dops of the same op
// (except mi/ma) form one operation whose selectors are a union: k1k2.
type dop struct {
	n   int
	pos uint16
	op  opKind
	sel selKind
	alt bool // p spelled d (dh/dl)
}

// node is an AST node. Nodes live in Expr.nodes in post-order (children
// before their parent, the root last) and refer to each other by index, so
// the tree holds no pointers. Indices fit in 16 bits: MaxLength bytes make
// at most 2*MaxLength+1 nodes.
type node struct {
	val   int    // KindNumber: value; KindDice: count
	sides int32  // KindDice: sides (100 for d%, 3 for dF)
	a, b  uint16 // Binary, Compare: left a, right b; Group, Neg: a; Set: elements are extra.kids[a:b]
	pos   uint16
	opsLo uint16 // operators: extra.ops[opsLo : opsLo+opsN]
	opsN  uint16
	labLo uint16 // labels: extra.labels[labLo : labLo+labN]
	labN  uint16
	kind  Kind
	die   dieKind
	op    byte // Binary: + - * / %; Compare: a cmp code
	bare  bool // KindDice: the count was left out ("d20"), and is printed so
}

// Comparison operator codes (node.op for KindCompare).
const (
	cmpGE byte = iota + 1
	cmpGT
	cmpLE
	cmpLT
	cmpEQ
	cmpNE
)

var cmpNames = [...]string{cmpGE: ">=", cmpGT: ">", cmpLE: "<=", cmpLT: "<", cmpEQ: "==", cmpNE: "!="}

// Expr is a parsed dice expression: the AST and its trailing comment.
// An Expr is immutable and safe for concurrent use; rolling it does not change it.
type Expr struct {
	nodes []node  // post-order; the root is last
	x     *extra  // operators, set elements, labels and comment; nil when there are none
	ndice int32   // dice rolled before rerolls and explosions
	d20   int32   // 1 + index of the leftmost term when IsD20, else 0
	buf   [1]node // storage for one-node expressions
}

// extra holds the parts of an AST that plain expressions do not need.
type extra struct {
	ops     []dop
	kids    []uint16
	labels  []string // every label, in source order
	comment string
	source  string // the input, when it is not all ASCII: positions are bytes, messages count characters
	opBuf   [2]dop // storage for the first operators
}

// errAt builds the error for byte offset pos of the input e was parsed from.
// Only labels and comments can hold non-ASCII text, and then e.x keeps the
// input; otherwise byte offsets are character positions.
func (e *Expr) errAt(code string, pos uint16, kv ...any) error {
	if e.x != nil && e.x.source != "" {
		return errAt(code, e.x.source, int(pos), kv...)
	}
	return newError(code, int(pos), int(pos)+1, kv...)
}

func (e *Expr) root() uint16 { return uint16(len(e.nodes) - 1) }

func (e *Expr) ops(n *node) []dop {
	if n.opsN == 0 {
		return nil
	}
	return e.x.ops[n.opsLo : n.opsLo+n.opsN]
}

func (e *Expr) labelsOf(n *node) []string {
	if n.labN == 0 {
		return nil
	}
	return e.x.labels[n.labLo : n.labLo+n.labN : n.labLo+n.labN]
}

// kids returns the elements of a set.
func (e *Expr) kids(n *node) []uint16 { return e.x.kids[n.a:n.b] }

// allLabels returns every label in source order.
func (e *Expr) allLabels() []string {
	if e.x == nil || len(e.x.labels) == 0 {
		return nil
	}
	return e.x.labels[:len(e.x.labels):len(e.x.labels)]
}

// Comment returns the text after the expression ("to hit the goblin"), trimmed; "" if none.
func (e *Expr) Comment() string {
	if e.x == nil {
		return ""
	}
	return e.x.comment
}

// String returns the canonical notation followed by the comment, if any, and
// Parse(e.String()) yields an equal expression. The canonical form is never
// longer than the text the expression was parsed from, so it always parses.
func (e *Expr) String() string {
	b := e.appendNode(make([]byte, 0, 32), e.root())
	if c := e.Comment(); c != "" {
		b = append(b, ' ')
		b = append(b, c...)
	}
	return string(b)
}

// Notation returns the canonical notation without the comment: compact (no
// whitespace), lowercase, spellings kept (1d20 or d20, dl1 or pl1):
// "1d20+5", "4d6kh3[fire]", "(d6,d8)kh1".
func (e *Expr) Notation() string { return string(e.appendNode(nil, e.root())) }

// IsD20 reports whether this is a d20 roll (spec §5): its leftmost term is a
// d20 term that always keeps exactly one die (1d20, 2d20kh1, 2d20dl1, 1d20ro1).
// Terms whose number of kept dice depends on the faces (explode, ra, value
// selectors on k/p, c) are not d20 rolls.
func (e *Expr) IsD20() bool { return e.d20 != 0 }

// MaxDice returns the sum over every dice term of count × maximum face
// (d% 100, dF 1), ignoring keep/drop, rerolls and explosions: the "max + roll"
// critical hit house rule adds it to a normal roll. 1d8+2d6+3 → 20.
func (e *Expr) MaxDice() int {
	total := 0
	for i := range e.nodes {
		if n := &e.nodes[i]; n.kind == KindDice {
			total += n.val * maxFace(n)
		}
	}
	return total
}

// Doubled returns a copy with every dice term's count doubled, for a 5e
// critical hit: 1d8+2d6+3 → 2d8+4d6+3. Labels and the comment are kept. The
// copy may exceed MaxDice, which Roll then reports; error positions refer to
// the text the original was parsed from.
func (e *Expr) Doubled() *Expr {
	d := &Expr{x: e.x}
	d.nodes = append(d.buf[:0], e.nodes...)
	for i := range d.nodes {
		if n := &d.nodes[i]; n.kind == KindDice && n.val <= math.MaxInt32 {
			n.val *= 2
			n.bare = false
		}
	}
	d.finish()
	return d
}

// finish derives the facts Roll needs.
func (e *Expr) finish() {
	dice := 0
	for i := range e.nodes {
		if n := &e.nodes[i]; n.kind == KindDice {
			dice += n.val
		}
	}
	e.ndice = int32(min(dice, math.MaxInt32))
	e.d20 = 0
	t := e.root()
	for {
		n := &e.nodes[t]
		if n.kind != KindCompare && n.kind != KindBinary && n.kind != KindGroup {
			break
		}
		t = n.a
	}
	if n := &e.nodes[t]; n.kind == KindDice && n.die == dieStd && n.sides == 20 && e.staticKept(n) == 1 {
		e.d20 = int32(t) + 1
	}
}

// staticKept returns how many dice a dice term keeps whatever the faces, or -1.
func (e *Expr) staticKept(n *node) int {
	kept, ops := n.val, e.ops(n)
	for i := 0; i < len(ops); {
		j := opGroupEnd(ops, i)
		g := ops[i:j]
		i = j
		switch g[0].op {
		case opRR, opRO, opMI, opMA:
			continue
		case opK, opP:
			sel, most := g[0].sel, 0
			for _, o := range g {
				if o.sel != sel || (sel != selHigh && sel != selLow) {
					return -1
				}
				most = max(most, o.n)
			}
			if g[0].op == opK {
				kept = min(kept, most)
			} else {
				kept = max(0, kept-most)
			}
		default:
			return -1
		}
	}
	return kept
}

// opGroupEnd returns the end of the run of same operators starting at i.
// mi and ma never merge: they apply one after another.
func opGroupEnd(ops []dop, i int) int {
	j := i + 1
	if ops[i].op == opMI || ops[i].op == opMA {
		return j
	}
	for j < len(ops) && ops[j].op == ops[i].op {
		j++
	}
	return j
}

func minFace(n *node) int {
	if n.die == dieFate {
		return -1
	}
	return 1
}

func maxFace(n *node) int {
	if n.die == dieFate {
		return 1
	}
	return int(n.sides)
}

// appendNode appends the canonical notation of node i, with labels.
func (e *Expr) appendNode(b []byte, i uint16) []byte {
	n := &e.nodes[i]
	switch n.kind {
	case KindNumber:
		b = strconv.AppendInt(b, int64(n.val), 10)
	case KindDice:
		b = e.appendDiceNotation(b, n, false)
	case KindSet:
		b = append(b, '(')
		kids := e.kids(n)
		for j, k := range kids {
			if j > 0 {
				b = append(b, ',')
			}
			b = e.appendNode(b, k)
		}
		b = closeSet(b, len(kids), n.opsN)
		b = appendOps(b, e.ops(n))
	case KindGroup:
		b = append(b, '(')
		b = e.appendNode(b, n.a)
		b = append(b, ')')
	case KindNeg:
		b = append(b, '-')
		b = e.appendNode(b, n.a)
	case KindBinary:
		b = e.appendNode(b, n.a)
		b = append(b, n.op)
		b = e.appendNode(b, n.b)
	case KindCompare:
		b = e.appendNode(b, n.a)
		b = append(b, cmpNames[n.op]...)
		b = e.appendNode(b, n.b)
	}
	for _, l := range e.labelsOf(n) {
		b = append(b, '[')
		b = append(b, l...)
		b = append(b, ']')
	}
	return b
}

// closeSet closes a set: a set of one without operators needs its comma, "(2,)",
// or it would read as a group; "(2)kh1" is a set already.
func closeSet(b []byte, elems int, ops uint16) []byte {
	if elems == 1 && ops == 0 {
		b = append(b, ',')
	}
	return append(b, ')')
}

// appendDiceNotation appends NdS and the operators of a dice term, without
// labels; the count is left out where the input left it out, unless count is set.
func (e *Expr) appendDiceNotation(b []byte, n *node, count bool) []byte {
	if count || !n.bare {
		b = strconv.AppendInt(b, int64(n.val), 10)
	}
	b = append(b, 'd')
	switch n.die {
	case diePct:
		b = append(b, '%')
	case dieFate:
		b = append(b, 'F')
	default:
		b = strconv.AppendInt(b, int64(n.sides), 10)
	}
	return appendOps(b, e.ops(n))
}

func appendOps(b []byte, ops []dop) []byte {
	for _, o := range ops {
		switch {
		case o.sel == selMax:
			b = append(b, '!')
			continue
		case o.alt:
			b = append(b, 'd')
		default:
			b = append(b, opNames[o.op]...)
		}
		switch o.sel {
		case selHigh:
			b = append(b, 'h')
		case selLow:
			b = append(b, 'l')
		case selGT:
			b = append(b, '>')
		case selLT:
			b = append(b, '<')
		case selGE:
			b = append(b, ">="...)
		case selLE:
			b = append(b, "<="...)
		}
		b = strconv.AppendInt(b, int64(o.n), 10)
	}
	return b
}
