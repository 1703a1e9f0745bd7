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

// The codec both backends share: a record is stored as the same bytes in a bbolt value and in a PostgreSQL
// bytea column, so validation, size limits, record versions and exports cannot drift between them.

// The stored records: the public type plus the record version "v".
type (
	characterRecord struct {
		V int `json:"v"`
		Character
	}
	guildRecord struct {
		V int `json:"v"`
		Guild
	}
	encounterRecord struct {
		V int `json:"v"`
		Encounter
	}
)

// encode marshals a record without HTML escaping (so sheets keep their bytes) and checks its size.
func encode(v any) ([]byte, error) { return encodeLimit(v, MaxRecordSize) }

// encodeLimit is encode with another size limit (logs are larger than the other records).
func encodeLimit(v any, limit int) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil { // only a sheet or encounter that is not valid JSON can fail
		return nil, &Error{Err: ErrInvalid, Detail: "not valid JSON", Cause: err}
	}
	b := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	if len(b) > limit {
		return nil, &Error{Err: ErrTooLarge, Limit: int64(limit), Detail: fmt.Sprintf("record of %d bytes", len(b))}
	}
	return b, nil
}

// decodeRecord unmarshals a stored record and checks its version. v points at the record's "v" field.
// Its errors are *Error values (ErrCorrupt, ErrNewerSchema) without a path: the backend adds it.
func decodeRecord(data []byte, rec any, v *int, what string) error {
	if err := json.Unmarshal(data, rec); err != nil {
		return &Error{Err: ErrCorrupt, Detail: fmt.Sprintf("%s: %v", what, err)}
	}
	switch {
	case *v == 0:
		return &Error{Err: ErrCorrupt, Detail: what + " has no record version"}
	case *v > recordVersion:
		return &Error{Err: ErrNewerSchema,
			Detail: fmt.Sprintf("%s has record version %d, this rulekeeper knows up to %d", what, *v, recordVersion)}
	}
	return nil
}

// decodeCharacter decodes the record stored under (guild, id) and checks that it names that key.
func decodeCharacter(data []byte, guild, id string) (*Character, error) {
	var r characterRecord
	if err := decodeRecord(data, &r, &r.V, "character "+strconv.Quote(id)); err != nil {
		return nil, err
	}
	c := r.Character
	if c.ID != id || c.GuildID != guild {
		return nil, &Error{Err: ErrCorrupt, Detail: fmt.Sprintf("character %q is stored under the wrong key", id)}
	}
	c.Sheet = nullToNil(c.Sheet)
	return &c, nil
}

// decodeEncounter decodes the record stored under (guild, channelID) and checks that it names that key.
func decodeEncounter(data []byte, guild, channelID string) (*Encounter, error) {
	var r encounterRecord
	if err := decodeRecord(data, &r, &r.V, "encounter in channel "+strconv.Quote(channelID)); err != nil {
		return nil, err
	}
	e := r.Encounter
	if e.ChannelID != channelID || e.GuildID != guild {
		return nil, &Error{Err: ErrCorrupt,
			Detail: fmt.Sprintf("the encounter of channel %q is stored under the wrong key", channelID)}
	}
	e.Data = nullToNil(e.Data)
	return &e, nil
}

// decodeGuild decodes guild settings; nil data is a guild that never saved any.
func decodeGuild(data []byte, guild string) (Guild, error) {
	if data == nil {
		return Guild{GuildID: guild}, nil
	}
	var r guildRecord
	if err := decodeRecord(data, &r, &r.V, "guild settings"); err != nil {
		return Guild{}, err
	}
	r.Guild.GuildID = guild
	return r.Guild, nil
}

// encodeGuild encodes g as the settings of guild.
func encodeGuild(g Guild, guild string) ([]byte, error) {
	g.GuildID = guild
	return encode(guildRecord{V: recordVersion, Guild: g})
}

// nullToNil makes a stored JSON null read back as the nil it was written from.
func nullToNil(m json.RawMessage) json.RawMessage {
	if string(m) == "null" {
		return nil
	}
	return m
}

// checkCharacter validates what PutCharacter is given and returns the record to store, with GuildID set.
func checkCharacter(c *Character, guild string) (Character, error) {
	if c == nil {
		return Character{}, &Error{Err: ErrInvalid, Detail: "nil character"}
	}
	rec := *c
	rec.GuildID = guild
	switch {
	case rec.ID != "" && !validID(rec.ID):
		return rec, &Error{Err: ErrInvalid, Detail: fmt.Sprintf("character ID %q", rec.ID)}
	case !validID(rec.OwnerID):
		return rec, &Error{Err: ErrInvalid, Detail: fmt.Sprintf("owner ID %q", rec.OwnerID)}
	case !validName(rec.Name):
		return rec, &Error{Err: ErrInvalid, Detail: fmt.Sprintf("character name %q", rec.Name)}
	case rec.System != "" && !validID(rec.System):
		return rec, &Error{Err: ErrInvalid, Detail: fmt.Sprintf("system %q", rec.System)}
	}
	return rec, nil
}

// stampCharacter sets the timestamps of a record about to replace old (nil for a new one) at time now.
// With keep (Import), non-zero timestamps are kept as given. Updated never goes back before old.Updated,
// so a clock that steps back (or another replica's) cannot make a change look older than the one before.
func stampCharacter(rec *Character, old *Character, now time.Time, keep bool) {
	if rec.Created.IsZero() {
		rec.Created = now
		if old != nil {
			rec.Created = old.Created
		}
	}
	if !keep || rec.Updated.IsZero() {
		rec.Updated = now
		if old != nil && old.Updated.After(now) {
			rec.Updated = old.Updated
		}
	}
}

// checkEncounter validates an encounter about to be put and returns the record to store, stamped at now.
func checkEncounter(e *Encounter, guild string, now time.Time, keep bool) (Encounter, error) {
	if e == nil {
		return Encounter{}, &Error{Err: ErrInvalid, Detail: "nil encounter"}
	}
	if !validID(e.ChannelID) {
		return Encounter{}, &Error{Err: ErrInvalid, Detail: fmt.Sprintf("channel ID %q", e.ChannelID)}
	}
	rec := *e
	rec.GuildID = guild
	if !keep || rec.Updated.IsZero() {
		rec.Updated = now
	}
	return rec, nil
}

// sortCharacters sorts by owner ID, then folded name, in byte order: the order of bbolt's names index, and
// the documented order on every backend, whatever a database's collation says.
func sortCharacters(cs []*Character) {
	slices.SortFunc(cs, func(a, b *Character) int {
		if c := cmp.Compare(a.OwnerID, b.OwnerID); c != 0 {
			return c
		}
		return cmp.Compare(FoldName(a.Name), FoldName(b.Name))
	})
}

// sortEncounters sorts by channel ID in byte order.
func sortEncounters(es []*Encounter) {
	slices.SortFunc(es, func(a, b *Encounter) int { return cmp.Compare(a.ChannelID, b.ChannelID) })
}
