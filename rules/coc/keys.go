package coc

// CatalogKeys lists every catalog key this package hands out (names of ids, outcomes and error codes), for catalog
// tests and the bot's dynamic key list.
func CatalogKeys() []string {
	var keys []string
	for _, c := range append(Characteristics(), Luck) {
		keys = append(keys, c.Key())
	}
	for _, s := range Skills() {
		keys = append(keys, s.ID.Key())
	}
	keys = append(keys, GroupFighting.Key(), GroupFirearms.Key())
	for _, s := range Stats() {
		keys = append(keys, s.Key())
	}
	for _, l := range Levels() {
		keys = append(keys, l.Key())
	}
	for _, d := range Difficulties() {
		keys = append(keys, d.Key())
	}
	for _, c := range Conditions() {
		keys = append(keys, c.Key())
	}
	for _, m := range Mods() {
		keys = append(keys, m.Key())
	}
	for _, m := range []DBMode{DBFull, DBHalf, DBNone} {
		keys = append(keys, m.Key())
	}
	for _, o := range []OpposedOutcome{OpposedWin, OpposedLose, OpposedTie, OpposedNone} {
		keys = append(keys, o.Key())
	}
	keys = append(keys, CombinedAll.Key(), CombinedAny.Key())
	for _, o := range []CombinedOutcome{CombinedSuccess, CombinedPartial, CombinedFailure} {
		keys = append(keys, o.Key())
	}
	for _, d := range []Defence{DefenceDodge, DefenceFightBack, DefenceNone} {
		keys = append(keys, d.Key())
	}
	for _, o := range []MeleeOutcome{MeleeHit, MeleeDodged, MeleeCounter, MeleeMiss} {
		keys = append(keys, o.Key())
	}
	for _, b := range []RangeBand{PointBlank, BaseRange, LongRange, VeryLong, Beyond} {
		keys = append(keys, b.Key())
	}
	keys = append(keys, BoutRealtime.Key(), BoutSummary.Key(), DeathClassic.Key(), DeathPulp.Key())
	for _, f := range Formulas() {
		keys = append(keys, f.Key())
	}
	keys = append(keys, ErrorCodes()...)
	return keys
}
