package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"rulekeeper/bot/discordtest"
	"rulekeeper/store"
)

// liveServe is a `rulekeeper serve` process of the built binary answering HTTP interactions only, with no bot
// token, its metrics on a listener of their own.
type liveServe struct {
	cmd           *exec.Cmd
	db            string
	http, metrics string // addresses
	priv          ed25519.PrivateKey
	exited        chan error
}

var addrRE = regexp.MustCompile(`msg="(answering HTTP interactions|serving metrics)" addr=(\S+)`)

// startServe starts the binary's serve and waits until both listeners are up.
func startServe(t *testing.T, dir string) *liveServe {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	s := &liveServe{db: filepath.Join(dir, "srv.db"), priv: priv, exited: make(chan error, 1)}
	s.cmd = exec.Command(binary, "serve", "--no-gateway", "--no-register", "--http", "127.0.0.1:0",
		"--public-key", hex.EncodeToString(pub), "--metrics-addr", "127.0.0.1:0", "--db", s.db, "--log-level", "info")
	s.cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "RULEKEEPER_") { // no token, no other settings
			s.cmd.Env = append(s.cmd.Env, kv)
		}
	}
	stderr, err := s.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if s.cmd.ProcessState == nil {
			s.cmd.Process.Kill()
			<-s.exited
		}
	})
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		s.exited <- s.cmd.Wait()
	}()
	timeout := time.After(20 * time.Second)
	var log []string
	for s.http == "" || s.metrics == "" {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("serve exited:\n%s", strings.Join(log, "\n"))
			}
			log = append(log, l)
			if m := addrRE.FindStringSubmatch(l); m != nil {
				if m[1] == "serving metrics" {
					s.metrics = m[2]
				} else {
					s.http = m[2]
				}
			}
		case <-timeout:
			t.Fatalf("serve did not come up:\n%s", strings.Join(log, "\n"))
		}
	}
	go func() {
		for range lines { // keep reading stderr
		}
	}()
	return s
}

