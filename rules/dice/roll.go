package dice

import (
	"math"
	"slices"
)

// Verdict is the judgement of a top-level comparison of totals (2d6+1>=7).
type Verdict int

// Verdicts.
const (
	VerdictNone    Verdict = iota // no comparison
	VerdictSuccess                // the comparison holds
	VerdictFailure                // it does not
)

// String returns "success", "failure" or "".
func (v Verdict) String() string {
	switch v {
	case VerdictSuccess:
		return "success"
	case VerdictFailure:
		return "failure"
	}
	return ""
}

// Crit is the critical marker of a d20 roll (Expr.IsD20).
type Crit int

// Crits.
const (
	CritNone    Crit = iota
	CritSuccess      // natural 20 on the kept d20
	CritFailure      // natural 1
)

// String returns "success", "failure" or "".
func (c Crit) String() string {
	switch c {
	case CritSuccess:
		return "success"
	case CritFailure:
		return "failure"
	}
	return ""
}

// Die is one die of a roll, as the breakdown shows it.
type Die struct {
	Sides    int   // sides of the die: 100 for d%, 0 for Fate dice (see Fate)
	Face     int   // the face that counts: after rerolls and mi/ma
	RawFace  int   // the face before mi/ma; equals Face unless Clamped
	Rerolled []int // faces replaced by rr/ro, oldest first; nil if never rerolled
	Fate     bool  // a Fate/Fudge die: faces -1, 0, +1
	Kept     bool  // false when k/p/kh/kl/dh/dl dropped it
	Exploded bool  // it matched e/! and added a die (the added die comes later in the same term)
	Clamped  bool  // mi/ma changed its face from RawFace to Face
	Counted  bool  // it is kept and matched the term's c selector
	Crit     bool  // Face is the die's minimum or maximum: 1 or Sides; -1 or +1 for Fate
}

// Result is a rolled expression: the total, the judgement and the result tree.
// A Result is not changed after Roll returns and is safe for concurrent reads.
type Result struct {
	Expr    *Expr
	Total   int      // the value; for a comparison, the value of its left side
	Verdict Verdict  // only for a top-level comparison of totals
	Crit    Crit     // only when Expr.IsD20()
	Natural int      // the kept d20's face when Expr.IsD20(), else 0
	Labels  []string // every label in the expression, in order (shared: do not modify)
	Comment string

	dice   []die       // every die, term after term; a term's dice are contiguous
	more   *resultMore // nil for a one-node expression that rerolls and clamps nothing
	dieBuf [1]die      // storage for a one-die roll
}

// resultMore holds what short rolls do not need.
type resultMore struct {
	slots   []slot // per node, by node index; nil for a one-node expression
	hist    []note // rerolled and raw faces, linked per die
	slotBuf [6]slot
}

// die is the compact form of a Die; the term it belongs to gives its sides.
type die struct {
	face  int32
	flags uint8
	_     uint8
	hist  uint16 // 1 + index in resultMore.hist of the die's latest note; 0 if none
}

// die flags
const (
	fKept uint8 = 1 << iota
	fExploded
	fClamped
	fCounted
	fCrit
)

func (d *die) has(f uint8) bool { return d.flags&f != 0 }

// note is one piece of a die's history: a face replaced by a reroll, or its
// face before mi/ma.
type note struct {
	face int32
	prev uint16 // 1 + index of the die's previous note; 0 if none
	raw  bool
}

// slot returns the outcome of node i. A one-node expression keeps no slots:
// its node is the root, worth Total, with every die.
func (r *Result) slot(i uint16) slot {
	if r.more == nil || r.more.slots == nil {
		return slot{value: r.Total, hi: uint16(len(r.dice))}
	}
	return r.more.slots[i]
}

// slot is the outcome of one node.
type slot struct {
	value   int
	lo, hi  uint16 // KindDice: its dice are dice[lo:hi]
	dropped bool   // a set element dropped by the set's k/p
}

