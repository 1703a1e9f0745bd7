package dice

import (
	"strings"
	"sync"
	"sync/atomic"
)

// Parse cache. A bot parses the same few expressions again and again
// ("1d20+5", "2d20kh1+7"), and an Expr is immutable, so Parse remembers what
// it parsed, as avrae/d20 keeps its 256 most used ASTs. The cache is bounded:
// inputs up to cacheMaxLen bytes, at most cacheEntries of them; when it is
// full it is emptied at once and fills again with what is used. A lookup
// takes no lock once an entry has settled (sync.Map's read path).
const (
	cacheEntries = 512
	cacheMaxLen  = 128
)

type exprCache struct {
	m sync.Map // string → *Expr
	n atomic.Int32
}

var parseCache exprCache

// get returns the remembered parse of s, or nil.
func (c *exprCache) get(s string) *Expr {
	if len(s) > cacheMaxLen {
		return nil
	}
	if v, ok := c.m.Load(s); ok {
		return v.(*Expr)
	}
	return nil
}

// put remembers the parse of s.
func (c *exprCache) put(s string, e *Expr) {
	if len(s) > cacheMaxLen {
		return
	}
	if c.n.Add(1) > cacheEntries {
		c.m.Clear()
		c.n.Store(1)
	}
	c.m.Store(strings.Clone(s), e) // s may share a larger buffer
}

// len returns how many parses are remembered (for tests).
func (c *exprCache) len() int {
	n := 0
	c.m.Range(func(any, any) bool { n++; return true })
	return n
}
