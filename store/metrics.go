package store

import (
	"sync"
	"sync/atomic"
	"time"
)

// Op names a store operation whose latency and errors a store counts (Backend.Stats).
type Op int

// The operations a store counts.
const (
	OpUpdate Op = iota // Store.Update, all attempts and waits included
	OpView             // Store.View
	OpSeen             // Shared.Seen
	OpAllow            // Shared.Allow
	OpReady            // Backend.Ready
	numOps
)

var opNames = [numOps]string{"update", "view", "seen", "allow", "ready"}

// String returns the operation's label: "update", "view", "seen", "allow" or "ready".
func (o Op) String() string {
	if o < 0 || o >= numOps {
		return "unknown"
	}
	return opNames[o]
}

// LatencyBuckets are the upper bounds, in seconds, of the latency histograms.
var LatencyBuckets = []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}

// opMetrics are a store's counters and latency histograms, kept as plain numbers so a transport can export them
// (as Prometheus const metrics, say) without the store importing a metrics library. Safe for concurrent use.
type opMetrics struct {
	ops     [numOps]histogram
	retries atomic.Uint64
}

type histogram struct {
	mu     sync.Mutex
	count  uint64
	errors uint64
	sum    float64
	counts []uint64 // per bucket, not cumulative; the last one is +Inf
}

// observe records one operation that started at start and ended with err.
func (m *opMetrics) observe(op Op, start time.Time, err error) {
	if m == nil {
		return
	}
	d := time.Since(start).Seconds()
	h := &m.ops[op]
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.counts == nil {
		h.counts = make([]uint64, len(LatencyBuckets)+1)
	}
	i := 0
	for i < len(LatencyBuckets) && d > LatencyBuckets[i] {
		i++
	}
	h.counts[i]++
	h.count++
	h.sum += d
	if err != nil {
		h.errors++
	}
}

// retried counts one retry of an Update.
func (m *opMetrics) retried() {
	if m != nil {
		m.retries.Add(1)
	}
}

// Stats is a snapshot of a store's metrics.
type Stats struct {
	Ops     []OpStats // one per Op, in Op order
	Retries uint64    // Update attempts that were rolled back and run again (serialization failures, deadlocks)
	Pool    PoolStats // the connection pool; zero for bbolt
}

// OpStats is one operation's latency histogram and counts.
type OpStats struct {
	Op      Op
	Count   uint64   // operations observed
	Errors  uint64   // of which ended with an error (fn's own errors included)
	Sum     float64  // total seconds
	Buckets []Bucket // cumulative, one per LatencyBuckets bound (+Inf is Count)
}

// Bucket is one cumulative histogram bucket: Count operations took at most UpperBound seconds.
type Bucket struct {
	UpperBound float64
	Count      uint64
}

// Cumulative returns the buckets as the map Prometheus' MustNewConstHistogram takes.
func (s OpStats) Cumulative() map[float64]uint64 {
	m := make(map[float64]uint64, len(s.Buckets))
	for _, b := range s.Buckets {
		m[b.UpperBound] = b.Count
	}
	return m
}

// PoolStats describe a connection pool at one moment.
type PoolStats struct {
	Max      int32 // the pool's size
	Total    int32 // open connections
	Acquired int32 // connections in use by a transaction
	Idle     int32
	Waits    int64 // acquisitions that had to wait for a connection, since the start
}

// snapshot returns the current figures.
func (m *opMetrics) snapshot() Stats {
	s := Stats{Ops: make([]OpStats, numOps), Retries: m.retries.Load()}
	for op := range numOps {
		h := &m.ops[op]
		h.mu.Lock()
		o := OpStats{Op: op, Count: h.count, Errors: h.errors, Sum: h.sum, Buckets: make([]Bucket, len(LatencyBuckets))}
		var cum uint64
		for i, bound := range LatencyBuckets {
			if h.counts != nil {
				cum += h.counts[i]
			}
			o.Buckets[i] = Bucket{UpperBound: bound, Count: cum}
		}
		h.mu.Unlock()
		s.Ops[op] = o
	}
	return s
}
