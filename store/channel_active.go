package store

import (
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
)

// A user's per-channel active character is kept beside the guild-wide one, in the same bucket (bbolt) or table
// (PostgreSQL), under the key user \x1f channel. IDs are printable, so such a key never equals a user ID, and
// deleting a character or clearing the guild drops these pointers with the others.
const channelSep = "\x1f"

func channelKey(userID, channelID string) string { return userID + channelSep + channelID }

func isChannelKey(k string) bool { return strings.Contains(k, channelSep) }

func splitChannelKey(k string) (user, channel string) {
	user, channel, _ = strings.Cut(k, channelSep)
	return user, channel
}

func validChannelPair(userID, channelID string) error {
	if !validID(userID) || !validID(channelID) {
		return &Error{Err: ErrInvalid, Detail: fmt.Sprintf("user ID %q, channel ID %q", userID, channelID)}
	}
	return nil
}

func addChannelActive(m map[string]map[string]string, key, id string) {
	user, channel := splitChannelKey(key)
	if m[user] == nil {
		m[user] = map[string]string{}
	}
	m[user][channel] = id
}

// ChannelActive implements Tx.
func (t *tx) ChannelActive(userID, channelID string) (id string, err error) {
	defer t.guard(&err)
	if err := t.usable(false); err != nil {
		return "", err
	}
	if !validID(userID) || !validID(channelID) {
		return "", nil
	}
	active, err := t.bucket(bucketActive)
	if err != nil {
		return "", err
	}
	return string(active.Get(t.key(channelKey(userID, channelID)))), nil
}

// SetChannelActive implements Tx.
func (t *tx) SetChannelActive(userID, channelID, characterID string) (err error) {
	defer t.guard(&err)
	if err := t.usable(true); err != nil {
		return err
	}
	if err := validChannelPair(userID, channelID); err != nil {
		return err
	}
	return t.setActive(channelKey(userID, channelID), characterID)
}

// ChannelActives implements Tx.
func (t *tx) ChannelActives() (m map[string]map[string]string, err error) {
	defer t.guard(&err)
	if err := t.usable(false); err != nil {
		return nil, err
	}
	m = map[string]map[string]string{}
	prefix := t.prefix()
	err = t.scan(bucketActive, prefix, func(k, v []byte) error {
		if key := string(k[len(prefix):]); isChannelKey(key) {
			addChannelActive(m, key, string(v))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// ChannelActive implements Tx.
func (t *pgTx) ChannelActive(userID, channelID string) (string, error) {
	if err := t.usable(false); err != nil {
		return "", err
	}
	if !validID(userID) || !validID(channelID) {
		return "", nil
	}
	var id string
	err := t.tx.QueryRow(t.ctx, `SELECT character_id FROM rk_active WHERE guild_id = $1 AND user_id = $2`,
		t.guild, channelKey(userID, channelID)).Scan(&id)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return "", nil
	case err != nil:
		return "", t.sqlErr(err)
	}
	return id, nil
}

// SetChannelActive implements Tx.
func (t *pgTx) SetChannelActive(userID, channelID, characterID string) error {
	if err := t.usable(true); err != nil {
		return err
	}
	if err := validChannelPair(userID, channelID); err != nil {
		return err
	}
	return t.setActive(channelKey(userID, channelID), characterID)
}

// ChannelActives implements Tx.
func (t *pgTx) ChannelActives() (map[string]map[string]string, error) {
	if err := t.usable(false); err != nil {
		return nil, err
	}
	rows, err := t.tx.Query(t.ctx, `SELECT user_id, character_id FROM rk_active WHERE guild_id = $1
		AND strpos(user_id, chr(31)) > 0`, t.guild)
	if err != nil {
		return nil, t.sqlErr(err)
	}
	m := map[string]map[string]string{}
	var key, id string
	if _, err := pgx.ForEachRow(rows, []any{&key, &id}, func() error { addChannelActive(m, key, id); return nil }); err != nil {
		return nil, t.sqlErr(err)
	}
	return m, nil
}
