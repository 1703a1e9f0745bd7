package dice

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// Breakdown returns the markdown breakdown of the roll, notation and numbers
// only (see the package documentation for the format):
//
//	4d6kh3 (**6**, 2, 5, ~~**1**~~) = 13
//	2d6 (3, 4) + 1 = 8 >= 7
func (r *Result) Breakdown() string {
	var buf [256]byte
	return string(r.appendBreakdown(buf[:0], style{limit: -1}))
}

// BreakdownPlain returns the breakdown without markdown, for a terminal (as
// d20's SimpleStringifier): faces are not bold; a die that keep/drop dropped
// is followed by "d", a face a reroll replaced by "r", a counted die by "*";
// a dropped set element is followed by "d" too. Labels are not escaped.
//
//	4d6kh3 (6, 2, 5, 1d) = 13
//	4d6ro<3 (1r 4, 5, 2r 3, 6) = 18
func (r *Result) BreakdownPlain() string {
	var buf [256]byte
	return string(r.appendBreakdown(buf[:0], style{limit: -1, plain: true}))
}

// ellipsis marks dice left out of an abbreviated breakdown.
const ellipsis = "…"

// BreakdownN returns the breakdown in at most n bytes without losing the
// total: when the full breakdown is longer, each term shows only its first
// dice followed by "…" (as many as fit), then "… = total". If even the total
// does not fit, the total alone is returned, longer than n.
func (r *Result) BreakdownN(n int) string { return r.breakdownN(n, false) }

// BreakdownPlainN is BreakdownPlain in at most n bytes, as BreakdownN.
func (r *Result) BreakdownPlainN(n int) string { return r.breakdownN(n, true) }

func (r *Result) breakdownN(n int, plain bool) string {
	full := r.appendBreakdown(nil, style{limit: -1, plain: plain})
	if len(full) <= n {
		return string(full)
	}
	most := 0
	for i := range r.Expr.nodes {
		s := r.slot(uint16(i))
		most = max(most, int(s.hi)-int(s.lo))
	}
	// The largest per-term dice limit that fits (the length grows with it).
	var best []byte
	lo, hi := -1, most-1 // limit lo fits (-1: none found yet); limit most is the full breakdown
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if b := r.appendBreakdown(nil, style{limit: mid, plain: plain}); len(b) <= n {
			lo, best = mid, b
		} else {
			hi = mid - 1
		}
	}
	if best != nil {
		return string(best)
	}
	b := append([]byte(ellipsis), " = "...)
	b = strconv.AppendInt(b, int64(r.Total), 10)
	if root := &r.Expr.nodes[r.Expr.root()]; root.kind == KindCompare {
		b = append(b, ' ')
		b = append(b, cmpNames[root.op]...)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(r.slot(root.b).value), 10)
	}
	if len(b) <= n {
		return string(b)
	}
	return strconv.Itoa(r.Total)
}

// style is how a breakdown is written: each dice term shows at most limit
// dice (all when limit < 0); plain leaves markdown out.
type style struct {
	limit int
	plain bool
}

// appendBreakdown appends the breakdown.
func (r *Result) appendBreakdown(b []byte, st style) []byte {
	e := r.Expr
	root := e.root()
	n := &e.nodes[root]
	if n.kind != KindCompare {
		b = r.appendNode(b, root, st)
		b = append(b, " = "...)
		return strconv.AppendInt(b, int64(r.Total), 10)
	}
	b = r.appendNode(b, n.a, st)
	b = append(b, " = "...)
	b = strconv.AppendInt(b, int64(r.slot(n.a).value), 10)
	b = append(b, ' ')
	b = append(b, cmpNames[n.op]...)
	b = append(b, ' ')
	b = r.appendNode(b, n.b, st)
	if !e.isLiteral(n.b) {
		b = append(b, " = "...)
		b = strconv.AppendInt(b, int64(r.slot(n.b).value), 10)
	}
	return b
}

