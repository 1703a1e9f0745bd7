// Package discordtest is a fake Discord for tests, after net/http/httptest: a REST API and a gateway websocket on
// loopback that a real discordgo session talks to.
//
// Point a session at it through its HTTP client, never through discordgo's endpoint globals:
//
//	srv := discordtest.NewServer()
//	defer srv.Close()
//	s := srv.Session("token") // or: s.Client = &http.Client{Transport: srv.Transport()}
//	s.Open()                   // GET /api/v9/gateway → ws://127.0.0.1:…/ws → HELLO, IDENTIFY, READY
//	srv.Dispatch("INTERACTION_CREATE", interaction)
//	cb, err := srv.WaitCallback(ctx, interactionID)
//
// The fake records every REST request and every gateway frame a client sends; the Wait methods block until a
// matching one arrives, so tests synchronise without sleeping.
package discordtest

import (
	"bytes"
	"compress/zlib"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// AppID is the fake application's id (and its bot user's id).
const AppID = "100000000000000001"

// Server is a fake Discord: REST under /api/v9 and a gateway websocket under /ws.
type Server struct {
	// URL is the base URL of the fake, http://127.0.0.1:port, with no trailing slash.
	URL string

	ts       *httptest.Server
	upgrader websocket.Upgrader
	wsWG     sync.WaitGroup

	mu         sync.Mutex
	changed    chan struct{} // closed and replaced whenever a request or frame is recorded
	requests   []Request
	frames     []Frame
	acked      map[string]bool              // interaction ids already answered
	commands   map[string][]json.RawMessage // command scope ("" or a guild id) → the last overwrite
	failN      int
	retryAfter float64
	compress   bool
	heartbeat  time.Duration
	seq        int64
	history    []dispatch
	conns      map[*conn]bool   // every open gateway socket → whether it receives dispatches (READY or RESUMED sent)
	sessions   map[string]Shard // session id → the shard it identified as
	nextID     int64
	hold       *hold
	files      map[string][]byte // attachment path → content (AddAttachment)
	forbidden  map[string]bool   // channels whose messages are refused (Forbid)
}

type hold struct {
	held    chan string
	release chan struct{}
	once    sync.Once
}

func (s *Server) unhold(h *hold) {
	s.mu.Lock()
	if s.hold == h {
		s.hold = nil
	}
	s.mu.Unlock()
	h.once.Do(func() { close(h.release) })
}

// Request is one REST request the fake received, with the status it answered.
type Request struct {
	Method string
	Path   string // as sent: /api/v9/interactions/{id}/{token}/callback
	Query  url.Values
	Header http.Header
	Body   []byte // the raw body
	JSON   []byte // the JSON payload: the body itself, or a multipart body's payload_json
	Files  []File // a multipart body's files
	Status int
}

// File is an attachment of a multipart request.
type File struct {
	Name, ContentType string
	Data              []byte
}

// Frame is one gateway payload a client sent: 1 heartbeat, 2 identify, 6 resume, …
type Frame struct {
	Op   int
	Data json.RawMessage
}

// Message is a message body the bot sent: the data of an interaction callback, an edit of @original or a follow-up.
type Message struct {
	Content    string
	Embeds     []*discordgo.MessageEmbed
	Components []discordgo.MessageComponent
	Flags      discordgo.MessageFlags
	Choices    []*discordgo.ApplicationCommandOptionChoice // autocomplete result
	CustomID   string                                      // modal
	Title      string                                      // modal
	Files      []File
	// AllowedMentions is who the message may ping (nil when the body has none: Discord then parses every mention).
	AllowedMentions *discordgo.MessageAllowedMentions
}

// Callback is an interaction response posted to /interactions/{id}/{token}/callback.
type Callback struct {
	InteractionID, Token string
	Type                 discordgo.InteractionResponseType
	Data                 *Message // nil when the response has no data (PONG, a bare defer)
	Request              Request
}

type dispatch struct {
	seq     int64
	payload []byte
	guild   uint64 // the event's guild_id, 0 when it has none (routed to shard 0)
	shards  []Shard
}

// Shard is the [id, count] a gateway connection identified with; a client that sends none is shard 0 of 1.
type Shard struct{ ID, Count int }

// owns reports whether the shard receives events of guild (0: an event without a guild, which goes to shard 0),
// by Discord's rule shard_id = (guild_id >> 22) % shard_count.
func (sh Shard) owns(guild uint64) bool {
	if sh.Count <= 1 {
		return true
	}
	return int((guild>>22)%uint64(sh.Count)) == sh.ID
}

type conn struct {
	ws    *websocket.Conn
	wmu   sync.Mutex
	shard Shard
}

// NewServer starts a fake Discord on a loopback port.
func NewServer() *Server {
	s := &Server{
		changed:   make(chan struct{}),
		acked:     map[string]bool{},
		commands:  map[string][]json.RawMessage{},
		conns:     map[*conn]bool{},
		sessions:  map[string]Shard{},
		files:     map[string][]byte{},
		heartbeat: 41250 * time.Millisecond,
		nextID:    200000000000000000,
		upgrader:  websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }},
	}
	s.ts = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.ts.URL
	return s
}

