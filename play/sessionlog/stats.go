package sessionlog

// Stats is a log's summary: one Tally per name (Entry.Who, and the targets of damage and healing) in order of first
// appearance, and the Tally of the whole table.
type Stats struct {
	Names []Tally
	All   Tally // every entry, Name ""
}

// Tally counts one name's rolls and hit points.
type Tally struct {
	Name      string
	Rolls     int // entries with a roll
	Successes int // rolls with a successful outcome, crits included
	Failures  int // rolls with a failed outcome, fumbles included
	Crits     int
	Fumbles   int

	D20s        int     // rolls with a natural d20
	D20Sum      int     // the sum of those naturals
	D20Expected float64 // the sum of their expected values: 10.5 straight, 13.825 with advantage, 7.175 with disadvantage

	Judged            int     // rolls with an outcome and odds
	JudgedSuccesses   int     // the successes among them
	ExpectedSuccesses float64 // the sum of their odds

	DamageDealt  int // damage entries whose source is this name
	DamageTaken  int // damage entries whose target is this name
	HealingGiven int
	HealingTaken int
}

// Expected values of the natural d20: (n+1)/2 straight; Σ k·(2k−1)/400 = 553/40 as the higher of two; 21 minus that
// as the lower.
const (
	d20Mean    = 10.5
	d20MeanAdv = 553.0 / 40
	d20MeanDis = 21 - d20MeanAdv
)

// expectedNatural is the expected natural d20 in mode m.
func (m Mode) expectedNatural() float64 {
	switch m {
	case Advantage:
		return d20MeanAdv
	case Disadvantage:
		return d20MeanDis
	}
	return d20Mean
}

// D20Mean is the average natural d20, 0 without one.
func (t *Tally) D20Mean() float64 { return ratio(float64(t.D20Sum), t.D20s) }

// D20ExpectedMean is the average expected natural d20 of the same rolls (10.5 when all were straight).
func (t *Tally) D20ExpectedMean() float64 { return ratio(t.D20Expected, t.D20s) }

// Luck is successes beyond the expected: JudgedSuccesses − ExpectedSuccesses (negative when unlucky).
func (t *Tally) Luck() float64 { return float64(t.JudgedSuccesses) - t.ExpectedSuccesses }

// ExpectedRate is the mean odds of the judged rolls, 0 without one.
func (t *Tally) ExpectedRate() float64 { return ratio(t.ExpectedSuccesses, t.Judged) }

// SuccessRate is the share of judged rolls that succeeded, 0 without one.
func (t *Tally) SuccessRate() float64 { return ratio(float64(t.JudgedSuccesses), t.Judged) }

func ratio(sum float64, n int) float64 {
	if n == 0 {
		return 0
	}
	return sum / float64(n)
}

// Stats counts the log's rolls, outcomes, naturals, luck and hit points per name.
func (l *Log) Stats() Stats {
	var s Stats
	index := map[string]int{}
	tally := func(name string) *Tally {
		i, ok := index[name]
		if !ok {
			i = len(s.Names)
			index[name] = i
			s.Names = append(s.Names, Tally{Name: name})
		}
		return &s.Names[i]
	}
	for i := range l.Entries {
		e := &l.Entries[i]
		who := e.Who()
		if r := e.Roll; r != nil && who != "" {
			tally(who).addRoll(r)
		}
		if r := e.Roll; r != nil {
			s.All.addRoll(r)
		}
		if d := e.Damage; d != nil && (e.Kind == KindDamage || e.Kind == KindHeal || e.Kind == KindAttack || e.Kind == KindCast) {
			heal := e.Kind == KindHeal
			if who != "" && who != d.Target { // /hp names no source: the one it changed is not its own source
				tally(who).addHP(d.Amount, heal, false)
			}
			if d.Target != "" {
				tally(d.Target).addHP(d.Amount, heal, true)
			}
			if who != d.Target {
				s.All.addHP(d.Amount, heal, false)
			}
			s.All.addHP(d.Amount, heal, true)
		}
	}
	return s
}

func (t *Tally) addRoll(r *Roll) {
	t.Rolls++
	switch r.Outcome {
	case Crit:
		t.Crits++
	case Fumble:
		t.Fumbles++
	}
	if r.Outcome.Succeeded() {
		t.Successes++
	} else if r.Outcome.Failed() {
		t.Failures++
	}
	if r.Natural > 0 {
		t.D20s++
		t.D20Sum += r.Natural
		t.D20Expected += r.Mode.expectedNatural()
	}
	if r.Odds != nil && r.Outcome != "" {
		t.Judged++
		t.ExpectedSuccesses += r.Odds.P
		if r.Outcome.Succeeded() {
			t.JudgedSuccesses++
		}
	}
}

func (t *Tally) addHP(amount int, heal, taken bool) {
	switch {
	case heal && taken:
		t.HealingTaken += amount
	case heal:
		t.HealingGiven += amount
	case taken:
		t.DamageTaken += amount
	default:
		t.DamageDealt += amount
	}
}
