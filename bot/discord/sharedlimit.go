package discord

import (
	"context"
	"time"
)

// Buckets are token buckets kept where several replicas of the bot see the same ones (store.Shared: a table of
// the PostgreSQL store), so that a user's rate limit holds across replicas instead of once per process.
type Buckets interface {
	// Allow takes one token from key's bucket of at most burst tokens refilling at rate per second; when there
	// is none it reports false and how long until one. A refused call takes nothing.
	Allow(ctx context.Context, key string, rate float64, burst int) (ok bool, wait time.Duration, err error)
}

// allow applies the per-user limit: in Config.Buckets when set (shared by replicas), with the Limiter's rate and
// burst, else in the Limiter's memory. When the shared buckets cannot be read, the process's own Limiter decides
// (a database that is down does not stop the bot, and a user is still limited per replica).
func (e *responder) allow(ctx context.Context, user string) (bool, time.Duration) {
	l := e.cfg.Limiter
	if l == nil || user == "" {
		return true, 0
	}
	if e.cfg.Buckets != nil {
		ok, wait, err := e.cfg.Buckets.Allow(ctx, "user:"+user, l.rate, int(l.burst))
		if err == nil {
			return ok, wait
		}
		e.cfg.Metrics.failed("ratelimit")
		e.log.Warn("shared rate limit unread: limiting in this process", "user", user, "err", err)
	}
	return l.Allow(user, e.bot.Now())
}
