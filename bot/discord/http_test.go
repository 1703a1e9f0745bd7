package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"rulekeeper/bot"
	"rulekeeper/bot/discordtest"
)

// httpFixture is an HTTP interactions server with real Ed25519 keys, a forced-dice bot and a fake Discord for
// the REST edits of deferred replies.
type httpFixture struct {
	pub     ed25519.PublicKey
	priv    ed25519.PrivateKey
	face    face
	bot     *bot.Bot
	h       *HTTPServer
	ts      *httptest.Server
	discord *discordtest.Server
	metrics *Metrics
}

func newHTTPFixture(t testing.TB, cfg Config, extra ...*bot.Command) *httpFixture {
	t.Helper()
	fx := &httpFixture{discord: discordtest.NewServer()}
	t.Cleanup(fx.discord.Close)
	var err error
	if fx.pub, fx.priv, err = ed25519.GenerateKey(nil); err != nil {
		t.Fatal(err)
	}
	fx.bot = forcedBot(&fx.face, extra...)
	fx.h = NewHTTPServer(fx.bot, fx.pub, fx.discord.Session("secret"), cfg)
	fx.metrics = fx.h.metrics
	fx.ts = httptest.NewServer(fx.h)
	t.Cleanup(fx.ts.Close)
	return fx
}

// post sends body to the interactions endpoint signed with key at ts.
func (fx *httpFixture) post(t testing.TB, c *http.Client, body []byte, key ed25519.PrivateKey, ts time.Time) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, fx.ts.URL+"/interactions", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if key != nil {
		discordtest.SignRequest(req, body, key, ts)
	}
	return do(t, c, req)
}

