package console_test

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"rulekeeper/bot"
	"rulekeeper/bot/console"
	"rulekeeper/play"
	"rulekeeper/rules/dice"
	"rulekeeper/store"
	"rulekeeper/store/storetest"
)

// Console transcripts (testdata/transcripts): every line the bot's console tests type, with the console's JSON
// reply, recorded from the bot tests before the redesign (go test ./bot -record-transcripts), and hand-written
// sessions (session_*.txt) for what the tests do not type. TestTranscripts replays each on a fresh bot and store
// and compares every reply byte for byte. A transcript file is a list of steps:
//
//	> user[@locale] | faces | line      a console line typed by user (a GM when the name starts with "gm") on
//	                                      their console (set to the client locale), or user~locale on a new one;
//	                                      user#channel types on a new console in that channel (--channel);
//	< {…}                                 and its JSON reply, exactly;
//	= advance 1h0m0s                      the clock moves;
//	= restart                             the process restarts on the same database;
//	= file name | base64                  an attachment the next lines name as $FILES/name.
//
//	go test ./bot/console -run TestTranscripts -update-transcripts   # fills in the replies of hand-written sessions

var updateTranscripts = flag.Bool("update-transcripts", false, "rewrite the replies of testdata/transcripts from a replay (for hand-written sessions)")

const (
	transcriptDir   = "testdata/transcripts"
	transcriptGuild = "g5e"
)

// transcriptStart is the clock of every session at its start.
var transcriptStart = time.Date(2025, 3, 1, 20, 0, 0, 0, time.UTC)

// TestTranscripts replays every recorded console session on a fresh bot and store and compares each JSON reply
// with the recorded one, byte for byte.
func TestTranscripts(t *testing.T) {
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
			replayTranscript(t, f, false)
		})
	}
}

// transcriptReplay is the process a transcript runs against: a store file, a bot and each user's console.
type transcriptReplay struct {
	t     *testing.T
	path  string
	rerun bool // every Update runs its function twice (storetest.Rerun)
	db    *store.DB
	bot   *bot.Bot
	mu    sync.Mutex
	now   time.Time
	dice  dice.Roller
	cons  map[string]*console.Console
	files string
}

func (p *transcriptReplay) open() {
	db, err := store.Open(p.path, store.Options{NoSync: true})
	if err != nil {
		p.t.Fatal(err)
	}
	p.db = db
	var s store.Store = db
	if p.rerun {
		s = storetest.Rerun(db)
	}
	p.bot = bot.New(bot.Config{
		Table: play.New(s),
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
	p.cons = map[string]*console.Console{}
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
	var c *console.Console
	if user, channel, ok := strings.Cut(who, "#"); ok {
		c = &console.Console{Bot: p.bot, UserID: user, GuildID: transcriptGuild, ChannelID: channel, GM: strings.HasPrefix(user, "gm"), JSON: true}
	} else if user, locale, fresh := strings.Cut(who, "~"); fresh {
		c = &console.Console{Bot: p.bot, UserID: user, GuildID: transcriptGuild, ChannelID: "c1", Locale: locale, GM: strings.HasPrefix(user, "gm"), JSON: true}
	} else {
		user, locale, _ := strings.Cut(who, "@")
		if c = p.cons[user]; c == nil {
			c = &console.Console{Bot: p.bot, UserID: user, GuildID: transcriptGuild, ChannelID: "c1", GM: strings.HasPrefix(user, "gm"), JSON: true}
			p.cons[user] = c
		}
		c.Locale = locale
	}
	var out bytes.Buffer
	c.Exec(strings.ReplaceAll(line, "$FILES", p.files), &out)
	return strings.ReplaceAll(strings.TrimSuffix(out.String(), "\n"), p.files, "$FILES")
}

// replayTranscript replays file, every Update twice when rerun, and returns the guild's export at the end.
func replayTranscript(t *testing.T, file string, rerun bool) []byte {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p := &transcriptReplay{t: t, path: filepath.Join(t.TempDir(), "play.db"), now: transcriptStart, files: t.TempDir(), rerun: rerun}
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
	return exportState(t, p.db)
}
