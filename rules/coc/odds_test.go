package coc

import (
	"fmt"
	"math/big"
	"testing"
)

// faceCombos calls fn with every combination of n d10 faces.
func faceCombos(n int, fn func([]int)) {
	faces := make([]int, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			fn(faces)
			return
		}
		for f := 1; f <= 10; f++ {
			faces[i] = f
			rec(i + 1)
		}
	}
	rec(0)
}

// TestCheckOddsByEnumeration rolls every combination of forced dice through Check and compares the counts of each
// level, of success and of jams with CheckOdds.
func TestCheckOddsByEnumeration(t *testing.T) {
	values := []int{0, 1, 4, 9, 35, 45, 49, 50, 53, 65, 96, 99, 120}
	for net := -2; net <= 2; net++ {
		for _, v := range values {
			for _, d := range Difficulties() {
				counts := map[Level]int64{}
				var succ, jam, total int64
				faceCombos(2+max(net, -net), func(f []int) {
					in := CheckInput{Value: v, Difficulty: d, Bonus: max(net, 0), Penalty: max(-net, 0), Malfunction: 98}
					res := must(Check(forced(f...), in))
					counts[res.Level]++
					total++
					if res.Success {
						succ++
					}
					if res.Jammed {
						jam++
					}
				})
				o := CheckOdds(v, d, net, 98)
				name := fmt.Sprintf("net %d value %d %s", net, v, d)
				for _, l := range Levels() {
					if want := NewChance(counts[l], total); o.Level(l) != want {
						t.Errorf("%s: P(%s) = %s, enumeration %s", name, l, o.Level(l), want)
					}
				}
				if want := NewChance(succ, total); o.Success != want {
					t.Errorf("%s: P(success) = %s, enumeration %s", name, o.Success, want)
				}
				if want := NewChance(jam, total); o.Jam != want {
					t.Errorf("%s: P(jam) = %s, enumeration %s", name, o.Jam, want)
				}
			}
		}
	}
}

// TestBonusDieFormula: with one bonus die, P(roll ≤ s) for s = 10a + b (1 ≤ s ≤ 95) is the two-tens-dice formula
// [b(1 − ((9−a)/10)²) + (10−b)(1 − ((10−a)/10)²)] / 10, and with one penalty die [b((a+1)/10)² + (10−b)(a/10)²] / 10.
func TestBonusDieFormula(t *testing.T) {
	sq := func(n int64) *big.Rat { return big.NewRat(n*n, 100) }
	one := big.NewRat(1, 1)
	for s := int64(1); s <= 95; s++ {
		a, b := s/10, s%10
		bonus := new(big.Rat).Mul(big.NewRat(b, 1), new(big.Rat).Sub(one, sq(9-a)))
		bonus.Add(bonus, new(big.Rat).Mul(big.NewRat(10-b, 1), new(big.Rat).Sub(one, sq(10-a))))
		bonus.Quo(bonus, big.NewRat(10, 1))
		pen := new(big.Rat).Mul(big.NewRat(b, 1), sq(a+1))
		pen.Add(pen, new(big.Rat).Mul(big.NewRat(10-b, 1), sq(a)))
		pen.Quo(pen, big.NewRat(10, 1))
		if got := CheckOdds(int(s), "", 1, 0).Success.Rat(); got.Cmp(bonus) != 0 {
			t.Errorf("skill %d, one bonus die: %s, formula %s", s, got, bonus)
		}
		if got := CheckOdds(int(s), "", -1, 0).Success.Rat(); got.Cmp(pen) != 0 {
			t.Errorf("skill %d, one penalty die: %s, formula %s", s, got, pen)
		}
		if got := CheckOdds(int(s), "", 0, 0).Success; got != NewChance(s, 100) {
			t.Errorf("skill %d, plain: %s", s, got)
		}
	}
}

