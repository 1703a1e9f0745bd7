package dice

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"
)

const debugTimes = false

// The property tests compare Expr.Distribution with brute force: every
// sequence of faces, forced through the real roller (enumerate); or, for
// expressions too big for that, 10^5 seeded samples.

var errNeedFace = errors.New("enumerate: needs another face")

// probe replays forced faces; past them it records the range asked for and fails.
type probe struct {
	faces  []int
	next   int
	lo, hi int
}

func (p *probe) Roll(lo, hi int) (int, error) {
	if p.next < len(p.faces) {
		f := p.faces[p.next]
		p.next++
		return f, nil
	}
	p.lo, p.hi = lo, hi
	return 0, errNeedFace
}

// enumeration is the exact distribution found by brute force.
type enumeration struct {
	probs  map[int]*big.Rat // value → probability
	succ   *big.Rat         // P(success) for a comparison
	cut    *big.Rat         // sequences longer than the draw limit
	err    error            // the first *Error a sequence met (division by zero, ...)
	leaves int
}

// enumerate rolls e with every sequence of at most maxDraws faces, each
// sequence weighted by the product of 1/(faces of each die); it gives up
// (ok false) past maxRolls rolls.
func enumerate(e *Expr, maxDraws, maxRolls int) (en *enumeration, ok bool) {
	// Sequences are tallied per value and per denominator, summed at the end.
	type key struct {
		v   int
		den uint64
	}
	const cutKey, succKey = 1, 2
	tally := map[key]uint64{}
	special := map[key]uint64{}
	rolls := 0
	var walk func(prefix []int, den uint64) bool
	walk = func(prefix []int, den uint64) bool {
		if rolls++; rolls > maxRolls {
			return false
		}
		pr := &probe{faces: prefix}
		res, err := e.Roll(pr)
		switch {
		case errors.Is(err, errNeedFace):
			if len(prefix) >= maxDraws {
				special[key{cutKey, den}]++
				return true
			}
			n := uint64(pr.hi - pr.lo + 1)
			lo, hi := pr.lo, pr.hi
			for f := lo; f <= hi; f++ {
				if !walk(append(prefix[:len(prefix):len(prefix)], f), den*n) {
					return false
				}
			}
			return true
		case err != nil:
			if en.err == nil {
				en.err = err
			}
			return true
		}
		en.leaves++
		tally[key{res.Total, den}]++
		if res.Verdict == VerdictSuccess {
			special[key{succKey, den}]++
		}
		return true
	}
	en = &enumeration{probs: map[int]*big.Rat{}, succ: new(big.Rat), cut: new(big.Rat)}
	if !walk(nil, 1) {
		return en, false
	}
	frac := func(n, d uint64) *big.Rat {
		return new(big.Rat).SetFrac(new(big.Int).SetUint64(n), new(big.Int).SetUint64(d))
	}
	for k, n := range tally {
		r, ok := en.probs[k.v]
		if !ok {
			r = new(big.Rat)
			en.probs[k.v] = r
		}
		r.Add(r, frac(n, k.den))
	}
	for k, n := range special {
		if k.v == cutKey {
			en.cut.Add(en.cut, frac(n, k.den))
		} else {
			en.succ.Add(en.succ, frac(n, k.den))
		}
	}
	return en, true
}

// exprGen generates random expressions of the notation.
type exprGen struct {
	r     *rand.Rand
	dice  int // dice so far
	limit int // dice allowed
	per   int // dice per term, at most
	sides []int
}

var genSides = []int{1, 2, 3, 4, 6}

// term returns a random dice term with random operators.
func (g *exprGen) term() string {
	n := g.r.IntN(min(g.per, g.limit-g.dice) + 1)
	g.dice += n
	var b strings.Builder
	var sides int
	switch g.r.IntN(12) {
	case 0:
		fmt.Fprintf(&b, "%ddF", n)
		sides = 1 // selectors on -1..1
	default:
		sides = g.sides[g.r.IntN(len(g.sides))]
		fmt.Fprintf(&b, "%dd%d", n, sides)
	}
	face := func() int { return g.r.IntN(sides) + 1 }
	cnt := func() int { return g.r.IntN(n+1) + 1 }
	sel := func(value bool) string {
		k := g.r.IntN(7)
		if value {
			k = g.r.IntN(5)
		}
		switch k {
		case 0:
			return strconv.Itoa(face())
		case 1:
			return ">" + strconv.Itoa(face())
		case 2:
			return "<" + strconv.Itoa(face())
		case 3:
			return ">=" + strconv.Itoa(face())
		case 4:
			return "<=" + strconv.Itoa(face())
		case 5:
			return "h" + strconv.Itoa(cnt())
		}
		return "l" + strconv.Itoa(cnt())
	}
	ops := g.r.IntN(4)
	for j := range ops {
		switch g.r.IntN(12) {
		case 0, 1:
			b.WriteString("k" + sel(false))
		case 2:
			b.WriteString("p" + sel(false))
		case 3:
			if g.r.IntN(2) == 0 {
				b.WriteString("dl" + strconv.Itoa(cnt()))
			} else {
				b.WriteString("dh" + strconv.Itoa(cnt()))
			}
		case 4:
			b.WriteString("ro" + sel(g.r.IntN(3) > 0))
		case 5:
			b.WriteString("rr" + sel(true))
		case 6:
			b.WriteString("ra" + sel(g.r.IntN(2) > 0))
		case 7:
			if g.r.IntN(2) == 0 && j == ops-1 { // "!" then "!" or "p" would read as !! or !p
				b.WriteString("!")
			} else {
				b.WriteString("e" + sel(true))
			}
		case 8:
			b.WriteString("mi" + strconv.Itoa(face()+g.r.IntN(2)))
		case 9:
			b.WriteString("ma" + strconv.Itoa(face()-g.r.IntN(2)))
		case 10, 11:
			b.WriteString("c" + sel(true))
		}
	}
	return b.String()
}

