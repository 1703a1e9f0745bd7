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

// Crit is the critical marker of a d20 roll (Expr.IsD20), or of a leftmost
// term with cs or cf that keeps one die.
type Crit int

// Crits.
const (
	CritNone    Crit = iota
	CritSuccess      // natural 20 on the kept d20 (or a face its cs matches)
	CritFailure      // natural 1 (or a face its cf matches)
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
	Sides      int   // sides of the die: 100 for d%, 0 for Fate dice (see Fate)
	Face       int   // the value that counts: after rerolls, compounding, the penetration penalty and mi/ma
	RawFace    int   // the face as rolled, before mi/ma and the penetration penalty; equals Face unless Clamped or Penetrated
	Rerolled   []int // faces replaced by rr/ro, oldest first; nil if never rerolled
	Parts      []int // a compounded die (!!): every face rolled into it, in order; Face is their sum (RawFace too)
	Fate       bool  // a Fate/Fudge die: faces -1, 0, +1
	Kept       bool  // false when k/p/kh/kl/dh/dl dropped it
	Exploded   bool  // it matched e/!/!p and added a die (the added die comes later in the same term)
	Penetrated bool  // added by !p: it counts one less than RawFace
	Clamped    bool  // mi/ma changed its value
	Counted    bool  // it is kept and matched the term's c selector
	Crit       bool  // Face is the die's minimum or maximum (1 or Sides; -1 or +1 for Fate), or matches the term's cf or cs
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

	dice   []die      // every die, term after term; a term's dice are contiguous
	aux    *resultAux // slots and notes; nil for a one-node roll without notes
	dieBuf [1]die     // storage for a one-die roll
}

// resultAux holds what a one-die roll does not need.
type resultAux struct {
	slots []slot // per node, by node index; nil for a one-node expression
	hist  []note // rerolled and raw faces and parts, linked per die
}

// A short roll's Result lives in one allocation with room for its slots (when
// it has more than one node), dice and notes; a long one allocates them apart.
// (Fewer bytes per roll mean fewer garbage collections.)
type (
	resultD4 struct { // one node, up to 4 dice, no notes: 4d6kh3
		Result
		diceBuf [4]die
	}
	resultD16 struct { // one node, up to 16 dice, no notes: 10d6e6
		Result
		diceBuf [16]die
	}
	resultN1D4 struct { // one node with notes, up to 4 dice: 4d6ro<3
		Result
		resultAux
		diceBuf [4]die
		histBuf [4]note
	}
	resultN1D16 struct { // one node with notes, up to 16 dice
		Result
		resultAux
		diceBuf [16]die
		histBuf [4]note
	}
	resultN4D4 struct { // up to 4 nodes and 4 dice: 1d20+5, 2d20kh1+7
		Result
		resultAux
		slotBuf [4]slot
		diceBuf [4]die
		histBuf [2]note
	}
	resultN4D16 struct { // up to 4 nodes and 16 dice: 8d6+3
		Result
		resultAux
		slotBuf [4]slot
		diceBuf [16]die
		histBuf [4]note
	}
	resultN8D4 struct { // up to 8 nodes and 4 dice: (1d4+1)*3
		Result
		resultAux
		slotBuf [8]slot
		diceBuf [4]die
		histBuf [2]note
	}
	resultN8D16 struct { // up to 8 nodes and 16 dice
		Result
		resultAux
		slotBuf [8]slot
		diceBuf [16]die
		histBuf [4]note
	}
)

// newResult returns a zero Result for e with its storage.
func (e *Expr) newResult() *Result {
	n, d := len(e.nodes), int(e.ndice)
	var res *Result
	var aux *resultAux
	switch {
	case n == 1 && d <= 1 && !e.notes:
		res = new(Result)
		res.dice = res.dieBuf[:0]
		return res
	case n == 1 && d <= 4 && !e.notes:
		c := new(resultD4)
		c.dice = c.diceBuf[:0]
		return &c.Result
	case n == 1 && d <= 16 && !e.notes:
		c := new(resultD16)
		c.dice = c.diceBuf[:0]
		return &c.Result
	case n == 1 && d <= 4:
		c := new(resultN1D4)
		c.dice, c.hist = c.diceBuf[:0], c.histBuf[:0]
		res, aux = &c.Result, &c.resultAux
	case n == 1 && d <= 16:
		c := new(resultN1D16)
		c.dice, c.hist = c.diceBuf[:0], c.histBuf[:0]
		res, aux = &c.Result, &c.resultAux
	case n <= 4 && d <= 4:
		c := new(resultN4D4)
		c.slots, c.dice, c.hist = c.slotBuf[:n], c.diceBuf[:0], c.histBuf[:0]
		res, aux = &c.Result, &c.resultAux
	case n <= 4 && d <= 16:
		c := new(resultN4D16)
		c.slots, c.dice, c.hist = c.slotBuf[:n], c.diceBuf[:0], c.histBuf[:0]
		res, aux = &c.Result, &c.resultAux
	case n <= 8 && d <= 4:
		c := new(resultN8D4)
		c.slots, c.dice, c.hist = c.slotBuf[:n], c.diceBuf[:0], c.histBuf[:0]
		res, aux = &c.Result, &c.resultAux
	case n <= 8 && d <= 16:
		c := new(resultN8D16)
		c.slots, c.dice, c.hist = c.slotBuf[:n], c.diceBuf[:0], c.histBuf[:0]
		res, aux = &c.Result, &c.resultAux
	default:
		res = new(Result)
		res.dice = make([]die, 0, min(d, MaxDice))
		if n == 1 {
			return res // notes allocate their aux when they come
		}
		aux = &resultAux{slots: make([]slot, n)}
	}
	res.aux = aux
	return res
}

