package rogue

// Error codes of extra targets (catalog keys; template arguments after each).
const (
	ErrNoExtraTargets    = "rogue.err.no_extra_targets"     // (none): targets without a talent that takes them
	ErrTooManyTargets    = "rogue.err.too_many_targets"     // Talent, Max
	ErrSelfTarget        = "rogue.err.self_target"          // Name
	ErrNotNextToTarget   = "rogue.err.not_next_to_target"   // Name, Talent
	ErrNotNextToAttacker = "rogue.err.not_next_to_attacker" // Name, Talent
)

// ExtraAttack is one extra attack of Multi Shot, Sweeping Blow or Blade
// Flurry, against the creature of AttackOptions.Targets with that ID.
// Result is nil when the creature was already dead when its turn came (a
// Blade Flurry attack on a target an earlier attack killed).
type ExtraAttack struct {
	ID     string        `json:"id"`
	Result *AttackResult `json:"result,omitempty"`
}

// ExtraTargets is how many extra targets (or, for Blade Flurry, extra
// attacks) o.Talent gives the attacker (A21): Multi Shot, its AGI bonus;
// Sweeping Blow, its STR bonus; Blade Flurry, one for the main hand with an
// AGI bonus of +1 or more and one for the off hand with +3 or more (not with
// a medium weapon held in two hands). Other attacks: 0.
func ExtraTargets(att *Character, o AttackOptions) int {
	switch o.Talent {
	case MultiShot:
		return Bonus(att.Mod(Agi))
	case SweepingBlow:
		return Bonus(att.Mod(Str))
	case BladeFlurry:
		n, agi := 0, Bonus(att.Mod(Agi))
		if agi >= 1 {
			n++
		}
		if agi >= 3 && o.Hand != TwoHands {
			n++
		}
		return n
	}
	return 0
}

// checkTargets checks o.Targets before anything is rolled:
//   - only Multi Shot, Sweeping Blow and Blade Flurry take them, at most ExtraTargets;
//   - each is a living creature other than the attacker; Multi Shot's and
//     Sweeping Blow's are distinct and not the target, while Blade Flurry's
//     extra attacks may go to the target or to one creature twice;
//   - where squares are known, Multi Shot's stand next to the target (To), and
//     Sweeping Blow's and Blade Flurry's next to the attacker (From).
func checkTargets(att, def *Character, o AttackOptions) error {
	if len(o.Targets) == 0 {
		return nil
	}
	switch o.Talent {
	case MultiShot, SweepingBlow, BladeFlurry:
	default:
		return newError(ErrNoExtraTargets)
	}
	if n := ExtraTargets(att, o); len(o.Targets) > n {
		return newError(ErrTooManyTargets, "Talent", string(o.Talent), "Max", n)
	}
	seen := map[*Character]bool{def: true}
	for _, n := range o.Targets {
		switch {
		case n.C == nil:
			return newError(ErrUnknownOption, "Option", "targets", "Value", n.ID)
		case n.C == att:
			return newError(ErrSelfTarget, "Name", att.Name)
		case n.C.Dead():
			return newError(ErrDead, "Name", n.C.Name)
		case seen[n.C] && o.Talent != BladeFlurry:
			return newError(ErrDuplicate, "Name", n.C.Name)
		}
		seen[n.C] = true
		if n.At == nil {
			continue
		}
		if o.Talent == MultiShot {
			if o.To != nil && !o.To.Adjacent(*n.At) {
				return newError(ErrNotNextToTarget, "Name", n.C.Name, "Talent", string(o.Talent))
			}
		} else if o.From != nil && !o.From.Adjacent(*n.At) {
			return newError(ErrNotNextToAttacker, "Name", n.C.Name, "Talent", string(o.Talent))
		}
	}
	return nil
}

// extraAttack is the options of the i-th extra attack, at n: the same weapon
// and talent (its energy already paid); Blade Flurry's first extra attack is
// made with the main hand (both hands for a medium weapon held in two), its
// second with the off hand; Multi Shot's range is taken from the attacker's
// square to n's when both are known (else the target's offset is kept).
func (o AttackOptions) extraAttack(i int, n Nearby) AttackOptions {
	x := o
	x.Targets, x.extra, x.To = nil, true, n.At
	if o.Talent == BladeFlurry {
		x.Hand = MainHand
		if o.Hand == TwoHands {
			x.Hand = TwoHands
		}
		if i == 1 {
			x.Hand = OffHand
		}
	}
	if o.Talent == MultiShot && o.From != nil && n.At != nil {
		x.DX, x.DY = n.At.X-o.From.X, n.At.Y-o.From.Y
	}
	return x
}
