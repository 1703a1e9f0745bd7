package area

import (
	"fmt"
	"sort"
	"strings"
)

// Error is every error this package returns. Code is a catalog key
// (locales/catalog/area.*.toml); Args fill the message template.
type Error struct {
	Code string
	Args map[string]any
}

func (e *Error) Error() string {
	if len(e.Args) == 0 {
		return e.Code
	}
	keys := make([]string, 0, len(e.Args))
	for k := range e.Args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%v", k, e.Args[k])
	}
	return e.Code + " (" + strings.Join(parts, ", ") + ")"
}

// Is makes errors.Is(err, &Error{Code: X}) match on the code alone.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

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

// newError builds an *Error from a code and key/value pairs.
func newError(code string, kv ...any) *Error {
	e := &Error{Code: code}
	if len(kv) > 0 {
		e.Args = make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			e.Args[kv[i].(string)] = kv[i+1]
		}
	}
	return e
}
