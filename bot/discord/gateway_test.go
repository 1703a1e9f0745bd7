package discord

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"rulekeeper/bot/discordtest"
)

// TestGatewayE2E runs the bot on a real discordgo session against the fake Discord. One session serves every
// subtest: Session.Close sleeps a second.
func TestGatewayE2E(t *testing.T) {
	srv := discordtest.NewServer()
	defer srv.Close()
	var f face
	started, release := make(chan string, 4), make(chan struct{})
	b := forcedBot(&f, slowCommand(started, release))
	s := srv.Session("secret")
	s.ShouldReconnectOnError = true // for the resume subtest; the gateway is shut down before the fake
	resumed := make(chan struct{}, 4)
	s.AddHandler(func(*discordgo.Session, *discordgo.Resumed) { resumed <- struct{}{} })
	m := NewMetrics()
	gw := NewGateway(b, s, Config{DeferAfter: 300 * time.Millisecond, Metrics: m, Limiter: NewLimiter(DefaultRate, DefaultRatePer)})
	if err := gw.Open(); err != nil {
		t.Fatal(err)
	}
	ctx := testCtx(t)
	shut := false
	defer func() {
		if !shut {
			gw.Shutdown(ctx)
		}
	}()

	t.Run("identify", func(t *testing.T) {
		fr, err := srv.WaitFrame(ctx, 2)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(fr.Data), `"intents":0`) || !strings.Contains(string(fr.Data), `"token":"Bot secret"`) {
			t.Errorf("IDENTIFY %s", fr.Data)
		}
	})

	t.Run("roll_in_four_languages", func(t *testing.T) {
		f.set(17)
		for i, tc := range []struct{ locale, title, again string }{
			{"en-US", "Aria rolls", "Roll again"},
			{"zh-CN", "Aria 掷骰", "再掷一次"},
			{"zh-TW", "Aria 擲骰", "再擲一次"},
			{"ko", "Aria의 굴림", "다시 굴리기"},
		} {
			id := "81000000000000000" + strconv.Itoa(i)
			srv.Dispatch("INTERACTION_CREATE", commandInteraction(id, userA, tc.locale, "roll", option("expr", 3, "1d20+5")))
			cb, err := srv.WaitCallback(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			e := cb.Data.Embeds[0]
			if cb.Type != discordgo.InteractionResponseChannelMessageWithSource || e.Title != tc.title || e.Description != "1d20 (17) + 5 = 22" ||
				e.Color != colorNeutral || cb.Data.Flags != 0 {
				t.Errorf("%s: type %d embed %+v", tc.locale, cb.Type, e)
			}
			if bs := cb.Data.Buttons(); len(bs) != 1 || bs[0].Label != tc.again || bs[0].CustomID != "reroll:1:1d20+5" {
				t.Errorf("%s: buttons %+v", tc.locale, bs)
			}
		}
	})

	t.Run("roll_again_button", func(t *testing.T) {
		f.set(4)
		srv.Dispatch("INTERACTION_CREATE", componentInteraction("820000000000000001", userA, "ko", "reroll:1:1d20+5"))
		cb, err := srv.WaitCallback(ctx, "820000000000000001")
		if err != nil {
			t.Fatal(err)
		}
		if cb.Type != 4 || cb.Data.Embeds[0].Description != "1d20 (4) + 5 = 9" || cb.Data.Embeds[0].Title != "Aria의 굴림" {
			t.Errorf("type %d embed %+v", cb.Type, cb.Data.Embeds[0])
		}
	})

	t.Run("error_is_ephemeral_and_localized", func(t *testing.T) {
		srv.Dispatch("INTERACTION_CREATE", commandInteraction("830000000000000001", userB, "zh-CN", "roll", option("expr", 3, "1d20+")))
		cb, err := srv.WaitCallback(ctx, "830000000000000001")
		if err != nil {
			t.Fatal(err)
		}
		if cb.Data.Flags != 64 || cb.Data.Embeds[0].Color != colorFailure || cb.Data.Embeds[0].Description == "" {
			t.Errorf("%+v %+v", cb.Data, cb.Data.Embeds[0])
		}
	})

	t.Run("deferred_then_edited", func(t *testing.T) {
		srv.Dispatch("INTERACTION_CREATE", commandInteraction("840000000000000001", userB, "en-US", "slow"))
		<-started
		cb, err := srv.WaitCallback(ctx, "840000000000000001")
		if err != nil {
			t.Fatal(err)
		}
		if cb.Type != discordgo.InteractionResponseDeferredChannelMessageWithSource || cb.Data.Flags != 0 {
			t.Errorf("first response type %d flags %d, want a public deferral", cb.Type, cb.Data.Flags)
		}
		release <- struct{}{}
		edit, err := srv.WaitEdit(ctx, "tok-840000000000000001")
		if err != nil {
			t.Fatal(err)
		}
		if edit.Embeds[0].Title != "slow done" || edit.Embeds[0].Color != colorSuccess {
			t.Errorf("edit %+v", edit.Embeds[0])
		}
	})

	t.Run("deferred_private_guess", func(t *testing.T) {
		// A private request is deferred privately, so the edit keeps the reply hidden.
		srv.Dispatch("INTERACTION_CREATE", commandInteraction("850000000000000001", userB, "en-US", "slow", option("private", 5, true)))
		<-started
		cb, err := srv.WaitCallback(ctx, "850000000000000001")
		if err != nil {
			t.Fatal(err)
		}
		if cb.Type != 5 || cb.Data.Flags != 64 {
			t.Errorf("first response type %d flags %d, want a private deferral", cb.Type, cb.Data.Flags)
		}
		release <- struct{}{}
		if _, err := srv.WaitEdit(ctx, "tok-850000000000000001"); err != nil {
			t.Fatal(err)
		}
	})

	t.Run("autocomplete", func(t *testing.T) {
		srv.Dispatch("INTERACTION_CREATE", autocompleteInteraction("860000000000000001", userA, "ko", "help",
			map[string]any{"name": "command", "type": 3, "value": "굴", "focused": true}))
		cb, err := srv.WaitCallback(ctx, "860000000000000001")
		if err != nil {
			t.Fatal(err)
		}
		if cb.Type != discordgo.InteractionApplicationCommandAutocompleteResult || len(cb.Data.Choices) != 1 ||
			cb.Data.Choices[0].Value != "roll" || !strings.HasPrefix(cb.Data.Choices[0].Name, "/굴림") {
			t.Errorf("type %d choices %+v", cb.Type, cb.Data.Choices)
		}
	})

	t.Run("resume_after_drop", func(t *testing.T) {
		f.set(10)
		srv.SetCompression(true)
		defer srv.SetCompression(false)
		srv.DropConnections()
		srv.Dispatch("INTERACTION_CREATE", commandInteraction("870000000000000001", userA, "en-US", "roll", option("expr", 3, "d20")))
		if _, err := srv.WaitFrame(ctx, 6); err != nil {
			t.Fatal("no RESUME:", err)
		}
		select {
		case <-resumed:
		case <-ctx.Done():
			t.Fatal("not resumed")
		}
		cb, err := srv.WaitCallback(ctx, "870000000000000001") // missed while down, replayed
		if err != nil {
			t.Fatal(err)
		}
		if cb.Data.Embeds[0].Description != "1d20 (10) = 10" {
			t.Errorf("replayed reply %+v", cb.Data.Embeds[0])
		}
		srv.Dispatch("INTERACTION_CREATE", commandInteraction("870000000000000002", userA, "en-US", "roll", option("expr", 3, "d20")))
		if _, err := srv.WaitCallback(ctx, "870000000000000002"); err != nil {
			t.Fatal("later interaction:", err)
		}
	})

	t.Run("discord_429_retried", func(t *testing.T) {
		srv.FailNext(2, 0.01)
		srv.Dispatch("INTERACTION_CREATE", commandInteraction("880000000000000001", userB, "en-US", "roll", option("expr", 3, "d20")))
		if _, err := srv.WaitCallback(ctx, "880000000000000001"); err != nil {
			t.Fatal(err)
		}
		var statuses []int
		for _, r := range srv.Requests() {
			if strings.Contains(r.Path, "/880000000000000001/") {
				statuses = append(statuses, r.Status)
			}
		}
		if len(statuses) != 3 || statuses[0] != http.StatusTooManyRequests || statuses[1] != http.StatusTooManyRequests || statuses[2] != http.StatusNoContent {
			t.Errorf("callback statuses %v, want [429 429 204]", statuses)
		}
	})

	t.Run("per_user_rate_limit", func(t *testing.T) {
		for i := range DefaultRate + 1 {
			id := "89000000000000000" + strconv.Itoa(i)
			srv.Dispatch("INTERACTION_CREATE", commandInteraction(id, userC, "zh-TW", "roll", option("expr", 3, "d20")))
			cb, err := srv.WaitCallback(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			slow := cb.Data.Embeds[0].Description == "操作太頻繁了：請在 1 秒後再使用指令。" && cb.Data.Flags == 64
			if slow != (i == DefaultRate) {
				t.Errorf("command %d of user C: %q", i+1, cb.Data.Embeds[0].Description)
			}
		}
		srv.Dispatch("INTERACTION_CREATE", commandInteraction("891000000000000001", userD, "en-US", "roll", option("expr", 3, "d20")))
		cb, err := srv.WaitCallback(ctx, "891000000000000001")
		if err != nil || cb.Data.Flags != 0 {
			t.Fatalf("user D: %v %+v", err, cb.Data)
		}
	})

	t.Run("shutdown_finishes_in_flight", func(t *testing.T) {
		srv.Dispatch("INTERACTION_CREATE", commandInteraction("899000000000000001", userB, "en-US", "slow"))
		<-started
		if _, err := srv.WaitCallback(ctx, "899000000000000001"); err != nil { // deferred: in flight until released
			t.Fatal(err)
		}
		cancelled, cancel := context.WithCancel(ctx)
		cancel()
		if err := gw.resp.shutdown(cancelled); err == nil {
			t.Fatal("stopping with a reply in flight and no time left reported no error")
		}
		// Stopping: a new interaction is told the bot is restarting.
		srv.Dispatch("INTERACTION_CREATE", commandInteraction("899000000000000002", userD, "ko", "roll", option("expr", 3, "d20")))
		cb, err := srv.WaitCallback(ctx, "899000000000000002")
		if err != nil || cb.Data.Embeds[0].Description != "봇이 다시 시작하는 중입니다. 잠시 후 다시 시도하세요." || cb.Data.Flags != 64 {
			t.Fatalf("during shutdown: %v %+v", err, cb.Data)
		}
		done := make(chan error, 1)
		go func() { done <- gw.Shutdown(ctx) }()
		shut = true
		release <- struct{}{}
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if _, err := srv.WaitEdit(ctx, "tok-899000000000000001"); err != nil {
			t.Fatal(err)
		}
	})

	var buf strings.Builder
	for _, r := range srv.Requests() {
		if r.Status >= 400 && r.Status != http.StatusTooManyRequests {
			buf.WriteString(r.Method + " " + r.Path + " " + string(r.JSON) + "\n")
		}
	}
	if buf.Len() > 0 {
		t.Errorf("the fake refused requests:\n%s", buf.String())
	}
}

// TestGatewayHeartbeat: the gateway session identifies once and keeps the connection alive with heartbeats at the
// interval the HELLO announces.
func TestGatewayHeartbeat(t *testing.T) {
	srv := discordtest.NewServer()
	defer srv.Close()
	srv.SetHeartbeatInterval(50 * time.Millisecond)
	var f face
	gw := NewGateway(forcedBot(&f), srv.Session("secret"), Config{})
	if err := gw.Open(); err != nil {
		t.Fatal(err)
	}
	ctx := testCtx(t)
	defer gw.Shutdown(ctx)
	if _, err := srv.WaitFrame(ctx, 1); err != nil {
		t.Fatal(err)
	}
	var ops []int
	for _, fr := range srv.Frames() {
		ops = append(ops, fr.Op)
	}
	if len(ops) < 2 || ops[0] != 2 || !slices.Contains(ops[1:], 1) || slices.Contains(ops[1:], 2) {
		t.Errorf("frames by op: %v, want one IDENTIFY (2) then heartbeats (1)", ops)
	}
}
