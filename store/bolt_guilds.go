package store

import (
	"bytes"
	"context"
	"maps"
	"slices"

	bolt "go.etcd.io/bbolt"
)

// Guilds implements Store: the guilds with settings, and every guild prefix of the other buckets' keys.
// Each guild's records are one contiguous key range, so the scan jumps from one guild to the next.
func (db *DB) Guilds(ctx context.Context) ([]string, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	err := db.do(false, nil, func(btx *bolt.Tx) error {
		if b := btx.Bucket(bucketGuilds); b != nil {
			if err := b.ForEach(func(k, _ []byte) error { seen[string(k)] = true; return nil }); err != nil {
				return err
			}
		}
		for _, name := range [][]byte{bucketCharacters, bucketActive, bucketEncounters, bucketLogs, bucketMacros} {
			b := btx.Bucket(name)
			if b == nil {
				continue
			}
			cur := b.Cursor()
			for k, _ := cur.First(); k != nil; {
				guild, _, ok := bytes.Cut(k, []byte{0})
				if !ok {
					return &Error{Err: ErrCorrupt, Path: db.path, Detail: "a key without a guild prefix in " + string(name)}
				}
				seen[string(guild)] = true
				k, _ = cur.Seek(append(bytes.Clone(guild), 1)) // past guild\x00…
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return slices.Sorted(maps.Keys(seen)), nil
}
