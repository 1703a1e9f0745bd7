package discord

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"rulekeeper/bot"
)

// MaxInteractionBytes bounds the body of an HTTP interaction (Discord's are a few kilobytes).
const MaxInteractionBytes = 1 << 20

// MaxClockSkew is how far an interaction's signed timestamp may be from the server's clock, either way:
// older requests are replays.
const MaxClockSkew = 5 * time.Minute

// HTTPServer answers Discord's HTTP interactions (the "Interactions Endpoint URL" of the application) on any
// path but three: GET /healthz answers "ok" while the server takes work, GET /readyz also checks the store
// (Config.Ready, ready.go), GET /metrics serves Prometheus metrics (unless Config.PrivateMetrics moves them to a
// listener of their own).
// Every interaction must carry a valid Ed25519 signature of the application's public key and a fresh timestamp;
// commands are answered in the response body, and replies that take longer than DeferAfter are deferred and
// finished through REST with the interaction token.
type HTTPServer struct {
	key     ed25519.PublicKey
	resp    *responder
	metrics *Metrics
	mux     *http.ServeMux
	now     func() time.Time
}

// NewHTTPServer returns the HTTP interactions handler. rest is a discordgo session used only for REST (it is
// never opened) to edit deferred replies.
func NewHTTPServer(b *bot.Bot, key ed25519.PublicKey, rest *discordgo.Session, cfg Config) *HTTPServer {
	if cfg.Metrics == nil {
		cfg.Metrics = NewMetrics()
	}
	h := &HTTPServer{key: key, metrics: cfg.Metrics, resp: newResponder(b, rest, cfg, false), now: time.Now}
	h.mux = http.NewServeMux()
	h.mux.HandleFunc("GET /healthz", h.healthz)
	h.mux.HandleFunc("GET /readyz", ReadyHandler(cfg.Ready, h.resp.isClosing))
	if !cfg.PrivateMetrics {
		h.mux.Handle("GET /metrics", cfg.Metrics.Handler())
	}
	h.mux.HandleFunc("/", h.interaction)
	return h
}

// ServeHTTP routes a request.
func (h *HTTPServer) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.mux.ServeHTTP(w, r) }

// Shutdown stops taking interactions and waits for those in flight, deferred replies included, until ctx ends.
// Call it after http.Server.Shutdown.
func (h *HTTPServer) Shutdown(ctx context.Context) error { return h.resp.shutdown(ctx) }

func (h *HTTPServer) healthz(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	h.resp.mu.Lock()
	closing := h.resp.closing
	h.resp.mu.Unlock()
	if closing {
		w.WriteHeader(http.StatusServiceUnavailable)
		io.WriteString(w, "shutting down\n")
		return
	}
	io.WriteString(w, "ok\n")
}

func (h *HTTPServer) reject(w http.ResponseWriter, status int, reason string) {
	h.metrics.rejected(reason)
	http.Error(w, http.StatusText(status), status)
}

func (h *HTTPServer) interaction(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		h.reject(w, http.StatusMethodNotAllowed, "method")
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, MaxInteractionBytes)
	body, err := io.ReadAll(r.Body)
	if err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			h.reject(w, http.StatusRequestEntityTooLarge, "too_large")
		} else {
			h.reject(w, http.StatusBadRequest, "body")
		}
		return
	}
	if !h.fresh(r.Header.Get("X-Signature-Timestamp")) {
		h.reject(w, http.StatusUnauthorized, "timestamp")
		return
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	if !discordgo.VerifyInteraction(r, h.key) {
		h.reject(w, http.StatusUnauthorized, "signature")
		return
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(body, &i); err != nil {
		h.reject(w, http.StatusBadRequest, "json")
		return
	}
	if i.Type == discordgo.InteractionPing {
		writeJSON(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		return
	}
	if !h.resp.acquire() {
		if resp := h.resp.busy(&i); resp != nil {
			writeJSON(w, resp)
			return
		}
		h.reject(w, http.StatusServiceUnavailable, "shutdown")
		return
	}
	defer h.resp.release()
	first, finish, ok := h.resp.answer(r.Context(), &i)
	if !ok {
		h.reject(w, http.StatusBadRequest, "type")
		return
	}
	writeJSON(w, first)
	if finish != nil {
		// The deferral must reach Discord before the edit: send it now, finish after this handler returns.
		http.NewResponseController(w).Flush()
		h.resp.wg.Add(1) // safe: this request holds the count above zero
		go func() {
			defer h.resp.release()
			finish()
		}()
	}
}

// fresh reports whether a signed timestamp (Unix seconds) is within MaxClockSkew of now.
func (h *HTTPServer) fresh(stamp string) bool {
	sec, err := strconv.ParseInt(stamp, 10, 64)
	if err != nil {
		return false
	}
	d := h.now().Sub(time.Unix(sec, 0))
	return d <= MaxClockSkew && d >= -MaxClockSkew
}

func writeJSON(w http.ResponseWriter, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, http.StatusText(http.StatusInternalServerError), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.Write(b)
}
