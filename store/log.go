package store

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"
)

// Log is one session log of a guild (issue 18). The store does not interpret Data (play/sessionlog's header) nor
// the entries; it keeps the one rule both backends must hold: at most one open (running or paused) log per
// channel.
//
// The entries are stored apart from the header, one record each, so that AppendLog costs the same at any length
// of the log. Log, Logs and OpenLog return the header with Count and Bytes and leave Entries nil; LogEntries reads
// the entries. An export holds them in Entries.
type Log struct {
	GuildID   string          `json:"guild_id"` // set by PutLog to the transaction's guild
	ID        string          `json:"id"`       // unique in the guild, chosen by the caller
	ChannelID string          `json:"channel_id"`
	Open      bool            `json:"open,omitempty"` // running or paused; a stopped log is closed for good
	Data      json.RawMessage `json:"data"`           // stored compacted
	// Entries, when not nil, replace the stored entries on PutLog and RestoreLog (nil keeps them). Each is one
	// JSON value, stored compacted.
	Entries []json.RawMessage `json:"entries,omitempty"`
	Count   int               `json:"-"` // how many entries are stored (set by reads)
	Bytes   int               `json:"-"` // their total compact length in bytes, without separators (set by reads)
	Updated time.Time         `json:"updated"`
}

// MaxLogSize bounds a log in bytes: its encoded header record plus its entries. It is a session log's own bound
// (2 MiB) with room for the header and the record's fields.
const MaxLogSize = 3 << 20

// logRecord is the stored form of a Log's header.
type logRecord struct {
	V int `json:"v"`
	Log
	N     int `json:"n,omitempty"`     // Count
	Bytes int `json:"bytes,omitempty"` // Bytes
}

// checkLog validates a log about to be put and returns the record to store, stamped at now.
func checkLog(l *Log, guild string, now time.Time, keep bool) (Log, error) {
	if l == nil {
		return Log{}, &Error{Err: ErrInvalid, Detail: "nil log"}
	}
	if !validID(l.ID) || !validID(l.ChannelID) {
		return Log{}, &Error{Err: ErrInvalid, Detail: fmt.Sprintf("log ID %q, channel ID %q", l.ID, l.ChannelID)}
	}
	rec := *l
	rec.GuildID = guild
	if !keep || rec.Updated.IsZero() {
		rec.Updated = now
	}
	return rec, nil
}

// encodeLog encodes a checked log's header record (Entries left out) within MaxLogSize, counting its entries.
func encodeLog(rec Log) ([]byte, error) {
	rec.Entries = nil
	data, err := encodeLimit(logRecord{V: recordVersion, Log: rec, N: rec.Count, Bytes: rec.Bytes}, MaxLogSize)
	if err == nil && len(data)+rec.Bytes > MaxLogSize {
		return nil, tooLarge(len(data) + rec.Bytes)
	}
	return data, err
}

// tooLarge is ErrTooLarge for a log of n bytes.
func tooLarge(n int) error {
	return &Error{Err: ErrTooLarge, Limit: MaxLogSize, Detail: fmt.Sprintf("log of %d bytes", n)}
}

// appended returns what appending entries to log l writes at now: the entries compacted, and the record of the
// header that counts them (ErrTooLarge past MaxLogSize, ErrInvalid for an entry that is not one JSON value).
func appended(l *Log, entries []json.RawMessage, now time.Time) (add [][]byte, header []byte, err error) {
	add, n, err := compactEntries(entries)
	if err != nil {
		return nil, nil, err
	}
	rec := *l
	rec.Count, rec.Bytes, rec.Updated = l.Count+len(add), l.Bytes+n, now
	header, err = encodeLog(rec)
	return add, header, err
}

// compactEntries checks that each entry is one JSON value and returns them compacted with their total length.
func compactEntries(entries []json.RawMessage) ([][]byte, int, error) {
	out := make([][]byte, len(entries))
	n := 0
	for i, e := range entries {
		var buf bytes.Buffer
		if err := json.Compact(&buf, e); err != nil || buf.Len() == 0 {
			return nil, 0, &Error{Err: ErrInvalid, Detail: fmt.Sprintf("log entry %d is not valid JSON", i), Cause: err}
		}
		out[i] = buf.Bytes()
		n += buf.Len()
	}
	return out, n, nil
}

// decodeLog decodes the record stored under (guild, id) and checks that it names that key.
func decodeLog(data []byte, guild, id string) (*Log, error) {
	var r logRecord
	if err := decodeRecord(data, &r, &r.V, "log "+strconv.Quote(id)); err != nil {
		return nil, err
	}
	l := r.Log
	l.Entries, l.Count, l.Bytes = nil, r.N, r.Bytes
	if l.ID != id || l.GuildID != guild {
		return nil, &Error{Err: ErrCorrupt, Detail: fmt.Sprintf("log %q is stored under the wrong key", id)}
	}
	l.Data = nullToNil(l.Data)
	return &l, nil
}

// sortLogs sorts by ID in byte order.
func sortLogs(ls []*Log) {
	slices.SortFunc(ls, func(a, b *Log) int { return cmp.Compare(a.ID, b.ID) })
}
