package store

import (
	"encoding/binary"
	"encoding/json"
)

// The bbolt side of logs: bucket "logs" holds guild\x00id → header record, bucket "logentries"
// guild\x00id\x00seq (8 bytes, big-endian, from 0) → one entry, bucket "logopen" guild\x00channel → the id of
// the channel's open log.

// Log implements Tx.
func (t *tx) Log(id string) (l *Log, err error) {
	defer t.guard(&err)
	if err := t.usable(false); err != nil {
		return nil, err
	}
	if !validID(id) {
		return nil, ErrNotFound
	}
	b, err := t.bucket(bucketLogs)
	if err != nil {
		return nil, err
	}
	data := b.Get(t.key(id))
	if data == nil {
		return nil, ErrNotFound
	}
	return t.decodeLog(id, data)
}

func (t *tx) decodeLog(id string, data []byte) (*Log, error) {
	l, err := decodeLog(data, t.guild, id)
	if err != nil {
		return nil, t.bad(err)
	}
	return l, nil
}

// Logs implements Tx. The cursor gives byte order of the IDs.
func (t *tx) Logs() (ls []*Log, err error) {
	defer t.guard(&err)
	if err := t.usable(false); err != nil {
		return nil, err
	}
	prefix := t.prefix()
	err = t.scan(bucketLogs, prefix, func(k, v []byte) error {
		l, err := t.decodeLog(string(k[len(prefix):]), v)
		if err == nil {
			ls = append(ls, l)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return ls, nil
}

// OpenLog implements Tx.
func (t *tx) OpenLog(channelID string) (l *Log, err error) {
	defer t.guard(&err)
	if err := t.usable(false); err != nil {
		return nil, err
	}
	if !validID(channelID) {
		return nil, ErrNotFound
	}
	open, err := t.bucket(bucketLogOpen)
	if err != nil {
		return nil, err
	}
	id := open.Get(t.key(channelID))
	if id == nil {
		return nil, ErrNotFound
	}
	l, err = t.Log(string(id))
	if err == ErrNotFound {
		return nil, t.corrupt("the open log of channel %q is missing", channelID)
	}
	return l, err
}

// PutLog implements Tx.
func (t *tx) PutLog(l *Log) (err error) {
	defer t.guard(&err)
	if err := t.usable(true); err != nil {
		return err
	}
	return t.putLog(l, false)
}

// RestoreLog implements Tx.
func (t *tx) RestoreLog(l *Log) (err error) {
	defer t.guard(&err)
	if err := t.usable(true); err != nil {
		return err
	}
	return t.putLog(l, true)
}

func (t *tx) putLog(l *Log, keepTimes bool) error {
	rec, err := checkLog(l, t.guild, t.now, keepTimes)
	if err != nil {
		return err
	}
	logs, err := t.bucket(bucketLogs)
	if err != nil {
		return err
	}
	open, err := t.bucket(bucketLogOpen)
	if err != nil {
		return err
	}
	var prev *Log
	if old := logs.Get(t.key(rec.ID)); old != nil {
		if prev, err = t.decodeLog(rec.ID, old); err != nil {
			return err
		}
		rec.Count, rec.Bytes = prev.Count, prev.Bytes
	} else {
		rec.Count, rec.Bytes = 0, 0
	}
	var entries [][]byte
	if rec.Entries != nil {
		if entries, rec.Bytes, err = compactEntries(rec.Entries); err != nil {
			return err
		}
		rec.Count = len(entries)
	}
	data, err := encodeLog(rec)
	if err != nil {
		return err
	}
	if prev != nil && prev.Open && (!rec.Open || prev.ChannelID != rec.ChannelID) {
		if err := open.Delete(t.key(prev.ChannelID)); err != nil {
			return err
		}
	}
	if rec.Open {
		if other := open.Get(t.key(rec.ChannelID)); other != nil && string(other) != rec.ID {
			return ErrConflict
		}
		if err := open.Put(t.key(rec.ChannelID), []byte(rec.ID)); err != nil {
			return err
		}
	}
	if entries != nil {
		if err := t.deleteWhere(bucketLogEntries, t.prefix(rec.ID), func([]byte) bool { return true }); err != nil {
			return err
		}
		if err := t.putEntries(rec.ID, 0, entries); err != nil {
			return err
		}
	}
	if err := logs.Put(t.key(rec.ID), data); err != nil {
		return err
	}
	l.GuildID, l.Updated, l.Count, l.Bytes = rec.GuildID, rec.Updated, rec.Count, rec.Bytes
	return nil
}

// putEntries stores entries under sequence numbers from seq on.
func (t *tx) putEntries(id string, seq int, entries [][]byte) error {
	b, err := t.bucket(bucketLogEntries)
	if err != nil {
		return err
	}
	prefix := t.prefix(id)
	for i, e := range entries {
		k := binary.BigEndian.AppendUint64(prefix[:len(prefix):len(prefix)], uint64(seq+i))
		if err := b.Put(k, e); err != nil {
			return err
		}
	}
	return nil
}

// AppendLog implements Tx: it writes the new entries and the small header record, never the other entries.
func (t *tx) AppendLog(id string, entries ...json.RawMessage) (err error) {
	defer t.guard(&err)
	if err := t.usable(true); err != nil {
		return err
	}
	l, err := t.Log(id)
	if err != nil {
		return err
	}
	add, data, err := appended(l, entries, t.now)
	if err != nil {
		return err
	}
	if err := t.putEntries(id, l.Count, add); err != nil {
		return err
	}
	logs, err := t.bucket(bucketLogs)
	if err != nil {
		return err
	}
	return logs.Put(t.key(id), data)
}

// LogEntries implements Tx.
func (t *tx) LogEntries(id string) (out []json.RawMessage, err error) {
	defer t.guard(&err)
	l, err := t.Log(id)
	if err != nil {
		return nil, err
	}
	out = make([]json.RawMessage, 0, l.Count)
	err = t.scan(bucketLogEntries, t.prefix(id), func(_, v []byte) error {
		out = append(out, json.RawMessage(append([]byte(nil), v...)))
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) != l.Count {
		return nil, t.corrupt("log %q has %d entries, its header counts %d", id, len(out), l.Count)
	}
	return out, nil
}

// DeleteLog implements Tx.
func (t *tx) DeleteLog(id string) (err error) {
	defer t.guard(&err)
	if err := t.usable(true); err != nil {
		return err
	}
	l, err := t.Log(id)
	if err != nil {
		return err
	}
	if l.Open {
		open, err := t.bucket(bucketLogOpen)
		if err != nil {
			return err
		}
		if err := open.Delete(t.key(l.ChannelID)); err != nil {
			return err
		}
	}
	if err := t.deleteWhere(bucketLogEntries, t.prefix(id), func([]byte) bool { return true }); err != nil {
		return err
	}
	logs, err := t.bucket(bucketLogs)
	if err != nil {
		return err
	}
	return logs.Delete(t.key(id))
}
