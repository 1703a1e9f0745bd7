package play_test

import (
	"context"
	"errors"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"rulekeeper/play"
	"rulekeeper/play/sessionlog"
	"rulekeeper/rules/coded"
	"rulekeeper/store"
	"rulekeeper/store/storetest"
)

var logNow = time.Date(2026, 12, 1, 20, 0, 0, 0, time.UTC)

func sayEntry(user, line string) sessionlog.Entry {
	return sessionlog.Entry{Time: logNow, Kind: sessionlog.KindSay, User: user, UserName: user, Lines: []string{line}}
}

func wantLogCode(t *testing.T, what string, err error, code string) {
	t.Helper()
	if !errors.Is(err, coded.Code(code)) {
		t.Errorf("%s: %v, want %s", what, err, code)
	}
}

// TestLogLife: start, record, pause (nothing recorded), resume, stop; who may change a log; one open log per
// channel; /log list and the lookup of a log by name.
func TestLogLife(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	l, err := e.table.LogStart(ctx, caller("alice"), "Goblin ambush", "en", logNow)
	if err != nil || l.State != sessionlog.Running || l.Starter != "alice" {
		t.Fatalf("LogStart = %+v, %v", l, err)
	}
	_, err = e.table.LogStart(ctx, caller("bob"), "Other", "en", logNow)
	wantLogCode(t, "a second log in the channel", err, play.ErrLogRunning)
	if ok, err := e.table.Record(ctx, caller("bob"), sayEntry("bob", "Hi")); !ok || err != nil {
		t.Fatalf("Record = %v, %v", ok, err)
	}
	other := caller("bob")
	other.ChannelID = "c2"
	if ok, err := e.table.Record(ctx, other, sayEntry("bob", "elsewhere")); ok || err != nil {
		t.Errorf("Record in a channel without a log = %v, %v; want false, nil", ok, err)
	}
	_, err = e.table.LogChange(ctx, caller("bob"), play.LogPause, logNow)
	wantLogCode(t, "pause by another player", err, play.ErrLogNotYours)
	if _, err := e.table.LogChange(ctx, caller("alice"), play.LogPause, logNow); err != nil {
		t.Fatal(err)
	}
	if ok, err := e.table.Record(ctx, caller("bob"), sayEntry("bob", "unheard")); ok || err != nil {
		t.Errorf("Record while paused = %v, %v; want false, nil", ok, err)
	}
	if _, err := e.table.LogChange(ctx, caller("gm"), play.LogResume, logNow); err != nil {
		t.Fatal(err)
	}
	if ok, err := e.table.Record(ctx, caller("alice"), sayEntry("alice", "Back")); !ok || err != nil {
		t.Fatalf("Record after resume = %v, %v", ok, err)
	}
	stopped, err := e.table.LogChange(ctx, caller("gm"), play.LogStop, logNow.Add(time.Hour))
	if err != nil || stopped.State != sessionlog.Stopped || len(stopped.Entries) != 2 {
		t.Fatalf("LogStop = %+v, %v", stopped, err)
	}
	_, err = e.table.LogChange(ctx, caller("gm"), play.LogStop, logNow)
	wantLogCode(t, "stop without an open log", err, play.ErrLogNone)
	// A new log in the same channel after the stop; list and lookups.
	if _, err := e.table.LogStart(ctx, caller("bob"), "Second", "en", logNow.Add(2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	infos, err := e.table.Logs(ctx, caller("bob"))
	if err != nil || len(infos) != 2 || infos[0].Name != "Goblin ambush" || infos[0].Entries != 2 ||
		infos[1].State != sessionlog.Running {
		t.Errorf("Logs = %+v, %v", infos, err)
	}
	if got, err := e.table.LogNamed(ctx, caller("bob"), "goblin AMBUSH"); err != nil || got.Name != "Goblin ambush" {
		t.Errorf("LogNamed(goblin AMBUSH) = %v, %v", got, err)
	}
	if got, err := e.table.LogNamed(ctx, caller("bob"), ""); err != nil || got.Name != "Second" {
		t.Errorf("LogNamed(\"\") = %v, %v; want the channel's open log", got, err)
	}
	_, err = e.table.LogNamed(ctx, caller("bob"), "nope")
	wantLogCode(t, "unknown log", err, play.ErrLogNotFound)
}

// TestLogGuildBound: a guild holds at most sessionlog.MaxLogsPerGuild logs.
func TestLogGuildBound(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	for i := range sessionlog.MaxLogsPerGuild {
		c := caller("alice")
		c.ChannelID = "c" + string(rune('A'+i/26)) + string(rune('a'+i%26))
		if _, err := e.table.LogStart(ctx, c, "L", "en", logNow); err != nil {
			t.Fatalf("log %d: %v", i, err)
		}
	}
	_, err := e.table.LogStart(ctx, caller("alice"), "one more", "en", logNow)
	wantLogCode(t, "past the guild's bound", err, sessionlog.ErrTooManyLogs)
}

// TestRecordOnceUnderRetry: a store that runs every transaction twice (the first rolled back) records an entry once.
func TestRecordOnceUnderRetry(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	table := play.New(storetest.Rerun(e.store))
	if _, err := table.LogStart(ctx, caller("alice"), "Retry", "en", logNow); err != nil {
		t.Fatal(err)
	}
	if _, err := table.Record(ctx, caller("alice"), sayEntry("alice", "once")); err != nil {
		t.Fatal(err)
	}
	l, err := table.LogNamed(ctx, caller("alice"), "Retry")
	if err != nil || len(l.Entries) != 1 {
		t.Fatalf("entries = %v, %v; want 1", l, err)
	}
}

// BenchmarkRecord appends one reply's entry to a running log that already holds n entries (bbolt, no fsync): the
// log's header is read and the entry written on its own (store.Tx.AppendLog), so the cost does not grow with n.
func BenchmarkRecord(b *testing.B) {
	for _, n := range []int{0, 500, 4000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			db, err := store.Open(filepath.Join(b.TempDir(), "b.db"), store.Options{NoSync: true})
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			table := play.New(db)
			ctx := context.Background()
			if _, err := table.LogStart(ctx, caller("alice"), "Bench", "en", logNow); err != nil {
				b.Fatal(err)
			}
			e := sayEntry("alice", "Aria attacks Goblin 1 with rapier: 1d20 (15) + 5 = 20 vs AC 15, hit, 9 piercing")
			for range n {
				if _, err := table.Record(ctx, caller("alice"), e); err != nil {
					b.Fatal(err)
				}
			}
			for b.Loop() {
				if _, err := table.Record(ctx, caller("alice"), e); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
