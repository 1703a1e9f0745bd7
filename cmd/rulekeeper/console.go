package main

import (
	"context"
	"os"
	"os/signal"
	"path/filepath"

	"github.com/chzyer/readline"

	"rulekeeper/bot"
)

// ConsoleCmd reads slash-command lines from stdin and answers them as the bot would on Discord.
type ConsoleCmd struct {
	DiceFlags
	JSON    bool   `name:"json" help:"${help_json}"`
	User    string `help:"${help_user}" default:"local"`
	Guild   string `help:"${help_guild}" default:"local"`
	Channel string `help:"${help_channel}" default:"console"`
	GM      bool   `name:"gm" help:"${help_gm}"`
}

// Run serves the console until EOF, "exit" or Ctrl-C. With a terminal it shows a prompt and keeps history.
func (c *ConsoleCmd) Run(g *Globals) error {
	newRoller, err := c.Roller()
	if err != nil {
		return err
	}
	db, err := g.OpenStore()
	if err != nil {
		return err
	}
	defer db.Close()
	if stop, err := serveAdmin(db); err == nil {
		defer stop()
	}
	b := bot.New(bot.Config{Dice: newRoller, Logger: g.Logger(), Language: g.Locale, Store: db})
	con := &bot.Console{Bot: b, UserID: c.User, GuildID: c.Guild, ChannelID: c.Channel, Locale: g.Locale, GM: c.GM, JSON: c.JSON}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if !readline.IsTerminal(int(os.Stdin.Fd())) {
		return con.Run(ctx, os.Stdin, os.Stdout)
	}
	return interactive(con)
}

// interactive runs the console with a prompt and a history file in the user's cache directory.
func interactive(con *bot.Console) error {
	history := ""
	if dir, err := os.UserCacheDir(); err == nil {
		if os.MkdirAll(filepath.Join(dir, "rulekeeper"), 0o700) == nil {
			history = filepath.Join(dir, "rulekeeper", "console_history")
		}
	}
	rl, err := readline.NewEx(&readline.Config{Prompt: "rulekeeper> ", HistoryFile: history})
	if err != nil {
		return err
	}
	defer rl.Close()
	for {
		line, err := rl.Readline()
		if err != nil { // io.EOF or Ctrl-C
			return nil
		}
		if !con.Exec(line, rl.Stdout()) {
			return nil
		}
	}
}