func do(t testing.TB, c *http.Client, req *http.Request) (int, []byte) {
	t.Helper()
	if c == nil {
		c = http.DefaultClient
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

func mustJSON(t testing.TB, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// responseBody decodes an interaction response written in an HTTP body.
func responseBody(t testing.TB, b []byte) discordtest.Callback {
	t.Helper()
	cb, err := discordtest.DecodeCallback(discordtest.Request{Path: "/api/v9/interactions/0/body/callback", JSON: b})
	if err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	return cb
}

func TestHTTPInteractions(t *testing.T) {
	fx := newHTTPFixture(t, Config{})
	now := time.Now()
	roll := mustJSON(t, commandInteraction("910000000000000001", userA, "ko", "roll", option("expr", 3, "1d20+5")))

	t.Run("ping_pong", func(t *testing.T) {
		req, _ := http.NewRequest(http.MethodPost, fx.ts.URL+"/interactions", bytes.NewReader([]byte(`{"type":1,"id":"1","application_id":"2","token":"t","version":1}`)))
		discordtest.SignRequest(req, []byte(`{"type":1,"id":"1","application_id":"2","token":"t","version":1}`), fx.priv, now)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || string(b) != `{"type":1}` || resp.Header.Get("Content-Type") != "application/json" {
			t.Errorf("%d %q %q", resp.StatusCode, b, resp.Header.Get("Content-Type"))
		}
	})

	t.Run("roll", func(t *testing.T) {
		code, b := fx.post(t, nil, roll, fx.priv, now)
		if code != 200 {
			t.Fatalf("%d %s", code, b)
		}
		cb := responseBody(t, b)
		if cb.Type != 4 || cb.Data.Embeds[0].Title != "Aria의 굴림" || cb.Data.Embeds[0].Description != "1d20 (17) + 5 = 22" ||
			cb.Data.Buttons()[0].CustomID != "reroll:1:1d20+5" {
			t.Errorf("%s", b)
		}
	})

	t.Run("autocomplete", func(t *testing.T) {
		body := mustJSON(t, autocompleteInteraction("910000000000000002", userA, "zh-CN", "help",
			map[string]any{"name": "command", "type": 3, "value": "", "focused": true}))
		code, b := fx.post(t, nil, body, fx.priv, now)
		cb := responseBody(t, b)
		if code != 200 || cb.Type != 8 || len(cb.Data.Choices) != min(len(fx.bot.Commands()), 25) || !strings.HasPrefix(cb.Data.Choices[0].Name, "/掷骰") {
			t.Errorf("%d %s", code, b)
		}
	})

	_, otherKey, _ := ed25519.GenerateKey(nil)
	tampered := bytes.Replace(roll, []byte("1d20+5"), []byte("1d20+9"), 1)
	for _, tc := range []struct {
		name   string
		req    func() *http.Request
		status int
	}{
		{"wrong_key", func() *http.Request { return signed(fx, roll, otherKey, now) }, 401},
		{"tampered_body", func() *http.Request {
			r := signed(fx, roll, fx.priv, now)
			r.Body = io.NopCloser(bytes.NewReader(tampered))
			return r
		}, 401},
		{"missing_headers", func() *http.Request {
			r, _ := http.NewRequest(http.MethodPost, fx.ts.URL+"/interactions", bytes.NewReader(roll))
			return r
		}, 401},
		{"missing_timestamp", func() *http.Request {
			r := signed(fx, roll, fx.priv, now)
			r.Header.Del("X-Signature-Timestamp")
			return r
		}, 401},
		{"signature_not_hex", func() *http.Request {
			r := signed(fx, roll, fx.priv, now)
			r.Header.Set("X-Signature-Ed25519", "zz"+r.Header.Get("X-Signature-Ed25519")[2:])
			return r
		}, 401},
		{"stale_timestamp", func() *http.Request { return signed(fx, roll, fx.priv, now.Add(-6*time.Minute)) }, 401},
		{"future_timestamp", func() *http.Request { return signed(fx, roll, fx.priv, now.Add(6*time.Minute)) }, 401},
		{"oversize", func() *http.Request {
			big := append(bytes.Repeat([]byte(" "), MaxInteractionBytes), roll...)
			return signed(fx, big, fx.priv, now)
		}, 413},
		{"get", func() *http.Request {
			r, _ := http.NewRequest(http.MethodGet, fx.ts.URL+"/interactions", nil)
			return r
		}, 405},
		{"malformed_json", func() *http.Request { return signed(fx, []byte(`{"type":2,"data":`), fx.priv, now) }, 400},
		{"unknown_type", func() *http.Request { return signed(fx, []byte(`{"type":42,"id":"1","token":"t"}`), fx.priv, now) }, 400},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if code, b := do(t, nil, tc.req()); code != tc.status {
				t.Errorf("status %d, want %d: %s", code, tc.status, b)
			}
		})
	}

	t.Run("healthz", func(t *testing.T) {
		r, _ := http.NewRequest(http.MethodGet, fx.ts.URL+"/healthz", nil)
		if code, b := do(t, nil, r); code != 200 || string(b) != "ok\n" {
			t.Errorf("%d %q", code, b)
		}
	})

	t.Run("metrics", func(t *testing.T) {
		r, _ := http.NewRequest(http.MethodGet, fx.ts.URL+"/metrics", nil)
		code, b := do(t, nil, r)
		for _, want := range []string{
			`rulekeeper_interactions_total{command="roll",kind="command",outcome="ok"} 1`,
			`rulekeeper_interactions_total{command="help",kind="autocomplete",outcome="ok"} 1`,
			`rulekeeper_handler_seconds_count{command="roll"} 1`,
			`rulekeeper_http_rejected_total{reason="signature"} 3`,
			`rulekeeper_http_rejected_total{reason="timestamp"} 4`,
			`rulekeeper_http_rejected_total{reason="type"} 1`,
			`rulekeeper_http_rejected_total{reason="too_large"} 1`,
			`rulekeeper_http_rejected_total{reason="method"} 1`,
			`rulekeeper_http_rejected_total{reason="json"} 1`,
			`go_goroutines`,
		} {
			if code != 200 || !strings.Contains(string(b), want) {
				t.Errorf("metrics lack %s", want)
			}
		}
	})
}

func signed(fx *httpFixture, body []byte, key ed25519.PrivateKey, ts time.Time) *http.Request {
	r, _ := http.NewRequest(http.MethodPost, fx.ts.URL+"/interactions", bytes.NewReader(body))
	discordtest.SignRequest(r, body, key, ts)
	return r
}

// TestHTTPConcurrent sends 500 signed interactions from 50 clients at once: each must be answered with its own
// roll, none lost or crossed.
func TestHTTPConcurrent(t *testing.T) {
	fx := newHTTPFixture(t, Config{Limiter: NewLimiter(DefaultRate, DefaultRatePer)})
	const clients, each = 50, 10
	now := time.Now()
	var wg sync.WaitGroup
	errs := make(chan error, clients*each)
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1}}
			defer client.CloseIdleConnections()
			user := strconv.Itoa(600000000000000000 + c)
			for k := range each {
				n := c*each + k
				body, _ := json.Marshal(commandInteraction(strconv.Itoa(920000000000000000+n), user, "en-US", "roll",
					option("expr", 3, fmt.Sprintf("1d20+%d", n))))
				req, _ := http.NewRequest(http.MethodPost, fx.ts.URL+"/", bytes.NewReader(body))
				discordtest.SignRequest(req, body, fx.priv, now)
				resp, err := client.Do(req)
				if err != nil {
					errs <- err
					continue
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				var got struct {
					Type int `json:"type"`
					Data struct {
						Embeds []struct{ Description string } `json:"embeds"`
					} `json:"data"`
				}
				want := fmt.Sprintf("1d20 (17) + %d = %d", n, 17+n)
				if err := json.Unmarshal(b, &got); err != nil || resp.StatusCode != 200 || got.Type != 4 || got.Data.Embeds[0].Description != want {
					errs <- fmt.Errorf("request %d: %d %s", n, resp.StatusCode, b)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	r, _ := http.NewRequest(http.MethodGet, fx.ts.URL+"/metrics", nil)
	if _, b := do(t, nil, r); !strings.Contains(string(b), `rulekeeper_interactions_total{command="roll",kind="command",outcome="ok"} 500`) {
		t.Error("metrics do not count 500 rolls")
	}
}

func TestHTTPRateLimit(t *testing.T) {
	fx := newHTTPFixture(t, Config{Limiter: NewLimiter(10, 10*time.Second)})
	now := time.Now()
	send := func(id int, user, locale string) discordtest.Callback {
		t.Helper()
		body := mustJSON(t, commandInteraction(strconv.Itoa(930000000000000000+id), user, locale, "roll", option("expr", 3, "d20")))
		code, b := fx.post(t, nil, body, fx.priv, now)
		if code != 200 {
			t.Fatalf("%d %s", code, b)
		}
		return responseBody(t, b)
	}
	for i := range 10 {
		if cb := send(i, userA, "en-US"); cb.Data.Flags != 0 {
			t.Fatalf("command %d limited: %+v", i+1, cb.Data.Embeds[0])
		}
	}
	cb := send(10, userA, "en-US")
	if cb.Data.Flags != 64 || cb.Data.Embeds[0].Description != "Slow down: you can use commands again in 1 s." {
		t.Errorf("11th command: flags %d %q", cb.Data.Flags, cb.Data.Embeds[0].Description)
	}
	if cb := send(11, userA, "ko"); cb.Data.Embeds[0].Description != "너무 빠릅니다: 1초 후에 다시 명령어를 쓸 수 있습니다." {
		t.Errorf("12th command in Korean: %q", cb.Data.Embeds[0].Description)
	}
	if cb := send(12, userB, "en-US"); cb.Data.Flags != 0 || cb.Data.Embeds[0].Description != "1d20 (17) = 17" {
		t.Errorf("user B limited: %+v", cb.Data.Embeds[0])
	}
	fx.face.advance(time.Second)
	if cb := send(13, userA, "en-US"); cb.Data.Flags != 0 {
		t.Errorf("user A still limited after a second: %+v", cb.Data.Embeds[0])
	}
	// Autocomplete is never limited: it fires as the user types.
	body := mustJSON(t, autocompleteInteraction("930000000000000099", userA, "en-US", "help", map[string]any{"name": "command", "type": 3, "value": "r", "focused": true}))
	if _, b := fx.post(t, nil, body, fx.priv, now); responseBody(t, b).Type != 8 {
		t.Errorf("autocomplete: %s", b)
	}
	r, _ := http.NewRequest(http.MethodGet, fx.ts.URL+"/metrics", nil)
	if _, b := do(t, nil, r); !strings.Contains(string(b), `rulekeeper_interactions_total{command="roll",kind="command",outcome="rate_limited"} 2`) {
		t.Error("metrics do not count the limited commands")
	}
}

func TestHTTPDeferredAndShutdown(t *testing.T) {
	started, release := make(chan string, 8), make(chan struct{})
	fx := newHTTPFixture(t, Config{DeferAfter: 50 * time.Millisecond}, slowCommand(started, release))
	ctx := testCtx(t)
	now := time.Now()

	// A slow command is deferred in the body, then edited in through REST with the interaction token.
	code, b := fx.post(t, nil, mustJSON(t, commandInteraction("940000000000000001", userA, "en-US", "slow")), fx.priv, now)
	<-started
	if cb := responseBody(t, b); code != 200 || cb.Type != 5 || cb.Data.Flags != 0 {
		t.Fatalf("%d %s", code, b)
	}
	release <- struct{}{}
	edit, err := fx.discord.WaitEdit(ctx, "tok-940000000000000001")
	if err != nil || edit.Embeds[0].Title != "slow done" {
		t.Fatalf("%v %+v", err, edit)
	}

	// Shutdown waits for replies in flight. These two are deferred publicly but answered privately, so each
	// deferral is replaced with an ephemeral follow-up.
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body, _ := json.Marshal(commandInteraction(strconv.Itoa(940000000000000010+i), userB, "en-US", "slow", option("hidden", 5, true)))
			resp, err := http.DefaultClient.Do(signed(fx, body, fx.priv, now))
			if err != nil {
				t.Error(err)
				return
			}
			resp.Body.Close()
		}()
	}
	<-started
	<-started
	wg.Wait() // both deferred: their edits are in flight
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if err := fx.h.Shutdown(cancelled); err == nil {
		t.Fatal("Shutdown with work in flight and a cancelled context returned nil")
	}
	// Now closing: a new interaction is told the bot is restarting, and /healthz reports it.
	rec := httptest.NewRecorder()
	fx.h.ServeHTTP(rec, signed(fx, mustJSON(t, commandInteraction("940000000000000020", userC, "zh-CN", "roll", option("expr", 3, "d20"))), fx.priv, now))
	if cb := responseBody(t, rec.Body.Bytes()); cb.Data.Embeds[0].Description != "机器人正在重启，请稍后再试。" || cb.Data.Flags != 64 {
		t.Errorf("during shutdown: %s", rec.Body.Bytes())
	}
	rec = httptest.NewRecorder()
	fx.h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/healthz", nil))
	if rec.Code != http.StatusServiceUnavailable {
		t.Errorf("healthz during shutdown: %d", rec.Code)
	}
	done := make(chan error, 1)
	go func() { done <- fx.h.Shutdown(ctx) }()
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		token := "tok-" + strconv.Itoa(940000000000000010+i)
		fu, err := fx.discord.WaitFollowup(ctx, token)
		if err != nil || fu.Flags != 64 || fu.Embeds[0].Title != "slow done" {
			t.Fatalf("%s: %v %+v", token, err, fu)
		}
		if _, err := fx.discord.WaitRequest(ctx, func(r discordtest.Request) bool {
			return r.Method == http.MethodDelete && strings.Contains(r.Path, token+"/messages/@original")
		}); err != nil {
			t.Errorf("%s: public deferral not deleted: %v", token, err)
		}
	}
}

