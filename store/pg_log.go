package store

import (
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// The PostgreSQL side of logs: table rk_logs, with a partial unique index that keeps one open log per channel.

// Log implements Tx.
func (t *pgTx) Log(id string) (*Log, error) {
	if err := t.usable(false); err != nil {
		return nil, err
	}
	if !validID(id) {
		return nil, ErrNotFound
	}
	data, err := t.record(`SELECT record FROM rk_logs WHERE guild_id = $1 AND id = $2`, t.guild, id)
	if err != nil {
		return nil, err
	}
	if data == nil {
		return nil, ErrNotFound
	}
	l, err := decodeLog(data, t.guild, id)
	if err != nil {
		return nil, t.bad(err)
	}
	return l, nil
}

// Logs implements Tx, sorted by ID in Go.
func (t *pgTx) Logs() ([]*Log, error) {
	if err := t.usable(false); err != nil {
		return nil, err
	}
	rows, err := t.tx.Query(t.ctx, `SELECT id, record FROM rk_logs WHERE guild_id = $1`, t.guild)
	if err != nil {
		return nil, t.sqlErr(err)
	}
	var out []*Log
	var id string
	var data []byte
	_, err = pgx.ForEachRow(rows, []any{&id, &data}, func() error {
		l, err := decodeLog(data, t.guild, id)
		if err != nil {
			return t.bad(err)
		}
		out = append(out, l)
		return nil
	})
	if err != nil {
		if t.failed == nil {
			return nil, t.sqlErr(err)
		}
		return nil, err
	}
	sortLogs(out)
	return out, nil
}

// OpenLog implements Tx.
func (t *pgTx) OpenLog(channelID string) (*Log, error) {
	if err := t.usable(false); err != nil {
		return nil, err
	}
	if !validID(channelID) {
		return nil, ErrNotFound
	}
	var id string
	var data []byte
	err := t.tx.QueryRow(t.ctx, `SELECT id, record FROM rk_logs WHERE guild_id = $1 AND channel_id = $2 AND open`,
		t.guild, channelID).Scan(&id, &data)
	switch {
	case err == pgx.ErrNoRows:
		return nil, ErrNotFound
	case err != nil:
		return nil, t.sqlErr(err)
	}
	l, err := decodeLog(data, t.guild, id)
	if err != nil {
		return nil, t.bad(err)
	}
	return l, nil
}

// PutLog implements Tx.
func (t *pgTx) PutLog(l *Log) error { return t.putLog(l, false) }

// RestoreLog implements Tx.
func (t *pgTx) RestoreLog(l *Log) error { return t.putLog(l, true) }

func (t *pgTx) putLog(l *Log, keepTimes bool) error {
	if err := t.usable(true); err != nil {
		return err
	}
	rec, err := checkLog(l, t.guild, t.now, keepTimes)
	if err != nil {
		return err
	}
	rec.Count, rec.Bytes = 0, 0
	if prev, err := t.Log(rec.ID); err == nil {
		rec.Count, rec.Bytes = prev.Count, prev.Bytes
	} else if err != ErrNotFound {
		return err
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
	if rec.Open { // checked first: a unique violation would abort the transaction
		var other string
		err := t.tx.QueryRow(t.ctx, `SELECT id FROM rk_logs WHERE guild_id = $1 AND channel_id = $2 AND open AND id <> $3`,
			t.guild, rec.ChannelID, rec.ID).Scan(&other)
		switch {
		case err == nil:
			return ErrConflict
		case err != pgx.ErrNoRows:
			return t.sqlErr(err)
		}
	}
	_, err = t.exec(`INSERT INTO rk_logs (guild_id, id, channel_id, open, record) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (guild_id, id) DO UPDATE SET channel_id = EXCLUDED.channel_id, open = EXCLUDED.open,
		record = EXCLUDED.record`, t.guild, rec.ID, rec.ChannelID, rec.Open, data)
	if err != nil {
		return err
	}
	if entries != nil {
		if _, err := t.exec(`DELETE FROM rk_log_entries WHERE guild_id = $1 AND log_id = $2`, t.guild, rec.ID); err != nil {
			return err
		}
		if err := t.insertEntries(rec.ID, 0, entries); err != nil {
			return err
		}
	}
	l.GuildID, l.Updated, l.Count, l.Bytes = rec.GuildID, rec.Updated, rec.Count, rec.Bytes
	return nil
}

// insertEntries inserts entries under sequence numbers from seq on, in one statement.
func (t *pgTx) insertEntries(id string, seq int, entries [][]byte) error {
	if len(entries) == 0 {
		return nil
	}
	_, err := t.exec(`INSERT INTO rk_log_entries (guild_id, log_id, seq, entry)
		SELECT $1, $2, $3 + n - 1, e FROM unnest($4::bytea[]) WITH ORDINALITY AS u(e, n)`, t.guild, id, seq, entries)
	return err
}

// AppendLog implements Tx: it inserts the new rows and rewrites the small header record only.
func (t *pgTx) AppendLog(id string, entries ...json.RawMessage) error {
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
	if err := t.insertEntries(id, l.Count, add); err != nil {
		return err
	}
	_, err = t.exec(`UPDATE rk_logs SET record = $3 WHERE guild_id = $1 AND id = $2`, t.guild, id, data)
	return err
}

// LogEntries implements Tx.
func (t *pgTx) LogEntries(id string) ([]json.RawMessage, error) {
	l, err := t.Log(id)
	if err != nil {
		return nil, err
	}
	rows, err := t.tx.Query(t.ctx, `SELECT entry FROM rk_log_entries WHERE guild_id = $1 AND log_id = $2 ORDER BY seq`,
		t.guild, id)
	if err != nil {
		return nil, t.sqlErr(err)
	}
	out := make([]json.RawMessage, 0, l.Count)
	var e []byte
	if _, err := pgx.ForEachRow(rows, []any{&e}, func() error {
		out = append(out, json.RawMessage(append([]byte(nil), e...)))
		return nil
	}); err != nil {
		return nil, t.sqlErr(err)
	}
	if len(out) != l.Count {
		return nil, t.bad(&Error{Err: ErrCorrupt, Detail: fmt.Sprintf("log %q has %d entries, its header counts %d", id, len(out), l.Count)})
	}
	return out, nil
}

// DeleteLog implements Tx.
func (t *pgTx) DeleteLog(id string) error {
	if err := t.usable(true); err != nil {
		return err
	}
	if !validID(id) {
		return ErrNotFound
	}
	tag, err := t.exec(`DELETE FROM rk_logs WHERE guild_id = $1 AND id = $2`, t.guild, id)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}
