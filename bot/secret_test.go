package bot_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rulekeeper/bot"
	"rulekeeper/play/sessionlog"
	"rulekeeper/rules/dice"
)

// TestSecretRolls (issue 18, secret rolls): without a GM channel the roller sees the result alone and the channel
// a notice without numbers that says the GM has no channel; with one, the channel sees only the notice and the GM
// channel the result with a Reveal button, which a player cannot press; a GM's own secret roll answers the GM
// alone; Reveal posts the result in the roll's channel and only then does the running log record it.
func TestSecretRolls(t *testing.T) {
	e := newPlayEnv(t)
	e.party()
	r := e.ok("alice", "/roll expr:1d20+5 secret:true", 14)
	if !r.Ephemeral || !strings.Contains(r.Text, "19") || len(r.Posts) != 1 {
		t.Fatalf("secret roll without a GM channel: %+v", r)
	}
	if p := r.Posts[0]; p.To != "c1" || p.Ephemeral || strings.ContainsAny(p.Text, "0123456789") ||
		!strings.Contains(p.Text, "rolled in secret") || !strings.Contains(p.Text, "/settings gm_channel") {
		t.Errorf("the channel's notice without a GM channel: %+v", p)
	}
	e.refused("alice", "/settings gm_channel channel:<#gmc>", "settings.err.not_admin")
	e.ok("gm", "/settings gm_channel channel:<#gmc>")
	e.ok("gm", "/log start name:Secrets")

	r = e.ok("alice", "/check skill:stealth secret:true", 17)
	if r.Ephemeral || strings.ContainsAny(r.Text, "0123456789") || r.Text != "**🎲 Aria rolled in secret**" || r.Result["secret"] != true {
		t.Fatalf("the channel sees: %+v", r)
	}
	if len(r.Posts) != 1 || r.Posts[0].To != "gmc" || !strings.Contains(r.Posts[0].Text, "17") ||
		!strings.Contains(r.Posts[0].Text, "[1: Reveal]") || r.Posts[0].Result["natural"] != float64(17) {
		t.Fatalf("the GM channel receives: %+v", r.Posts)
	}
	e.refused("alice", "click 1", "secret.err.not_gm")

	r = e.ok("gm", "/roll expr:1d20+3 secret:true", 11)
	if !r.Ephemeral || !strings.Contains(r.Text, "14") || len(r.Posts) != 1 || r.Posts[0].To != "gmc" {
		t.Fatalf("a GM's own secret roll: %+v", r)
	}
	r = e.ok("gm", "click 1")
	if len(r.Posts) != 1 || r.Posts[0].To != "c1" || !strings.Contains(r.Posts[0].Text, "14") ||
		strings.Contains(r.Posts[0].Text, "Reveal]") || strings.Contains(r.Posts[0].Text, "🔒") || !strings.Contains(r.Posts[0].Text, "Revealed by gm") {
		t.Fatalf("reveal: %+v", r)
	}
	if strings.Contains(r.Text, "[1: Reveal]") {
		t.Errorf("the GM's copy keeps its button: %+v", r)
	}
	e.ok("gm", "/log stop")
	e.rec.stop() // the export's directory is this test's own
	dir := t.TempDir()
	e.console("gm").Out = dir
	e.ok("gm", "/log export name:Secrets format:json")
	data, err := os.ReadFile(filepath.Join(dir, "secrets.json"))
	if err != nil {
		t.Fatal(err)
	}
	l, err := sessionlog.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, en := range l.Entries {
		got = append(got, string(en.Kind)+" "+strings.Join(en.Lines, " / "))
		if en.Revealed != strings.Contains(strings.Join(en.Lines, " "), "Revealed") {
			t.Errorf("entry %+v: revealed %v", en, en.Revealed)
		}
	}
	joined := strings.Join(got, "\n")
	if strings.Contains(joined, "17") || !strings.Contains(joined, "rolled in secret") || !strings.Contains(joined, "14") {
		t.Errorf("the log holds\n%s", joined)
	}
}

