package dice

import (
	"encoding/binary"
	"errors"
)

// eval returns the distribution of node i. Distinct nodes roll distinct dice,
// so the operands of every operator are independent.
func (c *dctx) eval(i uint16) (*pmf, error) {
	n := &c.e.nodes[i]
	switch n.kind {
	case KindNumber:
		return c.point(n.val), nil
	case KindDice:
		if ops := c.e.ops(n); hasOp(ops, opCompound) || hasOp(ops, opPenetrate) {
			return nil, errBudget // no exact rule for !! and !p: the seeded Monte-Carlo estimate
		}
		t, err := c.newTerm(n)
		if err != nil {
			return nil, err
		}
		p, err := t.dist()
		if errors.Is(err, errRange) {
			err = c.e.errAt(CodeOverflow, n.pos)
		}
		return p, err
	case KindSet:
		return c.set(n)
	case KindGroup:
		return c.eval(n.a)
	case KindFunc:
		return nil, errBudget // no exact rule for functions: the seeded Monte-Carlo estimate
	case KindNeg:
		p, err := c.eval(n.a)
		if err != nil {
			return nil, err
		}
		q, code, err := c.mapValues(p, func(v int) (int, string) { return arith('-', 0, v) })
		if code != "" {
			err = c.e.errAt(CodeOverflow, n.pos)
		}
		return q, err
	case KindBinary:
		a, err := c.eval(n.a)
		if err != nil {
			return nil, err
		}
		b, err := c.eval(n.b)
		if err != nil {
			return nil, err
		}
		var p *pmf
		code := ""
		switch {
		case n.op == '+' || n.op == '-':
			p, err = c.conv(a, b, n.op == '-')
		case b.size() == 1:
			bv := b.lo
			p, code, err = c.mapValues(a, func(v int) (int, string) { return arith(n.op, v, bv) })
			if err == nil && code == "" {
				p, err = c.scale(p, b.massScal())
			}
		case a.size() == 1:
			av := a.lo
			p, code, err = c.mapValues(b, func(v int) (int, string) { return arith(n.op, av, v) })
			if err == nil && code == "" {
				p, err = c.scale(p, a.massScal())
			}
		default:
			p, code, err = c.pairs(a, b, n.op)
		}
		switch {
		case errors.Is(err, errRange) || code == CodeOverflow:
			return nil, c.e.errAt(CodeOverflow, n.pos)
		case code == CodeDivisionByZero:
			return nil, c.e.errAt(code, n.pos, "Op", string(n.op))
		}
		return p, err
	}
	return nil, errBudget // a comparison below the root cannot be parsed
}

// setWeight is what one step of a set's walk costs, in states: a state
// copied, keyed and looked up; newStateWeight what a new state costs
// besides: its key and values stored, its index grown.
const (
	setWeight      = 64
	newStateWeight = 512
)

