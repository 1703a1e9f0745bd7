package dice

import "testing"

// goldens2 covers the habits of other bots (spec §10, revision 2): each
// spelling means what it means there, with forced faces in draw order.
var goldens2 = []golden{
	// §10 a bare number after k, d, p counts dice (Roll20, rpg-dice-roller); the breakdown shows the reading
	{expr: "4d6k3", faces: []int{6, 2, 5, 1}, breakdown: "4d6kh3 (**6**, 2, 5, ~~**1**~~) = 13", total: 13},
	{expr: "4d6d1", faces: []int{6, 2, 5, 1}, breakdown: "4d6dl1 (**6**, 2, 5, ~~**1**~~) = 13", total: 13},
	{expr: "4d6p1", faces: []int{6, 2, 5, 1}, breakdown: "4d6pl1 (**6**, 2, 5, ~~**1**~~) = 13", total: 13},
	{expr: "4D6K3", faces: []int{6, 2, 5, 1}, breakdown: "4d6kh3 (**6**, 2, 5, ~~**1**~~) = 13", total: 13},
	{expr: "2d20k1+5", faces: []int{7, 20}, breakdown: "2d20kh1 (~~7~~, **20**) + 5 = 25", total: 25, crit: CritSuccess, natural: 20},
	{expr: "5d10d2", faces: []int{3, 7, 6, 10, 1}, breakdown: "5d10dl2 (~~3~~, 7, 6, **10**, ~~**1**~~) = 23", total: 23},
	{expr: "(5, 3, 8)k2", breakdown: "(5, ~~3~~, 8)kh2 = 13", total: 13},
	{expr: "{1, 2, 3}d1", breakdown: "{~~1~~, 2, 3}dl1 = 5", total: 5},
	// §10 the exact-face selector, written explicitly (d20's k3)
	{expr: "4d6k=3", faces: []int{3, 2, 3, 6}, breakdown: "4d6k=3 (3, ~~2~~, 3, ~~**6**~~) = 6", total: 6},
	{expr: "4d6d=3", faces: []int{3, 2, 3, 6}, breakdown: "4d6d=3 (~~3~~, 2, ~~3~~, **6**) = 8", total: 8},
	{expr: "4d6d>4", faces: []int{3, 5, 4, 6}, breakdown: "4d6d>4 (3, ~~5~~, 4, ~~**6**~~) = 7", total: 7},
	{expr: "4d6e=6", faces: []int{6, 2, 3, 4, 1}, breakdown: "4d6e=6 (**6**!, 2, 3, 4, **1**) = 16", total: 16},

	// §10 keep/drop on a group of one dice term applies to its dice (d20)
	{expr: "(4d6)kh3", faces: []int{6, 2, 5, 1}, breakdown: "(4d6 (**6**, 2, 5, ~~**1**~~))kh3 = 13", total: 13},
	{expr: "(4d6)k3", faces: []int{6, 2, 5, 1}, breakdown: "(4d6 (**6**, 2, 5, ~~**1**~~))kh3 = 13", total: 13},
	{expr: "((4d6))dl1", faces: []int{6, 2, 5, 1}, breakdown: "((4d6 (**6**, 2, 5, ~~**1**~~)))dl1 = 13", total: 13},
	{expr: "(4d6kh3)kh2", faces: []int{6, 2, 5, 1}, breakdown: "(4d6kh3 (**6**, ~~2~~, 5, ~~**1**~~))kh2 = 11", total: 11},
	{expr: "(4d6[str])kh3 + 1", faces: []int{6, 2, 5, 1}, breakdown: "(4d6 (**6**, 2, 5, ~~**1**~~) [str])kh3 + 1 = 14", total: 14,
		labels: []string{"str"}},
	{expr: "(2d20)kh1+3", faces: []int{20, 5}, breakdown: "(2d20 (**20**, ~~5~~))kh1 + 3 = 23", total: 23, crit: CritSuccess, natural: 20},
	{expr: "(1d20+4)kh1", faces: []int{9}, breakdown: "(1d20 (9) + 4)kh1 = 13", total: 13}, // a set of one, as before

	// §10 Roll20's groups in braces: sets
	{expr: "{4d6+3, 2d8}kh1", faces: []int{6, 2, 5, 1, 8, 7}, breakdown: "{4d6 (**6**, 2, 5, **1**) + 3, ~~2d8 (**8**, 7)~~}kh1 = 17", total: 17},
	{expr: "{4d6}kh3", faces: []int{6, 2, 5, 1}, breakdown: "{4d6 (**6**, 2, 5, ~~**1**~~)}kh3 = 13", total: 13},
	{expr: "{2d6}", faces: []int{3, 4}, breakdown: "{2d6 (3, 4)} = 7", total: 7},
	{expr: "{1d20+5}>=15", faces: []int{12}, breakdown: "{1d20 (12) + 5} = 17 >= 15", total: 17, verdict: VerdictSuccess, natural: 12},

	// §10 compounding (Roll20 !!): one die, one value
	{expr: "4d6!!", faces: []int{6, 3, 1, 4, 6, 2}, breakdown: "4d6!! (**6**!+**6**!+2, 3, **1**, 4) = 22", total: 22},
	{expr: "4d6!!5", faces: []int{5, 3, 1, 4, 5, 2}, breakdown: "4d6!!5 (5!+5!+2, 3, **1**, 4) = 20", total: 20},
	{expr: "4d6!!kh3", faces: []int{6, 3, 1, 4, 6, 2}, breakdown: "4d6!!kh3 (**6**!+**6**!+2, 3, ~~**1**~~, 4) = 21", total: 21},
	{expr: "2d6!!>=5", faces: []int{2, 5, 4}, breakdown: "2d6!!>=5 (2, 5!+4) = 11", total: 11},

	// §10 penetrating (!p): each added die counts one less; it explodes on what it shows
	{expr: "2d6!p", faces: []int{6, 3, 6, 2}, breakdown: "2d6!p (**6**!, 3, 6 -> 5!, 2 -> **1**) = 15", total: 15},
	{expr: "2d6!p>=5", faces: []int{5, 3, 6, 2}, breakdown: "2d6!p>=5 (5!, 3, 6 -> 5!, 2 -> **1**) = 14", total: 14},
	{expr: "4d6!ph1", faces: []int{6, 2, 5, 1, 3}, breakdown: "4d6!ph1 (~~**6**!~~, 2, 5, **1**, 3) = 11", total: 11}, // ! then ph1

	// §10 explode on a condition
	{expr: "3d6!>=5", faces: []int{5, 2, 6, 1, 3}, breakdown: "3d6!>=5 (5!, 2, **6**!, **1**, 3) = 17", total: 17},
	{expr: "3d6e>=5", faces: []int{5, 2, 6, 1, 3}, breakdown: "3d6e>=5 (5!, 2, **6**!, **1**, 3) = 17", total: 17},
	{expr: "3d6!5", faces: []int{5, 2, 6, 4}, breakdown: "3d6!5 (5!, 2, **6**, 4) = 17", total: 17},
	{expr: "2d6!<2", faces: []int{1, 4, 3}, breakdown: "2d6!<2 (**1**!, 4, 3) = 8", total: 8},

	// §10 r (Roll20's rr): reroll until it no longer matches
	{expr: "2d6r1", faces: []int{1, 4, 1, 3}, breakdown: "2d6r1 (~~1~~ ~~1~~ 3, 4) = 7", total: 7},
	{expr: "2d6r<2", faces: []int{1, 4, 1, 3}, breakdown: "2d6r<2 (~~1~~ ~~1~~ 3, 4) = 7", total: 7},
	{expr: "1d20r1+2", faces: []int{1, 15}, breakdown: "1d20r1 (~~1~~ 15) + 2 = 17", total: 17, natural: 15},

	// §10 cs and cf: the critical ranges of the markers (Roll20)
	{expr: "1d20cs>=19", faces: []int{19}, breakdown: "1d20cs>=19 (**19**) = 19", total: 19, crit: CritSuccess, natural: 19},
	{expr: "1d20cs>=19", faces: []int{20}, breakdown: "1d20cs>=19 (**20**) = 20", total: 20, crit: CritSuccess, natural: 20},
	{expr: "1d20cs>=19", faces: []int{1}, breakdown: "1d20cs>=19 (**1**) = 1", total: 1, crit: CritFailure, natural: 1},
	{expr: "1d20cs>=19+5", faces: []int{18}, breakdown: "1d20cs>=19 (18) + 5 = 23", total: 23, natural: 18},
	{expr: "1d20cf<=2", faces: []int{2}, breakdown: "1d20cf<=2 (**2**) = 2", total: 2, crit: CritFailure, natural: 2},
	{expr: "1d20cf<=2", faces: []int{20}, breakdown: "1d20cf<=2 (**20**) = 20", total: 20, crit: CritSuccess, natural: 20},
	{expr: "1d20cs20cf1cf2", faces: []int{2}, breakdown: "1d20cs20cf1cf2 (**2**) = 2", total: 2, crit: CritFailure, natural: 2},
	{expr: "2d20kh1cs>=18", faces: []int{18, 3}, breakdown: "2d20kh1cs>=18 (**18**, ~~3~~) = 18", total: 18, crit: CritSuccess, natural: 18},
	{expr: "1d12cs>=11", faces: []int{11}, breakdown: "1d12cs>=11 (**11**) = 11", total: 11, crit: CritSuccess, natural: 11},
	{expr: "1d100cf>=96", faces: []int{100}, breakdown: "1d100cf>=96 (**100**) = 100", total: 100, crit: CritFailure, natural: 100},
	{expr: "1d100cf>=96", faces: []int{1}, breakdown: "1d100cf>=96 (1) = 1", total: 1, natural: 1},
	{expr: "3d6cs6", faces: []int{6, 1, 3}, breakdown: "3d6cs6 (**6**, **1**, 3) = 10", total: 10}, // not leftmost single die: marks only

	// §10 min and max spell mi and ma (rpg-dice-roller)
	{expr: "4d6min2", faces: []int{1, 2, 5, 6}, breakdown: "4d6min2 (1 -> 2, 2, 5, **6**) = 15", total: 15},
	{expr: "4d6max5", faces: []int{1, 2, 5, 6}, breakdown: "4d6max5 (**1**, 2, 5, 6 -> 5) = 13", total: 13},

	// §10 integer functions: the argument is exact, the function rounds (round: halves away from zero)
	{expr: "floor(7/2)", breakdown: "floor(7 / 2) = 3", total: 3},
	{expr: "ceil(7/2)", breakdown: "ceil(7 / 2) = 4", total: 4},
	{expr: "round(7/2)", breakdown: "round(7 / 2) = 4", total: 4},
	{expr: "round(-7/2)", breakdown: "round(-7 / 2) = -4", total: -4},
	{expr: "round(5/2)", breakdown: "round(5 / 2) = 3", total: 3},
	{expr: "round(7/3)", breakdown: "round(7 / 3) = 2", total: 2},
	{expr: "round(-7/3)", breakdown: "round(-7 / 3) = -2", total: -2},
	{expr: "ceil(-7/2)", breakdown: "ceil(-7 / 2) = -3", total: -3},
	{expr: "floor(-7/2)", breakdown: "floor(-7 / 2) = -4", total: -4},
	{expr: "abs(-3)", breakdown: "abs(-3) = 3", total: 3},
	{expr: "abs(-7/2)", breakdown: "abs(-7 / 2) = 3", total: 3},
	{expr: "floor(7/2+1/2)", breakdown: "floor(7 / 2 + 1 / 2) = 4", total: 4},
	{expr: "7/2+1/2", breakdown: "7 / 2 + 1 / 2 = 3", total: 3}, // outside a function "/" rounds down
	{expr: "floor(7/2%1*10)", breakdown: "floor(7 / 2 % 1 * 10) = 5", total: 5},
	{expr: "floor(-7/2%3)", breakdown: "floor(-7 / 2 % 3) = 2", total: 2},
	{expr: "floor(1d6/2)", faces: []int{5}, breakdown: "floor(1d6 (5) / 2) = 2", total: 2},
	{expr: "ceil(1d6/2)", faces: []int{5}, breakdown: "ceil(1d6 (5) / 2) = 3", total: 3},
	{expr: "ceil((2d6+1)/3)", faces: []int{3, 4}, breakdown: "ceil((2d6 (3, 4) + 1) / 3) = 3", total: 3},
	{expr: "round(10*1d6/4)+1", faces: []int{3}, breakdown: "round(10 * 1d6 (3) / 4) + 1 = 9", total: 9},
	{expr: "FLOOR(1d6/2)[fire]", faces: []int{5}, breakdown: "floor(1d6 (5) / 2) [fire] = 2", total: 2, labels: []string{"fire"}},
	{expr: "1d20+floor(5/2)", faces: []int{7}, breakdown: "1d20 (7) + floor(5 / 2) = 9", total: 9, natural: 7},
	{expr: "-abs(2-5)", breakdown: "-abs(2 - 5) = -3", total: -3},
	{expr: "floor(ceil(7/2)/3)", breakdown: "floor(ceil(7 / 2) / 3) = 1", total: 1},
	{expr: "floor((3,4)kh1/2)", breakdown: "floor((~~3~~, 4)kh1 / 2) = 2", total: 2},

	// §10 the 'd' key of a Korean keyboard
	{expr: "2ㅇ6", faces: []int{3, 4}, breakdown: "2d6 (3, 4) = 7", total: 7},
	{expr: "ㅇ20+5", faces: []int{20}, breakdown: "1d20 (**20**) + 5 = 25", total: 25, crit: CritSuccess, natural: 20},
	{expr: "1d20 ㅇㅇ", faces: []int{4}, breakdown: "1d20 (4) = 4", total: 4, natural: 4, comment: "ㅇㅇ"},
}

