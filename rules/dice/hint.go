package dice

import (
	"regexp"
	"strings"
)

// Near misses. The comment rule (the longest prefix that parses is the
// expression; what follows whitespace is the comment) would swallow notation
// written with a space in it: "2d20 kh1 + 5" would roll 2d20 with the comment
// "kh1 + 5". So text that looks like notation is refused with a hint:
//
//   - a word that is dice operators with their selectors ("kh1", "k3", "ro<3",
//     "!>=5", "min2"), or an operator and its selector as two words ("kh 3"):
//     CodeDidYouMean with the spelling that glues it to the expression
//     ("2d20kh1+5"), or CodeDetachedOperator when gluing does not parse
//     ("1d20+5 kh1": no dice before it);
//   - a word that is dice ("1d20 1d6"), when joining it parses: CodeDidYouMean
//     with "1d20+1d6" ("1 d20" → "1d20", "4d6 d1" → "4d6d1": dropping fewer
//     dice than the term has);
//   - Avrae's adv, dis and ea words, anywhere in the comment, outside a
//     /roll line (ParseLine takes them): CodeDidYouMean with "2d20kh1+5";
//   - whitespace inside a term where a selector or the sides belong
//     ("4d6kh 3", "1d 20", "(4d6 kh3)"): CodeDidYouMean.
//
// Words that merely begin like an operator stay comments: "kill", "dmg",
// "roll", "c3po", "e.g.", numbers ("1d20 5 goblins") and anything after
// the first word ("1d20 to hit, 2d6 on a hit").

var (
	opWordRE   = regexp.MustCompile(`(?i)^(?:[kpd][hl][0-9]+|(?:k|p|d|rr|ro|ra|r|e|cs|cf|c|min|mi|max|ma)(?:=|<=|>=|<|>)?[0-9]+|!(?:!|p)?(?:(?:=|<=|>=|<|>)?[0-9]+)?)+$`)
	diceWordRE = regexp.MustCompile(`(?i)^[0-9]*(?:d|` + hangulD + `)(?:[0-9]|%|f)`)
	selWordRE  = regexp.MustCompile(`(?i)^(?:[hl]|=|<=|>=|<|>)?[0-9]+$`)
	dropWordRE = regexp.MustCompile(`(?i)^d[0-9]+$`)
)

// bareOps are operators that, written as a word of their own, want the
// selector that follows as the next word: "kh 3".
var bareOps = []string{"kh", "kl", "ph", "pl", "dh", "dl", "rr", "ro", "ra", "cs", "cf", "mi", "ma", "min", "max"}

// isOpWord reports whether w is dice operators with their selectors. Bangs
// alone ("!", "!!!") are left to comments.
func isOpWord(w string) bool {
	return strings.Trim(w, "!") != "" && opWordRE.MatchString(w)
}

func isBareOp(w string) bool {
	for _, o := range bareOps {
		if strings.EqualFold(w, o) {
			return true
		}
	}
	return false
}

// wordAt returns the word at s[i]: up to whitespace or one of + - * / ( ) [ ] { } , ;
func wordAt(s string, i int) string {
	j := i
	for j < len(s) && spaceAt(s, j) == 0 && strings.IndexByte("+-*/()[]{},;", s[j]) < 0 {
		j++
	}
	return s[i:j]
}

// comment takes the text after the expression (p.i, after whitespace) as the
// comment, unless it looks like notation; adv/dis/ea words are taken out.
func (p *parser) comment() error {
	text := p.s[p.i:]
	if p.hints {
		if err := p.notationAfter(); err != nil {
			return err
		}
		var err error
		if text, err = p.takeModeWords(p.i); err != nil {
			return err
		}
	}
	p.extra().comment = strings.TrimSpace(text)
	return nil
}

