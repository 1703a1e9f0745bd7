package bot

// /rt turn encounter:true (issue #6): count turns for every combatant of the channel's Rogue's Tale encounter in
// one transaction, by a controller of the encounter (GM role, Manage Server or its starter). Characters play their
// turns on their sheets (the same rogue Turn as /rt turn, with the action: option); NPCs on their stored defender
// (rogueNPC), whose HP and defender are written back to the encounter. Combatants already dead or down are listed
// but not advanced. Each turn's aura (A10, G-A8) is applied with ApplyAura to every other living combatant within
// its radius, by grid position (Chebyshev distance in squares; the same square counts as adjacent); combatants
// without a position neither give nor take auras, and are listed once.
