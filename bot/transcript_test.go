package bot

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"rulekeeper/rules/dice"
	"rulekeeper/store"
)

// Console transcripts: every line the console tests type (through playEnv) and the console's JSON reply, saved under
// testdata/transcripts and replayed by TestTranscripts against a fresh bot and store. They pin the console's JSON
// output byte for byte, whatever the packages behind it look like.
//
//	go test ./bot -run . -record-transcripts   # rewrites every transcript from the tests (then review the diff)
//	go test ./bot -run TestTranscripts -update-transcripts   # fills in the replies of hand-written sessions (session_*.txt)
//
// A transcript file is a list of steps:
//
//	> user[@locale] | faces | line      a console line typed by user (a GM when the name starts with "gm") on
//	                                      their console (set to the client locale), or user~locale on a new one;
//	< {…}                                 and its JSON reply, exactly;
//	= advance 1h0m0s                      the clock moves;
//	= restart                             the process restarts on the same database;
//	= file name | base64                  an attachment the next lines name as $FILES/name.
//
// A session ends where its test changed the store directly (the rest cannot be replayed).

var (
	recordTranscripts = flag.Bool("record-transcripts", false, "rewrite testdata/transcripts from the console tests")
	updateTranscripts = flag.Bool("update-transcripts", false, "rewrite the replies of testdata/transcripts from a replay (for hand-written sessions)")
)

const transcriptDir = "testdata/transcripts"

// transcriptStart is the clock of every session at its start (playEnv's).
var transcriptStart = time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)

// transcriptRec records one playEnv's session.
type transcriptRec struct {
	name  string
	steps []string
	files map[string]bool // the attachment paths already embedded
	dirs  []string        // temp directories whose files the lines name
	off   bool            // the test changed the store directly: stop here
}

var (
	transcriptMu    sync.Mutex
	transcriptCount = map[string]int{} // sessions per test
)

// newTranscriptRec starts recording a session of t when -record-transcripts is set.
func newTranscriptRec(t *testing.T) *transcriptRec {
	if !*recordTranscripts {
		return nil
	}
	transcriptMu.Lock()
	transcriptCount[t.Name()]++
	n := transcriptCount[t.Name()]
	transcriptMu.Unlock()
	name := strings.NewReplacer("/", "__", " ", "_").Replace(t.Name())
	if n > 1 {
		name += "#" + strconv.Itoa(n)
	}
	r := &transcriptRec{name: name, files: map[string]bool{}}
	t.Cleanup(func() { r.write(t) })
	return r
}

var filePathRE = regexp.MustCompile(`file:(.+)$`) // /sheet import's only option: the path runs to the end

// line records a console line and its reply; who is the user, with "@locale" for their console's locale or
// "~locale" for a new console in that locale.
func (r *transcriptRec) line(who string, faces []int, line string, out []byte) {
	if r == nil || r.off {
		return
	}
	for _, m := range filePathRE.FindAllStringSubmatch(line, -1) {
		path := strings.TrimSpace(m[1])
		dir := filepath.Dir(path)
		if !filepath.IsAbs(path) {
			continue
		}
		if !r.files[path] {
			r.files[path] = true
			data, err := os.ReadFile(path)
			if err == nil {
				r.steps = append(r.steps, "= file "+filepath.Base(path)+" | "+base64.StdEncoding.EncodeToString(data))
			}
		}
		if !containsString(r.dirs, dir) {
			r.dirs = append(r.dirs, dir)
		}
	}
	fs := make([]string, len(faces))
	for i, f := range faces {
		fs[i] = strconv.Itoa(f)
	}
	reply := strings.TrimSuffix(string(out), "\n")
	for _, d := range r.dirs {
		line = strings.ReplaceAll(line, d, "$FILES")
		reply = strings.ReplaceAll(reply, d, "$FILES")
	}
	r.steps = append(r.steps, "> "+who+" | "+strings.Join(fs, ",")+" | "+line, "< "+reply)
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// step records a directive (advance, restart).
func (r *transcriptRec) step(s string) {
	if r != nil && !r.off {
		r.steps = append(r.steps, "= "+s)
	}
}

// stop ends the session: the test changes the store directly.
func (r *transcriptRec) stop() {
	if r != nil {
		r.off = true
	}
}

func (r *transcriptRec) write(t *testing.T) {
	if t.Failed() || !hasLine(r.steps) {
		return
	}
	if err := os.MkdirAll(transcriptDir, 0o755); err != nil {
		t.Error(err)
		return
	}
	var b strings.Builder
	b.WriteString("# console transcript of " + t.Name() + " (bot tests), replayed by TestTranscripts\n")
	for _, s := range r.steps {
		b.WriteString(s + "\n")
	}
	if err := os.WriteFile(filepath.Join(transcriptDir, r.name+".txt"), []byte(b.String()), 0o644); err != nil {
		t.Error(err)
	}
}

func hasLine(steps []string) bool {
	for _, s := range steps {
		if strings.HasPrefix(s, "> ") {
			return true
		}
	}
	return false
}

// TestTranscripts replays every recorded console session on a fresh bot and store and compares each JSON reply
// with the recorded one, byte for byte.
func TestTranscripts(t *testing.T) {
	if *recordTranscripts {
		t.Skip("recording")
	}
	files, err := filepath.Glob(filepath.Join(transcriptDir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no transcripts")
	}
	sort.Strings(files)
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) {
			replayTranscript(t, f)
		})
	}
}