// isLiteral reports whether node i is a plain number (or a negated one) without labels.
func (e *Expr) isLiteral(i uint16) bool {
	n := &e.nodes[i]
	if n.kind == KindNeg {
		n = &e.nodes[n.a]
	}
	return n.kind == KindNumber && n.labN == 0
}

func (r *Result) appendNode(b []byte, i uint16, st style) []byte {
	e := r.Expr
	n := &e.nodes[i]
	switch n.kind {
	case KindNumber:
		b = strconv.AppendInt(b, int64(n.val), 10)
	case KindDice:
		b = e.appendDiceNotation(b, n, true)
		b = append(b, " ("...)
		s := r.slot(i)
		for j, d := range r.dice[s.lo:s.hi] {
			if j > 0 {
				b = append(b, ", "...)
			}
			if st.limit >= 0 && j >= st.limit {
				b = append(b, ellipsis...)
				break
			}
			b = r.appendDie(b, d, n, st.plain)
		}
		b = append(b, ')')
	case KindSet:
		b = openGroup(b, n)
		kids := e.kids(n)
		for j, k := range kids {
			if j > 0 {
				b = append(b, ", "...)
			}
			dropped := r.slot(k).dropped
			if dropped && !st.plain {
				b = append(b, "~~"...)
			}
			b = r.appendNode(b, k, st)
			if dropped {
				b = append(b, mark(st.plain, "~~", "d")...)
			}
		}
		b = e.closeSet(b, n)
		b = appendOps(b, e.ops(n), true)
	case KindGroup:
		b = openGroup(b, n)
		b = r.appendNode(b, n.a, st)
		b = closeGroup(b, n)
		b = appendOps(b, e.ops(n), true)
	case KindFunc:
		b = append(b, fnNames[n.op]...)
		b = append(b, '(')
		b = r.appendNode(b, n.a, st)
		b = append(b, ')')
	case KindNeg:
		b = append(b, '-')
		b = r.appendNode(b, n.a, st)
	case KindBinary:
		b = r.appendNode(b, n.a, st)
		b = append(b, ' ', n.op, ' ')
		b = r.appendNode(b, n.b, st)
	}
	for _, l := range e.labelsOf(n) {
		b = append(b, " ["...)
		if st.plain {
			b = append(b, l...)
		} else {
			b = appendEscaped(b, l)
		}
		b = append(b, ']')
	}
	return b
}

// mark returns the markdown mark md, or the plain one.
func mark(plain bool, md, p string) string {
	if plain {
		return p
	}
	return md
}