// allSlots returns the slots of the roll (nil for a one-node expression).
func (r *Result) allSlots() []slot {
	if r.aux == nil {
		return nil
	}
	return r.aux.slots
}

// die is the compact form of a Die; the term it belongs to gives its sides.
type die struct {
	face  int32
	flags uint8
	_     uint8
	hist  uint16 // 1 + index in resultAux.hist of the die's latest note; 0 if none
}

// die flags
const (
	fKept uint8 = 1 << iota
	fExploded
	fClamped
	fCounted
	fCrit
	fCompound   // !! rolled more faces into it: its notes hold the parts
	fPenetrated // added by !p: face is one less than rolled
)

func (d *die) has(f uint8) bool { return d.flags&f != 0 }

// note is one piece of a die's history: a face replaced by a reroll, its
// face before mi/ma, or a part of a compounded die.
type note struct {
	face int32
	prev uint16 // 1 + index of the die's previous note; 0 if none
	kind uint8
}

// note kinds
const (
	noteReroll uint8 = iota // a face replaced by rr/ro
	noteRaw                 // the face before mi/ma
	notePart                // a face rolled into a compounded die
)

// slot returns the outcome of node i. A one-node expression keeps no slots:
// its node is the root, worth Total, with every die.
func (r *Result) slot(i uint16) slot {
	if r.aux == nil || r.aux.slots == nil {
		return slot{value: r.Total, hi: uint16(len(r.dice))}
	}
	return r.aux.slots[i]
}

// slot is the outcome of one node.
type slot struct {
	value   int
	lo, hi  uint16 // KindDice: its dice are dice[lo:hi]
	dropped bool   // a set element dropped by the set's k/p
}

