package bot_test

import (
	"encoding/base64"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The transcript recorder: with -record-transcripts, every line the console tests type through playEnv is saved
// with the console's JSON reply under console/testdata/transcripts (format: bot/console/transcript_test.go), where
// TestTranscripts replays it against a fresh bot and store, byte for byte. The transcripts there were recorded
// before the redesign; recording again is for new tests.
//
//	go test ./bot -run . -record-transcripts
//
// A session ends where its test changes the store directly (the rest cannot be replayed).

var recordTranscripts = flag.Bool("record-transcripts", false, "rewrite console/testdata/transcripts from the console tests")

const transcriptDir = "console/testdata/transcripts"

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
	r.steps = append(r.steps, "> "+who+" | "+strings.Join(fs, ",")+" | "+line)
	for _, l := range strings.Split(reply, "\n") { // the answer, then its posts (Reply.Posts)
		r.steps = append(r.steps, "< "+l)
	}
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
