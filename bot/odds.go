package bot

import (
	"math/big"

	"rulekeeper/locales"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
)

// oddsJSON is the chance in a result's JSON: chance (0–1) of success or of a hit, and the fraction when shown.
// Both are absent when there is nothing to compare with (no DC or AC).
type oddsJSON struct {
	Chance    *float64 `json:"chance,omitempty"`
	ChanceRat string   `json:"chance_rat,omitempty"`
}

// oddsOut is the JSON of a chance computed by rules/dnd5e; empty for none.
func oddsOut(o *dnd5e.Odds) oddsJSON {
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
	return &concSaveJSON{ConcentrationResult: res, oddsJSON: oddsOut(res.Save.Odds())}
}

// oddsText renders a chance for people: "79.75% (319/400)", "≈ 12.3%" for an estimate; the fraction only when it
// is exact, shown, and not 0 or 1.
func oddsText(p *locales.Printer, o *dnd5e.Odds) string {
	s := dice.Percent(o.P)
	if !o.Exact {
		return "≈ " + s
	}
	if o.Rat != nil && o.Rat.Sign() > 0 && o.Rat.Cmp(big.NewRat(1, 1)) < 0 {
		s = p.Paren(s, o.Rat.RatString())
	}
	return s
}

// oddsLine is the reply line of a chance: key is stats.odds.success or stats.odds.hit; "" for nil.
func oddsLine(req *Request, key string, o *dnd5e.Odds) string {
	if o == nil {
		return ""
	}
	return req.T(key, "Chance", oddsText(req.P, o))
}
