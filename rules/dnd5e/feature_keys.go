package dnd5e

// FeatureKeys lists every catalog key of the features area
// (locales/catalog/features.*.toml): effect words (sources, durations, mods,
// roll scopes, attack and proficiency filters), subclass and feature names,
// and the error codes of effects, features and counters.
func FeatureKeys() []string {
	var keys []string
	for _, k := range SourceKinds() {
		keys = append(keys, k.Key())
	}
	for _, k := range DurationKinds() {
		keys = append(keys, k.Key())
	}
	for _, k := range ModKinds() {
		keys = append(keys, k.Key())
	}
	for _, s := range RollScopes() {
		keys = append(keys, s.Key())
	}
	for _, f := range AttackFilters() {
		keys = append(keys, f.Key())
	}
	keys = append(keys, Proficient.Key(), Unproficient.Key())
	keys = append(keys, ResetShort.Key(), ResetLong.Key(), ResetNone.Key())
	for _, s := range Subclasses() {
		keys = append(keys, s.Key())
	}
	for _, a := range Actions() {
		keys = append(keys, a.Key())
	}
	for _, id := range featureIDs() {
		keys = append(keys, "feature."+id)
	}
	return append(keys, FeatureErrorCodes()...)
}
