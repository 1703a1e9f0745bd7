package play_test

import (
	"context"
	"encoding/json"
	"testing"

	"rulekeeper/play"
	"rulekeeper/play/sessionlog"
	"rulekeeper/store"
)

// TestRecordMigratesAWholeLog: a log stored whole by schema 2 or 3 (its entries inside its data) is read as it was,
// and the first append moves its entries out of the header, keeping their order; a pause keeps them too.
func TestRecordMigratesAWholeLog(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	old, err := sessionlog.New(sessionlog.Header{ID: "c1-old", Guild: "g1", Channel: caller("alice").ChannelID,
		Name: "Old", Lang: "en", Starter: "alice", Started: logNow})
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"one", "two"} {
		if err := old.Append(sayEntry("alice", line)); err != nil {
			t.Fatal(err)
		}
	}
	data, err := json.Marshal(old)
	if err != nil {
		t.Fatal(err)
	}
	err = e.store.Update(ctx, caller("alice").GuildID, func(tx store.Tx) error {
		return tx.PutLog(&store.Log{ID: old.ID, ChannelID: old.Channel, Open: true, Data: data})
	})
	if err != nil {
		t.Fatal(err)
	}
	lines := func(what string, want ...string) {
		t.Helper()
		l, err := e.table.LogNamed(ctx, caller("alice"), "Old")
		if err != nil || len(l.Entries) != len(want) {
			t.Fatalf("%s: LogNamed = %+v, %v; want %d entries", what, l, err, len(want))
		}
		for i, w := range want {
			if l.Entries[i].Lines[0] != w {
				t.Errorf("%s: entry %d = %q, want %q", what, i, l.Entries[i].Lines[0], w)
			}
		}
		infos, err := e.table.Logs(ctx, caller("alice"))
		if err != nil || len(infos) != 1 || infos[0].Entries != len(want) {
			t.Errorf("%s: Logs = %+v, %v", what, infos, err)
		}
	}
	lines("read whole", "one", "two")
	if ok, err := e.table.Record(ctx, caller("alice"), sayEntry("alice", "three")); !ok || err != nil {
		t.Fatalf("Record = %v, %v", ok, err)
	}
	lines("after an append", "one", "two", "three")
	err = e.store.View(ctx, caller("alice").GuildID, func(tx store.Tx) error {
		rec, err := tx.Log(old.ID)
		if err != nil {
			return err
		}
		head, err := sessionlog.Decode(rec.Data)
		if err != nil || len(head.Entries) != 0 || rec.Count != 3 {
			t.Errorf("stored header = %+v (%d stored entries), %v; want no inline entries and 3 stored", head, rec.Count, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if l, err := e.table.LogChange(ctx, caller("alice"), play.LogPause, logNow); err != nil || len(l.Entries) != 3 {
		t.Fatalf("pause = %+v, %v; want the 3 entries told", l, err)
	}
	lines("paused", "one", "two", "three")
}
