package rogue

// Odds are the exact chances of a check's outcomes, as counts out of Den
// (36 for one 2D6 roll, 1296 with a re-roll). The four counts are disjoint
// and add up to Den: P(success at all) = (Critical + Success) / Den.
type Odds struct {
	Den      int `json:"den"`
	Critical int `json:"critical"`
	Success  int `json:"success"` // successes that are not critical
	Failure  int `json:"failure"` // failures that are not fumbles
	Fumble   int `json:"fumble"`
}

// Succeed is the count of successful outcomes (critical included).
func (o Odds) Succeed() int { return o.Critical + o.Success }

func (o Odds) add(outcome Outcome, n int) Odds {
	switch outcome {
	case OutcomeCritical:
		o.Critical += n
	case OutcomeSuccess:
		o.Success += n
	case OutcomeFumble:
		o.Fumble += n
	default:
		o.Failure += n
	}
	return o
}

// CheckOdds returns the exact chances of a check before rolling it (the
// modifiers are summed and capped exactly as Roll does).
func CheckOdds(c Check) (Odds, error) {
	if err := c.validate(); err != nil {
		return Odds{}, err
	}
	_, _, mod := capMods(c.Mods)
	critAt := 0
	if !c.NoCrit {
		critAt = 12 - c.CritMod
	}
	return checkOdds(mod, c.difficulty(), 2+c.FumbleMod, critAt, c.RerollFailure != "", c.RerollSuccess != ""), nil
}

func checkOdds(mod, difficulty, fumbleAt, critAt int, rerollFail, rerollSucc bool) Odds {
	one := Odds{Den: 36}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			one = one.add(judge(a+b, a+b+mod, difficulty, fumbleAt, critAt), 1)
		}
	}
	if !rerollFail && !rerollSucc {
		return one
	}
	out := Odds{Den: 36 * 36}
	first := []struct {
		o Outcome
		n int
	}{{OutcomeCritical, one.Critical}, {OutcomeSuccess, one.Success}, {OutcomeFailure, one.Failure}, {OutcomeFumble, one.Fumble}}
	for _, f := range first {
		if (rerollFail && !f.o.Succeeded()) || (rerollSucc && f.o.Succeeded()) {
			out.Critical += f.n * one.Critical
			out.Success += f.n * one.Success
			out.Failure += f.n * one.Failure
			out.Fumble += f.n * one.Fumble
			continue
		}
		out = out.add(f.o, f.n*36)
	}
	return out
}

// AttackOdds are the exact chances of an attack's outcomes, as counts out of
// Den (36; 1296 with Steady Shot's re-roll; 6 for an automatic hit, where only
// the crit D6 is rolled). The counts are disjoint and add up to Den:
// P(hit at all) = (Hit + Critical) / Den.
type AttackOdds struct {
	Den      int `json:"den"`
	Hit      int `json:"hit"`      // hits that are not critical
	Critical int `json:"critical"` // critical hits (head)
	Dodged   int `json:"dodged"`
	Blocked  int `json:"blocked"`
	Parried  int `json:"parried"`
	Miss     int `json:"miss"`
	Fumble   int `json:"fumble"`
}

// Hits is the count of hitting outcomes (critical included).
func (o AttackOdds) Hits() int { return o.Hit + o.Critical }

func (o AttackOdds) add(outcome Outcome, n int) AttackOdds {
	switch outcome {
	case OutcomeHit:
		o.Hit += n
	case OutcomeCritical:
		o.Critical += n
	case OutcomeDodged:
		o.Dodged += n
	case OutcomeBlocked:
		o.Blocked += n
	case OutcomeParried:
		o.Parried += n
	case OutcomeFumble:
		o.Fumble += n
	default:
		o.Miss += n
	}
	return o
}

func (o AttackOdds) counts() []struct {
	o Outcome
	n int
} {
	return []struct {
		o Outcome
		n int
	}{{OutcomeHit, o.Hit}, {OutcomeCritical, o.Critical}, {OutcomeDodged, o.Dodged},
		{OutcomeBlocked, o.Blocked}, {OutcomeParried, o.Parried}, {OutcomeMiss, o.Miss}, {OutcomeFumble, o.Fumble}}
}

