package coc

// Odds are the exact chances of a d100 check: each level, success at the difficulty, and a jam.
type Odds struct {
	Critical Chance `json:"critical"`
	Extreme  Chance `json:"extreme"`
	Hard     Chance `json:"hard"`
	Regular  Chance `json:"regular"`
	Failure  Chance `json:"failure"`
	Fumble   Chance `json:"fumble"`
	Success  Chance `json:"success"` // the level meets the difficulty and the weapon does not jam
	Jam      Chance `json:"jam"`     // the roll reaches the malfunction number
}

// Level is the chance of achieving exactly level l.
func (o *Odds) Level(l Level) Chance {
	switch l {
	case Critical:
		return o.Critical
	case Extreme:
		return o.Extreme
	case Hard:
		return o.Hard
	case Regular:
		return o.Regular
	case Failure:
		return o.Failure
	case Fumble:
		return o.Fumble
	}
	return Chance{Den: 1}
}

// KeptDistribution is the exact distribution of a d100 roll's value with net bonus (> 0) or penalty (< 0) dice:
// nums[v] / den is P(value = v) for v in 1–100 (nums[0] is 0), den = 10^(|net|+1). net is clamped to ±MaxDice.
//
// Given the units digit u, each tens die gives the candidate value with probability 1/10 per digit; with k tens
// dice P(min ≤ s | u) = 1 − (1 − F_u(s)/10)^k and P(max ≤ s | u) = (F_u(s)/10)^k, where F_u(s) counts the tens
// digits whose candidate is at most s.
func KeptDistribution(net int) (nums [101]int64, den int64) {
	net = min(max(net, -MaxDice), MaxDice)
	return keptTables[net+MaxDice], keptDens[net+MaxDice]
}

// keptTables and keptDens hold KeptDistribution for net −MaxDice … +MaxDice, computed once.
var keptTables, keptDens = func() (t [2*MaxDice + 1][101]int64, d [2*MaxDice + 1]int64) {
	for net := -MaxDice; net <= MaxDice; net++ {
		t[net+MaxDice], d[net+MaxDice] = keptDistribution(net)
	}
	return t, d
}()

func keptDistribution(net int) (nums [101]int64, den int64) {
	k := 1 + max(net, -net)
	pow := func(b int64) int64 {
		p := int64(1)
		for range k {
			p *= b
		}
		return p
	}
	den = 10 * pow(10)
	var cdf [101]int64
	for s := 1; s <= 100; s++ {
		for u := range 10 {
			f := int64(0)
			for t := range 10 {
				if Percentile(t, u) <= s {
					f++
				}
			}
			if net > 0 {
				cdf[s] += pow(10) - pow(10-f)
			} else {
				cdf[s] += pow(f)
			}
		}
		nums[s] = cdf[s] - cdf[s-1]
	}
	return nums, den
}

// CheckOdds are the exact odds of a roll against value with difficulty d and net dice (clamped to ±MaxDice);
// malfunction (0 = none) is the jam number.
func CheckOdds(value int, d Difficulty, net, malfunction int) *Odds {
	net = min(max(net, -MaxDice), MaxDice)
	nums, den := KeptDistribution(net)
	var levels [6]int64 // by Rank
	var succ, jam int64
	for v := 1; v <= 100; v++ {
		l, ok := Judge(v, value, d.norm())
		levels[l.Rank()] += nums[v]
		switch {
		case malfunction > 0 && v >= malfunction:
			jam += nums[v]
		case ok:
			succ += nums[v]
		}
	}
	return &Odds{
		Critical: NewChance(levels[Critical.Rank()], den), Extreme: NewChance(levels[Extreme.Rank()], den),
		Hard: NewChance(levels[Hard.Rank()], den), Regular: NewChance(levels[Regular.Rank()], den),
		Failure: NewChance(levels[Failure.Rank()], den), Fumble: NewChance(levels[Fumble.Rank()], den),
		Success: NewChance(succ, den), Jam: NewChance(jam, den),
	}
}

// Odds are the exact odds of the input's roll (its dice and modifiers netted and clamped as Check does); nil when
// the input is invalid.
func (in CheckInput) Odds() *Odds {
	if in.validate() != nil {
		return nil
	}
	net, _, err := netDice(in.Bonus, in.Penalty, in.Mods)
	if err != nil {
		return nil
	}
	return CheckOdds(in.Value, in.Difficulty, net, in.Malfunction)
}

// Odds are the exact odds the roll had before it was made (Luck not counted).
func (res *CheckResult) Odds() *Odds {
	if res == nil {
		return nil
	}
	return CheckOdds(res.Value, res.Difficulty, res.Net, res.Malfunction)
}

// ImproveOdds is the chance a development roll improves a skill at value: a d100 over the value or 96 and up.
func ImproveOdds(value int) Chance {
	n := 0
	for r := 1; r <= 100; r++ {
		if r > value || r >= 96 {
			n++
		}
	}
	return NewChance(int64(n), 100)
}

// LuckRecoveryOdds is the chance a Luck recovery roll adds Luck: a d100 over the current Luck.
func LuckRecoveryOdds(luck int) Chance {
	return NewChance(int64(min(100, max(0, 100-luck))), 100)
}

// OpposedOdds are the exact chances of each outcome of an opposed roll, for A.
type OpposedOdds struct {
	Win  Chance `json:"win"`
	Lose Chance `json:"lose"`
	Tie  Chance `json:"tie"`
	None Chance `json:"none"`
}

// OpposedOddsOf are the chances of Opposed(a, b) (difficulties ignored; nil for invalid inputs).
func OpposedOddsOf(a, b CheckInput) *OpposedOdds {
	a.Difficulty, b.Difficulty = "", ""
	oa, ob := a.Odds(), b.Odds()
	if oa == nil || ob == nil {
		return nil
	}
	zero := Chance{Num: 0, Den: 1}
	out := &OpposedOdds{Win: zero, Lose: zero, Tie: zero, None: zero}
	for _, la := range Levels() {
		for _, lb := range Levels() {
			p := oa.Level(la).Mul(ob.Level(lb))
			o, _ := Oppose(&CheckResult{CheckInput: a, Level: la}, &CheckResult{CheckInput: b, Level: lb})
			switch o {
			case OpposedWin:
				out.Win = out.Win.Add(p)
			case OpposedLose:
				out.Lose = out.Lose.Add(p)
			case OpposedTie:
				out.Tie = out.Tie.Add(p)
			default:
				out.None = out.None.Add(p)
			}
		}
	}
	return out
}
