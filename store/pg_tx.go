package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// pgTx implements Tx over one PostgreSQL transaction. Every statement names the guild (guild_id = $1), so a
// guild never reaches another's rows.
type pgTx struct {
	db       *PG
	tx       pgx.Tx
	ctx      context.Context
	guild    string
	writable bool
	now      time.Time // the database's clock after the guild lock: one timestamp for every record written
	seq      uint64    // the guild's character ID counter, read with the lock
	seqDirty bool      // seq changed: flush writes it back before COMMIT
	done     bool      // fn has returned
	failed   error     // a statement failed: PostgreSQL aborted the transaction, nothing more can run

	// known holds what this transaction last read or wrote of each character, so that putting back a
	// character read earlier (a read-modify-write that keeps its owner and name) needs no second look-up: its
	// name is its own, by the unique index, and no other writer can change it under the guild lock (or, at
	// SERIALIZABLE, in this snapshot).
	known map[string]knownCharacter
}

type knownCharacter struct {
	owner, fold      string
	created, updated time.Time
}

// remember records the stored state of a character that this transaction read or wrote.
func (t *pgTx) remember(c *Character) {
	if t.known == nil {
		t.known = map[string]knownCharacter{}
	}
	t.known[c.ID] = knownCharacter{owner: c.OwnerID, fold: FoldName(c.Name), created: c.Created, updated: c.Updated}
}

// lock takes the guild's row lock (creating the row on the guild's first write), and reads the ID counter and
// the database's clock after the lock is held: one round trip. In SERIALIZABLE mode the row is read, not
// locked; a concurrent writer then fails with 40001 and runs again.
func (t *pgTx) lock() error {
	sel := `SELECT next_seq, clock_timestamp() FROM rk_guilds WHERE guild_id = $1 FOR UPDATE`
	if t.db.serializable {
		sel = `SELECT next_seq, clock_timestamp() FROM rk_guilds WHERE guild_id = $1`
	}
	b := &pgx.Batch{}
	b.Queue(`INSERT INTO rk_guilds (guild_id) VALUES ($1) ON CONFLICT (guild_id) DO NOTHING`, t.guild)
	b.Queue(sel, t.guild)
	br := t.tx.SendBatch(t.ctx, b)
	_, err := br.Exec()
	var seq int64
	if err == nil {
		err = br.QueryRow().Scan(&seq, &t.now)
	}
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return t.sqlErr(err)
	}
	t.seq, t.now = uint64(seq), t.now.UTC()
	return nil
}

// flush writes the ID counter back when the transaction used it.
func (t *pgTx) flush() {
	if t.seqDirty {
		if _, err := t.tx.Exec(t.ctx, `UPDATE rk_guilds SET next_seq = $2 WHERE guild_id = $1`, t.guild, int64(t.seq)); err != nil {
			t.sqlErr(err)
		}
	}
}

// sqlErr records a failed statement (the transaction is now aborted) and returns the store's error for it.
func (t *pgTx) sqlErr(err error) error {
	if t.failed == nil {
		t.failed = err
	}
	return t.db.mapErr(err)
}

// bad records a damaged or too-new record: it names the database and aborts the transaction.
func (t *pgTx) bad(err error) error {
	if e, ok := err.(*Error); ok && e.Path == "" {
		e.Path = t.db.target
	}
	if t.failed == nil {
		t.failed = err
	}
	return err
}

func (t *pgTx) usable(write bool) error {
	switch {
	case t.done:
		return errTxDone
	case t.failed != nil:
		return t.db.mapErr(t.failed)
	case write && !t.writable:
		return ErrReadOnly
	}
	return nil
}

func (t *pgTx) exec(sql string, args ...any) (pgconn.CommandTag, error) {
	tag, err := t.tx.Exec(t.ctx, sql, args...)
	if err != nil {
		return tag, t.sqlErr(err)
	}
	return tag, nil
}

// record reads one bytea column of at most one row; nil when there is no row.
func (t *pgTx) record(sql string, args ...any) ([]byte, error) {
	var data []byte
	err := t.tx.QueryRow(t.ctx, sql, args...).Scan(&data)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return nil, nil
	case err != nil:
		return nil, t.sqlErr(err)
	}
	return data, nil
}

// Guild implements Tx.
func (t *pgTx) Guild() (Guild, error) {
	if err := t.usable(false); err != nil {
		return Guild{}, err
	}
	data, err := t.record(`SELECT record FROM rk_guilds WHERE guild_id = $1`, t.guild)
	if err != nil {
		return Guild{}, err
	}
	g, err := decodeGuild(data, t.guild)
	if err != nil {
		return Guild{}, t.bad(err)
	}
	return g, nil
}

