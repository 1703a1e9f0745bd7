package sessionlog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strings"
	"unicode/utf8"

	"rulekeeper/rules/dice"
)

// Decode reads a log from its JSON (an export, or what the store saved) and validates it: ErrTooLarge past
// MaxImportBytes, ErrBadData when it is not a log, ErrBadVersion when a newer rulekeeper wrote it, and the errors
// of Validate.
func Decode(data []byte) (*Log, error) {
	if len(data) > MaxImportBytes {
		return nil, newError(ErrTooLarge, "MaxMiB", MaxImportBytes>>20)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	l := new(Log)
	if err := dec.Decode(l); err != nil || dec.More() {
		return nil, newError(ErrBadData)
	}
	if l.Version > Version {
		return nil, newError(ErrBadVersion, "Version", l.Version)
	}
	if l.Entries == nil {
		l.Entries = []Entry{}
	}
	if err := l.Validate(); err != nil {
		return nil, err
	}
	return l, nil
}

// Validate checks every field of a log against the bounds (ErrInvalid names the first field out of them,
// ErrBadName a bad name), its size against MaxBytes (ErrFullBytes) and its entries against MaxEntries
// (ErrFullEntries).
func (l *Log) Validate() error {
	if l.Version < 1 || l.Version > Version {
		return invalid("version")
	}
	if err := checkHeader(&l.Header); err != nil {
		return err
	}
	switch {
	case l.State != Running && l.State != Paused && l.State != Stopped:
		return invalid("state")
	case (l.State == Stopped) == l.Ended.IsZero(), !l.Ended.IsZero() && l.Ended.Before(l.Started):
		return invalid("ended")
	case len(l.Entries) > MaxEntries:
		return newError(ErrFullEntries, "Max", MaxEntries)
	}
	for i := range l.Entries {
		if err := checkEntry(&l.Entries[i], fmt.Sprintf("entries[%d]", i)); err != nil {
			return err
		}
	}
	if l.Size() > MaxBytes {
		return newError(ErrFullBytes, "MaxMiB", MaxBytes>>20)
	}
	return nil
}

func invalid(field string) error { return newError(ErrInvalid, "Field", field) }

// checkHeader checks the fields of a header.
func checkHeader(h *Header) error {
	if !text(h.Name, MaxNameRunes) || h.Name == "" {
		return newError(ErrBadName, "Max", MaxNameRunes)
	}
	for _, f := range []struct {
		name, v string
	}{{"id", h.ID}, {"guild", h.Guild}, {"channel", h.Channel}, {"starter", h.Starter}, {"lang", h.Lang}} {
		if f.v == "" || !id(f.v) {
			return invalid(f.name)
		}
	}
	if h.Started.IsZero() {
		return invalid("started")
	}
	return nil
}

// checkEntry checks the fields of e; at names e in the error ("entries[3]").
func checkEntry(e *Entry, at string) error {
	known := false
	for _, k := range Kinds() {
		known = known || e.Kind == k
	}
	switch {
	case e.Time.IsZero():
		return invalid(at + ".time")
	case !known:
		return invalid(at + ".kind")
	case e.User != "" && !id(e.User):
		return invalid(at + ".user")
	case !text(e.UserName, MaxNameRunes):
		return invalid(at + ".user_name")
	case !text(e.Character, MaxNameRunes), e.Kind == KindTurn && e.Character == "":
		return invalid(at + ".character")
	case e.Round < 0 || e.Round > maxCount, e.Kind.Marker() && e.Round == 0:
		return invalid(at + ".round")
	case e.Turn < 0 || e.Turn > maxCount:
		return invalid(at + ".turn")
	case len(e.Lines) > MaxLines, len(e.Lines) == 0 && !e.Kind.Marker():
		return invalid(at + ".lines")
	}
	for i, line := range e.Lines {
		if !text(line, MaxLineRunes) {
			return invalid(fmt.Sprintf("%s.lines[%d]", at, i))
		}
	}
	if e.Roll != nil {
		if f := checkRoll(e.Roll); f != "" {
			return invalid(at + ".roll" + f)
		}
	}
	if d := e.Damage; d != nil && (d.Amount < 0 || d.Amount > maxAmount || !text(d.Type, MaxNameRunes) ||
		!text(d.Target, MaxNameRunes)) {
		return invalid(at + ".damage")
	}
	return nil
}

// Numeric bounds of the data.
const (
	maxCount     = 100_000 // rounds and turns
	maxAmount    = 1 << 30 // damage or healing in one entry
	maxMagnitude = 1 << 53 // totals and targets: exact in JSON numbers
)

// checkRoll returns the first field of r out of bounds (".dice[2]"), or "".
func checkRoll(r *Roll) string {
	switch {
	case r.Expr == "" || len(r.Expr) > dice.MaxLength || !text(r.Expr, dice.MaxLength):
		return ".expr"
	case len(r.Dice) > dice.MaxDice:
		return ".dice"
	case r.Total < -maxMagnitude || r.Total > maxMagnitude:
		return ".total"
	case r.Natural < 0 || r.Natural > 20:
		return ".natural"
	case r.Mode != Straight && r.Mode != Advantage && r.Mode != Disadvantage:
		return ".mode"
	case r.Outcome != "" && !r.Outcome.Succeeded() && !r.Outcome.Failed():
		return ".outcome"
	case r.Target < -maxMagnitude || r.Target > maxMagnitude:
		return ".target"
	case r.Odds != nil && !oddsOK(r.Odds):
		return ".odds"
	}
	for i, d := range r.Dice {
		fate := d.Sides == 0 && d.Face >= -1 && d.Face <= 1
		if !fate && (d.Sides < 1 || d.Sides > dice.MaxSides || d.Face < -dice.MaxSides || d.Face > dice.MaxSides) {
			return fmt.Sprintf(".dice[%d]", i)
		}
	}
	return ""
}

// oddsOK reports whether o is a probability whose fraction, if any, is the same number.
func oddsOK(o *Odds) bool {
	if math.IsNaN(o.P) || o.P < 0 || o.P > 1 {
		return false
	}
	if o.Fraction == "" {
		return true
	}
	if !fraction(o.Fraction) {
		return false
	}
	r, ok := new(big.Rat).SetString(o.Fraction)
	if !ok || r.Cmp(big.NewRat(1, 1)) > 0 {
		return false
	}
	f, _ := r.Float64()
	return math.Abs(f-o.P) < 1e-9
}

// fraction reports whether s is a short "n/d" or "n" of decimal digits (big.Rat.RatString's form), so that parsing
// it costs little.
func fraction(s string) bool {
	num, den, _ := strings.Cut(s, "/")
	return len(s) <= 40 && digits(num) && (den == "" && !strings.Contains(s, "/") || digits(den))
}

func digits(s string) bool {
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// id reports whether s is a short id: ASCII letters, digits and . _ : -.
func id(s string) bool {
	if len(s) > MaxIDBytes {
		return false
	}
	for _, c := range []byte(s) {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' ||
			c == ':' || c == '-'
		if !ok {
			return false
		}
	}
	return true
}

// text reports whether s is valid UTF-8 of at most max characters with no control characters (so no line breaks).
func text(s string, max int) bool {
	if !utf8.ValidString(s) || utf8.RuneCountInString(s) > max {
		return false
	}
	for _, r := range s {
		if r < 0x20 || r >= 0x7f && r < 0xa0 {
			return false
		}
	}
	return true
}
