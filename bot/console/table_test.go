package console

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTableLines: `as`, `gm on|off` and `version` change the session and answer without reaching the bot.
func TestTableLines(t *testing.T) {
	c := &Console{Bot: newTestBot(), UserID: "local", GuildID: "g", ChannelID: "c", JSON: true, Version: "v1.2.3 abc"}
	tests := []struct {
		line, user string
		gm         bool
		want       string
	}{
		{"as ann", "ann", false, "ann"},
		{"/as user:bo", "bo", false, "bo"},
		{`/as "cy"`, "cy", false, "cy"},
		{"gm on", "cy", true, "GM"},
		{"as dana", "dana", true, "dana"}, // the GM flag stays until gm off
		{"gm off", "dana", false, "no longer"},
		{"gm perhaps", "dana", false, "gm on"},
		{"as", "dana", false, "as NAME"},
		{"version", "dana", false, "rulekeeper v1.2.3 abc"},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		if !c.Exec(tt.line, &out) {
			t.Fatalf("%s: left the session", tt.line)
		}
		var l consoleLine
		if err := json.Unmarshal(out.Bytes(), &l); err != nil {
			t.Fatalf("%s: %q", tt.line, out.String())
		}
		if c.UserID != tt.user || c.GM != tt.gm || !strings.Contains(l.Text, tt.want) {
			t.Errorf("%s: user %q gm %v text %q; want %q %v %q", tt.line, c.UserID, c.GM, l.Text, tt.user, tt.gm, tt.want)
		}
	}
	if c.Exec("exit", &bytes.Buffer{}) {
		t.Error("exit did not leave")
	}
}

// TestOutDir: with Out set, the files a reply attaches are written there and their paths shown (text and JSON).
func TestOutDir(t *testing.T) {
	dir := t.TempDir()
	for _, asJSON := range []bool{false, true} {
		c := &Console{Bot: newTestBot(), UserID: "u", GuildID: "g", ChannelID: "c", JSON: asJSON, Out: dir}
		var out bytes.Buffer
		c.Exec("/stats expr:2d6", &out)
		path := filepath.Join(dir, "stats.png")
		data, err := os.ReadFile(path)
		if err != nil || !bytes.HasPrefix(data, []byte("\x89PNG")) {
			t.Fatalf("json=%v: %s not written as a PNG: %v", asJSON, path, err)
		}
		if !strings.Contains(out.String(), "stats.png") || !strings.Contains(out.String(), strings.ReplaceAll(dir, `\`, `\\`)) {
			t.Errorf("json=%v: the path is not shown: %s", asJSON, out.String())
		}
		os.Remove(path)
	}
	c := &Console{Bot: newTestBot(), UserID: "u", GuildID: "g", ChannelID: "c", JSON: true}
	var out bytes.Buffer
	c.Exec("/stats expr:2d6", &out)
	if strings.Contains(out.String(), `"files"`) {
		t.Errorf("no Out, yet files listed: %s", out.String())
	}
}

// TestTempOut: with TempOut and no Out, the first file makes a temporary directory, shown in the reply.
func TestTempOut(t *testing.T) {
	c := &Console{Bot: newTestBot(), UserID: "u", GuildID: "g", ChannelID: "c", TempOut: true}
	var out bytes.Buffer
	c.Exec("/roll expr:1d6", &out)
	if c.Out != "" {
		t.Fatalf("a reply without files made %s", c.Out)
	}
	c.Exec("/stats expr:1d6", &out)
	t.Cleanup(func() { os.RemoveAll(c.Out) })
	if c.Out == "" || !strings.Contains(out.String(), filepath.Join(c.Out, "stats.png")) {
		t.Fatalf("out %q, text %s", c.Out, out.String())
	}
	if _, err := os.Stat(filepath.Join(c.Out, "stats.png")); err != nil {
		t.Error(err)
	}
}
