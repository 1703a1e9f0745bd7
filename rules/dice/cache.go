package dice

import (
	"hash/maphash"
	"strings"
	"sync/atomic"
)

// Parse cache. A bot parses the same few expressions again and again
// ("1d20+5", "2d20kh1+7"), and an Expr is immutable, so Parse remembers what
// it parsed, as avrae/d20 keeps its 256 most used ASTs. The cache is bounded:
// inputs up to cacheMaxLen bytes, in cacheEntries slots chosen by a hash of
// the input (a newer input takes the slot of an older one with the same
// hash). Lookups and stores take no lock.
const (
	cacheEntries = 1024 // a power of two
	cacheMaxLen  = 128
)

type cacheEntry struct {
	key  string
	expr *Expr
}

type exprCache struct {
	seed  maphash.Seed
	slots [cacheEntries]atomic.Pointer[cacheEntry]
}

var parseCache = exprCache{seed: maphash.MakeSeed()}

func (c *exprCache) slot(s string) *atomic.Pointer[cacheEntry] {
	return &c.slots[maphash.String(c.seed, s)&(cacheEntries-1)]
}

// get returns the remembered parse of s, or nil.
func (c *exprCache) get(s string) *Expr {
	if len(s) > cacheMaxLen {
		return nil
	}
	if p := c.slot(s).Load(); p != nil && p.key == s {
		return p.expr
	}
	return nil
}

// put remembers the parse of s.
func (c *exprCache) put(s string, e *Expr) {
	if len(s) > cacheMaxLen {
		return
	}
	c.slot(s).Store(&cacheEntry{key: strings.Clone(s), expr: e}) // s may share a larger buffer
}

// len returns how many parses are remembered (for tests).
func (c *exprCache) len() int {
	n := 0
	for i := range c.slots {
		if c.slots[i].Load() != nil {
			n++
		}
	}
	return n
}
