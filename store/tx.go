package store

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"time"

	bolt "go.etcd.io/bbolt"
)

// tx implements Tx over one bbolt transaction. Keys join the guild ID and the record's IDs with NUL bytes,
// which IDs cannot contain, so a guild's records form one contiguous, prefix-free range in each bucket.
type tx struct {
	db       *DB
	btx      *bolt.Tx
	guild    string
	writable bool
	now      time.Time // one timestamp for every record the transaction writes
	done     bool      // fn has returned
	failed   error     // damage found; the transaction must not commit
}

var errTxDone = errors.New("store: transaction used after its function returned")

// key returns guild\x00part\x00part….
func (t *tx) key(parts ...string) []byte {
	n := len(t.guild)
	for _, p := range parts {
		n += 1 + len(p)
	}
	k := make([]byte, 0, n)
	k = append(k, t.guild...)
	for _, p := range parts {
		k = append(k, 0)
		k = append(k, p...)
	}
	return k
}

// prefix returns the key prefix of all of the guild's records under parts: guild\x00part\x00….
func (t *tx) prefix(parts ...string) []byte {
	return append(t.key(parts...), 0)
}

// guard turns a panic inside bbolt (a damaged file) into ErrCorrupt. Every Tx method defers it, because a
// panic that escaped into the caller's fn would look like the caller's own.
func (t *tx) guard(err *error) {
	if r := recover(); r != nil {
		*err = t.fail(t.db.corrupt(r))
	}
}

func (t *tx) fail(err error) error {
	if t.failed == nil {
		t.failed = err
	}
	return err
}

func (t *tx) usable(write bool) error {
	switch {
	case t.done:
		return errTxDone
	case write && !t.writable:
		return ErrReadOnly
	}
	return nil
}

func (t *tx) bucket(name []byte) (*bolt.Bucket, error) {
	b := t.btx.Bucket(name)
	if b == nil {
		return nil, t.corrupt("bucket %q is missing", name)
	}
	return b, nil
}

func (t *tx) corrupt(format string, args ...any) error {
	return t.fail(&Error{Err: ErrCorrupt, Path: t.db.path, Detail: fmt.Sprintf(format, args...)})
}

// bad records a damaged or too-new record found by the shared decoder: it names the file and aborts the
// transaction.
func (t *tx) bad(err error) error {
	if e, ok := err.(*Error); ok && e.Path == "" {
		e.Path = t.db.path
	}
	return t.fail(err)
}

func (t *tx) getCharacter(chars *bolt.Bucket, id string) (*Character, error) {
	if !validID(id) {
		return nil, ErrNotFound
	}
	data := chars.Get(t.key(id))
	if data == nil {
		return nil, ErrNotFound
	}
	c, err := decodeCharacter(data, t.guild, id)
	if err != nil {
		return nil, t.bad(err)
	}
	return c, nil
}

// Guild implements Tx.
func (t *tx) Guild() (g Guild, err error) {
	defer t.guard(&err)
	if err := t.usable(false); err != nil {
		return Guild{}, err
	}
	b, err := t.bucket(bucketGuilds)
	if err != nil {
		return Guild{}, err
	}
	g, err = decodeGuild(b.Get([]byte(t.guild)), t.guild)
	if err != nil {
		return Guild{}, t.bad(err)
	}
	return g, nil
}

// PutGuild implements Tx.
func (t *tx) PutGuild(g Guild) (err error) {
	defer t.guard(&err)
	if err := t.usable(true); err != nil {
		return err
	}
	b, err := t.bucket(bucketGuilds)
	if err != nil {
		return err
	}
	data, err := encodeGuild(g, t.guild)
	if err != nil {
		return err
	}
	return b.Put([]byte(t.guild), data)
}

// Character implements Tx.
func (t *tx) Character(id string) (c *Character, err error) {
	defer t.guard(&err)
	if err := t.usable(false); err != nil {
		return nil, err
	}
	chars, err := t.bucket(bucketCharacters)
	if err != nil {
		return nil, err
	}
	return t.getCharacter(chars, id)
}

// Characters implements Tx.
func (t *tx) Characters() (cs []*Character, err error) {
	defer t.guard(&err)
	if err := t.usable(false); err != nil {
		return nil, err
	}
	return t.listCharacters(t.prefix())
}

// CharactersOf implements Tx.
func (t *tx) CharactersOf(ownerID string) (cs []*Character, err error) {
	defer t.guard(&err)
	if err := t.usable(false); err != nil {
		return nil, err
	}
	if !validID(ownerID) {
		return nil, nil
	}
	return t.listCharacters(t.prefix(ownerID))
}

