package discord

import (
	"context"
	"crypto/ed25519"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"rulekeeper/bot"
	"rulekeeper/bot/discordtest"
	"rulekeeper/play"
	"rulekeeper/rules/dice"
	"rulekeeper/store"
)

// TestSecretRollOverHTTP (issue 18): a /roll secret:true answers the channel with a notice and no numbers, and
// posts the result to the GM channel through the REST API with a Reveal button; a GM's Reveal, clicked on that
// message, posts the result in the roll's channel and takes the button off the GM's copy.
func TestSecretRollOverHTTP(t *testing.T) {
	const gmChannel = "300000000000000777"
	b := secretBot(t, gmChannel)
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	fake := discordtest.NewServer()
	defer fake.Close()
	ts := httptest.NewServer(NewHTTPServer(b, pub, fake.Session("secret"), Config{}))
	defer ts.Close()
	fx := &httpFixture{ts: ts}
	ctx := testCtx(t)
	posted := func(channel string) *discordtest.Message { t.Helper(); return channelMessage(t, ctx, fake, channel) }

	code, out := fx.post(t, nil, mustJSON(t, commandInteraction("910000000000000300", userA, "en-US", "roll",
		option("expr", 3, "1d20+5"), option("secret", 5, true))), priv, time.Now())
	if code != 200 {
		t.Fatalf("%d %s", code, out)
	}
	cb := responseBody(t, out)
	if len(cb.Data.Embeds) != 1 || cb.Data.Embeds[0].Title != "🎲 Aria rolled in secret" || cb.Data.Flags != 0 ||
		strings.ContainsAny(cb.Data.Embeds[0].Description, "0123456789") || len(cb.Data.Buttons()) != 0 {
		t.Fatalf("the channel sees %+v", cb.Data)
	}
	gm := posted(gmChannel)
	if len(gm.Embeds) != 1 || gm.Embeds[0].Description != "1d20 (17) + 5 = 22" || gm.Flags != 0 {
		t.Fatalf("the GM channel receives %+v", gm)
	}
	bs := gm.Buttons()
	if len(bs) != 1 || bs[0].Label != "Reveal" || bs[0].CustomID != "reveal:"+testChannel+":"+userA {
		t.Fatalf("the GM's buttons %+v", bs)
	}
	for _, r := range fake.Requests() {
		if strings.Contains(r.Path, "/channels/"+testChannel+"/") {
			t.Errorf("the roll's channel got a message before the reveal: %s", r.JSON)
		}
	}

	click := componentInteraction("910000000000000301", userA, "en-US", bs[0].CustomID)
	click["message"] = map[string]any{"id": "500000000000000001", "channel_id": gmChannel, "embeds": gm.Embeds}
	click["member"].(map[string]any)["permissions"] = "32" // Manage Server: a GM
	code, out = fx.post(t, nil, mustJSON(t, click), priv, time.Now())
	if code != 200 {
		t.Fatalf("%d %s", code, out)
	}
	if cb := responseBody(t, out); cb.Type != discordgo.InteractionResponseUpdateMessage || len(cb.Data.Buttons()) != 0 {
		t.Errorf("the GM's copy after the reveal: type %d %+v", cb.Type, cb.Data)
	}
	shown := posted(testChannel)
	if len(shown.Embeds) != 1 || !strings.HasPrefix(shown.Embeds[0].Description, "1d20 (17) + 5 = 22") ||
		len(shown.Embeds[0].Fields) != 0 || len(shown.Buttons()) != 0 {
		t.Errorf("revealed in the channel: %+v", shown.Embeds[0])
	}
}

// secretBot is a bot on a fresh store whose guild sends secret rolls to gmChannel, every die showing 17.
func secretBot(t *testing.T, gmChannel string) *bot.Bot {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "secret.db"), store.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	b := bot.New(bot.Config{Table: play.New(db), Dice: func() dice.Roller { return dice.NewScripted([]int{17}) }})
	set := &bot.Request{Path: []string{"settings", "gm_channel"}, UserID: userA, GuildID: testGuild, ChannelID: testChannel,
		ManageServer: true, Options: map[string]any{"channel": "<#" + gmChannel + ">"}}
	if r := b.Handle(set); r.ErrorCode != "" {
		t.Fatal(r.Body)
	}
	return b
}

