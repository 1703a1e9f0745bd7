package main

import (
	"context"
	"path/filepath"

	"github.com/alecthomas/kong"

	"rulekeeper/bot"
	"rulekeeper/locales"
	"rulekeeper/store"
)

// defaultDB is --db's default: `--store` may only be given with a --db left at it (or naming the same file).
const defaultDB = "rulekeeper.db"

// storeHelpVars supplies the localized help of --store, --pool-size, copy and migrate.
func storeHelpVars(p *locales.Printer) kong.Vars {
	return kong.Vars{
		"help_store":     p.T("storage.cli.help.store"),
		"help_pool_size": p.T("storage.cli.help.pool_size"),
		"help_copy":      p.T("storage.cli.help.copy"),
		"help_copy_from": p.T("storage.cli.help.copy_from"),
		"help_copy_to":   p.T("storage.cli.help.copy_to"),
		"help_migrate":   p.T("storage.cli.help.migrate"),
	}
}

// StoreTarget is the store the commands use: --store (a bbolt file path or a postgres:// URL; env
// RULEKEEPER_STORE or RULEKEEPER_DATABASE_URL), else the --db file. --store is a plain string, not a kong path,
// which would turn postgres://h/db into /cwd/postgres:/h/db; file paths are made absolute here.
func (g *Globals) StoreTarget() (string, error) {
	if g.Store == "" {
		return g.DB, nil
	}
	target := resolveTarget(g.Store)
	if def, _ := filepath.Abs(defaultDB); g.DB != def && g.DB != target {
		return "", bot.Errorf("storage.err.store_and_db")
	}
	return target, nil
}

// resolveTarget makes a file path absolute and leaves a URL alone.
func resolveTarget(t string) string {
	if store.IsURL(t) {
		return t
	}
	if abs, err := filepath.Abs(t); err == nil {
		return abs
	}
	return t
}

// connect opens target with the global pool size; noMigrate leaves a PostgreSQL schema as it is.
func (g *Globals) connect(ctx context.Context, target string, noMigrate bool) (store.Backend, error) {
	return store.Connect(ctx, target, store.Options{PoolSize: g.PoolSize, NoMigrate: noMigrate})
}
