package sessionlog

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

// code returns the catalog key of a package error, "" for nil, and fails on any other error.
func code(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%v is not a *Error", err)
	}
	return e.Code
}

func running(t *testing.T) *Log {
	t.Helper()
	l, err := New(Header{ID: "l1", Guild: "g1", Channel: "c1", Name: "Test", Lang: "en", Starter: "u1", Started: t0})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func say(m int, line string) Entry {
	return Entry{Time: at(m), Kind: KindSay, User: alice, UserName: "alice", Character: "Aria", Lines: []string{line}}
}

func encodedLen(t *testing.T, l *Log) int {
	t.Helper()
	b, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	return len(b)
}

// TestSizeIsEncodedLength: Size is exactly the compact JSON length, after appends, header changes, and entries cut
// off behind its back.
func TestSizeIsEncodedLength(t *testing.T) {
	l := running(t)
	if got, want := l.Size(), encodedLen(t, l); got != want {
		t.Fatalf("empty: Size %d, encoded %d", got, want)
	}
	for i, e := range fightEntries() {
		if err := l.Append(e); err != nil {
			t.Fatal(err)
		}
		if got, want := l.Size(), encodedLen(t, l); got != want {
			t.Fatalf("after entry %d: Size %d, encoded %d", i, got, want)
		}
	}
	if err := l.Stop(at(20)); err != nil {
		t.Fatal(err)
	}
	l.Name = "A longer name than before"
	if got, want := l.Size(), encodedLen(t, l); got != want {
		t.Fatalf("stopped and renamed: Size %d, encoded %d", got, want)
	}
	l.Entries = l.Entries[:3]
	if got, want := l.Size(), encodedLen(t, l); got != want {
		t.Fatalf("cut to 3 entries: Size %d, encoded %d", got, want)
	}
}

func TestAppendByState(t *testing.T) {
	tests := []struct {
		state State
		want  string
	}{
		{Running, ""},
		{Paused, ErrPaused},
		{Stopped, ErrStopped},
	}
	for _, tt := range tests {
		l := running(t)
		l.State = tt.state
		if got := code(t, l.Append(say(1, "hello"))); got != tt.want {
			t.Errorf("%s: Append = %q, want %q", tt.state, got, tt.want)
		}
		if want := map[bool]int{true: 1, false: 0}[tt.want == ""]; len(l.Entries) != want {
			t.Errorf("%s: %d entries, want %d", tt.state, len(l.Entries), want)
		}
	}
}

// TestLifecycle walks pause, resume and stop from every state.
func TestLifecycle(t *testing.T) {
	tests := []struct {
		from  State
		op    string
		want  string
		after State
	}{
		{Running, "pause", "", Paused},
		{Paused, "pause", ErrPaused, Paused},
		{Stopped, "pause", ErrStopped, Stopped},
		{Running, "resume", ErrNotPaused, Running},
		{Paused, "resume", "", Running},
		{Stopped, "resume", ErrStopped, Stopped},
		{Running, "stop", "", Stopped},
		{Paused, "stop", "", Stopped},
		{Stopped, "stop", ErrStopped, Stopped},
	}
	for _, tt := range tests {
		l := running(t)
		l.State = tt.from
		var err error
		switch tt.op {
		case "pause":
			err = l.Pause()
		case "resume":
			err = l.Resume()
		case "stop":
			err = l.Stop(at(30))
		}
		if got := code(t, err); got != tt.want || l.State != tt.after {
			t.Errorf("%s %s: %q, state %s; want %q, %s", tt.from, tt.op, got, l.State, tt.want, tt.after)
		}
		if tt.op == "stop" && tt.want == "" && !l.Ended.Equal(at(30)) {
			t.Errorf("%s stop: ended %v", tt.from, l.Ended)
		}
	}
	l := running(t)
	if err := l.Stop(t0.Add(-1)); err != nil || !l.Ended.Equal(t0) {
		t.Errorf("a stop before the start ends at the start: %v, %v", err, l.Ended)
	}
}

func TestAppendFullEntries(t *testing.T) {
	l := running(t)
	for i := range MaxEntries {
		if err := l.Append(say(1, "x")); err != nil {
			t.Fatalf("entry %d: %v", i, err)
		}
	}
	if got := code(t, l.Append(say(1, "x"))); got != ErrFullEntries || len(l.Entries) != MaxEntries {
		t.Fatalf("past MaxEntries: %q with %d entries", got, len(l.Entries))
	}
	if err := l.Validate(); err != nil {
		t.Fatalf("a full log is valid: %v", err)
	}
}

func TestAppendFullBytes(t *testing.T) {
	l := running(t)
	big := say(1, strings.Repeat("a", MaxLineRunes))
	big.Lines = append(big.Lines, big.Lines[0], big.Lines[0], big.Lines[0]) // 8 KB an entry
	var err error
	for err == nil {
		err = l.Append(big)
	}
	if got := code(t, err); got != ErrFullBytes {
		t.Fatalf("filling: %v", err)
	}
	size := l.Size()
	n, _ := entrySize(&big)
	if size > MaxBytes || size+1+n <= MaxBytes {
		t.Fatalf("refused at %d bytes with an entry of %d: MaxBytes is %d", size, n, MaxBytes)
	}
	if err := l.Append(say(1, "short")); err != nil {
		t.Errorf("a short entry still fits: %v", err)
	}
	if encodedLen(t, l) > MaxBytes {
		t.Errorf("encoded %d bytes, over MaxBytes", encodedLen(t, l))
	}
}

// TestAppendRejects lists entries out of bounds and the field each error names.
func TestAppendRejects(t *testing.T) {
	long := strings.Repeat("x", MaxNameRunes+1)
	tests := []struct {
		name  string
		edit  func(e *Entry)
		field string
	}{
		{"no time", func(e *Entry) { e.Time = time.Time{} }, "entry.time"},
		{"unknown kind", func(e *Entry) { e.Kind = "dance" }, "entry.kind"},
		{"user with a space", func(e *Entry) { e.User = "u 1" }, "entry.user"},
		{"long user name", func(e *Entry) { e.UserName = long }, "entry.user_name"},
		{"long character", func(e *Entry) { e.Character = long }, "entry.character"},
		{"turn without character", func(e *Entry) { e.Kind, e.Character, e.Round = KindTurn, "", 1 }, "entry.character"},
		{"round marker without round", func(e *Entry) { e.Kind = KindRound }, "entry.round"},
		{"negative turn", func(e *Entry) { e.Turn = -1 }, "entry.turn"},
		{"no lines", func(e *Entry) { e.Lines = nil }, "entry.lines"},
		{"too many lines", func(e *Entry) { e.Lines = make([]string, MaxLines+1) }, "entry.lines"},
		{"line break", func(e *Entry) { e.Lines = []string{"one\ntwo"} }, "entry.lines[0]"},
		{"bad UTF-8", func(e *Entry) { e.Lines = []string{"ok", "\xff"} }, "entry.lines[1]"},
		{"long line", func(e *Entry) { e.Lines = []string{strings.Repeat("é", MaxLineRunes+1)} }, "entry.lines[0]"},
		{"empty notation", func(e *Entry) { e.Roll = &Roll{} }, "entry.roll.expr"},
		{"natural 21", func(e *Entry) { e.Roll = &Roll{Expr: "1d20", Natural: 21} }, "entry.roll.natural"},
		{"bad mode", func(e *Entry) { e.Roll = &Roll{Expr: "1d20", Mode: "both"} }, "entry.roll.mode"},
		{"bad outcome", func(e *Entry) { e.Roll = &Roll{Expr: "1d20", Outcome: "meh"} }, "entry.roll.outcome"},
		{"odds above 1", func(e *Entry) { e.Roll = &Roll{Expr: "1d20", Odds: &Odds{P: 1.5}} }, "entry.roll.odds"},
		{"fraction not p", func(e *Entry) { e.Roll = &Roll{Expr: "1d20", Odds: &Odds{P: 0.5, Fraction: "1/3"}} }, "entry.roll.odds"},
		{"fraction with exponent", func(e *Entry) { e.Roll = &Roll{Expr: "1d20", Odds: &Odds{P: 0, Fraction: "1e-99999999"}} }, "entry.roll.odds"},
		{"fraction above 1", func(e *Entry) { e.Roll = &Roll{Expr: "1d20", Odds: &Odds{P: 1, Fraction: "3/2"}} }, "entry.roll.odds"},
		{"face of a Fate die", func(e *Entry) { e.Roll = &Roll{Expr: "4dF", Dice: []Die{{Face: 2}}} }, "entry.roll.dice[0]"},
		{"die of no sides", func(e *Entry) { e.Roll = &Roll{Expr: "1d6", Dice: []Die{{Sides: 6, Face: 3}, {Sides: -6, Face: 3}}} }, "entry.roll.dice[1]"},
		{"negative damage", func(e *Entry) { e.Damage = &Damage{Amount: -3} }, "entry.damage"},
		{"long damage type", func(e *Entry) { e.Damage = &Damage{Amount: 3, Type: long} }, "entry.damage"},
	}
	for _, tt := range tests {
		l := running(t)
		e := say(1, "hello")
		tt.edit(&e)
		err := l.Append(e)
		var ce *Error
		if !errors.As(err, &ce) || ce.Code != ErrInvalid || ce.Args["Field"] != tt.field {
			t.Errorf("%s: %v, want %s on %s", tt.name, err, ErrInvalid, tt.field)
		}
		if len(l.Entries) != 0 {
			t.Errorf("%s: the entry was kept", tt.name)
		}
	}
}

func TestNewChecksTheHeader(t *testing.T) {
	ok := Header{ID: "l1", Guild: "g1", Channel: "c1", Name: "Test", Lang: "zh-TW", Starter: "u1", Started: t0}
	tests := []struct {
		name string
		edit func(h *Header)
		want string
	}{
		{"fine", func(h *Header) {}, ""},
		{"CJK name", func(h *Header) { h.Name = "哥布林伏击" }, ""},
		{"empty name", func(h *Header) { h.Name = "" }, ErrBadName},
		{"long name", func(h *Header) { h.Name = strings.Repeat("名", MaxNameRunes+1) }, ErrBadName},
		{"two-line name", func(h *Header) { h.Name = "a\nb" }, ErrBadName},
		{"no id", func(h *Header) { h.ID = "" }, ErrInvalid},
		{"id with a slash", func(h *Header) { h.ID = "a/b" }, ErrInvalid},
		{"long channel", func(h *Header) { h.Channel = strings.Repeat("1", MaxIDBytes+1) }, ErrInvalid},
		{"no guild", func(h *Header) { h.Guild = "" }, ErrInvalid},
		{"no starter", func(h *Header) { h.Starter = "" }, ErrInvalid},
		{"language with a space", func(h *Header) { h.Lang = "en US" }, ErrInvalid},
		{"no start", func(h *Header) { h.Started = time.Time{} }, ErrInvalid},
	}
	for _, tt := range tests {
		h := ok
		tt.edit(&h)
		l, err := New(h)
		if got := code(t, err); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
		if err == nil && (l.State != Running || l.Version != Version || l.Entries == nil) {
			t.Errorf("%s: new log %+v", tt.name, l)
		}
	}
}

func TestCheckGuild(t *testing.T) {
	for _, tt := range []struct {
		logs int
		want string
	}{{0, ""}, {MaxLogsPerGuild - 1, ""}, {MaxLogsPerGuild, ErrTooManyLogs}, {MaxLogsPerGuild + 5, ErrTooManyLogs}} {
		if got := code(t, CheckGuild(tt.logs)); got != tt.want {
			t.Errorf("CheckGuild(%d) = %q, want %q", tt.logs, got, tt.want)
		}
	}
}
