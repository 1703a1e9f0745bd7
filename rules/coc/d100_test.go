package coc

import (
	"reflect"
	"testing"
)

// §5.3 forced-dice convention and E5.9–E5.12.
func TestRollD100(t *testing.T) {
	for _, tc := range []struct {
		name       string
		net        int
		faces      []int
		candidates []int
		value      int
	}{
		{"100", 0, []int{10, 10}, []int{100}, 100},
		{"01", 0, []int{10, 1}, []int{1}, 1},
		{"45", 0, []int{4, 5}, []int{45}, 45},
		{"90", 0, []int{9, 10}, []int{90}, 90},
		{"E5.9 bonus", 1, []int{6, 8, 2}, []int{68, 28}, 28},
		{"E5.9 penalty", -1, []int{6, 8, 2}, []int{68, 28}, 68},
		{"E5.10 bonus", 1, []int{10, 10, 4}, []int{100, 40}, 40},
		{"E5.10 penalty", -1, []int{10, 10, 4}, []int{100, 40}, 100},
		{"E5.11 bonus", 1, []int{3, 7, 10}, []int{37, 7}, 7},
		{"two bonus", 2, []int{5, 3, 8, 2}, []int{53, 83, 23}, 23},
		{"two penalty", -2, []int{5, 3, 8, 2}, []int{53, 83, 23}, 83},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := must(RollD100(forced(tc.faces...), tc.net))
			if !reflect.DeepEqual(d.Candidates, tc.candidates) || d.Value != tc.value {
				t.Errorf("got %+v", d)
			}
		})
	}
}

// E5.9 as checks: skill 45 with one bonus die → 28 regular (hard is 22); as a penalty die → 68 failure.
func TestCheckE5_9(t *testing.T) {
	b := must(Check(forced(6, 8, 2), CheckInput{Value: 45, Bonus: 1}))
	if b.Final != 28 || b.Level != Regular || !b.Success {
		t.Errorf("bonus: %+v", b)
	}
	p := must(Check(forced(6, 8, 2), CheckInput{Value: 45, Penalty: 1}))
	if p.Final != 68 || p.Level != Failure || p.Success {
		t.Errorf("penalty: %+v", p)
	}
	// E5.10 as a penalty die → 100 → fumble.
	f := must(Check(forced(10, 10, 4), CheckInput{Value: 45, Penalty: 1}))
	if f.Level != Fumble {
		t.Errorf("E5.10: %+v", f)
	}
}

// E5.12: two bonus and one penalty are one bonus die (two tens dice).
func TestNetDiceE5_12(t *testing.T) {
	res := must(Check(forced(6, 8, 2), CheckInput{Value: 45, Bonus: 2, Penalty: 1}))
	if res.Net != 1 || len(res.Roll.Candidates) != 2 {
		t.Errorf("got %+v", res)
	}
}

func TestNetDiceLimits(t *testing.T) {
	_, err := Check(forced(1, 1, 1, 1), CheckInput{Value: 45, Bonus: 3})
	wantCode(t, err, ErrBadDice)
	_, err = Check(forced(1, 1, 1, 1), CheckInput{Value: 45, Penalty: -1})
	wantCode(t, err, ErrBadDice)
	_, err = Check(forced(1, 1), CheckInput{Value: 45, Mods: []Mod{"nonsense"}})
	wantCode(t, err, ErrUnknownMod)
	// automatic modifiers are clamped, never an error (G1)
	res := must(Check(forced(5, 5, 6, 7), CheckInput{Value: 45, Penalty: 2, Mods: []Mod{ModCover, ModFastTarget}}))
	if res.Net != -2 || !res.Clamped || res.Final != 75 {
		t.Errorf("got %+v", res)
	}
	// a bonus die from a modifier cancels an explicit penalty die
	res = must(Check(forced(5, 5), CheckInput{Value: 45, Penalty: 1, Mods: []Mod{ModPointBlank}}))
	if res.Net != 0 || res.Clamped {
		t.Errorf("got %+v", res)
	}
	_, err = RollD100(forced(1, 1, 1, 1, 1), 3)
	wantCode(t, err, ErrBadDice)
}

func TestCheckForcedExhausted(t *testing.T) {
	if _, err := Check(forced(5), CheckInput{Value: 45}); err == nil {
		t.Fatal("no error with one face")
	}
}
