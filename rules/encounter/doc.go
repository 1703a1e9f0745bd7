// Package encounter is rulekeeper's combat tracker: one encounter per
// channel, with its round, whose turn it is, the combatants (players'
// characters and NPCs), their initiative, tracked conditions with durations,
// optional grid positions, Rogue's Tale per-turn defence use, and a short log
// (digest B4 for 5e, A12 for Rogue's Tale). It is pure and system-neutral: it
// imports only rules/dice; the bot converts between combatants and each
// system's sheets, and turns the data returned here into words. Every error
// is an *Error whose Code is a catalog key (locales/catalog/encounter.*.toml);
// log events, vague states, kinds and turn boundaries have catalog keys too.
//
// An Encounter is plain JSON with a "v" version; Decode validates a stored
// one. Operations change it in place and are all or nothing. Combatants are
// always kept in turn order; Turn is the index of whose turn it is.
//
// Decisions:
//   - 5e order: initiative total, then DEX score, then a roll-off (a d20 each,
//     ties re-rolled), highest first. Roll-offs are stored (RollOff) so the
//     order is stable and reproducible; a combatant that already rolled off
//     keeps its roll, so an arrival never reorders those present. An NPC
//     without a DEX score gets 10 + 2 × its initiative bonus (clamped 1–30).
//     A roll-off still tied after 20 rounds falls back to arrival order.
//   - Groups (AddNPCs): "Goblin 1" … "Goblin N" (numbering continues after
//     the highest present); each member rolls its own initiative unless
//     Shared (SRD: one roll for a group of identical creatures, who then act
//     one after another in number order). A group with a position stands in
//     a row: member i at (X+i, Y).
//   - Rogue's Tale: the order is the order of entering (A12); no initiative
//     is rolled. Summoned creatures (both systems) act right after their
//     summoner and its earlier summons (and theirs); a summoned 5e creature
//     shows its summoner's total. When a summoner leaves, its summons take
//     its place (and, in 5e, its initiative) and follow its own summoner.
//   - Call of Cthulhu (coc digest §7.1): the order value is given (DEX, +50
//     with a readied firearm) and nothing is rolled; higher first, ties keep
//     arrival order (G9: the Keeper's call).
//   - Rounds: 0 until the first Next, which begins round 1 at the top of the
//     order. A combatant joining mid-fight never changes whose turn it is; in
//     5e it acts when its initiative comes round (next round if passed).
//   - NPCs at 0 HP are "down" (5e monsters usually die at 0 HP; Rogue's Tale
//     creatures do): Next and Prev skip them, and their turns pass at once
//     (their turn-boundary durations still count down: time passes).
//     Characters are never skipped: their HP is on the sheet, so every turn
//     of a 5e character sets TurnChange.CheckDying and the bot checks the
//     sheet for a death save. If everyone is down, Next fails (ErrAllDown).
//   - Condition durations count down at the END of the bearer's turn (SRD
//     convention), or at the start, or at a boundary of another combatant's
//     turn (the caster's); a condition added during its anchor's own turn
//     skips that turn's end (see Condition). Rogue's Tale defences come back
//     at the start of the combatant's turn.
//   - Prev undoes one of the last MaxUndo Nexts exactly (durations, expired
//     conditions and reset defences come back); beyond that it only moves
//     the turn back. Removing the current combatant passes the turn on.
//   - Vague states: unhurt (full), wounded (above half), bloodied (half or
//     less), down (0). GMs see NPC numbers (Rows).
//   - Names are unique case-insensitively (inner spaces collapsed); Find
//     takes a name or an id ("c3"). Ids are never reused.
//   - Log: the last MaxLog events as catalog keys with string arguments.
package encounter
