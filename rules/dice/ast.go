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
	KindFunc                    // floor( ), ceil( ), round( ), abs( )
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
	opK         opKind = iota + 1 // k: keep matching
	opP                           // p (also spelled dh/dl): drop matching
	opRR                          // rr: reroll until no longer matching
	opRO                          // ro: reroll once
	opRA                          // ra: reroll one and add
	opE                           // e, !: explode
	opMI                          // mi: minimum face
	opMA                          // ma: maximum face
	opC                           // c: count
	opCompound                    // !!: a matching die rolls again and adds to itself
	opPenetrate                   // !p: explode, each added die counting one less
	opCS                          // cs: critical success faces
	opCF                          // cf: critical failure faces
)

var opNames = [...]string{opK: "k", opP: "p", opRR: "rr", opRO: "ro", opRA: "ra", opE: "e", opMI: "mi", opMA: "ma", opC: "c",
	opCompound: "!!", opPenetrate: "!p", opCS: "cs", opCF: "cf"}

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
	selMax                     // the die's maximum face (`!`, `!!`, `!p` without a selector)
)

// spell records how an operator was written, where two spellings mean the same.
type spell uint8

const (
	spD    spell = 1 << iota // p written d: dh1, dl1, d1
	spBare                   // a bare number after k, p or d, read as h or l: k3 = kh3, d1 = dl1
	spEq                     // "=" written before the number: k=3
	spBang                   // e written "!" with a selector: !>=5, !5
	spR                      // rr written r: r1
	spLong                   // mi, ma written min, max
)

// dop is one operator with one selector. Consecutive dops of the same op
// (except mi/ma) form one operation whose selectors are a union: k=1k=2;
// brk starts a new operation (the keep/drop of a group after its term's own).
type dop struct {
	n   int
	pos uint16
	op  opKind
	sel selKind
	how spell
	brk bool
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
	own   uint16 // KindDice: its own operators, the first own of ops; those after it come from groups: (4d6)kh3
	kind  Kind
	die   dieKind
	op    byte  // Binary: + - * / %; Compare: a cmp code; Func: a fn code
	flags uint8 // nBare, nBrace
}

// node flags
const (
	nBare  uint8 = 1 << iota // KindDice: the count was left out ("d20"), and is printed so
	nBrace                   // KindGroup, KindSet: written with { } (Roll20's groups)
)

// Function codes (node.op for KindFunc).
const (
	fnFloor byte = iota + 1
	fnCeil
	fnRound
	fnAbs
)

var fnNames = [...]string{fnFloor: "floor", fnCeil: "ceil", fnRound: "round", fnAbs: "abs"}

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
	crit  int32   // 1 + index of the leftmost term when it bears critical markers (see finish), else 0
	isD20 bool    // the leftmost term is a d20 roll
	notes bool    // some operator records die history (rr, ro, mi, ma, !!, !p)
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
// selectors on k/p, c, !!, !p) are not d20 rolls.
func (e *Expr) IsD20() bool { return e.isD20 }

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
			n.flags &^= nBare
		}
	}
	d.finish()
	return d
}

// finish derives the facts Roll needs. The leftmost term bears critical
// markers (Result.Crit, Result.Natural) when it keeps exactly one die whatever
// the faces and is a d20 term, or has cs or cf.
func (e *Expr) finish() {
	dice := 0
	for i := range e.nodes {
		if n := &e.nodes[i]; n.kind == KindDice {
			dice += n.val
		}
	}
	e.ndice = int32(min(dice, math.MaxInt32))
	e.notes = false
	if e.x != nil {
		for _, d := range e.x.ops {
			switch d.op {
			case opRR, opRO, opMI, opMA, opCompound, opPenetrate:
				e.notes = true
			}
		}
	}
	e.crit, e.isD20 = 0, false
	t := e.leftmost()
	n := &e.nodes[t]
	if n.kind != KindDice || e.staticKept(n) != 1 {
		return
	}
	e.isD20 = n.die == dieStd && n.sides == 20
	if e.isD20 || hasOp(e.ops(n), opCS) || hasOp(e.ops(n), opCF) {
		e.crit = int32(t) + 1
	}
}

// leftmost returns the leftmost term: through comparisons, binary operators and groups.
func (e *Expr) leftmost() uint16 {
	t := e.root()
	for {
		n := &e.nodes[t]
		if n.kind != KindCompare && n.kind != KindBinary && n.kind != KindGroup {
			return t
		}
		t = n.a
	}
}

// hasOp reports whether ops has an operator op.
func hasOp(ops []dop, op opKind) bool {
	for _, d := range ops {
		if d.op == op {
			return true
		}
	}
	return false
}

