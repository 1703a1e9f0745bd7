package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// DefaultPoolSize is the PostgreSQL pool size when neither Options.PoolSize nor the URL's pool_max_conns sets
// one. Fewer connections were faster on one hot guild (the lock queue then waits in the pool, not in the
// server); across guilds 8 is plenty for one replica. Keep replicas × pool size + 10 under max_connections.
const DefaultPoolSize = 8

// Session defaults that OpenPG sets when the URL does not: a lock wait, a statement and a transaction left
// idle are all bounded, so one stuck replica cannot hold a guild.
var pgDefaults = map[string]string{
	"lock_timeout":                        "5s",
	"statement_timeout":                   "10s",
	"idle_in_transaction_session_timeout": "30s",
	"application_name":                    "rulekeeper",
}

// PG is the PostgreSQL implementation of Store and Backend (pgx v5 with a connection pool). Many processes
// may use one database at once.
//
// Every Update runs at READ COMMITTED and first locks its guild's row in rk_guilds (SELECT … FOR UPDATE), so a
// guild has one writer at a time across all processes — bbolt's guarantee, per guild instead of per file —
// while different guilds write in parallel. A serialization failure (40001), a deadlock (40P01) or a lost
// connection before COMMIT rolls the attempt back and runs fn again after a jittered pause, a bounded number
// of times; so fn may run more than once (see Store). A View is one REPEATABLE READ READ ONLY snapshot.
// Records are the bytes bbolt stores (bytea); lists are sorted in Go, in byte order, whatever the collation.
// The transaction's time is the database's clock (read after the lock), not the process's.
type PG struct {
	pool         *pgxpool.Pool
	target       string // the URL without its password
	txTimeout    time.Duration
	maxAttempts  int
	serializable bool

	metrics   opMetrics
	closed    atomic.Bool
	closeOnce sync.Once
	lastPrune atomic.Int64 // unix nanoseconds of the last expiry sweep of rk_interactions and rk_rate
}

var _ Backend = (*PG)(nil)

// OpenPG connects to the PostgreSQL (or CockroachDB) database at the postgres:// URL and runs pending
// migrations (unless opt.NoMigrate). URL parameters that pgx knows (pool_max_conns, sslmode, …) and session
// settings (search_path, lock_timeout, statement_timeout, …) are honoured; rk_isolation=serializable sets
// Options.Serializable. The password may also come from ~/.pgpass or $PGPASSWORD. Errors: ErrUnavailable when
// the server cannot be reached, ErrNewerSchema when its schema is newer than this code can work with.
func OpenPG(ctx context.Context, rawURL string, opt Options) (*PG, error) {
	rawURL, serializable, err := takeParam(rawURL, "rk_isolation")
	if err != nil {
		return nil, &Error{Err: ErrInvalid, Detail: "database URL", Cause: err}
	}
	cfg, err := pgxpool.ParseConfig(rawURL)
	if err != nil {
		return nil, &Error{Err: ErrInvalid, Detail: "database URL: " + redactErr(err, rawURL)}
	}
	switch {
	case opt.PoolSize > 0:
		cfg.MaxConns = int32(opt.PoolSize)
	case !hasParam(rawURL, "pool_max_conns"):
		cfg.MaxConns = DefaultPoolSize
	}
	for k, v := range pgDefaults {
		if _, ok := cfg.ConnConfig.RuntimeParams[k]; !ok {
			cfg.ConnConfig.RuntimeParams[k] = v
		}
	}
	db := &PG{
		target:       redact(rawURL),
		txTimeout:    cmpOr(opt.TxTimeout, defaultTxTimeout),
		maxAttempts:  cmpOr(opt.MaxAttempts, 50),
		serializable: opt.Serializable || serializable == "serializable",
	}
	if serializable != "" && serializable != "serializable" && serializable != "read_committed" {
		return nil, &Error{Err: ErrInvalid, Detail: "rk_isolation=" + serializable + ": want serializable or read_committed"}
	}
	db.pool, err = pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, db.mapErr(err)
	}
	octx, cancel := context.WithTimeout(ctx, db.txTimeout)
	defer cancel()
	if opt.NoMigrate {
		err = db.checkSchema(octx)
	} else {
		_, _, err = db.Migrate(octx)
	}
	if err != nil {
		db.pool.Close()
		return nil, err
	}
	return db, nil
}

func cmpOr[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// takeParam removes the query parameter name from a URL and returns its value.
func takeParam(rawURL, name string) (string, string, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return rawURL, "", fmt.Errorf("%s", redactErr(err, rawURL))
	}
	q := u.Query()
	v := q.Get(name)
	if !q.Has(name) {
		return rawURL, "", nil
	}
	q.Del(name)
	u.RawQuery = q.Encode()
	return u.String(), v, nil
}

func hasParam(rawURL, name string) bool {
	u, err := url.Parse(rawURL)
	return err == nil && u.Query().Has(name)
}

// redact returns the URL without its password, for messages and logs.
func redact(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "postgres://…"
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	q := u.Query()
	if q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.String()
}

// redactErr is err's text without the URL's password, should the parser have quoted it.
func redactErr(err error, rawURL string) string {
	msg := err.Error()
	if u, perr := url.Parse(rawURL); perr == nil {
		if pw, ok := u.User.Password(); ok && pw != "" {
			msg = strings.ReplaceAll(msg, pw, "xxxxx")
		}
	}
	return msg
}

