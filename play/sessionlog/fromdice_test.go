package sessionlog

import (
	"math/big"
	"reflect"
	"testing"

	"rulekeeper/rules/dice"
)

func TestFromDice(t *testing.T) {
	tests := []struct {
		expr  string
		faces []int
		want  Roll
	}{
		{"2d20kh1+5 to hit", []int{8, 17}, Roll{Expr: "2d20kh1+5", Total: 22, Natural: 17,
			Dice: []Die{{Sides: 20, Face: 8, Dropped: true}, {Sides: 20, Face: 17}}}},
		{"1d20+4>=18", []int{20}, Roll{Expr: "1d20+4>=18", Total: 24, Natural: 20, Outcome: Crit,
			Dice: []Die{{Sides: 20, Face: 20}}}},
		{"1d20+30>=15", []int{1}, Roll{Expr: "1d20+30>=15", Total: 31, Natural: 1, Outcome: Success,
			Dice: []Die{{Sides: 20, Face: 1}}}},
		{"1d20+5>=15", []int{1}, Roll{Expr: "1d20+5>=15", Total: 6, Natural: 1, Outcome: Fumble,
			Dice: []Die{{Sides: 20, Face: 1}}}},
		{"1d20>=15", []int{9}, Roll{Expr: "1d20>=15", Total: 9, Natural: 9, Outcome: Failure,
			Dice: []Die{{Sides: 20, Face: 9}}}},
		{"4dF", []int{-1, 0, 1, 1}, Roll{Expr: "4dF", Total: 1,
			Dice: []Die{{Sides: 0, Face: -1}, {Sides: 0, Face: 0}, {Sides: 0, Face: 1}, {Sides: 0, Face: 1}}}},
	}
	for _, tt := range tests {
		e, err := dice.Parse(tt.expr)
		if err != nil {
			t.Fatal(err)
		}
		res, err := e.Roll(dice.NewScripted(tt.faces))
		if err != nil {
			t.Fatal(err)
		}
		got := FromDice(res)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: %+v, want %+v", tt.expr, got, tt.want)
		}
		if f := checkRoll(&got); f != "" {
			t.Errorf("%s: the roll is out of bounds at %s", tt.expr, f)
		}
	}
}

func TestNewOdds(t *testing.T) {
	if o := NewOdds(0.7975, big.NewRat(319, 400)); *o != (Odds{P: 0.7975, Fraction: "319/400"}) || !oddsOK(o) {
		t.Errorf("%+v", o)
	}
	if o := NewOdds(0.123456789, nil); o.Fraction != "" || !oddsOK(o) {
		t.Errorf("%+v", o)
	}
	if o := NewOdds(1, big.NewRat(1, 1)); o.Fraction != "1" || !oddsOK(o) || Chance(o) != "100%" {
		t.Errorf("%+v: %s", o, Chance(o))
	}
}