// Close releases a Hold, drops every gateway connection and shuts the server down.
func (s *Server) Close() {
	s.mu.Lock()
	h := s.hold
	s.mu.Unlock()
	if h != nil {
		s.unhold(h)
	}
	s.DropConnections()
	s.ts.Close()
	s.wsWG.Wait()
}

// Transport returns a RoundTripper that sends every request to the fake, keeping its path (/api/v9/…).
// Set it as a session's Client.Transport; discordgo's endpoint globals stay untouched.
func (s *Server) Transport() http.RoundTripper {
	u, _ := url.Parse(s.URL)
	return &rewriter{base: s.ts.Client().Transport, target: u}
}

type rewriter struct {
	base   http.RoundTripper
	target *url.URL
}

func (t *rewriter) RoundTrip(r *http.Request) (*http.Response, error) {
	r2 := r.Clone(r.Context())
	r2.URL.Scheme, r2.URL.Host, r2.Host = t.target.Scheme, t.target.Host, t.target.Host
	return t.base.RoundTrip(r2)
}

// Session returns a discordgo session ("Bot "+token) wired to the fake through its HTTP client, with
// ShouldReconnectOnError off so that a stopped fake leaves no reconnect loop behind.
func (s *Server) Session(token string) *discordgo.Session {
	ds, _ := discordgo.New("Bot " + token) // New never fails
	ds.Client = &http.Client{Transport: s.Transport(), Timeout: 10 * time.Second}
	ds.ShouldReconnectOnError = false
	return ds
}

// SetCompression makes later gateway dispatches zlib-compressed binary frames (as Discord sends them to a client
// that identified with compress:true) or plain text frames.
func (s *Server) SetCompression(on bool) {
	s.mu.Lock()
	s.compress = on
	s.mu.Unlock()
}

// SetHeartbeatInterval sets the interval announced in HELLO to later connections (default 41.25 s).
func (s *Server) SetHeartbeatInterval(d time.Duration) {
	s.mu.Lock()
	s.heartbeat = d
	s.mu.Unlock()
}

// Forbid answers every message sent to channel with 403 Missing Permissions (code 50013), as Discord does when
// the bot may not post there.
func (s *Server) Forbid(channel string) {
	s.mu.Lock()
	if s.forbidden == nil {
		s.forbidden = map[string]bool{}
	}
	s.forbidden[channel] = true
	s.mu.Unlock()
}

func (s *Server) isForbidden(channel string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.forbidden[channel]
}

// FailNext answers the next n REST requests with 429 Too Many Requests and {"retry_after": retryAfter} (seconds).
func (s *Server) FailNext(n int, retryAfter float64) {
	s.mu.Lock()
	s.failN, s.retryAfter = n, retryAfter
	s.mu.Unlock()
}

// Hold makes REST requests wait, as a slow Discord would, until release is called; held receives the path of
// each request as it starts waiting (up to 64 unread). Tests use it to keep a reply in flight.
func (s *Server) Hold() (held <-chan string, release func()) {
	h := &hold{held: make(chan string, 64), release: make(chan struct{})}
	s.mu.Lock()
	s.hold = h
	s.mu.Unlock()
	return h.held, func() { s.unhold(h) }
}

