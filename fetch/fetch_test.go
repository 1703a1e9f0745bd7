package fetch

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rulekeeper/rules/coded"
	"rulekeeper/rules/dnd5e/ddb"
)

const path = "/character/v5/character/"

// fake is a character service on loopback serving the ddb fixtures by id.
func fake(t *testing.T, handler http.HandlerFunc) (base string, hits *atomic.Int32) {
	t.Helper()
	hits = &atomic.Int32{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		handler(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + path, hits
}

func fixture(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "rules", "dnd5e", "ddb", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func code(err error) string {
	var ce *coded.Error
	if errors.As(err, &ce) {
		return ce.Code
	}
	return ""
}

// TestCharacter downloads a fixture from the fake service and maps it.
func TestCharacter(t *testing.T) {
	data := fixture(t, "paladin_warlock.json")
	base, hits := fake(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet || r.URL.Path != path+"90000004" || r.Header.Get("Accept") != "application/json" {
			t.Errorf("request %s %s %v", r.Method, r.URL.Path, r.Header)
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(data)
	})
	got, err := Character(context.Background(), nil, base, "90000004", 0)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(data) || hits.Load() != 1 {
		t.Fatalf("got %d bytes in %d requests", len(got), hits.Load())
	}
	im, err := ddb.Parse(got)
	if err != nil || im.Character.Name != "Seraphine Ashvale" {
		t.Fatalf("Parse: %v", err)
	}
}

// TestStatus: each answer that is not 200 has its error.
func TestStatus(t *testing.T) {
	tests := []struct {
		status int
		want   string
	}{
		{401, ErrNotShared}, {403, ErrNotShared}, {404, ErrNotShared}, {429, ErrRateLimited},
		{500, ErrUpstream}, {503, ErrUpstream}, {204, ErrUpstream},
	}
	for _, tt := range tests {
		base, _ := fake(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(tt.status) })
		_, err := Character(context.Background(), nil, base, "1", 0)
		if code(err) != tt.want {
			t.Errorf("status %d: %v, want %s", tt.status, err, tt.want)
		}
		if tt.want == ErrUpstream && err.(*coded.Error).Args["Status"] != tt.status {
			t.Errorf("status %d: args %v", tt.status, err.(*coded.Error).Args)
		}
	}
}

// TestMaxSize: without a limit, an answer of MaxSize (256 KiB) is read and one byte more is refused.
func TestMaxSize(t *testing.T) {
	for _, n := range []int{MaxSize, MaxSize + 1} {
		body := strings.Repeat(" ", n)
		base, _ := fake(t, func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(body)) })
		got, err := Character(context.Background(), nil, base, "1", 0)
		switch {
		case n <= MaxSize && (err != nil || len(got) != n):
			t.Errorf("%d bytes: %d read, %v", n, len(got), err)
		case n > MaxSize && code(err) != ddb.ErrTooLarge:
			t.Errorf("%d bytes: %v, want %s", n, err, ddb.ErrTooLarge)
		}
	}
}

// TestSize: the answer is bounded, whether it announces its length or not.
func TestSize(t *testing.T) {
	body := strings.Repeat("x", 200)
	tests := []struct {
		name    string
		chunked bool
		limit   int64
		ok      bool
	}{
		{"length announced, too large", false, 100, false},
		{"chunked, too large", true, 100, false},
		{"exactly the limit", false, 200, true},
		{"chunked, exactly the limit", true, 200, true},
		{"no limit: MaxSize", true, 0, true},
		{"a limit above MaxSize is MaxSize", false, 1 << 40, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base, _ := fake(t, func(w http.ResponseWriter, r *http.Request) {
				if !tt.chunked {
					w.Header().Set("Content-Length", strconv.Itoa(len(body)))
				}
				w.Write([]byte(body[:100]))
				w.(http.Flusher).Flush()
				w.Write([]byte(body[100:]))
			})
			got, err := Character(context.Background(), nil, base, "1", tt.limit)
			if tt.ok != (err == nil) || !tt.ok && code(err) != ddb.ErrTooLarge {
				t.Fatalf("err %v", err)
			}
			if tt.ok && string(got) != body {
				t.Fatalf("got %d bytes", len(got))
			}
			if !tt.ok && err.(*coded.Error).Args["Max"] != tt.limit {
				t.Fatalf("args %v", err.(*coded.Error).Args)
			}
		})
	}
	// A service that keeps sending is cut at the limit.
	base, _ := fake(t, func(w http.ResponseWriter, r *http.Request) {
		chunk := []byte(strings.Repeat("y", 64<<10))
		for i := 0; i < 64; i++ {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	})
	if _, err := Character(context.Background(), nil, base, "1", 0); code(err) != ddb.ErrTooLarge {
		t.Fatalf("endless body: %v", err)
	}
}

// TestTimeout: a service that does not answer before the deadline (the
// context's or the client's) gives ErrTimeout. The handler waits until the
// test ends, so the deadline always passes first.
func TestTimeout(t *testing.T) {
	release := make(chan struct{})
	base, _ := fake(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	})
	defer close(release)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := Character(ctx, nil, base, "1", 0); code(err) != ErrTimeout {
		t.Errorf("context deadline: %v", err)
	}
	client := &http.Client{Timeout: 20 * time.Millisecond}
	if _, err := Character(context.Background(), client, base, "1", 0); code(err) != ErrTimeout {
		t.Errorf("client timeout: %v", err)
	}
}

// TestUnreachable: no service, or a body that breaks off.
func TestUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	base := srv.URL + path
	srv.Close()
	if _, err := Character(context.Background(), nil, base, "1", 0); code(err) != ErrUnreachable {
		t.Errorf("closed server: %v", err)
	}
	base, _ = fake(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "1000")
		w.Write([]byte("{}"))
	})
	if _, err := Character(context.Background(), nil, base, "1", 0); code(err) != ErrUnreachable {
		t.Errorf("short body: %v", err)
	}
}

// TestBadArguments: a bad base or id sends nothing.
func TestBadArguments(t *testing.T) {
	base, hits := fake(t, func(w http.ResponseWriter, r *http.Request) {})
	if _, err := Character(context.Background(), nil, "ftp://x/", "1", 0); code(err) != ddb.ErrBadBase {
		t.Errorf("bad base: %v", err)
	}
	if _, err := Character(context.Background(), nil, base, "1/../2", 0); code(err) != ddb.ErrBadURL {
		t.Errorf("bad id: %v", err)
	}
	if hits.Load() != 0 {
		t.Errorf("%d requests sent", hits.Load())
	}
}
