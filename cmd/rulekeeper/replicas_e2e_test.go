package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"rulekeeper/bot/discordtest"
	"rulekeeper/store"
	"rulekeeper/store/storetest"
)

// replica is one `rulekeeper serve --http` process of the built binary on the shared PostgreSQL store.
type replica struct {
	cmd    *exec.Cmd
	addr   string
	exited chan error
}

var httpAddrRE = addrRE // msg="answering HTTP interactions" addr=…

// startReplica starts `serve --no-gateway --no-register --http 127.0.0.1:0` on target with the given public
// key, deferred replies edited through api (the fake Discord), and the per-user limit rate per ratePer.
func startReplica(t *testing.T, dir, target, pub, api string, rate int, ratePer string) *replica {
	t.Helper()
	r := &replica{exited: make(chan error, 1)}
	r.cmd = exec.Command(binary, "serve", "--no-gateway", "--no-register", "--http", "127.0.0.1:0",
		"--public-key", pub, "--api-url", api, "--store", target, "--pool-size", "4",
		"--rate", fmt.Sprint(rate), "--rate-per", ratePer, "--log-level", "info")
	r.cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "RULEKEEPER_") {
			r.cmd.Env = append(r.cmd.Env, kv)
		}
	}
	stderr, err := r.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if r.cmd.ProcessState == nil {
			r.cmd.Process.Kill()
			<-r.exited
		}
	})
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		r.exited <- r.cmd.Wait()
	}()
	timeout := time.After(30 * time.Second)
	var log []string
	for r.addr == "" {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("serve exited:\n%s", strings.Join(log, "\n"))
			}
			log = append(log, l)
			if m := httpAddrRE.FindStringSubmatch(l); m != nil && m[1] == "answering HTTP interactions" {
				r.addr = m[2]
			}
		case <-timeout:
			t.Fatalf("serve did not come up:\n%s", strings.Join(log, "\n"))
		}
	}
	go func() {
		for range lines {
		}
	}()
	return r
}

// pgProxy forwards TCP connections to PostgreSQL; cut closes every connection and refuses new ones (the
// database, as the replicas see it, stops), mend lets them through again. The test's own PostgreSQL is shared
// with the other packages' tests, so it is never stopped itself.
type pgProxy struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	down   bool
	conns  map[net.Conn]bool
}

func newPGProxy(t *testing.T, target string) *pgProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &pgProxy{ln: ln, target: target, conns: map[net.Conn]bool{}}
	t.Cleanup(func() { ln.Close(); p.cut() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go p.forward(c)
		}
	}()
	return p
}

func (p *pgProxy) forward(c net.Conn) {
	p.mu.Lock()
	if p.down {
		p.mu.Unlock()
		c.Close()
		return
	}
	up, err := net.Dial("tcp", p.target)
	if err != nil {
		p.mu.Unlock()
		c.Close()
		return
	}
	p.conns[c], p.conns[up] = true, true
	p.mu.Unlock()
	go func() { io.Copy(up, c); up.Close() }()
	io.Copy(c, up)
	c.Close()
}

func (p *pgProxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = true
	for c := range p.conns {
		c.Close()
	}
	clear(p.conns)
}

func (p *pgProxy) mend() {
	p.mu.Lock()
	p.down = false
	p.mu.Unlock()
}

// interactions signs and posts slash commands to the replicas and reads their answers, inline or, when
// deferred, from the fake Discord's edit.
type interactions struct {
	priv    ed25519.PrivateKey
	discord *discordtest.Server
	client  *http.Client
}

