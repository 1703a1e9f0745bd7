package dice

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"
)

func mustParse(t *testing.T, s string) *Expr {
	t.Helper()
	e, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return e
}

func mustRoll(t *testing.T, s string, faces ...int) *Result {
	t.Helper()
	res, err := Roll(s, NewScripted(faces))
	if err != nil {
		t.Fatalf("Roll(%q, %v): %v", s, faces, err)
	}
	return res
}

func TestIsD20(t *testing.T) {
	tests := []struct {
		expr string
		want bool
	}{
		{"1d20", true}, {"d20+5", true}, {"2d20kh1", true}, {"2d20kl1+3", true}, {"2d20dl1", true},
		{"2d20dh1", true}, {"1d20ro1", true}, {"1d20rr1", true}, {"1d20mi10", true}, {"(1d20+5)*2", true},
		{"1d20+5>=15", true}, {"3d20kh1", true}, {"2d20kh1kh1", true}, {"3d20kh2dl1", true}, {"1D20 to hit", true},
		{"2d20", false}, {"1d20!", false}, {"1d20ra1", false}, {"2d20k>10", false}, {"1d20c>10", false},
		{"1d6+1d20", false}, {"-1d20", false}, {"d%", false}, {"1d12", false}, {"(1d20,1d20)kh1", false},
		{"2d20kh1kl1", false}, {"0d20", false}, {"5+1d20", false}, {"20", false},
	}
	for _, tt := range tests {
		if got := mustParse(t, tt.expr).IsD20(); got != tt.want {
			t.Errorf("IsD20(%q) = %v; want %v", tt.expr, got, tt.want)
		}
	}
}

func TestDoubledAndMaxDice(t *testing.T) {
	tests := []struct {
		expr, doubled string
		max           int
	}{
		{"1d8+2d6+3", "2d8+4d6+3", 20},
		{"1d8[slashing] + 2d6[fire] to the orc", "2d8[slashing]+4d6[fire] to the orc", 20},
		{"4d6kh3", "8d6kh3", 24},
		{"0d6+1", "0d6+1", 0},
		{"(1d6,1d8)kh1", "(2d6,2d8)kh1", 14},
		{"d%", "2d%", 100},
		{"4dF", "8dF", 4},
		{"2d20kh1", "4d20kh1", 40},
		{"5", "5", 0},
		{"1d20+5>=1d10", "2d20+5>=2d10", 30},
	}
	for _, tt := range tests {
		e := mustParse(t, tt.expr)
		before := e.String()
		d := e.Doubled()
		if got := d.String(); got != tt.doubled {
			t.Errorf("Doubled(%q) = %q; want %q", tt.expr, got, tt.doubled)
		}
		if e.String() != before {
			t.Errorf("Doubled changed %q to %q", before, e.String())
		}
		if got := e.MaxDice(); got != tt.max {
			t.Errorf("MaxDice(%q) = %d; want %d", tt.expr, got, tt.max)
		}
		if got := d.MaxDice(); got != 2*tt.max {
			t.Errorf("Doubled(%q).MaxDice() = %d; want %d", tt.expr, got, 2*tt.max)
		}
	}
	// A doubled d20 attack is no longer a d20 roll; rolling it uses twice the dice.
	d := mustParse(t, "1d20+5").Doubled()
	if d.IsD20() {
		t.Error("Doubled 1d20+5 is a d20 roll")
	}
	res, err := d.Roll(NewScripted([]int{3, 4}))
	if err != nil || res.Total != 12 || res.Breakdown() != "2d20 (3, 4) + 5 = 12" {
		t.Errorf("Doubled 1d20+5 rolled %v, %v", res, err)
	}
}

