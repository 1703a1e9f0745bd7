package discord

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"rulekeeper/bot"
	"rulekeeper/bot/discordtest"
	"rulekeeper/rules/dice"
)

// Fixtures shared by the Discord transport tests.
const (
	testGuild   = "400000000000000001"
	testChannel = "300000000000000001"
	userA       = "500000000000000001"
	userB       = "500000000000000002"
	userC       = "500000000000000003"
	userD       = "500000000000000004"
)

func testCtx(t testing.TB) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// face is the die face every roll of a forcedBot shows, and its clock; tests set both before a request.
type face struct {
	n   atomic.Int64
	now atomic.Int64 // Unix nanoseconds
}

func (f *face) set(n int) { f.n.Store(int64(n)) }

func (f *face) advance(d time.Duration) { f.now.Add(int64(d)) }

// forcedBot is a bot whose every request rolls f's face on each die, on f's clock (which stands still unless
// advanced, so rate limits are exact).
func forcedBot(f *face, extra ...*bot.Command) *bot.Bot {
	f.set(17)
	f.now.Store(time.Date(2026, 8, 1, 20, 0, 0, 0, time.UTC).UnixNano())
	return bot.New(bot.Config{
		Dice: func() dice.Roller {
			n := int(f.n.Load())
			return dice.NewScripted([]int{n, n, n, n, n, n, n, n})
		},
		Now:   func() time.Time { return time.Unix(0, f.now.Load()) },
		Extra: extra,
	})
}

// slowCommand is /slow: it signals started, then waits for release and answers with a reply that is ephemeral
// when its "private" or "hidden" option is set (a transport deferring it only knows "private").
func slowCommand(started chan<- string, release <-chan struct{}) *bot.Command {
	return &bot.Command{
		Name:    "slow",
		Options: []*bot.Option{{Name: "private", Type: bot.Boolean}, {Name: "hidden", Type: bot.Boolean}},
		Handler: func(req *bot.Request) (*bot.Reply, error) {
			started <- req.UserID
			<-release
			return &bot.Reply{Title: "slow done", Body: "after the wait", Ephemeral: req.Bool("private") || req.Bool("hidden"), Tone: bot.ToneSuccess}, nil
		},
	}
}

// Interaction payloads as Discord sends them.

func option(name string, typ int, value any) map[string]any {
	return map[string]any{"name": name, "type": typ, "value": value}
}

func baseInteraction(id, user, locale string, typ int, data map[string]any) map[string]any {
	return map[string]any{
		"id": id, "application_id": discordtest.AppID, "type": typ, "token": "tok-" + id, "version": 1,
		"guild_id": testGuild, "channel_id": testChannel, "locale": locale, "guild_locale": "en-US",
		"member": map[string]any{
			"user":        map[string]any{"id": user, "username": "user" + user[len(user)-1:], "global_name": "Aria"},
			"permissions": "0", "roles": []string{"700000000000000001"}, "nick": nil,
		},
		"data": data,
	}
}

func commandInteraction(id, user, locale, name string, options ...map[string]any) map[string]any {
	return baseInteraction(id, user, locale, 2, map[string]any{"id": "600000000000000001", "name": name, "type": 1, "options": options})
}

func autocompleteInteraction(id, user, locale, name string, options ...map[string]any) map[string]any {
	return baseInteraction(id, user, locale, 4, map[string]any{"id": "600000000000000001", "name": name, "type": 1, "options": options})
}

func componentInteraction(id, user, locale, customID string) map[string]any {
	return baseInteraction(id, user, locale, 3, map[string]any{"custom_id": customID, "component_type": 2})
}

