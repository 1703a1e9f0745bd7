// Command rulekeeper is the Discord dice-and-rules bot: serve it on Discord, try it in a console, roll from the shell.
package main

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"

	"github.com/alecthomas/kong"

	"rulekeeper/bot"
	"rulekeeper/fetch"
	"rulekeeper/locales"
	"rulekeeper/rules/dice"
	"rulekeeper/store"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

// Globals are the flags every command shares.
type Globals struct {
	Config   kong.ConfigFlag `help:"${help_config}" placeholder:"FILE"`
	Locale   string          `help:"${help_locale}" env:"RULEKEEPER_LOCALE" placeholder:"LANG"`
	DB       string          `name:"db" help:"${help_db}" default:"rulekeeper.db" env:"RULEKEEPER_DB" type:"path"`
	Store    string          `name:"store" help:"${help_store}" env:"RULEKEEPER_STORE,RULEKEEPER_DATABASE_URL" placeholder:"FILE|URL"`
	PoolSize int             `name:"pool-size" help:"${help_pool_size}" env:"RULEKEEPER_POOL_SIZE" placeholder:"N"`
	LogLevel string          `help:"${help_log_level}" default:"info" enum:"debug,info,warn,error" env:"RULEKEEPER_LOG_LEVEL"`
	DDBURL   string          `name:"ddb-url" help:"${help_ddb_url}" default:"https://character-service.dndbeyond.com/character/v5/character" env:"RULEKEEPER_DDB_URL" placeholder:"URL"`
}

// DDB is the bounded D&D Beyond download of `/sheet import url:` (--ddb-url; at most fetch.MaxSize bytes in
// fetch.DefaultTimeout).
func (g *Globals) DDB() bot.CharacterSource { return fetch.DDB{Base: g.DDBURL} }

// DiceFlags force the dice of a run: a seed makes it reproducible, a face list fixes every die in order.
type DiceFlags struct {
	Seed *uint64 `help:"${help_seed}" placeholder:"N"`
	Dice string  `help:"${help_dice}" placeholder:"6,2,5,1"`
}

// Roller returns the single roller of the run: scripted faces, a seed, or the production generator (nil).
func (d DiceFlags) Roller() (func() dice.Roller, error) {
	switch {
	case d.Dice != "":
		faces, err := dice.ParseFaces(d.Dice)
		if err != nil {
			return nil, err
		}
		r := dice.NewScripted(faces)
		return func() dice.Roller { return r }, nil
	case d.Seed != nil:
		r := dice.NewSeeded(*d.Seed)
		return func() dice.Roller { return r }, nil
	}
	return nil, nil
}

// Logger is the process logger on stderr.
func (g *Globals) Logger() *slog.Logger {
	var lvl slog.Level
	_ = lvl.UnmarshalText([]byte(g.LogLevel))
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: lvl}))
}

// Printer is the language of the CLI's own messages.
func (g *Globals) Printer() *locales.Printer {
	return locales.For(locales.Choose(g.Locale, os.Getenv("LC_ALL"), os.Getenv("LANG")))
}

// CLI is the command line: one field per command.
type CLI struct {
	Globals

	Serve    ServeCmd    `cmd:"" help:"${help_serve}"`
	Register RegisterCmd `cmd:"" help:"${help_register}"`
	Console  ConsoleCmd  `cmd:"" help:"${help_console}"`
	Roll     RollCmd     `cmd:"" help:"${help_roll}"`
	Stats    StatsCmd    `cmd:"" help:"${help_stats}"`
	Backup   BackupCmd   `cmd:"" help:"${help_backup}"`
	Export   ExportCmd   `cmd:"" help:"${help_export}"`
	Import   ImportCmd   `cmd:"" help:"${help_import}"`
	Copy     CopyCmd     `cmd:"" help:"${help_copy}"`
	Migrate  MigrateCmd  `cmd:"" help:"${help_migrate}"`
	Version  VersionCmd  `cmd:"" help:"${help_version}"`
}

// VersionCmd prints the version.
type VersionCmd struct{}

// Run prints the version.
func (VersionCmd) Run() error {
	fmt.Println("rulekeeper", versionString())
	return nil
}