// set returns the distribution of a set: the sum of its kept elements.
func (c *dctx) set(n *node) (*pmf, error) {
	kids := c.e.kids(n)
	ps := make([]*pmf, len(kids))
	for k, kid := range kids {
		p, err := c.eval(kid)
		if err != nil {
			return nil, err
		}
		ps[k] = p
	}
	ops := c.e.ops(n)
	overflow := func(err error) error {
		if errors.Is(err, errRange) {
			return c.e.errAt(CodeOverflow, n.pos)
		}
		return err
	}
	if len(ops) == 0 {
		p := c.point(0)
		for _, q := range ps {
			var err error
			if p, err = c.conv(p, q, false); err != nil {
				return nil, overflow(err)
			}
		}
		return p, nil
	}
	// One k group of hN only (or lN only) needs the top N values (bottom N)
	// of the elements seen so far; anything else, all of them.
	top, bottom := 0, 0
	if j := opGroupEnd(ops, 0); j == len(ops) && ops[0].op == opK {
		h, l, other := 0, 0, false
		for _, d := range ops {
			switch d.sel {
			case selHigh:
				h = max(h, d.n)
			case selLow:
				l = max(l, d.n)
			default:
				other = true
			}
		}
		switch {
		case other:
		case l == 0:
			top = h
		case h == 0:
			bottom = l
		}
	}
	exact := true
	var den uint64 = 1
	for _, p := range ps {
		var ok bool
		if den, ok = mul64(den, p.den); !ok || !p.exact() {
			exact = false
		}
	}
	type state struct {
		vals []int // descending
		x    uint64
		f    float64
	}
	// states in the order they were first reached: float64 sums do not depend on map order
	states := []state{{x: 1, f: 1}}
	var kb []byte
	var buf, arena []int // the states' values, carved from one array at a time
	for _, p := range ps {
		steps := len(states) * p.nnz()
		if err := c.spend(setWeight * steps); err != nil {
			return nil, err
		}
		room := min(steps, 4*len(states)+64) // the index of the next states, and the states
		if err := c.take(10 * room); err != nil {
			return nil, err
		}
		idx := make(map[string]int, room)
		next := make([]state, 0, room)
		pf := p.floats()
		for _, s := range states {
			for i := range p.size() {
				if !p.nonzero(i) {
					continue
				}
				v := p.lo + i
				at := 0 // after the values ≥ v: descending
				for at < len(s.vals) && s.vals[at] >= v {
					at++
				}
				buf = append(append(append(buf[:0], s.vals[:at]...), v), s.vals[at:]...)
				vals := buf
				switch {
				case top > 0 && len(vals) > top:
					vals = vals[:top]
				case bottom > 0 && len(vals) > bottom:
					vals = vals[len(vals)-bottom:]
				}
				kb = kb[:0]
				for _, w := range vals {
					kb = binary.LittleEndian.AppendUint64(kb, uint64(w))
				}
				k, ok := idx[string(kb)]
				if !ok {
					// its values and key (a cell a value each), the state and its entry
					if err := c.spend(newStateWeight); err != nil {
						return nil, err
					}
					if err := c.take(2*len(vals) + 16); err != nil {
						return nil, err
					}
					k = len(next)
					idx[string(kb)] = k
					if cap(arena)-len(arena) < len(vals) {
						arena = make([]int, 0, max(1024, 2*cap(arena), len(vals)))
					}
					at := len(arena)
					arena = append(arena, vals...)
					next = append(next, state{vals: arena[at:len(arena):len(arena)]})
				}
				ns := &next[k]
				if exact {
					ns.x += s.x * p.x[i] // ≤ the product of the denominators
				}
				ns.f += s.f * pf[i]
			}
		}
		states = next
	}
	// the kept sum of every state
	type out struct {
		v int
		x uint64
		f float64
	}
	if err := c.take(3 * len(states)); err != nil {
		return nil, err
	}
	outs := make([]out, 0, len(states))
	lo, hi := 0, 0
	for _, s := range states {
		v := 0
		kept := make([]bool, len(s.vals))
		for k := range kept {
			kept[k] = true
		}
		if top == 0 && bottom == 0 {
			for j := 0; j < len(ops); {
				k := opGroupEnd(ops, j)
				mark := selectValues(s.vals, kept, ops[j:k], 0, make([]bool, len(s.vals)), nil)
				for m, x := range mark {
					if x != (ops[j].op == opK) {
						kept[m] = false
					}
				}
				j = k
			}
		}
		for k, x := range s.vals {
			if kept[k] {
				var code string
				if v, code = arith('+', v, x); code != "" {
					return nil, c.e.errAt(code, n.pos)
				}
			}
		}
		if len(outs) == 0 || v < lo {
			lo = v
		}
		if len(outs) == 0 || v > hi {
			hi = v
		}
		outs = append(outs, out{v, s.x, s.f})
	}
	span := uint64(hi) - uint64(lo)
	if span > uint64(c.budget) {
		return nil, c.spend(c.budget + 1)
	}
	if err := c.spend(int(span) + 1); err != nil {
		return nil, err
	}
	if err := c.take(2 * (int(span) + 1)); err != nil { // the sums and their reduction
		return nil, err
	}
	p := &pmf{lo: lo}
	if exact {
		p.den = den
		p.x = make([]uint64, span+1)
		for _, o := range outs {
			p.x[o.v-lo] += o.x
		}
		return p.trim().reduce(), nil
	}
	p.f = make([]float64, span+1)
	for _, o := range outs {
		p.f[o.v-lo] += o.f
	}
	return p.trim(), nil
}
