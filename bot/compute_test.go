package bot_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"rulekeeper/bot"
	"rulekeeper/rules/dice"
)

// heavyCount is a Budget hook that counts the heavy computations running at once (and their units), and holds
// each one until hold is closed once the first slots ones are in.
type heavyCount struct {
	mu                   sync.Mutex
	running, units       int
	maxRunning, maxUnits int
	started              int
	full                 chan struct{} // closed when slots computations run
	hold                 chan struct{} // closed to let them go
	slots                int
}

func (h *heavyCount) hook(weight int, running bool) {
	h.mu.Lock()
	if !running {
		h.running--
		h.units -= weight
		h.mu.Unlock()
		return
	}
	h.running++
	h.units += weight
	h.started++
	h.maxRunning, h.maxUnits = max(h.maxRunning, h.running), max(h.maxUnits, h.units)
	if h.running == h.slots && h.full != nil {
		close(h.full)
		h.full = nil
	}
	h.mu.Unlock()
	<-h.hold
}

// TestHeavyStatsQueue (issue 11 §2): ten worst-case /stats at once run at most Budget.Slots at a time — counted by
// the hook, not timed — and while the first ones hold every slot, a /roll from another user is answered; then all
// ten are answered.
func TestHeavyStatsQueue(t *testing.T) {
	const slots, n = 2, 10
	h := &heavyCount{slots: slots, full: make(chan struct{}), hold: make(chan struct{})}
	full := h.full
	b := bot.New(bot.Config{Budget: bot.Budget{Slots: slots, Deadline: time.Hour, Hook: h.hook}})
	replies := make([]*bot.Reply, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			replies[i] = b.Handle(statsRequest("heavy", "1000d6kh500", "1000d6kh499"))
		})
	}
	<-full // every slot is taken, by computations that wait for hold
	r := b.Handle(&bot.Request{Ctx: context.Background(), Path: []string{"roll"}, UserID: "other", Dice: dice.NewScripted([]int{17}),
		Options: map[string]any{"expr": "1d20+5"}})
	if r.ErrorCode != "" || !strings.Contains(r.Body, "22") {
		t.Errorf("a /roll while the heavy slots are full: %+v", r)
	}
	close(h.hold)
	wg.Wait()
	for i, r := range replies {
		if r.ErrorCode != "" || r.Result == nil {
			t.Errorf("/stats %d: %s %s", i, r.ErrorCode, r.Body)
		}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.maxRunning > slots || h.maxUnits > slots*bot.UnitsPerSlot {
		t.Errorf("%d heavy computations (%d units) at once; at most %d (%d units)", h.maxRunning, h.maxUnits, slots, slots*bot.UnitsPerSlot)
	}
	if h.maxRunning != slots || h.started != 2*n {
		t.Errorf("%d at once at most, %d started; want %d and %d (two distributions per /stats)", h.maxRunning, h.started, slots, 2*n)
	}
}

// TestHeavyBusy (issue 11 §2): a heavy request that cannot get its units before its deadline is answered "busy",
// localized and ephemeral, and the one holding them is answered.
func TestHeavyBusy(t *testing.T) {
	h := &heavyCount{slots: 1, full: make(chan struct{}), hold: make(chan struct{})}
	full := h.full
	b := bot.New(bot.Config{Budget: bot.Budget{Slots: 1, Deadline: 50 * time.Millisecond, Hook: h.hook}})
	done := make(chan *bot.Reply)
	go func() { done <- b.Handle(statsRequest("first", "1000d6kh500", "")) }()
	<-full
	r := b.Handle(statsRequest("second", "1000d6kh499", ""))
	if r.ErrorCode != "core.err.busy" || !r.Ephemeral || !strings.Contains(r.Body, "busy") {
		t.Errorf("second heavy /stats while the slot is held past its deadline: %+v", r)
	}
	close(h.hold)
	if r := <-done; r.ErrorCode != "" && r.ErrorCode != dice.CodeTooHeavy {
		t.Errorf("first /stats: %s %s", r.ErrorCode, r.Body)
	}
}

// TestTooHeavy (issue 11 §2): an expression too heavy even to estimate is refused at once, with a localized
// "too heavy, try a smaller expression" in the caller's language, and nothing computed.
func TestTooHeavy(t *testing.T) {
	h := &heavyCount{hold: make(chan struct{})}
	close(h.hold)
	b := bot.New(bot.Config{Budget: bot.Budget{Hook: h.hook}})
	expr := fill("1000d6", "kh999pl1")
	r := b.Handle(statsRequest("u", expr, ""))
	if r.ErrorCode != dice.CodeTooHeavy || !r.Ephemeral || !strings.Contains(r.Body, "too heavy") {
		t.Errorf("/stats %s: %+v", expr, r)
	}
	req := statsRequest("u", expr, "")
	req.Locale = "ko"
	if r := b.Handle(req); r.ErrorCode != dice.CodeTooHeavy || !strings.Contains(r.Body, "너무 무거워") {
		t.Errorf("in Korean: %+v", r)
	}
	if h.started != 0 {
		t.Errorf("%d heavy computations started for a refused expression", h.started)
	}
}