// The edges as odds: skill 50 → regular 50, hard 25, extreme 10, critical 1, fumble 100 only.
func TestOddsEdges(t *testing.T) {
	o := CheckOdds(50, "", 0, 0)
	want := map[Level]Chance{Critical: NewChance(1, 100), Extreme: NewChance(9, 100), Hard: NewChance(15, 100),
		Regular: NewChance(25, 100), Failure: NewChance(49, 100), Fumble: NewChance(1, 100)}
	for l, c := range want {
		if o.Level(l) != c {
			t.Errorf("50: %s = %s, want %s", l, o.Level(l), c)
		}
	}
	o = CheckOdds(49, "", 0, 0)
	want = map[Level]Chance{Critical: NewChance(1, 100), Extreme: NewChance(8, 100), Hard: NewChance(15, 100),
		Regular: NewChance(25, 100), Failure: NewChance(46, 100), Fumble: NewChance(5, 100)}
	for l, c := range want {
		if o.Level(l) != c {
			t.Errorf("49: %s = %s, want %s", l, o.Level(l), c)
		}
	}
	if o.Success != NewChance(49, 100) {
		t.Errorf("49 success %s", o.Success)
	}
}

func TestKeptDistributionSumsToOne(t *testing.T) {
	for net := -2; net <= 2; net++ {
		nums, den := KeptDistribution(net)
		var sum int64
		for _, n := range nums {
			if n < 0 {
				t.Fatalf("net %d: negative mass", net)
			}
			sum += n
		}
		if sum != den {
			t.Errorf("net %d: sum %d, den %d", net, sum, den)
		}
	}
}

func TestImproveAndLuckOdds(t *testing.T) {
	for v, want := range map[int]Chance{45: NewChance(55, 100), 97: NewChance(5, 100), 0: NewChance(1, 1),
		120: NewChance(5, 100)} {
		if got := ImproveOdds(v); got != want {
			t.Errorf("improve %d: %s, want %s", v, got, want)
		}
	}
	if got := LuckRecoveryOdds(60); got != NewChance(40, 100) {
		t.Errorf("luck 60: %s", got)
	}
}

// Opposed odds add up to one and match enumeration of both rolls.
func TestOpposedOddsByEnumeration(t *testing.T) {
	a := CheckInput{Value: 62}
	b := CheckInput{Value: 70, Bonus: 1}
	counts := map[OpposedOutcome]int64{}
	var total int64
	faceCombos(5, func(f []int) {
		res := must(Opposed(forced(f...), a, b))
		counts[res.Outcome]++
		total++
	})
	o := OpposedOddsOf(a, b)
	for out, got := range map[OpposedOutcome]Chance{OpposedWin: o.Win, OpposedLose: o.Lose, OpposedTie: o.Tie, OpposedNone: o.None} {
		if want := NewChance(counts[out], total); got != want {
			t.Errorf("%s: %s, enumeration %s", out, got, want)
		}
	}
}

func TestChance(t *testing.T) {
	c := NewChance(25, 100)
	if c.String() != "1/4" || c.Float() != 0.25 {
		t.Errorf("got %s %v", c, c.Float())
	}
	if got := c.Add(NewChance(1, 2)); got != NewChance(3, 4) {
		t.Errorf("add: %s", got)
	}
	if got := c.Mul(NewChance(1, 2)); got != NewChance(1, 8) {
		t.Errorf("mul: %s", got)
	}
	if NewChance(3, 0) != (Chance{0, 1}) {
		t.Error("zero denominator")
	}
}

// Combined odds match enumeration of the one die.
func TestCombinedOddsByEnumeration(t *testing.T) {
	for _, mode := range []CombinedMode{CombinedAll, CombinedAny} {
		in := CombinedInput{Parts: []CombinedPart{{SkillSubject("stealth"), 40}, {SkillSubject(Throw), 30}, {Value: 65}},
			Mode: mode, Penalty: 1}
		counts := map[CombinedOutcome]int64{}
		var wins, total int64
		faceCombos(3, func(f []int) {
			res := must(Combined(forced(f...), in))
			counts[res.Outcome]++
			if res.Success {
				wins++
			}
			total++
		})
		o := CombinedOddsOf(in)
		for out, got := range map[CombinedOutcome]Chance{CombinedSuccess: o.Success, CombinedPartial: o.Partial,
			CombinedFailure: o.Failure} {
			if want := NewChance(counts[out], total); got != want {
				t.Errorf("%s %s: %s, enumeration %s", mode, out, got, want)
			}
		}
		if want := NewChance(wins, total); o.Wins != want {
			t.Errorf("%s wins: %s, enumeration %s", mode, o.Wins, want)
		}
	}
	if CombinedOddsOf(CombinedInput{Mode: CombinedAll}) != nil {
		t.Error("odds of no parts")
	}
}
