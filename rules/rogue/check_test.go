package rogue

import (
	"testing"
)

// A1.4: the chance that nat ≥ n, out of 36.
func TestAtLeast(t *testing.T) {
	want := map[int]int{2: 36, 3: 35, 4: 33, 5: 30, 6: 26, 7: 21, 8: 15, 9: 10, 10: 6, 11: 3, 12: 1}
	for n, w := range want {
		if got := AtLeast(n); got != w {
			t.Errorf("AtLeast(%d) = %d, want %d", n, got, w)
		}
	}
}

// A26: trigger chances by power 0–5: 1, 3, 6, 10, 15, 21 of 36.
func TestTriggerChance(t *testing.T) {
	for p, w := range []int{1, 3, 6, 10, 15, 21} {
		if got := TriggerChance(p); got != w {
			t.Errorf("TriggerChance(%d) = %d, want %d", p, got, w)
		}
		// Enumerate the 36 outcomes directly with Triggers.
		n := 0
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				if Triggers(a+b, p) {
					n++
				}
			}
		}
		if n != w {
			t.Errorf("power %d: %d of 36 trigger, want %d", p, n, w)
		}
	}
	// Worked example: power 2 triggers on 2, 3 or 4.
	for nat, want := range map[int]bool{2: true, 3: true, 4: true, 5: false, 12: false} {
		if Triggers(nat, 2) != want {
			t.Errorf("Triggers(%d, 2) = %v", nat, !want)
		}
	}
}

func TestCheckThresholds(t *testing.T) {
	tests := []struct {
		name  string
		check Check
		dice  []int
		want  Outcome
		mod   int
	}{
		{"default 7 succeeds", Check{}, []int{3, 4}, OutcomeSuccess, 0},
		{"default 7 fails on 6", Check{}, []int{3, 3}, OutcomeFailure, 0},
		{"double one fumbles whatever the modifier", Check{Mods: []Mod{{SrcBonus, 9}}}, []int{1, 1}, OutcomeFumble, 5},
		{"fumble modifier 1: nat 3 fumbles", Check{FumbleMod: 1, Mods: []Mod{{SrcBonus, 5}}}, []int{1, 2}, OutcomeFumble, 5},
		{"fumble modifier 1: nat 4 does not", Check{FumbleMod: 1, Mods: []Mod{{SrcBonus, 5}}}, []int{2, 2}, OutcomeSuccess, 5},
		{"fumble modifier 2: nat 4 fumbles", Check{FumbleMod: 2}, []int{2, 2}, OutcomeFumble, 0},
		{"double six crits whatever the difficulty", Check{Mods: []Mod{{SrcBonus, -5}}, Difficulty: 20}, []int{6, 6}, OutcomeCritical, -5},
		{"crit modifier 2: nat 10 that succeeds is critical", Check{CritMod: 2}, []int{5, 5}, OutcomeCritical, 0},
		{"crit modifier 2: nat 10 that fails is a failure (G-A7)", Check{CritMod: 2, Difficulty: 11}, []int{5, 5}, OutcomeFailure, 0},
		{"crit modifier 2: nat 9 is a plain success", Check{CritMod: 2}, []int{4, 5}, OutcomeSuccess, 0},
		{"crit modifier 5: threshold 7", Check{CritMod: 5}, []int{3, 4}, OutcomeCritical, 0},
		{"cannot crit: double six judged on the total", Check{NoCrit: true, Difficulty: 15}, []int{6, 6}, OutcomeFailure, 0},
		{"cannot crit: double six that succeeds is a success", Check{NoCrit: true}, []int{6, 6}, OutcomeSuccess, 0},
		{"cap +5 applies", Check{Mods: []Mod{{"rogue.attr.str", 4}, {SrcBonus, 3}}, Difficulty: 12}, []int{3, 3}, OutcomeFailure, 5},
		{"negative modifiers are not capped", Check{Mods: []Mod{{"rogue.attr.str", -6}}}, []int{6, 5}, OutcomeFailure, -6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Roll(tt.check, faces(tt.dice...))
			if err != nil {
				t.Fatal(err)
			}
			if res.Outcome != tt.want || res.Modifier != tt.mod {
				t.Errorf("outcome %s mod %d, want %s mod %d", res.Outcome, res.Modifier, tt.want, tt.mod)
			}
			if res.Natural != tt.dice[0]+tt.dice[1] || res.Total != res.Natural+res.Modifier {
				t.Errorf("natural %d total %d", res.Natural, res.Total)
			}
			if res.Roll == nil || res.Roll.Total != res.Total {
				t.Errorf("dice result missing or wrong")
			}
		})
	}
}