// PutGuild implements Tx. The guild's row exists: lock created it.
func (t *pgTx) PutGuild(g Guild) error {
	if err := t.usable(true); err != nil {
		return err
	}
	data, err := encodeGuild(g, t.guild)
	if err != nil {
		return err
	}
	_, err = t.exec(`UPDATE rk_guilds SET record = $2 WHERE guild_id = $1`, t.guild, data)
	return err
}

// Character implements Tx.
func (t *pgTx) Character(id string) (*Character, error) {
	if err := t.usable(false); err != nil {
		return nil, err
	}
	if !validID(id) {
		return nil, ErrNotFound
	}
	data, err := t.record(`SELECT record FROM rk_characters WHERE guild_id = $1 AND id = $2`, t.guild, id)
	if err != nil {
		return nil, err
	}
	if data == nil {
		return nil, ErrNotFound
	}
	return t.decodeCharacter(data, id)
}

func (t *pgTx) decodeCharacter(data []byte, id string) (*Character, error) {
	c, err := decodeCharacter(data, t.guild, id)
	if err != nil {
		return nil, t.bad(err)
	}
	t.remember(c)
	return c, nil
}

// Characters implements Tx.
func (t *pgTx) Characters() ([]*Character, error) {
	if err := t.usable(false); err != nil {
		return nil, err
	}
	return t.characters(`SELECT id, record FROM rk_characters WHERE guild_id = $1`, t.guild)
}

// CharactersOf implements Tx.
func (t *pgTx) CharactersOf(ownerID string) ([]*Character, error) {
	if err := t.usable(false); err != nil {
		return nil, err
	}
	if !validID(ownerID) {
		return nil, nil
	}
	return t.characters(`SELECT id, record FROM rk_characters WHERE guild_id = $1 AND owner_id = $2`, t.guild, ownerID)
}

// characters runs a query of (id, record) rows and sorts them in Go: byte order, whatever the collation.
func (t *pgTx) characters(sql string, args ...any) ([]*Character, error) {
	rows, err := t.tx.Query(t.ctx, sql, args...)
	if err != nil {
		return nil, t.sqlErr(err)
	}
	type row struct {
		id   string
		data []byte
	}
	raw, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
		var x row
		return x, r.Scan(&x.id, &x.data)
	})
	if err != nil {
		return nil, t.sqlErr(err)
	}
	var out []*Character
	for _, r := range raw {
		c, err := t.decodeCharacter(r.data, r.id)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	sortCharacters(out)
	return out, nil
}

// FindCharacter implements Tx.
func (t *pgTx) FindCharacter(ownerID, name string) (*Character, error) {
	if err := t.usable(false); err != nil {
		return nil, err
	}
	if !validID(ownerID) || !validName(name) {
		return nil, ErrNotFound
	}
	cs, err := t.characters(`SELECT id, record FROM rk_characters WHERE guild_id = $1 AND owner_id = $2 AND name_fold = $3`,
		t.guild, ownerID, FoldName(name))
	if err != nil {
		return nil, err
	}
	if len(cs) == 0 {
		return nil, ErrNotFound
	}
	return cs[0], nil
}

// PutCharacter implements Tx.
func (t *pgTx) PutCharacter(c *Character) error { return t.putCharacter(c, false) }

// RestoreCharacter implements Tx.
func (t *pgTx) RestoreCharacter(c *Character) error { return t.putCharacter(c, true) }

// putCharacter stores c in two round trips: the replaced record and any holder of the name in one query,
// then the upsert.
func (t *pgTx) putCharacter(c *Character, keepTimes bool) error {
	if err := t.usable(true); err != nil {
		return err
	}
	rec, err := checkCharacter(c, t.guild)
	if err != nil {
		return err
	}
	fold := FoldName(rec.Name)
	var old *Character
	if k, ok := t.known[rec.ID]; ok && rec.ID != "" && k.owner == rec.OwnerID && k.fold == fold {
		old = &Character{Created: k.created, Updated: k.updated}
	} else if old, err = t.replaced(rec.ID, rec.OwnerID, fold); err != nil {
		return err
	}
	stampCharacter(&rec, old, t.now, keepTimes)
	if rec.ID == "" {
		if rec.ID, err = t.newID(); err != nil {
			return err
		}
	} else if keepTimes {
		t.passSeq(rec.ID)
	}
	data, err := encode(characterRecord{V: recordVersion, Character: rec})
	if err != nil {
		return err
	}
	_, err = t.exec(`INSERT INTO rk_characters (guild_id, id, owner_id, name_fold, record) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (guild_id, id) DO UPDATE SET owner_id = EXCLUDED.owner_id, name_fold = EXCLUDED.name_fold,
		record = EXCLUDED.record`, t.guild, rec.ID, rec.OwnerID, fold, data)
	if err != nil {
		return err
	}
	c.ID, c.GuildID, c.Created, c.Updated = rec.ID, rec.GuildID, rec.Created, rec.Updated
	t.remember(&rec)
	return nil
}

