// Package store keeps rulekeeper's data — guild settings, characters, each user's active character and
// per-channel encounters — behind the small transactional interfaces Store and Tx, in one bbolt file ([DB],
// the embedded default) or in a PostgreSQL database shared by many processes ([PG]). [Connect] picks the
// backend from its target: a postgres:// URL or a file path. Both share one record codec, so a record is the
// same bytes in either, and [Copy] moves everything between any two stores.
//
// # Transactions
//
// Every bot command runs in exactly one [Store.Update] (a read-modify-write transaction: all of it commits or
// none of it does) or one [Store.View]. A transaction is scoped to one guild: its [Tx] cannot name another
// guild's records, so guilds never see each other's data. bbolt runs one writer at a time; PostgreSQL runs
// one writer per guild at a time (each Update locks its guild's row first), so concurrent Updates of the same
// character serialise without further locking either way. An error returned by fn rolls the transaction back
// and is returned unchanged; so does a panic, which then goes on up.
//
// An Update's fn may run more than once: a database may abort a transaction and ask for it again (a
// serialization failure or a deadlock), and only the last run commits. bbolt never does; PostgreSQL with the
// guild lock almost never does; CockroachDB without READ COMMITTED often does. The [Store] documentation says
// what fn must do to be safe, and storetest.Rerun proves it.
//
// [Open] takes the file's lock with a timeout (default 1s) and fails with [ErrLocked] when another rulekeeper
// holds it. A damaged file gives [ErrCorrupt] and a file that is not a rulekeeper database [ErrNotDatabase],
// never a panic: when bbolt panics (or faults) on a damaged page the transaction returns ErrCorrupt and the DB
// refuses further work, so the damage does not spread. [Options.MaxSize] caps the file (default 1 GiB);
// a commit that would grow it beyond the cap fails with [ErrFull] and changes nothing. One record may be at
// most [MaxRecordSize] bytes ([ErrTooLarge]).
//
// # Errors
//
// The errors are sentinel values for [errors.Is]. The text of each is its message key in
// locales/catalog/store.<lang>.toml, so [Code] gives the key of any error that wraps one and [Args] gives
// the template arguments (.Path, .Limit) that [*Error] carries.
//
// # Buckets and keys (bbolt)
//
// A few large buckets with composite keys. The parts of a key are joined by a NUL byte, which IDs cannot
// contain, so each guild's records form one contiguous range that a cursor scans from the prefix "guild\x00".
// IDs are strings (Discord snowflakes or free strings like "local"), compared as bytes.
//
//	bucket      key                                    value
//	meta        "format"                               "rulekeeper" (tells our files from other bbolt files)
//	meta        "schema_version"                       uint32, big-endian
//	guilds      guild                                  Guild as JSON
//	characters  guild \x00 character                   Character as JSON
//	names       guild \x00 owner \x00 FoldName(name)   character ID: the per-owner name index
//	active      guild \x00 user                        active character ID
//	active      guild \x00 user \x1f channel            that user's active character ID in one channel
//	encounters  guild \x00 channel                     Encounter as JSON
//	logs        guild \x00 log                         Log's header as JSON, with its entry count and bytes (schema 2)
//	logentries  guild \x00 log \x00 seq (uint64, BE)       one entry of the log, from seq 0 (schema 4)
//	logopen     guild \x00 channel                     the ID of the channel's open log (schema 2)
//	macros      guild \x00 owner \x00 FoldName(name)   Macro as JSON; owner "" is a server macro (schema 3)
//
// Values are the JSON of the public types plus a record version "v", for example
//
//	{"v":1,"id":"1","guild_id":"123","owner_id":"42","name":"Aria","system":"dnd5e","sheet":{"hp":12},
//	 "created":"2026-01-02T03:04:05Z","updated":"2026-01-03T00:00:00Z"}
//
// Character IDs are the characters bucket's sequence in base 36 ("1", "a", "2s"), skipping IDs already taken
// in the guild. Names are unique per owner, compared with [FoldName], which agrees with [strings.EqualFold];
// the names index keeps the guild's characters sorted by owner, then folded name.
//
// # Tables (PostgreSQL)
//
// The same records in five tables (migration 1). Every statement of a transaction names its guild.
//
//	rk_meta        key, value: format = "rulekeeper", schema_version, compat_version
//	rk_guilds      guild_id, record (the settings record, NULL until saved), next_seq (the ID counter);
//	               the row is the guild's lock
//	rk_characters  guild_id, id, owner_id, name_fold (FoldName, computed in Go), record;
//	               unique (guild_id, owner_id, name_fold)
//	rk_active      guild_id, user_id, character_id (foreign key to the character, ON DELETE CASCADE)
//	               (user_id is user \x1f channel for a per-channel choice; Actives leaves those out)
//	rk_encounters  guild_id, channel_id, record
//	rk_logs        guild_id, id, channel_id, open, record; unique (guild_id, channel_id) where open (schema 2)
//	rk_macros      guild_id, owner_id ('' for a server macro), name_fold, record; primary key of the three (schema 3)
//	rk_log_entries guild_id, log_id, seq, entry; one row per entry, deleted with its log (schema 4, compat 4)
//	rk_interactions, rk_rate   the shared transport state (Seen, Allow); not guild data, never exported
//
// Records are bytea holding exactly bbolt's bytes, not JSONB, which would reorder keys, drop duplicates,
// rewrite numbers (1e3 → 1000) and refuse \u0000. Lists are sorted in Go in byte order, like bbolt's keys,
// whatever the database's collation. Character IDs are the guild's next_seq in base 36, counted under the lock.
// A transaction's time is the database's clock read after the lock, and Updated never goes back, so replicas'
// clocks do not matter. An Update runs at READ COMMITTED after SELECT … FOR UPDATE of its guild's row; a View
// is one REPEATABLE READ READ ONLY snapshot. Serialization failures (40001), deadlocks (40P01) and a connection
// lost before COMMIT are retried with full jitter, a bounded number of times within the transaction's deadline
// (Options.TxTimeout, 10s); a lock wait past lock_timeout (5s) or the deadline is [ErrBusy], a server that
// cannot be reached [ErrUnavailable]. A connection lost during COMMIT is returned, never retried: the commit
// may have landed. [Options.Serializable] (or rk_isolation=serializable in the URL) drops the lock and runs
// SERIALIZABLE, the mode of a CockroachDB cluster without READ COMMITTED, where the retries carry
// correctness. The pool has [DefaultPoolSize] connections unless the URL's pool_max_conns or
// [Options.PoolSize] says otherwise; sessions get lock_timeout 5s, statement_timeout 10s and
// idle_in_transaction_session_timeout 30s unless the URL sets them.
//
// # Versions and migrations
//
// meta/schema_version is the file's layout version; [SchemaVersion] is the one this code writes. A new file
// (or an empty bbolt file) is version 0. At Open, every pending migration runs in ONE Update together with
// the new version number, so a file is never left between versions and a failing migration changes nothing.
// A file newer than the code gives [ErrNewerSchema] and is left alone. Migrations are an append-only slice of
// functions; version 1 is the layout above. Each record also carries "v": a record newer than the code gives
// ErrNewerSchema, and when "v" grows the decoder upgrades older records as it reads them.
//
// PostgreSQL keeps its own version ([PGSchemaVersion]) in rk_meta, with idempotent migrations run in one
// transaction that holds the version row's lock, so replicas starting together migrate once. compat_version is
// the oldest code that can still work on the schema: an additive migration keeps it, so old replicas keep
// serving during a rolling upgrade; a destructive one raises it, and older code then refuses the database
// with ErrNewerSchema (and [Backend.Ready] fails) instead of running on a schema it does not understand.
// `rulekeeper migrate` runs the migrations without serving.
//
// # Backup
//
// [DB.Backup] streams a consistent copy of the whole file from inside one read transaction (bbolt's
// Tx.WriteTo): writers go on while it runs. [DB.BackupFile] writes it to a temporary file next to the
// target, syncs it and renames it into place with mode 0600, so a backup file is always whole; it refuses to
// overwrite the live database. A backup is a database file: Open it, or copy it over the database while
// rulekeeper is stopped, to restore. (`rulekeeper backup --out FILE`.)
//
// # Export format
//
// [ExportGuild] returns one guild's data from any Store and [Export.WriteJSON] writes it as JSON; [ReadExport]
// reads it back and [ImportGuild] replaces the guild's data with it in one transaction, after validating all of it
// ([Export.Validate], [ErrBadExport]) — an invalid or failing import changes nothing. IDs, names and
// timestamps are kept. [Export.SetGuild] moves an export to another guild before importing. Unknown fields
// are rejected. Fields:
//
//   - format: "rulekeeper-guild"; version: 1 (a newer version is refused); exported: when (RFC 3339).
//   - guild: the settings; guild.guild_id is the guild the export belongs to.
//   - characters: sorted by owner, then name; guild_id may be omitted; sheet is the system's sheet as is.
//   - active: user ID → that user's active character ID, which must be one of the characters.
//   - channel_active (optional): user ID → channel ID → that user's active character in that channel.
//   - encounters: sorted by channel; one per channel; data is the encounter state as is.
//   - logs (omitted when none): session logs sorted by ID; at most one open per channel; data is the log's JSON
//     header (play/sessionlog) as is, entries its entries, one JSON value each (an export from schema 2 or 3 holds
//     them inside data; play reads both).
//   - macros (omitted when none): saved command lines sorted by owner_id (omitted for a server macro), then name;
//     names unique per owner (FoldName).
//
// Example (testdata/export-v1.json): a 5e character, a Rogue's Tale character and an encounter in round 2.
//
//	{
//	  "format": "rulekeeper-guild",
//	  "version": 1,
//	  "exported": "2026-03-01T12:00:00Z",
//	  "guild": {
//	    "guild_id": "123456789012345678",
//	    "language": "zh-CN",
//	    "gm_role": "223456789012345678",
//	    "crit_rule": "max",
//	    "system": "dnd5e",
//	    "house": {"flanking": "on"}
//	  },
//	  "characters": [
//	    {
//	      "id": "1",
//	      "guild_id": "123456789012345678",
//	      "owner_id": "323456789012345678",
//	      "name": "Aria",
//	      "system": "dnd5e",
//	      "sheet": {"v": 2, "name": "Aria", "class": "rogue", "level": 3, "scores": {"str": 10, "dex": 16, "con": 14, "int": 12, "wis": 13, "cha": 8}, "ac": 13, "hp": 17, "max_hp": 24, "speed": 30, "hit_dice": 3, "state": "conscious"},
//	      "created": "2026-02-01T20:00:00Z",
//	      "updated": "2026-02-28T22:15:00Z"
//	    },
//	    {
//	      "id": "2",
//	      "guild_id": "123456789012345678",
//	      "owner_id": "323456789012345678",
//	      "name": "林风",
//	      "system": "rogue",
//	      "sheet": {"v": 1, "name": "林风", "race": "human", "sex": "male", "size": "medium", "level": 1, "base": {"str": 7, "agi": 7, "sta": 7, "cha": 7}, "hp": 7, "max_hp": 7, "energy": 3, "max_energy": 3, "hunger": 1620, "thirst": 1620},
//	      "created": "2026-02-05T19:00:00Z",
//	      "updated": "2026-02-05T19:00:00Z"
//	    }
//	  ],
//	  "active": {"323456789012345678": "1"},
//	  "encounters": [
//	    {
//	      "guild_id": "123456789012345678",
//	      "channel_id": "423456789012345678",
//	      "data": {"v": 1, "system": "dnd5e", "starter": "323456789012345678", "round": 2, "turn": 1, "next_seq": 3, "combatants": [{"id": "c1", "seq": 1, "name": "Aria", "kind": "character", "character_id": "1", "owner_id": "323456789012345678", "init": 15, "dex": 16, "place": 1}, {"id": "c2", "seq": 2, "name": "Goblin", "kind": "npc", "init": 5, "bonus": 2, "dex": 14, "place": 2, "hp": 4, "max_hp": 7, "ac": 13}]},
//	      "updated": "2026-02-28T22:15:00Z"
//	    }
//	  ]
//	}
package store
