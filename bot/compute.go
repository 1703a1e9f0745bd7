package bot

import (
	"context"
	"runtime"
	"sync"
	"time"

	"rulekeeper/rules/dice"
)

// The compute budget of the bot's requests (issue 11 §2). The dice package bounds one computation (its states
// and memory budgets, a Monte-Carlo estimate past them, a context looked at in its loops); the bot adds what spans
// requests:
//   - a deadline per request (Budget.Deadline), carried by a context.Context into the distributions: past it an
//     estimate stops with the samples it has, an exact computation gives up with dice.err.too_heavy;
//   - a process-wide weighted semaphore sized by the CPUs, which heavy computations (dice.Cost.Heavy: more than
//     about a millisecond) acquire by weight — one unit per 4 ms of estimated work, at most a CPU's worth — so that
//     at most Slots of the heaviest run at once and light commands, which never acquire it, never queue behind
//     them. A request that cannot get its units before its deadline is answered "busy" (core.err.busy).

// Budget sets the compute budget of a Bot.
type Budget struct {
	// Slots is how many of the heaviest computations run at once: the CPUs the heavy ones may take. 0 means
	// runtime.GOMAXPROCS(0).
	Slots int
	// Deadline is how long one request may compute, waiting for its units included. 0 means DefaultDeadline.
	Deadline time.Duration
	// Hook, when set, is called as a heavy computation starts (running true) and ends (false), with its weight
	// in units (UnitsPerSlot to a slot): tests count what runs at once.
	Hook func(weight int, running bool)
}

const (
	// DefaultDeadline is a request's computing time by default: inside Discord's 3-second answer.
	DefaultDeadline = 2 * time.Second
	// UnitsPerSlot is the weight of the heaviest computation: one slot (a CPU) of the semaphore.
	UnitsPerSlot = 4
	// unitWork is the work of one unit, in dice states (about 4 ms).
	unitWork = 4 * dice.HeavyWork
)

// gate is the Bot's semaphore of heavy computations with its deadline.
type gate struct {
	sem      *semaphore
	deadline time.Duration
	hook     func(int, bool)
}

func newGate(b Budget) *gate {
	slots := b.Slots
	if slots <= 0 {
		slots = runtime.GOMAXPROCS(0)
	}
	d := b.Deadline
	if d <= 0 {
		d = DefaultDeadline
	}
	return &gate{sem: newSemaphore(slots * UnitsPerSlot), deadline: d, hook: b.Hook}
}

// weight is the units a computation of work states takes: 0 for light work (it runs at once), else one per
// unitWork, at most UnitsPerSlot.
func weight(work int64) int {
	if work <= dice.HeavyWork {
		return 0
	}
	return int(min((work+unitWork-1)/unitWork, UnitsPerSlot))
}

// errBusy: the units did not come before the request's deadline.
var errBusy = Errorf("core.err.busy")

// run runs fn, holding the units its work weighs when it is heavy; core.err.busy when they do not come before ctx
// is done.
func (g *gate) run(ctx context.Context, work int64, fn func() error) error {
	w := weight(work)
	if g == nil || w == 0 {
		return fn()
	}
	if err := g.sem.acquire(ctx, w); err != nil {
		return errBusy
	}
	if g.hook != nil {
		g.hook(w, true)
	}
	defer func() {
		if g.hook != nil {
			g.hook(w, false)
		}
		g.sem.release(w)
	}()
	return fn()
}

// within returns ctx with the request's deadline.
func (g *gate) within(ctx context.Context) (context.Context, context.CancelFunc) {
	if g == nil {
		return context.WithCancel(ctx)
	}
	return context.WithTimeout(ctx, g.deadline)
}

// semaphore is a weighted semaphore: first come, first served, and a waiter gives up when its context is done.
type semaphore struct {
	mu      sync.Mutex
	size    int
	used    int
	waiters []*waiter
}

type waiter struct {
	n     int
	ready chan struct{}
}

func newSemaphore(size int) *semaphore { return &semaphore{size: max(size, 1)} }

// acquire takes n units (at most the size), waiting in turn; it returns ctx's error when ctx is done first.
func (s *semaphore) acquire(ctx context.Context, n int) error {
	n = min(n, s.size)
	s.mu.Lock()
	if len(s.waiters) == 0 && s.size-s.used >= n {
		s.used += n
		s.mu.Unlock()
		return nil
	}
	w := &waiter{n: n, ready: make(chan struct{})}
	s.waiters = append(s.waiters, w)
	s.mu.Unlock()
	select {
	case <-w.ready:
		return nil
	case <-ctx.Done():
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case <-w.ready: // granted meanwhile: give the units back
		s.used -= n
	default:
		for i, x := range s.waiters {
			if x == w {
				s.waiters = append(s.waiters[:i], s.waiters[i+1:]...)
				break
			}
		}
	}
	s.grant()
	return ctx.Err()
}

// release gives back n units.
func (s *semaphore) release(n int) {
	n = min(n, s.size)
	s.mu.Lock()
	s.used -= n
	s.grant()
	s.mu.Unlock()
}

// grant wakes the waiters at the front whose units are free, in order.
func (s *semaphore) grant() {
	for len(s.waiters) > 0 {
		w := s.waiters[0]
		if s.size-s.used < w.n {
			return
		}
		s.used += w.n
		close(w.ready)
		s.waiters = s.waiters[1:]
	}
}
