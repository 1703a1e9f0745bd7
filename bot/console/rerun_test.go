package console_test

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"rulekeeper/store"
)

// TestHandlersRerun proves that every command's transaction may run more than once (store.Store.Update's
// contract; PostgreSQL retries a serialization failure or a deadlock): every transcript is replayed on
// storetest.Rerun, which runs each Update's function once in a transaction it rolls back and then again for
// real. The dice of the rolled-back run are replayed (play's tape), so every reply must be byte for byte the
// recorded one, and the guild's stored state at the end the same as after a plain replay.
func TestHandlersRerun(t *testing.T) {
	if testing.Short() {
		t.Skip("replays every transcript twice")
	}
	files, err := filepath.Glob(filepath.Join(transcriptDir, "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatal("no transcripts", err)
	}
	sort.Strings(files)
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) {
			once := replayTranscript(t, f, false)
			twice := replayTranscript(t, f, true)
			if !bytes.Equal(once, twice) {
				t.Errorf("stored state differs after a re-run of every transaction\n once: %s\ntwice: %s", once, twice)
			}
		})
	}
}

// exportState is the transcript guild's export without the times the store stamps from the process clock
// (exported, created, updated), which differ from one replay to the next.
func exportState(t *testing.T, db *store.DB) []byte {
	t.Helper()
	e, err := store.ExportGuild(context.Background(), db, transcriptGuild)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := e.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(buf.Bytes(), &v); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(dropTimes(v))
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// dropTimes removes the time stamps from a decoded export, at any depth.
func dropTimes(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range []string{"exported", "created", "updated"} {
			delete(x, k)
		}
		for k, e := range x {
			x[k] = dropTimes(e)
		}
	case []any:
		for i, e := range x {
			x[i] = dropTimes(e)
		}
	}
	return v
}
