package bot

import (
	"math/big"
	"strings"

	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
)

// The chance of a 5e d20 roll succeeding, computed before the roll from the same numbers the rules rolled: the
// final mode (after every condition), the flat modifier, the extra notation (bless: 1d4) and the DC or AC.
//
// Checks and saves compare the total with the DC: P(d20 + modifier ≥ DC). Attack rolls and death saves follow the
// natural-die rule: a natural 20 always succeeds and a natural 1 always fails, so
//
//	P = P(nat 20) + Σ_{n=2..19} P(nat = n)·P(n + modifier ≥ target)
//
// with the modifier's distribution (1d4 + 5) independent of the d20's (1d20, 2d20kh1 or 2d20kl1).

// rollOdds is the chance of success of one roll.
type rollOdds struct {
	P     float64
	Rat   *big.Rat // the exact fraction when it is small enough to show (see dice.MaxShownDenominator), else nil
	Exact bool     // computed, not a Monte-Carlo estimate (a huge bonus notation can make it one)
}

// oddsJSON is the chance in a result's JSON: chance (0–1) of success or of a hit, and the fraction when shown.
// Both are absent when there is nothing to compare with (no DC or AC).
type oddsJSON struct {
	Chance    *float64 `json:"chance,omitempty"`
	ChanceRat string   `json:"chance_rat,omitempty"`
}

func (o *rollOdds) json() oddsJSON {
	if o == nil {
		return oddsJSON{}
	}
	p := o.P
	j := oddsJSON{Chance: &p}
	if o.Rat != nil {
		j.ChanceRat = o.Rat.RatString()
	}
	return j
}

// concSaveJSON is a concentration CON save in a result's JSON, with its chance of success against the DC.
type concSaveJSON struct {
	*dnd5e.ConcentrationResult
	oddsJSON
}

// concSaveOut is the JSON of a concentration save; nil for none.
func concSaveOut(res *dnd5e.ConcentrationResult) *concSaveJSON {
	if res == nil {
		return nil
	}
	return &concSaveJSON{ConcentrationResult: res, oddsJSON: checkOdds(res.Save).json()}
}

// d20Term is the d20 part of a roll in mode m.
func d20Term(m dnd5e.Mode) string {
	switch m {
	case dnd5e.Advantage:
		return "2d20kh1"
	case dnd5e.Disadvantage:
		return "2d20kl1"
	}
	return "1d20"
}

// modifierNotation is a roll's modifier as an expression of its own: "0+5+1d4", "0-1-1d4", "0+0".
func modifierNotation(modifier int, bonus string) string {
	s := "0" + signedNum(modifier)
	if b := strings.TrimSpace(bonus); b != "" {
		if b[0] != '+' && b[0] != '-' {
			b = "+" + b
		}
		s += b
	}
	return s
}

// d20Odds is P(success) of a d20 roll in mode with modifier and bonus against target (a DC or an AC); natural
// applies the natural 20 / natural 1 rule. It returns nil when a distribution cannot be computed.
func d20Odds(mode dnd5e.Mode, modifier int, bonus string, target int, natural bool) *rollOdds {
	d, err := dice.DistributionOf(d20Term(mode), dice.DistOptions{})
	if err != nil {
		return nil
	}
	m, err := dice.DistributionOf(modifierNotation(modifier, bonus), dice.DistOptions{})
	if err != nil {
		return nil
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
		case natural && n == 1:
			continue
		case natural && n == 20:
			add(n, 1, big.NewRat(1, 1), true)
		default:
			rm, ok := m.AtLeastRat(target - n)
			add(n, m.AtLeast(target-n), rm, ok)
		}
	}
	o := &rollOdds{P: min(max(p, 0), 1), Exact: d.Exact() && m.Exact()}
	if sum != nil {
		if sum.Denom().IsUint64() && sum.Denom().Uint64() <= dice.MaxShownDenominator {
			o.Rat = sum
		}
		o.P, _ = sum.Float64() // the exact value, rounded once
	}
	return o
}

// checkOdds is the chance of a check or save against its DC; nil without a DC.
func checkOdds(res *dnd5e.RollResult) *rollOdds {
	switch {
	case res == nil || res.DC <= 0:
		return nil
	case res.AutoFail:
		return &rollOdds{P: 0, Rat: new(big.Rat), Exact: true}
	}
	return d20Odds(res.Mode, res.Modifier, res.Bonus, res.DC, false)
}

// attackOdds is the chance of an attack roll hitting its AC; nil when the AC is unknown.
func attackOdds(res *dnd5e.AttackResult) *rollOdds {
	if res == nil || res.AC <= 0 {
		return nil
	}
	return d20Odds(res.Mode, res.ToHit, res.Bonus, res.AC, true)
}

// sureOdds is the chance of what cannot fail (first aid with a healer's kit).
func sureOdds() *rollOdds { return &rollOdds{P: 1, Rat: big.NewRat(1, 1), Exact: true} }

// deathSaveDC is the total a death save needs.
const deathSaveDC = 10

// deathSaveOdds is the chance of a death save succeeding (a natural 20 revives, which counts as a success).
func deathSaveOdds(res *dnd5e.DeathSaveResult) *rollOdds {
	if res == nil {
		return nil
	}
	return d20Odds(res.Mode, 0, res.Bonus, deathSaveDC, true)
}

// oddsText renders a chance for people: "79.75% (319/400)", "≈ 12.3%" for an estimate; the fraction only when it
// is exact, shown, and not 0 or 1.
func oddsText(o *rollOdds) string {
	s := dice.Percent(o.P)
	if !o.Exact {
		return "≈ " + s
	}
	if o.Rat != nil && o.Rat.Sign() > 0 && o.Rat.Cmp(big.NewRat(1, 1)) < 0 {
		s += " (" + o.Rat.RatString() + ")"
	}
	return s
}

// oddsLine is the reply line of a chance: key is stats.odds.success or stats.odds.hit; "" for nil.
func oddsLine(req *Request, key string, o *rollOdds) string {
	if o == nil {
		return ""
	}
	return req.T(key, "Chance", oddsText(o))
}
