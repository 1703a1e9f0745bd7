package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"rulekeeper/bot"
	"rulekeeper/play"
	"rulekeeper/store"
)

// OpenStore opens the store of --store (a bbolt file or a postgres:// URL) or --db with store.Connect, running
// pending migrations, with the --pool-size of a PostgreSQL pool.
func (g *Globals) OpenStore(ctx context.Context) (store.Backend, error) {
	target, err := g.StoreTarget()
	if err != nil {
		return nil, err
	}
	return g.connect(ctx, target, false)
}

// fileTarget is the bbolt file that --store or --db names, for the admin socket of the process that holds it.
func (g *Globals) fileTarget() string {
	if t, err := g.StoreTarget(); err == nil {
		return t
	}
	return g.DB
}

// BackupCmd writes a consistent copy of the database while the bot may keep running.
type BackupCmd struct {
	Out string `help:"${help_backup_out}" required:"" type:"path"`
}

// Run writes the backup.
func (c *BackupCmd) Run(g *Globals) error {
	ctx := context.Background()
	db, err := g.OpenStore(ctx)
	switch {
	case errors.Is(err, store.ErrLocked):
		// A running rulekeeper holds the file: ask it to write the backup.
		if err := remoteBackup(g.fileTarget(), c.Out); err != nil {
			return err
		}
	case err != nil:
		return err
	default:
		defer db.Close()
		if err := store.BackupTo(ctx, db, c.Out); err != nil { // PostgreSQL: guild by guild into a bbolt file
			return err
		}
	}
	fmt.Println(g.Printer().T("cli.backup_done", "Path", c.Out))
	return nil
}

// ExportCmd prints one guild's data as JSON (README "Export format").
type ExportCmd struct {
	Guild string `help:"${help_guild}" required:""`
	Out   string `help:"${help_export_out}" type:"path" default:"-"`
}

// Run writes the export to --out ("-" is stdout); while a rulekeeper serves the file, it asks that one.
func (c *ExportCmd) Run(g *Globals) error {
	var w io.Writer = os.Stdout
	if c.Out != "-" {
		f, err := os.OpenFile(c.Out, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	ctx := context.Background()
	db, err := g.OpenStore(ctx)
	if errors.Is(err, store.ErrLocked) {
		return remoteExport(g.fileTarget(), c.Guild, w)
	}
	if err != nil {
		return err
	}
	defer db.Close()
	e, err := store.ExportGuild(ctx, db, c.Guild)
	if err != nil {
		return err
	}
	return e.WriteJSON(w)
}

// ImportCmd replaces one guild's data with an export file.
type ImportCmd struct {
	File  string `arg:"" help:"${help_import_file}" type:"existingfile"`
	Check bool   `name:"check" help:"${help_import_check}"`
}

// Run reads the file, checks every record with the rules (play.ValidateImport: each bad record is named, and
// nothing is imported), and imports it in one transaction; --check stops before writing.
func (c *ImportCmd) Run(g *Globals) error {
	f, err := os.Open(c.File)
	if err != nil {
		return err
	}
	defer f.Close()
	e, err := store.ReadExport(f)
	if err != nil {
		return err
	}
	p := g.Printer()
	if err := e.Validate(); err != nil {
		return err
	}
	var bad play.ImportErrors
	if err := play.ValidateImport(e); errors.As(err, &bad) {
		for _, r := range bad {
			fmt.Fprintln(os.Stderr, p.T("cli.import_bad_record", "Record", r.Record, "Name", r.Name, "Error", bot.ErrorText(p, r.Err)))
		}
		fmt.Fprintln(os.Stderr, p.T("cli.import_refused"))
		return exitCode(1)
	}
	if c.Check {
		fmt.Println(p.T("cli.import_valid", "Guild", e.Guild.GuildID, "Count", len(e.Characters), "Encounters", len(e.Encounters)))
		return nil
	}
	ctx := context.Background()
	db, err := g.OpenStore(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := store.ImportGuild(ctx, db, e); err != nil { // one transaction: on PostgreSQL while replicas serve
		return err
	}
	fmt.Println(g.Printer().T("cli.import_done", "Guild", e.Guild.GuildID, "Count", len(e.Characters)))
	return nil
}