// replaced reads, in one query, the character that a put of id replaces (nil when none) and any other
// character of owner with the folded name (ErrConflict).
func (t *pgTx) replaced(id, owner, fold string) (*Character, error) {
	rows, err := t.tx.Query(t.ctx, `SELECT id, record FROM rk_characters
		WHERE guild_id = $1 AND (id = $2 OR (owner_id = $3 AND name_fold = $4))`, t.guild, id, owner, fold)
	if err != nil {
		return nil, t.sqlErr(err)
	}
	var old *Character
	conflict := false
	var rid string
	var data []byte
	_, err = pgx.ForEachRow(rows, []any{&rid, &data}, func() error {
		if rid != id {
			conflict = true
			return nil
		}
		var err error
		old, err = t.decodeCharacter(data, rid)
		return err
	})
	switch {
	case err != nil && t.failed == nil:
		return nil, t.sqlErr(err)
	case err != nil:
		return nil, err
	case conflict:
		return nil, ErrConflict
	}
	return old, nil
}

// newID returns the guild's next counter value in base 36, skipping IDs already taken (an import may have
// brought them). The counter lives in the guild's row, under the lock, and rolls back with the transaction.
func (t *pgTx) newID() (string, error) {
	for {
		t.seq++
		t.seqDirty = true
		id := strconv.FormatUint(t.seq, 36)
		var one int
		err := t.tx.QueryRow(t.ctx, `SELECT 1 FROM rk_characters WHERE guild_id = $1 AND id = $2`, t.guild, id).Scan(&one)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			return id, nil
		case err != nil:
			return "", t.sqlErr(err)
		}
	}
}

// maxPassSeq bounds how far a restored ID moves the counter: IDs that happen to read as large base-36
// numbers ("hero") should not make every later ID long.
const maxPassSeq = 1 << 32

// passSeq moves the counter past a restored ID that is one of its own values, so new IDs need not probe
// past every imported character one query at a time.
func (t *pgTx) passSeq(id string) {
	n, err := strconv.ParseUint(id, 36, 64)
	if err == nil && n > t.seq && n < maxPassSeq && strconv.FormatUint(n, 36) == id {
		t.seq, t.seqDirty = n, true
	}
}

// DeleteCharacter implements Tx. The foreign key's ON DELETE CASCADE clears the active pointers to it.
func (t *pgTx) DeleteCharacter(id string) error {
	if err := t.usable(true); err != nil {
		return err
	}
	if !validID(id) {
		return ErrNotFound
	}
	tag, err := t.exec(`DELETE FROM rk_characters WHERE guild_id = $1 AND id = $2`, t.guild, id)
	if err != nil {
		return err
	}
	delete(t.known, id)
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// Active implements Tx.
func (t *pgTx) Active(userID string) (string, error) {
	if err := t.usable(false); err != nil {
		return "", err
	}
	if !validID(userID) {
		return "", nil
	}
	var id string
	err := t.tx.QueryRow(t.ctx, `SELECT character_id FROM rk_active WHERE guild_id = $1 AND user_id = $2`,
		t.guild, userID).Scan(&id)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return "", nil
	case err != nil:
		return "", t.sqlErr(err)
	}
	return id, nil
}

// SetActive implements Tx: one statement that inserts only when the character is in the guild.
func (t *pgTx) SetActive(userID, characterID string) error {
	if err := t.usable(true); err != nil {
		return err
	}
	if !validID(userID) {
		return &Error{Err: ErrInvalid, Detail: fmt.Sprintf("user ID %q", userID)}
	}
	return t.setActive(userID, characterID)
}