// expr returns a random expression of the given depth.
func (g *exprGen) expr(depth int) string {
	if depth == 0 || g.dice >= g.limit {
		if g.dice < g.limit && g.r.IntN(4) > 0 {
			return g.term()
		}
		return strconv.Itoa(g.r.IntN(7))
	}
	switch g.r.IntN(9) {
	case 0, 1, 2:
		return g.expr(depth-1) + "+" + g.expr(depth-1)
	case 3:
		return g.expr(depth-1) + "-" + g.expr(depth-1)
	case 4:
		return "(" + g.expr(depth-1) + ")" + string("*/%"[g.r.IntN(3)]) + "(" + g.expr(depth-1) + ")"
	case 5:
		return "-" + g.term()
	case 6:
		sel := []string{"kh1", "kl1", "dl1", "k>3", "p<3", "kh2", "kh1kl1", "dh1dl1", "kh2dl1"}[g.r.IntN(9)]
		return "(" + g.expr(depth-1) + "," + g.expr(depth-1) + "," + g.expr(0) + ")" + sel
	}
	return g.term()
}

// TestDistributionEnumerated: for random small expressions, the exact
// distribution equals brute-force enumeration of every face sequence
// through the real roller — exactly, as fractions, when no sequence is
// unbounded; within the mass both sides cut off otherwise (rr, e, !).
func TestDistributionEnumerated(t *testing.T) {
	t.Parallel()
	n := 700
	if testing.Short() {
		n = 150
	}
	g := &exprGen{r: rand.New(rand.NewPCG(7, 11)), per: 3, sides: genSides}
	checked, exactly, skipped, estimated := 0, 0, 0, 0
	for range n {
		g.dice, g.limit = 0, 4
		s := g.expr(2)
		if g.r.IntN(4) == 0 {
			s += " " + []string{">=", ">", "<=", "<", "==", "!="}[g.r.IntN(6)] + " " + g.expr(1)
		}
		e, err := Parse(s)
		if err != nil {
			t.Fatalf("generated %q: %v", s, err)
		}
		var en *enumeration
		ok := false
		for _, extra := range []int{12, 6} {
			if en, ok = enumerate(e, int(e.ndice)+extra, 20_000); ok {
				break
			}
		}
		if !ok {
			skipped++
			continue
		}
		d, err := e.Distribution(DistOptions{ExplodeDepth: 16})
		if en.err != nil {
			if err == nil {
				t.Errorf("%q: Distribution succeeded; a roll fails with %v", s, en.err)
			} else if !errors.Is(err, en.err) {
				t.Errorf("%q: Distribution fails with %v; a roll with %v", s, err, en.err)
			}
			continue
		}
		if err != nil {
			if errors.Is(err, &Error{Code: CodeTooManyDice}) && en.cut.Sign() > 0 {
				continue // rerolls or explosions that match every face: no roll ever ends
			}
			t.Errorf("%q: %v", s, err)
			continue
		}
		checked++
		if !d.Exact() { // beyond the budget: the estimate agrees within its error
			estimated++
			cut, _ := en.cut.Float64()
			for v, r := range en.probs {
				p, _ := r.Float64()
				tol := 4*math.Sqrt(p*(1-p)/float64(d.Samples())) + 1e-3 + cut
				if got := d.Prob(v); math.Abs(got-p) > tol {
					t.Errorf("%q: estimated P(%d) = %g; enumeration %g", s, v, got, p)
				}
			}
			continue
		}
		if en.cut.Sign() == 0 && d.counts != nil && d.Leftover() == 0 {
			exactly++
			checkExactly(t, s, d, en)
			continue
		}
		cut, _ := en.cut.Float64()
		tol := cut + d.Leftover() + 1e-9
		for v, r := range en.probs {
			want, _ := r.Float64()
			if got := d.Prob(v); math.Abs(got-want) > tol {
				t.Errorf("%q: P(%d) = %g; enumeration %g (cut %g, leftover %g)", s, v, got, want, cut, d.Leftover())
			}
		}
		for _, v := range d.Values() {
			if _, ok := en.probs[v]; !ok && d.Prob(v) > tol {
				t.Errorf("%q: P(%d) = %g; enumeration never reaches %d", s, v, d.Prob(v), v)
			}
		}
		if p, _, ok := d.Success(); ok {
			want, _ := en.succ.Float64()
			if math.Abs(p-want) > tol {
				t.Errorf("%q: P(success) = %g; enumeration %g", s, p, want)
			}
		}
	}
	t.Logf("%d expressions checked (%d as exact fractions, %d estimated), %d skipped as too long to enumerate",
		checked, exactly, estimated, skipped)
	if checked < n/2 || exactly < n/4 || estimated > checked/50 {
		t.Errorf("too few checked: %d of %d (%d exactly)", checked, n, exactly)
	}
}