// history returns the rerolled faces of d, oldest first, its raw face (the
// face as rolled, before mi/ma and the penetration penalty) and, for a
// compounded die, its parts (those since its last reroll).
func (r *Result) history(d die) (rerolled []int, raw int, parts []int) {
	raw = int(d.face)
	rawSeen, partsDone := false, false
	for h := d.hist; h != 0; h = r.aux.hist[h-1].prev {
		n := r.aux.hist[h-1]
		switch n.kind {
		case noteRaw:
			if !rawSeen && d.has(fClamped) {
				raw, rawSeen = int(n.face), true
			}
		case notePart:
			if !partsDone && d.has(fCompound) {
				parts = append(parts, int(n.face))
			}
		default:
			partsDone = true
			rerolled = append(rerolled, int(n.face))
		}
	}
	if d.has(fPenetrated) {
		raw++
	}
	slices.Reverse(rerolled)
	slices.Reverse(parts)
	return rerolled, raw, parts
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
		rr, raw, parts := r.history(d)
		out[i] = Die{Sides: sides, Face: int(d.face), RawFace: raw, Rerolled: rr, Parts: parts, Fate: fate,
			Kept: d.has(fKept), Exploded: d.has(fExploded), Penetrated: d.has(fPenetrated), Clamped: d.has(fClamped),
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
	res := e.newResult()
	if err := e.rollWith(res, r, nil); err != nil {
		return nil, err
	}
	return res, nil
}

// rollWith rolls into res: a zero Result from newResult, or one that rolled
// before and was reset by Result.reuse, whose memory it keeps (the
// Monte-Carlo estimate rolls thousands of times into one Result). sc, when
// not nil, is the selectors' working memory, kept from roll to roll too.
func (e *Expr) rollWith(res *Result, r Roller, sc *scratch) error {
	res.Expr = e
	if e.x != nil { // (stores of zero values would only cost write barriers)
		res.Labels, res.Comment = e.allLabels(), e.x.comment
	}
	if n := len(e.nodes); n > 1 && (res.aux == nil || len(res.aux.slots) != n) {
		res.fitSlots(n) // a Result newResult did not size for e
	}
	ev := evaluator{r: r, res: res, e: e, slots: res.allSlots(), sc: sc}
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
	if e.crit != 0 {
		t := uint16(e.crit - 1)
		s := res.slot(t)
		for _, d := range res.dice[s.lo:s.hi] {
			if d.has(fKept) {
				res.Natural = int(d.face)
			}
		}
		res.Crit = e.critOf(&e.nodes[t], res.Natural)
	}
	return nil
}

// critOf returns the critical marker of face f of term n: success on its
// maximum face or, with cs, on the faces cs matches; failure on its minimum
// or the faces cf matches. A face both matches is a success unless only cf
// was written.
func (e *Expr) critOf(n *node, f int) Crit {
	ops, mx := e.ops(n), maxFace(n)
	cs, cf := hasOp(ops, opCS), hasOp(ops, opCF)
	succ, fail := f == mx, f == minFace(n)
	if cs {
		succ = matchAny(ops, opCS, f, mx)
	}
	if cf {
		fail = matchAny(ops, opCF, f, mx)
	}
	switch {
	case succ && (!fail || cs || !cf):
		return CritSuccess
	case fail:
		return CritFailure
	}
	return CritNone
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
	slots []slot // res.aux.slots; nil for a one-node expression
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
	case KindFunc:
		return ev.function(i, n)
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
func (ev *evaluator) note(d *die, face int32, kind uint8) {
	if ev.res.aux == nil {
		ev.res.aux = new(resultAux)
	}
	aux := ev.res.aux
	aux.hist = append(aux.hist, note{face: face, prev: d.hist, kind: kind})
	d.hist = uint16(len(aux.hist))
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
	ops := ev.e.ops(n)
	if c := ev.fast; c != nil && mx > mn {
		v := c.fill(pool, mn, uint64(mx-mn)+1)
		if len(ops) == 0 { // the sum and the marks are done
			if ev.slots != nil {
				ev.slots[i] = slot{value: v, lo: uint16(lo), hi: uint16(len(res.dice))}
			}
			return v, nil
		}
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
	counting, marked := false, false // c, cs/cf
	for j := 0; j < len(ops); {
		k := opGroupEnd(ops, j)
		switch ops[j].op {
		case opC:
			counting = true
		case opCS, opCF:
			marked = true
		default:
			if err := ev.apply(n, ops[j:k], lo, mn, mx); err != nil {
				return 0, err
			}
		}
		j = k
	}
	v := 0
	pool = res.dice[lo:]
	span := mx - mn + 1
	for k := range pool {
		d := &pool[k]
		d.flags &^= fCrit // faces may have changed since they were rolled
		switch f := int(d.face) - mn; {
		case marked:
			if ev.e.critOf(n, int(d.face)) != CritNone {
				d.flags |= fCrit
			}
		case uint(f) < uint(span): // (a face clamped beyond the die's is not critical)
			d.flags |= critFlag(f, span)
		}
		switch {
		case !counting: // the kept faces, without a branch: k and p drop dice at random
			v += int(d.face) & -int(d.flags&fKept)
		case d.has(fKept) && matchAny(ops, opC, int(d.face), mx):
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
					ev.note(d, d.face, noteReroll)
					d.face = f
					d.flags &^= fClamped | fCompound | fPenetrated // a fresh face
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
				ev.note(d, d.face, noteReroll)
				d.face = f
				d.flags &^= fClamped | fCompound | fPenetrated // a fresh face
			}
		}
	case opE, opCompound, opPenetrate:
		return ev.explode(n, g, lo, mn, mx)
	case opMI, opMA:
		limit, isMin := g[0].n, g[0].op == opMI
		for k := lo; k < len(res.dice); k++ {
			d := &res.dice[k]
			f := int(d.face)
			if d.has(fKept) && ((isMin && f < limit) || (!isMin && f > limit)) {
				if !d.has(fClamped) {
					ev.note(d, d.face, noteRaw)
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
		var vb [smallPool]int
		var kb, mb [smallPool]bool
		vals, kept, mark := vb[:0], kb[:0], mb[:0]
		if len(kids) > smallPool {
			if ev.sc == nil {
				ev.sc = new(scratch)
			}
			vals, kept, mark = ev.sc.pool(len(kids))
		}
		for _, kid := range kids {
			vals = append(vals, ev.slots[kid].value)
			kept = append(kept, !ev.slots[kid].dropped)
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

// RollInto rolls the expression with r into res, reusing res's memory: res
// may be a zero Result or one an earlier RollInto or Roll filled (of any
// expression). Once res has grown to the expression's size, a roll allocates
// nothing (a bot rolls, renders and reuses; the Monte-Carlo estimate rolls
// thousands of times into one Result). The previous roll in res is
// overwritten: take what you need from it (Breakdown, Dice, MarshalJSON)
// first. On an error res holds no roll.
func (e *Expr) RollInto(res *Result, r Roller) error {
	res.reuse()
	if err := e.rollWith(res, r, nil); err != nil {
		res.reuse()
		return err
	}
	return nil
}