// history returns the rerolled faces of d, oldest first, and its raw face
// (the face before mi/ma) when it is clamped.
func (r *Result) history(d die) (rerolled []int, raw int) {
	raw = int(d.face)
	rawSeen := false
	for h := d.hist; h != 0; h = r.more.hist[h-1].prev {
		n := r.more.hist[h-1]
		if n.raw {
			if !rawSeen && d.has(fClamped) {
				raw, rawSeen = int(n.face), true
			}
			continue
		}
		rerolled = append(rerolled, int(n.face))
	}
	for i, j := 0, len(rerolled)-1; i < j; i, j = i+1, j-1 {
		rerolled[i], rerolled[j] = rerolled[j], rerolled[i]
	}
	return rerolled, raw
}

// publicDice converts the dice of term n.
func (r *Result) publicDice(n *node, ds []die) []Die {
	out := make([]Die, len(ds))
	fate := n.die == dieFate
	sides := int(n.sides)
	if fate {
		sides = 0
	}
	for i, d := range ds {
		rr, raw := r.history(d)
		out[i] = Die{Sides: sides, Face: int(d.face), RawFace: raw, Rerolled: rr, Fate: fate,
			Kept: d.has(fKept), Exploded: d.has(fExploded), Clamped: d.has(fClamped),
			Counted: d.has(fCounted), Crit: d.has(fCrit)}
	}
	return out
}

// Dice returns every die in order: terms left to right, each term's dice in
// the order they were rolled (dice added by e/! and ra follow the term's
// original dice). Each call returns a new slice.
func (r *Result) Dice() []Die {
	out := make([]Die, 0, len(r.dice))
	for i := range r.Expr.nodes {
		if n := &r.Expr.nodes[i]; n.kind == KindDice {
			s := r.slot(uint16(i))
			out = append(out, r.publicDice(n, r.dice[s.lo:s.hi])...)
		}
	}
	return out
}

// Roll rolls the expression with r. Errors are *Error (CodeTooManyDice,
// CodeDivisionByZero, CodeOverflow, ...) or whatever r returns.
func (e *Expr) Roll(r Roller) (*Result, error) {
	res := new(Result)
	if err := e.rollInto(res, r); err != nil {
		return nil, err
	}
	return res, nil
}

// rollInto rolls into the zero Result res.
func (e *Expr) rollInto(res *Result, r Roller) error { return e.rollWith(res, r, nil) }

// rollWith rolls into res, a zero Result or one reset by Result.reuse (whose
// buffers it keeps); sc, when not nil, is the selectors' working memory.
func (e *Expr) rollWith(res *Result, r Roller, sc *scratch) error {
	res.Expr = e
	if e.x != nil { // (stores of zero values would only cost write barriers)
		res.Labels, res.Comment = e.allLabels(), e.x.comment
	}
	ev := evaluator{r: r, res: res, e: e, sc: sc}
	if n := len(e.nodes); n > 1 {
		if res.more == nil {
			res.more = new(resultMore)
		}
		if n <= len(res.more.slotBuf) {
			res.more.slots = res.more.slotBuf[:n]
		} else if cap(res.more.slots) < n {
			res.more.slots = make([]slot, n)
		}
		res.more.slots = res.more.slots[:n]
		clear(res.more.slots)
		ev.slots = res.more.slots
	}
	if e.ndice <= int32(len(res.dieBuf)) {
		res.dice = res.dieBuf[:0]
	} else if cap(res.dice) < min(int(e.ndice), MaxDice) {
		res.dice = make([]die, 0, min(int(e.ndice), MaxDice))
	}
	res.dice = res.dice[:0]
	if c, ok := r.(*chacha); ok {
		ev.fast = c
	}
	root := e.root()
	if n := &e.nodes[root]; n.kind == KindCompare {
		l, err := ev.eval(n.a)
		if err != nil {
			return err
		}
		rv, err := ev.eval(n.b)
		if err != nil {
			return err
		}
		res.Total = l
		ev.slots[root].value = l
		res.Verdict = VerdictFailure
		if compare(n.op, l, rv) {
			res.Verdict = VerdictSuccess
		}
	} else {
		t, err := ev.eval(root)
		if err != nil {
			return err
		}
		res.Total = t
	}
	if e.d20 != 0 {
		s := res.slot(uint16(e.d20 - 1))
		for _, d := range res.dice[s.lo:s.hi] {
			if d.has(fKept) {
				res.Natural = int(d.face)
			}
		}
		switch res.Natural {
		case 20:
			res.Crit = CritSuccess
		case 1:
			res.Crit = CritFailure
		}
	}
	return nil
}

