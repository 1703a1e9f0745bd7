// Package ddb maps a D&D Beyond character (the public character-service v5
// JSON) to a rulekeeper 5e sheet (dnd5e.Character). It is pure: Parse reads
// bytes the caller downloaded (package fetch does that) or a user uploaded,
// and returns the sheet with a list of what did not fit (Unmapped: a kind, D&D
// Beyond's own name and id, a reason whose catalog key is Reason.Key). Words
// live in locales/catalog/ddb.*.toml. The field names and how bonuses combine
// were learnt from the public format and from open importers (Avrae's former
// raw-JSON importer, ddb-importer); the code is rulekeeper's own.
//
// Mapping (D&D Beyond field → sheet field):
//
//	name                                    → Name (at most 64 runes)
//	classes[] level, definition.name        → Class, Level: the SRD class of highest level (then the starting class)
//	classes[].subclassDefinition.name       → Subclass, when it is the class's SRD subclass (2014 and 2024 names)
//	stats, bonusStats, overrideStats,
//	  modifiers "bonus"/"set" <ability>-score → Scores (see scores)
//	modifiers "proficiency"/"expertise"     → Saves, Skills, Expertise; characterValues typeId 26 per skill
//	baseHitPoints, bonusHitPoints,
//	  overrideHitPoints, hit-points-per-level → MaxHP; removedHitPoints → HP; temporaryHitPoints → TempHP
//	classes[].hitDiceUsed                   → HitDice (the sheet class's level less those used)
//	inventory armour/shields, modifiers,
//	  characterValues typeId 1–3            → AC (see armorClass)
//	race.weightSpeeds.normal.walk, speed
//	  modifiers, customSpeeds               → Speed
//	equipped weapons, actions shown as
//	  attacks                               → Attacks (to-hit bonus, damage with type); Import.Weapons notes thrown,
//	                                          versatile, range
//	classSpells[], spells{race,class,…}     → Import.Spells (SRD spell ids, prepared or not)
//	classes (spellcasting levels),
//	  spellSlots/pactMagic used             → SpellSlots (max from the class levels, used from D&D Beyond)
//	classes[].definition.spellCastingAbilityId → SpellAbility
//	modifiers resistance/immunity/vulnerability → Resist, Immune, Vuln (damage types only)
//	deathSaves                              → DeathSaves, State (at 0 HP: dead, stable or dying)
//	conditions[] (id 1–15, 4 = exhaustion)  → Conditions, Exhaustion
//
// Decisions where the format or the brief leave a choice:
//   - The sheet holds one class. A multiclass character becomes its SRD class
//     of highest level, at that class's level (so its features, Hit Dice and
//     resources are right); every other class is reported (second_class), and
//     so is the proficiency bonus the sheet loses against the total level
//     (proficiency). Max HP stays the whole character's; spell slots follow
//     the SRD multiclass rules over every class.
//   - Modifiers in effect: race, class, background and feat lists, and the
//     grantedModifiers of inventory items in use (equipped, and attuned when
//     the item needs it); "modifiers.item" and "modifiers.condition" are not
//     read. A class modifier not available to multiclassing counts only from
//     the starting class; isGranted:false never counts. Restricted modifiers
//     ("against poison", "while not wearing heavy armor") are not applied to
//     numbers, except the armour restriction of speed bonuses.
//   - Speed bonuses of the sheet's own class are left out for barbarians and
//     monks: the rules add fast movement and unarmored movement themselves.
//   - A monk's unarmored defense (WIS) needs no shield; a barbarian's (CON) allows one.
//   - Finesse and monk weapons use the better of STR and DEX (DEX on a tie, so
//     that sneak attack qualifies); a weapon's magic bonus goes to the attack's
//     to-hit bonus and to its damage; the ability modifier is the rules'.
//     Thrown and versatile use are noted in Import.Weapons, not made attacks.
//   - Spells castable now (Spell.Prepared): prepared, always prepared,
//     cantrips, every spell of a class that knows its spells, and spells
//     granted by race, feats, items and background.
//   - The sheet's overrides of a skill's total or bonus, of the armour base,
//     and half proficiency are reported, not kept; D&D Beyond's spell slot
//     "available" is not read.
//   - The race, feats and magic items in use are reported: their numbers are
//     applied, their other effects (darkvision, advantage, a cloak's save
//     bonus) are not tracked. A weapon or armour whose magic is only +N is not.
//   - Numbers outside the sheet's ranges are clamped and reported (clamped).
//     Input over MaxSize (256 KiB) is refused; any other input either maps or
//     fails with a coded error, never a panic (FuzzParse).
package ddb
