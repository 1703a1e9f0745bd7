package sessionlog

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestDecodeRoundTrip(t *testing.T) {
	l := fight(t)
	data, err := JSON(l)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, l) {
		t.Errorf("decoded log differs:\n%+v\n%+v", back, l)
	}
	again, _ := JSON(back)
	if !bytes.Equal(again, data) {
		t.Error("the export of the decoded log differs")
	}
	compact, _ := json.Marshal(l) // what a store would save
	if _, err := Decode(compact); err != nil {
		t.Errorf("compact JSON: %v", err)
	}
}

// TestDecodeFullLog: a log filled to MaxBytes exports within MaxImportBytes and imports again.
func TestDecodeFullLog(t *testing.T) {
	l := running(t)
	entries := fightEntries()
	var err error
	for i := 0; err == nil; i++ {
		e := entries[i%len(entries)]
		e.Time = at(i)
		err = l.Append(e)
	}
	if code(t, err) != ErrFullBytes && code(t, err) != ErrFullEntries {
		t.Fatal(err)
	}
	data, err := JSON(l)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > MaxImportBytes {
		t.Fatalf("a full log exports %d bytes, over MaxImportBytes", len(data))
	}
	if _, err := Decode(data); err != nil {
		t.Fatalf("a full log (%d entries, %d bytes) does not import: %v", len(l.Entries), len(data), err)
	}
}

// TestDecodeRejects: files that are not logs, logs of another version, and logs with a field out of bounds.
func TestDecodeRejects(t *testing.T) {
	valid, _ := json.Marshal(fight(t))
	edited := func(edit func(l *Log)) string {
		l := fight(t)
		edit(l)
		b, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	tests := []struct {
		name, data, want, field string
	}{
		{"empty", "", ErrBadData, ""},
		{"not JSON", "<html>", ErrBadData, ""},
		{"an array", "[]", ErrBadData, ""},
		{"two logs", string(valid) + string(valid), ErrBadData, ""},
		{"unknown field", strings.Replace(string(valid), `"version":1,`, `"version":1,"owner":"x",`, 1), ErrBadData, ""},
		{"wrong type", strings.Replace(string(valid), `"version":1,`, `"version":"1",`, 1), ErrBadData, ""},
		{"too large", `{"name":"` + strings.Repeat("a", MaxImportBytes) + `"}`, ErrTooLarge, ""},
		{"newer", edited(func(l *Log) { l.Version = Version + 1 }), ErrBadVersion, ""},
		{"no version", edited(func(l *Log) { l.Version = 0 }), ErrInvalid, "version"},
		{"bad state", edited(func(l *Log) { l.State = "archived" }), ErrInvalid, "state"},
		{"stopped, not ended", edited(func(l *Log) { l.Ended = time.Time{} }), ErrInvalid, "ended"},
		{"running, ended", edited(func(l *Log) { l.State = Running }), ErrInvalid, "ended"},
		{"ended before start", edited(func(l *Log) { l.Ended = t0.Add(-1) }), ErrInvalid, "ended"},
		{"bad name", edited(func(l *Log) { l.Name = "" }), ErrBadName, ""},
		{"bad entry", edited(func(l *Log) { l.Entries[6].Roll.Dice[1].Face = 2_000_000 }), ErrInvalid, "entries[6].roll.dice[1]"},
		{"bad odds", edited(func(l *Log) { l.Entries[2].Roll.Odds.P = 0.5 }), ErrInvalid, "entries[2].roll.odds"},
		{"control character in a line", edited(func(l *Log) { l.Entries[3].Lines[0] = "\x1b[31m" }), ErrInvalid, "entries[3].lines[0]"},
	}
	for _, tt := range tests {
		_, err := Decode([]byte(tt.data))
		var ce *Error
		if !errors.As(err, &ce) || ce.Code != tt.want || tt.field != "" && ce.Args["Field"] != tt.field {
			t.Errorf("%s: %v, want %s %s", tt.name, err, tt.want, tt.field)
		}
	}
}

// TestDecodeTooManyEntries: a file with more than MaxEntries entries is refused even when small.
func TestDecodeTooManyEntries(t *testing.T) {
	l := running(t)
	l.Entries = make([]Entry, MaxEntries+1)
	for i := range l.Entries {
		l.Entries[i] = Entry{Time: t0, Kind: KindOOC, Lines: []string{"."}}
	}
	b, _ := json.Marshal(l)
	if _, err := Decode(b); code(t, err) != ErrFullEntries {
		t.Errorf("%d entries: %v", len(l.Entries), err)
	}
}

// FuzzDecode: no input panics, and whatever decodes exports and decodes to the same bytes.
func FuzzDecode(f *testing.F) {
	data, _ := JSON(fight(f))
	f.Add(data)
	small, _ := json.Marshal(&Log{Version: 1, Header: Header{ID: "a", Guild: "g", Channel: "c", Name: "n", Lang: "ko",
		Starter: "u", Started: t0}, State: Running, Entries: []Entry{say(1, "hi")}})
	f.Add(small)
	f.Add([]byte(`{"version":1,"entries":[{"roll":{"odds":{"p":0.5,"fraction":"1/2"}}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Decode(data)
		if err != nil {
			return
		}
		out, err := JSON(l)
		if err != nil {
			t.Fatalf("a decoded log does not export: %v", err)
		}
		back, err := Decode(out)
		if err != nil {
			t.Fatalf("an export does not decode: %v", err)
		}
		if again, _ := JSON(back); !bytes.Equal(again, out) {
			t.Fatal("export, decode, export changed the bytes")
		}
		_ = Markdown(l, Labels{})
		_ = HTML(l, Labels{})
		_ = l.Stats()
	})
}
