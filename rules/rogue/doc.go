// Package rogue is the Rogue's Tale (2D6) character model and mechanics of
// rulekeeper (rules digest Part A, with the gaps resolved as in Part C). It is
// pure: dice come in as a dice.Roller, every roll is made from a notation
// string with rules/dice ("2d6+3", "1d6+2d3+1") so the bot can show its
// breakdown, and results are data: numbers, outcomes, the modifiers that
// changed each roll (Mod, whose Source is a catalog key), exact odds, and
// events. Words live in locales/catalog/rogue.*.toml; every id type has a Key
// method returning its catalog key, and every error is an *Error whose Code
// is a catalog key (dice errors pass through as *dice.Error).
//
// Where the seed and the gaps section (Part C) disagree, this package follows
// Part C; the code says so where each choice is made:
//   - G-A1 two-handed damage is max(ceil(1.5 × mod), 0), not half; G-A2 the
//     off-hand penalty uses the weapon's ability, not AGI; G-A3 Dual Wield
//     removes the off-hand to-hit and damage penalties and gives full-AGI parry.
//   - G-A7 a crit threshold below 12 gives a critical only when the roll also
//     succeeds; only a double six succeeds whatever the total (the seed's 2D6
//     section says a double six is always a critical; every check can crit
//     unless Check.NoCrit).
//   - G-A8 a monster aura's ×1.5 applies only to adjacent creatures, floored.
//   - G-A10 cursed items only add +1 fumble modifier while equipped; the
//     seed's "cannot get rid of it" is not modelled.
//   - G-A12 crit threshold 12 − size − level − magic, at least 7, direction a
//     guild setting (Rules.CritDirection, default attacker advantage); the
//     seed's crit effect check is on unless Rules.NoCritEffect.
//   - G-A13 defence bands apply to melee only; ranged and thrown use range (+ deflect).
//   - G-A14 Z = floor(target level / 4). G-A15 Banish Daemon and Capture Soul
//     use CHA; Banish's kill check uses X. G-A17 Curse of Pride makes the
//     creature reckless (not "proud").
//
// Decisions where the digest is silent:
//   - Races: human (every modifier score − 7) and orc (STR score − 6, the rest
//     as a human; one size larger). The rule of three is checked on base
//     scores for every race (monsters are exempt); from level 20 the scores
//     must be one point away from a valid pre-20 spread, with a gap of at most 4.
//   - Hunger and thirst penalties do not add up: the worse track's applies, to
//     every check and to-hit roll (including regeneration and slow checks),
//     not to damage.
//   - Energy costs 1 per active talent use and per spell; a spell with no
//     energy costs D3 HP. Casting from a scroll costs no energy. Regeneration
//     gives 1 HP / 1 energy per success and is not rolled when full.
//   - Talent points: talents (Clearcasting excepted) may not exceed
//     TalentPoints(level) for non-monsters.
//   - Vulnerability doubles damage before resistance is subtracted.
//   - A lost turn (asleep, slowed, …) still costs one action of hunger and thirst.
//   - Dungeon Fever triggers both effects of a random other disease (1d8).
//   - Healing Touch restores 1 point of the most damaged attribute, no roll.
//   - Melee against a helpless target makes no to-hit roll, so Killing Blow
//     cannot trigger; its crit uses D6 + (12 − crit threshold) ≥ 6.
//   - Shield Bash is an off-hand melee attack (−2 to hit and the off-hand
//     damage modifier without Dual Wield) with the shield's bash die.
//   - Extra-damage talents turn the positive damage modifier (after the hand
//     rule) into that many D3s; a negative modifier stays flat.
//   - An attack by a hidden creature reveals it. Full control (needed to
//     dodge, block, parry or deflect) is lost only while helpless.
//   - Lingering effects tick down at the end of the creature's own turn, after
//     their trigger roll; the same curse/poison/disease/state added twice keeps
//     the higher power and the longer duration; haste and slow effects stack.
//   - Blinding and Confusing Poison's −P applies to spell to-hit rolls too;
//     Deafening and Silencing Poison's −P to casting rolls only without Silent
//     Cast (their triggered states still apply). Charming Poison's mental check
//     before attacking the charmer is left to the bot (Check with CheckMental).
//   - A hunger or thirst counter out of range deals 1 damage per track per turn.
//   - Mage Armour ends whenever an Edit (or Update, or SetEquipment) changes
//     any equipment field; Edit returns what ended.
//   - Renewing Touch: damage taken cuts the remaining duration to Y (the
//     caster's CHA bonus) when that is shorter.
//   - A weapon's magic damage bonus is added after the hand rule and counts
//     inside the +5 cap; only the extra-damage talents' D3s go over it.
//   - A spell's critical hit makes the same crit effect check as a weapon's.
//   - The secondary effect of a damage type (SufferSecondary) is the orbs':
//     burning D6 + X, slowed D6 + X (power X), shocked X/2, a random poison
//     or disease for (D6 + X)×10; an aura's on a vulnerable creature uses
//     the bearer's STA bonus as X.
//   - Healing Wave's D3 + Y is rolled once for the target and its neighbours;
//     an enlarged orb's splash strikes the body of each creature adjacent to
//     the target (the caster too) with the orb's normal damage.
//   - Multi Shot, Sweeping Blow and Blade Flurry roll a full attack at each
//     extra target, whatever the main attack did, for the one energy of the
//     talent; Blade Flurry's extra attacks are the main hand's, then the off
//     hand's (with its penalties), and may go to the target again.
//   - Summon Daemon brings in the daemon the caller gives (NewDaemon: a
//     monster with every attribute 7 at a given level, since the sources give
//     no daemon's numbers) and rolls Enslave Daemon against its level.
//   - Adjacent means the eight neighbouring squares or the same square;
//     distance (for range) is floor(sqrt(dx² + dy²)) (A18).
package rogue