func main() {
	os.Exit(run(os.Args[1:]))
}

// run parses args and runs the chosen command; it returns the exit code.
func run(args []string) int {
	p := locales.For(cliLang(args))
	var cli CLI
	parser, err := newParser(&cli, p)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	code := 0
	func() {
		defer func() {
			if r := recover(); r != nil {
				if c, ok := r.(exitCode); ok {
					code = int(c)
					return
				}
				panic(r)
			}
		}()
		ctx, err := parser.Parse(args)
		if err != nil {
			fmt.Fprintln(os.Stderr, p.T("cli.usage_error", "Error", err.Error()))
			code = 2
			return
		}
		ctx.Bind(&cli.Globals)
		if err := ctx.Run(&cli.Globals); err != nil {
			var ex exitCode
			if !errors.As(err, &ex) {
				fmt.Fprintln(os.Stderr, bot.ErrorText(cli.Globals.Printer(), worded(err)))
				ex = 1
			}
			code = int(ex)
		}
	}()
	return code
}

// newParser builds the kong parser over cli with help text in p's language.
func newParser(cli *CLI, p *locales.Printer) (*kong.Kong, error) {
	return kong.New(cli,
		kong.Name("rulekeeper"),
		kong.Description(p.T("cli.description")),
		kong.UsageOnError(),
		kong.Configuration(tomlLoader, defaultConfigFile),
		kong.Vars(helpVars(p)),
		kong.Vars(discordHelpVars(p)),
		kong.Vars(statsHelpVars(p)),
		kong.Vars(storeHelpVars(p)),
		kong.Exit(func(code int) { panic(exitCode(code)) }),
	)
}

// worded gives a store error (a locked, empty or unopenable file…) its catalog key and data, so that the CLI
// says it in words; other errors pass unchanged.
func worded(err error) error {
	if code := store.Code(err); code != "" {
		return bot.Errorf(code, store.Args(err)...)
	}
	return err
}

// exitCode ends a command with a status and no further message.
type exitCode int

func (e exitCode) Error() string { return fmt.Sprintf("exit %d", int(e)) }

// cliLang picks the language of help and usage text before flags are parsed: --locale, then the environment.
func cliLang(args []string) locales.Lang {
	for i, a := range args {
		if v, ok := strings.CutPrefix(a, "--locale="); ok {
			return locales.Choose(v)
		}
		if a == "--locale" && i+1 < len(args) {
			return locales.Choose(args[i+1])
		}
	}
	return locales.Choose(os.Getenv("RULEKEEPER_LOCALE"), os.Getenv("LC_ALL"), os.Getenv("LANG"))
}

// helpVars supplies the localized help strings that the struct tags name as ${help_…}.
func helpVars(p *locales.Printer) kong.Vars {
	return kong.Vars{
		"version":           version,
		"help_config":       p.T("cli.help.config"),
		"help_locale":       p.T("cli.help.locale"),
		"help_db":           p.T("cli.help.db"),
		"help_ddb_url":      p.T("cli.help.ddb_url"),
		"help_log_level":    p.T("cli.help.log_level"),
		"help_seed":         p.T("cli.help.seed"),
		"help_dice":         p.T("cli.help.dice"),
		"help_json":         p.T("cli.help.json"),
		"help_console":      p.T("cli.help.console"),
		"help_roll":         p.T("cli.help.roll"),
		"help_roll_expr":    p.T("cli.help.roll_expr"),
		"help_version":      p.T("cli.help.version"),
		"help_user":         p.T("cli.help.user"),
		"help_guild":        p.T("cli.help.guild"),
		"help_channel":      p.T("cli.help.channel"),
		"help_gm":           p.T("cli.help.gm"),
		"help_out":          p.T("cli.help.out"),
		"help_backup":       p.T("cli.help.backup"),
		"help_backup_out":   p.T("cli.help.backup_out"),
		"help_export":       p.T("cli.help.export"),
		"help_export_out":   p.T("cli.help.export_out"),
		"help_import":       p.T("cli.help.import"),
		"help_import_file":  p.T("cli.help.import_file"),
		"help_import_check": p.T("cli.help.import_check"),
	}
}
