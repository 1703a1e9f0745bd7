package coc

import (
	"os"
	"path/filepath"
	"testing"

	"rulekeeper/rules/dice"
)

// FuzzDecode: no input makes Decode panic, and a sheet it accepts encodes and decodes to the same JSON.
func FuzzDecode(f *testing.F) {
	if data, err := os.ReadFile(filepath.Join("testdata", "sheet.json")); err == nil {
		f.Add(data)
	}
	f.Add([]byte(`{"v":1,"name":"x","age":30,"scores":{},"max_hp":1,"hp":1}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		c, err := Decode(data)
		if err != nil {
			return
		}
		out, err := c.Encode()
		if err != nil {
			t.Fatalf("decoded but does not encode: %v", err)
		}
		back, err := Decode(out)
		if err != nil {
			t.Fatalf("encoded sheet does not decode: %v", err)
		}
		again, _ := back.Encode()
		if string(again) != string(out) {
			t.Fatalf("round trip changed the sheet:\n%s\n%s", out, again)
		}
	})
}

// FuzzParseLoss: no loss text makes ParseLoss panic; an accepted loss rolls.
func FuzzParseLoss(f *testing.F) {
	for _, s := range []string{"0/1d6", "1/1D4+1", "1D10/1D100", "0／1d6", "/", "1d6/", "0/1d6>3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := ParseLoss(s)
		if err != nil {
			return
		}
		c := must(New("x", 30, baseScores, 50))
		if _, err := c.Sanity(dice.NewSeeded(1), SanityInput{Loss: l.String()}); err != nil {
			if _, ok := err.(*dice.Error); !ok {
				t.Fatalf("%q: %v", s, err)
			}
		}
	})
}

// FuzzCheck: no numbers make Check panic, and an accepted roll is judged consistently with Judge and its odds.
func FuzzCheck(f *testing.F) {
	f.Add(50, 0, 0, 0, 1, uint64(1))
	f.Add(49, 2, 1, 0, 3, uint64(2))
	f.Fuzz(func(t *testing.T, value, bonus, penalty, malfunction, diff int, seed uint64) {
		d := Difficulties()[((diff%4)+4)%4]
		in := CheckInput{Value: value, Difficulty: d, Bonus: bonus, Penalty: penalty, Malfunction: malfunction}
		res, err := Check(dice.NewSeeded(seed), in)
		if err != nil {
			if in.Odds() != nil {
				t.Fatalf("%+v: rejected but has odds", in)
			}
			return
		}
		l, ok := Judge(res.Final, value, d)
		if l != res.Level || (ok && !res.Jammed) != res.Success {
			t.Fatalf("%+v: %s %v vs Judge %s %v", in, res.Level, res.Success, l, ok)
		}
		o := res.Odds()
		if o.Level(res.Level).Num == 0 {
			t.Fatalf("%+v: rolled %s, which has no chance", in, res.Level)
		}
	})
}
