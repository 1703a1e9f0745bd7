package dnd5e

// The numbers of class features by class level (SRD 5.1 class tables). A
// level outside 1–20 is clamped; below the level a feature comes at, the
// number is 0 (or ""). feature_srd_test.go cross-checks every one with the
// SRD data's class_specific values.

func clampLevel(level int) int { return min(max(level, MinLevel), MaxLevel) }

// step returns the value of the last threshold at or below level: steps are
// (level, value) pairs in ascending level order; 0 below the first.
func step(level int, steps ...int) int {
	v := 0
	for i := 0; i+1 < len(steps); i += 2 {
		if level >= steps[i] {
			v = steps[i+1]
		}
	}
	return v
}

// Unlimited is the number of uses of a resource without a limit (rage at 20th level, wild shape at 20th).
const Unlimited = -1

// RageCount is a barbarian's rages per long rest: 2, 3 at 3rd, 4 at 6th, 5
// at 12th, 6 at 17th, Unlimited at 20th.
func RageCount(level int) int {
	level = clampLevel(level)
	if level == 20 {
		return Unlimited
	}
	return step(level, 1, 2, 3, 3, 6, 4, 12, 5, 17, 6)
}

// RageDamage is the rage damage bonus: +2, +3 at 9th, +4 at 16th.
func RageDamage(level int) int { return step(clampLevel(level), 1, 2, 9, 3, 16, 4) }

// BrutalCriticalDice is the barbarian's extra weapon dice on a critical hit: 1 at 9th, 2 at 13th, 3 at 17th.
func BrutalCriticalDice(level int) int { return step(clampLevel(level), 9, 1, 13, 2, 17, 3) }

// BardicInspirationDie is the bardic inspiration die: d6, d8 at 5th, d10 at 10th, d12 at 15th.
func BardicInspirationDie(level int) int { return step(clampLevel(level), 1, 6, 5, 8, 10, 10, 15, 12) }

// SongOfRestDie is the song of rest's extra healing die: d6 at 2nd, d8 at 9th, d10 at 13th, d12 at 17th.
func SongOfRestDie(level int) int { return step(clampLevel(level), 2, 6, 9, 8, 13, 10, 17, 12) }

// ChannelDivinityUses is the channel divinity uses per short rest: a cleric
// 1 at 2nd, 2 at 6th, 3 at 18th; a paladin 1 at 3rd.
func ChannelDivinityUses(c Class, level int) int {
	level = clampLevel(level)
	switch c {
	case "cleric":
		return step(level, 2, 1, 6, 2, 18, 3)
	case "paladin":
		return step(level, 3, 1)
	}
	return 0
}

// DestroyUndeadCR is the highest challenge rating a cleric's turn undead
// destroys: "1/2" at 5th, "1" at 8th, "2" at 11th, "3" at 14th, "4" at 17th; "" before.
func DestroyUndeadCR(level int) string {
	return []string{"", "1/2", "1", "2", "3", "4"}[step(clampLevel(level), 5, 1, 8, 2, 11, 3, 14, 4, 17, 5)]
}

// WildShapeUses is a druid's wild shapes per short rest: 2 from 2nd, Unlimited at 20th (archdruid).
func WildShapeUses(level int) int {
	level = clampLevel(level)
	if level == 20 {
		return Unlimited
	}
	return step(level, 2, 2)
}

// WildShapeMaxCR is the highest challenge rating of a wild shape: "1/4" at
// 2nd, "1/2" at 4th, "1" at 8th; "" before 2nd. Swimming forms come at 4th,
// flying ones at 8th (WildShapeSwim, WildShapeFly).
func WildShapeMaxCR(level int) string {
	return []string{"", "1/4", "1/2", "1"}[step(clampLevel(level), 2, 1, 4, 2, 8, 3)]
}

// WildShapeSwim reports whether a druid's wild shapes may swim (4th level).
func WildShapeSwim(level int) bool { return clampLevel(level) >= 4 }

// WildShapeFly reports whether a druid's wild shapes may fly (8th level).
func WildShapeFly(level int) bool { return clampLevel(level) >= 8 }

// ActionSurges is a fighter's action surges per short rest: 1 at 2nd, 2 at 17th.
func ActionSurges(level int) int { return step(clampLevel(level), 2, 1, 17, 2) }

// ExtraAttacks is the number of extra attacks with the Attack action of a
// single-class character: a fighter 1 at 5th, 2 at 11th, 3 at 20th; a
// barbarian, monk, paladin or ranger 1 at 5th; others none.
func ExtraAttacks(c Class, level int) int {
	level = clampLevel(level)
	switch c {
	case "fighter":
		return step(level, 5, 1, 11, 2, 20, 3)
	case "barbarian", "monk", "paladin", "ranger":
		return step(level, 5, 1)
	}
	return 0
}

// IndomitableUses is a fighter's indomitable uses per long rest: 1 at 9th, 2 at 13th, 3 at 17th.
func IndomitableUses(level int) int { return step(clampLevel(level), 9, 1, 13, 2, 17, 3) }

// KiPoints is a monk's ki points: its level, from 2nd.
func KiPoints(level int) int {
	if level = clampLevel(level); level >= 2 {
		return level
	}
	return 0
}

// MartialArtsDie is a monk's martial arts die: d4, d6 at 5th, d8 at 11th, d10 at 17th.
func MartialArtsDie(level int) int { return step(clampLevel(level), 1, 4, 5, 6, 11, 8, 17, 10) }

// UnarmoredMovement is a monk's speed bonus in feet: +10 at 2nd, +15 at 6th,
// +20 at 10th, +25 at 14th, +30 at 18th.
func UnarmoredMovement(level int) int {
	return step(clampLevel(level), 2, 10, 6, 15, 10, 20, 14, 25, 18, 30)
}

// SneakAttackDiceCount is the number of d6 of a rogue's sneak attack: (level + 1) / 2.
func SneakAttackDiceCount(level int) int { return (clampLevel(level) + 1) / 2 }

// SorceryPoints is a sorcerer's sorcery points: its level, from 2nd.
func SorceryPoints(level int) int { return KiPoints(level) }

// SlotCost is the sorcery points that create a spell slot of slot level (1–5): 2, 3, 5, 6, 7; 0 otherwise.
func SlotCost(slot int) int {
	if slot < 1 || slot > 5 {
		return 0
	}
	return []int{2, 3, 5, 6, 7}[slot-1]
}

// ArcaneRecoveryLevels is the combined level of spell slots a wizard's
// arcane recovery (or a land druid's natural recovery) regains: half the
// level, rounded up.
func ArcaneRecoveryLevels(level int) int { return (clampLevel(level) + 1) / 2 }

// AuraRange is the range in feet of a paladin's auras: 10 from 6th, 30 at 18th.
func AuraRange(level int) int { return step(clampLevel(level), 6, 10, 18, 30) }

// MysticArcanum is the spell levels of a warlock's mystic arcana: 6th at
// 11th level, 7th at 13th, 8th at 15th, 9th at 17th.
func MysticArcanum(level int) []int {
	var out []int
	for i, at := range []int{11, 13, 15, 17} {
		if clampLevel(level) >= at {
			out = append(out, 6+i)
		}
	}
	return out
}

// DivineStrikeDice is a life cleric's divine strike: 1d8 at 8th, 2d8 at 14th.
func DivineStrikeDice(level int) int { return step(clampLevel(level), 8, 1, 14, 2) }