// Requests returns the REST requests received so far, oldest first.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Frames returns the gateway payloads clients sent so far, oldest first.
func (s *Server) Frames() []Frame {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Frame(nil), s.frames...)
}

// Commands returns the commands of the last bulk overwrite of a scope: "" for global commands, else a guild id.
func (s *Server) Commands(guildID string) []json.RawMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]json.RawMessage(nil), s.commands[guildID]...)
}

// WaitRequest returns the first recorded REST request that match accepts, waiting for one until ctx ends.
func (s *Server) WaitRequest(ctx context.Context, match func(Request) bool) (Request, error) {
	for seen := 0; ; {
		s.mu.Lock()
		reqs, ch := s.requests[seen:], s.changed
		seen = len(s.requests)
		s.mu.Unlock()
		for _, r := range reqs {
			if match(r) {
				return r, nil
			}
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return Request{}, ctx.Err()
		}
	}
}

// WaitFrame returns the first gateway payload with the given op that a client sent, waiting until ctx ends.
func (s *Server) WaitFrame(ctx context.Context, op int) (Frame, error) {
	for seen := 0; ; {
		s.mu.Lock()
		frames, ch := s.frames[seen:], s.changed
		seen = len(s.frames)
		s.mu.Unlock()
		for _, f := range frames {
			if f.Op == op {
				return f, nil
			}
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return Frame{}, ctx.Err()
		}
	}
}

// WaitCallback waits for the accepted (204) response to an interaction and decodes it.
func (s *Server) WaitCallback(ctx context.Context, interactionID string) (Callback, error) {
	prefix := "/api/v9/interactions/" + interactionID + "/"
	r, err := s.WaitRequest(ctx, func(r Request) bool {
		return r.Method == http.MethodPost && strings.HasPrefix(r.Path, prefix) && strings.HasSuffix(r.Path, "/callback") &&
			r.Status == http.StatusNoContent
	})
	if err != nil {
		return Callback{}, fmt.Errorf("callback of interaction %s: %w", interactionID, err)
	}
	return DecodeCallback(r)
}

// WaitEdit waits for an accepted edit of an interaction's original response (PATCH …/messages/@original).
func (s *Server) WaitEdit(ctx context.Context, token string) (*Message, error) {
	r, err := s.WaitRequest(ctx, func(r Request) bool {
		return r.Method == http.MethodPatch && r.Status == http.StatusOK &&
			strings.HasSuffix(r.Path, "/"+token+"/messages/@original")
	})
	if err != nil {
		return nil, fmt.Errorf("edit of @original for %s: %w", token, err)
	}
	return DecodeMessage(r.JSON, r.Files)
}

// WaitFollowup waits for an accepted follow-up message of an interaction (POST /webhooks/{app}/{token}).
func (s *Server) WaitFollowup(ctx context.Context, token string) (*Message, error) {
	r, err := s.WaitRequest(ctx, func(r Request) bool {
		return r.Method == http.MethodPost && r.Status < 300 && strings.HasPrefix(r.Path, "/api/v9/webhooks/") &&
			strings.HasSuffix(r.Path, "/"+token)
	})
	if err != nil {
		return nil, fmt.Errorf("follow-up for %s: %w", token, err)
	}
	return DecodeMessage(r.JSON, r.Files)
}

// DecodeCallback decodes a recorded interaction callback.
func DecodeCallback(r Request) (Callback, error) {
	parts := strings.Split(strings.TrimPrefix(r.Path, "/api/v9/interactions/"), "/")
	if len(parts) != 3 {
		return Callback{}, fmt.Errorf("not a callback path: %s", r.Path)
	}
	var raw struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data json.RawMessage                   `json:"data"`
	}
	if err := json.Unmarshal(r.JSON, &raw); err != nil {
		return Callback{}, fmt.Errorf("callback body: %w", err)
	}
	cb := Callback{InteractionID: parts[0], Token: parts[1], Type: raw.Type, Request: r}
	if len(raw.Data) > 0 && string(raw.Data) != "null" {
		m, err := DecodeMessage(raw.Data, r.Files)
		if err != nil {
			return Callback{}, err
		}
		cb.Data = m
	}
	return cb, nil
}

