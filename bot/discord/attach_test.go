package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rulekeeper/bot"
	"rulekeeper/bot/discordtest"
	"rulekeeper/play"
	"rulekeeper/rules/dice"
	"rulekeeper/store"
)

// TestSheetImportAttachment (issue 11 §5): `/sheet import file:` over HTTP interactions reads the attachment that
// data.resolved.attachments names, downloaded from the fake Discord's CDN: the character is created. Refused, with
// nothing created: a declared size over 1 MiB (not even downloaded), a body over 1 MiB, a URL that is not the CDN's
// (not fetched), a download that outlives the timeout, an attachment the payload does not resolve.
func TestSheetImportAttachment(t *testing.T) {
	const otherUser = "500000000000000009"
	db, err := store.Open(filepath.Join(t.TempDir(), "attach.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	b := bot.New(bot.Config{Table: play.New(db), Dice: func() dice.Roller { return dice.NewScripted(nil) }})
	run := func(user string, path []string, opts map[string]any) *bot.Reply {
		r := b.Handle(&bot.Request{Ctx: context.Background(), Path: path, UserID: user, GuildID: testGuild, ChannelID: testChannel, Options: opts})
		if r.ErrorCode != "" {
			t.Fatalf("%v: %s", path, r.Body)
		}
		return r
	}
	run(otherUser, []string{"sheet", "create"}, map[string]any{"name": "Aria", "class": "rogue"})
	sheet := run(otherUser, []string{"sheet", "export"}, map[string]any{"character": "Aria"}).Files[0].Data

	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	fake := discordtest.NewServer()
	defer fake.Close()
	cfg := Config{AttachmentBases: []string{fake.URL + "/attachments/"}, AttachmentTimeout: 200 * time.Millisecond}
	ts := httptest.NewServer(NewHTTPServer(b, pub, fake.Session("secret"), cfg))
	defer ts.Close()
	fx := &httpFixture{ts: ts}

	n := 0
	importAs := func(user, url string, size int, resolved bool) string {
		t.Helper()
		n++
		id := fmt.Sprintf("9100000000000%05d", n)
		data := map[string]any{"id": "600000000000000001", "name": "sheet", "type": 1,
			"options": []any{map[string]any{"name": "import", "type": 1, "options": []any{option("file", 11, "1200")}}}}
		if resolved {
			data["resolved"] = map[string]any{"attachments": map[string]any{"1200": map[string]any{"id": "1200", "filename": "aria.json",
				"content_type": "application/json", "size": size, "url": url, "proxy_url": url}}}
		}
		code, out := fx.post(t, nil, mustJSON(t, baseInteraction(id, user, "en-US", 2, data)), priv, time.Now())
		if code != 200 {
			t.Fatalf("%d %s", code, out)
		}
		cb := responseBody(t, out)
		text := cb.Data.Content
		for _, e := range cb.Data.Embeds {
			text += e.Title + e.Description
		}
		return text
	}
	characters := func(user string) int {
		var n int
		err := db.View(context.Background(), testGuild, func(tx store.Tx) error {
			cs, err := tx.Characters()
			for _, c := range cs {
				if c.OwnerID == user {
					n++
				}
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	downloads := func() int {
		c := 0
		for _, r := range fake.Requests() {
			if strings.HasPrefix(r.Path, "/attachments/") {
				c++
			}
		}
		return c
	}

	big := fake.AddAttachment("big.json", bytes.Repeat([]byte(" "), MaxAttachment+1))
	good := fake.AddAttachment("aria.json", sheet)
	for _, c := range []struct {
		name, url string
		size      int
		resolved  bool
		want      string
		fetched   int // downloads it makes
	}{
		{"declared over 1 MiB", good, MaxAttachment + 1, true, "larger than 1048576 bytes", 0},
		{"body over 1 MiB", big, 100, true, "larger than 1048576 bytes", 1},
		{"not Discord's CDN", "https://example.com/attachments/1/aria.json", len(sheet), true, "does not come from Discord", 0},
		{"another host with the CDN's path", strings.Replace(good, "127.0.0.1", "localhost", 1), len(sheet), true, "does not come from Discord", 0},
		{"not resolved", good, len(sheet), false, "missing", 0},
	} {
		before := downloads()
		if got := importAs(userA, c.url, c.size, c.resolved); !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
		if d := downloads() - before; d != c.fetched {
			t.Errorf("%s: %d downloads, want %d", c.name, d, c.fetched)
		}
	}
	held, release := fake.Hold()
	go func() { <-held }()
	got := importAs(userA, good, len(sheet), true)
	release()
	if !strings.Contains(got, "could not be downloaded") {
		t.Errorf("a download past the timeout: %q", got)
	}
	if characters(userA) != 0 {
		t.Fatal("a refused import created a character")
	}
	if got := importAs(userA, good, len(sheet), true); !strings.Contains(got, "Aria") || characters(userA) != 1 {
		t.Errorf("import: %q, %d characters", got, characters(userA))
	}
}
