package store

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Character is one character sheet of one user in one guild.
// The store does not interpret Sheet; bot and rules encode and decode it.
type Character struct {
	ID      string          `json:"id"`       // assigned by PutCharacter when empty: short, URL-safe, unique per guild
	GuildID string          `json:"guild_id"` // set by PutCharacter to the transaction's guild
	OwnerID string          `json:"owner_id"`
	Name    string          `json:"name"`   // unique per (guild, owner), compared case-insensitively (see FoldName)
	System  string          `json:"system"` // "dnd5e" or "rogue"
	Sheet   json.RawMessage `json:"sheet"`  // the system's sheet, stored compacted; nil is stored as JSON null and read back as nil
	Created time.Time       `json:"created"`
	Updated time.Time       `json:"updated"`
}

// Guild holds the settings of one guild. A guild that never saved settings reads back as Guild{GuildID: id}.
type Guild struct {
	GuildID   string            `json:"guild_id"`
	Language  string            `json:"language,omitempty"` // reply language override ("" = none)
	GMRole    string            `json:"gm_role,omitempty"`
	CritRule  string            `json:"crit_rule,omitempty"` // "double" (default) | "max"
	System    string            `json:"system,omitempty"`    // default system for new sheets
	AoEMethod string            `json:"aoe_method,omitempty"`
	House     map[string]string `json:"house,omitempty"`
}

// Encounter is the combat state of one channel. The store does not interpret Data.
type Encounter struct {
	GuildID   string          `json:"guild_id"`
	ChannelID string          `json:"channel_id"`
	Data      json.RawMessage `json:"data"` // stored compacted; nil is stored as JSON null and read back as nil
	Updated   time.Time       `json:"updated"`
}

// Store is what the bot needs from persistence. Every command runs in exactly one Update (a read-modify-write
// transaction: all or nothing) or one View. *DB (bbolt) and *PG (PostgreSQL) implement it; storetest.Run
// checks any implementation.
//
// # fn may run more than once
//
// A backend may run an Update's fn more than once when the database asks for a retry (a serialization failure
// or a deadlock): only the last run commits, and the earlier runs are rolled back as if they never happened.
// bbolt runs fn exactly once; PostgreSQL with the guild lock almost never retries; CockroachDB without READ
// COMMITTED retries often. So fn must be safe to re-run:
//   - it assigns, and does not accumulate into, whatever it records outside the Tx (reset captured variables at
//     the top of fn);
//   - it does not keep a record that a failed run changed: a record put by an aborted run (PutCharacter sets
//     ID, Created and Updated in place) must be put from a fresh copy, or its ID reset, on the next run, or a
//     retried create reuses the aborted run's ID;
//   - it rolls dice only through the request's (replayable) roller, never a fresh source.
//
// storetest.Rerun wraps a Store so that every Update runs fn twice (the first run rolled back), to prove it.
type Store interface {
	// Update runs fn in a read-write transaction scoped to guildID and commits it when fn returns nil.
	// fn may run more than once (see above); only the last run commits. An error from fn rolls everything back
	// and is returned unchanged (and fn is not run again). Update returns ctx.Err() without running fn when ctx
	// is done before the transaction starts.
	Update(ctx context.Context, guildID string, fn func(Tx) error) error
	// View runs fn in a read-only transaction scoped to guildID; writes return ErrReadOnly. fn sees one
	// consistent snapshot. fn may run more than once too (PostgreSQL runs it again when the connection is lost
	// before it ends), so it follows the same rules as an Update's.
	View(ctx context.Context, guildID string, fn func(Tx) error) error
	// Guilds lists the IDs of the guilds that hold any data (settings, characters, active pointers, logs, macros or
	// encounters), in byte order. Copy and backups use it.
	Guilds(ctx context.Context) ([]string, error)
	// Close releases the store. Later calls to Update and View return ErrClosed.
	Close() error
}

