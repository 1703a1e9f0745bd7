package dice

// ops parses the operators directly after a dice term (or a group or set:
// only k, p and d) into extra.ops and records them in n.
func (p *parser) ops(n *node, set bool) error {
	for p.i < len(p.s) {
		opPos := p.i
		next := byte(0)
		if p.i+1 < len(p.s) {
			next = lower(p.s[p.i+1])
		}
		var op opKind
		var how spell
		w := 1
		switch lower(p.s[p.i]) {
		case 'k':
			op = opK
		case 'p':
			op = opP
		case 'd':
			switch {
			case next == 0:
				return errAt(CodeMissingSelector, p.s, p.i+1, "Op", p.s[p.i:p.i+1])
			case next != 'h' && next != 'l' && next != '=' && next != '<' && next != '>' && !isDigit(next):
				return nil // not an operator: the caller decides
			}
			op, how = opP, spD
		case 'r':
			op, w = p.reroll(next)
			if w == 1 {
				how = spR
			}
		case 'm':
			switch next {
			case 'i':
				op = opMI
			case 'a':
				op = opMA
			default:
				return p.unexpected(p.i + 1)
			}
			w = 2
			if p.i+2 < len(p.s) && lower(p.s[p.i+2]) == "nx"[op-opMI] {
				w, how = 3, spLong
			}
		case 'e':
			op = opE
		case 'c':
			op = opC
			switch next {
			case 's':
				op, w = opCS, 2
			case 'f':
				op, w = opCF, 2
			}
		case '!':
			if set {
				if next == '=' {
					return nil // a comparison: (1d6)!=6
				}
				return errAt(CodeSetOperator, p.s, opPos, "Op", "!")
			}
			done, err := p.bang(n)
			if err != nil || done {
				return err
			}
			continue
		default:
			return nil
		}
		if set && op != opK && op != opP {
			return errAt(CodeSetOperator, p.s, opPos, "Op", p.s[opPos:opPos+w])
		}
		p.i += w
		d, err := p.selector(op, opPos)
		if err != nil {
			return err
		}
		d.how |= how
		p.addOp(n, d)
	}
	return nil
}

// reroll returns the reroll operator whose 'r' is at p.i and its width: rr,
// ro, ra, or a lone r (Roll20's spelling of rr).
func (p *parser) reroll(next byte) (opKind, int) {
	switch next {
	case 'r':
		return opRR, 2
	case 'o':
		return opRO, 2
	case 'a':
		return opRA, 2
	}
	return opRR, 1
}

// bang parses an operator that starts with '!' at p.i: ! (explode), !!
// (compound) or !p (penetrate), each with an optional value selector (the
// maximum face without one): !>=5, !!5, !p>4. done reports that what follows
// is a comparison ("1d6!==6"), which ends the operators. "!ph1" is ! and ph1;
// "!=" right after dice ("2d6!=5": rpg-dice-roller explodes on 5) and "!p"
// with a bare number ("4d6!p1") read two ways and are refused (CodeAmbiguous).
func (p *parser) bang(n *node) (done bool, err error) {
	opPos := p.i
	p.i++
	d := dop{op: opE, sel: selMax, pos: uint16(opPos), how: spBang}
	switch c := p.peek(0); {
	case c == '=' && p.peek(1) == '=':
		p.addOp(n, d)
		return true, nil
	case c == '=':
		// rpg-dice-roller's 2d6!=5 explodes on 5; here != compares
		return false, p.ambiguous(opPos, "!=", p.s[p.start:opPos]+"!", p.s[p.start:opPos]+" != ", opPos+2)
	case c == '!':
		p.i++
		d.op = opCompound
		if p.peek(0) == '=' && p.peek(1) != '=' {
			return false, p.ambiguous(opPos+1, "!=", p.s[p.start:opPos]+"!!", p.s[p.start:opPos+1]+" != ", opPos+3)
		}
	case lower(c) == 'p' && (lower(p.peek(1)) == 'h' || lower(p.peek(1)) == 'l'):
		// "!ph1": explode, then drop the highest (penetration takes no h/l)
	case lower(c) == 'p':
		p.i++
		d.op = opPenetrate
		if isDigit(p.peek(0)) { // !p5: penetrate on 5, or explode and drop the lowest 5?
			return false, p.ambiguous(opPos, "!p", p.s[p.start:opPos]+"!p=", p.s[p.start:opPos]+"!dl", p.i)
		}
	}
	switch c := p.peek(0); {
	case isDigit(c), c == '<', c == '>', c == '=' && p.peek(1) != '=':
		sel, err := p.selector(d.op, opPos)
		if err != nil {
			return false, err
		}
		d.sel, d.n, d.how = sel.sel, sel.n, d.how|sel.how
	}
	if d.op != opE {
		d.how &^= spBang
	}
	p.addOp(n, d)
	return false, nil
}

