package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
)

// A pgMigration upgrades a PostgreSQL schema by one version. Its statements are idempotent (IF NOT EXISTS,
// ON CONFLICT DO NOTHING), so a migration interrupted on a database whose DDL is not transactional
// (CockroachDB) can simply run again.
type pgMigration struct {
	stmts []string
	// compat is the oldest code schema version that can still work on the schema this migration leaves. An
	// additive change (a new table or column that old code ignores) keeps the previous value, so old replicas
	// keep serving during a rolling upgrade; a destructive one raises it (expand, deploy, contract).
	compat int
}

// pgMigrations[i] upgrades schema version i to i+1; PGSchemaVersion is len(pgMigrations).
// Append only: never change or reorder a migration that has shipped.
var pgMigrations = []pgMigration{
	// 0 → 1: the first layout. See doc.go.
	{compat: 1, stmts: []string{
		`CREATE TABLE IF NOT EXISTS rk_guilds (
			guild_id text PRIMARY KEY,
			record   bytea,
			next_seq bigint NOT NULL DEFAULT 0)`,
		`CREATE TABLE IF NOT EXISTS rk_characters (
			guild_id  text NOT NULL,
			id        text NOT NULL,
			owner_id  text NOT NULL,
			name_fold text NOT NULL,
			record    bytea NOT NULL,
			PRIMARY KEY (guild_id, id),
			UNIQUE (guild_id, owner_id, name_fold))`,
		`CREATE TABLE IF NOT EXISTS rk_active (
			guild_id     text NOT NULL,
			user_id      text NOT NULL,
			character_id text NOT NULL,
			PRIMARY KEY (guild_id, user_id),
			FOREIGN KEY (guild_id, character_id) REFERENCES rk_characters (guild_id, id) ON DELETE CASCADE)`,
		`CREATE INDEX IF NOT EXISTS rk_active_character ON rk_active (guild_id, character_id)`,
		`CREATE TABLE IF NOT EXISTS rk_encounters (
			guild_id   text NOT NULL,
			channel_id text NOT NULL,
			record     bytea NOT NULL,
			PRIMARY KEY (guild_id, channel_id))`,
		`CREATE TABLE IF NOT EXISTS rk_interactions (
			id      text PRIMARY KEY,
			expires timestamptz NOT NULL)`,
		`CREATE INDEX IF NOT EXISTS rk_interactions_expires ON rk_interactions (expires)`,
		`CREATE TABLE IF NOT EXISTS rk_rate (
			key    text PRIMARY KEY,
			tokens double precision NOT NULL,
			at     timestamptz NOT NULL,
			idle   timestamptz NOT NULL,
			ok     boolean NOT NULL)`,
		`CREATE INDEX IF NOT EXISTS rk_rate_idle ON rk_rate (idle)`,
	}},
	// 1 → 2: session logs (issue 18); additive, so replicas of schema 1 keep serving.
	{compat: 1, stmts: []string{
		`CREATE TABLE IF NOT EXISTS rk_logs (
			guild_id   text NOT NULL,
			id         text NOT NULL,
			channel_id text NOT NULL,
			open       boolean NOT NULL,
			record     bytea NOT NULL,
			PRIMARY KEY (guild_id, id))`,
		`CREATE UNIQUE INDEX IF NOT EXISTS rk_logs_open ON rk_logs (guild_id, channel_id) WHERE open`,
	}},
	// 2 → 3: macros (issue 16); additive, so replicas of schema 1 and 2 keep serving.
	{compat: 1, stmts: []string{
		`CREATE TABLE IF NOT EXISTS rk_macros (
			guild_id  text NOT NULL,
			owner_id  text NOT NULL,
			name_fold text NOT NULL,
			record    bytea NOT NULL,
			PRIMARY KEY (guild_id, owner_id, name_fold))`,
	}},
	// 3 → 4: log entries one row each, so an append does not rewrite the log. Not additive: code of schema 3
	// or older would read a log without its entries, so compat rises to 4.
	{compat: 4, stmts: []string{
		`CREATE TABLE IF NOT EXISTS rk_log_entries (
			guild_id text NOT NULL,
			log_id   text NOT NULL,
			seq      integer NOT NULL,
			entry    bytea NOT NULL,
			PRIMARY KEY (guild_id, log_id, seq),
			FOREIGN KEY (guild_id, log_id) REFERENCES rk_logs (guild_id, id) ON DELETE CASCADE)`,
	}},
}

// PGSchemaVersion is the PostgreSQL schema version this code writes. It always equals len(pgMigrations).
const PGSchemaVersion = 4

const metaBootstrap = `CREATE TABLE IF NOT EXISTS rk_meta (key text PRIMARY KEY, value text NOT NULL)`

// Migrate implements Backend: it runs the pending migrations in one transaction that holds the version row's
// lock, so concurrent migrators (replicas starting together, `rulekeeper migrate`) run them once.
func (db *PG) Migrate(ctx context.Context) (before, after Schema, err error) {
	return db.migrate(ctx, pgMigrations)
}