// Tx is one transaction scoped to ONE guild: a guild never sees another guild's data.
// A Tx is valid only while its fn runs and must not be used by several goroutines at once.
// Records returned by a Tx are copies: changing them changes nothing until they are put back.
// Every list is sorted in byte order of its keys, whatever the database's collation.
type Tx interface {
	Guild() (Guild, error) // Guild{GuildID: id} when never set
	PutGuild(Guild) error  // sets GuildID to the transaction's guild

	Character(id string) (*Character, error)                // ErrNotFound
	Characters() ([]*Character, error)                      // all in the guild, sorted by owner ID, then FoldName(name)
	CharactersOf(ownerID string) ([]*Character, error)      // sorted by FoldName(name)
	FindCharacter(ownerID, name string) (*Character, error) // name compared case-insensitively; ErrNotFound
	// PutCharacter creates or replaces c and updates c in place: it sets ID (when empty), GuildID, Created
	// (when zero: kept from the replaced record, else now) and Updated (now, and never before the replaced
	// record's Updated). It returns ErrConflict when another character of the same owner has that name,
	// ErrTooLarge when the record exceeds MaxRecordSize and ErrInvalid for an empty or malformed ID, owner or
	// name. New IDs come from a counter in the store (rolled back with the transaction), never from memory.
	PutCharacter(c *Character) error
	// RestoreCharacter is PutCharacter for Import: it keeps a non-zero Created and Updated as they are.
	RestoreCharacter(c *Character) error
	DeleteCharacter(id string) error // also clears every user's active pointer to it; ErrNotFound

	Active(userID string) (string, error)       // the user's active character ID in this guild, "" when none
	SetActive(userID, characterID string) error // "" clears; ErrNotFound when the character is not in this guild
	Actives() (map[string]string, error)        // every user's active character ID in this guild
	// ChannelActive is the user's active character ID chosen for one channel, "" when none (then Active applies).
	ChannelActive(userID, channelID string) (string, error)
	// SetChannelActive sets (or with "" clears) the user's choice for one channel; ErrNotFound as SetActive.
	SetChannelActive(userID, channelID, characterID string) error
	ChannelActives() (map[string]map[string]string, error) // user ID → channel ID → character ID

	Encounter(channelID string) (*Encounter, error) // ErrNotFound
	Encounters() ([]*Encounter, error)              // every encounter of the guild, sorted by channel ID
	PutEncounter(*Encounter) error                  // create or replace; sets GuildID and Updated in place
	RestoreEncounter(*Encounter) error              // PutEncounter for Import: keeps a non-zero Updated
	DeleteEncounter(channelID string) error         // ErrNotFound

	Log(id string) (*Log, error)            // a session log; ErrNotFound
	Logs() ([]*Log, error)                  // every log of the guild, sorted by ID
	OpenLog(channelID string) (*Log, error) // the channel's open (running or paused) log; ErrNotFound
	// PutLog creates or replaces l and sets GuildID and Updated in place. It returns ErrConflict when another
	// log of l's channel is open, ErrTooLarge past MaxLogSize and ErrInvalid for an empty or malformed ID.
	PutLog(l *Log) error
	RestoreLog(l *Log) error   // PutLog for Import: keeps a non-zero Updated
	DeleteLog(id string) error // ErrNotFound (its entries go with it)
	// AppendLog adds entries (each one JSON value) after the log's stored entries and sets its Updated, without
	// reading or rewriting the others: ErrNotFound, ErrInvalid for an entry that is not JSON, ErrTooLarge past
	// MaxLogSize (nothing appended).
	AppendLog(id string, entries ...json.RawMessage) error
	LogEntries(id string) ([]json.RawMessage, error) // the log's entries, oldest first; ErrNotFound

	// Macro is the owner's macro of that name (compared as FoldName does); owner "" is the guild's server
	// macros. ErrNotFound.
	Macro(ownerID, name string) (*Macro, error)
	Macros(ownerID string) ([]*Macro, error) // the owner's macros ("" the server's), sorted by FoldName(name)
	AllMacros() ([]*Macro, error)            // every macro of the guild, sorted by owner ID, then FoldName(name)
	// PutMacro creates or replaces (same owner, same folded name) m and sets GuildID and Updated in place;
	// ErrInvalid for a malformed owner, name or command, ErrTooLarge past MaxRecordSize.
	PutMacro(m *Macro) error
	RestoreMacro(m *Macro) error            // PutMacro for Import: keeps a non-zero Updated
	DeleteMacro(ownerID, name string) error // ErrNotFound

	// Clear deletes all of the guild's data: settings, characters, active pointers, encounters, logs and macros. The
	// counter of character IDs is kept, so a cleared guild never hands out an ID again.
	Clear() error
}

// MaxRecordSize is the largest encoded record (a character, an encounter or a guild's settings) in bytes.
const MaxRecordSize = 256 << 10

// Limits on identifiers and names, in bytes.
const (
	MaxIDLen   = 128 // guild, user, channel and character IDs, systems
	MaxNameLen = 256 // character names
)

