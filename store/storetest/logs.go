package storetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"rulekeeper/store"
)

// logs checks the session logs (issue 18): put, get, list, the open log of a channel (one at most), closing,
// delete, the size bound, Clear, and export/import.
func (s suite) logs(t *testing.T) {
	st := s.new(t)
	l1 := &store.Log{GuildID: "ignored", ID: "a1", ChannelID: "c1", Open: true, Data: json.RawMessage(`{"n":1}`)}
	update(t, st, "g1", func(tx store.Tx) error { return tx.PutLog(l1) })
	if l1.GuildID != "g1" || l1.Updated.IsZero() {
		t.Errorf("after PutLog: %+v", l1)
	}
	// A second open log in the same channel conflicts; in another channel it does not.
	err := st.Update(t.Context(), "g1", func(tx store.Tx) error {
		return tx.PutLog(&store.Log{ID: "a2", ChannelID: "c1", Open: true, Data: json.RawMessage(`{}`)})
	})
	wantErr(t, "second open log in c1", err, store.ErrConflict)
	update(t, st, "g1", func(tx store.Tx) error {
		return tx.PutLog(&store.Log{ID: "a0", ChannelID: "c2", Open: true, Data: json.RawMessage(`{"n":0}`)})
	})
	view(t, st, "g1", func(tx store.Tx) error {
		got, err := tx.OpenLog("c1")
		if err != nil || got.ID != "a1" || !jsonEqual(got.Data, []byte(`{"n":1}`)) {
			t.Errorf("OpenLog(c1) = %+v, %v", got, err)
		}
		ls, err := tx.Logs()
		if err != nil || len(ls) != 2 || ls[0].ID != "a0" || ls[1].ID != "a1" {
			t.Errorf("Logs() = %v, %v; want a0, a1", ls, err)
		}
		_, err = tx.OpenLog("c3")
		wantErr(t, "OpenLog(c3)", err, store.ErrNotFound)
		_, err = tx.Log("zz")
		wantErr(t, "Log(zz)", err, store.ErrNotFound)
		return nil
	})
	// Closing a1 frees the channel for a new open log.
	l1.Open, l1.Data = false, json.RawMessage(`{"n":2}`)
	update(t, st, "g1", func(tx store.Tx) error { return tx.PutLog(l1) })
	update(t, st, "g1", func(tx store.Tx) error {
		return tx.PutLog(&store.Log{ID: "a2", ChannelID: "c1", Open: true, Data: json.RawMessage(`{}`)})
	})
	view(t, st, "g1", func(tx store.Tx) error {
		if got, err := tx.OpenLog("c1"); err != nil || got.ID != "a2" {
			t.Errorf("OpenLog(c1) after closing a1 = %+v, %v; want a2", got, err)
		}
		if got, err := tx.Log("a1"); err != nil || got.Open || !jsonEqual(got.Data, []byte(`{"n":2}`)) {
			t.Errorf("Log(a1) = %+v, %v", got, err)
		}
		return nil
	})
	// Deleting an open log frees its channel.
	update(t, st, "g1", func(tx store.Tx) error { return tx.DeleteLog("a2") })
	view(t, st, "g1", func(tx store.Tx) error {
		_, err := tx.OpenLog("c1")
		wantErr(t, "OpenLog(c1) after delete", err, store.ErrNotFound)
		return nil
	})
	err = st.Update(t.Context(), "g1", func(tx store.Tx) error { return tx.DeleteLog("a2") })
	wantErr(t, "DeleteLog twice", err, store.ErrNotFound)
	// Bounds: a log record past MaxLogSize is refused; one past MaxRecordSize is not.
	big := func(n int) json.RawMessage { return json.RawMessage(`"` + strings.Repeat("x", n) + `"`) }
	update(t, st, "g1", func(tx store.Tx) error {
		return tx.PutLog(&store.Log{ID: "big", ChannelID: "c9", Data: big(2 * store.MaxRecordSize)})
	})
	err = st.Update(t.Context(), "g1", func(tx store.Tx) error {
		return tx.PutLog(&store.Log{ID: "huge", ChannelID: "c9", Data: big(store.MaxLogSize)})
	})
	wantErr(t, "log past MaxLogSize", err, store.ErrTooLarge)
	err = st.Update(t.Context(), "g1", func(tx store.Tx) error {
		return tx.PutLog(&store.Log{ID: "", ChannelID: "c9", Data: json.RawMessage(`{}`)})
	})
	wantErr(t, "log without ID", err, store.ErrInvalid)
	// Another guild sees none of them.
	view(t, st, "g2", func(tx store.Tx) error {
		if ls, err := tx.Logs(); err != nil || len(ls) != 0 {
			t.Errorf("g2 Logs() = %v, %v", ls, err)
		}
		return nil
	})
	s.logsExportImport(t, st)
}

// logsExportImport exports g1's logs, imports them into g3 and back into a cleared g1.
func (s suite) logsExportImport(t *testing.T, st store.Store) {
	e, err := store.ExportGuild(t.Context(), st, "g1")
	if err != nil || len(e.Logs) != 3 || e.Logs[0].ID != "a0" || !e.Logs[0].Open {
		t.Fatalf("export logs = %v, %v; want a0 (open), a1, big", e.Logs, err)
	}
	var buf bytes.Buffer
	if err := e.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := store.ReadExport(&buf)
	if err != nil {
		t.Fatal(err)
	}
	back.SetGuild("g3")
	if err := store.ImportGuild(t.Context(), st, back); err != nil {
		t.Fatal(err)
	}
	view(t, st, "g3", func(tx store.Tx) error {
		got, err := tx.OpenLog("c2")
		if err != nil || got.ID != "a0" || !got.Updated.Equal(e.Logs[0].Updated) {
			t.Errorf("imported OpenLog(c2) = %+v, %v", got, err)
		}
		if ls, err := tx.Logs(); err != nil || len(ls) != 3 {
			t.Errorf("imported Logs() = %v, %v", ls, err)
		}
		return nil
	})
	update(t, st, "g1", func(tx store.Tx) error { return tx.Clear() })
	view(t, st, "g1", func(tx store.Tx) error {
		if ls, err := tx.Logs(); err != nil || len(ls) != 0 {
			t.Errorf("Logs() after Clear = %v, %v", ls, err)
		}
		_, err := tx.OpenLog("c2")
		wantErr(t, "OpenLog after Clear", err, store.ErrNotFound)
		return nil
	})
	// Two open logs in one channel make a bad export.
	bad := *back
	bad.Logs = []*store.Log{{ID: "x", ChannelID: "c", Open: true, Data: json.RawMessage(`{}`)},
		{ID: "y", ChannelID: "c", Open: true, Data: json.RawMessage(`{}`)}}
	if err := bad.Validate(); !errors.Is(err, store.ErrBadExport) {
		t.Errorf("two open logs in a channel: Validate() = %v", err)
	}
}
