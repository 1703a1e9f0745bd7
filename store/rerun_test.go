package store_test

import (
	"encoding/json"
	"errors"
	"testing"

	"rulekeeper/store"
	"rulekeeper/store/storetest"
)

// TestRerunConformance: the conformance suite's own functions are re-run safe, so the suite passes through
// storetest.Rerun. (The wrapper does not depend on the backend; bbolt and a smaller Concurrency keep it quick:
// TestConformance runs the full size.)
func TestRerunConformance(t *testing.T) {
	storetest.RunWith(t, storetest.Size{Workers: 10, Changes: 20}, func(t *testing.T) store.Store {
		db, _ := openTemp(t, store.Options{NoSync: true})
		return storetest.Rerun(db)
	})
}

// TestRerun: Update runs fn twice and keeps only the second run; View runs it twice; errors come back as fn
// returned them; and a function that is not re-run safe shows it.
func TestRerun(t *testing.T) {
	db, _ := openTemp(t, store.Options{NoSync: true})
	st := storetest.Rerun(db)
	var c *store.Character
	calls := 0
	err := st.Update(ctx, "g1", func(tx store.Tx) error {
		calls++
		c = &store.Character{OwnerID: "u1", Name: "Aria", Sheet: json.RawMessage(`{"hp":10}`)}
		return tx.PutCharacter(c)
	})
	if err != nil || calls != 2 {
		t.Fatalf("Update = %v after %d calls, want success after 2", err, calls)
	}
	// A re-run-safe read-modify-write lands once.
	err = st.Update(ctx, "g1", func(tx store.Tx) error {
		got, err := tx.Character(c.ID)
		if err != nil {
			return err
		}
		var sheet struct{ HP int }
		if err := json.Unmarshal(got.Sheet, &sheet); err != nil {
			return err
		}
		sheet.HP++
		got.Sheet, _ = json.Marshal(sheet)
		return tx.PutCharacter(got)
	})
	if got, _ := db.Export("g1"); err != nil || len(got.Characters) != 1 || string(got.Characters[0].Sheet) != `{"HP":11}` {
		t.Errorf("read-modify-write under Rerun: %v, %+v; want one character with HP 11", err, got)
	}
	// An accumulating function is caught: its captured total counts both runs.
	total := 0
	err = st.Update(ctx, "g1", func(tx store.Tx) error {
		cs, err := tx.Characters()
		total += len(cs) // wrong: should assign
		return err
	})
	if err != nil || total != 2 {
		t.Errorf("accumulating fn: total %d (%v), want 2: Rerun must expose it", total, err)
	}
	if cs, _ := db.Export("g1"); len(cs.Characters) != 1 {
		t.Errorf("the first runs were not rolled back: %d characters", len(cs.Characters))
	}
	errMine := errors.New("mine")
	calls = 0
	if err := st.Update(ctx, "g1", func(tx store.Tx) error { calls++; return errMine }); err != errMine || calls != 2 {
		t.Errorf("Update = %v after %d calls, want fn's error after 2", err, calls)
	}
	calls = 0
	if err := st.View(ctx, "g1", func(tx store.Tx) error { calls++; return nil }); err != nil || calls != 2 {
		t.Errorf("View = %v after %d calls, want 2 calls", err, calls)
	}
	calls = 0
	if err := st.Update(ctx, "", func(tx store.Tx) error { calls++; return nil }); !errors.Is(err, store.ErrInvalid) || calls != 0 {
		t.Errorf("Update of an invalid guild = %v after %d calls", err, calls)
	}
	if gs, err := st.Guilds(ctx); err != nil || len(gs) != 1 {
		t.Errorf("Guilds through Rerun = %v, %v", gs, err)
	}
}
