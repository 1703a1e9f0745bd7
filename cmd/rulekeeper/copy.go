package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"rulekeeper/bot"
	"rulekeeper/store"
)

// CopyCmd copies every guild from one store into another: bbolt to PostgreSQL to move a bot onto a shared
// database, PostgreSQL to bbolt for a file backup, or any other pair.
type CopyCmd struct {
	From string `help:"${help_copy_from}" placeholder:"FILE|URL"`
	To   string `help:"${help_copy_to}" required:"" placeholder:"FILE|URL"`
}

// Run copies guild by guild: each guild is read in one consistent transaction and replaces the same guild in
// the target in one transaction. The target's schema is migrated first; the source is left as it is.
func (c *CopyCmd) Run(g *Globals) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	from := resolveTarget(c.From)
	if c.From == "" {
		var err error
		if from, err = g.StoreTarget(); err != nil {
			return err
		}
	}
	to := resolveTarget(c.To)
	if from == to {
		return bot.Errorf("storage.err.copy_same")
	}
	src, err := g.connect(ctx, from, true)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := g.connect(ctx, to, false)
	if err != nil {
		return err
	}
	st, err := store.Copy(ctx, src, dst, nil)
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	fmt.Println(g.Printer().T("storage.cli.copied", "Guilds", st.Guilds, "Characters", st.Characters,
		"Encounters", st.Encounters, "From", src.Target(), "To", dst.Target()))
	return nil
}
