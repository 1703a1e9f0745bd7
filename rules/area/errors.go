package area

import (
	"rulekeeper/rules/coded"
)

// Error is every error this package returns itself: a catalog key (Code) and its template data (Args).
type Error = coded.Error

// Error codes (= catalog keys). The template arguments are listed after each.
const (
	ErrBadShape     = "area.err.bad_shape"      // Shape: the unknown shape name
	ErrBadMethod    = "area.err.bad_method"     // Method: the unknown method name
	ErrBadSize      = "area.err.bad_size"       // Size (ft), Max (ft): not a positive multiple of 5 up to Max
	ErrBadWidth     = "area.err.bad_width"      // Width (ft), Max (ft): same rule as the size
	ErrWidthNotLine = "area.err.width_not_line" // (none): a width was given for a shape other than a line
	ErrNoDirection  = "area.err.no_direction"   // (none): an empty direction
	ErrBadDirection = "area.err.bad_direction"  // Direction: not a compass name or an angle in −360…360
	ErrCompassOnly  = "area.err.compass_only"   // Direction: an angle where only the 8 compass directions are allowed
	ErrBadOrigin    = "area.err.bad_origin"     // Origin: input that is not "x,y"
	ErrOriginTooFar = "area.err.origin_too_far" // X, Y, Max: a coordinate beyond ±Max
	ErrBadNumber    = "area.err.bad_number"     // Input: a length that is not a whole number of feet
)

// ErrorCodes lists every code above (for catalog tests and the bot's key list).
func ErrorCodes() []string {
	return []string{
		ErrBadShape, ErrBadMethod, ErrBadSize, ErrBadWidth, ErrWidthNotLine, ErrNoDirection,
		ErrBadDirection, ErrCompassOnly, ErrBadOrigin, ErrOriginTooFar, ErrBadNumber,
	}
}

// newError builds an *Error from a code and name/value pairs.
func newError(code string, kv ...any) *Error { return coded.New(code, kv...) }
