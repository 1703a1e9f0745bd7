package discord

import (
	"context"
	"sync"
	"time"
)

// The same interaction is applied once (issue 11 §4). A signed HTTP request re-sent within Discord's window, or a
// gateway event delivered again, carries the id of an interaction already answered: the transports remember the
// ids they answered for SeenTTL and answer a repeat with discord.repeat, without running it again. Seen is the
// memory of those ids: MemorySeen in the process (bounded, with expiry); a shared store (PostgreSQL, for replicas
// behind one endpoint) implements the same method.

// Seen remembers the interactions a transport answered.
type Seen interface {
	// Seen records id for ttl and reports whether it was recorded already (and had not expired).
	Seen(ctx context.Context, id string, ttl time.Duration) (bool, error)
}

// SeenTTL is how long an interaction's id is remembered: its token's lifetime, beyond Discord's five-minute window
// for a signed request's timestamp.
const SeenTTL = 15 * time.Minute

// DefaultSeenMax is how many ids MemorySeen keeps by default: far more interactions than one process answers in
// SeenTTL, in a few megabytes.
const DefaultSeenMax = 100_000

// MemorySeen is Seen in the process's memory: at most max ids, the one remembered longest forgotten first when
// full, each until its ttl runs out. Safe for concurrent use.
type MemorySeen struct {
	mu    sync.Mutex
	max   int
	now   func() time.Time
	until map[string]time.Time // id → when it is forgotten
	queue []seenEntry          // in the order remembered: the oldest at head
	head  int
}

type seenEntry struct {
	id    string
	until time.Time
}

// NewMemorySeen returns a MemorySeen keeping at most max ids (max ≤ 0: DefaultSeenMax); now is the clock (nil:
// time.Now).
func NewMemorySeen(max int, now func() time.Time) *MemorySeen {
	if max <= 0 {
		max = DefaultSeenMax
	}
	if now == nil {
		now = time.Now
	}
	return &MemorySeen{max: max, now: now, until: map[string]time.Time{}}
}

// Seen implements Seen.
func (m *MemorySeen) Seen(_ context.Context, id string, ttl time.Duration) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	if t, ok := m.until[id]; ok && now.Before(t) {
		return true, nil
	}
	m.forget(now)
	until := now.Add(ttl)
	m.until[id] = until
	m.queue = append(m.queue, seenEntry{id: id, until: until})
	return false, nil
}

// forget drops the ids whose time ran out and, when full, the oldest ones, from the head of the queue.
func (m *MemorySeen) forget(now time.Time) {
	for m.head < len(m.queue) {
		e := m.queue[m.head]
		if now.Before(e.until) && len(m.queue)-m.head < m.max {
			break
		}
		if t, ok := m.until[e.id]; ok && t.Equal(e.until) {
			delete(m.until, e.id)
		}
		m.queue[m.head] = seenEntry{}
		m.head++
	}
	if m.head > len(m.queue)/2 { // reuse the queue's space
		m.queue = append(m.queue[:0], m.queue[m.head:]...)
		m.head = 0
	}
}

// Len is how many ids are remembered.
func (m *MemorySeen) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.until)
}