// channelMessage waits for the bot's REST message to channel and decodes it.
func channelMessage(t *testing.T, ctx context.Context, fake *discordtest.Server, channel string) *discordtest.Message {
	t.Helper()
	r, err := fake.WaitRequest(ctx, func(r discordtest.Request) bool {
		return r.Method == http.MethodPost && r.Path == "/api/v9/channels/"+channel+"/messages"
	})
	if err != nil {
		t.Fatalf("no message to %s: %v", channel, err)
	}
	m, err := discordtest.DecodeMessage(r.JSON, r.Files)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestSecretRollOverGateway (issue 18): the same secret roll through the gateway: the interaction's answer is the
// notice, and the GM channel receives the result as a REST channel message.
func TestSecretRollOverGateway(t *testing.T) {
	const gmChannel = "300000000000000778"
	b := secretBot(t, gmChannel)
	srv := discordtest.NewServer()
	defer srv.Close()
	gw := NewGateway(b, srv.Session("secret"), Config{DeferAfter: 2 * time.Second})
	if err := gw.Open(); err != nil {
		t.Fatal(err)
	}
	ctx := testCtx(t)
	defer gw.Shutdown(ctx)
	srv.Dispatch("INTERACTION_CREATE", commandInteraction("910000000000000400", userA, "en-US", "roll",
		option("expr", 3, "1d20+2"), option("secret", 5, true)))
	cb, err := srv.WaitCallback(ctx, "910000000000000400")
	if err != nil {
		t.Fatal(err)
	}
	if len(cb.Data.Embeds) != 1 || cb.Data.Embeds[0].Title != "🎲 Aria rolled in secret" ||
		strings.ContainsAny(cb.Data.Embeds[0].Description, "0123456789") {
		t.Fatalf("the channel sees %+v", cb.Data)
	}
	gm := channelMessage(t, ctx, srv, gmChannel)
	if len(gm.Embeds) != 1 || gm.Embeds[0].Description != "1d20 (17) + 2 = 19" || len(gm.Buttons()) != 1 {
		t.Fatalf("the GM channel receives %+v", gm)
	}
}

// forbiddenSecretFixture serves a bot with the GM channel gmChannel over HTTP interactions, against a fake Discord
// that refuses posts to channel forbid for a missing permission; it returns the fake, the endpoint and the
// interaction signing key.
func forbiddenSecretFixture(t *testing.T, gmChannel, forbid string) (*discordtest.Server, *httpFixture, ed25519.PrivateKey) {
	t.Helper()
	b := secretBot(t, gmChannel)
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	fake := discordtest.NewServer()
	t.Cleanup(fake.Close)
	fake.Forbid(forbid)
	ts := httptest.NewServer(NewHTTPServer(b, pub, fake.Session("secret"), Config{}))
	t.Cleanup(ts.Close)
	return fake, &httpFixture{ts: ts}, priv
}

// TestSecretRollGMChannelForbidden (issue 18): when Discord refuses the post to the GM channel for a missing
// permission, the channel's notice says so (in the user's language), not only the bot's log.
func TestSecretRollGMChannelForbidden(t *testing.T) {
	const gmChannel = "300000000000000778"
	fake, fx, priv := forbiddenSecretFixture(t, gmChannel, gmChannel)
	for _, c := range []struct{ locale, want string }{
		{"en-US", "I may not post in <#" + gmChannel + ">"},
		{"ko", "채널 <#" + gmChannel + "> 안에서 메시지를 보낼 권한이 없습니다"},
	} {
		code, out := fx.post(t, nil, mustJSON(t, commandInteraction("91000000000000040"+strconv.Itoa(len(c.locale)), userA, c.locale, "roll",
			option("expr", 3, "1d20+5"), option("secret", 5, true))), priv, time.Now())
		if code != 200 {
			t.Fatalf("%d %s", code, out)
		}
		cb := responseBody(t, out)
		if len(cb.Data.Embeds) != 1 || !strings.Contains(cb.Data.Embeds[0].Description, c.want) ||
			strings.ContainsAny(strings.ReplaceAll(cb.Data.Embeds[0].Description, gmChannel, ""), "0123456789") {
			t.Errorf("%s: the channel sees %+v", c.locale, cb.Data.Embeds)
		}
	}
	refused := 0
	for _, r := range fake.Requests() {
		if r.Path == "/api/v9/channels/"+gmChannel+"/messages" && r.Status == http.StatusForbidden {
			refused++
		}
	}
	if refused != 2 {
		t.Errorf("%d refused posts to the GM channel, want 2", refused)
	}
}

// TestSecretRevealForbidden (issue 18): when Discord refuses the revealed roll in its channel for a missing
// permission, the GM's copy says so.
func TestSecretRevealForbidden(t *testing.T) {
	const gmChannel = "300000000000000779"
	fake, fx, priv := forbiddenSecretFixture(t, gmChannel, testChannel)
	code, out := fx.post(t, nil, mustJSON(t, commandInteraction("910000000000000500", userA, "en-US", "roll",
		option("expr", 3, "1d20+5"), option("secret", 5, true))), priv, time.Now())
	if code != 200 {
		t.Fatalf("%d %s", code, out)
	}
	gm := channelMessage(t, testCtx(t), fake, gmChannel)
	bs := gm.Buttons()
	if len(bs) != 1 {
		t.Fatalf("the GM's buttons %+v", bs)
	}
	click := componentInteraction("910000000000000501", userA, "en-US", bs[0].CustomID)
	click["message"] = map[string]any{"id": "500000000000000002", "channel_id": gmChannel, "embeds": gm.Embeds}
	click["member"].(map[string]any)["permissions"] = "32" // Manage Server: a GM
	code, out = fx.post(t, nil, mustJSON(t, click), priv, time.Now())
	if code != 200 {
		t.Fatalf("%d %s", code, out)
	}
	cb := responseBody(t, out)
	if len(cb.Data.Embeds) != 1 || !strings.Contains(cb.Data.Embeds[0].Description, "could not be revealed: I may not post in <#"+testChannel+">") {
		t.Errorf("the GM's copy after a refused reveal: %+v", cb.Data.Embeds)
	}
}
