// Package console is rulekeeper's console transport: it reads the same slash-command lines a Discord user types,
// parses them against the bot's command table and prints the replies as text or JSON — with a prompt and history
// on a terminal.
package console

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"rulekeeper/bot"
	"rulekeeper/locales"
)

// Console is the stdin transport: it reads the same slash-command lines a Discord user types
// (`/roll expr:4d6kh3 repeat:6`, `/sheet create name:Aria`) and prints the replies as text or JSON.
type Console struct {
	Bot       *bot.Bot
	UserID    string
	GuildID   string
	ChannelID string
	Locale    string
	GM        bool   // the acting user is a GM and has Manage Server
	JSON      bool   // one JSON object per reply per line
	Out       string // the directory the replies' files (stats.png, exports …) are written to; "" keeps them unwritten
	TempOut   bool   // with Out "", the first file makes a new temporary directory for Out (its path is shown)
	Version   string // what the `version` line prints

	last *bot.Reply // the last reply, whose buttons `click N` presses
}

// consoleLine is one console reply as JSON.
type consoleLine struct {
	To        string   `json:"to,omitempty"` // a post to another channel: its id (Reply.Posts; the text marks the GM channel)
	Text      string   `json:"text"`
	Ephemeral bool     `json:"ephemeral"`
	Mention   string   `json:"mention,omitempty"` // the user the reply pings (Reply.Mention)
	Error     string   `json:"error,omitempty"`
	Result    any      `json:"result,omitempty"`
	Files     []string `json:"files,omitempty"` // where the reply's files were written (--out)
}

// Run reads lines from in until EOF (or "exit"/"quit") and writes each reply to out.
func (c *Console) Run(ctx context.Context, in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		if ctx.Err() != nil {
			return nil
		}
		if !c.Exec(sc.Text(), out) {
			return nil
		}
	}
	return sc.Err()
}

// Exec answers one line and writes the reply; it reports false when the line asks to leave.
func (c *Console) Exec(line string, out io.Writer) bool {
	line = strings.TrimSpace(line)
	switch {
	case line == "" || strings.HasPrefix(line, "#"):
		return true
	case line == "exit" || line == "quit":
		return false
	}
	if r := c.table(line); r != nil {
		c.write(out, r)
		return true
	}
	c.write(out, c.Line(line))
	return true
}

// Line answers one console line.
func (c *Console) Line(line string) *bot.Reply {
	req, err := c.parse(line)
	if err != nil {
		return c.Bot.ErrorReply(c.request(), err)
	}
	if err := c.readFiles(req); err != nil {
		return c.Bot.ErrorReply(req, err)
	}
	r := c.Bot.Handle(req)
	if len(r.Buttons) > 0 {
		c.last = r
	}
	for _, p := range r.Posts {
		if p.Reply != nil && len(p.Reply.Buttons) > 0 {
			c.last = p.Reply // a secret roll's Reveal, in the GM channel
		}
	}
	return r
}

// maxConsoleFile bounds a file read for an attachment option.
const maxConsoleFile = 1 << 20

// readFiles reads the local files named by attachment options (`/sheet import file:aria.json`) into req.Files,
// as the Discord transports fetch attachments.
func (c *Console) readFiles(req *bot.Request) error {
	if req.Kind != bot.KindCommand || len(req.Path) == 0 {
		return nil
	}
	opts, _ := c.Bot.Options(req.Path)
	for _, o := range opts {
		path, ok := req.Options[o.Name].(string)
		if o.Type != bot.Attachment || !ok {
			continue
		}
		f, err := os.Open(path)
		if err != nil {
			return bot.Errorf("core.err.read_file", "Path", path)
		}
		data, err := io.ReadAll(io.LimitReader(f, maxConsoleFile+1))
		f.Close()
		if err != nil || len(data) > maxConsoleFile {
			return bot.Errorf("core.err.read_file", "Path", path)
		}
		if req.Files == nil {
			req.Files = map[string]bot.File{}
		}
		req.Files[o.Name] = bot.File{Name: filepath.Base(path), Data: data}
	}
	return nil
}

