package dice

import "strings"

// MaxRolls is the number of rolls one /roll line may hold ("1d20+5; 2d6+3").
const MaxRolls = 10

// Mode is how the first d20 of a /roll line is rolled: Avrae's adv, dis and
// ea words.
type Mode uint8

// Modes.
const (
	ModeNormal        Mode = iota
	ModeAdvantage          // adv: 1d20 rolls as 2d20kh1
	ModeDisadvantage       // dis: 1d20 rolls as 2d20kl1
	ModeElvenAccuracy      // ea: 1d20 rolls as 3d20kh1 (Avrae's elven accuracy)
)

var modeWords = [...]string{ModeAdvantage: "adv", ModeDisadvantage: "dis", ModeElvenAccuracy: "ea"}

// String returns the word that asks for the mode ("adv", "dis", "ea"), or "".
func (m Mode) String() string {
	if m == ModeNormal || int(m) >= len(modeWords) {
		return ""
	}
	return modeWords[m]
}

// Line is one roll of a /roll line.
type Line struct {
	Expr *Expr // the roll, its mode applied: "1d20+5 adv" is 2d20kh1+5
	Mode Mode  // the mode its adv/dis/ea word asked for
}

// ParseLine parses what a user types after /roll: one or more rolls
// separated by ";" (Dice Maiden, BCDice), each an expression (see Parse)
// whose comment may hold Avrae's adv, dis or ea as a word of its own, which
// rolls the leftmost 1d20 twice keeping the higher (dis: the lower; ea:
// three times keeping the highest) and leaves the comment:
//
//	"1d20+5 adv to hit; 2d6+3 fire" → 2d20kh1+5 (comment "to hit"), 2d6+3 (comment "fire")
//
// A ";" inside a label does not separate; empty rolls are skipped. Errors
// are *Error with positions in s: CodeEmpty when there is no roll,
// CodeTooManyRolls past MaxRolls, CodeModeConflict for two different
// words, CodeModeNeedsD20 when the roll does not start with a single d20.
func ParseLine(s string) ([]Line, error) {
	if len(s) > MaxLength {
		return nil, &Error{Code: CodeTooLong, Pos: -1, Args: map[string]any{"Limit": MaxLength, "Length": len(s)}}
	}
	if _, _, err := checkText(s, 0); err != nil {
		return nil, err
	}
	var out []Line
	for start := 0; start <= len(s); {
		end := rollEnd(s, start)
		if skipSpace(s, start) < end {
			if len(out) == MaxRolls {
				return nil, &Error{Code: CodeTooManyRolls, Pos: -1, Args: map[string]any{"Limit": MaxRolls}}
			}
			l, err := parseRoll(s[:end], start)
			if err != nil {
				return nil, err
			}
			out = append(out, l)
		}
		start = end + 1
	}
	if len(out) == 0 {
		return nil, &Error{Code: CodeEmpty, Pos: -1, Args: map[string]any{}}
	}
	return out, nil
}

// rollEnd returns the index of the ";" that ends the roll starting at
// start (outside labels), or len(s).
func rollEnd(s string, start int) int {
	label := false
	for i := start; i < len(s); i++ {
		switch s[i] {
		case '[':
			label = true
		case ']':
			label = false
		case ';':
			if !label {
				return i
			}
		}
	}
	return len(s)
}

// parseRoll parses the roll s[start:] of a line and applies its mode.
func parseRoll(s string, start int) (Line, error) {
	e := new(Expr)
	w, err := e.parse(s, start, true)
	if err != nil || w.mode == ModeNormal {
		return Line{Expr: e}, err
	}
	m, err := e.WithMode(w.mode)
	if err != nil {
		return Line{}, err
	}
	return Line{Expr: m, Mode: w.mode}, nil
}

// Roll rolls the line's expression with r.
func (l Line) Roll(r Roller) (*Result, error) { return l.Expr.Roll(r) }

// modeWord is an adv/dis/ea word found in a comment.
type modeWord struct {
	word string // as typed
	pos  int
	mode Mode
}

// takeModeWords finds the adv, dis and ea words (any case, whole words) in
// the comment starting at s[from] and returns the comment without them. Two
// different ones are refused (CodeModeConflict).
func (p *parser) takeModeWords(from int) (string, error) {
	var b strings.Builder
	for i := from; i < len(p.s); {
		j := i
		for j < len(p.s) && spaceAt(p.s, j) == 0 {
			j++
		}
		k := skipSpace(p.s, j)
		m := wordMode(p.s[i:j])
		switch {
		case m == ModeNormal:
			b.WriteString(p.s[i:k])
		case p.mode.word != "" && p.mode.mode != m:
			return "", errAt(CodeModeConflict, p.s, i, "Token", p.s[i:j], "First", p.mode.word)
		default:
			p.mode = modeWord{word: p.s[i:j], pos: i, mode: m}
		}
		i = k
	}
	return b.String(), nil
}

func wordMode(w string) Mode {
	for m, s := range modeWords {
		if s != "" && strings.EqualFold(w, s) {
			return Mode(m)
		}
	}
	return ModeNormal
}

// refuseMode refuses an adv/dis/ea word outside a /roll line, naming the
// notation that means it ("1d20+5 adv" → 2d20kh1+5).
func (p *parser) refuseMode() error {
	m, err := p.e.WithMode(p.mode.mode)
	if err != nil {
		return err
	}
	return errAt(CodeDidYouMean, p.s, p.mode.pos, "Token", p.mode.word, "Hint", m.String())
}

// WithMode returns a copy whose leftmost term, a single d20 (1d20 or d20;
// rerolls, mi/ma and cs/cf may follow it, keep and drop may not), rolls two
// dice keeping the higher (ModeAdvantage) or the lower (ModeDisadvantage),
// or three keeping the highest (ModeElvenAccuracy): 1d20ro1+5 → 2d20ro1kh1+5.
// Otherwise it fails with CodeModeNeedsD20 at that term. ModeNormal returns e.
func (e *Expr) WithMode(m Mode) (*Expr, error) {
	if m == ModeNormal {
		return e, nil
	}
	t := e.leftmost()
	n := &e.nodes[t]
	if n.kind != KindDice || n.die != dieStd || n.sides != 20 || n.val != 1 || !e.isD20 || hasOp(e.ops(n), opK) || hasOp(e.ops(n), opP) {
		return nil, e.errAt(CodeModeNeedsD20, n.pos, "Token", m.String())
	}
	d := &Expr{}
	d.nodes = append(d.buf[:0], e.nodes...)
	x := new(extra)
	if e.x != nil {
		*x = *e.x
	}
	at := n.opsLo + n.own
	if n.opsN == 0 {
		at = uint16(len(x.ops))
	}
	keep := dop{op: opK, sel: selHigh, n: 1, pos: n.pos}
	switch m {
	case ModeDisadvantage:
		keep.sel = selLow
	}
	x.ops = append(append(append(make([]dop, 0, len(x.ops)+1), x.ops[:at]...), keep), x.ops[at:]...)
	for i := range d.nodes {
		if o := &d.nodes[i]; o.opsN > 0 && o.opsLo >= at && uint16(i) != t {
			o.opsLo++
		}
	}
	o := &d.nodes[t]
	o.val, o.flags = 2, o.flags&^nBare
	if m == ModeElvenAccuracy {
		o.val = 3
	}
	if o.opsN == 0 {
		o.opsLo = at
	}
	o.opsN++
	o.own++
	d.x = x
	d.finish()
	return d, nil
}
