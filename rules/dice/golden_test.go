package dice

import (
	"slices"
	"testing"
)

// golden is one expression rolled with forced faces and everything a user sees of it.
type golden struct {
	expr      string
	faces     []int
	breakdown string
	total     int
	verdict   Verdict
	crit      Crit
	natural   int // the kept d20 when IsD20, else 0
	comment   string
	labels    []string
}

// goldens covers every row of the spec (shared/spec/dice-notation.md). Faces
// are forced in draw order: a term's dice, then its rerolls and explosions in
// the order the operators meet them.
var goldens = []golden{
	// §1 terms
	{expr: "7", breakdown: "7 = 7", total: 7},
	{expr: "-3", breakdown: "-3 = -3", total: -3},
	{expr: "1d20", faces: []int{13}, breakdown: "1d20 (13) = 13", total: 13, natural: 13},
	{expr: "d20", faces: []int{20}, breakdown: "1d20 (**20**) = 20", total: 20, crit: CritSuccess, natural: 20},
	{expr: "1d20", faces: []int{1}, breakdown: "1d20 (**1**) = 1", total: 1, crit: CritFailure, natural: 1},
	{expr: "D20", faces: []int{5}, breakdown: "1d20 (5) = 5", total: 5, natural: 5},
	{expr: "2d6", faces: []int{3, 4}, breakdown: "2d6 (3, 4) = 7", total: 7},
	{expr: "0d6", breakdown: "0d6 () = 0", total: 0},
	{expr: "1d1", faces: []int{1}, breakdown: "1d1 (**1**) = 1", total: 1},
	{expr: "1d1000000", faces: []int{1000000}, breakdown: "1d1000000 (**1000000**) = 1000000", total: 1000000},
	{expr: "d%", faces: []int{1}, breakdown: "1d% (**1**) = 1", total: 1},
	{expr: "d%", faces: []int{100}, breakdown: "1d% (**100**) = 100", total: 100},
	{expr: "d%", faces: []int{37}, breakdown: "1d% (37) = 37", total: 37},
	{expr: "2d%", faces: []int{50, 100}, breakdown: "2d% (50, **100**) = 150", total: 150},
	{expr: "4dF", faces: []int{-1, 0, 1, 1}, breakdown: "4dF (**-1**, 0, **+1**, **+1**) = 1", total: 1},
	{expr: "dF", faces: []int{0}, breakdown: "1dF (0) = 0", total: 0},
	{expr: "3df+2", faces: []int{1, 1, 1}, breakdown: "3dF (**+1**, **+1**, **+1**) + 2 = 5", total: 5},
	{expr: "  1d20  ", faces: []int{5}, breakdown: "1d20 (5) = 5", total: 5, natural: 5},

	// §3 arithmetic
	{expr: "1d20+5", faces: []int{12}, breakdown: "1d20 (12) + 5 = 17", total: 17, natural: 12},
	{expr: "1d20 + 5", faces: []int{12}, breakdown: "1d20 (12) + 5 = 17", total: 17, natural: 12},
	{expr: "2+3*4", breakdown: "2 + 3 * 4 = 14", total: 14},
	{expr: "(2+3)*4", breakdown: "(2 + 3) * 4 = 20", total: 20},
	{expr: "10-2-3", breakdown: "10 - 2 - 3 = 5", total: 5},
	{expr: "-7/2", breakdown: "-7 / 2 = -4", total: -4},
	{expr: "7/2", breakdown: "7 / 2 = 3", total: 3},
	{expr: "7/-2", breakdown: "7 / -2 = -4", total: -4},
	{expr: "-7%3", breakdown: "-7 % 3 = 2", total: 2},
	{expr: "7%-3", breakdown: "7 % -3 = -2", total: -2},
	{expr: "--3", breakdown: "--3 = 3", total: 3},
	{expr: "-(1d4+1)", faces: []int{3}, breakdown: "-(1d4 (3) + 1) = -4", total: -4},
	{expr: "(1d4+1)*3", faces: []int{2}, breakdown: "(1d4 (2) + 1) * 3 = 9", total: 9},
	{expr: "1d6*1d6", faces: []int{2, 3}, breakdown: "1d6 (2) * 1d6 (3) = 6", total: 6},
	{expr: "2d6-1d4", faces: []int{6, 6, 4}, breakdown: "2d6 (**6**, **6**) - 1d4 (**4**) = 8", total: 8},
	{expr: "1d6 * -1", faces: []int{3}, breakdown: "1d6 (3) * -1 = -3", total: -3},
	{expr: "1d6%2", faces: []int{5}, breakdown: "1d6 (5) % 2 = 1", total: 1},
	{expr: "1d%%7", faces: []int{50}, breakdown: "1d% (50) % 7 = 1", total: 1},
	{expr: "1d4+1d4+1d4", faces: []int{1, 2, 3}, breakdown: "1d4 (**1**) + 1d4 (2) + 1d4 (3) = 6", total: 6},

	// §2 keep and drop
	{expr: "4d6kh3", faces: []int{6, 2, 5, 1}, breakdown: "4d6kh3 (**6**, 2, 5, ~~**1**~~) = 13", total: 13},
	{expr: "4d6dl1", faces: []int{6, 2, 5, 1}, breakdown: "4d6dl1 (**6**, 2, 5, ~~**1**~~) = 13", total: 13},
	{expr: "4d6pl1", faces: []int{6, 2, 5, 1}, breakdown: "4d6pl1 (**6**, 2, 5, ~~**1**~~) = 13", total: 13},
	{expr: "4d6KH3", faces: []int{6, 2, 5, 1}, breakdown: "4d6kh3 (**6**, 2, 5, ~~**1**~~) = 13", total: 13},
	{expr: "4d6kh3", faces: []int{3, 3, 3, 3}, breakdown: "4d6kh3 (3, 3, 3, ~~3~~) = 9", total: 9},
	{expr: "4d6dl1", faces: []int{3, 3, 3, 3}, breakdown: "4d6dl1 (3, 3, 3, ~~3~~) = 9", total: 9},
	{expr: "4d6kl1", faces: []int{6, 2, 5, 1}, breakdown: "4d6kl1 (~~**6**~~, ~~2~~, ~~5~~, **1**) = 1", total: 1},
	{expr: "4d6dh1", faces: []int{6, 2, 5, 1}, breakdown: "4d6dh1 (~~**6**~~, 2, 5, **1**) = 8", total: 8},
	// the exact-face selector is written k=N (spec §10: a bare number counts dice)
	{expr: "6d6k=1k=2", faces: []int{1, 2, 3, 1, 6, 2}, breakdown: "6d6k=1k=2 (**1**, 2, ~~3~~, **1**, ~~**6**~~, 2) = 6", total: 6},
	{expr: "6d6k=1", faces: []int{1, 2, 3, 1, 6, 2}, breakdown: "6d6k=1 (**1**, ~~2~~, ~~3~~, **1**, ~~**6**~~, ~~2~~) = 2", total: 2},
	{expr: "6d6p=1p=6", faces: []int{1, 2, 3, 1, 6, 2}, breakdown: "6d6p=1p=6 (~~**1**~~, 2, 3, ~~**1**~~, ~~**6**~~, 2) = 7", total: 7},
	{expr: "5d10k>5", faces: []int{3, 7, 6, 10, 5}, breakdown: "5d10k>5 (~~3~~, 7, 6, **10**, ~~5~~) = 23", total: 23},
	{expr: "5d10k>=5", faces: []int{3, 7, 6, 10, 5}, breakdown: "5d10k>=5 (~~3~~, 7, 6, **10**, 5) = 28", total: 28},
	{expr: "5d10p<4", faces: []int{3, 7, 6, 10, 1}, breakdown: "5d10p<4 (~~3~~, 7, 6, **10**, ~~**1**~~) = 23", total: 23},
	{expr: "5d10k<=3", faces: []int{3, 7, 6, 10, 1}, breakdown: "5d10k<=3 (3, ~~7~~, ~~6~~, ~~**10**~~, **1**) = 4", total: 4},
	{expr: "4d6kh1kl1", faces: []int{4, 2, 6, 3}, breakdown: "4d6kh1kl1 (~~4~~, 2, **6**, ~~3~~) = 8", total: 8},
	{expr: "4d6kh3dl1", faces: []int{6, 2, 5, 1}, breakdown: "4d6kh3dl1 (**6**, ~~2~~, 5, ~~**1**~~) = 11", total: 11},
	{expr: "2d6kh3", faces: []int{1, 2}, breakdown: "2d6kh3 (**1**, 2) = 3", total: 3},
	{expr: "3d6kh0", faces: []int{1, 2, 3}, breakdown: "3d6kh0 (~~**1**~~, ~~2~~, ~~3~~) = 0", total: 0},

	// §5 critical markers: a kept natural 20 or 1 on a d20 roll
	{expr: "2d20kh1", faces: []int{20, 5}, breakdown: "2d20kh1 (**20**, ~~5~~) = 20", total: 20, crit: CritSuccess, natural: 20},
	{expr: "2d20kh1+5", faces: []int{20, 5}, breakdown: "2d20kh1 (**20**, ~~5~~) + 5 = 25", total: 25, crit: CritSuccess, natural: 20},
	{expr: "2d20kh1+5", faces: []int{5, 20}, breakdown: "2d20kh1 (~~5~~, **20**) + 5 = 25", total: 25, crit: CritSuccess, natural: 20},
	{expr: "2d20kl1+5", faces: []int{20, 5}, breakdown: "2d20kl1 (~~**20**~~, 5) + 5 = 10", total: 10, natural: 5},
	{expr: "2d20kh1", faces: []int{1, 1}, breakdown: "2d20kh1 (**1**, ~~**1**~~) = 1", total: 1, crit: CritFailure, natural: 1},
	{expr: "2d20dl1", faces: []int{7, 20}, breakdown: "2d20dl1 (~~7~~, **20**) = 20", total: 20, crit: CritSuccess, natural: 20},
	{expr: "1d20ro1", faces: []int{1, 20}, breakdown: "1d20ro1 (~~1~~ **20**) = 20", total: 20, crit: CritSuccess, natural: 20},
	{expr: "1d20kh1", faces: []int{8}, breakdown: "1d20kh1 (8) = 8", total: 8, natural: 8},
	{expr: "3d20kh1", faces: []int{2, 20, 9}, breakdown: "3d20kh1 (~~2~~, **20**, ~~9~~) = 20", total: 20, crit: CritSuccess, natural: 20},
	{expr: "1d6+1d20", faces: []int{6, 20}, breakdown: "1d6 (**6**) + 1d20 (**20**) = 26", total: 26},

	// §2 explode
	{expr: "3d6!", faces: []int{6, 2, 6, 3, 1}, breakdown: "3d6! (**6**!, 2, **6**!, 3, **1**) = 18", total: 18},
	{expr: "3d6e6", faces: []int{6, 2, 6, 3, 1}, breakdown: "3d6e6 (**6**!, 2, **6**!, 3, **1**) = 18", total: 18},
	{expr: "1d6!", faces: []int{6, 6, 2}, breakdown: "1d6! (**6**!, **6**!, 2) = 14", total: 14},
	{expr: "2d10e>=9", faces: []int{9, 3, 10, 4}, breakdown: "2d10e>=9 (9!, 3, **10**!, 4) = 26", total: 26},
	{expr: "1d6!e1", faces: []int{1, 6, 3}, breakdown: "1d6!e1 (**1**!, **6**!, 3) = 10", total: 10},
	{expr: "4dF!", faces: []int{1, 0, -1, 0, 1, -1}, breakdown: "4dF! (**+1**!, 0, **-1**, 0, **+1**!, **-1**) = 0", total: 0},
	{expr: "2d6kh1!", faces: []int{6, 6, 3}, breakdown: "2d6kh1! (**6**!, ~~**6**~~, 3) = 9", total: 9},

	// §2 rerolls
	{expr: "4d6ro<3", faces: []int{1, 5, 2, 6, 4, 3}, breakdown: "4d6ro<3 (~~1~~ 4, 5, ~~2~~ 3, **6**) = 18", total: 18},
	{expr: "2d6ro1", faces: []int{1, 3, 1}, breakdown: "2d6ro1 (~~1~~ **1**, 3) = 4", total: 4},
	{expr: "3d6rr1", faces: []int{1, 5, 6, 1, 1, 4}, breakdown: "3d6rr1 (~~1~~ ~~1~~ ~~1~~ 4, 5, **6**) = 15", total: 15},
	{expr: "3d6rr1rr2", faces: []int{2, 1, 3, 1, 4, 5}, breakdown: "3d6rr1rr2 (~~2~~ ~~1~~ 4, ~~1~~ 5, 3) = 12", total: 12},
	{expr: "2d6ra6", faces: []int{6, 3, 5}, breakdown: "2d6ra6 (**6**, 3, 5) = 14", total: 14},
	{expr: "2d6ra6", faces: []int{2, 3}, breakdown: "2d6ra6 (2, 3) = 5", total: 5},
	{expr: "2d6ro1!", faces: []int{1, 6, 6, 2, 4}, breakdown: "2d6ro1! (~~1~~ **6**!, **6**!, 2, 4) = 18", total: 18},
	{expr: "4d6kh3ro1", faces: []int{1, 1, 5, 6, 3}, breakdown: "4d6kh3ro1 (~~1~~ 3, ~~**1**~~, 5, **6**) = 14", total: 14},

	// §2 mi and ma
	{expr: "4d6mi3", faces: []int{1, 2, 5, 6}, breakdown: "4d6mi3 (1 -> 3, 2 -> 3, 5, **6**) = 17", total: 17},
	{expr: "4d6ma4", faces: []int{1, 2, 5, 6}, breakdown: "4d6ma4 (**1**, 2, 5 -> 4, 6 -> 4) = 11", total: 11},
	{expr: "2d6mi2ma5", faces: []int{1, 6}, breakdown: "2d6mi2ma5 (1 -> 2, 6 -> 5) = 7", total: 7},
	{expr: "1d20mi10", faces: []int{3}, breakdown: "1d20mi10 (3 -> 10) = 10", total: 10, natural: 10},
	{expr: "1d6mi6", faces: []int{2}, breakdown: "1d6mi6 (2 -> **6**) = 6", total: 6},

	// §2 count (dice pools)
	{expr: "10d10c>=8", faces: []int{10, 3, 8, 7, 9, 1, 2, 8, 5, 4}, total: 4,
		breakdown: "10d10c>=8 (__**10**__, 3, __8__, 7, __9__, **1**, 2, __8__, 5, 4) = 4"},
	{expr: "6d6c6c1", faces: []int{6, 1, 3, 6, 2, 1}, breakdown: "6d6c6c1 (__**6**__, __**1**__, 3, __**6**__, 2, __**1**__) = 4", total: 4},
	{expr: "5d10kh3c>7", faces: []int{9, 2, 8, 10, 4}, breakdown: "5d10kh3c>7 (__9__, ~~2~~, __8__, __**10**__, ~~4~~) = 3", total: 3},
	{expr: "4d6c>4+1", faces: []int{5, 6, 1, 2}, breakdown: "4d6c>4 (__5__, __**6**__, **1**, 2) + 1 = 3", total: 3},
	{expr: "3d6c6", faces: []int{1, 2, 3}, breakdown: "3d6c6 (**1**, 2, 3) = 0", total: 0},

	// §3 comparison of totals: a verdict, never a pool count
	{expr: "2d6+1>=7", faces: []int{3, 4}, breakdown: "2d6 (3, 4) + 1 = 8 >= 7", total: 8, verdict: VerdictSuccess},
	{expr: "2d6+1>=7", faces: []int{1, 2}, breakdown: "2d6 (**1**, 2) + 1 = 4 >= 7", total: 4, verdict: VerdictFailure},
	{expr: "1d20>10", faces: []int{10}, breakdown: "1d20 (10) = 10 > 10", total: 10, verdict: VerdictFailure, natural: 10},
	{expr: "1d20<=10", faces: []int{10}, breakdown: "1d20 (10) = 10 <= 10", total: 10, verdict: VerdictSuccess, natural: 10},
	{expr: "1d6<3", faces: []int{2}, breakdown: "1d6 (2) = 2 < 3", total: 2, verdict: VerdictSuccess},
	{expr: "1d6==6", faces: []int{6}, breakdown: "1d6 (**6**) = 6 == 6", total: 6, verdict: VerdictSuccess},
	{expr: "1d6 != 6", faces: []int{6}, breakdown: "1d6 (**6**) = 6 != 6", total: 6, verdict: VerdictFailure},
	{expr: "1d6! != 6", faces: []int{6, 2}, breakdown: "1d6! (**6**!, 2) = 8 != 6", total: 8, verdict: VerdictSuccess},
	{expr: "1d20+2 >= 1d10+5", faces: []int{12, 4}, breakdown: "1d20 (12) + 2 = 14 >= 1d10 (4) + 5 = 9", total: 14, verdict: VerdictSuccess, natural: 12},
	{expr: "1d20 < -1", faces: []int{1}, breakdown: "1d20 (**1**) = 1 < -1", total: 1, verdict: VerdictFailure, crit: CritFailure, natural: 1},
	{expr: "2d6>=7 to beat the lock", faces: []int{5, 2}, breakdown: "2d6 (5, 2) = 7 >= 7", total: 7, verdict: VerdictSuccess, comment: "to beat the lock"},
	{expr: "1d20+5[bonus] >= 15 vs AC", faces: []int{10}, breakdown: "1d20 (10) + 5 [bonus] = 15 >= 15", total: 15,
		verdict: VerdictSuccess, natural: 10, comment: "vs AC", labels: []string{"bonus"}},

	// §4 comments
	{expr: "1d20+5 to hit the goblin", faces: []int{15}, breakdown: "1d20 (15) + 5 = 20", total: 20, natural: 15, comment: "to hit the goblin"},
	{expr: "1d20 - stealthy", faces: []int{7}, breakdown: "1d20 (7) = 7", total: 7, natural: 7, comment: "- stealthy"},
	{expr: "1d20   hello world  ", faces: []int{7}, breakdown: "1d20 (7) = 7", total: 7, natural: 7, comment: "hello world"},
	{expr: "1d20 +dex", faces: []int{4}, breakdown: "1d20 (4) = 4", total: 4, natural: 4, comment: "+dex"},
	{expr: "4d6kh3 str", faces: []int{6, 2, 5, 1}, breakdown: "4d6kh3 (**6**, 2, 5, ~~**1**~~) = 13", total: 13, comment: "str"},
	{expr: "1d20\u3000偷袭", faces: []int{9}, breakdown: "1d20 (9) = 9", total: 9, natural: 9, comment: "偷袭"},
	{expr: "1d20 (advantage)", faces: []int{9}, breakdown: "1d20 (9) = 9", total: 9, natural: 9, comment: "(advantage)"},
	{expr: "1d20 5 goblins", faces: []int{9}, breakdown: "1d20 (9) = 9", total: 9, natural: 9, comment: "5 goblins"},

	// §4 labels
	{expr: "1d8[slashing] + 2d6[fire]", faces: []int{5, 3, 6}, breakdown: "1d8 (5) [slashing] + 2d6 (3, **6**) [fire] = 14", total: 14,
		labels: []string{"slashing", "fire"}},
	{expr: "1d8 [piercing] + 3", faces: []int{8}, breakdown: "1d8 (**8**) [piercing] + 3 = 11", total: 11, labels: []string{"piercing"}},
	{expr: "2d6[fire][magic]", faces: []int{1, 2}, breakdown: "2d6 (**1**, 2) [fire] [magic] = 3", total: 3, labels: []string{"fire", "magic"}},
	{expr: "(1d6+2)[ radiant ]", faces: []int{4}, breakdown: "(1d6 (4) + 2) [radiant] = 6", total: 6, labels: []string{"radiant"}},
	{expr: "5[bonus]+1d4", faces: []int{2}, breakdown: "5 [bonus] + 1d4 (2) = 7", total: 7, labels: []string{"bonus"}},
	{expr: "1d6[火焰]", faces: []int{3}, breakdown: "1d6 (3) [火焰] = 3", total: 3, labels: []string{"火焰"}},
	{expr: "(1d6[a])[b]", faces: []int{3}, breakdown: "(1d6 (3) [a]) [b] = 3", total: 3, labels: []string{"a", "b"}},

	// §1 sets
	{expr: "(1d6, 1d8, 1d10)kh1", faces: []int{3, 7, 5}, breakdown: "(~~1d6 (3)~~, 1d8 (7), ~~1d10 (5)~~)kh1 = 7", total: 7},
	{expr: "(1, 2, 3)", breakdown: "(1, 2, 3) = 6", total: 6},
	{expr: "(5, 1d6)kl1", faces: []int{6}, breakdown: "(5, ~~1d6 (**6**)~~)kl1 = 5", total: 5},
	{expr: "(1d20+4, 1d20+2)kh1", faces: []int{10, 15}, breakdown: "(~~1d20 (10) + 4~~, 1d20 (15) + 2)kh1 = 17", total: 17},
	{expr: "(3, 4, 5)k>3", breakdown: "(~~3~~, 4, 5)k>3 = 9", total: 9},
	{expr: "(3, 4, 5)p=4", breakdown: "(3, ~~4~~, 5)p=4 = 8", total: 8},
	{expr: "(1,2)dh1", breakdown: "(1, ~~2~~)dh1 = 1", total: 1},
	{expr: "(1d6)kh1", faces: []int{4}, breakdown: "(1d6 (4))kh1 = 4", total: 4},
	{expr: "(2,)", breakdown: "(2,) = 2", total: 2},
	{expr: "(4, 4, 1)kh2", breakdown: "(4, 4, ~~1~~)kh2 = 8", total: 8},
	{expr: "(-2, 3)kl1[cold]", breakdown: "(-2, ~~3~~)kl1 [cold] = -2", total: -2, labels: []string{"cold"}},
}