// transcriptReplay is the process a transcript runs against: a store file, a bot and each user's console.
type transcriptReplay struct {
	t     *testing.T
	path  string
	db    *store.DB
	bot   *Bot
	mu    sync.Mutex
	now   time.Time
	dice  dice.Roller
	cons  map[string]*Console
	files string
}

func (p *transcriptReplay) open() {
	db, err := store.Open(p.path, store.Options{NoSync: true})
	if err != nil {
		p.t.Fatal(err)
	}
	p.db = db
	p.bot = New(Config{
		Store: db,
		Dice: func() dice.Roller {
			p.mu.Lock()
			defer p.mu.Unlock()
			return p.dice
		},
		Now: func() time.Time {
			p.mu.Lock()
			defer p.mu.Unlock()
			return p.now
		},
	})
	p.cons = map[string]*Console{}
}

// exec types one line and returns the console's output.
func (p *transcriptReplay) exec(who, faces, line string) string {
	var fs []int
	if faces != "" {
		var err error
		if fs, err = dice.ParseFaces(faces); err != nil {
			p.t.Fatalf("faces %q: %v", faces, err)
		}
	}
	p.mu.Lock()
	p.dice = dice.NewScripted(fs)
	p.mu.Unlock()
	var c *Console
	if user, locale, fresh := strings.Cut(who, "~"); fresh {
		c = &Console{Bot: p.bot, UserID: user, GuildID: playGuild, ChannelID: "c1", Locale: locale, GM: strings.HasPrefix(user, "gm"), JSON: true}
	} else {
		user, locale, _ := strings.Cut(who, "@")
		if c = p.cons[user]; c == nil {
			c = &Console{Bot: p.bot, UserID: user, GuildID: playGuild, ChannelID: "c1", GM: strings.HasPrefix(user, "gm"), JSON: true}
			p.cons[user] = c
		}
		c.Locale = locale
	}
	var out bytes.Buffer
	c.Exec(strings.ReplaceAll(line, "$FILES", p.files), &out)
	return strings.ReplaceAll(strings.TrimSuffix(out.String(), "\n"), p.files, "$FILES")
}

func replayTranscript(t *testing.T, file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p := &transcriptReplay{t: t, path: filepath.Join(t.TempDir(), "play.db"), now: transcriptStart, files: t.TempDir()}
	p.open()
	defer func() { p.db.Close() }()
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	var (
		got     string
		pending bool
		n       int
		updated strings.Builder
	)
	for sc.Scan() {
		s := sc.Text()
		n++
		if *updateTranscripts && !strings.HasPrefix(s, "< ") {
			updated.WriteString(s + "\n")
		}
		switch {
		case strings.HasPrefix(s, "#") || s == "":
		case strings.HasPrefix(s, "> "):
			parts := strings.SplitN(s[2:], "|", 3)
			if len(parts) != 3 {
				t.Fatalf("line %d: bad step %q", n, s)
			}
			got, pending = p.exec(strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1]), strings.TrimPrefix(parts[2], " ")), true
			if *updateTranscripts {
				updated.WriteString("< " + got + "\n")
				pending = false
			}
		case strings.HasPrefix(s, "< ") && *updateTranscripts:
		case strings.HasPrefix(s, "< "):
			if !pending {
				t.Fatalf("line %d: a reply without a line", n)
			}
			if want := s[2:]; got != want {
				t.Errorf("line %d: reply differs\n got: %s\nwant: %s", n, got, want)
			}
			pending = false
		case strings.HasPrefix(s, "= advance "):
			d, err := time.ParseDuration(strings.TrimPrefix(s, "= advance "))
			if err != nil {
				t.Fatalf("line %d: %v", n, err)
			}
			p.mu.Lock()
			p.now = p.now.Add(d)
			p.mu.Unlock()
		case s == "= restart":
			if err := p.db.Close(); err != nil {
				t.Fatal(err)
			}
			p.open()
		case strings.HasPrefix(s, "= file "):
			name, enc, _ := strings.Cut(strings.TrimPrefix(s, "= file "), " | ")
			raw, err := base64.StdEncoding.DecodeString(enc)
			if err != nil {
				t.Fatalf("line %d: %v", n, err)
			}
			if err := os.WriteFile(filepath.Join(p.files, name), raw, 0o600); err != nil {
				t.Fatal(err)
			}
		default:
			t.Fatalf("line %d: unknown step %q", n, s)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if pending {
		t.Fatal("the last line has no reply")
	}
	if *updateTranscripts {
		if err := os.WriteFile(file, []byte(updated.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
