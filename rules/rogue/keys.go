package rogue

// CatalogKeys lists every catalog key this package hands out (names of ids,
// outcomes, modifier sources, event messages and error codes), for catalog
// tests and the bot's dynamic key list.
func CatalogKeys() []string {
	var keys []string
	for _, a := range AllAttributes() {
		keys = append(keys, a.Key())
	}
	for _, r := range Races() {
		keys = append(keys, r.ID.Key())
	}
	for _, s := range Sexes() {
		keys = append(keys, s.Key())
	}
	for _, s := range Sizes() {
		keys = append(keys, s.Key())
	}
	for _, i := range Immunities() {
		keys = append(keys, i.Key()) // the damage types, then the special immunities
	}
	for _, t := range Talents() {
		keys = append(keys, t.ID.Key())
	}
	keys = append(keys, Wolf.Key(), Bear.Key(), FerociousBiteKey)
	for _, s := range []School{Celestial, Draconic, Infernal} {
		keys = append(keys, s.Key())
	}
	for _, s := range Spells() {
		keys = append(keys, s.ID.Key())
	}
	for _, s := range States() {
		keys = append(keys, s.Key())
	}
	for _, c := range Curses() {
		keys = append(keys, c.Key())
	}
	for _, p := range Poisons() {
		keys = append(keys, p.Key())
	}
	for _, d := range Diseases() {
		keys = append(keys, d.ID.Key())
	}
	for _, k := range EffectKinds() {
		keys = append(keys, k.Key())
	}
	for _, o := range Outcomes() {
		keys = append(keys, o.Key())
	}
	keys = append(keys, Body.Key(), Head.Key())
	for _, t := range []Track{TrackHunger, TrackThirst} {
		keys = append(keys, t.Key())
		for l := 1; l <= TrackLevels; l++ {
			keys = append(keys, t.LevelKey(l))
		}
	}
	for _, k := range []AttackKind{Melee, Ranged, Thrown} {
		keys = append(keys, k.Key())
	}
	for _, h := range []Hand{MainHand, OffHand, TwoHands} {
		keys = append(keys, h.Key())
	}
	for _, w := range []WeaponSize{WeaponSmall, WeaponMedium, WeaponLarge} {
		keys = append(keys, w.Key())
	}
	for _, d := range []Defence{DefenceDodge, DefenceBlock, DefenceParry} {
		keys = append(keys, d.Key())
	}
	for _, d := range []CritDirection{CritAttacker, CritDefender, CritMagicOnly} {
		keys = append(keys, d.Key())
	}
	for _, k := range []CheckKind{CheckPlain, CheckMental, CheckReflex, CheckSearch} {
		keys = append(keys, k.Key())
	}
	for _, a := range []Action{ActionAct, ActionMove, ActionRest} {
		keys = append(keys, a.Key())
	}
	for _, e := range EventTypes() {
		keys = append(keys, e.Key())
	}
	keys = append(keys, ruleSources()...)
	keys = append(keys, ErrorCodes()...)
	return keys
}
