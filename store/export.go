package store

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"time"
)

// ExportFormat and ExportVersion identify the guild export JSON documented in doc.go.
const (
	ExportFormat  = "rulekeeper-guild"
	ExportVersion = 1
)

// Export is all of one guild's data: the JSON that `rulekeeper export` writes and `rulekeeper import` reads.
type Export struct {
	Format     string            `json:"format"`  // ExportFormat
	Version    int               `json:"version"` // ExportVersion
	Exported   time.Time         `json:"exported"`
	Guild      Guild             `json:"guild"`
	Characters []*Character      `json:"characters"` // sorted by owner, then name
	Active     map[string]string `json:"active"`     // user ID → active character ID
	// ChannelActive is each user's per-channel choice: user ID → channel ID → character ID (omitted when none).
	ChannelActive map[string]map[string]string `json:"channel_active,omitempty"`
	Encounters    []*Encounter                 `json:"encounters"`       // sorted by channel
	Logs          []*Log                       `json:"logs,omitempty"`   // session logs, sorted by ID (an optional field: version 1)
	Macros        []*Macro                     `json:"macros,omitempty"` // sorted by owner ("" = server), then name (optional)
}

// ExportGuild returns all data of one guild of any Store, read in one consistent View.
func ExportGuild(ctx context.Context, s Store, guildID string) (*Export, error) {
	var e *Export
	err := s.View(ctx, guildID, func(tx Tx) error {
		e = &Export{Format: ExportFormat, Version: ExportVersion, Exported: time.Now().UTC(),
			Characters: []*Character{}, Encounters: []*Encounter{}}
		var err error
		if e.Guild, err = tx.Guild(); err != nil {
			return err
		}
		if cs, err := tx.Characters(); err != nil {
			return err
		} else if cs != nil {
			e.Characters = cs
		}
		if e.Active, err = tx.Actives(); err != nil {
			return err
		}
		if e.Active == nil {
			e.Active = map[string]string{}
		}
		if e.ChannelActive, err = tx.ChannelActives(); err != nil {
			return err
		}
		if len(e.ChannelActive) == 0 {
			e.ChannelActive = nil
		}
		if es, err := tx.Encounters(); err != nil {
			return err
		} else if es != nil {
			e.Encounters = es
		}
		if e.Logs, err = tx.Logs(); err != nil {
			return err
		}
		for _, l := range e.Logs {
			if l.Entries, err = tx.LogEntries(l.ID); err != nil {
				return err
			}
		}
		if e.Macros, err = tx.AllMacros(); err != nil {
			return err
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return e, nil
}

// ImportGuild replaces all data of the guild e.Guild.GuildID in any Store with e, in one Update. It validates
// e first and changes nothing when e is invalid (ErrBadExport) or the transaction fails. IDs, names and
// timestamps are kept. On PostgreSQL it runs under the guild's lock, so it is safe while replicas serve.
func ImportGuild(ctx context.Context, s Store, e *Export) error {
	if err := e.Validate(); err != nil {
		return err
	}
	return s.Update(ctx, e.Guild.GuildID, func(tx Tx) error {
		if err := tx.Clear(); err != nil {
			return err
		}
		if err := tx.PutGuild(e.Guild); err != nil {
			return err
		}
		for _, c := range e.Characters {
			c := *c // leave the caller's export as it was (and re-runnable)
			if err := tx.RestoreCharacter(&c); err != nil {
				return err
			}
		}
		for _, user := range slices.Sorted(maps.Keys(e.Active)) {
			if err := tx.SetActive(user, e.Active[user]); err != nil {
				return err
			}
		}
		for _, user := range slices.Sorted(maps.Keys(e.ChannelActive)) {
			for _, channel := range slices.Sorted(maps.Keys(e.ChannelActive[user])) {
				if err := tx.SetChannelActive(user, channel, e.ChannelActive[user][channel]); err != nil {
					return err
				}
			}
		}
		for _, enc := range e.Encounters {
			enc := *enc
			if err := tx.RestoreEncounter(&enc); err != nil {
				return err
			}
		}
		for _, l := range e.Logs {
			l := *l
			if err := tx.RestoreLog(&l); err != nil {
				return err
			}
		}
		for _, m := range e.Macros {
			m := *m
			if err := tx.RestoreMacro(&m); err != nil {
				return err
			}
		}
		return nil
	})
}

// Export returns all data of one guild: ExportGuild(context.Background(), db, guildID).
func (db *DB) Export(guildID string) (*Export, error) {
	return ExportGuild(context.Background(), db, guildID)
}

// Import replaces all data of the guild e.Guild.GuildID with e: ImportGuild(context.Background(), db, e).
func (db *DB) Import(e *Export) error {
	return ImportGuild(context.Background(), db, e)
}

// SetGuild moves the export to another guild: it sets the guild ID of the settings and of every record,
// so that Import writes it under guildID.
func (e *Export) SetGuild(guildID string) {
	e.Guild.GuildID = guildID
	for _, c := range e.Characters {
		if c != nil {
			c.GuildID = guildID
		}
	}
	for _, enc := range e.Encounters {
		if enc != nil {
			enc.GuildID = guildID
		}
	}
	for _, l := range e.Logs {
		if l != nil {
			l.GuildID = guildID
		}
	}
	for _, m := range e.Macros {
		if m != nil {
			m.GuildID = guildID
		}
	}
}

// Validate checks what Import needs: the format and version, valid IDs and names, unique character IDs,
// names unique per owner, active pointers to characters of the export, unique channels, valid JSON, record
// sizes, and records that belong to e.Guild.GuildID (or name no guild). Errors wrap ErrBadExport.
func (e *Export) Validate() error {
	bad := func(format string, args ...any) error {
		return &Error{Err: ErrBadExport, Detail: fmt.Sprintf(format, args...)}
	}
	switch {
	case e == nil:
		return bad("no export")
	case e.Format != ExportFormat:
		return bad("format is %q, want %q", e.Format, ExportFormat)
	case e.Version < 1:
		return bad("version %d", e.Version)
	case e.Version > ExportVersion:
		return bad("version %d is newer than this rulekeeper (%d)", e.Version, ExportVersion)
	case !validID(e.Guild.GuildID):
		return bad("guild ID %q", e.Guild.GuildID)
	}
	guild := e.Guild.GuildID
	sameGuild := func(id string) bool { return id == "" || id == guild }
	if _, err := encode(guildRecord{V: recordVersion, Guild: e.Guild}); err != nil {
		return bad("guild settings: %v", err)
	}
	ids := map[string]bool{}
	names := map[[2]string]bool{}
	for i, c := range e.Characters {
		switch {
		case c == nil:
			return bad("characters[%d] is null", i)
		case !validID(c.ID):
			return bad("characters[%d]: ID %q", i, c.ID)
		case ids[c.ID]:
			return bad("characters[%d]: ID %q appears twice", i, c.ID)
		case !sameGuild(c.GuildID):
			return bad("characters[%d]: guild %q in an export of guild %q", i, c.GuildID, guild)
		case !validID(c.OwnerID):
			return bad("characters[%d]: owner ID %q", i, c.OwnerID)
		case !validName(c.Name):
			return bad("characters[%d]: name %q", i, c.Name)
		case names[[2]string{c.OwnerID, FoldName(c.Name)}]:
			return bad("characters[%d]: owner %q has two characters named %q", i, c.OwnerID, c.Name)
		case c.System != "" && !validID(c.System):
			return bad("characters[%d]: system %q", i, c.System)
		}
		if _, err := encode(characterRecord{V: recordVersion, Character: *c}); err != nil {
			return bad("characters[%d]: %v", i, err)
		}
		ids[c.ID] = true
		names[[2]string{c.OwnerID, FoldName(c.Name)}] = true
	}
	for user, id := range e.Active {
		switch {
		case !validID(user):
			return bad("active: user ID %q", user)
		case !ids[id]:
			return bad("active: user %q points at character %q, which is not in the export", user, id)
		}
	}
	for user, chans := range e.ChannelActive {
		for channel, id := range chans {
			switch {
			case validChannelPair(user, channel) != nil:
				return bad("channel_active: user ID %q, channel ID %q", user, channel)
			case !ids[id]:
				return bad("channel_active: user %q points at character %q, which is not in the export", user, id)
			}
		}
	}
	channels := map[string]bool{}
	for i, enc := range e.Encounters {
		switch {
		case enc == nil:
			return bad("encounters[%d] is null", i)
		case !validID(enc.ChannelID):
			return bad("encounters[%d]: channel ID %q", i, enc.ChannelID)
		case channels[enc.ChannelID]:
			return bad("encounters[%d]: channel %q appears twice", i, enc.ChannelID)
		case !sameGuild(enc.GuildID):
			return bad("encounters[%d]: guild %q in an export of guild %q", i, enc.GuildID, guild)
		}
		if _, err := encode(encounterRecord{V: recordVersion, Encounter: *enc}); err != nil {
			return bad("encounters[%d]: %v", i, err)
		}
		channels[enc.ChannelID] = true
	}
	if err := e.validateLogs(bad, sameGuild); err != nil {
		return err
	}
	return e.validateMacros(bad, sameGuild)
}

// validateMacros checks the macros of an export: owners, names unique per owner, commands, record sizes.
func (e *Export) validateMacros(bad func(string, ...any) error, sameGuild func(string) bool) error {
	seen := map[[2]string]bool{}
	for i, m := range e.Macros {
		if m == nil {
			return bad("macros[%d] is null", i)
		}
		key := [2]string{m.OwnerID, FoldName(m.Name)}
		switch {
		case !sameGuild(m.GuildID):
			return bad("macros[%d]: guild %q in an export of guild %q", i, m.GuildID, e.Guild.GuildID)
		case seen[key]:
			return bad("macros[%d]: owner %q has two macros named %q", i, m.OwnerID, m.Name)
		}
		rec, err := checkMacro(m, e.Guild.GuildID, time.Time{}, true)
		if err == nil {
			_, err = encodeMacro(rec)
		}
		if err != nil {
			return bad("macros[%d]: %v", i, err)
		}
		seen[key] = true
	}
	return nil
}

// validateLogs checks the logs of an export: valid and unique IDs, one open log per channel, record sizes.
func (e *Export) validateLogs(bad func(string, ...any) error, sameGuild func(string) bool) error {
	ids := map[string]bool{}
	open := map[string]bool{}
	for i, l := range e.Logs {
		switch {
		case l == nil:
			return bad("logs[%d] is null", i)
		case !validID(l.ID) || !validID(l.ChannelID):
			return bad("logs[%d]: ID %q, channel %q", i, l.ID, l.ChannelID)
		case ids[l.ID]:
			return bad("logs[%d]: ID %q appears twice", i, l.ID)
		case l.Open && open[l.ChannelID]:
			return bad("logs[%d]: channel %q has two open logs", i, l.ChannelID)
		case !sameGuild(l.GuildID):
			return bad("logs[%d]: guild %q in an export of guild %q", i, l.GuildID, e.Guild.GuildID)
		}
		rec := *l
		if rec.Entries != nil {
			entries, n, err := compactEntries(rec.Entries)
			if err != nil {
				return bad("logs[%d]: %v", i, err)
			}
			rec.Count, rec.Bytes = len(entries), n
		}
		if _, err := encodeLog(rec); err != nil {
			return bad("logs[%d]: %v", i, err)
		}
		ids[l.ID] = true
		open[l.ChannelID] = open[l.ChannelID] || l.Open
	}
	return nil
}

// ReadExport decodes and validates an export. Unknown fields are an error, so a typo cannot silently drop data.
func ReadExport(r io.Reader) (*Export, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var e Export
	if err := dec.Decode(&e); err != nil {
		return nil, &Error{Err: ErrBadExport, Detail: "not export JSON", Cause: err}
	}
	if dec.More() {
		return nil, &Error{Err: ErrBadExport, Detail: "data after the export"}
	}
	if err := e.Validate(); err != nil {
		return nil, err
	}
	return &e, nil
}

// WriteJSON writes the export as indented JSON, the format ReadExport reads.
func (e *Export) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(e)
}
