package store

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"
)

// Log is one session log of a guild (issue 18). The store does not interpret Data (play/sessionlog's JSON); it
// keeps the one rule both backends must hold: at most one open (running or paused) log per channel.
type Log struct {
	GuildID   string          `json:"guild_id"` // set by PutLog to the transaction's guild
	ID        string          `json:"id"`       // unique in the guild, chosen by the caller
	ChannelID string          `json:"channel_id"`
	Open      bool            `json:"open,omitempty"` // running or paused; a stopped log is closed for good
	Data      json.RawMessage `json:"data"`           // stored compacted
	Updated   time.Time       `json:"updated"`
}

// MaxLogSize is the largest encoded log record in bytes: a session log's own bound (2 MiB of entries) with room
// for its header and the record's fields.
const MaxLogSize = 3 << 20

// logRecord is the stored form of a Log.
type logRecord struct {
	V int `json:"v"`
	Log
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

// encodeLog encodes a checked log record within MaxLogSize.
func encodeLog(rec Log) ([]byte, error) {
	return encodeLimit(logRecord{V: recordVersion, Log: rec}, MaxLogSize)
}

// decodeLog decodes the record stored under (guild, id) and checks that it names that key.
func decodeLog(data []byte, guild, id string) (*Log, error) {
	var r logRecord
	if err := decodeRecord(data, &r, &r.V, "log "+strconv.Quote(id)); err != nil {
		return nil, err
	}
	l := r.Log
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
