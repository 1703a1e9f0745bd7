// Package dnd5e is the D&D 5e (SRD 5.1) character model and mechanics of
// rulekeeper: checks, saves, attacks, damage, hit points, death saves, rests
// and conditions (rules digest Part B). It is pure: dice come in as a
// dice.Roller, every roll is made from a notation string with rules/dice so
// the bot can show its breakdown, and results are data (numbers, verdicts,
// which condition did what). Words live in locales/catalog/dnd5e.*.toml; every
// id type has a Key() method returning its catalog key, and every error is an
// *Error whose Code is a catalog key.
//
// Decisions where the digest is silent:
//   - Unconscious implies prone: adding unconscious (and dropping to 0 HP) also
//     adds prone; prone stays when unconscious ends (the creature must stand up).
//     Incapacitated is implied by paralyzed/petrified/stunned/unconscious
//     (HasCondition, ListConditions) but not stored.
//   - A short rest is refused while dying or dead; a stable character at 0 HP
//     may spend Hit Dice and wakes if healed. A long rest needs ≥ 1 HP.
//   - Long rest order: exhaustion −1 first (food and drink assumed), then HP to
//     the new effective max, so leaving exhaustion 4 restores full HP. Temp HP
//     end with a long rest. The 24 h window runs from the previous long rest's
//     time as given to LongRest.
//   - Exhaustion 4+: effective max HP = floor(MaxHP/2), at least 1; HP is capped.
//     Exhaustion 6: dead, HP 0. AddCondition(Exhaustion) gains levels;
//     RemoveCondition(Exhaustion) clears all; SetExhaustion sets a level.
//   - Death saves are saving throws: exhaustion 3+ gives them disadvantage, and
//     an optional bonus (bless) applies. Natural 1/20 are judged on the kept die.
//   - Damage absorbed entirely by temp HP at 0 HP causes no death-save failure.
//     Massive damage compares the overflow with the effective max HP.
//   - Resistance and vulnerability on one type: halve (round down), then double.
//     Immunity wins. Each typed group is clamped at 0 before defences. Petrified
//     gives resistance to all damage (its poison immunity is read as the
//     poisoned condition, not poison damage).
//   - Damage notation: terms are grouped by damage-type label; untyped terms
//     (including the ability modifier) join the first typed group.
//   - Frightened is assumed to have its source in sight; checks that need
//     sight or hearing (blinded, deafened) are not auto-failed (the bot cannot
//     know which checks need them).
//   - A target with AC 0 is "AC unknown": damage is rolled unless natural 1.
//   - Dead characters cannot roll checks, saves or attacks, or be healed
//     (ErrIsDead); damage to the dead is a no-op.
//   - Adding a condition already present keeps the longer duration.
//   - Effects (effect.go), class features and their resources (feature.go,
//     feature_passive.go, feature_resource.go) and custom counters
//     (counter.go) live on the sheet since version 2; their own decisions are
//     written where they are defined.
package dnd5e
