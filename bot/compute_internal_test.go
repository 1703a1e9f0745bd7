package bot

import (
	"context"
	"strings"
	"testing"

	"rulekeeper/locales"
	"rulekeeper/rules/dice"
)

// TestWeight: light work takes no units; heavy work one per unitWork, at most a slot's.
func TestWeight(t *testing.T) {
	for _, tt := range []struct {
		work int64
		want int
	}{
		{0, 0}, {dice.HeavyWork, 0}, {dice.HeavyWork + 1, 1}, {unitWork, 1}, {unitWork + 1, 2},
		{3 * unitWork, 3}, {dice.SampleWork, UnitsPerSlot}, {1 << 40, UnitsPerSlot},
	} {
		if got := weight(tt.work); got != tt.want {
			t.Errorf("weight(%d) = %d, want %d", tt.work, got, tt.want)
		}
	}
}

// TestSemaphore: units are granted in turn; a waiter whose context ends leaves the queue and the next one is
// served; a request larger than the semaphore takes all of it.
func TestSemaphore(t *testing.T) {
	s := newSemaphore(4)
	ctx := context.Background()
	if err := s.acquire(ctx, 3); err != nil {
		t.Fatal(err)
	}
	big := make(chan error)
	go func() { big <- s.acquire(ctx, 9) }() // waits: 4 units in all, 3 taken
	cancelled, cancel := context.WithCancel(ctx)
	small := make(chan error)
	waitQueued(t, s, 1)
	go func() { small <- s.acquire(cancelled, 1) }() // behind the big one, first come first served
	waitQueued(t, s, 2)
	cancel()
	if err := <-small; err == nil {
		t.Error("a cancelled waiter got its unit")
	}
	s.release(3)
	if err := <-big; err != nil {
		t.Fatal(err)
	}
	s.mu.Lock()
	used, queued := s.used, len(s.waiters)
	s.mu.Unlock()
	if used != 4 || queued != 0 {
		t.Errorf("used %d, %d queued; want 4 and 0", used, queued)
	}
	s.release(9)
	if s.used != 0 {
		t.Errorf("used %d after every release", s.used)
	}
}

// waitQueued waits until n acquirers are queued.
func waitQueued(t *testing.T, s *semaphore, n int) {
	t.Helper()
	for {
		s.mu.Lock()
		q := len(s.waiters)
		s.mu.Unlock()
		if q >= n {
			return
		}
		select {
		case <-t.Context().Done():
			t.Fatal("never queued")
		default:
		}
	}
}

// TestStoppedWords: a distribution the request's deadline stopped says so, with its sample size, in every
// language; a plain estimate keeps its own words.
func TestStoppedWords(t *testing.T) {
	for _, l := range []locales.Lang{locales.EN, locales.ZhCN, locales.ZhTW, locales.KO} {
		p := locales.For(l)
		stopped := statsFieldText(p, StatsDist{Samples: 700, Stopped: true}, nil)
		if !strings.Contains(stopped, p.T("stats.stopped", "Samples", 700)) || strings.Contains(stopped, p.T("stats.estimate", "Samples", 700)) {
			t.Errorf("%s stopped:\n%s", l, stopped)
		}
		est := statsFieldText(p, StatsDist{Samples: 700}, nil)
		if !strings.Contains(est, p.T("stats.estimate", "Samples", 700)) || !strings.Contains(stopped, "700") {
			t.Errorf("%s estimate:\n%s", l, est)
		}
	}
}
