package store

import (
	"context"
	"math"
	"time"
)

// pruneEvery is how often a process deletes expired rows of rk_interactions and rk_rate.
const pruneEvery = time.Minute

// Seen implements Shared with one statement: the insert wins for exactly one caller, and an expired record is
// taken over as new. Times are the database's, so replicas' clocks do not matter.
func (db *PG) Seen(ctx context.Context, id string, ttl time.Duration) (bool, error) {
	start := time.Now()
	first, err := db.seen(ctx, id, ttl)
	db.metrics.observe(OpSeen, start, err)
	return first, err
}

func (db *PG) seen(ctx context.Context, id string, ttl time.Duration) (bool, error) {
	if db.closed.Load() {
		return false, ErrClosed
	}
	ms := max(ttl, time.Millisecond).Milliseconds()
	rows, err := db.pool.Query(ctx, `INSERT INTO rk_interactions (id, expires)
		VALUES ($1, clock_timestamp() + $2::bigint * interval '1 millisecond')
		ON CONFLICT (id) DO UPDATE SET expires = EXCLUDED.expires WHERE rk_interactions.expires <= clock_timestamp()
		RETURNING true`, id, ms)
	if err != nil {
		return false, db.mapErr(err)
	}
	first := rows.Next()
	rows.Close()
	if err := rows.Err(); err != nil {
		return false, db.mapErr(err)
	}
	db.prune(ctx)
	return first, nil
}

// allowSQL takes a token from a bucket in one statement. f is the bucket refilled up to now; a refused call
// takes nothing; idle is when the bucket will be full again, after which its row means nothing and is pruned.
const allowSQL = `INSERT INTO rk_rate AS r (key, tokens, at, idle, ok)
	VALUES ($1, $3::float8 - 1, statement_timestamp(), statement_timestamp() + (1 / $2::float8) * interval '1 second', true)
	ON CONFLICT (key) DO UPDATE SET (tokens, at, idle, ok) = (
		SELECT n, now_at, now_at + ($3::float8 - n) / $2::float8 * interval '1 second', f >= 1
		FROM (SELECT f, CASE WHEN f >= 1 THEN f - 1 ELSE f END AS n, now_at
			FROM (SELECT LEAST($3::float8, r.tokens +
					GREATEST(0, EXTRACT(EPOCH FROM statement_timestamp() - r.at)::float8) * $2::float8) AS f,
				GREATEST(r.at, statement_timestamp()) AS now_at) AS refill) AS taken)
	RETURNING ok, tokens`

// Allow implements Shared with one statement on rk_rate.
func (db *PG) Allow(ctx context.Context, key string, rate float64, burst int) (bool, time.Duration, error) {
	start := time.Now()
	ok, wait, err := db.allow(ctx, key, rate, burst)
	db.metrics.observe(OpAllow, start, err)
	return ok, wait, err
}

func (db *PG) allow(ctx context.Context, key string, rate float64, burst int) (bool, time.Duration, error) {
	if burst < 1 || rate <= 0 || math.IsNaN(rate) || math.IsInf(rate, 0) {
		return true, 0, nil
	}
	if db.closed.Load() {
		return false, 0, ErrClosed
	}
	var ok bool
	var tokens float64
	if err := db.pool.QueryRow(ctx, allowSQL, key, rate, float64(burst)).Scan(&ok, &tokens); err != nil {
		return false, 0, db.mapErr(err)
	}
	db.prune(ctx)
	if ok {
		return true, 0, nil
	}
	return false, time.Duration(math.Ceil((1 - tokens) / rate * float64(time.Second))), nil
}

// prune deletes expired interaction records and idle buckets, at most once per pruneEvery per process.
// A failure is ignored: the next prune tries again.
func (db *PG) prune(ctx context.Context) {
	last := db.lastPrune.Load()
	now := time.Now().UnixNano()
	if now-last < int64(pruneEvery) || !db.lastPrune.CompareAndSwap(last, now) {
		return
	}
	_, _ = db.pool.Exec(ctx, `DELETE FROM rk_interactions WHERE expires < clock_timestamp()`)
	_, _ = db.pool.Exec(ctx, `DELETE FROM rk_rate WHERE idle < clock_timestamp()`)
}
