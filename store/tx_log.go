package store

// The bbolt side of logs: bucket "logs" holds guild\x00id → record, bucket "logopen" guild\x00channel → the id
// of the channel's open log.

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
	data, err := encodeLog(rec)
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
	if old := logs.Get(t.key(rec.ID)); old != nil {
		prev, err := t.decodeLog(rec.ID, old)
		if err != nil {
			return err
		}
		if prev.Open && (!rec.Open || prev.ChannelID != rec.ChannelID) {
			if err := open.Delete(t.key(prev.ChannelID)); err != nil {
				return err
			}
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
	if err := logs.Put(t.key(rec.ID), data); err != nil {
		return err
	}
	l.GuildID, l.Updated = rec.GuildID, rec.Updated
	return nil
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
	logs, err := t.bucket(bucketLogs)
	if err != nil {
		return err
	}
	return logs.Delete(t.key(id))
}
