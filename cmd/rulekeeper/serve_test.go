package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"rulekeeper/bot"
	"rulekeeper/bot/discordtest"
	"rulekeeper/locales"
	"rulekeeper/store"
)

const testGuild = "400000000000000001"

func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func rollInteraction(id, locale string) map[string]any {
	return map[string]any{
		"id": id, "application_id": discordtest.AppID, "type": 2, "token": "tok-" + id, "version": 1,
		"guild_id": testGuild, "channel_id": "300000000000000001", "locale": locale,
		"member": map[string]any{"user": map[string]any{"id": "500000000000000001", "username": "aria"}, "permissions": "0"},
		"data": map[string]any{"id": "600000000000000001", "name": "roll", "type": 1,
			"options": []any{map[string]any{"name": "expr", "type": 3, "value": "1d20+5"}}},
	}
}

// TestServe runs the real serve code path against a fake Discord, gateway and HTTP together, then stops it the
// way SIGTERM does (its context ends) while a reply is in flight: the reply lands, serve returns nil and the
// store is closed.
func TestServe(t *testing.T) {
	srv := discordtest.NewServer()
	defer srv.Close()
	t.Setenv("RULEKEEPER_TOKEN", "s3cret-token")
	pub, priv, _ := ed25519.GenerateKey(nil)
	g := &Globals{DB: filepath.Join(t.TempDir(), "rk.db"), LogLevel: "error"}
	c := &ServeCmd{DiscordFlags: DiscordFlags{APIURL: srv.URL, Guild: testGuild}, HTTP: "127.0.0.1:0",
		PublicKey: hex.EncodeToString(pub), Rate: 10, RatePer: 10 * time.Second, ShardCount: 1}
	ctx := testContext(t)
	serveCtx, stop := context.WithCancel(ctx)
	defer stop()
	ready, done := make(chan string, 1), make(chan error, 1)
	go func() { done <- c.serve(serveCtx, g, ready) }()
	var addr string
	select {
	case addr = <-ready:
	case err := <-done:
		t.Fatal(err)
	}

	// Registered once, in the guild, under the application id looked up with the token.
	if cmds := srv.Commands(testGuild); len(cmds) == 0 {
		t.Error("nothing registered in the guild")
	}
	for _, r := range srv.Requests() {
		if r.Header.Get("Authorization") != "" && r.Header.Get("Authorization") != "Bot s3cret-token" {
			t.Errorf("%s %s: authorization %q", r.Method, r.Path, r.Header.Get("Authorization"))
		}
	}
	if _, err := srv.WaitFrame(ctx, 2); err != nil {
		t.Fatal("no IDENTIFY:", err)
	}

	// HTTP interactions on the same bot.
	body, _ := json.Marshal(rollInteraction("960000000000000001", "zh-TW"))
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/", bytes.NewReader(body))
	discordtest.SignRequest(req, body, priv, time.Now())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.Contains(string(b), "擲骰") {
		t.Errorf("HTTP roll: %d %s", resp.StatusCode, b)
	}

	// A gateway reply in flight when the stop comes.
	held, release := srv.Hold()
	srv.Dispatch("INTERACTION_CREATE", rollInteraction("960000000000000002", "ko"))
	if p := <-held; !strings.HasSuffix(p, "/callback") {
		t.Fatalf("held %s", p)
	}
	stop()
	release()
	if err := <-done; err != nil {
		t.Fatalf("serve: %v", err)
	}
	cb, err := srv.WaitCallback(ctx, "960000000000000002")
	if err != nil || cb.Data.Embeds[0].Title != "aria의 굴림" {
		t.Fatalf("in-flight reply: %v %+v", err, cb)
	}
	db, err := store.Open(g.DB, store.Options{Timeout: 100 * time.Millisecond})
	if err != nil {
		t.Fatalf("store still locked after serve returned: %v", err)
	}
	db.Close()
}