// command posts a signed slash command (options of a subcommand) to the live endpoint and returns the reply's
// text.
func (s *liveServe) command(t *testing.T, id, name, sub string, opts ...map[string]any) string {
	t.Helper()
	data := map[string]any{"id": "600000000000000001", "name": name, "type": 1, "options": opts}
	if sub != "" {
		data["options"] = []any{map[string]any{"name": sub, "type": 1, "options": opts}}
	}
	i := map[string]any{"id": id, "application_id": discordtest.AppID, "type": 2, "token": "tok-" + id, "version": 1,
		"guild_id": testGuild, "channel_id": "300000000000000001", "locale": "en-US",
		"member": map[string]any{"user": map[string]any{"id": "500000000000000001", "username": "aria"}, "permissions": "0"},
		"data":   data}
	body, _ := json.Marshal(i)
	req, _ := http.NewRequest(http.MethodPost, "http://"+s.http+"/interactions", bytes.NewReader(body))
	discordtest.SignRequest(req, body, s.priv, time.Now())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		t.Fatalf("%s: %d %s", name, resp.StatusCode, b)
	}
	return string(b)
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestServeOperatorTools (issue 11 §5), end to end with the built binary: `serve --no-gateway --no-register
// --http ADDR --public-key HEX` runs with no bot token; while it serves, `rulekeeper backup` writes a backup
// that opens with the character just created, and `rulekeeper export` prints (or writes) the guild through the
// serving process; /metrics and /healthz answer on --metrics-addr and /metrics is not on the public endpoint;
// SIGTERM stops it with status 0.
func TestServeOperatorTools(t *testing.T) {
	dir := t.TempDir()
	s := startServe(t, dir)
	if out := s.command(t, "910000000000000001", "sheet", "create", map[string]any{"name": "name", "type": 3, "value": "Aria"},
		map[string]any{"name": "class", "type": 3, "value": "rogue"}); !strings.Contains(out, "Aria") {
		t.Fatalf("sheet create: %s", out)
	}

	backup := filepath.Join(dir, "b.db")
	out, errs, code := rk(t, dir, "", nil, "backup", "--out", backup, "--db", s.db)
	if code != 0 || !strings.Contains(out, backup) {
		t.Fatalf("backup while serving: exit %d, %q %q", code, out, errs)
	}
	b, err := store.Open(backup, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	err = b.View(context.Background(), testGuild, func(tx store.Tx) error {
		_, err := tx.FindCharacter("500000000000000001", "Aria")
		return err
	})
	b.Close()
	if err != nil {
		t.Errorf("the backup lacks Aria: %v", err)
	}

	out, errs, code = rk(t, dir, "", nil, "export", "--guild", testGuild, "--db", s.db)
	var e store.Export
	if code != 0 || json.Unmarshal([]byte(out), &e) != nil || len(e.Characters) != 1 || e.Characters[0].Name != "Aria" {
		t.Fatalf("export while serving: exit %d, %q %q", code, out, errs)
	}
	file := filepath.Join(dir, "guild.json")
	if _, errs, code = rk(t, dir, "", nil, "export", "--guild", testGuild, "--db", s.db, "--out", file); code != 0 {
		t.Fatalf("export --out while serving: exit %d, %q", code, errs)
	}
	if data, err := os.ReadFile(file); err != nil || !bytes.Contains(data, []byte(`"Aria"`)) {
		t.Errorf("export file: %v %s", err, data)
	}

	if code, body := get(t, "http://"+s.metrics+"/metrics"); code != 200 || !strings.Contains(body, `rulekeeper_interactions_total{command="sheet create"`) {
		t.Errorf("metrics listener /metrics: %d\n%.500s", code, body)
	}
	if code, body := get(t, "http://"+s.metrics+"/healthz"); code != 200 || strings.TrimSpace(body) != "ok" {
		t.Errorf("metrics listener /healthz: %d %q", code, body)
	}
	if code, _ := get(t, "http://"+s.http+"/metrics"); code == 200 {
		t.Error("/metrics is served on the public interactions endpoint")
	}

	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-s.exited:
		if err != nil {
			t.Errorf("serve after SIGTERM: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop")
	}
}

// TestServeTokenWhereUsed (issue 11 §5): without a token, serve says which part needs it — the gateway, or the
// registration — and HTTP interactions alone need none (TestServeOperatorTools).
func TestServeTokenWhereUsed(t *testing.T) {
	dir := t.TempDir()
	env := []string{"RULEKEEPER_TOKEN="}
	key := strings.Repeat("ab", 32)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--db", "a.db"}, "gateway"},
		{[]string{"serve", "--no-gateway", "--http", "127.0.0.1:0", "--public-key", key, "--db", "b.db"}, "--no-register"},
	} {
		_, errs, code := rk(t, dir, "", env, c.args...)
		if code != 1 || !strings.Contains(errs, c.want) || !strings.Contains(errs, "RULEKEEPER_TOKEN") {
			t.Errorf("%v: exit %d, %q; want it to name %q", c.args, code, errs, c.want)
		}
	}
}

// TestEmptyDatabaseRefused (issue 11 §5): an existing 0-byte --db file is refused by every command that opens it,
// in words with its path, and stays empty; a missing directory says so too.
func TestEmptyDatabaseRefused(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.db")
	if err := os.WriteFile(empty, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"export", "--guild", "g", "--db", empty},
		{"backup", "--out", filepath.Join(dir, "b.db"), "--db", empty},
		{"console", "--db", empty},
	} {
		_, errs, code := rk(t, dir, "/roll expr:1d20\n", nil, args...)
		if code != 1 || !strings.Contains(errs, "empty file, not a rulekeeper database") || !strings.Contains(errs, empty) {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
	if fi, err := os.Stat(empty); err != nil || fi.Size() != 0 {
		t.Errorf("the empty file changed: %v %v", fi, err)
	}
	missing := filepath.Join(dir, "nowhere", "x.db")
	if _, errs, code := rk(t, dir, "", nil, "export", "--guild", "g", "--db", missing); code != 1 || !strings.Contains(errs, "Cannot open "+missing) {
		t.Errorf("missing directory: exit %d, %q", code, errs)
	}
}
