package store

import (
	"encoding/binary"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Bucket names and the meta keys. See doc.go for the layout.
var (
	bucketMeta       = []byte("meta")
	bucketGuilds     = []byte("guilds")
	bucketCharacters = []byte("characters")
	bucketNames      = []byte("names")
	bucketActive     = []byte("active")
	bucketEncounters = []byte("encounters")
	bucketLogs       = []byte("logs")       // session logs: guild\x00id → header record
	bucketLogOpen    = []byte("logopen")    // guild\x00channel → the id of the channel's open log
	bucketMacros     = []byte("macros")     // guild\x00owner\x00folded name → record (owner "" = server macro)
	bucketLogEntries = []byte("logentries") // guild\x00id\x00seq → one entry of a log

	keyFormat = []byte("format")         // formatName: tells our files from other programs' bbolt files
	keySchema = []byte("schema_version") // uint32, big-endian
)

const formatName = "rulekeeper"

// recordVersion is the "v" field this code writes into every record. A record with a larger "v" was written by
// a newer rulekeeper (ErrNewerSchema); when it grows, decode upgrades older records as it reads them.
const recordVersion = 1

// A migration upgrades a file by one schema version. Open runs all pending migrations in one Update, together
// with the new schema_version, so a file is never left between versions.
type migration func(*bolt.Tx) error

// migrations[i] upgrades schema version i to i+1; the schema version of this code is len(migrations).
// Append only: never change or reorder a migration that has shipped.
var migrations = []migration{
	// 0 → 1: the first layout. A new (or empty) bbolt file is version 0.
	func(btx *bolt.Tx) error {
		for _, name := range [][]byte{bucketMeta, bucketGuilds, bucketCharacters, bucketNames, bucketActive, bucketEncounters} {
			if _, err := btx.CreateBucketIfNotExists(name); err != nil {
				return err
			}
		}
		return btx.Bucket(bucketMeta).Put(keyFormat, []byte(formatName))
	},
	// 1 → 2: session logs (issue 18).
	func(btx *bolt.Tx) error {
		for _, name := range [][]byte{bucketLogs, bucketLogOpen} {
			if _, err := btx.CreateBucketIfNotExists(name); err != nil {
				return err
			}
		}
		return nil
	},
	// 2 → 3: macros (issue 16).
	func(btx *bolt.Tx) error {
		_, err := btx.CreateBucketIfNotExists(bucketMacros)
		return err
	},
	// 3 → 4: log entries stored one per key, so an append does not rewrite the log. A log written whole by
	// schema 2 or 3 keeps its entries in its data; play/sessionlog reads both.
	func(btx *bolt.Tx) error {
		_, err := btx.CreateBucketIfNotExists(bucketLogEntries)
		return err
	},
}

// SchemaVersion is the schema version this code writes: Open migrates older files to it.
// It always equals len(migrations) (a test checks).
const SchemaVersion = 4

// migrate runs the pending migrations at Open: nothing when the file is current, ErrNewerSchema when it is
// newer than this code.
func (db *DB) migrate(migs []migration) error {
	var have int
	err := db.do(false, nil, func(btx *bolt.Tx) (err error) {
		have, err = db.schemaVersion(btx)
		return err
	})
	switch {
	case err != nil:
		return err
	case have > len(migs):
		return &Error{Err: ErrNewerSchema, Path: db.path,
			Detail: fmt.Sprintf("file schema %d, this rulekeeper knows up to %d", have, len(migs))}
	case have == len(migs):
		return nil
	}
	return db.do(true, nil, func(btx *bolt.Tx) error {
		have, err := db.schemaVersion(btx) // the file is locked, but read it again inside the write
		if err != nil {
			return err
		}
		for v := have; v < len(migs); v++ {
			if err := migs[v](btx); err != nil {
				return fmt.Errorf("store: migrate %s from schema %d to %d: %w", db.path, v, v+1, err)
			}
		}
		var buf [4]byte
		binary.BigEndian.PutUint32(buf[:], uint32(len(migs)))
		return btx.Bucket(bucketMeta).Put(keySchema, buf[:])
	})
}

var errStop = errors.New("stop")

// schemaVersion reads meta/schema_version. A file without buckets is version 0; a bbolt file with buckets but
// without our meta bucket belongs to another program.
func (db *DB) schemaVersion(btx *bolt.Tx) (int, error) {
	meta := btx.Bucket(bucketMeta)
	if meta == nil {
		if btx.ForEach(func([]byte, *bolt.Bucket) error { return errStop }) != nil {
			return 0, &Error{Err: ErrNotDatabase, Path: db.path, Detail: "a bbolt file of another program"}
		}
		return 0, nil
	}
	if string(meta.Get(keyFormat)) != formatName {
		return 0, &Error{Err: ErrNotDatabase, Path: db.path, Detail: "a bbolt file of another program"}
	}
	v := meta.Get(keySchema)
	if len(v) != 4 {
		return 0, &Error{Err: ErrCorrupt, Path: db.path, Detail: "meta/schema_version is missing or malformed"}
	}
	return int(binary.BigEndian.Uint32(v)), nil
}

// SchemaVersion returns the file's schema version; after Open it equals the package's SchemaVersion.
func (db *DB) SchemaVersion() (int, error) {
	var v int
	err := db.do(false, nil, func(btx *bolt.Tx) (err error) {
		v, err = db.schemaVersion(btx)
		return err
	})
	return v, err
}