// listCharacters walks the names index, whose keys (guild, owner, folded name) give the documented order.
func (t *tx) listCharacters(prefix []byte) ([]*Character, error) {
	chars, err := t.bucket(bucketCharacters)
	if err != nil {
		return nil, err
	}
	var out []*Character
	err = t.scan(bucketNames, prefix, func(_, id []byte) error {
		c, err := t.getCharacter(chars, string(id))
		if errors.Is(err, ErrNotFound) {
			return t.corrupt("the name index points at missing character %q", id)
		}
		out = append(out, c)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// scan calls fn for each key with the given prefix in a bucket, in key order.
func (t *tx) scan(bucket, prefix []byte, fn func(k, v []byte) error) error {
	b, err := t.bucket(bucket)
	if err != nil {
		return err
	}
	cur := b.Cursor()
	for k, v := cur.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = cur.Next() {
		if err := fn(k, v); err != nil {
			return err
		}
	}
	return nil
}

// deleteWhere deletes the keys with the given prefix whose value del selects.
func (t *tx) deleteWhere(bucket, prefix []byte, del func(v []byte) bool) error {
	var keys [][]byte // collected first: deleting while a cursor walks can skip keys
	err := t.scan(bucket, prefix, func(k, v []byte) error {
		if del(v) {
			keys = append(keys, bytes.Clone(k))
		}
		return nil
	})
	if err != nil {
		return err
	}
	b := t.btx.Bucket(bucket)
	for _, k := range keys {
		if err := b.Delete(k); err != nil {
			return err
		}
	}
	return nil
}

// FindCharacter implements Tx.
func (t *tx) FindCharacter(ownerID, name string) (c *Character, err error) {
	defer t.guard(&err)
	if err := t.usable(false); err != nil {
		return nil, err
	}
	if !validID(ownerID) || !validName(name) {
		return nil, ErrNotFound
	}
	names, err := t.bucket(bucketNames)
	if err != nil {
		return nil, err
	}
	chars, err := t.bucket(bucketCharacters)
	if err != nil {
		return nil, err
	}
	id := names.Get(t.key(ownerID, FoldName(name)))
	if id == nil {
		return nil, ErrNotFound
	}
	c, err = t.getCharacter(chars, string(id))
	if errors.Is(err, ErrNotFound) {
		return nil, t.corrupt("the name index points at missing character %q", id)
	}
	return c, err
}

// PutCharacter implements Tx.
func (t *tx) PutCharacter(c *Character) (err error) {
	defer t.guard(&err)
	if err := t.usable(true); err != nil {
		return err
	}
	return t.putCharacter(c, false)
}

// RestoreCharacter implements Tx.
func (t *tx) RestoreCharacter(c *Character) (err error) {
	defer t.guard(&err)
	if err := t.usable(true); err != nil {
		return err
	}
	return t.putCharacter(c, true)
}

// putCharacter stores c. With keepTimes (Import), non-zero Created and Updated are kept as they are.
func (t *tx) putCharacter(c *Character, keepTimes bool) error {
	rec, err := checkCharacter(c, t.guild)
	if err != nil {
		return err
	}
	chars, err := t.bucket(bucketCharacters)
	if err != nil {
		return err
	}
	names, err := t.bucket(bucketNames)
	if err != nil {
		return err
	}
	var old *Character
	if rec.ID != "" {
		old, err = t.getCharacter(chars, rec.ID)
		if err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
	}
	nameKey := t.key(rec.OwnerID, FoldName(rec.Name))
	if id := names.Get(nameKey); id != nil && string(id) != rec.ID {
		return ErrConflict
	}
	stampCharacter(&rec, old, t.now, keepTimes)
	if rec.ID == "" {
		if rec.ID, err = t.newID(chars); err != nil {
			return err
		}
	}
	data, err := encode(characterRecord{V: recordVersion, Character: rec})
	if err != nil {
		return err
	}
	if old != nil {
		if oldKey := t.key(old.OwnerID, FoldName(old.Name)); !bytes.Equal(oldKey, nameKey) {
			if err := names.Delete(oldKey); err != nil {
				return err
			}
		}
	}
	if err := names.Put(nameKey, []byte(rec.ID)); err != nil {
		return err
	}
	if err := chars.Put(t.key(rec.ID), data); err != nil {
		return err
	}
	c.ID, c.GuildID, c.Created, c.Updated = rec.ID, rec.GuildID, rec.Created, rec.Updated
	return nil
}

// newID returns the bucket's next sequence number in base 36, skipping IDs already taken in this guild
// (an import may have brought them).
func (t *tx) newID(chars *bolt.Bucket) (string, error) {
	for {
		seq, err := chars.NextSequence()
		if err != nil {
			return "", err
		}
		id := strconv.FormatUint(seq, 36)
		if chars.Get(t.key(id)) == nil {
			return id, nil
		}
	}
}

// DeleteCharacter implements Tx.
func (t *tx) DeleteCharacter(id string) (err error) {
	defer t.guard(&err)
	if err := t.usable(true); err != nil {
		return err
	}
	chars, err := t.bucket(bucketCharacters)
	if err != nil {
		return err
	}
	names, err := t.bucket(bucketNames)
	if err != nil {
		return err
	}
	c, err := t.getCharacter(chars, id)
	if err != nil {
		return err
	}
	if err := names.Delete(t.key(c.OwnerID, FoldName(c.Name))); err != nil {
		return err
	}
	if err := chars.Delete(t.key(id)); err != nil {
		return err
	}
	return t.deleteWhere(bucketActive, t.prefix(), func(v []byte) bool { return string(v) == id })
}

// Active implements Tx.
func (t *tx) Active(userID string) (id string, err error) {
	defer t.guard(&err)
	if err := t.usable(false); err != nil {
		return "", err
	}
	if !validID(userID) {
		return "", nil
	}
	active, err := t.bucket(bucketActive)
	if err != nil {
		return "", err
	}
	return string(active.Get(t.key(userID))), nil
}

// SetActive implements Tx.
func (t *tx) SetActive(userID, characterID string) (err error) {
	defer t.guard(&err)
	if err := t.usable(true); err != nil {
		return err
	}
	if !validID(userID) {
		return &Error{Err: ErrInvalid, Detail: fmt.Sprintf("user ID %q", userID)}
	}
	return t.setActive(userID, characterID)
}

// setActive points the active key (a user ID or a channelKey) at characterID ("" clears).
func (t *tx) setActive(key, characterID string) error {
	active, err := t.bucket(bucketActive)
	if err != nil {
		return err
	}
	if characterID == "" {
		return active.Delete(t.key(key))
	}
	chars, err := t.bucket(bucketCharacters)
	if err != nil {
		return err
	}
	if !validID(characterID) || chars.Get(t.key(characterID)) == nil {
		return ErrNotFound
	}
	return active.Put(t.key(key), []byte(characterID))
}

// Encounter implements Tx.
func (t *tx) Encounter(channelID string) (e *Encounter, err error) {
	defer t.guard(&err)
	if err := t.usable(false); err != nil {
		return nil, err
	}
	if !validID(channelID) {
		return nil, ErrNotFound
	}
	b, err := t.bucket(bucketEncounters)
	if err != nil {
		return nil, err
	}
	data := b.Get(t.key(channelID))
	if data == nil {
		return nil, ErrNotFound
	}
	return t.decodeEncounter(channelID, data)
}

func (t *tx) decodeEncounter(channelID string, data []byte) (*Encounter, error) {
	e, err := decodeEncounter(data, t.guild, channelID)
	if err != nil {
		return nil, t.bad(err)
	}
	return e, nil
}

// PutEncounter implements Tx.
func (t *tx) PutEncounter(e *Encounter) (err error) {
	defer t.guard(&err)
	if err := t.usable(true); err != nil {
		return err
	}
	return t.putEncounter(e, false)
}

// RestoreEncounter implements Tx.
func (t *tx) RestoreEncounter(e *Encounter) (err error) {
	defer t.guard(&err)
	if err := t.usable(true); err != nil {
		return err
	}
	return t.putEncounter(e, true)
}

func (t *tx) putEncounter(e *Encounter, keepTimes bool) error {
	rec, err := checkEncounter(e, t.guild, t.now, keepTimes)
	if err != nil {
		return err
	}
	b, err := t.bucket(bucketEncounters)
	if err != nil {
		return err
	}
	data, err := encode(encounterRecord{V: recordVersion, Encounter: rec})
	if err != nil {
		return err
	}
	if err := b.Put(t.key(rec.ChannelID), data); err != nil {
		return err
	}
	e.GuildID, e.Updated = rec.GuildID, rec.Updated
	return nil
}

// DeleteEncounter implements Tx.
func (t *tx) DeleteEncounter(channelID string) (err error) {
	defer t.guard(&err)
	if err := t.usable(true); err != nil {
		return err
	}
	b, err := t.bucket(bucketEncounters)
	if err != nil {
		return err
	}
	if !validID(channelID) || b.Get(t.key(channelID)) == nil {
		return ErrNotFound
	}
	return b.Delete(t.key(channelID))
}

// Actives implements Tx.
func (t *tx) Actives() (m map[string]string, err error) {
	defer t.guard(&err)
	if err := t.usable(false); err != nil {
		return nil, err
	}
	m = map[string]string{}
	prefix := t.prefix()
	err = t.scan(bucketActive, prefix, func(k, v []byte) error {
		if user := string(k[len(prefix):]); !isChannelKey(user) {
			m[user] = string(v)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Encounters implements Tx. The cursor gives byte order of the channel IDs.
func (t *tx) Encounters() (es []*Encounter, err error) {
	defer t.guard(&err)
	if err := t.usable(false); err != nil {
		return nil, err
	}
	prefix := t.prefix()
	err = t.scan(bucketEncounters, prefix, func(k, v []byte) error {
		e, err := t.decodeEncounter(string(k[len(prefix):]), v)
		if err == nil {
			es = append(es, e)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return es, nil
}

// Clear implements Tx. The characters bucket's sequence (the ID counter) is kept.
func (t *tx) Clear() (err error) {
	defer t.guard(&err)
	if err := t.usable(true); err != nil {
		return err
	}
	for _, name := range [][]byte{bucketCharacters, bucketNames, bucketActive, bucketEncounters, bucketLogs, bucketLogOpen, bucketLogEntries,
		bucketMacros} {
		if err := t.deleteWhere(name, t.prefix(), func([]byte) bool { return true }); err != nil {
			return err
		}
	}
	b, err := t.bucket(bucketGuilds)
	if err != nil {
		return err
	}
	return b.Delete([]byte(t.guild))
}