func TestGolden(t *testing.T) {
	if len(goldens) < 80 {
		t.Fatalf("only %d golden expressions", len(goldens))
	}
	for _, g := range goldens {
		checkGolden(t, g)
	}
}

// checkGolden rolls g with its forced faces and compares everything a user sees.
func checkGolden(t *testing.T, g golden) {
	t.Helper()
	res, err := Roll(g.expr, NewScripted(g.faces))
	if err != nil {
		t.Errorf("Roll(%q, %v): %v", g.expr, g.faces, err)
		return
	}
	if got := res.Breakdown(); got != g.breakdown {
		t.Errorf("Roll(%q, %v).Breakdown()\n got %s\nwant %s", g.expr, g.faces, got, g.breakdown)
	}
	if res.Total != g.total || res.Verdict != g.verdict || res.Crit != g.crit || res.Natural != g.natural {
		t.Errorf("Roll(%q, %v): total %d verdict %v crit %v natural %d; want %d %v %v %d",
			g.expr, g.faces, res.Total, res.Verdict, res.Crit, res.Natural, g.total, g.verdict, g.crit, g.natural)
	}
	if res.Comment != g.comment || res.Expr.Comment() != g.comment {
		t.Errorf("Roll(%q).Comment = %q; want %q", g.expr, res.Comment, g.comment)
	}
	if !slices.Equal(res.Labels, g.labels) {
		t.Errorf("Roll(%q).Labels = %q; want %q", g.expr, res.Labels, g.labels)
	}
	// Every forced face was used, and none twice.
	used := 0
	for _, d := range res.Dice() {
		used += 1 + len(d.Rerolled) + max(0, len(d.Parts)-1)
	}
	if used != len(g.faces) {
		t.Errorf("Roll(%q) used %d faces; forced %d", g.expr, used, len(g.faces))
	}
	// Rolling the canonical form gives the same breakdown.
	again, err := Roll(res.Expr.String(), NewScripted(g.faces))
	if err != nil || again.Breakdown() != res.Breakdown() {
		t.Errorf("Roll(%q) (canonical form of %q) = %v, %v", res.Expr.String(), g.expr, again, err)
	}
}

