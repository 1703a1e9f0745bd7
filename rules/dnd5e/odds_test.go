package dnd5e

import (
	"math"
	"testing"
)

// bruteHit enumerates every d20 outcome (with advantage or disadvantage: 400 of them) and a flat modifier.
func bruteHit(mode Mode, modifier, target int, natural bool) float64 {
	hits, total := 0, 0
	for a := 1; a <= 20; a++ {
		for b := 1; b <= 20; b++ {
			n := a
			switch mode {
			case Advantage:
				n = max(a, b)
			case Disadvantage:
				n = min(a, b)
			default:
				if b > 1 {
					continue
				}
			}
			total++
			switch {
			case natural && n == 20:
				hits++
			case natural && n == 1:
			case n+modifier >= target:
				hits++
			}
		}
	}
	return float64(hits) / float64(total)
}

func TestD20Odds(t *testing.T) {
	tests := []struct {
		mode     Mode
		modifier int
		bonus    string
		target   int
		natural  bool
		want     float64
		rat      string
	}{
		{Advantage, 5, "", 15, false, 0.7975, "319/400"}, // the worked value
		{Disadvantage, 5, "", 15, false, 0.3025, "121/400"},
		{Normal, 5, "", 15, false, 0.55, "11/20"},
		{Normal, 0, "", 10, true, 0.55, "11/20"},      // a death save
		{Normal, 30, "", 15, true, 0.95, "19/20"},     // a natural 1 still misses
		{Normal, -30, "", 15, true, 0.05, "1/20"},     // a natural 20 still hits
		{Normal, 30, "", 15, false, 1, "1"},           // checks have no natural-1 rule
		{Normal, 2, "1d4", 15, false, 0.525, "21/40"}, // bless: Σ_k P(d20 ≥ 13−k)/4 = (9+10+11+12)/80
	}
	for _, tt := range tests {
		o := D20Odds(tt.mode, tt.modifier, tt.bonus, tt.target, tt.natural)
		if o == nil || math.Abs(o.P-tt.want) > 1e-12 || o.Rat == nil || o.Rat.RatString() != tt.rat || !o.Exact {
			t.Errorf("%v %+d %q vs %d natural=%v: %+v, want %v (%s)", tt.mode, tt.modifier, tt.bonus, tt.target, tt.natural, o, tt.want, tt.rat)
		}
		if tt.bonus == "" {
			if b := bruteHit(tt.mode, tt.modifier, tt.target, tt.natural); math.Abs(b-tt.want) > 1e-12 {
				t.Errorf("table value %v disagrees with enumeration %v", tt.want, b)
			}
		}
	}
	if D20Odds(Normal, 0, "1d", 10, false) != nil {
		t.Error("bad bonus notation must give no odds")
	}
}

func TestResultOdds(t *testing.T) {
	if (&RollResult{DC: 0}).Odds() != nil || (&AttackResult{AC: 0}).Odds() != nil {
		t.Error("no DC or AC: no odds")
	}
	if o := (&RollResult{DC: 15, AutoFail: true}).Odds(); o == nil || o.P != 0 {
		t.Errorf("an automatic failure: %+v", o)
	}
	if o := (&AttackResult{AC: 15, ToHit: 5, Mode: Advantage}).Odds(); o == nil || o.Rat.RatString() != "319/400" {
		t.Errorf("attack with advantage: %+v", o)
	}
	if o := (&DeathSaveResult{}).Odds(); o == nil || o.Rat.RatString() != "11/20" {
		t.Errorf("death save: %+v", o)
	}
	if o := Certain(); o.P != 1 {
		t.Errorf("certain: %+v", o)
	}
}