// DecodeMessage decodes a message body, components included (discordgo's response types can't be decoded
// directly: their components are interfaces).
func DecodeMessage(data []byte, files []File) (*Message, error) {
	var raw struct {
		Content    string                                      `json:"content"`
		Embeds     []*discordgo.MessageEmbed                   `json:"embeds"`
		Components []json.RawMessage                           `json:"components"`
		Flags      discordgo.MessageFlags                      `json:"flags"`
		Choices    []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
		CustomID   string                                      `json:"custom_id"`
		Title      string                                      `json:"title"`
		Allowed    *discordgo.MessageAllowedMentions           `json:"allowed_mentions"`
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("message body: %w", err)
	}
	m := &Message{Content: raw.Content, Embeds: raw.Embeds, Flags: raw.Flags, Choices: raw.Choices,
		CustomID: raw.CustomID, Title: raw.Title, Files: files, AllowedMentions: raw.Allowed}
	for _, c := range raw.Components {
		mc, err := discordgo.MessageComponentFromJSON(c)
		if err != nil {
			return nil, err
		}
		m.Components = append(m.Components, mc)
	}
	return m, nil
}

// Buttons lists the message's buttons, row by row.
func (m *Message) Buttons() []*discordgo.Button {
	var out []*discordgo.Button
	for _, c := range m.Components {
		if row, ok := c.(*discordgo.ActionsRow); ok {
			for _, rc := range row.Components {
				if b, ok := rc.(*discordgo.Button); ok {
					out = append(out, b)
				}
			}
		}
	}
	return out
}

// SignRequest sets the headers Discord puts on an HTTP interaction: the Ed25519 signature of timestamp+body
// and the timestamp (Unix seconds).
func SignRequest(r *http.Request, body []byte, key ed25519.PrivateKey, ts time.Time) {
	stamp := strconv.FormatInt(ts.Unix(), 10)
	sig := ed25519.Sign(key, append([]byte(stamp), body...))
	r.Header.Set("X-Signature-Ed25519", hex.EncodeToString(sig))
	r.Header.Set("X-Signature-Timestamp", stamp)
}

// record appends a request or a frame and wakes the waiters.
func (s *Server) record(r *Request, f *Frame) {
	s.mu.Lock()
	if r != nil {
		s.requests = append(s.requests, *r)
	}
	if f != nil {
		s.frames = append(s.frames, *f)
	}
	close(s.changed)
	s.changed = make(chan struct{})
	s.mu.Unlock()
}

func (s *Server) newID() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextID++
	return strconv.FormatInt(s.nextID, 10)
}

// ---- REST ----

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/ws" || r.URL.Path == "/ws/" {
		s.serveGateway(w, r)
		return
	}
	s.mu.Lock()
	h := s.hold
	s.mu.Unlock()
	if h != nil {
		select {
		case h.held <- r.URL.Path:
		default:
		}
		<-h.release
	}
	if data, ok := s.attachment(r); ok {
		req := Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Header: r.Header.Clone(), Status: http.StatusOK}
		s.record(&req, nil)
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Write(data)
		return
	}
	body, _ := io.ReadAll(r.Body)
	req := Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Header: r.Header.Clone(), Body: body, JSON: body}
	if mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err == nil && strings.HasPrefix(mt, "multipart/") {
		req.JSON, req.Files = parseMultipart(body, params["boundary"])
	}
	status, resp := s.route(&req)
	req.Status = status
	s.record(&req, nil)
	if resp == nil {
		w.WriteHeader(status)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(resp)
}

// AddAttachment makes the fake's CDN serve data as an uploaded attachment named name, and returns its URL
// (under URL+"/attachments/"), to put in an interaction's data.resolved.attachments. A Hold holds its download too.
func (s *Server) AddAttachment(name string, data []byte) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextID++
	path := "/attachments/" + strconv.FormatInt(s.nextID, 10) + "/" + url.PathEscape(name)
	s.files[path] = bytes.Clone(data)
	return s.URL + path
}