func compare(op byte, a, b int) bool {
	switch op {
	case cmpGE:
		return a >= b
	case cmpGT:
		return a > b
	case cmpLE:
		return a <= b
	case cmpLT:
		return a < b
	case cmpEQ:
		return a == b
	}
	return a != b
}

type evaluator struct {
	r     Roller
	fast  *chacha // r, when it is the built-in roller: called without an interface
	res   *Result
	e     *Expr
	slots []slot // res.more.slots; nil for a one-node expression
	draws int    // faces drawn so far, rerolls and explosions included
	sc    *scratch
}

func (ev *evaluator) errAt(code string, pos uint16, kv ...any) error {
	return ev.e.errAt(code, pos, kv...)
}

func (ev *evaluator) eval(i uint16) (int, error) {
	n := &ev.e.nodes[i]
	var v int
	switch n.kind {
	case KindNumber:
		v = n.val
	case KindDice:
		return ev.diceTerm(i, n)
	case KindSet:
		return ev.set(i, n)
	case KindGroup:
		x, err := ev.eval(n.a)
		if err != nil {
			return 0, err
		}
		v = x
	case KindNeg:
		x, err := ev.eval(n.a)
		if err != nil {
			return 0, err
		}
		if x == math.MinInt {
			return 0, ev.errAt(CodeOverflow, n.pos)
		}
		v = -x
	case KindBinary:
		a, err := ev.eval(n.a)
		if err != nil {
			return 0, err
		}
		b, err := ev.eval(n.b)
		if err != nil {
			return 0, err
		}
		x, code := arith(n.op, a, b)
		switch code {
		case "":
		case CodeDivisionByZero:
			return 0, ev.errAt(code, n.pos, "Op", string(n.op))
		default:
			return 0, ev.errAt(code, n.pos)
		}
		v = x
	}
	if ev.slots != nil {
		ev.slots[i].value = v
	}
	return v, nil
}

// arith applies a binary operator with overflow checks; / rounds down and %
// takes the sign of the divisor (floored division, like Python's d20).
func arith(op byte, a, b int) (int, string) {
	switch op {
	case '+':
		s := a + b
		if (a > 0 && b > 0 && s < 0) || (a < 0 && b < 0 && s >= 0) {
			return 0, CodeOverflow
		}
		return s, ""
	case '-':
		s := a - b
		if (b < 0 && s < a) || (b > 0 && s > a) {
			return 0, CodeOverflow
		}
		return s, ""
	case '*':
		if a == 0 || b == 0 {
			return 0, ""
		}
		p := a * b
		if p/b != a || (a == -1 && b == math.MinInt) || (b == -1 && a == math.MinInt) {
			return 0, CodeOverflow
		}
		return p, ""
	case '/':
		if b == 0 {
			return 0, CodeDivisionByZero
		}
		if a == math.MinInt && b == -1 {
			return 0, CodeOverflow
		}
		q := a / b
		if a%b != 0 && (a < 0) != (b < 0) {
			q--
		}
		return q, ""
	default: // '%'
		if b == 0 {
			return 0, CodeDivisionByZero
		}
		if b == -1 {
			return 0, ""
		}
		m := a % b
		if m != 0 && (m < 0) != (b < 0) {
			m += b
		}
		return m, ""
	}
}

func (ev *evaluator) tooMany(n *node) error {
	return ev.errAt(CodeTooManyDice, n.pos, "Limit", MaxDice)
}

func outOfRange(f, lo, hi int) error {
	return &Error{Code: CodeForcedOutOfRange, Pos: -1, Args: map[string]any{"Face": f, "Min": lo, "Max": hi}}
}

// draw rolls one more face for term n (a reroll or an added die).
func (ev *evaluator) draw(n *node, lo, hi int) (int32, error) {
	if ev.draws >= MaxDice {
		return 0, ev.tooMany(n)
	}
	ev.draws++
	f, err := ev.r.Roll(lo, hi)
	if err != nil {
		return 0, err
	}
	if f < lo || f > hi {
		return 0, outOfRange(f, lo, hi)
	}
	return int32(f), nil
}

