package coc

// Mod is a circumstance that gives one bonus or one penalty die (§5.3, §7.2, §7.3). Mods are added up with the
// explicit dice of a roll, cancel one for one, and the net is clamped to MaxDice (G1): automatic modifiers never
// make an error.
type Mod string

// The modifiers. Bonus dice first.
const (
	ModPointBlank    Mod = "point_blank"     // firearm at point-blank range
	ModAiming        Mod = "aiming"          // aimed for a round (first shot)
	ModLargeTarget   Mod = "large_target"    // target Build 4 or more
	ModSurprised     Mod = "surprised"       // target caught unawares
	ModOutnumbered   Mod = "outnumbered"     // melee: the target has already used its defences this round
	ModProneTarget   Mod = "prone_target"    // melee against a prone target
	ModCover         Mod = "cover"           // target in (partial) cover
	ModDivedForCover Mod = "dived_for_cover" // target dived for cover (successful Dodge)
	ModFastTarget    Mod = "fast_target"     // target MOV 8+ moving at full speed
	ModSmallTarget   Mod = "small_target"    // target Build −2 or less
	ModIntoMelee     Mod = "into_melee"      // firing into a melee
	ModReloading     Mod = "reloading"       // loading and firing in the same round
	ModMultipleShots Mod = "multiple_shots"  // each of 2–3 handgun shots in one round
	ModProneAttacker Mod = "prone_attacker"  // melee from the ground
	ModBuildGap      Mod = "build_gap"       // manoeuvre: one per point of Build the initiator lacks
)

var modTable = []struct {
	id   Mod
	dice int
	key  string
}{
	{ModPointBlank, 1, "coc.mod.point_blank"},
	{ModAiming, 1, "coc.mod.aiming"},
	{ModLargeTarget, 1, "coc.mod.large_target"},
	{ModSurprised, 1, "coc.mod.surprised"},
	{ModOutnumbered, 1, "coc.mod.outnumbered"},
	{ModProneTarget, 1, "coc.mod.prone_target"},
	{ModCover, -1, "coc.mod.cover"},
	{ModDivedForCover, -1, "coc.mod.dived_for_cover"},
	{ModFastTarget, -1, "coc.mod.fast_target"},
	{ModSmallTarget, -1, "coc.mod.small_target"},
	{ModIntoMelee, -1, "coc.mod.into_melee"},
	{ModReloading, -1, "coc.mod.reloading"},
	{ModMultipleShots, -1, "coc.mod.multiple_shots"},
	{ModProneAttacker, -1, "coc.mod.prone_attacker"},
	{ModBuildGap, -1, "coc.mod.build_gap"},
}

// Mods returns every modifier, bonus dice first.
func Mods() []Mod {
	out := make([]Mod, len(modTable))
	for i, e := range modTable {
		out[i] = e.id
	}
	return out
}

// Dice is +1 for a bonus die, −1 for a penalty die, 0 for an unknown id.
func (m Mod) Dice() int {
	for _, e := range modTable {
		if e.id == m {
			return e.dice
		}
	}
	return 0
}

// Key is the catalog key of the modifier's name ("coc.mod.cover").
func (m Mod) Key() string {
	for _, e := range modTable {
		if e.id == m {
			return e.key
		}
	}
	return ""
}

// Valid reports whether m is a known modifier.
func (m Mod) Valid() bool { return m.Key() != "" }

// netDice adds the explicit bonus and penalty dice and the modifiers. Explicit dice whose net exceeds MaxDice are an
// error; the total with modifiers is clamped to ±MaxDice (clamped reports it).
func netDice(bonus, penalty int, mods []Mod) (net int, clamped bool, err error) {
	if bonus < 0 || penalty < 0 || bonus > MaxBonusInput || penalty > MaxBonusInput ||
		bonus-penalty > MaxDice || penalty-bonus > MaxDice {
		return 0, false, newError(ErrBadDice, "Bonus", bonus, "Penalty", penalty, "Max", MaxDice)
	}
	net = bonus - penalty
	for _, m := range mods {
		if !m.Valid() {
			return 0, false, newError(ErrUnknownMod, "Mod", string(m))
		}
		net += m.Dice()
	}
	if net > MaxDice {
		return MaxDice, true, nil
	}
	if net < -MaxDice {
		return -MaxDice, true, nil
	}
	return net, false, nil
}

// MaxBonusInput is the most bonus (or penalty) dice one may ask for before cancelling (E5.12: two bonus and one
// penalty are one bonus die).
const MaxBonusInput = 10
