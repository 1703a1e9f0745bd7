package dnd5e

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"
)

func TestCounters(t *testing.T) {
	c := fighter3(t)
	k, err := c.AddCounter(" Superiority dice ", 0, 4, ResetShort)
	if err != nil || *k != (Counter{Name: "Superiority dice", Value: 4, Max: 4, Reset: ResetShort}) {
		t.Fatalf("%+v %v", k, err)
	}
	if _, err := c.AddCounter("Arrows", 0, 20, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := c.AddCounter("Wand", 0, 7, ResetLong); err != nil {
		t.Fatal(err)
	}
	if _, err := c.AddCounter("Luck", -3, 3, ResetNone); err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		name   string
		do     func() (*CounterChange, error)
		after  int
		code   string
		before int
	}{
		{"use 1", func() (*CounterChange, error) { return c.UseCounter("superiority DICE", 1) }, 3, "", 4},
		{"use 3", func() (*CounterChange, error) { return c.UseCounter("Superiority dice", 3) }, 0, "", 3},
		{"none left", func() (*CounterChange, error) { return c.UseCounter("Superiority dice", 1) }, 0, ErrCounterEmpty, 0},
		{"give back 2", func() (*CounterChange, error) { return c.UseCounter("Superiority dice", -2) }, 2, "", 0},
		{"give back past the max", func() (*CounterChange, error) { return c.UseCounter("Superiority dice", -3) }, 0, ErrBadCounterValue, 0},
		{"set", func() (*CounterChange, error) { return c.SetCounter("Arrows", 12) }, 12, "", 20},
		{"set past the max", func() (*CounterChange, error) { return c.SetCounter("Arrows", 21) }, 0, ErrBadCounterValue, 0},
		{"below zero down to its min", func() (*CounterChange, error) { return c.UseCounter("Luck", 6) }, -3, "", 3},
		{"reset", func() (*CounterChange, error) { return c.ResetCounter("luck") }, 3, "", -3},
		{"unknown", func() (*CounterChange, error) { return c.UseCounter("Ki", 1) }, 0, ErrUnknownCounter, 0},
	}
	for _, s := range steps {
		ch, err := s.do()
		if s.code != "" {
			if !errors.Is(err, &Error{Code: s.code}) {
				t.Errorf("%s: %v, want %s", s.name, err, s.code)
			}
			continue
		}
		if err != nil || ch.After != s.after || ch.Before != s.before || ch.Counter.Value != s.after {
			t.Errorf("%s: %+v %v", s.name, ch, err)
		}
	}
	c.UseCounter("Wand", 3)
	c.UseCounter("Luck", 1)
	c.UseCounter("Superiority dice", 2)
	// A short rest resets the short counter only; a long rest the long ones too; "none" never.
	sr, err := c.ShortRest(0, forced())
	if err != nil || !reflect.DeepEqual(sr.Reset, []ResetItem{{Kind: "counter", ID: "Superiority dice", Before: 0, After: 4}}) {
		t.Errorf("short rest: %+v %v", sr.Reset, err)
	}
	c.UseCounter("Superiority dice", 1)
	lr, err := c.LongRest(time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC))
	want := []ResetItem{{Kind: "counter", ID: "Superiority dice", Before: 3, After: 4}, {Kind: "counter", ID: "Wand", Before: 4, After: 7}}
	if err != nil || !reflect.DeepEqual(lr.Reset, want) {
		t.Errorf("long rest: %+v %v", lr.Reset, err)
	}
	if k, _ := c.FindCounter("Luck"); k.Value != 2 {
		t.Errorf("a counter without reset: %+v", k)
	}
	// Round trip, then delete.
	b, _ := json.Marshal(c)
	back, err := Decode(b)
	if err != nil || !reflect.DeepEqual(back.Counters, c.Counters) {
		t.Errorf("round trip: %+v %v", back, err)
	}
	if k, err := c.DeleteCounter("arrows"); err != nil || k.Name != "Arrows" || len(c.Counters) != 3 {
		t.Errorf("delete: %+v %v", k, err)
	}
	if _, err := c.DeleteCounter("arrows"); !errors.Is(err, &Error{Code: ErrUnknownCounter}) {
		t.Errorf("delete twice: %v", err)
	}
}

func TestCounterValidation(t *testing.T) {
	c := fighter3(t)
	for _, tc := range []struct {
		name     string
		min, max int
		reset    Reset
		code     string
	}{
		{"", 0, 3, "", ErrBadCounterName},
		{"   ", 0, 3, "", ErrBadCounterName},
		{"a[b]", 0, 3, "", ErrBadCounterName},
		{string(make([]rune, 65)), 0, 3, "", ErrBadCounterName},
		{"x", 4, 3, "", ErrBadCounterBounds},
		{"x", 0, 10000, "", ErrBadCounterBounds},
		{"x", -10000, 0, "", ErrBadCounterBounds},
		{"x", 0, 3, "daily", ErrBadReset},
	} {
		if _, err := c.AddCounter(tc.name, tc.min, tc.max, tc.reset); !errors.Is(err, &Error{Code: tc.code}) {
			t.Errorf("%q %d–%d %q: %v, want %s", tc.name, tc.min, tc.max, tc.reset, err, tc.code)
		}
	}
	c.AddCounter("Arrows", 0, 20, "")
	if _, err := c.AddCounter("ARROWS", 0, 5, ""); !errors.Is(err, &Error{Code: ErrCounterExists}) {
		t.Errorf("duplicate: %v", err)
	}
	for i := len(c.Counters); i < MaxCounters; i++ {
		if _, err := c.AddCounter("c"+string(rune('a'+i)), 0, 1, ""); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := c.AddCounter("one more", 0, 1, ""); !errors.Is(err, &Error{Code: ErrTooManyCounters}) {
		t.Errorf("26th: %v", err)
	}
	for _, r := range []string{"short", "LONG", "none", ""} {
		if _, err := ParseReset(r); err != nil {
			t.Errorf("ParseReset(%q): %v", r, err)
		}
	}
	// A stored sheet with a bad counter is refused.
	c.Counters = []Counter{{Name: "x", Value: 5, Max: 3}}
	if err := c.Validate(); !errors.Is(err, &Error{Code: ErrBadCounterValue}) {
		t.Errorf("stored value above max: %v", err)
	}
}
