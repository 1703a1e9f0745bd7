package coc

import (
	"reflect"
	"testing"
)

var baseScores = Scores{STR: 50, CON: 60, SIZ: 65, DEX: 70, APP: 55, INT: 70, POW: 60, EDU: 60}

// §2 E2.1: age 45, EDU 60: check 1 rolls 72 → +4 → 64; check 2 rolls 31 → no change; −5 from DEX; APP −5; MOV −1.
func TestAgeE2_1(t *testing.T) {
	res := must(ApplyAge(faces(d100faces(72), []int{4}, d100faces(31)), baseScores, 45, map[Characteristic]int{DEX: 5}))
	if len(res.EDUChecks) != 2 || !res.EDUChecks[0].Improved || res.EDUChecks[0].EDU != 64 || res.EDUChecks[1].Improved {
		t.Errorf("checks %+v", res.EDUChecks)
	}
	want := baseScores
	want.DEX, want.APP, want.EDU = 65, 50, 64
	if res.After != want || res.Rule.MOV != 1 || AgeMovePenalty(45) != 1 {
		t.Errorf("after %+v", res.After)
	}
}

// §2 E2.2: age 17: −5 from SIZ (65 → 60); EDU 70 → 65; Luck rolled twice (45 and 60) keeps 60.
func TestAgeE2_2(t *testing.T) {
	s := baseScores
	s.EDU = 70
	res := must(ApplyAge(forced(), s, 17, map[Characteristic]int{SIZ: 5}))
	if res.After.SIZ != 60 || res.After.EDU != 65 || res.After.STR != 50 || len(res.EDUChecks) != 0 {
		t.Errorf("after %+v", res.After)
	}
	// Generate: 8 characteristics (3 dice each), Luck 9 → 45, Luck 12 → 60
	var f []int
	for _, ch := range Characteristics() {
		if ch.Notation() == "(2d6+6)*5" {
			f = append(f, 4, 5)
		} else {
			f = append(f, 3, 3, 4)
		}
	}
	f = append(f, 3, 3, 3, 4, 4, 4)
	g := must(Generate(forced(f...), GenerateInput{Age: 17, Split: map[Characteristic]int{SIZ: 5}}))
	if g.Luck != 60 || len(g.Rolls) != 10 || g.Rolls[8].Value != 45 || g.Rolls[9].Value != 60 {
		t.Errorf("luck %d rolls %d", g.Luck, len(g.Rolls))
	}
}

func TestAgeTable(t *testing.T) {
	for _, tc := range []struct{ age, checks, deduct, app, mov int }{
		{15, 0, 5, 0, 0}, {19, 0, 5, 0, 0}, {20, 1, 0, 0, 0}, {39, 1, 0, 0, 0}, {40, 2, 5, -5, 1},
		{50, 3, 10, -10, 2}, {60, 4, 20, -15, 3}, {70, 4, 40, -20, 4}, {89, 4, 80, -25, 5},
	} {
		r := must(AgeRuleFor(tc.age))
		if r.EDUChecks != tc.checks || r.Deduction != tc.deduct || r.APP != tc.app || r.MOV != tc.mov ||
			r.MOV != AgeMovePenalty(tc.age) {
			t.Errorf("%d: %+v", tc.age, r)
		}
	}
	for _, age := range []int{14, 90} {
		_, err := AgeRuleFor(age)
		wantCode(t, err, ErrAgeTable)
	}
}

func TestAgeSplit(t *testing.T) {
	r := must(AgeRuleFor(65))
	if got := r.DefaultSplit(); !reflect.DeepEqual(got, map[Characteristic]int{STR: 10, CON: 5, DEX: 5}) {
		t.Errorf("default split %v", got)
	}
	_, err := ApplyAge(rolls(10, 10, 10, 10), baseScores, 65, map[Characteristic]int{STR: 10})
	wantCode(t, err, ErrBadDeduction)
	_, err = ApplyAge(rolls(10, 10, 10, 10), baseScores, 65, map[Characteristic]int{SIZ: 20})
	wantCode(t, err, ErrDeductionChar)
	_, err = ApplyAge(rolls(10, 10, 10, 10), baseScores, 85, map[Characteristic]int{STR: 80})
	wantCode(t, err, ErrBadChar)
	// nil: the default split; the EDU checks cap EDU at 99
	s := baseScores
	s.EDU = 95
	res := must(ApplyAge(faces(d100faces(96), []int{10}, d100faces(100), []int{10}, d100faces(50), d100faces(50)), s, 65, nil))
	if res.After.EDU != 99 || res.After.STR != 40 || res.After.CON != 55 || res.After.DEX != 65 || res.After.APP != 40 {
		t.Errorf("after %+v", res.After)
	}
}

// Generate rolls in sheet order with the right notations and builds a valid sheet.
func TestGenerate(t *testing.T) {
	var f []int
	for _, ch := range append(Characteristics(), Luck) { // STR … EDU, Luck
		if ch == SIZ || ch == INT || ch == EDU {
			f = append(f, 4, 5) // (9+6)×5 = 75
		} else {
			f = append(f, 2, 3, 4) // 9×5 = 45
		}
	}
	g := must(Generate(forced(f...), GenerateInput{}))
	want := Scores{STR: 45, CON: 45, SIZ: 75, DEX: 45, APP: 45, INT: 75, POW: 45, EDU: 75}
	if g.Scores != want || g.Luck != 45 || g.Age != nil || g.Total != 450 || g.WithLuck != 495 {
		t.Errorf("got %+v", g)
	}
	if g.Rolls[2].Roll.Expr.Notation() != "(2d6+6)*5" || g.Rolls[0].Roll.Expr.Notation() != "3d6*5" {
		t.Errorf("notations %s %s", g.Rolls[2].Roll.Expr.Notation(), g.Rolls[0].Roll.Expr.Notation())
	}
	if g.Derived.HP != 12 || g.Derived.MP != 9 {
		t.Errorf("derived %+v", g.Derived)
	}
	c := must(g.Character("Rolled"))
	if c.Age != 20 || c.Luck != 45 || c.SAN != 45 {
		t.Errorf("sheet %+v", c)
	}
	_, err := Generate(forced(f...), GenerateInput{Age: 95})
	wantCode(t, err, ErrAgeTable)
}

// The extremes of the rolls: 3D6×5 gives 15–90 and (2D6+6)×5 gives 40–90.
func TestGenerateRanges(t *testing.T) {
	for _, tc := range []struct{ face, low3, low2 int }{{1, 15, 40}, {6, 90, 90}} {
		g := must(Generate(forced(repeat([]int{tc.face}, 30)...), GenerateInput{}))
		for _, r := range g.Rolls {
			want := tc.low3
			if r.Char.Notation() == "(2d6+6)*5" {
				want = tc.low2
			}
			if r.Value != want {
				t.Errorf("face %d %s: %d, want %d", tc.face, r.Char, r.Value, want)
			}
		}
	}
}

func repeat(f []int, n int) []int {
	var out []int
	for range n {
		out = append(out, f...)
	}
	return out
}
