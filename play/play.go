// Package play is what each command does to the game: it loads what a command needs from the store, applies the
// rules and saves the result, all in one store transaction, and returns data — never words. One method of Table
// per command (Attack, Cast, Damage, InitNext, …); bot turns its input into ids and numbers and its results into
// localized replies.
//
// Every method runs exactly one transaction (Update for a change, View for a read), decides the acting
// character's rule system inside it, and builds its result inside the transaction function, which may run more
// than once (a store may retry a conflicting transaction): it has no effect outside the transaction.
package play

import (
	"context"
	"errors"
	"slices"

	"rulekeeper/rules/coded"
	"rulekeeper/rules/dice"
	"rulekeeper/store"
)

// Table runs the game's commands against a store.
type Table struct {
	store store.Store
}

// New returns the table of a store. A nil store gives a table whose every command fails with core.err.no_store.
func New(s store.Store) *Table { return &Table{store: s} }

// Caller is who asks, and where.
type Caller struct {
	UserID    string
	GuildID   string // "" in direct messages: every command but reading settings fails with core.err.guild_only
	ChannelID string // the channel's encounter is the one commands see
	RoleIDs   []string
	// ManageServer: the caller may manage the guild (change settings; a GM everywhere).
	ManageServer bool
	// GM: the caller runs the game here (Manage Server, or the guild's GM role). Table.Guild tells it.
	GM bool
}

// Settings are a guild's settings (reply language, GM role, crit rule, default system, area method, house rules).
type Settings = store.Guild

// MaxNameLen is the longest character name the store keeps, in bytes.
const MaxNameLen = store.MaxNameLen

// Guild reads the caller's guild settings and says whether the caller is a GM there. Outside a guild, or without
// a store, it returns empty settings and the caller's Manage Server.
func (t *Table) Guild(ctx context.Context, c Caller) (Settings, bool, error) {
	g, gm, _, err := t.Here(ctx, c)
	return g, gm, err
}

// Here is Guild, and whether the caller's channel records a running session log, in the same read (the bot asks
// once per request, so that a reply costs nothing more in a channel without a log).
func (t *Table) Here(ctx context.Context, c Caller) (g Settings, gm, recording bool, err error) {
	g = Settings{GuildID: c.GuildID}
	if t != nil && t.store != nil && c.GuildID != "" {
		err = t.store.View(ctx, c.GuildID, func(tx store.Tx) error {
			var err error
			if g, err = tx.Guild(); err != nil {
				return err
			}
			recording, err = runningLog(tx, c.ChannelID)
			return err
		})
		if err != nil {
			g, recording = Settings{GuildID: c.GuildID}, false
		}
	}
	return g, isGM(c, g), recording, storeErr(err)
}

// isGM: Manage Server, or the guild's GM role.
func isGM(c Caller, g Settings) bool {
	return c.ManageServer || (g.GMRole != "" && slices.Contains(c.RoleIDs, g.GMRole))
}

// Ready refuses a caller outside a guild (core.err.guild_only) and a table without a store (core.err.no_store):
// what every command but reading settings checks first.
func (t *Table) Ready(c Caller) error { return t.ready(c) }

// ready refuses a caller outside a guild and a table without a store.
func (t *Table) ready(c Caller) error {
	if c.GuildID == "" {
		return fail("core.err.guild_only")
	}
	if t == nil || t.store == nil {
		return fail("core.err.no_store")
	}
	return nil
}

// update runs fn in one write transaction of the caller's guild, then saves what fn changed through the scene.
func (t *Table) update(ctx context.Context, c Caller, r dice.Roller, fn func(s *scene) error) error {
	if err := t.ready(c); err != nil {
		return err
	}
	tp := newTape(r)
	return storeErr(t.store.Update(ctx, c.GuildID, func(tx store.Tx) error {
		rewind(tp) // a retried run replays the dice of the run before
		s := newScene(tx, c, tp)
		if err := fn(s); err != nil {
			return err
		}
		return s.flush()
	}))
}

// view runs fn in one read transaction of the caller's guild (a check still rolls dice: r).
func (t *Table) view(ctx context.Context, c Caller, r dice.Roller, fn func(s *scene) error) error {
	if err := t.ready(c); err != nil {
		return err
	}
	tp := newTape(r)
	return storeErr(t.store.View(ctx, c.GuildID, func(tx store.Tx) error {
		rewind(tp)
		return fn(newScene(tx, c, tp))
	}))
}

// fail is play's own error: a catalog key and its template data as name/value pairs.
func fail(code string, kv ...any) error { return coded.New(code, kv...) }

// storeErr turns a store error into a rules-style error with its catalog key and data, so that callers render
// every error of play the same way; other errors pass unchanged.
func storeErr(err error) error {
	var ce *coded.Error
	var de *dice.Error
	if err == nil || errors.As(err, &ce) || errors.As(err, &de) {
		return err
	}
	if code := store.Code(err); code != "" {
		return coded.New(code, store.Args(err)...)
	}
	return err
}

// Errors callers may match with errors.Is.
var (
	// ErrNoActive: the caller has no active character in the guild.
	ErrNoActive = coded.Code("char.err.no_active")
	// ErrNotFound: no character by that name.
	ErrNotFound = coded.Code("char.err.not_found")
)
