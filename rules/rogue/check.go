package rogue

import (
	"strconv"
	"strings"

	"rulekeeper/rules/dice"
)

// Limits and constants of the core check.
const (
	DefaultDifficulty = 7  // A3
	ModifierCap       = 5  // A2: the combined modifier is capped at +5 before it is applied
	MaxCritMod        = 5  // A1.3: the critical success modifier is at most 5 (threshold ≥ 7)
	MaxFumbleMod      = 10 // a fumble modifier of 10 makes every natural roll a fumble
	MaxModifier       = 50 // |a single modifier| and |their sum|
	MinDifficulty     = 2  //
	MaxDifficulty     = 40 //
)

// Mod is one thing that changed a roll, a threshold or an amount: Source is
// the catalog key of what it was (an attribute "rogue.attr.str", a talent
// "rogue.talent.dual_wield", a hunger level "rogue.hunger.starving", a poison
// "rogue.poison.blinding", or a rule "rogue.src.cap", "rogue.src.off_hand", …),
// Value its signed amount.
type Mod struct {
	Source string `json:"source"`
	Value  int    `json:"value"`
}

// Mod sources that are rules rather than named things (keys of the rogue.src.* family).
const (
	SrcBonus     = "rogue.src.bonus"      // the caller's situational modifier
	SrcCap       = "rogue.src.cap"        // the +5 cap (A2)
	SrcOffHand   = "rogue.src.off_hand"   // untalented off-hand melee: −2 to hit (A15), damage min(2×penalty, −1) (A20)
	SrcTwoHanded = "rogue.src.two_handed" // two-handed damage: max(ceil(1.5×mod), 0) (A20)
	SrcMaxCast   = "rogue.src.max_cast"   // armour's Max Cast caps the casting modifier (A22.6)
	SrcCursed    = "rogue.src.cursed"     // cursed items: +1 fumble modifier each (A14)
	SrcLuck      = "rogue.src.luck"       // Symbol of Luck: fumble −1, crit +1
	SrcCritMagic = "rogue.src.crit_magic" // crit modifier from enchants and magic
	SrcSize      = "rogue.src.size"       // size difference (G-A12)
	SrcLevel     = "rogue.src.level"      // level difference (G-A12)
	SrcRange     = "rogue.src.range"      // range modifier (A18)
	SrcDeflect   = "rogue.src.deflect"    // the target's deflect (A17)
	SrcHalved    = "rogue.src.halved"     // a halving talent (Dark Vision, Silent Cast, Divine Reach + Focused Cast)
	SrcInvisible = "rogue.src.invisible"  // melee against an invisible target: base 12 (A16)
	SrcDodge     = "rogue.src.dodge"      // the defender's dodge band
	SrcBlock     = "rogue.src.block"      // the defender's block band
	SrcParry     = "rogue.src.parry"      // the defender's parry band
	SrcEnchant   = "rogue.src.enchant"    // the weapon's magic damage modifier (never changed by the hand, A20)
	SrcHiddenX2  = "rogue.src.hidden"     // hidden attacker: ×2 damage (A16)
	SrcShield    = "rogue.src.shield"     // a shield forces a re-roll of successful spell to-hit rolls (A22.6)
	SrcLostTurn  = "rogue.src.lost_turn"  // no longer produced: TurnResult.LostBy names the curse that cost the turn
)

// ruleSources lists the rogue.src.* keys (for the catalog test).
func ruleSources() []string {
	return []string{SrcBonus, SrcCap, SrcOffHand, SrcTwoHanded, SrcMaxCast, SrcCursed, SrcLuck,
		SrcCritMagic, SrcSize, SrcLevel, SrcRange, SrcDeflect, SrcHalved, SrcInvisible, SrcDodge,
		SrcBlock, SrcParry, SrcEnchant, SrcHiddenX2, SrcShield, SrcLostTurn}
}

// Outcome is the verdict of a check or an attack.
type Outcome string

// Outcomes. Checks give success, critical, failure or fumble; attacks give
// hit, critical, dodged, blocked, parried, miss or fumble.
const (
	OutcomeSuccess  Outcome = "success"
	OutcomeFailure  Outcome = "failure"
	OutcomeFumble   Outcome = "fumble"   // critical failure: nat ≤ 2 + fumble modifier
	OutcomeCritical Outcome = "critical" // critical success / critical hit (head)
	OutcomeHit      Outcome = "hit"
	OutcomeMiss     Outcome = "miss"
	OutcomeDodged   Outcome = "dodged"
	OutcomeBlocked  Outcome = "blocked"
	OutcomeParried  Outcome = "parried"
)

// Outcomes lists every outcome.
func Outcomes() []Outcome {
	return []Outcome{OutcomeSuccess, OutcomeFailure, OutcomeFumble, OutcomeCritical, OutcomeHit,
		OutcomeMiss, OutcomeDodged, OutcomeBlocked, OutcomeParried}
}