// attachment is the content of an attachment GET, if r is one.
func (s *Server) attachment(r *http.Request) ([]byte, bool) {
	if r.Method != http.MethodGet || !strings.HasPrefix(r.URL.Path, "/attachments/") {
		return nil, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	data, ok := s.files[r.URL.EscapedPath()]
	return data, ok
}

func parseMultipart(body []byte, boundary string) ([]byte, []File) {
	var payload []byte
	var files []File
	mr := multipart.NewReader(bytes.NewReader(body), boundary)
	for {
		p, err := mr.NextPart()
		if err != nil {
			return payload, files
		}
		data, _ := io.ReadAll(p)
		if p.FormName() == "payload_json" {
			payload = data
			continue
		}
		files = append(files, File{Name: p.FileName(), ContentType: p.Header.Get("Content-Type"), Data: data})
	}
}

func jsonBody(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

func apiError(code int, msg string) []byte {
	return jsonBody(map[string]any{"code": code, "message": msg})
}

// route answers one REST request: a status and a JSON body (nil for none).
func (s *Server) route(r *Request) (int, []byte) {
	s.mu.Lock()
	if s.failN > 0 {
		s.failN--
		ra := s.retryAfter
		s.mu.Unlock()
		return http.StatusTooManyRequests, jsonBody(map[string]any{"message": "You are being rate limited.", "retry_after": ra, "global": false})
	}
	s.mu.Unlock()

	rest, ok := strings.CutPrefix(r.Path, "/api/v9/")
	if !ok {
		return http.StatusNotFound, apiError(0, "404: Not Found")
	}
	p := strings.Split(strings.TrimSuffix(rest, "/"), "/")
	switch {
	case r.Method == http.MethodGet && rest == "gateway":
		return http.StatusOK, jsonBody(map[string]any{"url": s.wsURL()})
	case r.Method == http.MethodGet && rest == "gateway/bot":
		return http.StatusOK, jsonBody(map[string]any{"url": s.wsURL(), "shards": 1,
			"session_start_limit": map[string]any{"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}})
	case r.Method == http.MethodGet && rest == "users/@me":
		return http.StatusOK, jsonBody(map[string]any{"id": AppID, "username": "rulekeeper", "bot": true})
	case r.Method == http.MethodGet && rest == "applications/@me":
		return http.StatusOK, jsonBody(map[string]any{"id": AppID, "name": "rulekeeper"})
	case len(p) == 4 && p[0] == "interactions" && p[3] == "callback" && r.Method == http.MethodPost:
		return s.callback(p[1], r)
	case len(p) == 3 && p[0] == "webhooks" && r.Method == http.MethodPost:
		if !json.Valid(r.JSON) {
			return http.StatusBadRequest, apiError(50109, "The request body contains invalid JSON.")
		}
		if r.Query.Get("wait") != "true" {
			return http.StatusNoContent, nil
		}
		return http.StatusOK, s.message(p[1], r.JSON)
	case len(p) == 3 && p[0] == "channels" && p[2] == "messages" && r.Method == http.MethodPost && s.isForbidden(p[1]):
		return http.StatusForbidden, apiError(50013, "Missing Permissions")
	case len(p) == 3 && p[0] == "channels" && p[2] == "messages" && r.Method == http.MethodPost: // a channel message
		if !json.Valid(r.JSON) {
			return http.StatusBadRequest, apiError(50109, "The request body contains invalid JSON.")
		}
		return http.StatusOK, s.message(AppID, r.JSON)
	case len(p) == 5 && p[0] == "webhooks" && p[3] == "messages":
		switch r.Method {
		case http.MethodPatch:
			if !json.Valid(r.JSON) {
				return http.StatusBadRequest, apiError(50109, "The request body contains invalid JSON.")
			}
			return http.StatusOK, s.message(p[1], r.JSON)
		case http.MethodDelete:
			return http.StatusNoContent, nil
		case http.MethodGet:
			return http.StatusOK, s.message(p[1], []byte(`{}`))
		}
	case (len(p) == 3 || len(p) == 5) && p[0] == "applications" && p[len(p)-1] == "commands" &&
		(len(p) == 3 || p[2] == "guilds"):
		guild := ""
		if len(p) == 5 {
			guild = p[3]
		}
		switch r.Method {
		case http.MethodPut:
			return s.overwrite(p[1], guild, r.JSON)
		case http.MethodGet:
			s.mu.Lock()
			cmds := s.commands[guild]
			s.mu.Unlock()
			if cmds == nil {
				cmds = []json.RawMessage{}
			}
			return http.StatusOK, jsonBody(cmds)
		}
	}
	return http.StatusNotFound, apiError(0, "404: Not Found")
}

func (s *Server) wsURL() string { return "ws" + strings.TrimPrefix(s.URL, "http") + "/ws" }

func (s *Server) callback(id string, r *Request) (int, []byte) {
	var body struct {
		Type int `json:"type"`
	}
	if err := json.Unmarshal(r.JSON, &body); err != nil || body.Type == 0 {
		return http.StatusBadRequest, apiError(50035, "Invalid Form Body")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.acked[id] {
		return http.StatusBadRequest, apiError(40060, "Interaction has already been acknowledged.")
	}
	s.acked[id] = true
	return http.StatusNoContent, nil
}

// message answers a webhook message create or edit with the message as Discord would return it.
func (s *Server) message(appID string, payload []byte) []byte {
	m := map[string]any{}
	json.Unmarshal(payload, &m)
	m["id"] = s.newID()
	m["type"] = 0
	m["channel_id"] = "300000000000000001"
	m["webhook_id"] = appID
	m["application_id"] = appID
	m["author"] = map[string]any{"id": appID, "username": "rulekeeper", "bot": true}
	return jsonBody(m)
}

func (s *Server) overwrite(appID, guildID string, payload []byte) (int, []byte) {
	var cmds []map[string]any
	if err := json.Unmarshal(payload, &cmds); err != nil {
		return http.StatusBadRequest, apiError(50035, "Invalid Form Body")
	}
	out := make([]json.RawMessage, len(cmds))
	for i, c := range cmds {
		c["id"] = s.newID()
		c["application_id"] = appID
		c["version"] = s.newID()
		if guildID != "" {
			c["guild_id"] = guildID
		}
		out[i] = jsonBody(c)
	}
	s.mu.Lock()
	s.commands[guildID] = out
	s.mu.Unlock()
	return http.StatusOK, jsonBody(out)
}

// ---- gateway ----

type payload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s,omitempty"`
	T  string          `json:"t,omitempty"`
}

func (c *conn) write(data []byte, compress bool) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.ws.SetWriteDeadline(time.Now().Add(5 * time.Second))
	if !compress {
		return c.ws.WriteMessage(websocket.TextMessage, data)
	}
	var buf bytes.Buffer
	zw := zlib.NewWriter(&buf)
	zw.Write(data)
	zw.Close()
	return c.ws.WriteMessage(websocket.BinaryMessage, buf.Bytes())
}

func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	s.record(&Request{Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Header: r.Header.Clone(),
		Status: http.StatusSwitchingProtocols}, nil)
	ws, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	s.wsWG.Add(1)
	defer s.wsWG.Done()
	c := &conn{ws: ws}
	s.mu.Lock()
	s.conns[c] = false
	hb := s.heartbeat
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.conns, c)
		s.mu.Unlock()
		ws.Close()
	}()
	hello := jsonBody(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": hb.Milliseconds()}})
	if c.write(hello, false) != nil {
		return
	}
	for {
		_, msg, err := ws.ReadMessage()
		if err != nil {
			return
		}
		var p payload
		if json.Unmarshal(msg, &p) != nil {
			ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4002, "decode error"), time.Now().Add(time.Second))
			return
		}
		switch p.Op {
		case 1:
			err = c.write([]byte(`{"op":11}`), false)
		case 2:
			err = s.identify(c, p.D)
		case 6:
			err = s.resume(c, p.D)
		}
		// Recorded once handled: a test that saw an IDENTIFY (WaitFrame) may dispatch at once, and the connection
		// must be live by then, or the event would be kept only for a later resume.
		s.record(nil, &Frame{Op: p.Op, Data: p.D})
		if err != nil {
			return
		}
	}
}

