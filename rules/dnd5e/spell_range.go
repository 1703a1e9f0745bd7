package dnd5e

// FeetPerMile converts a spell range in miles to feet.
const FeetPerMile = 5280

// Feet is how far the range reaches in feet: its distance for feet and miles, 5 for touch; ok is false for self,
// sight, unlimited and special ranges, which a distance cannot exceed here.
func (r SpellRange) Feet() (feet int, ok bool) {
	switch r.Kind {
	case RangeFeet:
		return r.Dist, true
	case RangeMiles:
		return r.Dist * FeetPerMile, true
	case RangeTouch:
		return 5, true
	}
	return 0, false
}

// Reaches refuses a target (named name) distance feet away that the spell cannot reach (ErrSpellOutOfRange).
func (r SpellRange) Reaches(name string, distance int) error {
	if feet, ok := r.Feet(); ok && distance > feet {
		return newError(ErrSpellOutOfRange, "Name", name, "Distance", distance, "Range", feet)
	}
	return nil
}

// ignoresCover are the spells whose target gains no benefit from cover for its saving throw (SRD).
var ignoresCover = map[string]bool{"sacred_flame": true}
