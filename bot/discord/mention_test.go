package discord

import (
	"slices"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"rulekeeper/bot"
	"rulekeeper/bot/discordtest"
)

// pingCommand is /ping: a turn announcement that pings its caller (Reply.Mention) and whose text tries to ping
// everyone and a role; slow: it waits for release (a deferral), hidden: the reply is ephemeral (a follow-up).
func pingCommand(started chan<- string, release <-chan struct{}) *bot.Command {
	return &bot.Command{
		Name:    "ping",
		Options: []*bot.Option{{Name: "slow", Type: bot.Boolean}, {Name: "hidden", Type: bot.Boolean}},
		Handler: func(req *bot.Request) (*bot.Reply, error) {
			if req.Bool("slow") || req.Bool("hidden") {
				started <- req.UserID
				<-release
			}
			return &bot.Reply{Title: "Round 1 · Zed", Body: "It is **Zed**'s turn. @everyone @here <@&700000000000000001>",
				Mention: req.UserID, Ephemeral: req.Bool("hidden")}, nil
		},
	}
}

// pingsOnly checks a message's allowed mentions: the user in the content and nobody else (no @everyone, @here or
// role, whatever the text says); user "" allows no one.
func pingsOnly(t *testing.T, what string, m *discordtest.Message, user string) {
	t.Helper()
	am := m.AllowedMentions
	if am == nil || am.Parse == nil || len(am.Parse) != 0 || len(am.Roles) != 0 || am.RepliedUser {
		t.Fatalf("%s: allowed_mentions %+v, want parse [] and no roles", what, am)
	}
	if user == "" {
		if len(am.Users) != 0 {
			t.Errorf("%s: users %v, want none", what, am.Users)
		}
		return
	}
	if !slices.Equal(am.Users, []string{user}) || m.Content != "<@"+user+">" {
		t.Errorf("%s: content %q, users %v; want <@%s> and only that user", what, m.Content, am.Users, user)
	}
}

// TestAllowedMentionsGateway: the turn ping goes in the message content (Discord never notifies from an embed)
// with allowed_mentions limited to that user, on the gateway's callback; a reply without a mention pings nobody.
func TestAllowedMentionsGateway(t *testing.T) {
	srv := discordtest.NewServer()
	defer srv.Close()
	var f face
	started, release := make(chan string, 2), make(chan struct{})
	gw := NewGateway(forcedBot(&f, pingCommand(started, release)), srv.Session("secret"), Config{DeferAfter: 50 * time.Millisecond})
	if err := gw.Open(); err != nil {
		t.Fatal(err)
	}
	ctx := testCtx(t)
	defer gw.Shutdown(ctx)

	srv.Dispatch("INTERACTION_CREATE", commandInteraction("850000000000000001", userA, "en-US", "ping"))
	cb, err := srv.WaitCallback(ctx, "850000000000000001")
	if err != nil {
		t.Fatal(err)
	}
	if cb.Type != discordgo.InteractionResponseChannelMessageWithSource || cb.Data.Embeds[0].Title != "Round 1 · Zed" {
		t.Fatalf("callback %+v", cb)
	}
	pingsOnly(t, "gateway callback", cb.Data, userA)

	srv.Dispatch("INTERACTION_CREATE", commandInteraction("850000000000000002", userB, "en-US", "roll", option("expr", 3, "1d20")))
	if cb, err = srv.WaitCallback(ctx, "850000000000000002"); err != nil {
		t.Fatal(err)
	}
	pingsOnly(t, "a roll", cb.Data, "")
	if cb.Data.Content != "" {
		t.Errorf("a roll's content %q", cb.Data.Content)
	}

	// Deferred: the edit that fills the deferral carries the same limits.
	srv.Dispatch("INTERACTION_CREATE", commandInteraction("850000000000000003", userB, "en-US", "ping", option("slow", 5, true)))
	<-started
	if _, err := srv.WaitCallback(ctx, "850000000000000003"); err != nil {
		t.Fatal(err)
	}
	release <- struct{}{}
	edit, err := srv.WaitEdit(ctx, "tok-850000000000000003")
	if err != nil {
		t.Fatal(err)
	}
	pingsOnly(t, "gateway edit", edit, userB)
}

// TestAllowedMentionsHTTP: the same in the HTTP interactions body, in the REST edit of a deferred reply, and in the
// follow-up that replaces a deferral of another visibility.
func TestAllowedMentionsHTTP(t *testing.T) {
	started, release := make(chan string, 2), make(chan struct{})
	fx := newHTTPFixture(t, Config{DeferAfter: 50 * time.Millisecond}, pingCommand(started, release))
	ctx := testCtx(t)
	now := time.Now()

	code, b := fx.post(t, nil, mustJSON(t, commandInteraction("950000000000000001", userA, "ko", "ping")), fx.priv, now)
	if code != 200 {
		t.Fatalf("%d %s", code, b)
	}
	pingsOnly(t, "HTTP body", responseBody(t, b).Data, userA)

	_, b = fx.post(t, nil, mustJSON(t, commandInteraction("950000000000000002", userA, "ko", "roll", option("expr", 3, "1d20"))), fx.priv, now)
	pingsOnly(t, "a roll", responseBody(t, b).Data, "")

	fx.post(t, nil, mustJSON(t, commandInteraction("950000000000000003", userB, "en-US", "ping", option("slow", 5, true))), fx.priv, now)
	<-started
	release <- struct{}{}
	edit, err := fx.discord.WaitEdit(ctx, "tok-950000000000000003")
	if err != nil {
		t.Fatal(err)
	}
	pingsOnly(t, "HTTP edit", edit, userB)

	fx.post(t, nil, mustJSON(t, commandInteraction("950000000000000004", userC, "en-US", "ping", option("hidden", 5, true))), fx.priv, now)
	<-started
	release <- struct{}{}
	fu, err := fx.discord.WaitFollowup(ctx, "tok-950000000000000004")
	if err != nil {
		t.Fatal(err)
	}
	pingsOnly(t, "HTTP follow-up", fu, userC)
}

// TestRenderMention: a mention that is not a plain user id is dropped, never put in the content.
func TestRenderMention(t *testing.T) {
	for _, tc := range []struct{ id, content string }{
		{"123456789012345678", "<@123456789012345678>"},
		{"alice", "<@alice>"},
		{"", ""},
		{"everyone>@here", ""},
		{"&700000000000000001", ""},
	} {
		m := renderMessage(&bot.Reply{Title: "turn", Mention: tc.id})
		if m.content != tc.content || m.mentions == nil || m.mentions.Parse == nil || len(m.mentions.Parse) != 0 {
			t.Errorf("%q: content %q mentions %+v", tc.id, m.content, m.mentions)
		}
	}
}
