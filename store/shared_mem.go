package store

import (
	"container/list"
	"math"
	"sync"
	"time"
)

// Bounds of the in-memory state: past them the oldest entries are forgotten first.
const (
	maxSeen    = 100_000
	maxBuckets = 100_000
)

// memShared implements Shared in memory, for one process.
type memShared struct {
	now                 func() time.Time // time.Now; tests replace it
	maxSeen, maxBuckets int              // the bounds; tests lower them

	mu      sync.Mutex
	seen    map[string]*list.Element // id → element of order, whose Value is a seenEntry
	order   *list.List               // ids in the order they were first seen: oldest at the front
	buckets map[string]*memBucket
	swept   time.Time
}

type seenEntry struct {
	id      string
	expires time.Time
}

type memBucket struct {
	tokens float64
	at     time.Time
	rate   float64
	burst  float64
}

func newMemShared() *memShared {
	return &memShared{now: time.Now, maxSeen: maxSeen, maxBuckets: maxBuckets, seen: map[string]*list.Element{}, order: list.New(), buckets: map[string]*memBucket{}}
}

func (m *memShared) seenFirst(id string, ttl time.Duration) bool {
	ttl = max(ttl, time.Millisecond)
	now := m.now()
	m.mu.Lock()
	defer m.mu.Unlock()
	for front := m.order.Front(); front != nil && (!front.Value.(seenEntry).expires.After(now) || m.order.Len() >= m.maxSeen); front = m.order.Front() {
		delete(m.seen, front.Value.(seenEntry).id)
		m.order.Remove(front)
	}
	if el, ok := m.seen[id]; ok {
		if el.Value.(seenEntry).expires.After(now) {
			return false
		}
		m.order.Remove(el) // expired but not yet swept (a longer ttl sits before it)
	}
	m.seen[id] = m.order.PushBack(seenEntry{id: id, expires: now.Add(ttl)})
	return true
}

func (m *memShared) allow(key string, rate float64, burst int) (bool, time.Duration) {
	if burst < 1 || rate <= 0 || math.IsNaN(rate) {
		return true, 0
	}
	now := m.now()
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.buckets) >= m.maxBuckets || now.Sub(m.swept) >= time.Minute {
		m.sweep(now)
	}
	b := m.buckets[key]
	if b == nil {
		b = &memBucket{tokens: float64(burst), at: now}
		m.buckets[key] = b
	}
	b.rate, b.burst = rate, float64(burst)
	if d := now.Sub(b.at); d > 0 {
		b.tokens = math.Min(b.burst, b.tokens+d.Seconds()*rate)
		b.at = now
	}
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration(math.Ceil((1 - b.tokens) / rate * float64(time.Second)))
}

// sweep forgets the buckets that are full again (they are the same as no bucket), and when that is not
// enough, arbitrary ones.
func (m *memShared) sweep(now time.Time) {
	m.swept = now
	for k, b := range m.buckets {
		if b.tokens+now.Sub(b.at).Seconds()*b.rate >= b.burst {
			delete(m.buckets, k)
		}
	}
	for k := range m.buckets {
		if len(m.buckets) < m.maxBuckets {
			break
		}
		delete(m.buckets, k)
	}
}
