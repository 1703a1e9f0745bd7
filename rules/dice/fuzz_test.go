package dice

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// equalExpr reports whether a and b have the same AST and comment. Byte
// positions are not part of the AST: they belong to the text parsed.
func equalExpr(a, b *Expr) bool {
	if a.Comment() != b.Comment() || len(a.nodes) != len(b.nodes) {
		return false
	}
	for i := range a.nodes {
		x, y := a.nodes[i], b.nodes[i]
		x.pos, y.pos = 0, 0
		if x != y {
			return false
		}
		if !slices.EqualFunc(a.ops(&a.nodes[i]), b.ops(&b.nodes[i]), func(p, q dop) bool {
			p.pos, q.pos = 0, 0
			return p == q
		}) {
			return false
		}
		if !slices.Equal(a.labelsOf(&a.nodes[i]), b.labelsOf(&b.nodes[i])) {
			return false
		}
		if x.kind == KindSet && !slices.Equal(a.kids(&a.nodes[i]), b.kids(&b.nodes[i])) {
			return false
		}
	}
	return true
}

// checkRoundTrip asserts the canonical form parses back to an equal AST.
func checkRoundTrip(t *testing.T, src string, e *Expr) {
	t.Helper()
	s := e.String()
	if len(s) > len(src) {
		t.Fatalf("canonical form %q is longer than its source %q", s, src)
	}
	e2, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q) (canonical form of %q): %v", s, src, err)
	}
	if !equalExpr(e, e2) {
		t.Fatalf("Parse(%q) differs from the AST of %q", s, src)
	}
	if s2 := e2.String(); s2 != s {
		t.Fatalf("canonical form not stable: %q -> %q", s, s2)
	}
	if e.IsD20() != e2.IsD20() || e.MaxDice() != e2.MaxDice() {
		t.Fatalf("%q and %q differ in IsD20 or MaxDice", src, s)
	}
}

// checkParseError asserts err is a well-formed *Error for input s.
func checkParseError(t *testing.T, s string, err error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("Parse(%q): %v (%T), not *Error", s, err, err)
	}
	if !slices.Contains(Codes(), e.Code) {
		t.Fatalf("Parse(%q): unknown code %s", s, e.Code)
	}
	if e.Pos < -1 || e.Pos > len(s) {
		t.Fatalf("Parse(%q): Pos %d out of range", s, e.Pos)
	}
	if e.Pos >= 0 && e.Args["Pos"] != utf8.RuneCountInString(s[:e.Pos])+1 {
		t.Fatalf("Parse(%q): Args[Pos] %v for byte %d", s, e.Args["Pos"], e.Pos)
	}
}

func seedCorpus(f *testing.F) {
	for _, g := range goldens {
		f.Add(g.expr)
	}
	for _, b := range bads {
		if len(b.expr) <= 200 {
			f.Add(b.expr)
		}
	}
	for _, g := range goldens2 {
		f.Add(g.expr)
	}
	for _, b := range nearMisses {
		f.Add(b.expr)
	}
	for _, s := range []string{"(1d6,1d8)kh1", "4d6kh3[str] + 2 >= 12 for the door", "1d20 + (2)", "10d10c>=8ro1mi2",
		"(((1)))", "1d20 - -5", "d%!", "-(2d6,3)dl1", "1d6!!=6", "2d6rr<3ra>5e6ma5mi2c>3",
		"4d6!!kh3!p>=5cs6cf1", "{(4d6)k3, {2d8}d1}kh1", "round(abs(-7/2)*ceil(1d6/4))", "1d20+5 adv; 2d6 dis", "1d20 kh 3 ea"} {
		f.Add(s)
	}
}

// FuzzLine: ParseLine never panics, its errors are well-formed, and every
// roll it returns rolls consistently.
func FuzzLine(f *testing.F) {
	seedCorpus(f)
	f.Fuzz(func(t *testing.T, s string) {
		lines, err := ParseLine(s)
		if err != nil {
			checkParseError(t, s, err)
			return
		}
		if len(lines) == 0 || len(lines) > MaxRolls {
			t.Fatalf("ParseLine(%q): %d rolls", s, len(lines))
		}
		for _, l := range lines {
			if l.Mode != ModeNormal && !l.Expr.IsD20() {
				t.Fatalf("ParseLine(%q): mode %v on %q", s, l.Mode, l.Expr)
			}
			if res, err := l.Roll(NewSeeded(1)); err == nil {
				checkResult(t, res)
			} else {
				checkParseError(t, s, err)
			}
		}
	})
}

// FuzzParse: parsing never panics; errors are well-formed; whatever parses
// has a canonical form that parses back to an equal AST.
func FuzzParse(f *testing.F) {
	seedCorpus(f)
	f.Fuzz(func(t *testing.T, s string) {
		e, err := Parse(s)
		if err != nil {
			checkParseError(t, s, err)
			return
		}
		checkRoundTrip(t, s, e)
		if d := e.Doubled(); d.Notation() == "" || d.Comment() != e.Comment() {
			t.Fatalf("Doubled(%q) = %q", s, d)
		}
	})
}

