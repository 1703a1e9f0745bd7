package dnd5e

import (
	"math/big"
	"strconv"
	"strings"

	"rulekeeper/rules/dice"
)

// Odds is the chance of a roll succeeding, computed from the same numbers the roll used: the final mode (after
// every condition), the flat modifier, the extra notation (bless: 1d4) and the DC or AC.
//
// Checks and saves compare the total with the DC: P(d20 + modifier ≥ DC) (no natural 20/1 rule, G-B8). Attack
// rolls and death saves follow the natural-die rule — a natural 20 always succeeds and a natural 1 always fails:
//
//	P = P(nat 20) + Σ_{n=2..19} P(nat = n)·P(n + modifier ≥ target)
//
// with the modifier's distribution (1d4 + 5) independent of the d20's (1d20, 2d20kh1 or 2d20kl1).
type Odds struct {
	P     float64
	Rat   *big.Rat // the exact fraction when it is small enough to show (dice.MaxShownDenominator), else nil
	Exact bool     // computed, not a Monte-Carlo estimate (a huge bonus notation can make it one)
}

// deathSaveDC is the total a death save needs (B7: d20 ≥ 10).
const deathSaveDC = 10

// Certain is the chance of what cannot fail (first aid with a healer's kit).
func Certain() *Odds { return &Odds{P: 1, Rat: big.NewRat(1, 1), Exact: true} }

// impossible is the chance of what cannot succeed (an automatically failed save).
func impossible() *Odds { return &Odds{P: 0, Rat: new(big.Rat), Exact: true} }

// D20Odds is P(success) of a d20 roll in mode with modifier and bonus notation against target (a DC or an AC);
// natural applies the natural 20 / natural 1 rule. It returns nil when a distribution cannot be computed.
func D20Odds(mode Mode, modifier int, bonus string, target int, natural bool) *Odds {
	return D20OddsFor(D20Spec{Mode: mode, Modifier: modifier, Bonus: bonus, Target: target, Natural: natural})
}

// D20Spec is everything the chance of a d20 roll depends on.
type D20Spec struct {
	Mode     Mode
	MinD20   int    // a d20 below this counts as this (reliable talent); 0 = none
	Modifier int    // the flat modifier
	Bonus    string // bonus notation: the user's and the effects' ("1d4-1d4[bane]"), labels allowed
	Target   int    // DC or AC
	Natural  bool   // attack rolls and death saves: a natural 1 fails, a natural CritMin or more succeeds
	CritMin  int    // the lowest natural that always succeeds when Natural (0 = 20; improved critical 19)
}

// D20OddsFor is P(success) of the roll s describes (see Odds); nil when a distribution cannot be computed.
func D20OddsFor(s D20Spec) *Odds {
	d, err := dice.DistributionOf(d20TermMin(s.Mode, s.MinD20), dice.DistOptions{})
	if err != nil {
		return nil
	}
	m, err := dice.DistributionOf(modifierNotation(s.Modifier, s.Bonus), dice.DistOptions{})
	if err != nil {
		return nil
	}
	critMin := s.CritMin
	if critMin < 2 || critMin > 20 {
		critMin = 20
	}
	p, sum := 0.0, new(big.Rat)
	add := func(n int, pm float64, rm *big.Rat, known bool) {
		p += d.Prob(n) * pm
		rn, ok := d.ProbRat(n)
		if !ok || !known || sum == nil {
			sum = nil
			return
		}
		sum.Add(sum, new(big.Rat).Mul(rn, rm))
	}
	for n := 1; n <= 20; n++ {
		switch {
		case s.Natural && n == 1:
			continue
		case s.Natural && n >= critMin:
			add(n, 1, big.NewRat(1, 1), true)
		default:
			rm, ok := m.AtLeastRat(s.Target - n)
			add(n, m.AtLeast(s.Target-n), rm, ok)
		}
	}
	o := &Odds{P: min(max(p, 0), 1), Exact: d.Exact() && m.Exact()}
	if sum != nil {
		if sum.Denom().IsUint64() && sum.Denom().Uint64() <= dice.MaxShownDenominator {
			o.Rat = sum
		}
		o.P, _ = sum.Float64() // the exact value, rounded once
	}
	return o
}

// d20Term is the d20 part of a roll in mode m.
func d20Term(m Mode) string {
	switch m {
	case Advantage:
		return "2d20kh1"
	case Disadvantage:
		return "2d20kl1"
	}
	return "1d20"
}

// modifierNotation is a roll's modifier as an expression of its own: "0+5+1d4", "0-1-1d4", "0+0".
func modifierNotation(modifier int, bonus string) string {
	s := "0+" + strconv.Itoa(modifier)
	if modifier < 0 {
		s = "0" + strconv.Itoa(modifier)
	}
	if b := strings.TrimSpace(bonus); b != "" {
		if b[0] != '+' && b[0] != '-' {
			b = "+" + b
		}
		s += b
	}
	return s
}

// Odds is the chance of a check or save succeeding against its DC; nil without a DC.
func (r *RollResult) Odds() *Odds {
	switch {
	case r == nil || r.DC <= 0:
		return nil
	case r.AutoFail:
		return impossible()
	}
	return D20OddsFor(D20Spec{Mode: r.Mode, MinD20: r.MinD20, Modifier: r.Modifier,
		Bonus: joinDice(r.Bonus, r.EffectBonus), Target: r.DC})
}

// Odds is the chance of an attack roll hitting its AC; nil when the AC is unknown.
func (r *AttackResult) Odds() *Odds {
	if r == nil || r.AC <= 0 {
		return nil
	}
	return D20OddsFor(D20Spec{Mode: r.Mode, Modifier: r.ToHit, Bonus: joinDice(r.Bonus, r.EffectBonus),
		Target: r.AC, Natural: true, CritMin: r.CritMin})
}

// Odds is the chance of a death save succeeding (a natural 20 revives, which counts as a success).
func (r *DeathSaveResult) Odds() *Odds {
	if r == nil {
		return nil
	}
	return D20OddsFor(D20Spec{Mode: r.Mode, Bonus: joinDice(r.Bonus, r.EffectBonus), Target: deathSaveDC, Natural: true})
}
