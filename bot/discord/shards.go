package discord

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"rulekeeper/bot"
)

// IdentifyInterval is Discord's pace for starting shards: one IDENTIFY per five seconds (max_concurrency 1).
const IdentifyInterval = 5 * time.Second

// ParseShards reads --shards for --shard-count count: a comma-separated list of ids and ranges ("0,2", "0-3");
// empty means every shard. Each id must lie in [0, count), none twice, and count must be at least 1.
func ParseShards(list string, count int) ([]int, error) {
	if count < 1 {
		return nil, bot.Errorf("discord.err.shard_count", "Count", count)
	}
	list = strings.TrimSpace(list)
	if list == "" {
		ids := make([]int, count)
		for i := range ids {
			ids[i] = i
		}
		return ids, nil
	}
	var ids []int
	seen := map[int]bool{}
	for part := range strings.SplitSeq(list, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		first, err1 := strconv.Atoi(strings.TrimSpace(lo))
		last, err2 := first, error(nil)
		if isRange {
			last, err2 = strconv.Atoi(strings.TrimSpace(hi))
		}
		if err1 != nil || err2 != nil || last < first {
			return nil, bot.Errorf("discord.err.shard_list", "List", part)
		}
		for id := first; id <= last; id++ {
			if id < 0 || id >= count {
				return nil, bot.Errorf("discord.err.shard_range", "Shard", id, "Count", count, "Last", count-1)
			}
			if seen[id] {
				return nil, bot.Errorf("discord.err.shard_twice", "Shard", id)
			}
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids, nil
}

// Shards serves the bot over one gateway session per shard, all answering through the same bot and Config
// (limiter, metrics, de-duplication).
type Shards struct {
	gws []*Gateway
}

// SessionsFrom is OpenShards' session maker for serve: first (the session that registered the commands) for the
// first shard, then a new session with token and apiURL for each other one.
func SessionsFrom(first *discordgo.Session, token, apiURL string) func() *discordgo.Session {
	return func() *discordgo.Session {
		if s := first; s != nil {
			first = nil
			return s
		}
		return NewSession(token, apiURL)
	}
}

// OpenShards connects shards ids of count, one session each from newSession, opening them interval apart (Discord
// accepts one IDENTIFY per five seconds; tests pass less). The sessions share the first one's REST rate limiter. On
// failure the shards already open are closed. ctx ends the pacing early.
func OpenShards(ctx context.Context, b *bot.Bot, newSession func() *discordgo.Session, cfg Config, count int, ids []int,
	interval time.Duration) (*Shards, error) {
	sh := &Shards{}
	if cfg.Seen == nil {
		cfg.Seen = NewMemorySeen(0, nil) // one memory for every shard
	}
	var limiter *discordgo.RateLimiter
	for n, id := range ids {
		if n > 0 && interval > 0 {
			select {
			case <-ctx.Done():
				sh.Shutdown(context.Background())
				return nil, ctx.Err()
			case <-time.After(interval):
			}
		}
		s := newSession()
		s.ShardID, s.ShardCount = id, count
		if limiter == nil {
			limiter = s.Ratelimiter
		}
		s.Ratelimiter = limiter
		gw := NewGateway(b, s, cfg)
		if err := gw.Open(); err != nil {
			sh.Shutdown(context.Background())
			return nil, err
		}
		sh.gws = append(sh.gws, gw)
	}
	return sh, nil
}

// Shutdown shuts every shard down (see Gateway.Shutdown), all within ctx.
func (sh *Shards) Shutdown(ctx context.Context) error {
	errs := make([]error, len(sh.gws))
	done := make(chan int, len(sh.gws))
	for n, gw := range sh.gws {
		go func() {
			errs[n] = gw.Shutdown(ctx)
			done <- n
		}()
	}
	for range sh.gws {
		<-done
	}
	return errors.Join(errs...)
}
