package dnd5e

// Cover is how much of a target an obstacle hides (SRD, "Cover"): half cover adds 2 to its AC and DEX saving
// throws, three-quarters cover 5, and a target behind total cover cannot be targeted directly.
type Cover string

// Cover degrees; the zero value is no cover.
const (
	CoverNone          Cover = ""
	CoverHalf          Cover = "half"
	CoverThreeQuarters Cover = "three_quarters"
	CoverTotal         Cover = "total"
)

// Covers lists the degrees of cover, none left out.
func Covers() []Cover { return []Cover{CoverHalf, CoverThreeQuarters, CoverTotal} }

// Bonus is what the cover adds to AC and DEX saving throws (0 for none and for total cover, which forbids the
// attack instead).
func (c Cover) Bonus() int {
	switch c {
	case CoverHalf:
		return 2
	case CoverThreeQuarters:
		return 5
	}
	return 0
}

// Key is the cover's catalog key ("dnd5e.cover.half"), "" for none.
func (c Cover) Key() string {
	switch c {
	case CoverHalf:
		return "dnd5e.cover.half"
	case CoverThreeQuarters:
		return "dnd5e.cover.three_quarters"
	case CoverTotal:
		return "dnd5e.cover.total"
	}
	return ""
}

// Valid reports whether c is a known degree of cover (or none).
func (c Cover) Valid() bool {
	switch c {
	case CoverNone, CoverHalf, CoverThreeQuarters, CoverTotal:
		return true
	}
	return false
}

// Targetable refuses a target behind total cover (ErrTotalCover) and an unknown degree (ErrBadCover).
func (c Cover) Targetable() error {
	switch {
	case !c.Valid():
		return newError(ErrBadCover, "Cover", string(c))
	case c == CoverTotal:
		return newError(ErrTotalCover)
	}
	return nil
}
