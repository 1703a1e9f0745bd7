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
	ErrNoFeature       = "feature.err.no_feature"       // Name, Feature
	ErrPassiveFeature  = "feature.err.passive"          // Feature
	ErrNoUsesLeft      = "feature.err.no_uses_left"     // Name, Feature, Max
	ErrNotEnoughPool   = "feature.err.not_enough_pool"  // Name, Feature, Want, Have
	ErrBadSpent        = "feature.err.bad_spent"        // Feature, Spent, Max
	ErrBadReset        = "feature.err.bad_reset"        // Reset
	ErrBadRecovery     = "feature.err.bad_recovery"     // Levels, Max
	ErrNoSlotSpent     = "feature.err.no_slot_spent"    // Name, Slot

	ErrBadCounterName   = "counter.err.bad_name"   // Max
	ErrBadCounterBounds = "counter.err.bad_bounds" // Min, Max, Limit
	ErrBadCounterValue  = "counter.err.bad_value"  // Name, Value, Min, Max
	ErrUnknownCounter   = "counter.err.unknown"    // Name
	ErrTooManyCounters  = "counter.err.too_many"   // Max
	ErrCounterExists    = "counter.err.exists"     // Name
	ErrCounterEmpty     = "counter.err.not_enough" // Name, Want, Have
)

// FeatureErrorCodes lists every code above.
func FeatureErrorCodes() []string {
	return []string{
		ErrUnknownSource, ErrBadEffectName, ErrBadDuration, ErrBadEffect, ErrBadMod, ErrBadModValue,
		ErrTooManyEffects, ErrUnknownEffect, ErrConditionImmune,
		ErrUnknownFeature, ErrUnknownSubclass, ErrNoFeature, ErrPassiveFeature, ErrNoUsesLeft, ErrNotEnoughPool,
		ErrBadSpent, ErrBadReset, ErrBadRecovery, ErrNoSlotSpent,
		ErrBadCounterName, ErrBadCounterBounds, ErrBadCounterValue, ErrUnknownCounter, ErrTooManyCounters,
		ErrCounterExists, ErrCounterEmpty,
	}
}
