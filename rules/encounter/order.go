package encounter

import (
	"sort"
	"strconv"
	"strings"

	"rulekeeper/rules/dice"
)

// Mode is how the initiative d20 is rolled. Same strings as dnd5e.Mode.
type Mode string

// The three modes. The zero Mode is Normal.
const (
	Normal       Mode = "normal"
	Advantage    Mode = "adv"
	Disadvantage Mode = "dis"
)

func (m Mode) valid() bool { return m == "" || m == Normal || m == Advantage || m == Disadvantage }

// ParseMode accepts "", "normal", "adv", "advantage", "dis", "disadvantage" in any case.
func ParseMode(s string) (Mode, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "normal", "none":
		return Normal, nil
	case "adv", "advantage", "a":
		return Advantage, nil
	case "dis", "disadvantage", "disadv", "d":
		return Disadvantage, nil
	}
	return "", newError(ErrBadMode, "Mode", s)
}

// InitiativeNotation is the dice notation of an initiative roll:
// "1d20+3", "2d20kh1+3" (advantage), "2d20kl1-1" (disadvantage), "1d20".
func InitiativeNotation(bonus int, mode Mode) string {
	n := "1d20"
	switch mode {
	case Advantage:
		n = "2d20kh1"
	case Disadvantage:
		n = "2d20kl1"
	}
	switch {
	case bonus > 0:
		n += "+" + strconv.Itoa(bonus)
	case bonus < 0:
		n += strconv.Itoa(bonus)
	}
	return n
}

// InitOptions are how a combatant's 5e initiative is found. Rogue's Tale
// encounters ignore them (the order is the order of entering); Call of
// Cthulhu encounters take the order value as Fixed (DEX, +50 with a readied
// firearm, up to MaxCoCInit) and roll nothing.
type InitOptions struct {
	Bonus int  // initiative modifier (DEX mod and any other bonus), |Bonus| ≤ MaxInitBonus
	Mode  Mode // adv / dis
	Dex   int  // DEX score for ties; 0 = estimate as 10 + 2 × Bonus (clamped to 1–30)
	Fixed *int // a total rolled at the table: no roll, |Fixed| ≤ MaxInitiative
	// Rolled is a roll the system's rules made (a 5e DEX check with the effects on it): taken as it is.
	Rolled *Roll
}

func (o InitOptions) validate(sys System) error {
	if abs(o.Bonus) > MaxInitBonus {
		return newError(ErrBadBonus, "Bonus", o.Bonus, "Max", MaxInitBonus)
	}
	if !o.Mode.valid() {
		return newError(ErrBadMode, "Mode", string(o.Mode))
	}
	if o.Dex != 0 && (o.Dex < MinDex || o.Dex > MaxDex) {
		return newError(ErrBadDex, "Dex", o.Dex, "Min", MinDex, "Max", MaxDex)
	}
	most := MaxInitiative
	if sys == CoC {
		most = MaxCoCInit
	}
	if o.Fixed != nil && abs(*o.Fixed) > most {
		return newError(ErrBadInitiative, "Initiative", *o.Fixed, "Max", most)
	}
	if o.Rolled != nil && abs(o.Rolled.Total) > most {
		return newError(ErrBadInitiative, "Initiative", o.Rolled.Total, "Max", most)
	}
	return nil
}

// dex is the DEX score used for ties.
func (o InitOptions) dex() int {
	if o.Dex != 0 {
		return o.Dex
	}
	return min(MaxDex, max(MinDex, 10+2*o.Bonus))
}

// Roll is one initiative roll (or total given by hand).
type Roll struct {
	Notation string       `json:"notation,omitempty"` // "" when given by hand
	Result   *dice.Result `json:"result,omitempty"`   // nil when given by hand
	Total    int          `json:"total"`
	Natural  int          `json:"natural,omitempty"`
	Fixed    bool         `json:"fixed,omitempty"`
}

// rollInit rolls (or takes) the initiative and writes it to every member.
func rollInit(o InitOptions, r dice.Roller, members ...*Combatant) (*Roll, error) {
	ro := &Roll{}
	switch {
	case o.Fixed != nil:
		ro.Total, ro.Fixed = *o.Fixed, true
	case o.Rolled != nil:
		*ro = *o.Rolled
	default:
		ro.Notation = InitiativeNotation(o.Bonus, o.Mode)
		res, err := dice.Roll(ro.Notation, r)
		if err != nil {
			return nil, err
		}
		ro.Result, ro.Total, ro.Natural = res, res.Total, res.Natural
	}
	mode := o.Mode
	if mode == Normal {
		mode = ""
	}
	for _, c := range members {
		c.Init, c.Natural, c.Bonus, c.Mode, c.Dex, c.RollOff = ro.Total, ro.Natural, o.Bonus, mode, o.dex(), 0
		if o.Fixed != nil {
			c.Bonus, c.Mode = 0, ""
		}
	}
	return ro, nil
}

// TieBreak is a roll-off: combatants with the same initiative and DEX score
// each roll a d20, highest first, ties re-rolled. Combatants that rolled off
// before keep their roll (the order never changes under them); only the
// newcomer (and a lone combatant it ties with, which has not rolled yet) rolls.
type TieBreak struct {
	Init  int       `json:"init"`
	Dex   int       `json:"dex"`
	Rolls []RollOff `json:"rolls"` // everyone who rolled now, in rolling order
	Kept  []RollOff `json:"kept,omitempty"`
}

