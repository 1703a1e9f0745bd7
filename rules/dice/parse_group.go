package dice

import "strings"

// paren parses a group "(expr)" or a set "(a, b, ...)" with its operators;
// braces work alike ({4d6+3, 2d8}kh1: Roll20's groups). Keep/drop after a
// group around one dice term applies to that term's dice, as in d20:
// (4d6)kh3 = 4d6kh3. Another group followed by keep/drop is a set of one:
// (1d20+4)kh1; in braces that is refused (Roll20 would pool the dice).
func (p *parser) paren() (uint16, error) {
	open := p.i
	closer := byte(')')
	if p.s[open] == '{' {
		closer = '}'
	}
	if err := p.enter(open); err != nil {
		return 0, err
	}
	p.i++
	p.open++
	p.skipWS()
	first, err := p.sum()
	if err != nil {
		return 0, err
	}
	base := len(p.stack)
	p.stack = append(p.stack, first)
	set := false
	for {
		p.skipWS()
		if p.i == len(p.s) {
			return 0, errAt(CodeUnclosedParen, p.s, open, "Token", p.s[open:open+1])
		}
		c := p.s[p.i]
		if c == closer {
			p.i++
			break
		}
		if c != ',' {
			if _, w := cmpAt(p.s, p.i); w > 0 {
				return 0, errAt(CodeMisplacedComparison, p.s, p.i, "Op", p.s[p.i:p.i+w])
			}
			return 0, p.unexpected(p.i)
		}
		set = true
		p.i++
		p.skipWS()
		if p.i < len(p.s) && p.s[p.i] == closer {
			p.i++
			break
		}
		x, err := p.sum()
		if err != nil {
			return 0, err
		}
		p.stack = append(p.stack, x)
	}
	p.open--
	p.depth--
	n := node{kind: KindGroup, pos: uint16(open), a: first}
	if closer == '}' {
		n.flags = nBrace
	}
	if err := p.ops(&n, true); err != nil {
		return 0, err
	}
	if !set && n.opsN > 0 {
		if d, ok := p.diceWithin(first); ok {
			p.stack = p.stack[:base]
			p.giveOps(d, &n)
			return p.add(n), nil
		}
		if closer == '}' {
			return 0, errAt(CodeGroupPool, p.s, open)
		}
	}
	if set || n.opsN > 0 {
		x := p.extra()
		n.kind = KindSet
		n.a = uint16(len(x.kids))
		x.kids = append(x.kids, p.stack[base:]...)
		n.b = uint16(len(x.kids))
	}
	p.stack = p.stack[:base]
	return p.add(n), nil
}

// diceWithin returns the dice term that node i is, or that groups around.
func (p *parser) diceWithin(i uint16) (uint16, bool) {
	if !p.e.isDiceGroup(i) {
		return 0, false
	}
	for p.e.nodes[i].kind == KindGroup {
		i = p.e.nodes[i].a
	}
	return i, true
}

// giveOps makes the operators of group g apply to the dice of term d, after
// the term's own (and those of inner groups): d's operators are contiguous,
// and g's were parsed right after them. The first starts a new operation:
// (4d6kh3)kh2 keeps two of the three.
func (p *parser) giveOps(d uint16, g *node) {
	t := &p.e.nodes[d]
	if t.opsN == 0 {
		t.opsLo = g.opsLo
	}
	t.opsN += g.opsN
	p.e.x.ops[g.opsLo].brk = true
}

// funcAt returns the function whose name, directly followed by '(', starts
// at s[i] (floor, ceil, round, abs; any case), or 0.
func funcAt(s string, i int) byte {
	switch lower(s[i]) {
	case 'f', 'c', 'r', 'a':
	default:
		return 0
	}
	for fn := fnFloor; fn <= fnAbs; fn++ {
		name := fnNames[fn]
		if j := i + len(name); j < len(s) && s[j] == '(' && strings.EqualFold(s[i:j], name) {
			return fn
		}
	}
	return 0
}

// function parses floor(expr), ceil(expr), round(expr) or abs(expr).
func (p *parser) function() (uint16, error) {
	pos := p.i
	fn := funcAt(p.s, p.i)
	open := p.i + len(fnNames[fn])
	if err := p.enter(open); err != nil {
		return 0, err
	}
	p.i = open + 1
	p.open++
	p.skipWS()
	x, err := p.sum()
	if err != nil {
		return 0, err
	}
	p.skipWS()
	switch {
	case p.i == len(p.s):
		return 0, errAt(CodeUnclosedParen, p.s, open, "Token", "(")
	case p.s[p.i] != ')':
		if _, w := cmpAt(p.s, p.i); w > 0 {
			return 0, errAt(CodeMisplacedComparison, p.s, p.i, "Op", p.s[p.i:p.i+w])
		}
		return 0, p.unexpected(p.i)
	}
	p.i++
	p.open--
	p.depth--
	return p.add(node{kind: KindFunc, op: fn, pos: uint16(pos), a: x}), nil
}

// labels parses "[text]" labels after a term (whitespace may precede each).
func (p *parser) labels(n *node) error {
	for {
		j := skipSpace(p.s, p.i)
		if j == len(p.s) || p.s[j] != '[' {
			return nil
		}
		k := j + 1
		for k < len(p.s) && p.s[k] != ']' && p.s[k] != '[' {
			k++
		}
		if k == len(p.s) || p.s[k] == '[' {
			return errAt(CodeUnclosedLabel, p.s, j)
		}
		text := strings.TrimSpace(p.s[j+1 : k])
		if text == "" {
			return errAt(CodeEmptyLabel, p.s, j)
		}
		x := p.extra()
		if n.labN == 0 {
			n.labLo = uint16(len(x.labels))
		}
		x.labels = append(x.labels, text)
		n.labN++
		p.i = k + 1
	}
}