// note records a history entry for die d.
func (ev *evaluator) note(d *die, face int32, raw bool) {
	if ev.res.more == nil {
		ev.res.more = new(resultMore)
	}
	m := ev.res.more
	m.hist = append(m.hist, note{face: face, prev: d.hist, raw: raw})
	d.hist = uint16(len(m.hist))
}

func (ev *evaluator) diceTerm(i uint16, n *node) (int, error) {
	res := ev.res
	lo, count := len(res.dice), n.val
	if count > MaxDice-ev.draws {
		return 0, ev.tooMany(n)
	}
	mn, mx := minFace(n), maxFace(n)
	res.dice = slices.Grow(res.dice, count)[:lo+count]
	pool := res.dice[lo:]
	ev.draws += count
	if c := ev.fast; c != nil && mx > mn {
		c.fill(pool, mn, uint64(mx-mn)+1)
	} else {
		for k := range pool {
			f, err := ev.r.Roll(mn, mx)
			if err != nil {
				return 0, err
			}
			if f < mn || f > mx {
				return 0, outOfRange(f, mn, mx)
			}
			pool[k] = die{face: int32(f), flags: fKept}
		}
	}
	ops := ev.e.ops(n)
	counting := false
	for j := 0; j < len(ops); {
		k := opGroupEnd(ops, j)
		if ops[j].op == opC {
			counting = true
		} else if err := ev.apply(n, ops[j:k], lo, mn, mx); err != nil {
			return 0, err
		}
		j = k
	}
	v := 0
	pool = res.dice[lo:]
	lo32, hi32 := int32(mn), int32(mx)
	for k := range pool {
		d := &pool[k]
		if d.face == lo32 || d.face == hi32 {
			d.flags |= fCrit
		}
		if !d.has(fKept) {
			continue
		}
		if !counting {
			v += int(d.face)
		} else if matchAny(ops, opC, int(d.face), mx) {
			d.flags |= fCounted
			v++
		}
	}
	if ev.slots != nil {
		ev.slots[i] = slot{value: v, lo: uint16(lo), hi: uint16(len(res.dice))}
	}
	return v, nil
}

// matches reports whether a value selector matches face (mx: the die's maximum).
func matches(d dop, face, mx int) bool {
	switch d.sel {
	case selEq:
		return face == d.n
	case selGT:
		return face > d.n
	case selLT:
		return face < d.n
	case selGE:
		return face >= d.n
	case selLE:
		return face <= d.n
	case selMax:
		return face == mx
	}
	return false
}

// matchAny reports whether any selector of the ops of kind op matches face.
func matchAny(ops []dop, op opKind, face, mx int) bool {
	for _, d := range ops {
		if d.op == op && matches(d, face, mx) {
			return true
		}
	}
	return false
}

// smallPool is the pool size up to which selectors work in stack memory.
const smallPool = 16