// Target implements Backend: the URL without its password.
func (db *PG) Target() string { return db.target }

// Close closes the pool; it waits for the transactions that hold a connection. Calling it again returns nil.
func (db *PG) Close() error {
	db.closeOnce.Do(func() {
		db.closed.Store(true)
		db.pool.Close()
	})
	return nil
}

// Stats implements Backend.
func (db *PG) Stats() Stats {
	s := db.metrics.snapshot()
	ps := db.pool.Stat()
	s.Pool = PoolStats{Max: ps.MaxConns(), Total: ps.TotalConns(), Acquired: ps.AcquiredConns(), Idle: ps.IdleConns(),
		Waits: ps.EmptyAcquireCount()}
	return s
}

// Update implements Store.
func (db *PG) Update(ctx context.Context, guildID string, fn func(Tx) error) error {
	start := time.Now()
	err := db.run(ctx, guildID, true, fn)
	db.metrics.observe(OpUpdate, start, err)
	return err
}

// View implements Store.
func (db *PG) View(ctx context.Context, guildID string, fn func(Tx) error) error {
	start := time.Now()
	err := db.run(ctx, guildID, false, fn)
	db.metrics.observe(OpView, start, err)
	return err
}

// maxConnAttempts bounds the attempts on a lost or refused connection: a server that is down stays down for
// longer than a request should wait.
const maxConnAttempts = 3

func (db *PG) run(parent context.Context, guildID string, writable bool, fn func(Tx) error) error {
	if err := parent.Err(); err != nil {
		return err
	}
	if !validID(guildID) {
		return &Error{Err: ErrInvalid, Detail: fmt.Sprintf("guild ID %q", guildID)}
	}
	if db.closed.Load() {
		return ErrClosed
	}
	ctx, cancel := db.deadline(parent)
	defer cancel()
	connFailures := 0
	for attempt := 1; ; attempt++ {
		retry, err := db.once(ctx, guildID, writable, fn)
		if retry == retryNone {
			return db.finalErr(parent, ctx, err)
		}
		if retry == retryConn {
			connFailures++
		}
		if attempt >= db.maxAttempts || connFailures >= maxConnAttempts || ctx.Err() != nil || db.closed.Load() {
			return db.finalErr(parent, ctx, db.mapErr(err))
		}
		db.metrics.retried()
		backoff := time.Duration(rand.N(int64(time.Millisecond) << min(attempt, 7))) // full jitter, < 128 ms
		select {
		case <-time.After(backoff):
		case <-ctx.Done():
			return db.finalErr(parent, ctx, db.mapErr(err))
		}
	}
}

// deadline gives ctx the default transaction deadline when it has none.
func (db *PG) deadline(ctx context.Context) (context.Context, context.CancelFunc) {
	if _, ok := ctx.Deadline(); ok {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, db.txTimeout)
}

// finalErr turns the end of the default deadline (not the caller's) into ErrBusy, and returns the caller's
// own cancellation as ctx.Err().
func (db *PG) finalErr(parent, ctx context.Context, err error) error {
	switch {
	case err == nil:
		return nil
	case parent.Err() != nil && isCtxErr(err):
		return parent.Err()
	case ctx.Err() != nil && isCtxErr(err):
		return &Error{Err: ErrBusy, Path: db.target, Detail: "the transaction ran out of time", Cause: err}
	}
	return err
}

// once runs one attempt: begin, lock the guild (Update), fn, commit. It returns the error and whether the
// attempt may be run again: only when the server rolled it back, or the connection was lost before COMMIT.
func (db *PG) once(ctx context.Context, guild string, writable bool, fn func(Tx) error) (retryKind, error) {
	opts := pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}
	if writable {
		opts = pgx.TxOptions{IsoLevel: pgx.ReadCommitted, AccessMode: pgx.ReadWrite}
		if db.serializable {
			opts.IsoLevel = pgx.Serializable
		}
	}
	ptx, err := db.pool.BeginTx(ctx, opts)
	if err != nil {
		return classify(err), db.mapErr(err)
	}
	defer func() {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = ptx.Rollback(rctx) // after a commit: ErrTxClosed, nothing to do
	}()
	t := &pgTx{db: db, tx: ptx, ctx: ctx, guild: guild, writable: writable}
	defer func() { t.done = true }() // also when fn panics; the deferred rollback then runs and the panic goes on
	if writable {
		if err := t.lock(); err != nil {
			return t.result(nil)
		}
	}
	fnErr := fn(t)
	t.done = true
	if fnErr == nil && t.failed == nil && writable {
		t.flush()
	}
	if fnErr != nil || t.failed != nil {
		return t.result(fnErr)
	}
	if err := ptx.Commit(ctx); err != nil {
		if k := classify(err); k == retryConflict {
			return k, err // the server rolled it back: 40001 at commit under SERIALIZABLE
		}
		return retryNone, db.mapErr(err) // ambiguous: the commit may have landed
	}
	return retryNone, nil
}

// result decides an attempt that did not commit: a database failure inside it decides (retry, or its mapped
// error unless fn returned its own), else fn's own error is returned unchanged.
func (t *pgTx) result(fnErr error) (retryKind, error) {
	if t.failed != nil {
		if k := classify(t.failed); k != retryNone {
			return k, t.failed
		}
		if fnErr != nil {
			return retryNone, fnErr
		}
		return retryNone, t.db.mapErr(t.failed)
	}
	return retryNone, fnErr
}
