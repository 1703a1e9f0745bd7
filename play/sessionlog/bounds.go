package sessionlog

import (
	"encoding/json"
)

// Bounds of a log. The store keeps at most MaxLogsPerGuild logs per guild; Append keeps the rest.
const (
	MaxEntries      = 5000    // entries per log
	MaxBytes        = 2 << 20 // bytes per log, as Size counts them (compact JSON)
	MaxLogsPerGuild = 100     // logs per guild, running or not
	MaxImportBytes  = 4 * MaxBytes
	MaxLines        = 20   // lines per entry
	MaxLineRunes    = 2000 // characters per line (a Discord message)
	MaxNameRunes    = 100  // characters of a log name, user name, character name or damage type
	MaxIDBytes      = 64   // bytes of an id (log, guild, channel, user)
)

// CheckGuild returns ErrTooManyLogs when a guild that already holds logs logs may not start another.
func CheckGuild(logs int) error {
	if logs >= MaxLogsPerGuild {
		return newError(ErrTooManyLogs, "Max", MaxLogsPerGuild)
	}
	return nil
}

// Size returns the length in bytes of the log's compact JSON encoding (json.Marshal), which MaxBytes bounds.
// It costs one small encoding plus one per entry appended since the last call.
func (l *Log) Size() int {
	if l.counted > len(l.Entries) {
		l.counted, l.entriesSize = 0, 0
	}
	for _, e := range l.Entries[l.counted:] {
		n, _ := entrySize(&e) // an entry Append took always encodes
		l.entriesSize += n + comma(l.counted)
		l.counted++
	}
	head := *l
	head.Entries = []Entry{}
	b, _ := json.Marshal(&head) // a header of strings, ints and times always encodes
	return len(b) + l.entriesSize
}

// comma is the separator before the entry at index i in the encoded array.
func comma(i int) int {
	if i == 0 {
		return 0
	}
	return 1
}

// entrySize is the length of e's compact JSON encoding.
func entrySize(e *Entry) (int, error) {
	b, err := json.Marshal(e)
	return len(b), err
}