func checkExactly(t *testing.T, s string, d *Dist, en *enumeration) {
	t.Helper()
	for v, want := range en.probs {
		got := d.ratWhere(func(x int) bool { return x == v })
		if got.Cmp(want) != 0 {
			t.Errorf("%q: P(%d) = %s; enumeration %s", s, v, got.RatString(), want.RatString())
		}
	}
	for _, v := range d.Values() {
		if _, ok := en.probs[v]; !ok {
			t.Errorf("%q: P(%d) = %g; enumeration never reaches %d", s, v, d.Prob(v), v)
		}
	}
	if _, r, ok := d.Success(); ok {
		if d.succRat == nil || d.succRat.Cmp(en.succ) != 0 {
			t.Errorf("%q: P(success) = %v (%v); enumeration %s", s, d.succRat, r, en.succ.RatString())
		}
	}
}

// TestDistributionSampled: for random expressions too big to enumerate, the
// computed distribution agrees with 10^5 seeded samples of the real roller:
// every probability within 4σ + 10^-3.
func TestDistributionSampled(t *testing.T) {
	t.Parallel()
	n, samples := 40, 100_000
	if testing.Short() || raceEnabled {
		n, samples = 10, 20_000
	}
	g := &exprGen{r: rand.New(rand.NewPCG(3, 5)), per: 8, sides: []int{2, 4, 6, 8, 10, 12, 20}}
	checked := 0
	for i := 0; checked < n && i < 10*n; i++ {
		g.dice, g.limit = 0, 16
		s := g.expr(2)
		if g.r.IntN(3) == 0 {
			s += " " + []string{">=", ">", "<=", "<", "==", "!="}[g.r.IntN(6)] + " " + g.expr(1)
		}
		if g.dice < 6 {
			continue // small: the enumeration covers those
		}
		e, err := Parse(s)
		if err != nil {
			t.Fatalf("generated %q: %v", s, err)
		}
		t0 := time.Now()
		d, err := e.Distribution(DistOptions{})
		if errors.Is(err, &Error{Code: CodeTooManyDice}) || (err == nil && !d.Exact()) {
			continue // no roll ends, or beyond the budget
		}
		t1 := time.Now()
		est, err2 := e.Distribution(DistOptions{Budget: -1, Samples: samples, Seed: uint64(i)})
		if debugTimes {
			t.Logf("%-50s computed %v estimated %v", s, t1.Sub(t0), time.Since(t1))
		}
		if err != nil || err2 != nil {
			if (err == nil) != (err2 == nil) && !errors.Is(err2, &Error{Code: CodeTooManyDice}) {
				t.Errorf("%q: computed: %v; estimated: %v", s, err, err2)
			}
			continue
		}
		checked++
		within := func(what string, p, q float64) {
			sigma := math.Sqrt(p * (1 - p) / float64(samples))
			if math.Abs(p-q) > 4*sigma+1e-3+d.Leftover()+est.Leftover() {
				t.Errorf("%q: %s = %g computed, %g estimated (σ %g)", s, what, p, q, sigma)
			}
		}
		for _, v := range d.Values() {
			within(fmt.Sprintf("P(%d)", v), d.Prob(v), est.Prob(v))
		}
		for _, v := range est.Values() {
			if d.Prob(v) == 0 {
				within(fmt.Sprintf("P(%d)", v), 0, est.Prob(v))
			}
		}
		if p, _, ok := d.Success(); ok {
			q, _, _ := est.Success()
			within("P(success)", p, q)
		}
	}
	if checked < n {
		t.Errorf("only %d expressions checked", checked)
	}
}
