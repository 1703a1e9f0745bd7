package fetch

import (
	"context"
	"net/http"
	"time"
)

// DDB downloads D&D Beyond characters for the bot (bot.Config.DDB): Character with a fixed service, client,
// size limit and time limit.
type DDB struct {
	Base    string        // the character service (ddb.DefaultBase when empty): the configurable production URL
	Client  *http.Client  // nil: a plain http.Client
	Limit   int64         // at most this many bytes (MaxSize when 0 or more)
	Timeout time.Duration // the whole download (DefaultTimeout when 0)
}

// MaxSize is the largest character JSON downloaded, 256 KiB (issue 16): the fixtures of six classes are 18–27
// KiB, and D&D Beyond's largest characters a fraction of this. ddb.Parse's own bound (1 MiB) is looser.
const MaxSize = 256 << 10

// Character downloads character id's JSON (see the package function Character).
func (d DDB) Character(ctx context.Context, id string) ([]byte, error) {
	timeout := d.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	return Character(ctx, d.Client, d.Base, id, d.Limit)
}
