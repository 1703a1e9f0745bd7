package sessionlog

import "rulekeeper/rules/coded"

// Error is every error this package returns: a catalog key (Code, in locales/catalog/sessionlog.*.toml) and its
// template data (Args). Match one with errors.Is(err, &Error{Code: ErrFullEntries}).
type Error = coded.Error

// Error codes (= catalog keys). The template arguments are listed after each.
const (
	ErrFullEntries = "sessionlog.err.full_entries"  // Max: the log holds MaxEntries entries
	ErrFullBytes   = "sessionlog.err.full_bytes"    // MaxMiB: the log would pass MaxBytes
	ErrTooManyLogs = "sessionlog.err.too_many_logs" // Max: the guild holds MaxLogsPerGuild logs
	ErrPaused      = "sessionlog.err.paused"        // (none): the log is paused
	ErrStopped     = "sessionlog.err.stopped"       // (none): the log is stopped for good
	ErrNotPaused   = "sessionlog.err.not_paused"    // (none): resume of a log that runs
	ErrBadName     = "sessionlog.err.bad_name"      // Max: a log name empty, too long or with control characters
	ErrTooLarge    = "sessionlog.err.too_large"     // MaxMiB: a file to import is too large
	ErrBadData     = "sessionlog.err.bad_data"      // (none): a file to import is not a log
	ErrBadVersion  = "sessionlog.err.bad_version"   // Version: written by a newer rulekeeper
	ErrInvalid     = "sessionlog.err.invalid"       // Field: a field out of bounds ("entries[3].roll.odds.p")
)

// ErrorCodes lists every code above (for catalog tests and the bot's key list).
func ErrorCodes() []string {
	return []string{ErrFullEntries, ErrFullBytes, ErrTooManyLogs, ErrPaused, ErrStopped, ErrNotPaused, ErrBadName,
		ErrTooLarge, ErrBadData, ErrBadVersion, ErrInvalid}
}

func newError(code string, kv ...any) *Error { return coded.New(code, kv...) }
