package discordtest_test

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"rulekeeper/bot/discordtest"
)

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func interaction(id, locale string) map[string]any {
	return map[string]any{
		"id": id, "application_id": discordtest.AppID, "type": 2, "token": "tok-" + id, "version": 1,
		"guild_id": "400000000000000001", "channel_id": "300000000000000001", "locale": locale,
		"member": map[string]any{"user": map[string]any{"id": "500000000000000001", "username": "aria"}, "permissions": "0"},
		"data":   map[string]any{"id": "600000000000000001", "name": "roll", "type": 1},
	}
}

// TestGateway drives the fake with a real discordgo session: one session for every subtest, because
// Session.Close sleeps a second.
func TestGateway(t *testing.T) {
	srv := discordtest.NewServer()
	defer srv.Close()
	s := srv.Session("secret")
	s.ShouldReconnectOnError = true // for the resume subtest; the session is closed before the fake
	s.Identify.Intents = discordgo.IntentsNone
	got := make(chan *discordgo.InteractionCreate, 16)
	s.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) { got <- ic })
	resumed := make(chan struct{}, 4)
	s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Resumed) { resumed <- struct{}{} })
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := testCtx(t)
	next := func(t *testing.T) *discordgo.InteractionCreate {
		select {
		case ic := <-got:
			return ic
		case <-ctx.Done():
			t.Fatal("no INTERACTION_CREATE")
			return nil
		}
	}

	t.Run("handshake", func(t *testing.T) {
		up, err := srv.WaitRequest(ctx, func(r discordtest.Request) bool { return r.Status == http.StatusSwitchingProtocols })
		if err != nil {
			t.Fatal(err)
		}
		if up.Path != "/ws/" || up.Query.Get("v") != "9" || up.Query.Get("encoding") != "json" {
			t.Errorf("gateway URL %s?%s", up.Path, up.Query.Encode())
		}
		f, err := srv.WaitFrame(ctx, 2)
		if err != nil {
			t.Fatal(err)
		}
		var id struct {
			Token   string `json:"token"`
			Intents int    `json:"intents"`
		}
		json.Unmarshal(f.Data, &id)
		if id.Token != "Bot secret" || id.Intents != 0 {
			t.Errorf("IDENTIFY token %q intents %d", id.Token, id.Intents)
		}
		if _, err := srv.WaitFrame(ctx, 1); err != nil {
			t.Fatal("no heartbeat:", err)
		}
		if s.State.User == nil || s.State.User.ID != discordtest.AppID {
			t.Errorf("READY user %+v", s.State.User)
		}
	})

	for _, compressed := range []bool{false, true} {
		name := map[bool]string{false: "text", true: "zlib"}[compressed]
		t.Run("dispatch_and_callback_"+name, func(t *testing.T) {
			srv.SetCompression(compressed)
			defer srv.SetCompression(false)
			id := "70000000000000000" + map[bool]string{false: "1", true: "2"}[compressed]
			srv.Dispatch("INTERACTION_CREATE", interaction(id, "ko"))
			ic := next(t)
			if ic.ID != id || ic.Locale != discordgo.Korean || ic.ApplicationCommandData().Name != "roll" || ic.Member.User.Username != "aria" {
				t.Fatalf("interaction %+v", ic.Interaction)
			}
			err := s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{
					Embeds: []*discordgo.MessageEmbed{{Title: "굴림", Color: 0x57F287}},
					Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
						discordgo.Button{Label: "다시", CustomID: "reroll:1:d20", Style: discordgo.SecondaryButton}}}},
					Flags: discordgo.MessageFlagsEphemeral,
				},
			})
			if err != nil {
				t.Fatal(err)
			}
			cb, err := srv.WaitCallback(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if cb.Type != 4 || cb.Token != "tok-"+id || cb.Data.Embeds[0].Title != "굴림" || cb.Data.Flags != 64 {
				t.Errorf("callback %+v data %+v", cb, cb.Data)
			}
			if bs := cb.Data.Buttons(); len(bs) != 1 || bs[0].CustomID != "reroll:1:d20" {
				t.Errorf("buttons %+v", bs)
			}
			// A second answer to the same interaction is refused, as Discord does.
			err = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: 4, Data: &discordgo.InteractionResponseData{Content: "again"}})
			var re *discordgo.RESTError
			if err == nil || !asREST(err, &re) || re.Response.StatusCode != http.StatusBadRequest {
				t.Errorf("second callback: %v", err)
			}
		})
	}

	t.Run("defer_edit_followup_files", func(t *testing.T) {
		id := "700000000000000003"
		srv.Dispatch("INTERACTION_CREATE", interaction(id, "zh-CN"))
		ic := next(t)
		if err := s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
		}); err != nil {
			t.Fatal(err)
		}
		content := "掷骰"
		msg, err := s.InteractionResponseEdit(ic.Interaction, &discordgo.WebhookEdit{
			Content: &content,
			Files:   []*discordgo.File{{Name: "chart.png", ContentType: "image/png", Reader: strings.NewReader("PNG")}},
		})
		if err != nil || msg.ID == "" || msg.Content != content {
			t.Fatalf("edit: %v %+v", err, msg)
		}
		edit, err := srv.WaitEdit(ctx, "tok-"+id)
		if err != nil {
			t.Fatal(err)
		}
		if edit.Content != content || len(edit.Files) != 1 || string(edit.Files[0].Data) != "PNG" || edit.Files[0].Name != "chart.png" {
			t.Errorf("edit %+v", edit)
		}
		fu, err := s.FollowupMessageCreate(ic.Interaction, true, &discordgo.WebhookParams{Content: "more", Flags: discordgo.MessageFlagsEphemeral})
		if err != nil || fu.ID == "" {
			t.Fatalf("follow-up: %v %+v", err, fu)
		}
		got, err := srv.WaitFollowup(ctx, "tok-"+id)
		if err != nil || got.Content != "more" || got.Flags != 64 {
			t.Errorf("follow-up %+v %v", got, err)
		}
	})

	t.Run("resume_replays", func(t *testing.T) {
		srv.DropConnections()
		missed := "700000000000000004"
		srv.Dispatch("INTERACTION_CREATE", interaction(missed, "en-US")) // sent while nobody is connected
		f, err := srv.WaitFrame(ctx, 6)
		if err != nil {
			t.Fatal(err)
		}
		var r struct {
			SessionID string `json:"session_id"`
			Seq       int64  `json:"seq"`
		}
		json.Unmarshal(f.Data, &r)
		if !strings.HasPrefix(r.SessionID, "fake-session-") || r.Seq < 2 {
			t.Errorf("RESUME %s", f.Data)
		}
		if ic := next(t); ic.ID != missed {
			t.Errorf("replayed %s, want %s", ic.ID, missed)
		}
		select {
		case <-resumed:
		case <-ctx.Done():
			t.Fatal("no RESUMED")
		}
		later := "700000000000000005"
		srv.Dispatch("INTERACTION_CREATE", interaction(later, "en-US"))
		if ic := next(t); ic.ID != later {
			t.Errorf("after resume got %s, want %s", ic.ID, later)
		}
	})
}

