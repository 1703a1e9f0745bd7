package dnd5e

// FeatureEffects are the character's passive class features as effects,
// from its class, subclass and level: they are not stored on the sheet.
func (c *Character) FeatureEffects() []ActiveEffect { return nil }