func TestServeFlagErrors(t *testing.T) {
	g := &Globals{DB: filepath.Join(t.TempDir(), "rk.db"), LogLevel: "error"}
	pub, _, _ := ed25519.GenerateKey(nil)
	tests := []struct {
		name, token string
		cmd         ServeCmd
		key         string
	}{
		{"no token for the gateway", "", ServeCmd{}, "discord.err.token_gateway"},
		{"no token to register", "", ServeCmd{NoGateway: true, HTTP: ":0", PublicKey: hex.EncodeToString(pub)}, "discord.err.token_register"},
		{"metrics listen", "", ServeCmd{NoGateway: true, NoRegister: true, HTTP: ":0", PublicKey: hex.EncodeToString(pub), MetricsAddr: "256.0.0.1:0"}, "discord.err.listen_metrics"},
		{"nothing to serve", "t", ServeCmd{NoGateway: true}, "discord.err.nothing_to_serve"},
		{"http without key", "t", ServeCmd{HTTP: ":0"}, "discord.err.http_needs_key"},
		{"bad key", "t", ServeCmd{HTTP: ":0", PublicKey: "abcd"}, "discord.err.bad_public_key"},
		{"bad key hex", "t", ServeCmd{HTTP: ":0", PublicKey: strings.Repeat("zz", 32)}, "discord.err.bad_public_key"},
		{"listen", "t", ServeCmd{HTTP: "256.0.0.1:0", PublicKey: hex.EncodeToString(pub), NoGateway: true, NoRegister: true}, "discord.err.listen"},
		// Shards are checked first, before a token or a connection.
		{"no shards", "", ServeCmd{ShardCount: -1}, "discord.err.shard_count"},
		{"shard out of range", "", ServeCmd{ShardCount: 2, Shards: "0,2"}, "discord.err.shard_range"},
		{"shard twice", "", ServeCmd{ShardCount: 4, Shards: "0-2,1"}, "discord.err.shard_twice"},
		{"bad shard list", "", ServeCmd{ShardCount: 4, Shards: "1;2"}, "discord.err.shard_list"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("RULEKEEPER_TOKEN", tt.token)
			if tt.cmd.ShardCount == 0 {
				tt.cmd.ShardCount = 1 // kong's default
			}
			err := tt.cmd.serve(context.Background(), g, nil)
			var be *bot.Error
			if !asBotError(err, &be) || be.Key != tt.key {
				t.Fatalf("error %v, want %s", err, tt.key)
			}
			for _, l := range locales.Langs {
				if text := bot.ErrorText(locales.For(l), err); strings.Contains(text, "discord.err") || strings.Contains(text, "{{") {
					t.Errorf("%s: %q", l, text)
				}
			}
		})
	}
}

func asBotError(err error, be **bot.Error) bool {
	e, ok := err.(*bot.Error)
	*be = e
	return ok
}

func TestTokenSources(t *testing.T) {
	t.Setenv("RULEKEEPER_TOKEN", "from-env")
	f := DiscordFlags{}
	if tok, _ := f.token(); tok != "Bot from-env" {
		t.Errorf("env: %q", tok)
	}
	f.TokenFile = []byte("Bot from-file\n")
	if tok, _ := f.token(); tok != "Bot from-file" {
		t.Errorf("file: %q", tok)
	}
}

func TestRegisterCmd(t *testing.T) {
	srv := discordtest.NewServer()
	defer srv.Close()
	t.Setenv("RULEKEEPER_TOKEN", "secret")
	g := &Globals{LogLevel: "error"}
	c := &RegisterCmd{DiscordFlags{APIURL: srv.URL, AppID: "123456789012345678"}}
	if err := c.Run(g); err != nil {
		t.Fatal(err)
	}
	reqs := srv.Requests()
	if len(reqs) != 1 || reqs[0].Method != http.MethodPut || reqs[0].Path != "/api/v9/applications/123456789012345678/commands" {
		t.Fatalf("requests %+v", reqs)
	}
	srv.FailNext(1, 0) // a 429 is retried by discordgo
	if err := c.Run(g); err != nil {
		t.Fatal(err)
	}
}