// TestSecretRevealCredit (issue 18): a GM revealing a player's secret roll posts it in the roll's channel, and the
// running log records it as the player's roll (user id and name), not the revealing GM's.
func TestSecretRevealCredit(t *testing.T) {
	e := newPlayEnv(t)
	e.party()
	e.ok("gm", "/settings gm_channel channel:<#gmc>")
	e.ok("gm", "/log start name:Credit")
	e.mu.Lock()
	e.dice = dice.NewScripted([]int{12})
	e.mu.Unlock()
	r := e.console("alice").Line("/roll expr:1d20+5 secret:true")
	if len(r.Posts) != 1 || r.Posts[0].Reply == nil || len(r.Posts[0].Reply.Buttons) != 1 {
		t.Fatalf("alice's secret roll: %+v", r)
	}
	post := r.Posts[0].Reply
	if id := post.Buttons[0].CustomID; id != "reveal:c1:alice" {
		t.Errorf("the Reveal button's custom id %q, want the channel and the roller", id)
	}
	click := &bot.Request{Ctx: t.Context(), UserID: "gm", UserName: "gm", GuildID: playGuild, ChannelID: "gmc",
		ManageServer: true, Options: map[string]any{}, Style: bot.Plain, Kind: bot.KindComponent,
		CustomID: post.Buttons[0].CustomID, Message: post}
	shown := e.bot.Handle(click)
	if shown.ErrorCode != "" || len(shown.Posts) != 1 || shown.Posts[0].ChannelID != "c1" {
		t.Fatalf("reveal: %+v", shown)
	}
	last := e.lastEntry(sessionlog.KindRoll)
	if !last.Revealed || last.User != "alice" || last.UserName != "alice" ||
		!strings.Contains(strings.Join(last.Lines, " "), "17") {
		t.Errorf("the revealed roll is recorded as %+v, want alice's", last)
	}
	// A button from before the roller was kept still reveals, credited to the GM.
	old := *post
	old.Buttons = []bot.Button{{Label: "Reveal", CustomID: "reveal:c1"}}
	click.CustomID, click.Message = "reveal:c1", &old
	if r := e.bot.Handle(click); r.ErrorCode != "" {
		t.Fatalf("an old reveal: %+v", r)
	}
	if last := e.lastEntry(sessionlog.KindRoll); last.User != "gm" {
		t.Errorf("an old reveal is recorded as %+v", last)
	}
}

// TestGMChannelClear: /settings gm_channel clear:true (or channel:none) removes the GM channel, after which a
// secret roll is shown to its roller with the notice telling the table how to set one; giving neither or both
// is refused with nothing changed.
func TestGMChannelClear(t *testing.T) {
	for _, clear := range []string{"/settings gm_channel clear:true", "/settings gm_channel channel:none"} {
		t.Run(clear, func(t *testing.T) {
			e := newPlayEnv(t)
			e.party()
			e.ok("gm", "/settings gm_channel channel:<#gmc>")
			e.refused("gm", "/settings gm_channel", "secret.err.channel_or_clear")
			e.refused("gm", "/settings gm_channel channel:<#x> clear:true", "secret.err.channel_and_clear")
			if r := e.ok("alice", "/roll expr:1d20 secret:true", 5); len(r.Posts) != 1 || r.Posts[0].To != "gmc" {
				t.Fatalf("still set: %+v", r)
			}
			r := e.ok("gm", clear)
			if r.Result["house"] != nil || !strings.Contains(r.Text, "GM channel is removed") {
				t.Errorf("%s: %+v", clear, r)
			}
			r = e.ok("alice", "/roll expr:1d20 secret:true", 5)
			if !r.Ephemeral || len(r.Posts) != 1 || r.Posts[0].To != "c1" || !strings.Contains(r.Posts[0].Text, "/settings gm_channel") {
				t.Errorf("a secret roll after clearing: %+v", r)
			}
		})
	}
}
