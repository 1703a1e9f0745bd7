package discord

import (
	"strconv"
	"testing"
	"time"
)

func TestLimiter(t *testing.T) {
	t0 := time.Date(2026, 8, 1, 20, 0, 0, 0, time.UTC)
	l := NewLimiter(10, 10*time.Second)
	for i := range 10 {
		if ok, _ := l.Allow("a", t0); !ok {
			t.Fatalf("command %d refused", i+1)
		}
	}
	ok, wait := l.Allow("a", t0)
	if ok || wait != time.Second {
		t.Errorf("11th command: %v, wait %v", ok, wait)
	}
	if ok, _ := l.Allow("b", t0); !ok {
		t.Error("another user is limited")
	}
	if ok, wait := l.Allow("a", t0.Add(400*time.Millisecond)); ok || wait != 600*time.Millisecond {
		t.Errorf("after 0.4 s: %v, wait %v", ok, wait)
	}
	if ok, _ := l.Allow("a", t0.Add(time.Second)); !ok {
		t.Error("a token did not come back after a second")
	}
	if ok, _ := l.Allow("a", t0.Add(time.Second)); ok {
		t.Error("more than one token came back after a second")
	}
	// A clock that steps back neither refills nor panics.
	if ok, _ := l.Allow("a", t0.Add(-time.Hour)); ok {
		t.Error("a clock step back refilled the bucket")
	}
}

func TestLimiterEvictsIdleBuckets(t *testing.T) {
	t0 := time.Date(2026, 8, 1, 20, 0, 0, 0, time.UTC)
	l := NewLimiter(10, 10*time.Second)
	for i := range 1000 {
		l.Allow(strconv.Itoa(i), t0)
	}
	if n := l.Len(); n != 1000 {
		t.Fatalf("%d buckets, want 1000", n)
	}
	// Ten seconds on, every bucket is full again, the same as none: the next call sweeps them away.
	l.Allow("fresh", t0.Add(10*time.Second))
	if n := l.Len(); n != 1 {
		t.Errorf("%d buckets after the idle sweep, want 1", n)
	}
}

func TestLimiterBounded(t *testing.T) {
	t0 := time.Date(2026, 8, 1, 20, 0, 0, 0, time.UTC)
	l := NewLimiter(1, time.Hour)
	for i := range maxBuckets + 100 {
		l.Allow(strconv.Itoa(i), t0)
	}
	if n := l.Len(); n != maxBuckets {
		t.Errorf("%d buckets, want the cap %d", n, maxBuckets)
	}
}

func TestNoLimiter(t *testing.T) {
	l := NewLimiter(0, time.Second)
	if l != nil {
		t.Fatal("a zero rate made a limiter")
	}
	for range 100 {
		if ok, _ := l.Allow("a", time.Now()); !ok {
			t.Fatal("a nil limiter refused")
		}
	}
}
