package console

import (
	"os"
	"path/filepath"
	"strings"

	"rulekeeper/bot"
	"rulekeeper/locales"
)

// tableResult is the JSON result of the console's own lines (`as`, `gm on|off`, `version`).
type tableResult struct {
	User    string `json:"user,omitempty"`
	GM      bool   `json:"gm"`
	Version string `json:"version,omitempty"`
}

// printer is the console's own language (the --locale choice).
func (c *Console) printer() *locales.Printer {
	return locales.For(locales.Choose(c.Bot.Language(), c.Locale))
}

// table answers the lines that play a whole table in one session, or returns nil for any other line:
// `as NAME` (or `/as user:NAME`) switches the acting user, `gm on|off` makes them a GM or not, `version`
// prints the build's version.
func (c *Console) table(line string) *bot.Reply {
	p := c.printer()
	word, rest, _ := strings.Cut(line, " ")
	rest = strings.TrimSpace(rest)
	switch word {
	case "as", "/as":
		name := strings.TrimSpace(strings.TrimPrefix(rest, "user:"))
		name = strings.Trim(name, `"`)
		if name == "" || strings.ContainsAny(name, " \t") {
			return &bot.Reply{Body: p.T("core.console.as_usage"), Ephemeral: true, ErrorCode: "core.console.as_usage"}
		}
		c.UserID = name
		c.last = nil // another user's buttons are not this one's to press
		return &bot.Reply{Body: p.T("core.console.as", "User", name), Ephemeral: true, Result: tableResult{User: name, GM: c.GM}}
	case "gm":
		switch rest {
		case "on", "off":
			c.GM = rest == "on"
			key := "core.console.gm_off"
			if c.GM {
				key = "core.console.gm_on"
			}
			return &bot.Reply{Body: p.T(key, "User", c.UserID), Ephemeral: true, Result: tableResult{User: c.UserID, GM: c.GM}}
		}
		return &bot.Reply{Body: p.T("core.console.gm_usage"), Ephemeral: true, ErrorCode: "core.console.gm_usage"}
	case "version":
		if rest == "" {
			return &bot.Reply{Body: "rulekeeper " + c.Version, Result: tableResult{Version: c.Version, GM: c.GM}}
		}
	}
	return nil
}

// saveFiles writes the reply's attachments into c.Out (when set) and returns their paths; a file that cannot be
// written is reported in its place.
func (c *Console) saveFiles(r *bot.Reply) []string {
	if len(r.Files) == 0 {
		return nil
	}
	if c.Out == "" && c.TempOut {
		dir, err := os.MkdirTemp("", "rulekeeper-")
		if err != nil {
			return []string{c.printer().T("core.err.write_file", "Path", os.TempDir())}
		}
		c.Out = dir
	}
	if c.Out == "" {
		return nil
	}
	var paths []string
	for _, f := range r.Files {
		path := filepath.Join(c.Out, filepath.Base(f.Name))
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			paths = append(paths, c.printer().T("core.err.write_file", "Path", path))
			continue
		}
		paths = append(paths, path)
	}
	return paths
}
