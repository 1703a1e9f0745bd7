package ddb

import "rulekeeper/rules/coded"

// Error is every error this package returns itself: a catalog key (Code,
// locales/catalog/ddb.*.toml) and its template data (Args).
type Error = coded.Error

// MaxSize is the largest character JSON Parse reads (256 KiB, as the
// download and a file import are bounded; issue 16): real sheets are tens
// of KiB.
const MaxSize = 256 << 10

// Error codes (= catalog keys). The template arguments are listed after each.
const (
	ErrTooLarge   = "ddb.err.too_large"   // Max (bytes)
	ErrBadJSON    = "ddb.err.bad_json"    // (none)
	ErrNotSuccess = "ddb.err.not_success" // (none): the service answered success:false
	ErrNoName     = "ddb.err.no_name"     // (none)
	ErrNoStats    = "ddb.err.no_stats"    // Ability: a base ability score is missing
	ErrBadScore   = "ddb.err.bad_score"   // Ability, Score, Min, Max: the computed score is out of range
	ErrNoClass    = "ddb.err.no_class"    // (none): no class rulekeeper knows
	ErrBadURL     = "ddb.err.bad_url"     // URL
	ErrBadBase    = "ddb.err.bad_base"    // Base
)

// ErrorCodes lists every code above.
func ErrorCodes() []string {
	return []string{ErrTooLarge, ErrBadJSON, ErrNotSuccess, ErrNoName, ErrNoStats, ErrBadScore, ErrNoClass,
		ErrBadURL, ErrBadBase}
}

// newError builds an *Error from a code and name/value pairs.
func newError(code string, kv ...any) *Error { return coded.New(code, kv...) }
