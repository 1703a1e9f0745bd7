package coc

import (
	"testing"
)

// §3 E3.1: STR 55, CON 60, SIZ 65, DEX 70, POW 60, age 34.
func TestDerivedE3_1(t *testing.T) {
	s := Scores{STR: 55, CON: 60, SIZ: 65, DEX: 70, APP: 50, INT: 60, POW: 60, EDU: 70}
	d := DerivedOf(s, 34, 0)
	want := Derived{HP: 12, MP: 12, StartingSAN: 60, MaxSAN: 99, MOV: 8, Build: 0, DB: DamageBonus{}, Dodge: 35, LanguageOwn: 70}
	if d != want {
		t.Errorf("got %+v", d)
	}
	c := must(New("E3.1", 34, s, 50))
	if c.HP != 12 || c.MaxHP != 12 || c.MP != 12 || c.SAN != 60 || c.StartSAN != 60 || c.Derived() != want {
		t.Errorf("sheet %+v", c)
	}
}

// §3 E3.2: STR 40, DEX 45, SIZ 50, age 62 → base 7, age penalty 3 → MOV 4.
func TestMoveE3_2(t *testing.T) {
	if got := Move(Scores{STR: 40, DEX: 45, SIZ: 50}, 62); got != 4 {
		t.Errorf("MOV %d", got)
	}
	for _, tc := range []struct {
		s        Scores
		age, mov int
	}{
		{Scores{STR: 60, DEX: 60, SIZ: 50}, 20, 9},
		{Scores{STR: 50, DEX: 50, SIZ: 50}, 20, 8},
		{Scores{STR: 60, DEX: 40, SIZ: 50}, 20, 8},
		{Scores{STR: 50, DEX: 40, SIZ: 60}, 20, 7},
		{Scores{STR: 60, DEX: 60, SIZ: 50}, 45, 8},
		{Scores{STR: 40, DEX: 40, SIZ: 50}, 89, 2},
		{Scores{STR: 40, DEX: 40, SIZ: 50}, 150, 0},
	} {
		if got := Move(tc.s, tc.age); got != tc.mov {
			t.Errorf("%+v age %d: %d, want %d", tc.s, tc.age, got, tc.mov)
		}
	}
	if AgeMovePenalty(39) != 0 || AgeMovePenalty(40) != 1 || AgeMovePenalty(89) != 5 {
		t.Error("AgeMovePenalty")
	}
}

// §3 E3.3: damage bonus and Build boundaries.
func TestBuildAndBonusE3_3(t *testing.T) {
	for _, tc := range []struct {
		sum, build int
		db         string
	}{
		{2, -2, "-2"}, {64, -2, "-2"}, {65, -1, "-1"}, {84, -1, "-1"}, {85, 0, "0"}, {124, 0, "0"},
		{125, 1, "+1D4"}, {164, 1, "+1D4"}, {165, 2, "+1D6"}, {204, 2, "+1D6"}, {205, 3, "+2D6"},
		{284, 3, "+2D6"}, {285, 4, "+3D6"}, {364, 4, "+3D6"}, {365, 5, "+4D6"}, {444, 5, "+4D6"},
		{445, 6, "+5D6"}, {524, 6, "+5D6"}, {525, 7, "+6D6"}, {540, 7, "+6D6"},
	} {
		build, db := BuildAndBonus(Scores{STR: tc.sum / 2, SIZ: tc.sum - tc.sum/2})
		if build != tc.build || db.String() != tc.db {
			t.Errorf("%d: build %d DB %s, want %d %s", tc.sum, build, db, tc.build, tc.db)
		}
	}
}

// §3 E3.4: CON 45, SIZ 50 → HP 9; POW 47 → MP 9.
func TestHPMPE3_4(t *testing.T) {
	s := Scores{CON: 45, SIZ: 50, POW: 47}
	if HitPoints(s) != 9 || MagicPoints(s) != 9 {
		t.Errorf("HP %d MP %d", HitPoints(s), MagicPoints(s))
	}
}

func TestDamageBonusForms(t *testing.T) {
	for _, tc := range []struct {
		db             DamageBonus
		notation, half string
		max            int
	}{
		{DamageBonus{Flat: -2}, "-2", "-1", -2},
		{DamageBonus{Flat: -1}, "-1", "0", -1},
		{DamageBonus{}, "0", "0", 0},
		{DamageBonus{Count: 1, Sides: 4}, "1d4", "1d2", 4},
		{DamageBonus{Count: 1, Sides: 6}, "1d6", "1d3", 6},
		{DamageBonus{Count: 2, Sides: 6}, "2d6", "2d3", 12},
	} {
		if tc.db.Notation() != tc.notation || tc.db.Halved().Notation() != tc.half || tc.db.Max() != tc.max {
			t.Errorf("%+v: %s %s %d", tc.db, tc.db.Notation(), tc.db.Halved().Notation(), tc.db.Max())
		}
	}
}

func TestMaxSanity(t *testing.T) {
	if MaxSanity(0) != 99 || MaxSanity(5) != 94 || MaxSanity(120) != 0 {
		t.Error("MaxSanity")
	}
}

// §4.2 E4.1: EDU 70, DEX 60, INT 65 → EDU×2 + DEX×2 = 260; personal interest 130.
func TestPointsE4_1(t *testing.T) {
	s := Scores{EDU: 70, DEX: 60, INT: 65, STR: 50, APP: 40, POW: 55}
	if p := must(OccupationPoints(FormulaEDU2DEX, s)); p != 260 {
		t.Errorf("occupation %d", p)
	}
	if InterestPoints(s) != 130 {
		t.Errorf("interest %d", InterestPoints(s))
	}
	for f, want := range map[Formula]int{FormulaEDU4: 280, FormulaEDU2STR: 240, FormulaEDU2APP: 220, FormulaEDU2POW: 250} {
		if p := must(OccupationPoints(f, s)); p != want {
			t.Errorf("%s: %d, want %d", f, p, want)
		}
	}
	_, err := OccupationPoints("edu9", s)
	wantCode(t, err, ErrBadFormula)
}

func TestQuickStart(t *testing.T) {
	ok := Scores{STR: 80, CON: 70, SIZ: 60, DEX: 60, APP: 50, INT: 50, POW: 50, EDU: 40}
	if err := CheckQuickStart(ok); err != nil {
		t.Error(err)
	}
	ok.EDU = 45
	wantCode(t, CheckQuickStart(ok), ErrNotQuickStart)
}
