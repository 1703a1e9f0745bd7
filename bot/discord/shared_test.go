package discord

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeBuckets is a Buckets that counts per key without refill (a shared store's view), or fails.
type fakeBuckets struct {
	mu    sync.Mutex
	taken map[string]int
	err   error
}

func (f *fakeBuckets) Allow(_ context.Context, key string, rate float64, burst int) (bool, time.Duration, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return false, 0, f.err
	}
	if f.taken[key] >= burst {
		return false, time.Duration(float64(time.Second) / rate), nil
	}
	f.taken[key]++
	return true, 0, nil
}

// TestSharedRateLimit: with Config.Buckets the limit is the shared buckets' (two servers, one user: 3 of 6 pass
// with a burst of 3); shared buckets that fail leave the limit to each process's own Limiter.
func TestSharedRateLimit(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want int // commands answered of 3 per server on two servers
	}{
		{"shared buckets", nil, 3},
		{"buckets down: each process limits", errors.New("database down"), 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := &fakeBuckets{taken: map[string]int{}, err: tt.err}
			cfg := func() Config { return Config{Limiter: NewLimiter(2, time.Hour), Buckets: b} }
			if tt.err == nil {
				cfg = func() Config { return Config{Limiter: NewLimiter(3, time.Hour), Buckets: b} }
			}
			servers := []*httpFixture{newHTTPFixture(t, cfg()), newHTTPFixture(t, cfg())}
			answered := 0
			for i := range 6 {
				fx := servers[i%2]
				body := mustJSON(t, commandInteraction(strconv.Itoa(940000000000000000+i), userA, "en-US", "roll", option("expr", 3, "d20")))
				if _, raw := fx.post(t, nil, body, fx.priv, time.Now()); responseBody(t, raw).Data.Flags == 0 {
					answered++
				}
			}
			if answered != tt.want {
				t.Errorf("answered %d of 6, want %d", answered, tt.want)
			}
		})
	}
}

// TestReadyz: /readyz is 200 while the store check passes, 503 with the reason when it fails or the server is
// stopping; /healthz does not look at the store.
func TestReadyz(t *testing.T) {
	var mu sync.Mutex
	var storeErr error
	ready := func(context.Context) error { mu.Lock(); defer mu.Unlock(); return storeErr }
	fx := newHTTPFixture(t, Config{Ready: ready})
	get := func(path string) (int, string) {
		r, _ := http.NewRequest(http.MethodGet, fx.ts.URL+path, nil)
		code, b := do(t, nil, r)
		return code, string(b)
	}
	if code, b := get("/readyz"); code != 200 || b != "ok\n" {
		t.Errorf("ready: %d %q", code, b)
	}
	mu.Lock()
	storeErr = errors.New("store.err.unavailable")
	mu.Unlock()
	if code, b := get("/readyz"); code != 503 || !strings.Contains(b, "store.err.unavailable") {
		t.Errorf("store down: %d %q", code, b)
	}
	if code, _ := get("/healthz"); code != 200 {
		t.Errorf("healthz with the store down: %d", code)
	}
	mu.Lock()
	storeErr = nil
	mu.Unlock()
	if err := fx.h.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	if code, b := get("/readyz"); code != 503 || b != "shutting down\n" {
		t.Errorf("stopping: %d %q", code, b)
	}
}

// TestStoreMetrics: WatchStore puts the store's figures in /metrics at each scrape.
func TestStoreMetrics(t *testing.T) {
	m := NewMetrics()
	m.WatchStore(func() StoreStats {
		return StoreStats{Retries: 7, PoolMax: 8, PoolInUse: 2,
			Ops: []StoreOp{{Name: "update", Count: 3, Errors: 1, Sum: 0.5, Buckets: map[float64]uint64{0.01: 2, 1: 3}}}}
	})
	fx := newHTTPFixture(t, Config{Metrics: m})
	r, _ := http.NewRequest(http.MethodGet, fx.ts.URL+"/metrics", nil)
	_, b := do(t, nil, r)
	for _, want := range []string{
		`rulekeeper_store_retries_total 7`,
		`rulekeeper_store_seconds_count{op="update"} 3`,
		`rulekeeper_store_seconds_bucket{op="update",le="0.01"} 2`,
		`rulekeeper_store_errors_total{op="update"} 1`,
		`rulekeeper_store_pool_connections{state="max"} 8`,
		`rulekeeper_store_pool_connections{state="in_use"} 2`,
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}