// FuzzRoll: rolling never panics, and a result is consistent with itself;
// rolled into one reused Result and scratch (as the Monte-Carlo estimate
// rolls, failed rolls included), it is the fresh roll.
func FuzzRoll(f *testing.F) {
	seedCorpus(f)
	f.Fuzz(func(t *testing.T, s string) {
		e, err := Parse(s)
		if err != nil {
			return
		}
		reused, sc := e.newResult(), new(scratch)
		for seed := range uint64(3) {
			res, err := e.Roll(NewSeeded(seed))
			reused.reuse()
			again := e.rollWith(reused, NewSeeded(seed), sc)
			if (err == nil) != (again == nil) {
				t.Fatalf("%q seed %d: fresh roll %v, reused %v", s, seed, err, again)
			}
			if err != nil {
				var de *Error
				if !errors.As(err, &de) || !slices.Contains(Codes(), de.Code) {
					t.Fatalf("Roll(%q): %v", s, err)
				}
				continue
			}
			checkResult(t, res)
			if reused.Total != res.Total || reused.Breakdown() != res.Breakdown() {
				t.Fatalf("%q seed %d: reused %q, fresh %q", s, seed, reused.Breakdown(), res.Breakdown())
			}
		}
		if _, err := e.Doubled().Roll(NewSeeded(3)); err != nil {
			checkParseError(t, s, err)
		}
	})
}

// checkResult asserts the invariants every result keeps.
func checkResult(t *testing.T, res *Result) {
	t.Helper()
	src := res.Expr.String()
	full := res.Breakdown()
	total := " = " + itoa(res.Total)
	if res.Verdict == VerdictNone && !strings.HasSuffix(full, total) {
		t.Fatalf("%q: breakdown %q does not end with %q", src, full, total)
	}
	for _, n := range []int{0, 10, 40, 100, 2000} {
		short := res.BreakdownN(n)
		if len(short) > n && short != itoa(res.Total) {
			t.Fatalf("%q: BreakdownN(%d) = %q, %d bytes", src, n, short, len(short))
		}
		if !strings.Contains(short, itoa(res.Total)) {
			t.Fatalf("%q: BreakdownN(%d) = %q lost the total %d", src, n, short, res.Total)
		}
		if !utf8.ValidString(short) {
			t.Fatalf("%q: BreakdownN(%d) is not valid UTF-8", src, n)
		}
	}
	dice := res.Dice()
	draws := 0
	for _, d := range dice {
		draws += 1 + len(d.Rerolled)
		draws += max(0, len(d.Parts)-1) // a compounded die drew each of its parts
		lo, hi := 1, d.Sides
		if d.Fate {
			lo, hi = -1, 1
		}
		switch {
		case d.Parts != nil:
			sum := 0
			for k, p := range d.Parts {
				sum += p
				if k > 0 && (p < lo || p > hi) { // the first is the value it had (clamped, penetrated)
					t.Fatalf("%q: part %d of a %d..%d die", src, p, lo, hi)
				}
			}
			if !d.Clamped && (d.Face != sum || d.RawFace != sum) {
				t.Fatalf("%q: compounded die %+v", src, d)
			}
		case d.Penetrated && !d.Clamped && (d.Face != d.RawFace-1 || d.RawFace < lo || d.RawFace > hi):
			t.Fatalf("%q: penetrated die %+v", src, d)
		case !d.Clamped && !d.Penetrated && (d.Face < lo || d.Face > hi):
			t.Fatalf("%q: face %d of a %d..%d die", src, d.Face, lo, hi)
		}
		if marked := strings.Contains(src, "cs") || strings.Contains(src, "cf"); !marked && d.Crit != (d.Face == lo || d.Face == hi) {
			t.Fatalf("%q: die %+v has the wrong Crit", src, d)
		}
		if d.Counted && !d.Kept {
			t.Fatalf("%q: a dropped die was counted", src)
		}
	}
	if draws > MaxDice {
		t.Fatalf("%q: %d draws", src, draws)
	}
	if res.Verdict == VerdictNone {
		sum := 0
		for _, p := range res.Parts() {
			sum += p.Value
		}
		if sum != res.Total {
			t.Fatalf("%q: parts add up to %d, total %d", src, sum, res.Total)
		}
	}
	if tree := res.Tree(); tree.Value != res.Total {
		t.Fatalf("%q: tree value %d, total %d", src, tree.Value, res.Total)
	}
	if !res.Expr.IsD20() && res.Expr.crit == 0 && (res.Natural != 0 || res.Crit != CritNone) {
		t.Fatalf("%q: no critical markers, but Natural %d, Crit %v", src, res.Natural, res.Crit)
	}
	if plain := res.BreakdownPlain(); !strings.HasSuffix(plain, total) && res.Verdict == VerdictNone {
		t.Fatalf("%q: plain breakdown %q does not end with %q", src, plain, total)
	}
	b, err := json.Marshal(res)
	if err != nil || !json.Valid(b) {
		t.Fatalf("%q: MarshalJSON: %v", src, err)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
