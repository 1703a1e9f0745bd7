package storetest

import (
	"context"
	"errors"

	"rulekeeper/store"
)

// errRerun rolls back the first run of an Update under Rerun.
var errRerun = errors.New("storetest: first run, rolled back")

// Rerun wraps s so that every Update runs fn twice: first in a transaction that is rolled back whatever fn
// returns (as a backend does when the database asks for a retry), then again for real; and every View runs
// fn twice. It proves handlers meet Store's contract "fn may run more than once": a handler that accumulates
// into captured variables, or keeps a record an aborted run changed, or rolls fresh dice, answers or stores
// differently under Rerun than on s itself. Guilds and Close go to s.
func Rerun(s store.Store) store.Store { return rerun{s} }

type rerun struct{ store.Store }

func (r rerun) Update(ctx context.Context, guildID string, fn func(store.Tx) error) error {
	err := r.Store.Update(ctx, guildID, func(tx store.Tx) error {
		_ = fn(tx) // its outcome is thrown away with the transaction
		return errRerun
	})
	if err != nil && !errors.Is(err, errRerun) {
		return err // the store refused before fn (a done context, an invalid guild, closed)
	}
	return r.Store.Update(ctx, guildID, fn)
}

func (r rerun) View(ctx context.Context, guildID string, fn func(store.Tx) error) error {
	err := r.Store.View(ctx, guildID, func(tx store.Tx) error {
		_ = fn(tx)
		return errRerun
	})
	if err != nil && !errors.Is(err, errRerun) {
		return err
	}
	return r.Store.View(ctx, guildID, fn)
}
