package store

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"time"
)

// Macro is a saved command line (issue 16): a user's own, or the guild's (a server macro, OwnerID "") that a GM
// saved for everyone. A macro's name is unique per owner, compared as character names are (FoldName). The store
// does not interpret Command; the bot parses it when the macro runs.
type Macro struct {
	GuildID string    `json:"guild_id"`           // set by PutMacro to the transaction's guild
	OwnerID string    `json:"owner_id,omitempty"` // the user; "" for a server macro
	Name    string    `json:"name"`
	Command string    `json:"command"`
	Updated time.Time `json:"updated"`
}

// macroRecord is the stored form of a Macro.
type macroRecord struct {
	V int `json:"v"`
	Macro
}

// validMacroOwner reports whether s may own a macro: a user ID, or "" for the guild.
func validMacroOwner(s string) bool { return s == "" || validID(s) }

// checkMacro validates a macro about to be put and returns the record to store, stamped at now (unless keep and
// it has a time).
func checkMacro(m *Macro, guild string, now time.Time, keep bool) (Macro, error) {
	if m == nil {
		return Macro{}, &Error{Err: ErrInvalid, Detail: "nil macro"}
	}
	if !validMacroOwner(m.OwnerID) || !validName(m.Name) || m.Command == "" || !printable(m.Command) {
		return Macro{}, &Error{Err: ErrInvalid, Detail: fmt.Sprintf("macro owner %q, name %q", m.OwnerID, m.Name)}
	}
	rec := *m
	rec.GuildID = guild
	if !keep || rec.Updated.IsZero() {
		rec.Updated = now
	}
	return rec, nil
}

// encodeMacro encodes a checked macro record.
func encodeMacro(rec Macro) ([]byte, error) {
	return encode(macroRecord{V: recordVersion, Macro: rec})
}

// decodeMacro decodes the record stored under (guild, owner, fold) and checks that it names that key.
func decodeMacro(data []byte, guild, owner, fold string) (*Macro, error) {
	var r macroRecord
	if err := decodeRecord(data, &r, &r.V, "macro "+strconv.Quote(fold)); err != nil {
		return nil, err
	}
	m := r.Macro
	if m.GuildID != guild || m.OwnerID != owner || FoldName(m.Name) != fold {
		return nil, &Error{Err: ErrCorrupt, Detail: fmt.Sprintf("macro %q of %q is stored under the wrong key", m.Name, owner)}
	}
	return &m, nil
}

// sortMacros sorts by owner ID, then FoldName(name), in byte order.
func sortMacros(ms []*Macro) {
	slices.SortFunc(ms, func(a, b *Macro) int {
		return cmp.Or(cmp.Compare(a.OwnerID, b.OwnerID), cmp.Compare(FoldName(a.Name), FoldName(b.Name)))
	})
}