// notationAfter refuses a comment whose first word looks like notation.
func (p *parser) notationAfter() error {
	q := p.i
	w := wordAt(p.s, q)
	switch {
	case w == "":
	case diceWordRE.MatchString(w):
		return p.diceWordHint(q, w)
	case isOpWord(w):
		return p.glueHint(q, w, p.s[:p.end]+p.s[q:], p.end+len(w))
	case isBareOp(w):
		r := skipSpace(p.s, q+len(w))
		if w2 := wordAt(p.s, r); r > q+len(w) && selWordRE.MatchString(w2) {
			t := p.s[:p.end] + w + p.s[r:]
			return p.glueHint(q, p.s[q:r+len(w2)], t, p.end+len(w)+len(w2))
		}
	}
	return nil
}

// glueHint refuses token at q: with the spelling t when t parses and its
// expression reaches at least end (the token is part of it), otherwise as
// an operator written apart from its dice.
func (p *parser) glueHint(q int, token, t string, end int) error {
	if e, exprEnd, ok := p.try(t); ok && exprEnd >= end {
		return errAt(CodeDidYouMean, p.s, q, "Token", token, "Hint", e.String())
	}
	return errAt(CodeDetachedOperator, p.s, q, "Token", token)
}

// diceWordHint refuses a dice word w at q after the expression when joining
// it parses: "1 d20" → 1d20, "4d6 d1" → 4d6d1, otherwise with "+". A word that
// does not join ("d20s") stays a comment.
func (p *parser) diceWordHint(q int, w string) error {
	t, end := p.s[:p.end]+"+"+p.s[q:], p.end+1+len(w)
	last := &p.e.nodes[p.e.rightmost()]
	if len(p.e.nodes) == 1 && last.kind == KindNumber && last.labN == 0 && !isDigit(w[0]) ||
		last.kind == KindDice && last.labN == 0 && dropWordRE.MatchString(w) && atoiSmall(w[1:]) < last.val {
		t, end = p.s[:p.end]+p.s[q:], p.end+len(w)
	}
	if e, exprEnd, ok := p.try(t); ok && exprEnd >= end {
		return errAt(CodeDidYouMean, p.s, q, "Token", w, "Hint", e.String())
	}
	return nil
}

// atoiSmall reads a run of digits, saturating at MaxDice+1.
func atoiSmall(s string) int {
	v := 0
	for i := 0; i < len(s) && isDigit(s[i]); i++ {
		v = min(v*10+int(s[i]-'0'), MaxDice+1)
	}
	return v
}

// spacedOperator refuses dice operators written after whitespace where the
// parser cannot go on ("(4d6 kh3)"), with a hint when gluing them parses.
func (p *parser) spacedOperator(i int) error {
	ws := spaceBefore(p.s, i)
	if !p.hints || ws == i {
		return nil
	}
	w := wordAt(p.s, i)
	if !isOpWord(w) {
		return nil
	}
	return p.glueHint(i, w, p.s[:ws]+p.s[i:], ws+len(w))
}

// spacedSelector gives a hint where whitespace separates an operator (or a
// 'd') at opPos from its selector (or sides) at i: "4d6kh 3", "1d 20".
func (p *parser) spacedSelector(opPos, i int) error {
	if !p.hints || i >= len(p.s) || spaceAt(p.s, i) == 0 {
		return nil
	}
	j := skipSpace(p.s, i)
	w := wordAt(p.s, j)
	if !selWordRE.MatchString(w) {
		return nil
	}
	if e, exprEnd, ok := p.try(p.s[:i] + p.s[j:]); ok && exprEnd >= i+len(w) {
		return errAt(CodeDidYouMean, p.s, i, "Token", p.s[opPos:j+len(w)], "Hint", e.String())
	}
	return nil
}

// try parses t (the input respelled) as p would, without hints, and returns
// the expression and where it ended.
func (p *parser) try(t string) (*Expr, int, bool) {
	e := new(Expr)
	q := parser{s: t, i: p.start, start: p.start, e: e, line: p.line}
	if q.top() != nil {
		return nil, 0, false
	}
	e.finish()
	return e, q.end, true
}

// rightmost returns the rightmost term: through comparisons, binary operators and minus signs.
func (e *Expr) rightmost() uint16 {
	t := e.root()
	for {
		switch n := &e.nodes[t]; n.kind {
		case KindCompare, KindBinary:
			t = n.b
		case KindNeg:
			t = n.a
		default:
			return t
		}
	}
}