// setActive points the active key (a user ID or a channelKey) at characterID ("" clears).
func (t *pgTx) setActive(userID, characterID string) error {
	if characterID == "" {
		_, err := t.exec(`DELETE FROM rk_active WHERE guild_id = $1 AND user_id = $2`, t.guild, userID)
		return err
	}
	if !validID(characterID) {
		return ErrNotFound
	}
	tag, err := t.exec(`INSERT INTO rk_active (guild_id, user_id, character_id)
		SELECT $1::text, $2::text, $3::text WHERE EXISTS (SELECT 1 FROM rk_characters WHERE guild_id = $1 AND id = $3)
		ON CONFLICT (guild_id, user_id) DO UPDATE SET character_id = EXCLUDED.character_id`, t.guild, userID, characterID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// Actives implements Tx.
func (t *pgTx) Actives() (map[string]string, error) {
	if err := t.usable(false); err != nil {
		return nil, err
	}
	rows, err := t.tx.Query(t.ctx, `SELECT user_id, character_id FROM rk_active WHERE guild_id = $1
		AND strpos(user_id, chr(31)) = 0`, t.guild)
	if err != nil {
		return nil, t.sqlErr(err)
	}
	m := map[string]string{}
	var user, id string
	if _, err := pgx.ForEachRow(rows, []any{&user, &id}, func() error { m[user] = id; return nil }); err != nil {
		return nil, t.sqlErr(err)
	}
	return m, nil
}

// Encounter implements Tx.
func (t *pgTx) Encounter(channelID string) (*Encounter, error) {
	if err := t.usable(false); err != nil {
		return nil, err
	}
	if !validID(channelID) {
		return nil, ErrNotFound
	}
	data, err := t.record(`SELECT record FROM rk_encounters WHERE guild_id = $1 AND channel_id = $2`, t.guild, channelID)
	if err != nil {
		return nil, err
	}
	if data == nil {
		return nil, ErrNotFound
	}
	e, err := decodeEncounter(data, t.guild, channelID)
	if err != nil {
		return nil, t.bad(err)
	}
	return e, nil
}

// Encounters implements Tx, sorted by channel in Go.
func (t *pgTx) Encounters() ([]*Encounter, error) {
	if err := t.usable(false); err != nil {
		return nil, err
	}
	rows, err := t.tx.Query(t.ctx, `SELECT channel_id, record FROM rk_encounters WHERE guild_id = $1`, t.guild)
	if err != nil {
		return nil, t.sqlErr(err)
	}
	var out []*Encounter
	var channel string
	var data []byte
	_, err = pgx.ForEachRow(rows, []any{&channel, &data}, func() error {
		e, err := decodeEncounter(data, t.guild, channel)
		if err != nil {
			return t.bad(err)
		}
		out = append(out, e)
		return nil
	})
	if err != nil {
		if t.failed == nil {
			return nil, t.sqlErr(err)
		}
		return nil, err
	}
	sortEncounters(out)
	return out, nil
}

// PutEncounter implements Tx.
func (t *pgTx) PutEncounter(e *Encounter) error { return t.putEncounter(e, false) }

// RestoreEncounter implements Tx.
func (t *pgTx) RestoreEncounter(e *Encounter) error { return t.putEncounter(e, true) }

func (t *pgTx) putEncounter(e *Encounter, keepTimes bool) error {
	if err := t.usable(true); err != nil {
		return err
	}
	rec, err := checkEncounter(e, t.guild, t.now, keepTimes)
	if err != nil {
		return err
	}
	data, err := encode(encounterRecord{V: recordVersion, Encounter: rec})
	if err != nil {
		return err
	}
	_, err = t.exec(`INSERT INTO rk_encounters (guild_id, channel_id, record) VALUES ($1, $2, $3)
		ON CONFLICT (guild_id, channel_id) DO UPDATE SET record = EXCLUDED.record`, t.guild, rec.ChannelID, data)
	if err != nil {
		return err
	}
	e.GuildID, e.Updated = rec.GuildID, rec.Updated
	return nil
}

// DeleteEncounter implements Tx.
func (t *pgTx) DeleteEncounter(channelID string) error {
	if err := t.usable(true); err != nil {
		return err
	}
	if !validID(channelID) {
		return ErrNotFound
	}
	tag, err := t.exec(`DELETE FROM rk_encounters WHERE guild_id = $1 AND channel_id = $2`, t.guild, channelID)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// Clear implements Tx in one round trip. The guild's row (its lock and ID counter) stays; its settings go.
func (t *pgTx) Clear() error {
	if err := t.usable(true); err != nil {
		return err
	}
	b := &pgx.Batch{}
	b.Queue(`DELETE FROM rk_active WHERE guild_id = $1`, t.guild)
	b.Queue(`DELETE FROM rk_characters WHERE guild_id = $1`, t.guild)
	b.Queue(`DELETE FROM rk_encounters WHERE guild_id = $1`, t.guild)
	b.Queue(`DELETE FROM rk_logs WHERE guild_id = $1`, t.guild)
	b.Queue(`DELETE FROM rk_macros WHERE guild_id = $1`, t.guild)
	b.Queue(`UPDATE rk_guilds SET record = NULL WHERE guild_id = $1`, t.guild)
	if err := t.tx.SendBatch(t.ctx, b).Close(); err != nil {
		return t.sqlErr(err)
	}
	t.known = nil
	return nil
}
