package store

import (
	"fmt"
	"testing"
	"time"
)

// fakeClock is a settable clock for the in-memory shared state.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

// TestMemSeenBounded: the in-memory interaction records expire with their ttl and never exceed the bound;
// past it the oldest are forgotten first.
func TestMemSeenBounded(t *testing.T) {
	clock := &fakeClock{t: time.Unix(1e9, 0)}
	m := newMemShared()
	m.now, m.maxSeen = clock.now, 100
	for i := range 250 {
		if !m.seenFirst(fmt.Sprint(i), time.Hour) {
			t.Fatalf("id %d seen twice", i)
		}
		if len(m.seen) > 100 || m.order.Len() != len(m.seen) {
			t.Fatalf("after %d ids: %d records, %d in order; bound 100", i+1, len(m.seen), m.order.Len())
		}
	}
	if m.seenFirst("249", time.Hour) || !m.seenFirst("0", time.Hour) {
		t.Errorf("the newest id was forgotten or the oldest kept")
	}
	clock.t = clock.t.Add(2 * time.Hour)
	if !m.seenFirst("249", time.Hour) {
		t.Errorf("an expired id still counts as seen")
	}
	if len(m.seen) != 1 {
		t.Errorf("%d records after every other one expired, want 1", len(m.seen))
	}
	// A short ttl behind a long one expires on time too.
	m.seenFirst("long", 10*time.Hour)
	m.seenFirst("short", time.Minute)
	clock.t = clock.t.Add(2 * time.Minute)
	if !m.seenFirst("short", time.Minute) || m.seenFirst("long", time.Hour) {
		t.Errorf("mixed ttls: short not expired or long expired")
	}
}

// TestMemAllow: the token bucket refills at its rate up to its burst, a refused call takes nothing, the wait is
// exact, and the buckets stay bounded.
func TestMemAllow(t *testing.T) {
	clock := &fakeClock{t: time.Unix(1e9, 0)}
	m := newMemShared()
	m.now, m.maxBuckets = clock.now, 50
	for i, want := range []bool{true, true, false, false} {
		if ok, _ := m.allow("u", 0.5, 2); ok != want {
			t.Errorf("call %d: %v, want %v", i+1, ok, want)
		}
	}
	if _, wait := m.allow("u", 0.5, 2); wait != 2*time.Second {
		t.Errorf("wait = %v, want 2s (a token every 2s, none left)", wait)
	}
	clock.t = clock.t.Add(1500 * time.Millisecond)
	if ok, wait := m.allow("u", 0.5, 2); ok || wait != 500*time.Millisecond {
		t.Errorf("after 1.5s: %v, %v; want refused, 0.5s", ok, wait)
	}
	clock.t = clock.t.Add(500 * time.Millisecond)
	if ok, _ := m.allow("u", 0.5, 2); !ok {
		t.Errorf("after 2s: refused")
	}
	clock.t = clock.t.Add(time.Hour)
	for i, want := range []bool{true, true, false} {
		if ok, _ := m.allow("u", 0.5, 2); ok != want {
			t.Errorf("after an hour, call %d: %v, want %v (the burst caps the refill)", i+1, ok, want)
		}
	}
	for i := range 200 {
		m.allow(fmt.Sprint("k", i), 0.5, 2)
		if len(m.buckets) > 50 {
			t.Fatalf("%d buckets, bound 50", len(m.buckets))
		}
	}
}

func TestPGSchemaVersionConst(t *testing.T) {
	if PGSchemaVersion != len(pgMigrations) {
		t.Errorf("PGSchemaVersion = %d, len(pgMigrations) = %d", PGSchemaVersion, len(pgMigrations))
	}
	for i, m := range pgMigrations {
		if m.compat < 1 || m.compat > i+1 || (i > 0 && m.compat < pgMigrations[i-1].compat) {
			t.Errorf("migration %d: compat %d must be in 1..%d and never go down", i, m.compat, i+1)
		}
	}
}