func TestCheckCapEntry(t *testing.T) {
	res, err := Roll(Check{Mods: []Mod{{"rogue.attr.sta", 4}, {SrcBonus, 3}}}, faces(1, 2))
	if err != nil {
		t.Fatal(err)
	}
	if res.Sum != 7 || res.Modifier != 5 || res.Notation != "2d6+5" {
		t.Errorf("sum %d mod %d notation %q", res.Sum, res.Modifier, res.Notation)
	}
	last := res.Mods[len(res.Mods)-1]
	if last != (Mod{SrcCap, -2}) {
		t.Errorf("last mod %+v, want the cap −2", last)
	}
}

func TestCheckOdds(t *testing.T) {
	tests := []struct {
		check                    Check
		crit, succ, fail, fumble int
		den                      int
	}{
		// 21/36 at difficulty 7 with no modifier: nat 7–11 (20) plus the double six.
		{Check{}, 1, 20, 14, 1, 36},
		// A net +1 makes it 26/36.
		{Check{Mods: []Mod{{SrcBonus, 1}}}, 1, 25, 9, 1, 36},
		{Check{CritMod: 2, FumbleMod: 1}, 6, 15, 12, 3, 36},
		{Check{NoCrit: true}, 0, 21, 14, 1, 36},
		// Re-roll a failure: P(success) = p + (1−p)p with p = 21/36.
		{Check{RerollFailure: "rogue.talent.keen_eye"}, 1*36 + 15*1, 20*36 + 15*20, 15 * 14, 15 * 1, 1296},
		// Re-roll a success: P(success) = p².
		{Check{RerollSuccess: "rogue.poison.deadly"}, 21 * 1, 21 * 20, 14*36 + 21*14, 1*36 + 21*1, 1296},
	}
	for i, tt := range tests {
		o, err := CheckOdds(tt.check)
		if err != nil {
			t.Fatal(err)
		}
		want := Odds{Den: tt.den, Critical: tt.crit, Success: tt.succ, Failure: tt.fail, Fumble: tt.fumble}
		if o != want {
			t.Errorf("%d: odds %+v, want %+v", i, o, want)
		}
		if o.Critical+o.Success+o.Failure+o.Fumble != o.Den {
			t.Errorf("%d: counts do not add up", i)
		}
	}
	if o, _ := CheckOdds(Check{}); o.Succeed() != 21 {
		t.Errorf("P(success) = %d/36, want 21", o.Succeed())
	}
	if o, _ := CheckOdds(Check{Mods: []Mod{{SrcBonus, 1}}}); o.Succeed() != 26 {
		t.Errorf("P(success) with +1 = %d/36, want 26", o.Succeed())
	}
}

func TestCheckRerolls(t *testing.T) {
	res, err := Roll(Check{RerollFailure: KeenEye.Key()}, faces(1, 2, 4, 4))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rolls) != 2 || res.Reroll != KeenEye.Key() || !res.Success || res.Natural != 8 {
		t.Errorf("re-roll of a failure: %+v", res)
	}
	res, err = Roll(Check{RerollSuccess: SrcShield}, faces(4, 4, 1, 3))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rolls) != 2 || res.Success || res.Rolls[0].Outcome != OutcomeSuccess {
		t.Errorf("re-roll of a success: %+v", res)
	}
	res, err = Roll(Check{RerollFailure: KeenEye.Key()}, faces(4, 4))
	if err != nil || len(res.Rolls) != 1 {
		t.Errorf("a success is not re-rolled: %v %+v", err, res)
	}
}

func TestCheckValidation(t *testing.T) {
	for _, tt := range []struct {
		c    Check
		code string
	}{
		{Check{Mods: []Mod{{SrcBonus, 51}}}, ErrBadModifier},
		{Check{Mods: []Mod{{SrcBonus, 30}, {SrcBonus, 30}}}, ErrBadModifier},
		{Check{Difficulty: 1}, ErrBadDifficulty},
		{Check{Difficulty: 41}, ErrBadDifficulty},
		{Check{FumbleMod: -1}, ErrBadCount},
		{Check{CritMod: 6}, ErrBadCount},
	} {
		_, err := Roll(tt.c, faces(3, 4))
		wantCode(t, err, tt.code)
	}
	// A scripted roller that runs out passes its dice error through.
	if _, err := Roll(Check{}, faces(3)); err == nil {
		t.Error("exhausted roller: no error")
	}
}