// TestServeSIGTERM runs the binary: SIGTERM while a reply is in flight lets the reply land and exits 0, and the
// token never appears in the logs.
func TestServeSIGTERM(t *testing.T) {
	if _, ok := reflect.TypeFor[CLI]().FieldByName("Serve"); !ok {
		t.Skip("main.go does not offer `serve` yet")
	}
	srv := discordtest.NewServer()
	defer srv.Close()
	ctx := testContext(t)
	dir := t.TempDir()
	cmd := exec.CommandContext(ctx, binary, "serve", "--api-url", srv.URL, "--guild", testGuild, "--db", filepath.Join(dir, "rk.db"), "--log-level", "debug")
	cmd.Env = append(cmd.Environ(), "RULEKEEPER_TOKEN=s3cret-token")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.WaitFrame(ctx, 2); err != nil {
		cmd.Process.Kill()
		t.Fatalf("no IDENTIFY: %v\n%s", err, stderr.String())
	}
	held, release := srv.Hold()
	srv.Dispatch("INTERACTION_CREATE", rollInteraction("970000000000000001", "en-US"))
	select {
	case <-held:
	case <-ctx.Done():
		t.Fatalf("the interaction was never answered\n%s", stderr.String())
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	release()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("exit: %v\n%s", err, stderr.String())
	}
	if _, err := srv.WaitCallback(ctx, "970000000000000001"); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(stderr.String(), "s3cret") {
		t.Errorf("the token was logged:\n%s", stderr.String())
	}
}

// TestServeShards runs two serve processes' code paths side by side, shards 0,2 and 1 of 3 (issue 19): the fake
// gateway sees the three shards identify, and an interaction from each guild k << 22 (k = 0..5) is delivered to
// shard k % 3 alone and answered once.
func TestServeShards(t *testing.T) {
	srv := discordtest.NewServer()
	defer srv.Close()
	t.Setenv("RULEKEEPER_TOKEN", "s3cret-token")
	ctx := testContext(t)
	serveCtx, stop := context.WithCancel(ctx)
	defer stop()
	var dones []chan error
	for n, list := range []string{"0,2", "1"} {
		g := &Globals{DB: filepath.Join(t.TempDir(), "rk.db"), LogLevel: "error"}
		c := &ServeCmd{DiscordFlags: DiscordFlags{APIURL: srv.URL}, NoRegister: true, ShardCount: 3, Shards: list,
			IdentifyInterval: 10 * time.Millisecond}
		ready, done := make(chan string, 1), make(chan error, 1)
		go func() { done <- c.serve(serveCtx, g, ready) }()
		select {
		case <-ready:
		case err := <-done:
			t.Fatalf("process %d: %v", n, err)
		}
		dones = append(dones, done)
	}
	want := []discordtest.Shard{{ID: 0, Count: 3}, {ID: 1, Count: 3}, {ID: 2, Count: 3}}
	if got := srv.Shards(); !reflect.DeepEqual(got, want) {
		t.Fatalf("shards %v, want %v", got, want)
	}
	for k := range uint64(6) {
		id := "97000000000000000" + strconv.FormatUint(k, 10)
		in := rollInteraction(id, "en-US")
		in["guild_id"] = strconv.FormatUint(k<<22, 10)
		seq := srv.Dispatch("INTERACTION_CREATE", in)
		if got := srv.Delivered(seq); !reflect.DeepEqual(got, []discordtest.Shard{{ID: int(k % 3), Count: 3}}) {
			t.Errorf("guild %d<<22 delivered to %v", k, got)
		}
		if _, err := srv.WaitCallback(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	stop()
	for _, done := range dones {
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	}
	callbacks := map[string]int{}
	for _, r := range srv.Requests() {
		if strings.HasSuffix(r.Path, "/callback") {
			callbacks[r.Path]++
		}
	}
	if len(callbacks) != 6 {
		t.Errorf("%d interactions answered, want 6", len(callbacks))
	}
	for p, n := range callbacks {
		if n != 1 {
			t.Errorf("%s answered %d times", p, n)
		}
	}
}