// appendEscaped appends label text with the markdown characters that could
// restyle the breakdown escaped.
func appendEscaped(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\', '*', '_', '~', '`', '|':
			b = append(b, '\\', c)
		default:
			b = append(b, c)
		}
	}
	return b
}

// appendDie appends one die of term n: replaced faces struck, then the face
// (bold at its minimum or maximum, "raw -> face" when clamped or penetrated,
// its parts joined by "+" when compounded, "!" when it exploded, underlined
// when counted), struck through when dropped. Plain, the marks are suffixes.
func (r *Result) appendDie(b []byte, d die, n *node, plain bool) []byte {
	fate := n.die == dieFate
	raw := int(d.face)
	var parts []int
	if d.hist != 0 || d.has(fPenetrated) {
		var rerolled []int
		rerolled, raw, parts = r.history(d)
		for _, f := range rerolled {
			if !plain {
				b = append(b, "~~"...)
			}
			b = appendFace(b, f, fate)
			b = append(b, mark(plain, "~~ ", "r ")...)
		}
	}
	if !plain && !d.has(fKept) {
		b = append(b, "~~"...)
	}
	if !plain && d.has(fCounted) {
		b = append(b, "__"...)
	}
	switch {
	case parts != nil:
		b = r.appendParts(b, parts, n, plain)
		if d.has(fClamped) {
			b = append(b, " -> "...)
			b = appendFace(b, int(d.face), fate)
		}
	default:
		if d.has(fClamped) || d.has(fPenetrated) {
			b = appendFace(b, raw, fate)
			b = append(b, " -> "...)
		}
		bold := !plain && d.has(fCrit)
		if bold {
			b = append(b, "**"...)
		}
		b = appendFace(b, int(d.face), fate)
		if bold {
			b = append(b, "**"...)
		}
	}
	if d.has(fExploded) {
		b = append(b, '!')
	}
	if d.has(fCounted) {
		b = append(b, mark(plain, "__", "*")...)
	}
	if !d.has(fKept) {
		b = append(b, mark(plain, "~~", "d")...)
	}
	return b
}

// appendParts appends the parts of a compounded die: "**6**!+**6**!+2".
func (r *Result) appendParts(b []byte, parts []int, n *node, plain bool) []byte {
	fate := n.die == dieFate
	for k, f := range parts {
		if k > 0 {
			b = append(b, '+')
		}
		bold := !plain && (f == minFace(n) || f == maxFace(n))
		if bold {
			b = append(b, "**"...)
		}
		b = appendFace(b, f, fate)
		if bold {
			b = append(b, "**"...)
		}
		if k < len(parts)-1 {
			b = append(b, '!')
		}
	}
	return b
}

// appendFace writes a face; Fate faces are signed: -1, 0, +1.
func appendFace(b []byte, f int, fate bool) []byte {
	if fate && f > 0 {
		b = append(b, '+')
	}
	return strconv.AppendInt(b, int64(f), 10)
}

type jsonDie struct {
	Sides      int   `json:"sides"`
	Fate       bool  `json:"fate,omitempty"`
	Face       int   `json:"face"`
	Kept       bool  `json:"kept"`
	Exploded   bool  `json:"exploded,omitempty"`
	Rerolled   []int `json:"rerolled,omitempty"`
	Parts      []int `json:"parts,omitempty"`
	Penetrated bool  `json:"penetrated,omitempty"`
	Clamped    bool  `json:"clamped,omitempty"`
	Raw        *int  `json:"raw,omitempty"` // only when clamped or penetrated
	Counted    bool  `json:"counted,omitempty"`
	Crit       bool  `json:"crit,omitempty"`
}

type jsonResult struct {
	Expr      string    `json:"expr"`
	Total     int       `json:"total"`
	Dice      []jsonDie `json:"dice"`
	Verdict   string    `json:"verdict,omitempty"`
	Crit      string    `json:"crit,omitempty"`
	Natural   int       `json:"natural,omitempty"`
	Labels    []string  `json:"labels,omitempty"`
	Comment   string    `json:"comment,omitempty"`
	Breakdown string    `json:"breakdown"`
}

// MarshalJSON encodes the result for --json and the HTTP transport:
//
//	{"expr":"4d6kh3","total":13,"dice":[{"sides":6,"face":6,"kept":true,"crit":true},...],
//	 "verdict":"success","crit":"success","natural":20,"labels":["fire"],"comment":"...","breakdown":"..."}
//
// verdict, crit, natural, labels and comment are left out when empty; a die's
// flags are left out when false, "parts" appears only for a compounded die
// (!!) and "raw" (the face as rolled) only for a clamped or penetrated die. The output does not escape <, > and & (an Encoder
// with SetEscapeHTML(false) passes them through; json.Marshal escapes them).
func (r *Result) MarshalJSON() ([]byte, error) {
	dice := r.Dice()
	j := jsonResult{
		Expr:      r.Expr.Notation(),
		Total:     r.Total,
		Dice:      make([]jsonDie, len(dice)),
		Verdict:   r.Verdict.String(),
		Crit:      r.Crit.String(),
		Natural:   r.Natural,
		Labels:    r.Labels,
		Comment:   r.Comment,
		Breakdown: r.Breakdown(),
	}
	for i, d := range dice {
		j.Dice[i] = jsonDie{Sides: d.Sides, Fate: d.Fate, Face: d.Face, Kept: d.Kept, Exploded: d.Exploded,
			Rerolled: d.Rerolled, Parts: d.Parts, Penetrated: d.Penetrated, Clamped: d.Clamped, Counted: d.Counted, Crit: d.Crit}
		if d.Clamped || d.Penetrated {
			j.Dice[i].Raw = &dice[i].RawFace
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // ">=" stays readable; json.Marshal callers still get it escaped
	if err := enc.Encode(j); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// Node is one node of a result tree (Result.Tree).
type Node struct {
	Kind     Kind
	Notation string   // canonical notation of the subtree, labels included: "4d6kh3[str]", "d20+5"
	Op       string   // KindBinary: + - * / %; KindCompare: >= > < <= == !=; KindFunc: floor, ceil, round, abs
	Value    int      // the node's value; for KindCompare, its left side's
	Dice     []Die    // KindDice: the term's dice
	Kids     []*Node  // KindBinary, KindCompare: left, right; KindGroup, KindNeg, KindFunc: inner; KindSet: elements
	Kept     bool     // false only for a set element dropped by its set's k/p
	Labels   []string // labels written after this term
}

// Tree returns the result tree: every term with its value and dice.
func (r *Result) Tree() *Node { return r.tree(r.Expr.root()) }

func (r *Result) tree(i uint16) *Node {
	e := r.Expr
	n := &e.nodes[i]
	s := r.slot(i)
	t := &Node{Kind: n.kind, Notation: string(e.appendNode(nil, i)), Value: s.value, Kept: !s.dropped, Labels: e.labelsOf(n)}
	switch n.kind {
	case KindDice:
		t.Dice = r.publicDice(n, r.dice[s.lo:s.hi])
	case KindSet:
		for _, k := range e.kids(n) {
			t.Kids = append(t.Kids, r.tree(k))
		}
	case KindGroup, KindNeg:
		t.Kids = []*Node{r.tree(n.a)}
	case KindFunc:
		t.Op = fnNames[n.op]
		t.Kids = []*Node{r.tree(n.a)}
	case KindBinary, KindCompare:
		t.Op = string(n.op)
		if n.kind == KindCompare {
			t.Op = cmpNames[n.op]
		}
		t.Kids = []*Node{r.tree(n.a), r.tree(n.b)}
	}
	return t
}

// Part is one additive part of a roll: 1d8[slashing] + 2d6[fire] - 1 has
// three parts, valued 1d8, 2d6 and -1. The values of the parts add up to the
// Total (of the left side, for a comparison); damage code uses the labels to
// apply resistances per damage type.
type Part struct {
	Notation string   // the part's notation, labels included
	Labels   []string // every label inside the part
	Value    int      // signed contribution to the total
}

// Parts splits the roll into its additive parts, left to right.
func (r *Result) Parts() []Part {
	e := r.Expr
	root := e.root()
	if n := &e.nodes[root]; n.kind == KindCompare {
		root = n.a
	}
	var parts []Part
	var split func(i uint16, neg bool)
	split = func(i uint16, neg bool) {
		n := &e.nodes[i]
		switch {
		case n.kind == KindBinary && (n.op == '+' || n.op == '-'):
			split(n.a, neg)
			split(n.b, neg != (n.op == '-'))
			return
		case n.kind == KindNeg:
			split(n.a, !neg)
			return
		}
		p := Part{Notation: string(e.appendNode(nil, i)), Value: r.slot(i).value}
		if neg {
			p.Value = -p.Value
		}
		p.Labels = e.labelsWithin(i)
		parts = append(parts, p)
	}
	split(root, false)
	return parts
}

// labelsWithin returns the labels of node i and its descendants, in source order.
func (e *Expr) labelsWithin(i uint16) []string {
	var out []string
	var walk func(i uint16)
	walk = func(i uint16) {
		n := &e.nodes[i]
		switch n.kind {
		case KindSet:
			for _, k := range e.kids(n) {
				walk(k)
			}
		case KindGroup, KindNeg, KindFunc:
			walk(n.a)
		case KindBinary, KindCompare:
			walk(n.a)
			walk(n.b)
		}
		out = append(out, e.labelsOf(n)...)
	}
	walk(i)
	return out
}