// Errors. Each one's Error() text is its catalog key (locales/catalog/store.*.toml), so the bot can show it in
// the user's language; Code and Args give the key and the template arguments of any error that wraps one.
var (
	ErrNotFound    = errors.New("store.err.not_found")
	ErrConflict    = errors.New("store.err.conflict")     // another character of that owner has that name
	ErrLocked      = errors.New("store.err.locked")       // another rulekeeper is using this file
	ErrCorrupt     = errors.New("store.err.corrupt")      // the file is a damaged database
	ErrNotDatabase = errors.New("store.err.not_database") // the file is not a rulekeeper database
	ErrTooLarge    = errors.New("store.err.too_large")    // a record exceeds MaxRecordSize
	ErrFull        = errors.New("store.err.full")         // the file reached Options.MaxSize
	ErrReadOnly    = errors.New("store.err.read_only")    // a write inside View
	ErrBadExport   = errors.New("store.err.bad_export")   // Import or ReadExport got an invalid export
	ErrNewerSchema = errors.New("store.err.newer_schema") // the file was written by a newer rulekeeper
	ErrInvalid     = errors.New("store.err.invalid")      // an empty or malformed ID or name
	ErrClosed      = errors.New("store.err.closed")       // the store was closed
	ErrEmptyFile   = errors.New("store.err.empty_file")   // an existing file of 0 bytes: not initialised silently
	ErrCannotOpen  = errors.New("store.err.cannot_open")  // the file or its directory cannot be opened or created
	ErrBusy        = errors.New("store.err.busy")         // the guild stayed locked or contended too long; try again
	ErrUnavailable = errors.New("store.err.unavailable")  // cannot be used now: a file read-only, no permission, disk full, I/O; a server not reachable
)

var sentinels = []error{
	ErrNotFound, ErrConflict, ErrLocked, ErrCorrupt, ErrNotDatabase, ErrTooLarge,
	ErrFull, ErrReadOnly, ErrBadExport, ErrNewerSchema, ErrInvalid, ErrClosed, ErrBusy, ErrUnavailable,
	ErrEmptyFile, ErrCannotOpen,
}

// Error is a store error with the details its message needs. Err is one of the ErrX sentinels;
// errors.Is(e, Err) holds, and so does errors.Is(e, Cause).
type Error struct {
	Err    error  // one of the ErrX values
	Path   string // the database file (or the database URL without its password), when known
	Limit  int64  // the limit in bytes, for ErrTooLarge and ErrFull
	Detail string // a short English explanation for logs, e.g. which export field is wrong
	Cause  error  // what bbolt, PostgreSQL or the operating system reported, if anything
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Err.Error())
	if e.Path != "" {
		b.WriteString(": ")
		b.WriteString(e.Path)
	}
	if e.Detail != "" {
		b.WriteString(": ")
		b.WriteString(e.Detail)
	}
	if e.Cause != nil {
		b.WriteString(": ")
		b.WriteString(e.Cause.Error())
	}
	return b.String()
}

// Unwrap returns the sentinel and the cause.
func (e *Error) Unwrap() []error {
	if e.Cause == nil {
		return []error{e.Err}
	}
	return []error{e.Err, e.Cause}
}

// Code returns the catalog key of a store error, such as "store.err.locked", or "" when err is not one.
func Code(err error) string {
	if err == nil {
		return ""
	}
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return s.Error()
		}
	}
	return ""
}

// Args returns the template arguments of a store error's message as name/value pairs:
// "Path" (the database file, or ""), "Limit" (bytes, or 0) and "Cause" (what the system reported, or "": for
// logs, and the messages of errors the operator reads).
func Args(err error) []any {
	var path, cause string
	var limit int64
	var e *Error
	if errors.As(err, &e) {
		path, limit = e.Path, e.Limit
		if e.Cause != nil {
			cause = e.Cause.Error()
		}
	}
	return []any{"Path", path, "Limit", limit, "Cause", cause}
}

// FoldName returns the key under which names are compared: two names are the same name exactly when
// their FoldName is equal, which is exactly when strings.EqualFold says so. Characters sort by it.
func FoldName(name string) string {
	var b strings.Builder
	b.Grow(len(name))
	for _, r := range name {
		b.WriteRune(foldRune(r))
	}
	return b.String()
}

// foldRune returns one representative of r's case-folding orbit (the runes unicode.SimpleFold cycles
// through): the lower-case form of the orbit's smallest rune when that is in the orbit, else the smallest
// rune. (U+0130 'İ' is alone in its orbit but lower-cases to 'i', which belongs to another.)
func foldRune(r rune) rune {
	smallest := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		smallest = min(smallest, f)
	}
	lower := unicode.ToLower(smallest)
	for f := unicode.SimpleFold(r); ; f = unicode.SimpleFold(f) {
		if f == lower {
			return lower
		}
		if f == r {
			return smallest
		}
	}
}

// validID reports whether s can be used as a guild, user, channel or character ID: 1 to MaxIDLen bytes of
// UTF-8 without control characters (so no NUL, which separates the parts of a key).
func validID(s string) bool {
	return s != "" && len(s) <= MaxIDLen && printable(s)
}

// validName reports whether s can be a character name: 1 to MaxNameLen bytes of UTF-8 without control
// characters, not only spaces.
func validName(s string) bool {
	return len(s) <= MaxNameLen && strings.TrimSpace(s) != "" && printable(s)
}

func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsControl(r) {
			return false
		}
	}
	return true
}
