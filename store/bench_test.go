package store_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"testing"

	"rulekeeper/store"
)

// BenchmarkWrite measures a write command: one Update that reads a character, changes its sheet and puts it
// back (what /hp does), from 8 goroutines at once — on one guild (every writer queues on the same lock), and
// spread over 50 guilds. It reports commits/s beside ns/op. bbolt syncs every commit to disk (production);
// bbolt-nosync and the test PostgreSQL (fsync=off in .ci/postgres) do not, which is the fair comparison.
//
//	go test -run '^$' -bench BenchmarkWrite -benchtime 3s ./store/
func BenchmarkWrite(b *testing.B) {
	backends := []struct {
		name string
		open func(b *testing.B) store.Store
	}{
		{"bbolt", func(b *testing.B) store.Store { return openBench(b, store.Options{}) }},
		{"bbolt-nosync", func(b *testing.B) store.Store { return openBench(b, store.Options{NoSync: true}) }},
		{"postgres", func(b *testing.B) store.Store { return openPG(b, store.Options{}) }},
	}
	for _, be := range backends {
		for _, guilds := range []int{1, 50} {
			b.Run(fmt.Sprintf("%s/guilds=%d", be.name, guilds), func(b *testing.B) {
				benchWrite(b, be.open(b), guilds)
			})
		}
	}
}

func openBench(b *testing.B, opt store.Options) store.Store {
	db, err := store.Open(filepath.Join(b.TempDir(), "bench.db"), opt)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	return db
}

func benchWrite(b *testing.B, st store.Store, guilds int) {
	ids := make([]string, guilds)
	for g := range guilds {
		c := &store.Character{OwnerID: "u1", Name: "Tank", System: "dnd5e", Sheet: json.RawMessage(`{"hp":9999}`)}
		if err := st.Update(ctx, fmt.Sprint("g", g), func(tx store.Tx) error { d := *c; err := tx.PutCharacter(&d); *c = d; return err }); err != nil {
			b.Fatal(err)
		}
		ids[g] = c.ID
	}
	var next atomic.Int64
	b.SetParallelism(4) // 4 × GOMAXPROCS writers: 8 on the 2-core machine, the default pool size
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			g := int(next.Add(1)) % guilds
			if err := st.Update(ctx, fmt.Sprint("g", g), damage(ids[g])); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "commits/s")
}

// damage is /hp damage 1 as a store function: read, change, put.
func damage(id string) func(store.Tx) error {
	return func(tx store.Tx) error {
		c, err := tx.Character(id)
		if err != nil {
			return err
		}
		var sheet map[string]any
		if err := json.Unmarshal(c.Sheet, &sheet); err != nil {
			return err
		}
		sheet["hp"] = sheet["hp"].(float64) - 1
		c.Sheet, _ = json.Marshal(sheet)
		return tx.PutCharacter(c)
	}
}