// apply runs one operation (a run of the same operator, its selectors a union)
// on the dice of term n, which start at lo.
func (ev *evaluator) apply(n *node, g []dop, lo, mn, mx int) error {
	res := ev.res
	switch g[0].op {
	case opK, opP, opRO, opRA:
		var vb [smallPool]int
		var kb, mb [smallPool]bool
		cnt := len(res.dice) - lo
		vals, kept, mark := vb[:0], kb[:0], mb[:0]
		if cnt > smallPool {
			if ev.sc == nil {
				ev.sc = new(scratch)
			}
			vals, kept, mark = ev.sc.pool(cnt)
		}
		for _, d := range res.dice[lo:] {
			vals = append(vals, int(d.face))
			kept = append(kept, d.has(fKept))
		}
		mark = selectValues(vals, kept, g, mx, mark[:cnt], ev.sc)
		switch g[0].op {
		case opK, opP:
			keep := g[0].op == opK
			for k, m := range mark {
				if m != keep {
					res.dice[lo+k].flags &^= fKept
				}
			}
		case opRO:
			for k, m := range mark {
				if m {
					f, err := ev.draw(n, mn, mx)
					if err != nil {
						return err
					}
					d := &res.dice[lo+k]
					ev.note(d, d.face, false)
					d.face = f
					d.flags &^= fClamped
				}
			}
		case opRA:
			if slices.Contains(mark, true) {
				f, err := ev.draw(n, mn, mx)
				if err != nil {
					return err
				}
				res.dice = append(res.dice, die{face: f, flags: fKept})
			}
		}
	case opRR:
		for k := lo; k < len(res.dice); k++ {
			d := &res.dice[k]
			for d.has(fKept) && matchAny(g, opRR, int(d.face), mx) {
				f, err := ev.draw(n, mn, mx)
				if err != nil {
					return err
				}
				ev.note(d, d.face, false)
				d.face = f
				d.flags &^= fClamped
			}
		}
	case opE:
		for k := lo; k < len(res.dice); k++ {
			d := res.dice[k]
			if !d.has(fKept) || d.has(fExploded) || !matchAny(g, opE, int(d.face), mx) {
				continue
			}
			f, err := ev.draw(n, mn, mx)
			if err != nil {
				return err
			}
			res.dice[k].flags |= fExploded
			res.dice = append(res.dice, die{face: f, flags: fKept})
		}
	case opMI, opMA:
		limit, isMin := g[0].n, g[0].op == opMI
		for k := lo; k < len(res.dice); k++ {
			d := &res.dice[k]
			f := int(d.face)
			if d.has(fKept) && ((isMin && f < limit) || (!isMin && f > limit)) {
				if !d.has(fClamped) {
					ev.note(d, d.face, true)
				}
				d.face = int32(max(min(limit, math.MaxInt32), math.MinInt32))
				d.flags |= fClamped
			}
		}
	}
	return nil
}

// selectValues marks in mark, among the vals whose kept is true, those any
// selector of g matches, and returns mark. hN/lN rank values highest first,
// earlier first among equals, so that keeping the highest N and dropping the
// lowest count-N agree.
// sc, when not nil, lends its working memory.
func selectValues(vals []int, kept []bool, g []dop, mx int, mark []bool, sc *scratch) []bool {
	clear(mark)
	var ob [smallPool]int
	var order []int // kept indices, highest first; built when a hN/lN needs it
	for _, d := range g {
		if d.sel != selHigh && d.sel != selLow {
			for k, v := range vals {
				if kept[k] && matches(d, v, mx) {
					mark[k] = true
				}
			}
			continue
		}
		if order == nil {
			order = rank(vals, kept, ob[:0], sc)
		}
		c := min(d.n, len(order))
		if d.sel == selHigh {
			for _, k := range order[:c] {
				mark[k] = true
			}
		} else {
			for _, k := range order[len(order)-c:] {
				mark[k] = true
			}
		}
	}
	return mark
}

func (ev *evaluator) set(i uint16, n *node) (int, error) {
	kids := ev.e.kids(n)
	for _, k := range kids {
		if _, err := ev.eval(k); err != nil {
			return 0, err
		}
	}
	ops := ev.e.ops(n)
	for j := 0; j < len(ops); {
		k := opGroupEnd(ops, j)
		if ev.sc == nil {
			ev.sc = new(scratch)
		}
		vals, kept, mark := ev.sc.pool(len(kids))
		vals, kept = vals[:len(kids)], kept[:len(kids)]
		for m, kid := range kids {
			vals[m], kept[m] = ev.slots[kid].value, !ev.slots[kid].dropped
		}
		mark = selectValues(vals, kept, ops[j:k], 0, mark[:len(kids)], ev.sc)
		keep := ops[j].op == opK
		for m, x := range mark {
			if x != keep {
				ev.slots[kids[m]].dropped = true
			}
		}
		j = k
	}
	v := 0
	for _, k := range kids {
		s := ev.slots[k]
		if s.dropped {
			continue
		}
		x, code := arith('+', v, s.value)
		if code != "" {
			return 0, ev.errAt(code, n.pos)
		}
		v = x
	}
	ev.slots[i].value = v
	return v, nil
}