// TestEquivalences pins spec identities: 4d6dl1 ≡ 4d6kh3, ! ≡ e on the max face.
func TestEquivalences(t *testing.T) {
	pairs := [][2]string{
		{"4d6dl1", "4d6kh3"},
		{"4d6pl1", "4d6kh3"},
		{"4d6dh1", "4d6kl3"},
		{"5d6!", "5d6e6"},
		{"3d10!", "3d10e10"},
		{"4d6dl1dh1", "4d6pl1ph1"},
		{"2d20kh1", "2d20dl1"},
		{"d20", "1d20"},
		{"2D6", "2d6"},
	}
	for _, p := range pairs {
		for seed := uint64(0); seed < 200; seed++ {
			a, errA := Roll(p[0], NewSeeded(seed))
			b, errB := Roll(p[1], NewSeeded(seed))
			if errA != nil || errB != nil {
				t.Fatalf("%s / %s: %v / %v", p[0], p[1], errA, errB)
			}
			if a.Total != b.Total || !slices.EqualFunc(a.Dice(), b.Dice(), dieEqual) {
				t.Fatalf("seed %d: %s = %s, but %s = %s", seed, p[0], a.Breakdown(), p[1], b.Breakdown())
			}
		}
	}
}

func dieEqual(a, b Die) bool {
	return a.Sides == b.Sides && a.Face == b.Face && a.RawFace == b.RawFace && slices.Equal(a.Rerolled, b.Rerolled) &&
		a.Fate == b.Fate && a.Kept == b.Kept && a.Exploded == b.Exploded && a.Clamped == b.Clamped &&
		a.Counted == b.Counted && a.Crit == b.Crit
}