// post sends one command as user (a GM: Manage Server) to the replica at addr; it returns the reply's text and
// whether the command was acknowledged (an answer that is not an error), or an error when the replica could
// not be reached.
func (in *interactions) post(addr, id, user, name, sub string, opts ...map[string]any) (string, bool, error) {
	data := map[string]any{"id": "600000000000000001", "name": name, "type": 1, "options": opts}
	if sub != "" {
		data["options"] = []any{map[string]any{"name": sub, "type": 1, "options": opts}}
	}
	i := map[string]any{"id": id, "application_id": discordtest.AppID, "type": 2, "token": "tok-" + id, "version": 1,
		"guild_id": testGuild, "channel_id": "300000000000000001", "locale": "en-US",
		"member": map[string]any{"user": map[string]any{"id": user, "username": "u" + user}, "permissions": "32"},
		"data":   data}
	body, _ := json.Marshal(i)
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/interactions", bytes.NewReader(body))
	discordtest.SignRequest(req, body, in.priv, time.Now())
	resp, err := in.client.Do(req)
	if err != nil {
		return "", false, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != 200 {
		return string(b), false, fmt.Errorf("status %d: %v", resp.StatusCode, err)
	}
	var cb struct {
		Type int `json:"type"`
		Data struct {
			Flags  int `json:"flags"`
			Embeds []struct {
				Title, Description string
				Color              int
			} `json:"embeds"`
			Content string `json:"content"`
		} `json:"data"`
	}
	if err := json.Unmarshal(b, &cb); err != nil {
		return string(b), false, err
	}
	if cb.Type == 5 { // deferred: the answer is the edit
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		m, err := in.discord.WaitEdit(ctx, "tok-"+id)
		if err != nil {
			return "", false, err
		}
		raw, _ := json.Marshal(m)
		return string(raw), !strings.Contains(string(raw), `"flags":64`), nil
	}
	return string(b), cb.Data.Flags&64 == 0, nil
}

// TestReplicasSharePostgres (issue 19), end to end: three real `serve --http` processes of the built binary on
// one PostgreSQL schema. 50 concurrent clients round-robin over the replicas change the HP of two shared
// characters and create sheets: the final HP is the start minus every acknowledged damage, and every
// acknowledged sheet exists once. One interaction posted to all three replicas at once is applied once. A
// user's rate limit holds across replicas. A replica killed (SIGKILL) during a load of creates loses no
// acknowledged sheet. /readyz fails when the database goes away and recovers when it returns.
func TestReplicasSharePostgres(t *testing.T) {
	target := storetest.PostgresURL(t)
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	proxy := newPGProxy(t, u.Host)
	u.Host = proxy.ln.Addr().String()
	viaProxy := u.String()
	dir := t.TempDir()

	// Two shared characters with 9999 HP, owned by a user no client is.
	setup := "/sheet create name:Tank class:fighter level:1\n/hp max amount:9999\n/hp heal amount:9999\n" +
		"/sheet create name:Wall class:fighter level:1\n/hp max amount:9999\n/hp heal amount:9999\n"
	if out, errs, code := rk(t, dir, setup, nil, "console", "--store", target, "--guild", testGuild, "--user", "100", "--json"); code != 0 || strings.Contains(out, `"error"`) {
		t.Fatalf("setup: exit %d\n%s\n%s", code, out, errs)
	}

	fake := discordtest.NewServer()
	t.Cleanup(fake.Close)
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	var reps []*replica
	for range 3 {
		reps = append(reps, startReplica(t, dir, viaProxy, hex.EncodeToString(pub), fake.URL, 20, "10m"))
	}
	in := &interactions{priv: priv, discord: fake, client: &http.Client{Timeout: 30 * time.Second}}

	// 50 clients × 12 requests, round-robin: 9 /hp damage of 1–5 on Tank or Wall, 3 /sheet create.
	start := time.Now()
	var (
		mu      sync.Mutex
		damage  = map[string]int{}
		created []string
		fails   []string
		wg      sync.WaitGroup
	)
	for c := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			user := fmt.Sprint(200 + c)
			for k := range 12 {
				id := fmt.Sprintf("9%05d%06d", c, k)
				addr := reps[(c*12+k)%3].addr
				if k%4 == 3 {
					name := fmt.Sprintf("C%d-%d", c, k)
					_, ok, err := in.post(addr, id, user, "sheet", "create", map[string]any{"name": "name", "type": 3, "value": name},
						map[string]any{"name": "class", "type": 3, "value": "rogue"})
					mu.Lock()
					if ok {
						created = append(created, name)
					} else {
						fails = append(fails, fmt.Sprintf("create %s: %v", name, err))
					}
					mu.Unlock()
					continue
				}
				who, amount := []string{"Tank", "Wall"}[k%2], 1+(c+k)%5
				out, ok, err := in.post(addr, id, user, "hp", "damage", map[string]any{"name": "amount", "type": 4, "value": amount},
					map[string]any{"name": "character", "type": 3, "value": who})
				mu.Lock()
				if ok {
					damage[who] += amount
				} else {
					fails = append(fails, fmt.Sprintf("damage %s: %v %.200s", who, err, out))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	t.Logf("load: 600 requests over 3 replicas in %v: %d acknowledged creates, damage %v", time.Since(start).Round(time.Millisecond), len(created), damage)
	if len(fails) > 0 {
		t.Errorf("%d of 600 requests not acknowledged, e.g. %s", len(fails), fails[0])
	}

	// One interaction posted to all three replicas at once: applied once.
	var applied sync.WaitGroup
	acks := make([]bool, 3)
	for i, r := range reps {
		applied.Add(1)
		go func() {
			defer applied.Done()
			_, ok, _ := in.post(r.addr, "800000000000000001", "299", "hp", "damage", map[string]any{"name": "amount", "type": 4, "value": 7},
				map[string]any{"name": "character", "type": 3, "value": "Tank"})
			acks[i] = ok
		}()
	}
	applied.Wait()
	n := 0
	for _, ok := range acks {
		if ok {
			n++
		}
	}
	if n != 1 {
		t.Errorf("a replayed interaction was answered as applied %d times, want 1", n)
	}
	damage["Tank"] += 7

	db, err := store.OpenPG(context.Background(), target, store.Options{NoMigrate: true})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	checkState(t, db, damage, created)

	// The rate limit (20 per 10 minutes) holds across replicas: 30 /roll of one user, round-robin, 20 answered.
	answered := 0
	for k := range 30 {
		if _, ok, err := in.post(reps[k%3].addr, fmt.Sprintf("7000000000%06d", k), "300", "roll", "", map[string]any{"name": "expr", "type": 3, "value": "d20"}); err == nil && ok {
			answered++
		}
	}
	if answered != 20 {
		t.Errorf("one user's rolls over three replicas: %d answered, want 20 (the limit)", answered)
	}

	// Kill one replica while 20 clients create sheets: every acknowledged one exists.
	var killed []string
	var kwg sync.WaitGroup
	for c := range 20 {
		kwg.Add(1)
		go func() {
			defer kwg.Done()
			for k := range 6 {
				if c == 0 && k == 2 {
					reps[2].cmd.Process.Signal(syscall.SIGKILL)
				}
				name := fmt.Sprintf("K%d-%d", c, k)
				_, ok, _ := in.post(reps[(c+k)%3].addr, fmt.Sprintf("6%05d%06d", c, k), fmt.Sprint(400+c), "sheet", "create",
					map[string]any{"name": "name", "type": 3, "value": name}, map[string]any{"name": "class", "type": 3, "value": "rogue"})
				if ok {
					mu.Lock()
					killed = append(killed, name)
					mu.Unlock()
				}
			}
		}()
	}
	kwg.Wait()
	t.Logf("a replica killed during 120 creates: %d acknowledged", len(killed))
	if len(killed) >= 120 || len(killed) < 60 {
		t.Errorf("%d of 120 creates acknowledged with one replica of three killed", len(killed))
	}
	checkState(t, db, damage, append(created, killed...))

	// /readyz: ready, then 503 while the database is away, then ready again.
	live := reps[0].addr
	if code, body := get(t, "http://"+live+"/readyz"); code != 200 {
		t.Errorf("/readyz: %d %q", code, body)
	}
	proxy.cut()
	if code, body := get(t, "http://"+live+"/readyz"); code != 503 || !strings.Contains(body, "store") {
		t.Errorf("/readyz with the database away: %d %q", code, body)
	}
	if code, _ := get(t, "http://"+live+"/healthz"); code != 200 {
		t.Errorf("/healthz with the database away: %d", code)
	}
	proxy.mend()
	deadline := time.Now().Add(10 * time.Second)
	for {
		code, body := get(t, "http://"+live+"/readyz")
		if code == 200 {
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("/readyz after the database returned: %d %q", code, body)
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, r := range reps[:2] {
		r.cmd.Process.Signal(syscall.SIGTERM)
		if err := <-r.exited; err != nil {
			t.Errorf("serve after SIGTERM: %v", err)
		}
	}
}

// checkState reads the guild from the database: Tank's and Wall's HP are 9999 minus the acknowledged damage, and
// every acknowledged sheet exists exactly once.
func checkState(t *testing.T, db store.Store, damage map[string]int, created []string) {
	t.Helper()
	e, err := store.ExportGuild(context.Background(), db, testGuild)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for _, c := range e.Characters {
		count[c.Name]++
		if c.Name == "Tank" || c.Name == "Wall" {
			var sheet struct {
				HP int `json:"hp"`
			}
			if err := json.Unmarshal(c.Sheet, &sheet); err != nil {
				t.Fatal(err)
			}
			if want := 9999 - damage[c.Name]; sheet.HP != want {
				t.Errorf("%s: HP %d, want %d (9999 − %d acknowledged)", c.Name, sheet.HP, want, damage[c.Name])
			}
		}
	}
	for _, name := range created {
		if count[name] != 1 {
			t.Errorf("acknowledged sheet %s exists %d times", name, count[name])
		}
	}
}
