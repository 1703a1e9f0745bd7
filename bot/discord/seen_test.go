package discord

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"rulekeeper/bot"
	"rulekeeper/bot/discordtest"
	"rulekeeper/play"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/store"
)

// TestRepeatAppliedOnce (issue 11 §4): a signed /hp damage re-sent within Discord's window with the same
// interaction id is applied once; the repeats are answered "already answered", ephemeral, and change nothing. A
// new interaction is applied.
func TestRepeatAppliedOnce(t *testing.T) {
	db, err := store.Open(filepath.Join(t.TempDir(), "seen.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	b := bot.New(bot.Config{Table: play.New(db), Dice: func() dice.Roller { return dice.NewScripted(nil) }})
	create := &bot.Request{Path: []string{"sheet", "create"}, UserID: userA, GuildID: testGuild, ChannelID: testChannel,
		Options: map[string]any{"name": "Aria", "class": "fighter"}}
	if r := b.Handle(create); r.ErrorCode != "" {
		t.Fatal(r.Body)
	}
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	fake := discordtest.NewServer()
	defer fake.Close()
	ts := httptest.NewServer(NewHTTPServer(b, pub, fake.Session("secret"), Config{}))
	defer ts.Close()
	fx := &httpFixture{ts: ts}
	hp := func() int {
		var c *dnd5e.Character
		err := db.View(context.Background(), testGuild, func(tx store.Tx) error {
			ch, err := tx.FindCharacter(userA, "Aria")
			if err == nil {
				c, err = dnd5e.Decode(ch.Sheet)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return c.HP
	}
	start := hp()
	damage := func(id string) discordtest.Callback {
		body := mustJSON(t, baseInteraction(id, userA, "en-US", 2, map[string]any{"id": "600000000000000001", "name": "hp", "type": 1,
			"options": []any{map[string]any{"name": "damage", "type": 1, "options": []any{option("amount", 4, 3.0)}}}}))
		code, out := fx.post(t, nil, body, priv, time.Now())
		if code != 200 {
			t.Fatalf("%d %s", code, out)
		}
		return responseBody(t, out)
	}
	for i := range 3 {
		cb := damage("910000000000000100")
		if i == 0 {
			if cb.Data.Flags&discordgo.MessageFlagsEphemeral != 0 {
				t.Fatalf("first: %+v", cb.Data)
			}
			continue
		}
		text := cb.Data.Content
		for _, e := range cb.Data.Embeds {
			text += e.Description
		}
		if cb.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(text, "answered already") {
			t.Errorf("repeat %d: %+v %q", i, cb.Data, text)
		}
	}
	if got := hp(); got != start-3 {
		t.Errorf("HP %d after one damage of 3 sent three times; want %d", got, start-3)
	}
	damage("910000000000000101")
	if got := hp(); got != start-6 {
		t.Errorf("HP %d after a second damage; want %d", got, start-6)
	}
}

// TestPrivateClickOverHTTP (issue 11 §3): a click on a button of a private reply is answered ephemerally by the
// transport, and the reply's button is marked again.
func TestPrivateClickOverHTTP(t *testing.T) {
	fx := newHTTPFixture(t, Config{})
	body := mustJSON(t, componentInteraction("910000000000000200", userA, "en-US", "p!reroll:1:1d20"))
	code, out := fx.post(t, nil, body, fx.priv, time.Now())
	if code != 200 {
		t.Fatalf("%d %s", code, out)
	}
	cb := responseBody(t, out)
	if cb.Type != discordgo.InteractionResponseChannelMessageWithSource || cb.Data.Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Fatalf("private reroll: type %d, %+v", cb.Type, cb.Data)
	}
	if !strings.Contains(string(out), `"custom_id":"p!reroll:1:1d20"`) {
		t.Errorf("the reply's button lost its mark: %s", out)
	}
}

// TestMemorySeen: an id is a repeat until its ttl runs out; at most max ids are kept, the oldest forgotten first.
func TestMemorySeen(t *testing.T) {
	now := time.Date(2026, 8, 1, 20, 0, 0, 0, time.UTC)
	m := NewMemorySeen(3, func() time.Time { return now })
	ctx := context.Background()
	seen := func(id string) bool {
		s, err := m.Seen(ctx, id, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if seen("a") || !seen("a") {
		t.Fatal("a: first not new, or second new")
	}
	now = now.Add(30 * time.Second)
	seen("b")
	seen("c")
	seen("d") // full: a is forgotten
	if m.Len() != 3 || seen("a") {
		t.Errorf("after d: %d ids; a still remembered", m.Len())
	}
	if !seen("d") || !seen("c") {
		t.Error("c or d forgotten")
	}
	now = now.Add(2 * time.Minute) // every ttl has run out
	if seen("c") {
		t.Error("c remembered past its ttl")
	}
	if m.Len() != 1 {
		t.Errorf("%d ids after the ttl; want 1", m.Len())
	}
	for i := range 1000 {
		seen(fmt.Sprint(i))
	}
	if m.Len() > 3 {
		t.Errorf("%d ids kept; at most 3", m.Len())
	}
}