// RollOff is one unit's roll-off (a shared-initiative group rolls once).
type RollOff struct {
	Combatant Ref   `json:"combatant"` // the unit's first member
	Rolls     []int `json:"rolls"`     // every d20, re-rolls included; the last counts
}

// maxRollOffRounds bounds re-rolls; a tie left after them (only possible with
// more than 20 tied units, or a roller that keeps repeating itself) is
// broken by arrival order.
const maxRollOffRounds = 20

// unitID: combatants of one Group act as one unit for initiative.
func unitID(c *Combatant) string {
	if c.Group != "" {
		return c.Group
	}
	return c.ID
}

// breakTies runs the roll-off for the unit (members already hold their
// Init and Dex; they are not yet in e.Combatants, or are excluded by unit id).
// Dice order: every rolling unit in list order (the tied existing one first,
// then the newcomer), round after round, re-rolling only the units that tie.
func (e *Encounter) breakTies(unit []*Combatant, r dice.Roller) (*TieBreak, error) {
	k := unit[0]
	uid := unitID(k)
	var order []string
	members := map[string][]*Combatant{}
	for _, c := range e.Combatants {
		if c.Summoner != "" || c.Init != k.Init || c.Dex != k.Dex || unitID(c) == uid {
			continue
		}
		u := unitID(c)
		if members[u] == nil {
			order = append(order, u)
		}
		members[u] = append(members[u], c)
	}
	if len(order) == 0 {
		for _, c := range unit {
			c.RollOff = 0
		}
		return nil, nil
	}
	tb := &TieBreak{Init: k.Init, Dex: k.Dex}
	settled := map[int]bool{}
	var fresh []string
	for _, u := range order {
		if v := members[u][0].RollOff; v > 0 {
			settled[v] = true
			tb.Kept = append(tb.Kept, RollOff{Combatant: members[u][0].Ref(), Rolls: []int{v}})
		} else {
			fresh = append(fresh, u)
		}
	}
	fresh = append(fresh, uid)
	members[uid] = unit
	rolls := map[string][]int{}
	pending := fresh
	for round := 0; len(pending) > 0 && round < maxRollOffRounds; round++ {
		for _, u := range pending {
			res, err := dice.Roll("1d20", r)
			if err != nil {
				return nil, err
			}
			rolls[u] = append(rolls[u], res.Total)
		}
		count := map[int]int{}
		for _, u := range fresh {
			count[last(rolls[u])]++
		}
		pending = pending[:0:0]
		for _, u := range fresh {
			if v := last(rolls[u]); settled[v] || count[v] > 1 {
				pending = append(pending, u)
			}
		}
	}
	for _, u := range fresh {
		v := last(rolls[u])
		for _, c := range members[u] {
			c.RollOff = v
		}
		tb.Rolls = append(tb.Rolls, RollOff{Combatant: members[u][0].Ref(), Rolls: rolls[u]})
	}
	return tb, nil
}

func last(xs []int) int { return xs[len(xs)-1] }

// before5e orders top-level combatants in 5e: initiative, DEX score and
// roll-off, highest first; then place and arrival.
func before5e(a, b *Combatant) bool {
	if a.Init != b.Init {
		return a.Init > b.Init
	}
	if a.Dex != b.Dex {
		return a.Dex > b.Dex
	}
	if a.RollOff != b.RollOff {
		return a.RollOff > b.RollOff
	}
	return beforeArrival(a, b)
}

// beforeCoC is Call of Cthulhu's order: the higher order value (DEX, +50 with
// a readied firearm) first; ties keep place and arrival (coc digest G9: the
// Keeper's call).
func beforeCoC(a, b *Combatant) bool {
	if a.Init != b.Init {
		return a.Init > b.Init
	}
	return beforeArrival(a, b)
}

// beforeArrival orders by place, then arrival: Rogue's Tale's order, and the
// order of one summoner's summons in both systems.
func beforeArrival(a, b *Combatant) bool {
	if a.Place != b.Place {
		return a.Place < b.Place
	}
	return a.Seq < b.Seq
}

// reorder puts the combatants in turn order: top-level ones by the system's
// rule, each followed by what it summoned (in order of summoning, each with
// its own summons), and points Turn at curID again (-1 if gone).
func (e *Encounter) reorder(curID string) {
	var top []*Combatant
	kids := map[string][]*Combatant{}
	for _, c := range e.Combatants {
		if c.Summoner == "" || e.byID(c.Summoner) == nil {
			top = append(top, c)
		} else {
			kids[c.Summoner] = append(kids[c.Summoner], c)
		}
	}
	less := beforeArrival
	switch e.System {
	case DnD5e:
		less = before5e
	case CoC:
		less = beforeCoC
	}
	sort.SliceStable(top, func(i, j int) bool { return less(top[i], top[j]) })
	out := make([]*Combatant, 0, len(e.Combatants))
	var walk func(c *Combatant)
	walk = func(c *Combatant) {
		out = append(out, c)
		ks := kids[c.ID]
		sort.SliceStable(ks, func(i, j int) bool { return beforeArrival(ks[i], ks[j]) })
		for _, k := range ks {
			walk(k)
		}
	}
	for _, c := range top {
		walk(c)
	}
	e.Combatants = out
	e.Turn = e.index(curID)
}
