package dnd5e

// SneakChoice says whether an attack adds sneak attack dice.
type SneakChoice string

// Sneak attack choices.
const (
	SneakOff   SneakChoice = ""      // never (the default: the caller has not asked)
	SneakAuto  SneakChoice = "auto"  // when the attack qualifies: a finesse (DEX) or ranged weapon attack and SneakAttackQualifies
	SneakForce SneakChoice = "force" // always (the player says it qualifies: a situation the bot cannot see)
)

// key validates a choice ("" is valid).
func (s SneakChoice) key() string {
	switch s {
	case SneakOff:
		return "off"
	case SneakAuto, SneakForce:
		return string(s)
	}
	return ""
}

// SneakAttackQualifies reports whether an attack whose final mode is mode
// qualifies for sneak attack (SRD): it has advantage, or an ally of the
// attacker is within 5 ft of the target (allyAdjacent) and it does not have
// disadvantage. (The weapon must also be finesse or ranged.)
func SneakAttackQualifies(mode Mode, allyAdjacent bool) bool {
	switch mode {
	case Advantage:
		return true
	case Disadvantage:
		return false
	}
	return allyAdjacent
}

// SneakAttackDice is the rogue's sneak attack at a level: 1d6, plus 1d6 at
// every odd level (3rd: 2d6 … 19th: 10d6); "" below 1st level.
func SneakAttackDice(level int) string {
	if level < 1 {
		return ""
	}
	return itoaDice((min(level, MaxLevel)+1)/2, 6)
}
