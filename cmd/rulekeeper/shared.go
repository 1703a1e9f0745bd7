package main

import (
	"context"
	"time"

	"rulekeeper/bot/discord"
	"rulekeeper/store"
)

// storeTransport wires a store into the Discord transports' config: /readyz checks it, /metrics shows its
// figures, and when several processes share it (PostgreSQL) the answered interactions and the per-user rate
// limit live in it, so N replicas behave as one. A file store keeps both in the process (MemorySeen, the
// Limiter's map): only one process can open the file anyway.
func storeTransport(cfg *discord.Config, db store.Backend) {
	cfg.Ready = db.Ready
	cfg.Metrics.WatchStore(func() discord.StoreStats { return storeStats(db.Stats()) })
	if _, ok := db.(*store.DB); ok {
		return
	}
	cfg.Seen = sharedSeen{db}
	cfg.Buckets = db
}

// sharedSeen is a store's Seen (true: the first time) as the transports' Seen (true: seen already).
type sharedSeen struct{ s store.Shared }

func (s sharedSeen) Seen(ctx context.Context, id string, ttl time.Duration) (bool, error) {
	first, err := s.s.Seen(ctx, id, ttl)
	return !first, err
}

// storeStats converts the store's figures for the transports' metrics.
func storeStats(s store.Stats) discord.StoreStats {
	out := discord.StoreStats{Retries: s.Retries, PoolMax: s.Pool.Max, PoolOpen: s.Pool.Total,
		PoolInUse: s.Pool.Acquired, PoolIdle: s.Pool.Idle, PoolWaits: s.Pool.Waits}
	for _, op := range s.Ops {
		out.Ops = append(out.Ops, discord.StoreOp{Name: op.Op.String(), Count: op.Count, Errors: op.Errors,
			Sum: op.Sum, Buckets: op.Cumulative()})
	}
	return out
}
