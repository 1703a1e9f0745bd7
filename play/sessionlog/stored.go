package sessionlog

import (
	"bytes"
	"encoding/json"
)

// A store may keep a log's entries apart from its header, so that an append does not rewrite the log: Head is the
// header to keep, EncodeNext checks and encodes one more entry knowing only how many entries are stored and their
// size, and DecodeEntry reads one back.

// Head returns a copy of l without its entries: what a store keeps as the log's header.
func (l *Log) Head() *Log {
	return &Log{Version: l.Version, Header: l.Header, Ended: l.Ended, State: l.State, Entries: []Entry{}}
}

// EncodeNext checks e for appending to the running log whose header is l and which holds n more entries, stored
// elsewhere, of size bytes of compact JSON in all (separators not counted), and returns e's compact JSON. Its
// errors are Append's: ErrPaused, ErrStopped, ErrFullEntries, ErrFullBytes and ErrInvalid. l's own Entries count
// too (a header read from an older store that kept them inline).
func (l *Log) EncodeNext(e Entry, n, size int) ([]byte, error) {
	if err := l.recording(); err != nil {
		return nil, err
	}
	total := n + len(l.Entries)
	if total >= MaxEntries {
		return nil, newError(ErrFullEntries, "Max", MaxEntries)
	}
	if err := checkEntry(&e, "entry"); err != nil {
		return nil, err
	}
	data, err := json.Marshal(&e)
	if err != nil {
		return nil, newError(ErrInvalid, "Field", "entry")
	}
	// l.Size counts l's entries and their commas; the stored ones add their bytes, one comma each after the first
	// entry overall, and e its own.
	if l.Size()+size+max(total-1, 0)-max(len(l.Entries)-1, 0)+comma(total)+len(data) > MaxBytes {
		return nil, newError(ErrFullBytes, "MaxMiB", MaxBytes>>20)
	}
	return data, nil
}

// DecodeEntry reads one entry as EncodeNext wrote it and checks its fields: ErrBadData when it is not an entry,
// ErrInvalid when a field is out of bounds.
func DecodeEntry(data []byte) (Entry, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var e Entry
	if err := dec.Decode(&e); err != nil || dec.More() {
		return Entry{}, newError(ErrBadData)
	}
	if err := checkEntry(&e, "entry"); err != nil {
		return Entry{}, err
	}
	return e, nil
}