// Key is the catalog key of the outcome.
func (o Outcome) Key() string {
	switch o {
	case OutcomeSuccess:
		return "rogue.outcome.success"
	case OutcomeFailure:
		return "rogue.outcome.failure"
	case OutcomeFumble:
		return "rogue.outcome.fumble"
	case OutcomeCritical:
		return "rogue.outcome.critical"
	case OutcomeHit:
		return "rogue.outcome.hit"
	case OutcomeMiss:
		return "rogue.outcome.miss"
	case OutcomeDodged:
		return "rogue.outcome.dodged"
	case OutcomeBlocked:
		return "rogue.outcome.blocked"
	case OutcomeParried:
		return "rogue.outcome.parried"
	}
	return ""
}

// Succeeded reports whether the outcome is a success or a hit (critical included).
func (o Outcome) Succeeded() bool {
	return o == OutcomeSuccess || o == OutcomeCritical || o == OutcomeHit
}

// Check is a 2D6 check (A1, A3): 2D6 + modifiers ≥ difficulty.
type Check struct {
	Mods       []Mod // every modifier; their sum is capped at +5 (A2, G-A6)
	Difficulty int   // 0 = DefaultDifficulty (7)
	FumbleMod  int   // critical failure modifier (CFM) 0–10: fumble on nat ≤ 2 + CFM
	CritMod    int   // critical success modifier (CSM) 0–5: critical on nat ≥ 12 − CSM
	NoCrit     bool  // the action cannot succeed critically (A1.3); by default every check can (G-A7)
	// RerollFailure, when not "", is the catalog key of what grants one re-roll
	// of a failed (or fumbled) roll (Keen Eye, Sixth Sense, Strong Will, Steady Shot).
	RerollFailure string
	// RerollSuccess, when not "", is the catalog key of what forces one re-roll
	// of a successful roll (Deadly Poison, Curse of Sloth, a shield when casting).
	RerollSuccess string
}

// Roll2 is one 2D6 roll of a check.
type Roll2 struct {
	Notation string       `json:"notation"`
	Roll     *dice.Result `json:"-"`
	Dice     [2]int       `json:"dice"`
	Natural  int          `json:"natural"` // the sum of the two dice
	Total    int          `json:"total"`   // natural + modifier
	Outcome  Outcome      `json:"outcome"`
}

// CheckResult is a rolled check.
type CheckResult struct {
	Mods       []Mod   `json:"mods,omitempty"` // every modifier, plus a SrcCap entry when the cap applied
	Sum        int     `json:"sum"`            // the modifiers before the cap
	Modifier   int     `json:"modifier"`       // the modifier applied: min(Sum, 5)
	Difficulty int     `json:"difficulty"`
	FumbleAt   int     `json:"fumble_at"`         // fumble on nat ≤ FumbleAt
	CritAt     int     `json:"crit_at,omitempty"` // critical on nat ≥ CritAt (0 when the action cannot crit)
	Rolls      []Roll2 `json:"rolls"`             // every roll, the deciding one last (two with a re-roll)
	Reroll     string  `json:"reroll,omitempty"`  // catalog key of what caused the re-roll
	Roll2              // the deciding roll
	Success    bool    `json:"success"` // OutcomeSuccess or OutcomeCritical
	Odds       Odds    `json:"odds"`    // exact chances of the final outcome, before rolling
}

func (c Check) difficulty() int {
	if c.Difficulty == 0 {
		return DefaultDifficulty
	}
	return c.Difficulty
}

func (c Check) validate() error {
	sum := 0
	for _, m := range c.Mods {
		if m.Value < -MaxModifier || m.Value > MaxModifier {
			return newError(ErrBadModifier, "Value", m.Value, "Max", MaxModifier)
		}
		sum += m.Value
	}
	if sum < -MaxModifier || sum > MaxModifier {
		return newError(ErrBadModifier, "Value", sum, "Max", MaxModifier)
	}
	if d := c.Difficulty; d != 0 && (d < MinDifficulty || d > MaxDifficulty) {
		return newError(ErrBadDifficulty, "Difficulty", d, "Min", MinDifficulty, "Max", MaxDifficulty)
	}
	if c.FumbleMod < 0 || c.FumbleMod > MaxFumbleMod {
		return newError(ErrBadCount, "Value", c.FumbleMod, "Max", MaxFumbleMod)
	}
	if c.CritMod < 0 || c.CritMod > MaxCritMod {
		return newError(ErrBadCount, "Value", c.CritMod, "Max", MaxCritMod)
	}
	return nil
}

// capMods sums mods and applies the +5 cap; the returned list has a SrcCap
// entry when the cap cut the sum.
func capMods(mods []Mod) (list []Mod, sum, applied int) {
	list = append([]Mod(nil), mods...)
	for _, m := range mods {
		sum += m.Value
	}
	applied = sum
	if sum > ModifierCap {
		applied = ModifierCap
		list = append(list, Mod{SrcCap, ModifierCap - sum})
	}
	return list, sum, applied
}

