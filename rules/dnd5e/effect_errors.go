package dnd5e

// Error codes of effects, features, resources and counters (= catalog keys in
// locales/catalog/features.*.toml). The template arguments are listed after each.
const (
	ErrUnknownSource   = "effect.err.unknown_source"   // Kind, ID
	ErrBadEffectName   = "effect.err.bad_name"         // Max
	ErrBadDuration     = "effect.err.bad_duration"     // Kind
	ErrBadEffect       = "effect.err.bad_effect"       // Effect, Field
	ErrBadMod          = "effect.err.bad_mod"          // Effect, Kind, Field
	ErrBadModValue     = "effect.err.bad_mod_value"    // Effect, Kind, Value, Min, Max
	ErrTooManyEffects  = "effect.err.too_many"         // Max
	ErrUnknownEffect   = "effect.err.unknown_effect"   // Name, Effect
	ErrConditionImmune = "effect.err.condition_immune" // Name, Condition, Effect

	ErrUnknownFeature  = "feature.err.unknown_feature"  // Feature
	ErrUnknownSubclass = "feature.err.unknown_subclass" // Subclass, Class
)

// FeatureErrorCodes lists every code above.
func FeatureErrorCodes() []string {
	return []string{
		ErrUnknownSource, ErrBadEffectName, ErrBadDuration, ErrBadEffect, ErrBadMod, ErrBadModValue,
		ErrTooManyEffects, ErrUnknownEffect, ErrConditionImmune,
		ErrUnknownFeature, ErrUnknownSubclass,
	}
}