// decode turns a payload into a discordgo interaction the way discordgo does on receipt.
func decode(t testing.TB, payload map[string]any) *discordgo.Interaction {
	t.Helper()
	b, err := json.Marshal(payload)
	if err != nil {
		t.Fatal(err)
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(b, &i); err != nil {
		t.Fatal(err)
	}
	return &i
}

func TestInteractionRequest(t *testing.T) {
	admin := baseInteraction("1", userA, "zh-TW", 2, map[string]any{"name": "settings", "type": 1, "options": []any{
		map[string]any{"name": "crit_rule", "type": 1, "options": []any{option("rule", 3, "max")}}}})
	admin["member"].(map[string]any)["permissions"] = "32" // Manage Server
	admin["member"].(map[string]any)["nick"] = "GM Kim"
	dm := commandInteraction("2", userB, "ko", "roll", option("expr", 3, "1d20"), option("repeat", 4, 3.0), option("private", 5, true))
	delete(dm, "member")
	delete(dm, "guild_id")
	delete(dm, "guild_locale")
	dm["user"] = map[string]any{"id": userB, "username": "bora"}
	modal := baseInteraction("3", userA, "en-US", 5, map[string]any{"custom_id": "note:1", "components": []any{
		map[string]any{"type": 1, "components": []any{map[string]any{"type": 4, "custom_id": "text", "value": "hello"}}}}})

	tests := []struct {
		name    string
		payload map[string]any
		check   func(t *testing.T, r *bot.Request)
	}{
		{"subcommand flattened, Manage Server, nick", admin, func(t *testing.T, r *bot.Request) {
			if strings.Join(r.Path, " ") != "settings crit_rule" || r.Options["rule"] != "max" || !r.ManageServer ||
				r.UserName != "GM Kim" || r.Locale != "zh-TW" || r.GuildLocale != "en-US" || r.RoleIDs[0] != "700000000000000001" {
				t.Errorf("%+v", r)
			}
		}},
		{"direct message: user, typed JSON values", dm, func(t *testing.T, r *bot.Request) {
			if r.UserID != userB || r.UserName != "bora" || r.GuildID != "" || r.ManageServer || r.GuildLocale != "" ||
				r.Options["repeat"] != 3.0 || r.Options["private"] != true || r.Kind != bot.KindCommand {
				t.Errorf("%+v", r)
			}
		}},
		{"autocomplete focus", autocompleteInteraction("4", userA, "ko", "help", map[string]any{"name": "command", "type": 3, "value": "ro", "focused": true}),
			func(t *testing.T, r *bot.Request) {
				if r.Kind != bot.KindAutocomplete || r.Focused != "command" || r.Options["command"] != "ro" {
					t.Errorf("%+v", r)
				}
			}},
		{"button", componentInteraction("5", userA, "ko", "reroll:1:d20"), func(t *testing.T, r *bot.Request) {
			if r.Kind != bot.KindComponent || r.CustomID != "reroll:1:d20" || r.UserName != "Aria" {
				t.Errorf("%+v", r)
			}
		}},
		{"modal values", modal, func(t *testing.T, r *bot.Request) {
			if r.Kind != bot.KindModal || r.CustomID != "note:1" || r.Options["text"] != "hello" {
				t.Errorf("%+v", r)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, ok := interactionRequest(context.Background(), decode(t, tt.payload))
			if !ok {
				t.Fatal("not a request")
			}
			tt.check(t, r)
		})
	}

	// Nothing a client sends makes the conversion panic: pings, unknown types, data of the wrong type.
	for _, i := range []*discordgo.Interaction{
		{Type: discordgo.InteractionPing},
		{Type: 99},
		{Type: discordgo.InteractionApplicationCommand, Data: discordgo.MessageComponentInteractionData{CustomID: "x"}},
		{Type: discordgo.InteractionMessageComponent},
		{Type: discordgo.InteractionModalSubmit, Data: discordgo.ApplicationCommandInteractionData{Name: "roll"}},
		decode(t, map[string]any{"id": "9", "type": 2, "data": map[string]any{}}),
	} {
		if r, ok := interactionRequest(context.Background(), i); ok {
			t.Errorf("type %d accepted: %+v", i.Type, r)
		}
	}
}

func TestResponse(t *testing.T) {
	b := bot.New(bot.Config{})
	cmd := &bot.Request{Kind: bot.KindCommand, Path: []string{"roll"}}
	long := strings.Repeat("é", 5000)
	tests := []struct {
		name  string
		req   *bot.Request
		reply *bot.Reply
		check func(t *testing.T, r *discordgo.InteractionResponse)
	}{
		{"message with embed, tone, buttons, ephemeral", cmd, &bot.Reply{Title: "t", Body: "b", Tone: bot.ToneCritical, Ephemeral: true, Footer: "Aria",
			Fields:  []bot.Field{{Name: "n", Value: "v", Inline: true}, {}},
			Buttons: []bot.Button{{Label: "a", CustomID: "x:1", Style: bot.ButtonPrimary}, {Label: "bad", CustomID: strings.Repeat("x", 101)}, {Label: "b", CustomID: "x:2", Style: 9}}},
			func(t *testing.T, r *discordgo.InteractionResponse) {
				e := r.Data.Embeds[0]
				if r.Type != 4 || r.Data.Flags != 64 || e.Color != colorCritical || e.Title != "t" || e.Description != "b" || e.Footer.Text != "Aria" ||
					len(e.Fields) != 2 || e.Fields[1].Name != "\u200b" || !e.Fields[0].Inline {
					t.Errorf("%+v %+v", r.Data, e)
				}
				row := r.Data.Components[0].(discordgo.ActionsRow)
				if len(r.Data.Components) != 1 || len(row.Components) != 2 || row.Components[1].(discordgo.Button).Style != discordgo.SecondaryButton {
					t.Errorf("components %+v", r.Data.Components)
				}
			}},
		{"tones", cmd, &bot.Reply{Title: "t", Tone: bot.ToneFailure}, func(t *testing.T, r *discordgo.InteractionResponse) {
			if r.Data.Embeds[0].Color != colorFailure || r.Data.Flags != 0 {
				t.Errorf("%+v", r.Data.Embeds[0])
			}
		}},
		{"limits", cmd, &bot.Reply{Title: long, Body: long, Buttons: make([]bot.Button, 30)}, func(t *testing.T, r *discordgo.InteractionResponse) {
			e := r.Data.Embeds[0]
			if n := len([]rune(e.Title)); n != maxEmbedTitle {
				t.Errorf("title %d chars", n)
			}
			if n := len([]rune(e.Description)); n != maxEmbedDesc {
				t.Errorf("description %d chars", n)
			}
			if !strings.HasSuffix(e.Description, "…") || r.Data.Components != nil {
				t.Errorf("cut %q, components %v", e.Description[len(e.Description)-10:], r.Data.Components)
			}
		}},
		{"button rows of five", cmd, &bot.Reply{Body: "b", Buttons: manyButtons(12)}, func(t *testing.T, r *discordgo.InteractionResponse) {
			if len(r.Data.Components) != 3 || len(r.Data.Components[2].(discordgo.ActionsRow).Components) != 2 {
				t.Errorf("%+v", r.Data.Components)
			}
		}},
		{"files", cmd, &bot.Reply{Body: "b", Files: []bot.File{{Name: "a.png", ContentType: "image/png", Data: []byte("PNG")}}},
			func(t *testing.T, r *discordgo.InteractionResponse) {
				if len(r.Data.Files) != 1 || r.Data.Files[0].Name != "a.png" {
					t.Errorf("%+v", r.Data.Files)
				}
			}},
		{"empty reply still a valid message", cmd, &bot.Reply{}, func(t *testing.T, r *discordgo.InteractionResponse) {
			if r.Data.Content == "" || r.Data.Embeds != nil {
				t.Errorf("%+v", r.Data)
			}
		}},
		{"component update", &bot.Request{Kind: bot.KindComponent}, &bot.Reply{Body: "b", Update: true}, func(t *testing.T, r *discordgo.InteractionResponse) {
			if r.Type != 7 || r.Data.Components == nil || len(r.Data.Components) != 0 {
				t.Errorf("%+v", r)
			}
		}},
		{"component new message", &bot.Request{Kind: bot.KindComponent}, &bot.Reply{Body: "b"}, func(t *testing.T, r *discordgo.InteractionResponse) {
			if r.Type != 4 {
				t.Errorf("%+v", r)
			}
		}},
		{"autocomplete string", &bot.Request{Kind: bot.KindAutocomplete, Path: []string{"help"}, Focused: "command"},
			&bot.Reply{Choices: append(manyChoices(30), bot.Choice{Name: long, Value: "x"})}, func(t *testing.T, r *discordgo.InteractionResponse) {
				if r.Type != 8 || len(r.Data.Choices) != 25 || r.Data.Choices[0].Value != "0" {
					t.Errorf("%+v", r.Data.Choices)
				}
			}},
		{"autocomplete integer", &bot.Request{Kind: bot.KindAutocomplete, Path: []string{"roll"}, Focused: "repeat"},
			&bot.Reply{Choices: []bot.Choice{{Name: "six", Value: "6"}, {Name: "bad", Value: "x"}}}, func(t *testing.T, r *discordgo.InteractionResponse) {
				if len(r.Data.Choices) != 1 || r.Data.Choices[0].Value != int64(6) {
					t.Errorf("%+v", r.Data.Choices)
				}
			}},
		{"modal", cmd, &bot.Reply{Modal: &bot.Modal{CustomID: "note:1", Title: "Note", Inputs: []bot.TextInput{{CustomID: "text", Label: "Text", Paragraph: true, Required: true}}}},
			func(t *testing.T, r *discordgo.InteractionResponse) {
				in := r.Data.Components[0].(discordgo.ActionsRow).Components[0].(discordgo.TextInput)
				if r.Type != 9 || r.Data.CustomID != "note:1" || in.Style != discordgo.TextInputParagraph || !in.Required {
					t.Errorf("%+v", r.Data)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := response(b, tt.req, tt.reply)
			tt.check(t, r)
			if _, err := json.Marshal(r); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func manyButtons(n int) []bot.Button {
	out := make([]bot.Button, n)
	for i := range out {
		out[i] = bot.Button{Label: "b", CustomID: "b:" + string(rune('a'+i))}
	}
	return out
}

func manyChoices(n int) []bot.Choice {
	out := make([]bot.Choice, n)
	for i := range out {
		out[i] = bot.Choice{Name: "c", Value: string(rune('0' + i))}
	}
	return out
}

func TestCommandLabelIsBounded(t *testing.T) {
	b := bot.New(bot.Config{})
	for _, tc := range []struct {
		req  *bot.Request
		want string
	}{
		{&bot.Request{Kind: bot.KindCommand, Path: []string{"roll"}}, "roll"},
		{&bot.Request{Kind: bot.KindCommand, Path: []string{"settings", "language"}}, "settings language"},
		{&bot.Request{Kind: bot.KindAutocomplete, Path: []string{"help"}}, "help"},
		{&bot.Request{Kind: bot.KindCommand, Path: []string{"settings", "x" + strings.Repeat("y", 50)}}, "unknown"},
		{&bot.Request{Kind: bot.KindCommand, Path: []string{"nosuch"}}, "unknown"},
		{&bot.Request{Kind: bot.KindCommand}, "unknown"},
		{&bot.Request{Kind: bot.KindComponent, CustomID: "reroll:1:d20"}, "reroll"},
		{&bot.Request{Kind: bot.KindComponent, CustomID: "forged:1"}, "unknown"},
	} {
		if got := commandLabel(b, tc.req); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.req, got, tc.want)
		}
	}
}
