package store

import (
	"context"
	"time"
)

// Seen implements Shared in memory: only one process can open a bbolt file.
func (db *DB) Seen(ctx context.Context, id string, ttl time.Duration) (bool, error) {
	start := time.Now()
	if err := ctx.Err(); err != nil {
		db.metrics.observe(OpSeen, start, err)
		return false, err
	}
	first := db.shared.seenFirst(id, ttl)
	db.metrics.observe(OpSeen, start, nil)
	return first, nil
}

// Allow implements Shared in memory.
func (db *DB) Allow(ctx context.Context, key string, rate float64, burst int) (bool, time.Duration, error) {
	start := time.Now()
	if err := ctx.Err(); err != nil {
		db.metrics.observe(OpAllow, start, err)
		return false, 0, err
	}
	ok, wait := db.shared.allow(key, rate, burst)
	db.metrics.observe(OpAllow, start, nil)
	return ok, wait, nil
}

// Ready implements Backend: the file is open, undamaged, and at this code's schema.
func (db *DB) Ready(ctx context.Context) error {
	start := time.Now()
	_, err := db.Schema(ctx)
	db.metrics.observe(OpReady, start, err)
	return err
}

// Stats implements Backend.
func (db *DB) Stats() Stats { return db.metrics.snapshot() }

// Schema implements Backend. Open migrated the file, so it is current while the file is open.
func (db *DB) Schema(ctx context.Context) (Schema, error) {
	if err := ctx.Err(); err != nil {
		return Schema{}, err
	}
	v, err := db.SchemaVersion()
	if err != nil {
		return Schema{}, err
	}
	return Schema{Version: v, Compat: v, Code: SchemaVersion}, nil
}

// Migrate implements Backend: Open already ran the migrations, so it reports the version twice.
func (db *DB) Migrate(ctx context.Context) (before, after Schema, err error) {
	s, err := db.Schema(ctx)
	return s, s, err
}

// Target implements Backend: the file's path.
func (db *DB) Target() string { return db.path }
