package console

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"

	"github.com/chzyer/readline"
)

// Serve reads lines from in until EOF, "exit" or the end of ctx and writes the replies to out. When in is a
// terminal (then it is the process's standard input, and out its standard output) it shows a prompt and keeps a
// history file in the user's cache directory; Ctrl-C cancels the line being typed, Ctrl-D (on an empty line) or
// `exit` leaves.
func (c *Console) Serve(ctx context.Context, in *os.File, out io.Writer) error {
	if !readline.IsTerminal(int(in.Fd())) {
		return c.Run(ctx, in, out)
	}
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
	for ctx.Err() == nil {
		line, err := rl.Readline()
		if errors.Is(err, readline.ErrInterrupt) { // Ctrl-C: the line typed so far is dropped
			continue
		}
		if err != nil { // io.EOF: Ctrl-D
			return nil
		}
		if !c.Exec(line, rl.Stdout()) {
			return nil
		}
	}
	return nil
}
