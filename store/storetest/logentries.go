package storetest

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"rulekeeper/store"
)

// logEntries checks a log's entries stored apart from its header: AppendLog adds after the stored ones and counts
// them, PutLog keeps them unless given new ones, LogEntries reads them in order, the size bound counts them,
// DeleteLog and Clear remove them, and an export carries them.
func (s suite) logEntries(t *testing.T) {
	st := s.new(t)
	entry := func(i int) json.RawMessage { return json.RawMessage(fmt.Sprintf(`{"i": %d}`, i)) }
	update(t, st, "g1", func(tx store.Tx) error {
		return tx.PutLog(&store.Log{ID: "l1", ChannelID: "c1", Open: true, Data: json.RawMessage(`{"h":1}`)})
	})
	for i := range 12 { // one at a time, then several at once
		update(t, st, "g1", func(tx store.Tx) error { return tx.AppendLog("l1", entry(i)) })
	}
	update(t, st, "g1", func(tx store.Tx) error { return tx.AppendLog("l1", entry(12), entry(13), entry(14)) })
	want := make([]string, 15)
	for i := range want {
		want[i] = fmt.Sprintf(`{"i":%d}`, i)
	}
	check := func(what, guild string, want []string) {
		t.Helper()
		view(t, st, guild, func(tx store.Tx) error {
			l, err := tx.OpenLog("c1")
			if err != nil || l.Count != len(want) || l.Bytes != len(strings.Join(want, "")) || l.Entries != nil {
				t.Errorf("%s: OpenLog = %+v, %v; want %d entries of %d bytes, none read", what, l, err, len(want),
					len(strings.Join(want, "")))
			}
			got, err := tx.LogEntries("l1")
			if err != nil || len(got) != len(want) {
				t.Fatalf("%s: LogEntries = %s, %v; want %d", what, got, err, len(want))
			}
			for i := range got {
				if string(got[i]) != want[i] {
					t.Errorf("%s: entry %d = %s, want %s", what, i, got[i], want[i])
				}
			}
			return nil
		})
	}
	check("after appends", "g1", want)
	// A header update keeps the entries; new Entries replace them.
	update(t, st, "g1", func(tx store.Tx) error {
		return tx.PutLog(&store.Log{ID: "l1", ChannelID: "c1", Open: true, Data: json.RawMessage(`{"h":2}`)})
	})
	check("after a header update", "g1", want)
	update(t, st, "g1", func(tx store.Tx) error {
		return tx.PutLog(&store.Log{ID: "l1", ChannelID: "c1", Open: true, Data: json.RawMessage(`{"h":3}`),
			Entries: []json.RawMessage{entry(7), entry(8)}})
	})
	check("after replacing the entries", "g1", []string{`{"i":7}`, `{"i":8}`})
	update(t, st, "g1", func(tx store.Tx) error { return tx.AppendLog("l1", entry(9)) })
	check("appended after a replace", "g1", []string{`{"i":7}`, `{"i":8}`, `{"i":9}`})
	// Bad input changes nothing.
	for _, c := range []struct {
		what string
		id   string
		e    json.RawMessage
		err  error
	}{
		{"not JSON", "l1", json.RawMessage(`{"i":`), store.ErrInvalid},
		{"no such log", "zz", entry(1), store.ErrNotFound},
		{"past MaxLogSize", "l1", json.RawMessage(`"` + strings.Repeat("x", store.MaxLogSize) + `"`), store.ErrTooLarge},
	} {
		err := st.Update(t.Context(), "g1", func(tx store.Tx) error { return tx.AppendLog(c.id, entry(10), c.e) })
		wantErr(t, "AppendLog "+c.what, err, c.err)
	}
	check("after refused appends", "g1", []string{`{"i":7}`, `{"i":8}`, `{"i":9}`})
	// Many small appends stay within the bound until the bound.
	half := json.RawMessage(`"` + strings.Repeat("y", store.MaxLogSize/2) + `"`)
	update(t, st, "g1", func(tx store.Tx) error { return tx.AppendLog("l1", half) })
	err := st.Update(t.Context(), "g1", func(tx store.Tx) error { return tx.AppendLog("l1", half) })
	wantErr(t, "a second half of MaxLogSize", err, store.ErrTooLarge)
	update(t, st, "g1", func(tx store.Tx) error {
		return tx.PutLog(&store.Log{ID: "l1", ChannelID: "c1", Open: true, Data: json.RawMessage(`{"h":4}`),
			Entries: []json.RawMessage{entry(1)}})
	})
	// An export carries the entries; an import restores them.
	e, err := store.ExportGuild(t.Context(), st, "g1")
	if err != nil || len(e.Logs) != 1 || len(e.Logs[0].Entries) != 1 {
		t.Fatalf("export = %+v, %v", e, err)
	}
	e.SetGuild("g2")
	if err := store.ImportGuild(t.Context(), st, e); err != nil {
		t.Fatal(err)
	}
	check("imported", "g2", []string{`{"i":1}`})
	// Deleting a log, or clearing its guild, removes its entries: a new log of that ID starts empty.
	update(t, st, "g1", func(tx store.Tx) error { return tx.DeleteLog("l1") })
	update(t, st, "g2", func(tx store.Tx) error { return tx.Clear() })
	for _, g := range []string{"g1", "g2"} {
		update(t, st, g, func(tx store.Tx) error {
			return tx.PutLog(&store.Log{ID: "l1", ChannelID: "c1", Open: true, Data: json.RawMessage(`{}`)})
		})
		check("re-created in "+g, g, []string{})
	}
}