func (s *Server) identify(c *conn, d json.RawMessage) error {
	var ident struct {
		Shard *[2]int `json:"shard"`
	}
	json.Unmarshal(d, &ident)
	sh := Shard{Count: 1}
	if ident.Shard != nil {
		sh = Shard{ID: ident.Shard[0], Count: ident.Shard[1]}
		if sh.Count < 1 || sh.ID < 0 || sh.ID >= sh.Count {
			c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4010, "invalid shard"), time.Now().Add(time.Second))
			return errors.New("invalid shard")
		}
	}
	id := "fake-session-" + s.newID()
	s.mu.Lock()
	defer s.mu.Unlock()
	c.shard = sh
	s.sessions[id] = sh
	s.seq++
	seq := s.seq
	ready := jsonBody(payload{Op: 0, T: "READY", S: &seq, D: jsonBody(map[string]any{
		"v":                  9,
		"session_id":         id,
		"resume_gateway_url": s.wsURL(),
		"user":               map[string]any{"id": AppID, "username": "rulekeeper", "discriminator": "0", "bot": true},
		"application":        map[string]any{"id": AppID, "flags": 0},
		"guilds":             []any{},
		"private_channels":   []any{},
	})})
	if err := c.write(ready, s.compress); err != nil {
		return err
	}
	s.conns[c] = true
	return nil
}

