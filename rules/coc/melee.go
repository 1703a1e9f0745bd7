package coc

import "rulekeeper/rules/dice"

// Defence is how the target of a melee attack reacts (§7.2).
type Defence string

// The defences. DefenceNone: the target cannot or does not defend (surprised, helpless): a successful attack hits.
const (
	DefenceDodge     Defence = "dodge"
	DefenceFightBack Defence = "fight_back"
	DefenceNone      Defence = "none"
)

// Key is the catalog key of the defence ("coc.defence.dodge").
func (d Defence) Key() string {
	switch d {
	case DefenceDodge:
		return "coc.defence.dodge"
	case DefenceFightBack:
		return "coc.defence.fight_back"
	case DefenceNone:
		return "coc.defence.none"
	}
	return ""
}

// MeleeOutcome is what came of a melee attack.
type MeleeOutcome string

// The outcomes.
const (
	MeleeHit     MeleeOutcome = "hit"     // the attacker deals damage
	MeleeDodged  MeleeOutcome = "dodged"  // the defender avoided the attack
	MeleeCounter MeleeOutcome = "counter" // the defender fought back better and deals damage
	MeleeMiss    MeleeOutcome = "miss"    // both failed: no damage
)

// Key is the catalog key of the outcome ("coc.melee.hit").
func (o MeleeOutcome) Key() string {
	switch o {
	case MeleeHit:
		return "coc.melee.hit"
	case MeleeDodged:
		return "coc.melee.dodged"
	case MeleeCounter:
		return "coc.melee.counter"
	case MeleeMiss:
		return "coc.melee.miss"
	}
	return ""
}

// ResolveMelee compares an attack with its defence (§7.2): the better level wins; at the same level Dodge wins
// against the attacker but the attacker wins against Fight Back; both failing is a miss.
func ResolveMelee(att, def *CheckResult, d Defence) MeleeOutcome {
	if d == DefenceNone || def == nil {
		if att.Success {
			return MeleeHit
		}
		return MeleeMiss
	}
	ra, rd := successRank(att.Level), successRank(def.Level)
	switch {
	case !att.Success && !def.Success:
		return MeleeMiss
	case ra > rd && att.Success:
		return MeleeHit
	case d == DefenceDodge:
		return MeleeDodged
	case rd > ra:
		return MeleeCounter
	}
	return MeleeHit
}

// MeleeInput is one melee attack: the attacker's Fighting roll, the defence, and the defender's Dodge or Fighting
// roll (ignored for DefenceNone). Both are opposed combat rolls: no difficulty, never pushed.
type MeleeInput struct {
	Attack  CheckInput `json:"attack"`
	Defence Defence    `json:"defence"`
	Defend  CheckInput `json:"defend"`
}

// MeleeResult is a resolved melee attack.
type MeleeResult struct {
	Attack  *CheckResult `json:"attack"`
	Defence Defence      `json:"defence"`
	Defend  *CheckResult `json:"defend,omitempty"`
	Outcome MeleeOutcome `json:"outcome"`
	// Extreme is true when the attacker hit with an extreme success or a critical: maximum damage (RollDamage).
	// A defender winning a Fight Back deals normal damage whatever its level.
	Extreme bool `json:"extreme,omitempty"`
}

// Melee rolls the attack, then the defence, and resolves them (E7.1, E7.2).
func Melee(r dice.Roller, in MeleeInput) (*MeleeResult, error) {
	if in.Defence.Key() == "" {
		return nil, newError(ErrBadDefence, "Defence", string(in.Defence))
	}
	sides := []CheckInput{in.Attack}
	if in.Defence != DefenceNone {
		sides = append(sides, in.Defend)
	}
	var rolls []*CheckResult
	for _, ci := range sides {
		ci, err := opposedInput(ci)
		if err != nil {
			return nil, err
		}
		ci.Combat = true
		res, err := Check(r, ci)
		if err != nil {
			return nil, err
		}
		rolls = append(rolls, res)
	}
	res := &MeleeResult{Attack: rolls[0], Defence: in.Defence}
	if len(rolls) > 1 {
		res.Defend = rolls[1]
	}
	res.Outcome = ResolveMelee(res.Attack, res.Defend, in.Defence)
	res.Extreme = res.Outcome == MeleeHit && res.Attack.Level.Rank() >= Extreme.Rank()
	return res, nil
}

// Outnumbered reports whether a melee attack on a target gets the outnumbered bonus die (ModOutnumbered): the target
// has already defended `defended` times this round and can defend `defences` times (1 for most; at least 1).
func Outnumbered(defended, defences int) bool { return defended >= max(1, defences) }

// ManoeuvreMods are the penalty dice of a fighting manoeuvre (disarm, grapple, knock down …): one ModBuildGap per
// point of Build the initiator lacks; possible is false at a gap of 3 or more (E7.4).
func ManoeuvreMods(initiatorBuild, targetBuild int) (mods []Mod, possible bool) {
	gap := targetBuild - initiatorBuild
	if gap >= 3 {
		return nil, false
	}
	for range max(0, gap) {
		mods = append(mods, ModBuildGap)
	}
	return mods, true
}

// ManoeuvreSucceeds reports whether a manoeuvre works: its side must succeed at a strictly better level than the
// other side's roll (a tie or both failing means it fails).
func ManoeuvreSucceeds(initiator, other *CheckResult) bool {
	return initiator.Success && successRank(initiator.Level) > successRank(other.Level)
}

// MeleeOdds are the exact chances of each melee outcome.
type MeleeOdds struct {
	Hit     Chance `json:"hit"`
	Dodged  Chance `json:"dodged"`
	Counter Chance `json:"counter"`
	Miss    Chance `json:"miss"`
	Extreme Chance `json:"extreme"` // a hit at extreme or critical
}

// MeleeOddsOf are the chances of Melee(in); nil for invalid input.
func MeleeOddsOf(in MeleeInput) *MeleeOdds {
	if in.Defence.Key() == "" {
		return nil
	}
	in.Attack.Difficulty, in.Defend.Difficulty = "", ""
	oa, od := in.Attack.Odds(), in.Defend.Odds()
	if oa == nil || (od == nil && in.Defence != DefenceNone) {
		return nil
	}
	zero := Chance{Num: 0, Den: 1}
	out := &MeleeOdds{Hit: zero, Dodged: zero, Counter: zero, Miss: zero, Extreme: zero}
	defLevels := Levels()
	if in.Defence == DefenceNone {
		defLevels = []Level{Failure}
	}
	for _, la := range Levels() {
		for _, ld := range defLevels {
			p := oa.Level(la)
			if in.Defence != DefenceNone {
				p = p.Mul(od.Level(ld))
			}
			att := &CheckResult{Level: la, Success: la.Success()}
			def := &CheckResult{Level: ld, Success: ld.Success()}
			switch ResolveMelee(att, def, in.Defence) {
			case MeleeHit:
				out.Hit = out.Hit.Add(p)
				if la.Rank() >= Extreme.Rank() {
					out.Extreme = out.Extreme.Add(p)
				}
			case MeleeDodged:
				out.Dodged = out.Dodged.Add(p)
			case MeleeCounter:
				out.Counter = out.Counter.Add(p)
			default:
				out.Miss = out.Miss.Add(p)
			}
		}
	}
	return out
}
