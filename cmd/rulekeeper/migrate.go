package main

import (
	"context"
	"fmt"
)

// MigrateCmd brings the store's schema up to this rulekeeper without serving: operators run it before a
// rolling upgrade. It is idempotent, and safe while other processes serve: an additive migration leaves older
// replicas running; one that older code cannot follow makes them refuse the database (and fail /readyz).
type MigrateCmd struct{}

// Run migrates and prints the schema version before and after.
func (MigrateCmd) Run(g *Globals) error {
	target, err := g.StoreTarget()
	if err != nil {
		return err
	}
	ctx := context.Background()
	b, err := g.connect(ctx, target, true)
	if err != nil {
		return err
	}
	defer b.Close()
	before, after, err := b.Migrate(ctx)
	if err != nil {
		return err
	}
	p := g.Printer()
	if before.Version == after.Version {
		fmt.Println(p.T("storage.cli.migrate_current", "Target", b.Target(), "Version", after.Version))
		return nil
	}
	fmt.Println(p.T("storage.cli.migrated", "Target", b.Target(), "From", before.Version, "To", after.Version))
	return nil
}