// resume replays the dispatches after the client's sequence, then sends RESUMED, as Discord does.
func (s *Server) resume(c *conn, d json.RawMessage) error {
	var r struct {
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	json.Unmarshal(d, &r)
	s.mu.Lock()
	defer s.mu.Unlock()
	sh, ok := s.sessions[r.SessionID]
	if !ok {
		return c.write([]byte(`{"op":9,"d":false}`), false)
	}
	c.shard = sh
	for _, h := range s.history {
		if h.seq > r.Seq && sh.owns(h.guild) {
			if err := c.write(h.payload, s.compress); err != nil {
				return err
			}
		}
	}
	seq := s.seq
	if err := c.write(jsonBody(payload{Op: 0, T: "RESUMED", S: &seq, D: json.RawMessage(`{}`)}), s.compress); err != nil {
		return err
	}
	s.conns[c] = true
	return nil
}

// Dispatch sends an op-0 event (INTERACTION_CREATE, …) with the next sequence number to every connected client
// that has identified or resumed and whose shard owns the event's guild_id ((guild_id >> 22) % shard_count; events
// without a guild go to shard 0), and keeps it for replay to clients that resume later. It returns the sequence.
func (s *Server) Dispatch(eventType string, data any) int64 {
	d, err := json.Marshal(data)
	if err != nil {
		panic("discordtest: Dispatch: " + err.Error())
	}
	var g struct {
		GuildID string `json:"guild_id"`
	}
	json.Unmarshal(d, &g)
	guild, _ := strconv.ParseUint(g.GuildID, 10, 64)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seq++
	seq := s.seq
	p := jsonBody(payload{Op: 0, T: eventType, S: &seq, D: d})
	h := dispatch{seq: seq, payload: p, guild: guild}
	for c, live := range s.conns {
		if live && c.shard.owns(guild) {
			c.write(p, s.compress)
			h.shards = append(h.shards, c.shard)
		}
	}
	s.history = append(s.history, h)
	return seq
}

// Delivered lists the shards that received the dispatch with sequence seq when it was sent (not later replays).
func (s *Server) Delivered(seq int64) []Shard {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, h := range s.history {
		if h.seq == seq {
			return slices.Clone(h.shards)
		}
	}
	return nil
}

// Shards lists the shard of every open gateway connection that has identified or resumed.
func (s *Server) Shards() []Shard {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Shard
	for c, live := range s.conns {
		if live {
			out = append(out, c.shard)
		}
	}
	slices.SortFunc(out, func(a, b Shard) int { return a.ID - b.ID })
	return out
}

// DropConnections cuts every gateway socket without a close frame, as a network failure would. Sessions stay
// valid: a client that resumes gets the dispatches it missed.
func (s *Server) DropConnections() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := range s.conns {
		c.ws.NetConn().Close()
		s.conns[c] = false
	}
}
