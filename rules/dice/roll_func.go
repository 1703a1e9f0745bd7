package dice

import "math"

// Functions. Inside floor( ), ceil( ), round( ) and abs( ) the arithmetic is
// exact: + - * / % and minus work on fractions, and the function turns the
// fraction into a whole number: floor rounds down, ceil up, round to the
// nearest (halves away from zero), abs takes the absolute value and rounds
// down. floor(7/2) = 3, ceil(7/2) = 4, round(7/2) = 4, round(-7/2) = -4,
// floor(7/2 + 1/2) = 4 (where 7/2 + 1/2 = 3 outside a function). Dice,
// sets and inner functions are whole numbers; outside functions "/" rounds
// down as always. The value a node inside a function shows in Result.Tree
// is its fraction rounded down.

// frac is a fraction n/d, d > 0, in lowest terms.
type frac struct{ n, d int }

// function evaluates node i, a KindFunc.
func (ev *evaluator) function(i uint16, n *node) (int, error) {
	x, err := ev.exact(n.a)
	if err != nil {
		return 0, err
	}
	v, ok := x.apply(n.op)
	if !ok {
		return 0, ev.errAt(CodeOverflow, n.pos)
	}
	if ev.slots != nil {
		ev.slots[i].value = v
	}
	return v, nil
}

// exact evaluates node i as a fraction.
func (ev *evaluator) exact(i uint16) (frac, error) {
	n := &ev.e.nodes[i]
	var r frac
	switch n.kind {
	case KindNumber:
		r = frac{n.val, 1}
	case KindGroup:
		if n.opsN > 0 { // (4d6)kh3: dice
			v, err := ev.eval(i)
			return frac{v, 1}, err
		}
		x, err := ev.exact(n.a)
		if err != nil {
			return r, err
		}
		r = x
	case KindNeg:
		x, err := ev.exact(n.a)
		if err != nil {
			return r, err
		}
		if x.n == math.MinInt {
			return r, ev.errAt(CodeOverflow, n.pos)
		}
		r = frac{-x.n, x.d}
	case KindBinary:
		a, err := ev.exact(n.a)
		if err != nil {
			return r, err
		}
		b, err := ev.exact(n.b)
		if err != nil {
			return r, err
		}
		var code string
		if r, code = fracArith(n.op, a, b); code == CodeDivisionByZero {
			return r, ev.errAt(code, n.pos, "Op", string(n.op))
		} else if code != "" {
			return r, ev.errAt(code, n.pos)
		}
	default: // dice, sets, functions: whole numbers
		v, err := ev.eval(i)
		return frac{v, 1}, err
	}
	if ev.slots != nil {
		ev.slots[i].value, _ = r.apply(fnFloor)
	}
	return r, nil
}

// apply returns fn of r, a whole number; false on overflow.
func (r frac) apply(fn byte) (int, bool) {
	q, m := r.n/r.d, r.n%r.d // truncated toward zero; m has the sign of n
	switch fn {
	case fnFloor:
		if m < 0 {
			q--
		}
	case fnCeil:
		if m > 0 {
			q++
		}
	case fnRound:
		am := m
		if am < 0 {
			am = -am
		}
		if am >= r.d-am { // |m|/d ≥ 1/2
			if r.n < 0 {
				q--
			} else {
				q++
			}
		}
	case fnAbs:
		if q == math.MinInt {
			return 0, false
		}
		q = max(q, -q) // |n|/d rounded down is |trunc(n/d)|
	}
	return q, true
}

// fracArith applies a binary operator exactly; the code is "", CodeOverflow
// or CodeDivisionByZero. % is a - b·floor(a/b), the sign of the divisor.
func fracArith(op byte, a, b frac) (frac, string) {
	switch op {
	case '+', '-':
		if op == '-' {
			if b.n == math.MinInt {
				return frac{}, CodeOverflow
			}
			b.n = -b.n
		}
		g := gcdInt(a.d, b.d)
		l, c1 := arith('*', a.d/g, b.d)
		x, c2 := arith('*', a.n, l/a.d)
		y, c3 := arith('*', b.n, l/b.d)
		s, c4 := arith('+', x, y)
		if c1+c2+c3+c4 != "" {
			return frac{}, CodeOverflow
		}
		return norm(s, l)
	case '*':
		if a.n == math.MinInt || b.n == math.MinInt {
			if p, code := arith('*', a.n, b.n); code == "" && a.d == 1 && b.d == 1 {
				return frac{p, 1}, ""
			}
			return frac{}, CodeOverflow
		}
		g1, g2 := gcdInt(absInt(a.n), b.d), gcdInt(absInt(b.n), a.d)
		n, c1 := arith('*', a.n/g1, b.n/g2)
		d, c2 := arith('*', a.d/g2, b.d/g1)
		if c1+c2 != "" {
			return frac{}, CodeOverflow
		}
		return norm(n, d)
	case '/':
		if b.n == 0 {
			return frac{}, CodeDivisionByZero
		}
		inv := frac{b.d, b.n}
		if inv.d < 0 {
			if inv.d == math.MinInt {
				return frac{}, CodeOverflow
			}
			inv = frac{-inv.n, -inv.d}
		}
		return fracArith('*', a, inv)
	default: // '%'
		if b.n == 0 {
			return frac{}, CodeDivisionByZero
		}
		q, code := fracArith('/', a, b)
		if code != "" {
			return frac{}, code
		}
		f, _ := q.apply(fnFloor)
		bq, code := fracArith('*', b, frac{f, 1})
		if code != "" {
			return frac{}, code
		}
		return fracArith('-', a, bq)
	}
}

// norm reduces n/d, d > 0, to lowest terms.
func norm(n, d int) (frac, string) {
	if d == 1 {
		return frac{n, 1}, ""
	}
	if n == math.MinInt {
		return frac{}, CodeOverflow
	}
	if g := gcdInt(absInt(n), d); g > 1 {
		n, d = n/g, d/g
	}
	return frac{n, d}, ""
}

// gcdInt returns the greatest common divisor of a ≥ 0 and b > 0 (b if a is 0).
func gcdInt(a, b int) int {
	for a != 0 {
		a, b = b%a, a
	}
	return b
}
