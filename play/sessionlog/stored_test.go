package sessionlog

import (
	"strings"
	"testing"
)

// TestEncodeNextAgreesWithAppend: a log kept as a header plus stored entries refuses exactly what the whole log's
// Append refuses, entry by entry, up to MaxBytes; what it encodes decodes back to the same entry.
func TestEncodeNextAgreesWithAppend(t *testing.T) {
	whole := running(t)
	head := whole.Head()
	big := say(1, strings.Repeat("a", MaxLineRunes))
	big.Lines = append(big.Lines, big.Lines[0], big.Lines[0], big.Lines[0])
	n, size := 0, 0
	for i := 0; ; i++ {
		e := big
		if i%3 == 1 {
			e = say(2, "short") // mixed sizes, so the last fit is not a multiple of one size
		}
		data, errNext := head.EncodeNext(e, n, size)
		errWhole := whole.Append(e)
		if code(t, errNext) != code(t, errWhole) {
			t.Fatalf("entry %d: EncodeNext %v, Append %v", i, errNext, errWhole)
		}
		if errWhole != nil {
			if code(t, errWhole) != ErrFullBytes || i < 100 {
				t.Fatalf("entry %d refused: %v", i, errWhole)
			}
			break
		}
		back, err := DecodeEntry(data)
		if err != nil || back.Lines[0] != e.Lines[0] || !back.Time.Equal(e.Time) {
			t.Fatalf("entry %d: DecodeEntry = %+v, %v", i, back, err)
		}
		n, size = n+1, size+len(data)
	}
}

// TestEncodeNextRefuses: the state, the entry count and an entry out of bounds are refused as Append refuses them;
// DecodeEntry refuses what is not an entry.
func TestEncodeNextRefuses(t *testing.T) {
	l := running(t)
	bad := say(1, "x")
	bad.Kind = "dance"
	for _, c := range []struct {
		name string
		log  func() *Log
		n    int
		e    Entry
		want string
	}{
		{"full", func() *Log { return running(t) }, MaxEntries, say(1, "x"), ErrFullEntries},
		{"bad kind", func() *Log { return running(t) }, 0, bad, ErrInvalid},
		{"paused", func() *Log { p := running(t); _ = p.Pause(); return p }, 0, say(1, "x"), ErrPaused},
		{"stopped", func() *Log { p := running(t); _ = p.Stop(t0); return p }, 0, say(1, "x"), ErrStopped},
	} {
		if _, err := c.log().EncodeNext(c.e, c.n, 0); code(t, err) != c.want {
			t.Errorf("%s: %v, want %s", c.name, err, c.want)
		}
	}
	if _, err := l.EncodeNext(say(1, "x"), MaxEntries-1, 0); err != nil {
		t.Errorf("the last entry: %v", err)
	}
	for _, data := range []string{`{"kind":`, `{"kind":"say","color":1}`, `{"kind":"dance","time":"2026-01-01T00:00:00Z"}`} {
		if _, err := DecodeEntry([]byte(data)); err == nil {
			t.Errorf("DecodeEntry(%s) = nil error", data)
		}
	}
}