// peek returns the byte k after p.i, or 0 past the end.
func (p *parser) peek(k int) byte {
	if p.i+k < len(p.s) {
		return p.s[p.i+k]
	}
	return 0
}

// ambiguous refuses a spelling that reads two ways, naming both: first and
// second are each followed by the input from rest on.
func (p *parser) ambiguous(pos int, token, first, second string, rest int) error {
	tail := p.s[min(rest, len(p.s)):]
	return errAt(CodeAmbiguous, p.s, pos, "Token", token, "First", first+tail, "Second", second+tail)
}

// addOp appends an operator of n; a term's operators are contiguous.
func (p *parser) addOp(n *node, d dop) {
	x := p.extra()
	if n.opsN == 0 {
		n.opsLo = uint16(len(x.ops))
	}
	x.ops = append(x.ops, d)
	n.opsN++
}

const (
	allowedValue  = "N, =N, >N, <N, >=N, <=N"
	allowedNumber = "N"
)

// selector parses the selector of op (p.i is just after the operator's
// letters). After k and p (and d), a bare number counts dice: k3 keeps the
// highest three, p1 and d1 drop the lowest one; k=3 keeps the dice showing 3.
func (p *parser) selector(op opKind, opPos int) (dop, error) {
	d := dop{op: op, pos: uint16(opPos)}
	if p.i == len(p.s) {
		return d, errAt(CodeMissingSelector, p.s, p.i, "Op", p.s[opPos:p.i])
	}
	selPos := p.i
	switch c := p.s[p.i]; {
	case lower(c) == 'h':
		d.sel = selHigh
		p.i++
	case lower(c) == 'l':
		d.sel = selLow
		p.i++
	case c == '>' || c == '<':
		d.sel = selGT
		if c == '<' {
			d.sel = selLT
		}
		p.i++
		if p.i < len(p.s) && p.s[p.i] == '=' {
			d.sel += selGE - selGT // GT→GE, LT→LE
			p.i++
		}
	case c == '=':
		d.sel, d.how = selEq, spEq
		p.i++
	case isDigit(c):
		d.sel = selEq
	default:
		if err := p.spacedSelector(opPos, p.i); err != nil {
			return d, err // "4d6kh 3"
		}
		return d, errAt(CodeMissingSelector, p.s, p.i, "Op", p.s[opPos:p.i])
	}
	switch {
	case (op == opMI || op == opMA) && (d.sel != selEq || d.how&spEq != 0):
		return d, errAt(CodeBadSelector, p.s, selPos, "Op", p.s[opPos:selPos], "Allowed", allowedNumber)
	case (d.sel == selHigh || d.sel == selLow) && op != opK && op != opP && op != opRO && op != opRA:
		return d, errAt(CodeBadSelector, p.s, selPos, "Op", p.s[opPos:selPos], "Allowed", allowedValue)
	}
	if p.i == len(p.s) || !isDigit(p.s[p.i]) {
		if err := p.spacedSelector(opPos, p.i); err != nil {
			return d, err // "4d6kh 3"
		}
		return d, errAt(CodeMissingSelector, p.s, p.i, "Op", p.s[opPos:p.i])
	}
	numPos := p.i
	v, over := p.number()
	if over {
		return d, errAt(CodeNumberTooLarge, p.s, numPos)
	}
	d.n = v
	if d.sel == selEq && d.how&spEq == 0 && (op == opK || op == opP) {
		d.sel, d.how = selHigh, spBare // k3 = kh3
		if op == opP {
			d.sel = selLow // p1 = d1 = pl1
		}
	}
	return d, nil
}