// judge decides a check's outcome from its natural roll and total.
// Fumble first: nat ≤ 2 + CFM fails whatever the total (A1.2). A double six
// succeeds critically whatever the total, for actions that can crit. A lower
// crit threshold (CSM > 0) gives a critical only when the total also succeeds:
// G-A7 ("a threshold crit happens only if the attack also hits; only double
// six hits automatically") overrides A1.3's "succeeds whatever the total", and
// is applied to checks the same way as to attacks.
func judge(nat, total, difficulty, fumbleAt, critAt int) Outcome {
	switch {
	case nat <= fumbleAt:
		return OutcomeFumble
	case critAt > 0 && nat == 12:
		return OutcomeCritical
	case total >= difficulty && critAt > 0 && nat >= critAt:
		return OutcomeCritical
	case total >= difficulty:
		return OutcomeSuccess
	}
	return OutcomeFailure
}

// Roll rolls a check: "2d6" plus the capped modifier, as rules/dice notation.
func Roll(c Check, r dice.Roller) (*CheckResult, error) {
	if err := c.validate(); err != nil {
		return nil, err
	}
	res := &CheckResult{Difficulty: c.difficulty(), FumbleAt: 2 + c.FumbleMod}
	res.Mods, res.Sum, res.Modifier = capMods(c.Mods)
	if !c.NoCrit {
		res.CritAt = 12 - c.CritMod
	}
	res.Odds = checkOdds(res.Modifier, res.Difficulty, res.FumbleAt, res.CritAt, c.RerollFailure != "", c.RerollSuccess != "")
	roll := func() (Roll2, error) {
		r2, err := roll2d6(res.Modifier, r)
		if err != nil {
			return r2, err
		}
		r2.Outcome = judge(r2.Natural, r2.Total, res.Difficulty, res.FumbleAt, res.CritAt)
		return r2, nil
	}
	first, err := roll()
	if err != nil {
		return nil, err
	}
	res.Rolls = []Roll2{first}
	ok := first.Outcome.Succeeded()
	if (c.RerollFailure != "" && !ok) || (c.RerollSuccess != "" && ok) {
		if ok {
			res.Reroll = c.RerollSuccess
		} else {
			res.Reroll = c.RerollFailure
		}
		second, err := roll()
		if err != nil {
			return nil, err
		}
		res.Rolls = append(res.Rolls, second)
	}
	res.Roll2 = res.Rolls[len(res.Rolls)-1]
	res.Success = res.Outcome.Succeeded()
	return res, nil
}

// roll2d6 rolls "2d6±mod" and reads the two dice.
func roll2d6(mod int, r dice.Roller) (Roll2, error) {
	n := "2d6" + signed(mod)
	res, err := dice.Roll(n, r)
	if err != nil {
		return Roll2{}, err
	}
	d := res.Dice()
	out := Roll2{Notation: n, Roll: res, Total: res.Total}
	if len(d) >= 2 {
		out.Dice = [2]int{d[0].Face, d[1].Face}
		out.Natural = d[0].Face + d[1].Face
	}
	return out, nil
}

// rollN rolls a notation and returns the result and its total.
func rollN(n string, r dice.Roller) (*dice.Result, int, error) {
	res, err := dice.Roll(n, r)
	if err != nil {
		return nil, 0, err
	}
	return res, res.Total, nil
}

// Rolled is a rolled amount: dice notation, its result and total.
type Rolled struct {
	Notation string       `json:"notation"`
	Roll     *dice.Result `json:"-"`
	Total    int          `json:"total"`
}

func rollAmount(n string, r dice.Roller) (*Rolled, error) {
	res, t, err := rollN(n, r)
	if err != nil {
		return nil, err
	}
	return &Rolled{Notation: n, Roll: res, Total: t}, nil
}

// signed renders "+3", "-1", or "" for 0.
func signed(n int) string {
	switch {
	case n > 0:
		return "+" + strconv.Itoa(n)
	case n < 0:
		return strconv.Itoa(n)
	}
	return ""
}

// plusDice renders "+3d3" for n > 0, "" otherwise.
func plusDice(n, sides int) string {
	if n <= 0 {
		return ""
	}
	return "+" + strconv.Itoa(n) + "d" + strconv.Itoa(sides)
}

// joinNotation joins terms like "1d6", "+2d3", "-1" into one notation; an
// empty result is "0".
func joinNotation(terms ...string) string {
	var b strings.Builder
	for _, t := range terms {
		if t == "" {
			continue
		}
		if b.Len() == 0 {
			t = strings.TrimPrefix(t, "+")
		}
		b.WriteString(t)
	}
	if b.Len() == 0 {
		return "0"
	}
	return b.String()
}

// TriggerChance is the chance, out of 36, that a lingering effect of power p
// triggers on a turn (A26: natural 2D6 ≤ 2 + p): 0:1 1:3 2:6 3:10 4:15 5:21.
func TriggerChance(p int) int { return atMost(2 + p) }

// atMost counts the 2D6 outcomes (of 36) with a natural roll ≤ n.
func atMost(n int) int {
	c := 0
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			if a+b <= n {
				c++
			}
		}
	}
	return c
}

// AtLeast counts the 2D6 outcomes (of 36) with a natural roll ≥ n (A1.4).
func AtLeast(n int) int { return 36 - atMost(n-1) }
