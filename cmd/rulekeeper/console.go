package main

import (
	"context"
	"os"
	"os/signal"

	"rulekeeper/bot"
	"rulekeeper/bot/console"
	"rulekeeper/play"
	"rulekeeper/store"
)

// ConsoleCmd reads slash-command lines from stdin and answers them as the bot would on Discord.
type ConsoleCmd struct {
	DiceFlags
	JSON    bool   `name:"json" help:"${help_json}"`
	User    string `help:"${help_user}" default:"local"`
	Guild   string `help:"${help_guild}" default:"local"`
	Channel string `help:"${help_channel}" default:"console"`
	GM      bool   `name:"gm" help:"${help_gm}"`
	Out     string `name:"out" help:"${help_out}" type:"path" placeholder:"DIR"`
}

// Run serves the console until EOF, "exit" or Ctrl-C. With a terminal it shows a prompt and keeps history.
func (c *ConsoleCmd) Run(g *Globals) error {
	newRoller, err := c.Roller()
	if err != nil {
		return err
	}
	db, err := g.OpenStore(context.Background())
	if err != nil {
		return err
	}
	defer db.Close()
	if file, ok := db.(*store.DB); ok { // a PostgreSQL store needs no socket: backup and export connect to it
		if stop, err := serveAdmin(file); err == nil {
			defer stop()
		}
	}
	b := bot.New(bot.Config{Dice: newRoller, Logger: g.Logger(), Language: g.Locale, Table: play.New(db), DDB: g.DDB()})
	if c.Out != "" {
		if err := os.MkdirAll(c.Out, 0o755); err != nil {
			return err
		}
	}
	con := &console.Console{Bot: b, UserID: c.User, GuildID: c.Guild, ChannelID: c.Channel, Locale: g.Locale, GM: c.GM,
		JSON: c.JSON, Out: c.Out, TempOut: c.Out == "", Version: versionString()}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return con.Serve(ctx, os.Stdin, os.Stdout)
}