func TestGoldenRevision2(t *testing.T) {
	for _, g := range goldens2 {
		checkGolden(t, g)
	}
}

// TestEquivalencesRevision2 pins spellings that mean the same (spec §10).
func TestEquivalencesRevision2(t *testing.T) {
	pairs := [][2]string{
		{"4d6k3", "4d6kh3"}, {"4d6d1", "4d6dl1"}, {"4d6p1", "4d6pl1"}, {"(4d6)kh3", "4d6kh3"}, {"{4d6}d1", "4d6kh3"},
		{"3d6!>=5", "3d6e>=5"}, {"3d6!6", "3d6!"}, {"2d6r1", "2d6rr1"}, {"2d6r<3", "2d6rr<3"}, {"4d6min2", "4d6mi2"},
		{"4d6max5", "4d6ma5"}, {"1d20cs>=19", "1d20"}, {"{1d6, 1d8}kh1", "(1d6, 1d8)kh1"}, {"2ㅇ6", "2d6"},
		{"floor(1d6/2)", "1d6/2"}, {"6d6!!>6", "6d6"},
	}
	for _, p := range pairs {
		for seed := uint64(0); seed < 100; seed++ {
			a, errA := Roll(p[0], NewSeeded(seed))
			b, errB := Roll(p[1], NewSeeded(seed))
			if errA != nil || errB != nil {
				t.Fatalf("%s / %s: %v / %v", p[0], p[1], errA, errB)
			}
			if a.Total != b.Total {
				t.Fatalf("seed %d: %s = %s, but %s = %s", seed, p[0], a.Breakdown(), p[1], b.Breakdown())
			}
		}
	}
}