// Bands are the resolved numbers of a to-hit roll (A15): Base (7, or 12 for
// melee against an invisible target), the defences still available with their
// kinds, the final Target = Base + every defence (or + range), the attacker's
// capped Offense, the fumble and crit thresholds.
type Bands struct {
	Offense    int     `json:"offense"`
	Base       int     `json:"base"`
	Dodge      int     `json:"dodge,omitempty"`      // dodge band width (0 = none)
	Second     int     `json:"second,omitempty"`     // block or parry band width (0 = none)
	SecondIs   Defence `json:"second_is,omitempty"`  // DefenceBlock or DefenceParry
	Range      int     `json:"range,omitempty"`      // ranged and spell: range (+ deflect) after halving
	Target     int     `json:"target"`               // total needed to hit
	FumbleAt   int     `json:"fumble_at"`            // fumble on nat ≤ FumbleAt
	CritAt     int     `json:"crit_at"`              // critical on nat ≥ CritAt (when the attack hits)
	DodgeFrom  int     `json:"dodge_from,omitempty"` // natural rolls that are dodged: DodgeFrom..DodgeTo (0, 0 when none is)
	DodgeTo    int     `json:"dodge_to,omitempty"`
	SecondFrom int     `json:"second_from,omitempty"` // natural rolls that are blocked/parried (0, 0 when none is)
	SecondTo   int     `json:"second_to,omitempty"`
	// HitFrom is the lowest natural roll that really hits: above FumbleAt (a
	// natural 2 is always a critical failure, so never "hit on 2+"), 12 when
	// only a double six hits, 0 when no roll can (every one a critical failure).
	HitFrom int `json:"hit_from"`
}

// Resolve judges a natural roll against the bands (the A15 algorithm):
// fumble, double six (critical hit), total ≥ Target (hit; critical if
// nat ≥ CritAt), a total inside a defence band (dodged, then blocked/parried
// above it), else a plain miss.
func (b Bands) Resolve(nat int) Outcome {
	total := nat + b.Offense
	switch {
	case nat <= b.FumbleAt:
		return OutcomeFumble
	case nat == 12:
		return OutcomeCritical
	case total >= b.Target:
		if nat >= b.CritAt {
			return OutcomeCritical
		}
		return OutcomeHit
	case b.Dodge > 0 && total >= b.Base && total < b.Base+b.Dodge:
		return OutcomeDodged
	case b.Second > 0 && total >= b.Base+b.Dodge && total < b.Target:
		if b.SecondIs == DefenceParry {
			return OutcomeParried
		}
		return OutcomeBlocked
	}
	return OutcomeMiss
}

// fill computes Target and the natural-roll bands, as Resolve judges them:
// a natural roll at or below FumbleAt is a critical failure and a double six
// a critical hit, whatever band its total falls in.
func (b *Bands) fill() {
	b.Target = b.Base + b.Dodge + b.Second + b.Range
	if b.Dodge > 0 {
		b.DodgeFrom, b.DodgeTo = b.naturals(b.Base-b.Offense, b.Base+b.Dodge-1-b.Offense)
	}
	if b.Second > 0 {
		b.SecondFrom, b.SecondTo = b.naturals(b.Base+b.Dodge-b.Offense, b.Target-1-b.Offense)
	}
	b.HitFrom = min(max(b.Target-b.Offense, b.FumbleAt+1, 2), 12)
	if b.FumbleAt >= 12 {
		b.HitFrom = 0
	}
}

// naturals narrows a band of natural rolls to those Resolve gives it: above
// FumbleAt and below 12; (0, 0) when none is left.
func (b *Bands) naturals(from, to int) (int, int) {
	from, to = max(from, b.FumbleAt+1, 2), min(to, 11)
	if from > to {
		return 0, 0
	}
	return from, to
}

// Odds enumerates the 36 outcomes of 2D6 against the bands (reroll: one
// re-roll of a failed roll, Steady Shot).
func (b Bands) Odds(reroll bool) AttackOdds {
	one := AttackOdds{Den: 36}
	for x := 1; x <= 6; x++ {
		for y := 1; y <= 6; y++ {
			one = one.add(b.Resolve(x+y), 1)
		}
	}
	if !reroll {
		return one
	}
	out := AttackOdds{Den: 36 * 36}
	for _, f := range one.counts() {
		if f.o.Succeeded() {
			out = out.add(f.o, f.n*36)
			continue
		}
		for _, s := range one.counts() {
			out = out.add(s.o, f.n*s.n)
		}
	}
	return out
}

// MeleeOdds is the quick form for a reply: the chances of an attack with
// offense o (already capped) against a defender with the given unused dodge
// and block-or-parry values, default base 7, fumble on 2, crit on 12.
func MeleeOdds(offense, dodge, second int, secondIs Defence) AttackOdds {
	b := Bands{Offense: min(offense, ModifierCap), Base: 7, Dodge: max(dodge, 0), Second: max(second, 0), SecondIs: secondIs, FumbleAt: 2, CritAt: 12}
	if b.Second > 0 && b.SecondIs == "" {
		b.SecondIs = DefenceBlock
	}
	b.fill()
	return b.Odds(false)
}
