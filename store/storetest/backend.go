package storetest

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rulekeeper/store"
)

// RunBackend checks what a Backend adds to Store: interaction de-duplication, rate limits, readiness, the
// schema and metrics. open must return a new, empty backend each time; RunBackend closes it.
func RunBackend(t *testing.T, open func(t *testing.T) store.Backend) {
	newB := func(t *testing.T) store.Backend {
		b := open(t)
		t.Cleanup(func() { b.Close() })
		return b
	}
	for _, c := range []struct {
		name string
		fn   func(*testing.T, store.Backend)
	}{
		{"Seen", seen},
		{"SeenConcurrent", seenConcurrent},
		{"Allow", allow},
		{"AllowConcurrent", allowConcurrent},
		{"ReadyAndSchema", readyAndSchema},
		{"Stats", stats},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.fn(t, newB(t))
		})
	}
}

func seen(t *testing.T, b store.Backend) {
	for i, want := range []bool{true, false, false} {
		if first, err := b.Seen(ctx, "i1", time.Hour); err != nil || first != want {
			t.Errorf("Seen(i1) #%d = %v, %v; want %v", i+1, first, err, want)
		}
	}
	if first, err := b.Seen(ctx, "i2", time.Hour); err != nil || !first {
		t.Errorf("Seen(i2) = %v, %v; want true", first, err)
	}
	// Expiry: a record is forgotten after its ttl.
	if first, _ := b.Seen(ctx, "short", 50*time.Millisecond); !first {
		t.Errorf("Seen(short) = false the first time")
	}
	time.Sleep(150 * time.Millisecond) // a lower bound on elapsed time, not a speed assertion
	if first, err := b.Seen(ctx, "short", time.Hour); err != nil || !first {
		t.Errorf("Seen(short) after its ttl = %v, %v; want true", first, err)
	}
	if first, _ := b.Seen(ctx, "short", time.Hour); first {
		t.Errorf("Seen(short) = true twice")
	}
}

func seenConcurrent(t *testing.T, b store.Backend) {
	for round := range 5 {
		id := fmt.Sprint("dup-", round)
		var wg sync.WaitGroup
		var firsts atomic.Int32
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				first, err := b.Seen(ctx, id, time.Hour)
				if err != nil {
					t.Error(err)
				}
				if first {
					firsts.Add(1)
				}
			}()
		}
		wg.Wait()
		if n := firsts.Load(); n != 1 {
			t.Errorf("%s: %d callers saw it first, want 1", id, n)
		}
	}
}

func allow(t *testing.T, b store.Backend) {
	const slow = 0.001 // a token every 1000 s: none comes back during the test
	for i := range 5 {
		ok, wait, err := b.Allow(ctx, "u1", slow, 3)
		if want := i < 3; err != nil || ok != want {
			t.Errorf("Allow(u1) #%d = %v, %v; want %v", i+1, ok, err, want)
		}
		if !ok && (wait < 900*time.Second || wait > 1000*time.Second) {
			t.Errorf("Allow(u1) #%d: wait %v, want about 1000s", i+1, wait)
		}
	}
	if ok, _, err := b.Allow(ctx, "u2", slow, 3); err != nil || !ok {
		t.Errorf("another key: Allow(u2) = %v, %v", ok, err)
	}
	for _, c := range []struct {
		rate  float64
		burst int
	}{{0, 1}, {-1, 5}, {1, 0}} {
		for range 3 {
			if ok, _, err := b.Allow(ctx, "free", c.rate, c.burst); err != nil || !ok {
				t.Errorf("Allow(rate %v, burst %d) = %v, %v; want no limit", c.rate, c.burst, ok, err)
			}
		}
	}
	// Refill: at 20 tokens a second, a token is back after 100 ms (a lower bound on elapsed time).
	for range 2 {
		b.Allow(ctx, "fast", 20, 1)
	}
	if ok, _, _ := b.Allow(ctx, "fast", 20, 1); ok {
		t.Errorf("Allow(fast) with an empty bucket = true")
	}
	time.Sleep(100 * time.Millisecond)
	if ok, _, err := b.Allow(ctx, "fast", 20, 1); err != nil || !ok {
		t.Errorf("Allow(fast) after a refill = %v, %v; want true", ok, err)
	}
}

func allowConcurrent(t *testing.T, b store.Backend) {
	var wg sync.WaitGroup
	var allowed atomic.Int32
	for range 30 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ok, _, err := b.Allow(ctx, "hot", 0.001, 5)
			if err != nil {
				t.Error(err)
			}
			if ok {
				allowed.Add(1)
			}
		}()
	}
	wg.Wait()
	if n := allowed.Load(); n != 5 {
		t.Errorf("%d of 30 concurrent calls allowed with a burst of 5", n)
	}
}

func readyAndSchema(t *testing.T, b store.Backend) {
	if err := b.Ready(ctx); err != nil {
		t.Errorf("Ready = %v", err)
	}
	s, err := b.Schema(ctx)
	if err != nil || !s.Current() || s.Version != s.Code || s.Code < 1 {
		t.Errorf("Schema = %+v, %v; want current", s, err)
	}
	before, after, err := b.Migrate(ctx)
	if err != nil || before != s || after != s {
		t.Errorf("Migrate on a current store = %+v, %+v, %v; want nothing to do", before, after, err)
	}
	if b.Target() == "" {
		t.Errorf("Target is empty")
	}
	b.Close()
	if err := b.Ready(ctx); !errors.Is(err, store.ErrClosed) {
		t.Errorf("Ready after Close = %v, want ErrClosed", err)
	}
}

func stats(t *testing.T, b store.Backend) {
	put(t, b, "g1", "u1", "Aria")
	errBoom := errors.New("boom")
	_ = b.Update(ctx, "g1", func(store.Tx) error { return errBoom })
	view(t, b, "g1", func(store.Tx) error { return nil })
	b.Seen(ctx, "x", time.Hour)
	b.Allow(ctx, "x", 1, 1)
	b.Ready(ctx)
	s := b.Stats()
	if len(s.Ops) != 5 {
		t.Fatalf("Stats has %d operations, want 5", len(s.Ops))
	}
	want := map[store.Op][2]uint64{store.OpUpdate: {2, 1}, store.OpView: {1, 0}, store.OpSeen: {1, 0},
		store.OpAllow: {1, 0}, store.OpReady: {1, 0}}
	for _, o := range s.Ops {
		w := want[o.Op]
		if o.Count != w[0] || o.Errors != w[1] {
			t.Errorf("%s: count %d errors %d, want %d and %d", o.Op, o.Count, o.Errors, w[0], w[1])
		}
		if o.Count > 0 && (o.Sum <= 0 || len(o.Buckets) != len(store.LatencyBuckets) || o.Buckets[len(o.Buckets)-1].Count > o.Count) {
			t.Errorf("%s: sum %v, buckets %v", o.Op, o.Sum, o.Buckets)
		}
		if m := o.Cumulative(); len(m) != len(store.LatencyBuckets) {
			t.Errorf("%s: Cumulative has %d buckets", o.Op, len(m))
		}
	}
}