func asREST(err error, re **discordgo.RESTError) bool {
	r, ok := err.(*discordgo.RESTError)
	*re = r
	return ok
}

func TestRateLimitedRequestsRetried(t *testing.T) {
	srv := discordtest.NewServer()
	defer srv.Close()
	s := srv.Session("secret")
	limited := make(chan *discordgo.RateLimit, 4)
	s.AddHandler(func(_ *discordgo.Session, rl *discordgo.RateLimit) { limited <- rl })
	srv.FailNext(2, 0.01)
	cmds, err := s.ApplicationCommandBulkOverwrite(discordtest.AppID, "", []*discordgo.ApplicationCommand{{Name: "roll", Description: "Roll dice"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(cmds) != 1 || cmds[0].ID == "" || cmds[0].ApplicationID != discordtest.AppID {
		t.Errorf("echo %+v", cmds)
	}
	var statuses []int
	for _, r := range srv.Requests() {
		statuses = append(statuses, r.Status)
	}
	if len(statuses) != 3 || statuses[0] != 429 || statuses[1] != 429 || statuses[2] != 200 {
		t.Errorf("statuses %v, want [429 429 200]", statuses)
	}
	if len(limited) != 2 {
		t.Errorf("%d RateLimit events, want 2", len(limited))
	}
}

func TestGuildCommandsAndEcho(t *testing.T) {
	srv := discordtest.NewServer()
	defer srv.Close()
	s := srv.Session("secret")
	loc := map[discordgo.Locale]string{discordgo.Korean: "굴림"}
	cmds, err := s.ApplicationCommandBulkOverwrite(discordtest.AppID, "42", []*discordgo.ApplicationCommand{
		{Name: "roll", Description: "Roll dice", NameLocalizations: &loc}})
	if err != nil || len(cmds) != 1 || cmds[0].GuildID != "42" || (*cmds[0].NameLocalizations)[discordgo.Korean] != "굴림" {
		t.Fatalf("%v %+v", err, cmds)
	}
	if got := srv.Commands("42"); len(got) != 1 {
		t.Errorf("stored %d guild commands", len(got))
	}
	if got := srv.Commands(""); len(got) != 0 {
		t.Errorf("stored %d global commands", len(got))
	}
	listed, err := s.ApplicationCommands(discordtest.AppID, "42")
	if err != nil || len(listed) != 1 || listed[0].Name != "roll" {
		t.Errorf("list %v %+v", err, listed)
	}
	u, err := s.User("@me")
	if err != nil || u.ID != discordtest.AppID {
		t.Errorf("users/@me %v %+v", err, u)
	}
	if _, err := s.Channel("1"); err == nil {
		t.Error("unknown route answered")
	}
}

func TestSignRequest(t *testing.T) {
	pub, priv, _ := ed25519.GenerateKey(nil)
	body := []byte(`{"type":1}`)
	r := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
	discordtest.SignRequest(r, body, priv, time.Now())
	if !discordgo.VerifyInteraction(r, pub) {
		t.Fatal("signature does not verify")
	}
	other, _, _ := ed25519.GenerateKey(nil)
	r = httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
	discordtest.SignRequest(r, body, priv, time.Now())
	if discordgo.VerifyInteraction(r, other) {
		t.Fatal("verifies with another key")
	}
}

// TestShardRouting: the fake records each connection's shard from its IDENTIFY and sends a guild's events only to
// shard (guild_id >> 22) % count; events without a guild go to shard 0, as on Discord.
func TestShardRouting(t *testing.T) {
	srv := discordtest.NewServer()
	defer srv.Close()
	for id := range 2 {
		s := srv.Session("t")
		s.ShardID, s.ShardCount = id, 2
		if err := s.Open(); err != nil {
			t.Fatal(err)
		}
		defer s.Close()
	}
	want := []discordtest.Shard{{ID: 0, Count: 2}, {ID: 1, Count: 2}}
	if got := srv.Shards(); len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("shards %v, want %v", got, want)
	}
	for _, tc := range []struct {
		event map[string]any
		shard int
	}{
		{map[string]any{"guild_id": "0"}, 0},
		{map[string]any{"guild_id": "4194304"}, 1},            // 1 << 22
		{map[string]any{"guild_id": "8388608"}, 0},            // 2 << 22
		{map[string]any{"guild_id": "4194303"}, 0},            // (1 << 22) - 1: the low bits do not count
		{map[string]any{"guild_id": "400000000000000001"}, 0}, // (400000000000000001 >> 22) % 2 = 0
		{map[string]any{"guild_id": "400000000004194305"}, 1}, // one step of 1 << 22 further
		{map[string]any{"channel_id": "1"}, 0},                // no guild: shard 0
	} {
		got := srv.Delivered(srv.Dispatch("TYPING_START", tc.event))
		if len(got) != 1 || got[0] != (discordtest.Shard{ID: tc.shard, Count: 2}) {
			t.Errorf("%v delivered to %v, want shard %d", tc.event, got, tc.shard)
		}
	}
}

// TestShardResume: a shard that resumes is replayed only the events of its own guilds.
func TestShardResume(t *testing.T) {
	srv := discordtest.NewServer()
	defer srv.Close()
	s := srv.Session("t")
	s.ShardID, s.ShardCount = 1, 2
	s.ShouldReconnectOnError = true
	got := make(chan string, 16)
	s.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) { got <- ic.ID })
	resumed := make(chan struct{}, 4)
	s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Resumed) { resumed <- struct{}{} })
	if err := s.Open(); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := testCtx(t)
	in := func(id, guild string) map[string]any {
		i := interaction(id, "en-US")
		i["guild_id"] = guild
		return i
	}
	srv.DropConnections()
	srv.Dispatch("INTERACTION_CREATE", in("710000000000000001", "8388608")) // 2 << 22: shard 0's
	srv.Dispatch("INTERACTION_CREATE", in("710000000000000002", "4194304")) // 1 << 22: ours
	select {
	case <-resumed:
	case <-ctx.Done():
		t.Fatal("no RESUMED")
	}
	srv.Dispatch("INTERACTION_CREATE", in("710000000000000003", "12582912")) // 3 << 22: ours
	for _, want := range []string{"710000000000000002", "710000000000000003"} {
		select {
		case id := <-got:
			if id != want {
				t.Errorf("got %s, want %s", id, want)
			}
		case <-ctx.Done():
			t.Fatalf("no %s", want)
		}
	}
}
