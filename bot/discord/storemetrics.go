package discord

import "github.com/prometheus/client_golang/prometheus"

// StoreStats are a store's figures at one moment, for /metrics: the latency of each operation, the transactions
// run again, and the connection pool (zero for a file). The caller fills them from the store (cmd wires
// store.Backend.Stats), since the transports do not import the store.
type StoreStats struct {
	Ops                          []StoreOp
	Retries                      uint64 // Update attempts rolled back and run again (serialization failures, deadlocks)
	PoolMax, PoolOpen, PoolInUse int32
	PoolIdle                     int32
	PoolWaits                    int64 // acquisitions that waited for a connection
}

// StoreOp is one store operation's latency histogram.
type StoreOp struct {
	Name    string             // update, view, …
	Count   uint64             // operations observed
	Errors  uint64             // of which failed
	Sum     float64            // total seconds
	Buckets map[float64]uint64 // cumulative counts by upper bound in seconds
}

// WatchStore adds the store's figures to the metrics, read from stats at every scrape:
// rulekeeper_store_seconds{op}, rulekeeper_store_errors_total{op}, rulekeeper_store_retries_total and
// rulekeeper_store_pool_connections{state}, rulekeeper_store_pool_waits_total.
func (m *Metrics) WatchStore(stats func() StoreStats) {
	if m != nil && stats != nil {
		m.reg.MustRegister(storeCollector{stats})
	}
}

var (
	storeSecondsDesc = prometheus.NewDesc("rulekeeper_store_seconds", "Store operation latency, retries and lock waits included, by operation.", []string{"op"}, nil)
	storeErrorsDesc  = prometheus.NewDesc("rulekeeper_store_errors_total", "Store operations that ended with an error, by operation.", []string{"op"}, nil)
	storeRetriesDesc = prometheus.NewDesc("rulekeeper_store_retries_total", "Store transactions rolled back and run again (serialization failures, deadlocks).", nil, nil)
	storePoolDesc    = prometheus.NewDesc("rulekeeper_store_pool_connections", "Database connections of this process, by state (max, open, in_use, idle).", []string{"state"}, nil)
	storeWaitsDesc   = prometheus.NewDesc("rulekeeper_store_pool_waits_total", "Transactions that waited for a free database connection.", nil, nil)
)

// storeCollector reads the store's figures at each scrape.
type storeCollector struct{ stats func() StoreStats }

func (storeCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{storeSecondsDesc, storeErrorsDesc, storeRetriesDesc, storePoolDesc, storeWaitsDesc} {
		ch <- d
	}
}

func (c storeCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.stats()
	for _, op := range s.Ops {
		ch <- prometheus.MustNewConstHistogram(storeSecondsDesc, op.Count, op.Sum, op.Buckets, op.Name)
		ch <- prometheus.MustNewConstMetric(storeErrorsDesc, prometheus.CounterValue, float64(op.Errors), op.Name)
	}
	ch <- prometheus.MustNewConstMetric(storeRetriesDesc, prometheus.CounterValue, float64(s.Retries))
	for state, v := range map[string]int32{"max": s.PoolMax, "open": s.PoolOpen, "in_use": s.PoolInUse, "idle": s.PoolIdle} {
		ch <- prometheus.MustNewConstMetric(storePoolDesc, prometheus.GaugeValue, float64(v), state)
	}
	ch <- prometheus.MustNewConstMetric(storeWaitsDesc, prometheus.CounterValue, float64(s.PoolWaits))
}