// TestHTTPFiles: an HTTP response body can't carry attachments, so a reply with files is deferred and edited in
// with them.
func TestHTTPFiles(t *testing.T) {
	fx := newHTTPFixture(t, Config{}, &bot.Command{Name: "chart", Handler: func(*bot.Request) (*bot.Reply, error) {
		return &bot.Reply{Title: "chart", Ephemeral: true, Files: []bot.File{{Name: "chart.png", ContentType: "image/png", Data: []byte("PNG")}}}, nil
	}})
	code, b := fx.post(t, nil, mustJSON(t, commandInteraction("945000000000000001", userA, "en-US", "chart")), fx.priv, time.Now())
	if cb := responseBody(t, b); code != 200 || cb.Type != 5 || cb.Data.Flags != 64 {
		t.Fatalf("%d %s", code, b)
	}
	edit, err := fx.discord.WaitEdit(testCtx(t), "tok-945000000000000001")
	if err != nil || len(edit.Files) != 1 || string(edit.Files[0].Data) != "PNG" || edit.Embeds[0].Title != "chart" {
		t.Fatalf("%v %+v", err, edit)
	}
	if err := fx.h.Shutdown(testCtx(t)); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkHTTPInteraction measures one signed /roll through the HTTP handler: verify, decode, roll, encode.
func BenchmarkHTTPInteraction(b *testing.B) {
	fx := newHTTPFixture(b, Config{})
	body := mustJSON(b, commandInteraction("950000000000000001", userA, "en-US", "roll", option("expr", 3, "1d20+5")))
	req := httptest.NewRequest(http.MethodPost, "/", nil)
	discordtest.SignRequest(req, body, fx.priv, time.Now())
	b.ReportAllocs()
	for b.Loop() {
		r := req.Clone(context.Background())
		r.Body = io.NopCloser(bytes.NewReader(body))
		w := httptest.NewRecorder()
		fx.h.ServeHTTP(w, r)
		if w.Code != 200 {
			b.Fatalf("%d %s", w.Code, w.Body)
		}
	}
}

// BenchmarkEd25519Verify is the floor of BenchmarkHTTPInteraction: the signature check alone.
func BenchmarkEd25519Verify(b *testing.B) {
	pub, priv, _ := ed25519.GenerateKey(nil)
	msg := append([]byte("1700000000"), mustJSON(b, commandInteraction("950000000000000001", userA, "en-US", "roll", option("expr", 3, "1d20+5")))...)
	sig := ed25519.Sign(priv, msg)
	b.ReportAllocs()
	for b.Loop() {
		if !ed25519.Verify(pub, msg, sig) {
			b.Fatal("bad signature")
		}
	}
}