// staticKept returns how many dice a dice term keeps whatever the faces, or -1.
func (e *Expr) staticKept(n *node) int {
	kept, ops := n.val, e.ops(n)
	for i := 0; i < len(ops); {
		j := opGroupEnd(ops, i)
		g := ops[i:j]
		i = j
		switch g[0].op {
		case opRR, opRO, opMI, opMA, opCS, opCF:
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
// mi and ma never merge: they apply one after another; an operator marked
// brk starts a run of its own.
func opGroupEnd(ops []dop, i int) int {
	j := i + 1
	if ops[i].op == opMI || ops[i].op == opMA {
		return j
	}
	for j < len(ops) && ops[j].op == ops[i].op && !ops[j].brk {
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
		b = openGroup(b, n)
		kids := e.kids(n)
		for j, k := range kids {
			if j > 0 {
				b = append(b, ',')
			}
			b = e.appendNode(b, k)
		}
		b = e.closeSet(b, n)
		b = appendOps(b, e.ops(n), false)
	case KindGroup:
		b = openGroup(b, n)
		b = e.appendNode(b, n.a)
		b = closeGroup(b, n)
		b = appendOps(b, e.ops(n), false)
	case KindFunc:
		b = append(b, fnNames[n.op]...)
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
		if e.glues(n.a, n.op) {
			b = append(b, ' ') // the input had whitespace here too
		}
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

// glues reports whether comparison op written right after the notation of
// node i would read as part of a dice term's operators: "1d6!=6" (explode
// on 6, refused as ambiguous), "1d6!>3" (explode on more than 3).
func (e *Expr) glues(i uint16, op byte) bool {
	for {
		n := &e.nodes[i]
		switch {
		case n.labN > 0:
			return false
		case n.kind == KindBinary:
			i = n.b
			continue
		case n.kind == KindNeg:
			i = n.a
			continue
		case n.kind != KindDice:
			return false
		}
		if op == cmpNE {
			return true
		}
		own := e.ownOps(n)
		if len(own) == 0 || op == cmpEQ {
			return false
		}
		last := own[len(own)-1]
		return last.sel == selMax // !, !! or !p without a selector
	}
}

// openGroup opens a group or set: "(" or, as written, "{".
func openGroup(b []byte, n *node) []byte {
	if n.flags&nBrace != 0 {
		return append(b, '{')
	}
	return append(b, '(')
}

func closeGroup(b []byte, n *node) []byte {
	if n.flags&nBrace != 0 {
		return append(b, '}')
	}
	return append(b, ')')
}

// closeSet closes a set: a set of one needs its comma, "(2,)", or it would
// read as a group; "(2)kh1" is a set already, but "(1d6,)kh1" needs it ("(1d6)kh1"
// keeps among the dice) and so does "{2,}kh1" ("{2}kh1" is refused).
func (e *Expr) closeSet(b []byte, n *node) []byte {
	if kids := e.kids(n); len(kids) == 1 && (n.opsN == 0 || n.flags&nBrace != 0 || e.isDiceGroup(kids[0])) {
		b = append(b, ',')
	}
	return closeGroup(b, n)
}

// isDiceGroup reports whether node i is a dice term, or groups around one.
func (e *Expr) isDiceGroup(i uint16) bool {
	for e.nodes[i].kind == KindGroup {
		i = e.nodes[i].a
	}
	return e.nodes[i].kind == KindDice
}

// appendDiceNotation appends NdS and the term's own operators, without
// labels; the count is left out where the input left it out, unless read is
// set, which also writes every operator as it was read (4d6k3 → 4d6kh3).
func (e *Expr) appendDiceNotation(b []byte, n *node, read bool) []byte {
	if read || n.flags&nBare == 0 {
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
	return appendOps(b, e.ownOps(n), read)
}

// ownOps returns the operators written directly after a dice term, without
// those of the groups around it.
func (e *Expr) ownOps(n *node) []dop { return e.ops(n)[:n.own] }

// appendOps appends operators as written or, when read is set, as read: a
// bare number after k, p or d gets its h or l (4d6k3 → 4d6kh3, 4d6d1 → 4d6dl1).
func appendOps(b []byte, ops []dop, read bool) []byte {
	for _, o := range ops {
		switch {
		case o.op == opE && o.sel == selMax:
			b = append(b, '!')
			continue
		case o.op == opE && o.how&spBang != 0:
			b = append(b, '!')
		case o.how&spD != 0:
			b = append(b, 'd')
		case o.how&spR != 0:
			b = append(b, 'r')
		case o.how&spLong != 0 && o.op == opMI:
			b = append(b, "min"...)
		case o.how&spLong != 0 && o.op == opMA:
			b = append(b, "max"...)
		default:
			b = append(b, opNames[o.op]...)
		}
		b = appendSel(b, o, read)
	}
	return b
}

// appendSel appends the selector of o.
func appendSel(b []byte, o dop, read bool) []byte {
	switch o.sel {
	case selMax:
		return b
	case selHigh, selLow:
		if read || o.how&spBare == 0 {
			b = append(b, "hl"[o.sel-selHigh])
		}
	case selEq:
		// k and p always say "=": a bare number after them is a count
		if o.how&spEq != 0 || o.op == opK || o.op == opP {
			b = append(b, '=')
		}
	case selGT:
		b = append(b, '>')
	case selLT:
		b = append(b, '<')
	case selGE:
		b = append(b, ">="...)
	case selLE:
		b = append(b, "<="...)
	}
	return strconv.AppendInt(b, int64(o.n), 10)
}
