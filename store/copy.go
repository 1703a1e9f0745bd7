package store

import (
	"context"
	"fmt"
)

// CopyStats says what Copy moved.
type CopyStats struct {
	Guilds     int
	Characters int
	Encounters int
}

// Copy copies every guild of from into to: for each guild that holds data in from, one consistent View of it
// (ExportGuild) and one Update that replaces that guild in to (ImportGuild). Records arrive byte-identical
// (same IDs, names, sheets and timestamps), between any two backends. Guilds of to that from does not hold are
// left alone. A copy that fails half-way has replaced some guilds whole and not touched the others; running it
// again finishes it. progress, when set, is called after each guild.
func Copy(ctx context.Context, from, to Store, progress func(guild string, e *Export)) (CopyStats, error) {
	var st CopyStats
	guilds, err := from.Guilds(ctx)
	if err != nil {
		return st, err
	}
	for _, g := range guilds {
		e, err := ExportGuild(ctx, from, g)
		if err != nil {
			return st, fmt.Errorf("store: copy guild %s: %w", g, err)
		}
		if err := ImportGuild(ctx, to, e); err != nil {
			return st, fmt.Errorf("store: copy guild %s: %w", g, err)
		}
		st.Guilds++
		st.Characters += len(e.Characters)
		st.Encounters += len(e.Encounters)
		if progress != nil {
			progress(g, e)
		}
	}
	return st, nil
}