func (db *PG) migrate(ctx context.Context, migs []pgMigration) (before, after Schema, err error) {
	if err := db.bootstrap(ctx); err != nil {
		return Schema{}, Schema{}, err
	}
	err = pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		var v, c string
		err := tx.QueryRow(ctx, `SELECT value FROM rk_meta WHERE key = 'schema_version' FOR UPDATE`).Scan(&v)
		if err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT value FROM rk_meta WHERE key = 'compat_version'`).Scan(&c); err != nil {
			return err
		}
		if before, err = db.parseSchema(v, c, len(migs)); err != nil {
			return err
		}
		after = before
		if err := db.refuseNewer(before); err != nil {
			return err
		}
		for i := before.Version; i < len(migs); i++ {
			for _, stmt := range migs[i].stmts {
				if _, err := tx.Exec(ctx, stmt); err != nil {
					return fmt.Errorf("store: migrate %s from schema %d to %d: %w", db.target, i, i+1, err)
				}
			}
			after.Version = i + 1
			after.Compat = max(after.Compat, migs[i].compat)
		}
		if after == before {
			return nil
		}
		_, err = tx.Exec(ctx, `UPDATE rk_meta SET value = CASE key WHEN 'schema_version' THEN $1 ELSE $2 END
			WHERE key IN ('schema_version', 'compat_version')`, strconv.Itoa(after.Version), strconv.Itoa(after.Compat))
		return err
	})
	if err != nil {
		return before, before, db.mapErr(err)
	}
	return before, after, nil
}

// bootstrap creates rk_meta with the format and version 0 when missing. Two processes creating it at once
// can collide in the catalog (23505, 42P07 or 42710: the table's row type) although both say IF NOT EXISTS:
// then it tries again, and finds the table.
func (db *PG) bootstrap(ctx context.Context) error {
	var err error
	for range 5 {
		if _, err = db.pool.Exec(ctx, metaBootstrap); err == nil {
			break
		}
		if code := pgCode(err); code != sqlUnique && code != "42P07" && code != "42710" {
			return db.mapErr(err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err != nil {
		return db.mapErr(err)
	}
	_, err = db.pool.Exec(ctx, `INSERT INTO rk_meta (key, value) VALUES
		('format', 'rulekeeper'), ('schema_version', '0'), ('compat_version', '0') ON CONFLICT (key) DO NOTHING`)
	if err != nil {
		return db.mapErr(err)
	}
	var format string
	if err := db.pool.QueryRow(ctx, `SELECT value FROM rk_meta WHERE key = 'format'`).Scan(&format); err != nil {
		return db.mapErr(err)
	}
	if format != formatName {
		return &Error{Err: ErrNotDatabase, Path: db.target, Detail: fmt.Sprintf("rk_meta.format is %q", format)}
	}
	return nil
}

func (db *PG) parseSchema(v, c string, code int) (Schema, error) {
	version, err1 := strconv.Atoi(v)
	compat, err2 := strconv.Atoi(c)
	if err := errors.Join(err1, err2); err != nil {
		return Schema{}, &Error{Err: ErrCorrupt, Path: db.target, Detail: "rk_meta holds a malformed version", Cause: err}
	}
	return Schema{Version: version, Compat: compat, Code: code}, nil
}

// refuseNewer returns ErrNewerSchema when a newer rulekeeper changed the schema in a way this code cannot work
// with. A newer schema that only added things (compat ≤ this code) is fine: old replicas keep serving during a
// rolling upgrade.
func (db *PG) refuseNewer(s Schema) error {
	if s.Compat > s.Code {
		return &Error{Err: ErrNewerSchema, Path: db.target, Detail: fmt.Sprintf(
			"database schema %d needs rulekeeper schema %d or newer, this rulekeeper has %d: upgrade it",
			s.Version, s.Compat, s.Code)}
	}
	return nil
}

// Schema implements Backend.
func (db *PG) Schema(ctx context.Context) (Schema, error) {
	if db.closed.Load() {
		return Schema{}, ErrClosed
	}
	rows, err := db.pool.Query(ctx, `SELECT key, value FROM rk_meta WHERE key IN ('schema_version', 'compat_version')`)
	if err != nil {
		if pgCode(err) == "42P01" { // no rk_meta yet: nothing migrated
			return Schema{Code: PGSchemaVersion}, nil
		}
		return Schema{}, db.mapErr(err)
	}
	m := map[string]string{}
	var k, v string
	if _, err := pgx.ForEachRow(rows, []any{&k, &v}, func() error { m[k] = v; return nil }); err != nil {
		return Schema{}, db.mapErr(err)
	}
	return db.parseSchema(cmpOr(m["schema_version"], "0"), cmpOr(m["compat_version"], "0"), PGSchemaVersion)
}

// checkSchema is OpenPG's check with NoMigrate: only a schema this code cannot work with is refused.
func (db *PG) checkSchema(ctx context.Context) error {
	s, err := db.Schema(ctx)
	if err != nil {
		return err
	}
	return db.refuseNewer(s)
}

// Ready implements Backend: one round trip that reads the schema versions.
func (db *PG) Ready(ctx context.Context) error {
	start := time.Now()
	err := db.ready(ctx)
	db.metrics.observe(OpReady, start, err)
	return err
}

func (db *PG) ready(ctx context.Context) error {
	s, err := db.Schema(ctx)
	switch {
	case err != nil:
		return err
	case s.Compat > s.Code:
		return db.refuseNewer(s)
	case s.Version < s.Code:
		return &Error{Err: ErrUnavailable, Path: db.target,
			Detail: fmt.Sprintf("database schema %d is older than this rulekeeper's %d: run rulekeeper migrate", s.Version, s.Code)}
	}
	return nil
}

// Guilds implements Store.
func (db *PG) Guilds(ctx context.Context) ([]string, error) {
	if db.closed.Load() {
		return nil, ErrClosed
	}
	rows, err := db.pool.Query(ctx, `SELECT guild_id FROM rk_guilds WHERE record IS NOT NULL
		UNION SELECT guild_id FROM rk_characters UNION SELECT guild_id FROM rk_active UNION SELECT guild_id FROM rk_encounters UNION SELECT guild_id FROM rk_logs
		UNION SELECT guild_id FROM rk_macros`)
	if err != nil {
		return nil, db.mapErr(err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, db.mapErr(err)
	}
	slices.Sort(ids)
	return ids, nil
}