func TestCanonical(t *testing.T) {
	tests := []struct{ in, want string }{
		{"1d20 + 5", "1d20+5"},
		{"d20 + 5", "d20+5"},
		{"D20+1D6", "d20+1d6"},
		{"1D20KH1", "1d20kh1"},
		{"4d6dl1", "4d6dl1"},
		{"( 1d6 , d8 , )kh1", "(1d6,d8)kh1"},
		{"(1d6)kh1", "(1d6)kh1"},
		{"(2,)", "(2,)"},
		{"1d20 - -5", "1d20--5"},
		{"007", "7"},
		{"2d6 [ fire ]  [x]", "2d6[fire][x]"},
		{"1d20 >= 15 \u3000 to hit", "1d20>=15 to hit"},
		{"1d6! != 6", "1d6! !=6"}, // glued, "1d6!!=6" would be ambiguous
		{"(1d6)!=6", "(1d6)!=6"},
		{"1d6[x] != 6", "1d6[x]!=6"},
		{"d%% 3", "d%%3"},
		{"2dF", "2dF"},
		{"d6ro<2e6mi2ma5c>=3", "d6ro<2e6mi2ma5c>=3"},
	}
	for _, tt := range tests {
		if got := mustParse(t, tt.in).String(); got != tt.want {
			t.Errorf("String(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
	if got := mustParse(t, "1d20 + 5 to hit").Notation(); got != "1d20+5" {
		t.Errorf("Notation = %q", got)
	}
}

func TestJSON(t *testing.T) {
	tests := []struct {
		expr  string
		faces []int
		want  string
	}{
		{"4d6kh3", []int{6, 2, 5, 1}, `{"expr":"4d6kh3","total":13,"dice":[` +
			`{"sides":6,"face":6,"kept":true,"crit":true},{"sides":6,"face":2,"kept":true},` +
			`{"sides":6,"face":5,"kept":true},{"sides":6,"face":1,"kept":false,"crit":true}],` +
			`"breakdown":"4d6kh3 (**6**, 2, 5, ~~**1**~~) = 13"}`},
		{"1d20ro1[luck] + 1d4mi2 >= 10 vs goblin", []int{1, 20, 1}, `{"expr":"1d20ro1[luck]+1d4mi2\u003e=10","total":22,"dice":[` +
			`{"sides":20,"face":20,"kept":true,"rerolled":[1],"crit":true},{"sides":4,"face":2,"kept":true,"clamped":true,"raw":1}],` +
			`"verdict":"success","crit":"success","natural":20,"labels":["luck"],"comment":"vs goblin",` +
			`"breakdown":"1d20ro1 (~~1~~ **20**) [luck] + 1d4mi2 (1 -\u003e 2) = 22 \u003e= 10"}`},
		{"2dF!c1", []int{1, -1, 0}, `{"expr":"2dF!c1","total":1,"dice":[` +
			`{"sides":0,"fate":true,"face":1,"kept":true,"exploded":true,"counted":true,"crit":true},` +
			`{"sides":0,"fate":true,"face":-1,"kept":true,"crit":true},{"sides":0,"fate":true,"face":0,"kept":true}],` +
			`"breakdown":"2dF!c1 (__**+1**!__, **-1**, 0) = 1"}`},
		{"0d6", nil, `{"expr":"0d6","total":0,"dice":[],"breakdown":"0d6 () = 0"}`},
		{"1d20", []int{1}, `{"expr":"1d20","total":1,"dice":[{"sides":20,"face":1,"kept":true,"crit":true}],` +
			`"crit":"failure","natural":1,"breakdown":"1d20 (**1**) = 1"}`},
	}
	for _, tt := range tests {
		res := mustRoll(t, tt.expr, tt.faces...)
		b, err := json.Marshal(res) // escapes HTML characters, as json.Marshal does
		if err != nil || string(b) != tt.want {
			t.Errorf("JSON of %q:\n got %s, %v\nwant %s", tt.expr, b, err, tt.want)
		}
		var buf strings.Builder // an encoder that does not escape them gets them readable
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(res); err != nil || strings.Contains(buf.String(), `\u003e`) {
			t.Errorf("unescaped JSON of %q: %s, %v", tt.expr, buf.String(), err)
		}
	}
}

func TestLabelMarkdown(t *testing.T) {
	res := mustRoll(t, "1d6[a*b_c~~d`e|f\\g]", 3)
	if got, want := res.Breakdown(), "1d6 (3) [a\\*b\\_c\\~\\~d\\`e\\|f\\\\g] = 3"; got != want {
		t.Errorf("Breakdown = %s; want %s", got, want)
	}
	if got, want := res.Labels[0], "a*b_c~~d`e|f\\g"; got != want {
		t.Errorf("label %q; want %q (raw)", got, want)
	}
	if got, want := res.Expr.String(), "1d6[a*b_c~~d`e|f\\g]"; got != want {
		t.Errorf("String = %q; want %q (raw)", got, want)
	}
}

func TestDice(t *testing.T) {
	res := mustRoll(t, "3d6rr1rr2 + 1dF + d%mi50", 2, 1, 3, 1, 4, 5, -1, 10)
	want := []Die{
		{Sides: 6, Face: 4, RawFace: 4, Rerolled: []int{2, 1}, Kept: true},
		{Sides: 6, Face: 5, RawFace: 5, Rerolled: []int{1}, Kept: true},
		{Sides: 6, Face: 3, RawFace: 3, Kept: true},
		{Sides: 0, Fate: true, Face: -1, RawFace: -1, Kept: true, Crit: true},
		{Sides: 100, Face: 50, RawFace: 10, Kept: true, Clamped: true},
	}
	if got := res.Dice(); !slices.EqualFunc(got, want, dieEqual) {
		t.Errorf("Dice() =\n%+v\nwant\n%+v", got, want)
	}
	if res.Total != 4+5+3-1+50 {
		t.Errorf("total %d", res.Total)
	}
}

func TestParts(t *testing.T) {
	tests := []struct {
		expr  string
		faces []int
		want  []Part
	}{
		{"1d8[slashing] + 2d6[fire] - 1", []int{5, 3, 6}, []Part{
			{Notation: "1d8[slashing]", Labels: []string{"slashing"}, Value: 5},
			{Notation: "2d6[fire]", Labels: []string{"fire"}, Value: 9},
			{Notation: "1", Value: -1}}},
		{"10 - (2 - 1d4)", []int{3}, []Part{{Notation: "10", Value: 10}, {Notation: "(2-1d4)", Value: 1}}},
		{"-1d4[cold] + 2*1d6[fire] >= 3", []int{2, 5}, []Part{
			{Notation: "1d4[cold]", Labels: []string{"cold"}, Value: -2},
			{Notation: "2*1d6[fire]", Labels: []string{"fire"}, Value: 10}}},
		{"(1d8+3)[piercing]", []int{4}, []Part{{Notation: "(1d8+3)[piercing]", Labels: []string{"piercing"}, Value: 7}}},
	}
	for _, tt := range tests {
		got := mustRoll(t, tt.expr, tt.faces...).Parts()
		if !slices.EqualFunc(got, tt.want, func(a, b Part) bool {
			return a.Notation == b.Notation && a.Value == b.Value && slices.Equal(a.Labels, b.Labels)
		}) {
			t.Errorf("Parts(%q) = %+v; want %+v", tt.expr, got, tt.want)
		}
	}
}

func TestTree(t *testing.T) {
	tree := mustRoll(t, "(1d6, 5)kh1 + 2d4[fire] >= 9", 6, 1, 4).Tree()
	if tree.Kind != KindCompare || tree.Op != ">=" || tree.Value != 11 || len(tree.Kids) != 2 {
		t.Fatalf("root %+v", tree)
	}
	sum := tree.Kids[0]
	if sum.Kind != KindBinary || sum.Op != "+" || sum.Value != 11 || sum.Notation != "(1d6,5)kh1+2d4[fire]" {
		t.Fatalf("sum %+v", sum)
	}
	set, dice := sum.Kids[0], sum.Kids[1]
	if set.Kind != KindSet || set.Value != 6 || !set.Kids[0].Kept || set.Kids[1].Kept || set.Kids[1].Value != 5 {
		t.Errorf("set %+v / %+v / %+v", set, set.Kids[0], set.Kids[1])
	}
	if dice.Kind != KindDice || len(dice.Dice) != 2 || dice.Dice[1].Face != 4 || !slices.Equal(dice.Labels, []string{"fire"}) {
		t.Errorf("dice %+v", dice)
	}
	if rhs := tree.Kids[1]; rhs.Kind != KindNumber || rhs.Value != 9 {
		t.Errorf("rhs %+v", rhs)
	}
	if g := mustRoll(t, "-(2)").Tree(); g.Kind != KindNeg || g.Kids[0].Kind != KindGroup || g.Value != -2 {
		t.Errorf("-(2): %+v", g)
	}
}

func TestBreakdownN(t *testing.T) {
	res, err := Roll("100d6+3", NewSeeded(9))
	if err != nil {
		t.Fatal(err)
	}
	full := res.Breakdown()
	total := " = " + itoa(res.Total)
	if got := res.BreakdownN(len(full)); got != full {
		t.Errorf("BreakdownN(len) = %q; want the full breakdown", got)
	}
	short := res.BreakdownN(200)
	if len(short) > 200 || !strings.HasPrefix(short, "100d6 (") || !strings.HasSuffix(short, ", …) + 3"+total) {
		t.Errorf("BreakdownN(200) = %q (%d bytes)", short, len(short))
	}
	if got := res.BreakdownN(len(short) + 1); len(got) > len(short)+1 || len(got) < len(short) {
		t.Errorf("BreakdownN is not the longest fit: %q", got)
	}
	if got, want := res.BreakdownN(21), "100d6 (…) + 3"+total; got != want { // "…" is 3 bytes
		t.Errorf("BreakdownN(21) = %q; want %q", got, want)
	}
	if got, want := res.BreakdownN(12), "…"+total; got != want {
		t.Errorf("BreakdownN(12) = %q; want %q", got, want)
	}
	if got, want := res.BreakdownN(2), itoa(res.Total); got != want {
		t.Errorf("BreakdownN(2) = %q; want %q", got, want)
	}

	cmp, err := Roll("1000d6>=3000", NewSeeded(9))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{2000, 4096} {
		if got := cmp.BreakdownN(n); len(got) > n || !strings.HasSuffix(got, "= "+itoa(cmp.Total)+" >= 3000") {
			t.Errorf("BreakdownN(%d) of 1000d6>=3000: %d bytes, ends %q", n, len(got), got[max(0, len(got)-30):])
		}
	}
	if got, want := cmp.BreakdownN(18), "… = "+itoa(cmp.Total)+" >= 3000"; got != want {
		t.Errorf("BreakdownN(18) = %q; want %q", got, want)
	}
}

func TestSeededRoller(t *testing.T) {
	seq := func(r Roller) []int {
		var out []int
		for range 20 {
			f, err := r.Roll(1, 20)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, f)
		}
		return out
	}
	a, b, c := seq(NewSeeded(42)), seq(NewSeeded(42)), seq(NewSeeded(43))
	if !slices.Equal(a, b) || slices.Equal(a, c) {
		t.Fatalf("seeded sequences: %v %v %v", a, b, c)
	}
	// The seed keeps its meaning across releases (--seed in bug reports).
	if want := []int{3, 1, 14, 1, 20}; !slices.Equal(a[:5], want) {
		t.Errorf("NewSeeded(42) starts %v; was %v", a[:5], want)
	}
	// The engine's direct path draws exactly what Roll would.
	res, err := Roll("20d20", NewSeeded(42))
	if err != nil {
		t.Fatal(err)
	}
	var faces []int
	for _, d := range res.Dice() {
		faces = append(faces, d.Face)
	}
	if !slices.Equal(faces, a) {
		t.Errorf("Roll(20d20) drew %v; Roll(1, 20) draws %v", faces, a)
	}
	// ... whatever the bits left by the draws before, rejections included
	// (3·2^29 faces reject a quarter of the draws)
	for _, narrow := range []bool{false, true} {
		for _, n := range []uint64{6, 20, 1_000_000, 3 << 29} {
			for before := range 3 {
				a := &chacha{src: NewSeeded(7).(*chacha).src, narrow: narrow}
				b := &chacha{src: NewSeeded(7).(*chacha).src, narrow: narrow}
				var want []int
				for range before {
					a.Roll(0, 5)
					b.Roll(0, 5)
				}
				for range 41 {
					f, _ := a.Roll(1, int(n))
					want = append(want, f)
				}
				dst := make([]die, 41)
				sum := b.fill(dst, 1, n)
				got, total := make([]int, len(dst)), 0
				for k, d := range dst {
					got[k] = int(d.face)
					total += int(d.face)
				}
				fa, _ := a.Roll(0, 5) // and leaves the same bits for the next draw
				fb, _ := b.Roll(0, 5)
				want, got = append(want, fa), append(got, fb)
				if !slices.Equal(got, want) || sum != total {
					t.Errorf("narrow %v, %d faces after %d draws: fill drew %v (sum %d); Roll draws %v", narrow, n, before, got, sum, want)
				}
			}
		}
	}
	if x, y := seq(NewRoller()), seq(NewRoller()); slices.Equal(x, y) {
		t.Errorf("two production rollers drew the same 20 faces: %v", x)
	}
}

func TestRollerRanges(t *testing.T) {
	for _, r := range []Roller{NewRoller(), NewSeeded(1)} {
		seen := map[int]bool{}
		for range 3000 {
			f, err := r.Roll(-1, 1)
			if err != nil || f < -1 || f > 1 {
				t.Fatalf("Roll(-1, 1) = %d, %v", f, err)
			}
			seen[f] = true
		}
		if len(seen) != 3 {
			t.Errorf("Roll(-1, 1) showed only %v", seen)
		}
		if f, _ := r.Roll(5, 5); f != 5 {
			t.Errorf("Roll(5, 5) = %d", f)
		}
		if f, _ := r.Roll(6, 1); f != 6 {
			t.Errorf("Roll(6, 1) = %d; want min", f)
		}
		if _, err := r.Roll(math.MinInt, math.MaxInt); err != nil {
			t.Errorf("full range: %v", err)
		}
	}
}

// TestCritFlag: the branch-free critical mark is the lowest and the highest face.
func TestCritFlag(t *testing.T) {
	for _, n := range []int{2, 3, 6, 20, 1_000_000, 3 << 29} {
		for _, f := range []int{0, 1, 2, n / 2, n - 2, n - 1} {
			if f < 0 || f >= n {
				continue
			}
			want := uint8(0)
			if f == 0 || f == n-1 {
				want = fCrit
			}
			if got := critFlag(f, n); got != want {
				t.Errorf("critFlag(%d, %d) = %d; want %d", f, n, got, want)
			}
		}
	}
}