// TestDistributionRevision2: the new spellings have distributions — exact
// where a rule exists, the seeded Monte-Carlo estimate for !!, !p and functions.
func TestDistributionRevision2(t *testing.T) {
	same := [][2]string{{"(4d6)kh3", "4d6kh3"}, {"4d6k3", "4d6kh3"}, {"{2d6}d1", "2d6kh1"}, {"1d20cs>=19+5", "1d20+5"}, {"2d6r1", "2d6rr1"}}
	for _, p := range same {
		a, errA := DistributionOf(p[0], DistOptions{})
		b, errB := DistributionOf(p[1], DistOptions{})
		if errA != nil || errB != nil || !a.Exact() || a.Mean() != b.Mean() || a.StdDev() != b.StdDev() {
			t.Errorf("%s / %s: %v %v", p[0], p[1], errA, errB)
		}
	}
	sampled := []struct {
		expr string
		mean float64 // exact expectation
	}{
		{"4d6!!", 4 * 3.5 * 6 / 5}, // a compounding d6 is worth 3.5·(1 + 1/6 + 1/36 + …)
		{"2d6!p", 2 * 4.0},         // each penetrating chain adds (2.5 + …)/6 = 0.5
		{"floor(1d6/2)", 1.5},
	}
	for _, s := range sampled {
		d, err := DistributionOf(s.expr, DistOptions{})
		if err != nil || d.Exact() || d.Mean() < s.mean-0.05 || d.Mean() > s.mean+0.05 {
			t.Errorf("%s: %v; want an estimate near %.2f", s.expr, err, s.mean)
		}
	}
}
