package store

import (
	"context"
	"strings"
	"time"
)

// Backend is a Store with what a serving process needs besides transactions: shared transport state,
// readiness, metrics and the schema. Connect returns one; *DB and *PG implement it.
type Backend interface {
	Store
	Shared
	// Ready reports whether the store can serve: reachable (a round trip within ctx) and its schema current
	// (not older than this code, and not newer than this code can work with). For /readyz.
	Ready(ctx context.Context) error
	// Stats returns a snapshot of the store's metrics.
	Stats() Stats
	// Schema reports the schema version of the data and of this code.
	Schema(ctx context.Context) (Schema, error)
	// Migrate runs the pending migrations (idempotent; several processes may run it at once) and returns the
	// schema before and after.
	Migrate(ctx context.Context) (before, after Schema, err error)
	// Target names the store for messages: the file path, or the URL without its password.
	Target() string
}

// Shared is the transport state that N replicas of the bot must share to behave as one: which interactions
// were already taken, and each user's rate limit. *PG keeps it in tables (one statement per call, the database's
// clock); *DB, which only one process can open, keeps it in bounded maps in memory.
type Shared interface {
	// Seen records the interaction id and reports whether this is the first time it was seen within ttl:
	// exactly one of several concurrent callers (on any replica) with the same id gets true. Records expire
	// after ttl (at least a millisecond) and are then forgotten.
	Seen(ctx context.Context, id string, ttl time.Duration) (first bool, err error)
	// Allow takes one token from key's bucket, which holds at most burst tokens and refills at rate tokens per
	// second. It reports whether a token was there; when not, wait is how long until one will be. A refused
	// call takes nothing. burst < 1 or rate <= 0 allows everything.
	Allow(ctx context.Context, key string, rate float64, burst int) (ok bool, wait time.Duration, err error)
}

// Schema describes the schema version of a store's data against this code's.
type Schema struct {
	Version int // the version of the data's layout (0: nothing migrated yet)
	Compat  int // the oldest code version that can work on it (PostgreSQL; for bbolt, Version)
	Code    int // the version this code writes
}

// Current reports whether this code can serve the data as it is: migrated up to this code's version, and not
// changed past what this code understands.
func (s Schema) Current() bool { return s.Version >= s.Code && s.Compat <= s.Code }

// IsURL reports whether target names a PostgreSQL database (postgres:// or postgresql://) rather than a file.
func IsURL(target string) bool {
	return strings.HasPrefix(target, "postgres://") || strings.HasPrefix(target, "postgresql://")
}

// Connect opens the store that target names: a PostgreSQL database for a postgres:// or postgresql:// URL
// (OpenPG), else the bbolt file at that path (Open). Both run pending migrations unless opt.NoMigrate.
func Connect(ctx context.Context, target string, opt Options) (Backend, error) {
	if IsURL(target) {
		return OpenPG(ctx, target, opt)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return Open(target, opt)
}

var _ Backend = (*DB)(nil)

// defaultTxTimeout bounds a transaction whose context has no deadline (Options.TxTimeout).
const defaultTxTimeout = 10 * time.Second
