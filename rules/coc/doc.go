// Package coc is the Call of Cthulhu 7th edition character model and mechanics of rulekeeper (rules digest
// shared/rules/coc7-digest.md): characteristics, derived values, the skill list, the investigator sheet, d100
// checks with outcome levels, bonus and penalty dice, pushing, Luck, opposed and combined rolls, Sanity and
// insanity, melee and firearms combat, damage, wounds and healing, the development phase, and exact odds for every
// roll.
//
// It is pure: dice come in as a dice.Roller and results are data (every die, every number a reply or --json
// needs). Words live in locales/catalog/coc.*.toml; every id type has a Key method returning its catalog key,
// CatalogKeys lists them all, and every error is an *Error whose Code is a catalog key (dice errors pass through
// as *dice.Error). Names players type in other spellings are in locales/alias/coc.*.toml.
//
// # Forced dice
//
// A d100 roll takes d10 faces 1–10 in this order: the ordinary tens die, the units die, then each extra tens die
// (bonus or penalty) in order. Face 10 reads as the digit 0 on either die, and tens 0 with units 0 is 100: faces
// 10,10 are 100 and 10,1 are 01. Other dice (damage, loss, 1D10 gains) are rolled with rules/dice from their
// notation, in the order each function's doc gives. Maximum damage and a fumbled SAN roll's maximum loss roll no
// dice.
//
// # Entry points
//
//   - Sheets: New, Decode, Character.Encode/Validate, Generate (+ Generated.Character), ApplyAge, DerivedOf.
//   - Rolls: Check (values), Character.Check (the sheet's values, marks, Luck budget), Push, SpendLuck, Opposed,
//     Combined, Judge (the outcome algorithm), RollD100; Character.Input builds a plain input from the sheet and
//     Character.ApplyMarks records the marks of rolls made with plain inputs.
//   - Sanity: Character.Sanity, RollBout, Character.GainSanity.
//   - Combat: Melee, Shoot, RollDamage, Character.TakeDamage, DyingRoll, FirstAid, Medicine, Rest,
//     WeeklyHealing, Heal, InitiativeOrder (Initiative for one combatant).
//   - Development: Character.Develop, Character.RecoverLuck.
//   - Odds: CheckOdds, CheckInput.Odds, CheckResult.Odds, OpposedOddsOf, MeleeOddsOf, ShotOdds, CombinedOddsOf,
//     ImproveOdds, LuckRecoveryOdds, KeptDistribution; all exact (Chance = Num/Den).
//
// # Choices
//
// The digest's §11 decisions: G1 explicit bonus/penalty dice beyond a net of 2 are an error (ErrBadDice) while
// circumstance modifiers (Mod) are clamped; G2 classic death (damage above max HP) unless DeathPulp; G3 an opposed
// tie at equal values is reported (OpposedTie); G4 the daily SAN limit is ⌊start/5⌋; G5 Luck never buys 01; G6 the
// 2D6 SAN for reaching 90 only on crossing; G7 Mathematics 10, Forgery 05, Appraise 05; G8 fumbles and Luck rolls are
// not pushed; G9 DEX ties keep the given order (Place.Tied) and the other single-source rules are not automated; G10
// no point-buy.
//
// Where the digest is silent:
//   - Luck may also be spent on a successful roll to reach a better level; the mark the success earned stays. A
//     roll's Luck budget (CheckOptions.Luck) is spent only when it turns a failure into a success.
//   - A jam (a roll at or above the malfunction number) fails the shot whatever its level, and is not bought off.
//   - Throw is a combat skill only when the roll says so (CheckInput.Combat): a thrown rope may be pushed. Thrown
//     weapons are resolved with Melee (the target may dodge); Shoot takes Firearms weapons only.
//   - Half damage bonus halves the dice's faces (1D4 → 1D2, 2D6 → 2D3) and a flat malus toward zero (−1 → 0).
//   - Damage is never below 0. One hit above max HP kills at once; otherwise HP stop at 0.
//   - A major wound that leaves HP above 0 calls for the CON roll at once (not when the character is already
//     unconscious). Any successful First Aid or Medicine wakes the character; First Aid on the dying gives Stable
//     until Medicine; healing to half of max HP or more ends a major wound.
//   - The game day of Sanity is a number the caller keeps (a Keeper's counter); the day's tally starts at the
//     day's first loss. The daily limit is at least 1. Indefinite insanity, reached in the same roll as 5+ lost,
//     takes the place of the INT roll; permanent insanity (SAN 0) of both. Any loss while insane starts a bout.
//     A Mythos insanity (temporary or indefinite) adds Cthulhu Mythos.
//   - Skill values are 0–999; characteristics, SAN and Luck 0–99; ages 1–150 on a sheet, 15–89 for the age table.
//   - Language (Own) is listed on the standard sheet; other "any" skills (Art/Craft, Science, Pilot, Survival,
//     Lore, Language (Other)) appear once the sheet records a specialisation.
package coc