func (c *Console) request() *bot.Request {
	return &bot.Request{
		Ctx: context.Background(), UserID: c.UserID, UserName: c.UserID, GuildID: c.GuildID,
		ChannelID: c.ChannelID, Locale: c.Locale, ManageServer: c.GM, Options: map[string]any{}, Style: bot.Plain,
	}
}

// parse turns a console line into a request against the command table (bot.ParseLine, which /macro uses too).
// `click N` or `click <custom-id>` presses a button of the last reply, as a Discord user would.
func (c *Console) parse(line string) (*bot.Request, error) {
	req := c.request()
	if rest, ok := strings.CutPrefix(line, "click "); ok {
		req.Kind = bot.KindComponent
		req.CustomID = strings.TrimSpace(rest) // custom ids hold colons: taken raw, not tokenized
		if n, err := strconv.Atoi(req.CustomID); err == nil {
			if c.last == nil || n < 1 || n > len(c.last.Buttons) {
				return nil, bot.Errorf("core.err.no_button", "N", n)
			}
			req.CustomID = c.last.Buttons[n-1].CustomID
		}
		req.Message = c.last // the clicked message, as Discord sends it with a click
		return req, nil
	}
	if err := c.Bot.ParseLine(req, line); err != nil {
		return nil, err
	}
	return req, nil
}

func (c *Console) write(out io.Writer, r *bot.Reply) {
	c.writeOne(out, r, bot.Post{})
	for _, p := range r.Posts {
		if p.Reply != nil {
			c.writeOne(out, p.Reply, p)
		}
	}
}

// writeOne writes one message: the answer (to.ChannelID ""), or a post to another channel, marked.
func (c *Console) writeOne(out io.Writer, r *bot.Reply, to bot.Post) {
	files := c.saveFiles(r)
	if c.JSON {
		line := consoleLine{To: to.ChannelID, Text: RenderText(r), Ephemeral: r.Ephemeral, Mention: r.Mention, Error: r.ErrorCode, Result: r.Result, Files: files}
		b, err := json.Marshal(line)
		if err != nil {
			b, _ = json.Marshal(consoleLine{Text: RenderText(r), Ephemeral: r.Ephemeral, Error: "core.err.internal"})
		}
		out.Write(append(b, '\n'))
		return
	}
	text := RenderText(r)
	if r.Ephemeral {
		text = c.printer().T("core.console.ephemeral") + " " + text
	}
	if to.GM {
		text = c.printer().T("secret.console.to_gm") + " " + text
	} else if to.ChannelID != "" {
		text = c.printer().T("secret.console.to_channel", "Channel", to.ChannelID) + " " + text
	}
	for _, f := range files {
		text += "\n→ " + f
	}
	io.WriteString(out, text+"\n")
}

// fieldLabel joins a field's name and value with the colon of the reply's language ("示例：…"), ": " when the reply
// has none.
func fieldLabel(lang locales.Lang, name, value string) string {
	if lang == "" {
		return name + ": " + value
	}
	return locales.For(lang).Label(name, value)
}

// RenderText renders a reply as plain text (Discord markdown kept): the user it pings, title, body, fields,
// footer, buttons.
func RenderText(r *bot.Reply) string {
	var parts []string
	if r.Mention != "" {
		parts = append(parts, "@"+r.Mention)
	}
	if r.Title != "" {
		parts = append(parts, "**"+r.Title+"**")
	}
	if r.Body != "" {
		parts = append(parts, r.Body)
	}
	for _, f := range r.Fields {
		if strings.TrimSpace(strings.ReplaceAll(f.Name, "\u200b", "")) == "" {
			parts = append(parts, f.Value) // a continuation field (Discord needs a name; a zero-width space)
			continue
		}
		parts = append(parts, fieldLabel(r.Lang, f.Name, f.Value))
	}
	if r.Footer != "" {
		parts = append(parts, "— "+r.Footer)
	}
	for _, ch := range r.Choices {
		parts = append(parts, "• "+ch.Name)
	}
	if len(r.Buttons) > 0 {
		var bs []string
		for i, b := range r.Buttons {
			bs = append(bs, "["+strconv.Itoa(i+1)+": "+b.Label+"]")
		}
		parts = append(parts, strings.Join(bs, " "))
	}
	for _, f := range r.Files {
		parts = append(parts, "("+f.Name+")")
	}
	return strings.Join(parts, "\n")
}
