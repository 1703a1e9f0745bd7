package discord

import (
	"math"
	"sync"
	"time"

	"rulekeeper/bot"
)

// Default per-user limit of the Discord transports: 10 commands per 10 seconds.
const (
	DefaultRate    = 10
	DefaultRatePer = 10 * time.Second
)

// maxBuckets bounds the limiter's memory: past it, a new user's bucket replaces an arbitrary one.
const maxBuckets = 100_000

// Limiter is a per-user token bucket: a user may run Rate commands at once, and the bucket refills at Rate per
// Per. Idle buckets are dropped (a full bucket is the same as none), so memory follows the active users.
// A nil *Limiter allows everything. It is safe for concurrent use.
type Limiter struct {
	burst float64
	per   time.Duration
	rate  float64 // tokens per second

	mu        sync.Mutex
	buckets   map[string]*bucket
	lastSweep time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

// NewLimiter returns a limiter of rate commands per per; it returns nil (no limit) when either is not positive.
func NewLimiter(rate int, per time.Duration) *Limiter {
	if rate <= 0 || per <= 0 {
		return nil
	}
	return &Limiter{burst: float64(rate), per: per, rate: float64(rate) / per.Seconds(), buckets: map[string]*bucket{}}
}

// Allow takes one token from user's bucket at time now. When the bucket is empty it reports false and how long
// until the next token.
func (l *Limiter) Allow(user string, now time.Time) (bool, time.Duration) {
	if l == nil || user == "" {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.lastSweep) >= l.per || now.Before(l.lastSweep) {
		l.sweep(now)
	}
	b := l.buckets[user]
	if b == nil {
		if len(l.buckets) >= maxBuckets {
			for k := range l.buckets { // map order is arbitrary: evict one
				delete(l.buckets, k)
				break
			}
		}
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[user] = b
	}
	b.refill(now, l.rate, l.burst)
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration(math.Ceil((1 - b.tokens) / l.rate * float64(time.Second)))
}

func (b *bucket) refill(now time.Time, rate, burst float64) {
	if d := now.Sub(b.last); d > 0 {
		b.tokens = math.Min(burst, b.tokens+d.Seconds()*rate)
		b.last = now
	}
}

// sweep drops the buckets that have refilled completely.
func (l *Limiter) sweep(now time.Time) {
	for k, b := range l.buckets {
		b.refill(now, l.rate, l.burst)
		if b.tokens >= l.burst {
			delete(l.buckets, k)
		}
	}
	l.lastSweep = now
}

// Len returns the number of buckets held.
func (l *Limiter) Len() int {
	if l == nil {
		return 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}

// slowDown is the ephemeral reply to a user over the limit, in the caller's language, with the seconds to wait.
func slowDown(b *bot.Bot, req *bot.Request, wait time.Duration) *bot.Reply {
	return b.ErrorReply(req, bot.Errorf("discord.slow_down", "Seconds", max(1, int(math.Ceil(wait.Seconds())))))
}
