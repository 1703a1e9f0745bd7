package dnd5e

import (
	"strings"
	"unicode/utf8"
)

// Custom counters (as Avrae's !cc): a named number on the sheet between a
// minimum and a maximum, spent and regained by hand, optionally reset to its
// maximum by a short or a long rest: superiority dice from a house rule,
// arrows, a magic item's charges.

// Counter limits.
const (
	MaxCounters     = 25   // counters on one sheet
	MaxCounterValue = 9999 // |min|, |max|
)

// Counter is a custom counter.
type Counter struct {
	Name  string `json:"name"`
	Value int    `json:"value"`
	Min   int    `json:"min,omitempty"`
	Max   int    `json:"max"`
	Reset Reset  `json:"reset,omitempty"` // ResetShort (short and long rests), ResetLong, ResetNone ("" too)
}

func (k Counter) validate() error {
	if err := validCounterName(k.Name); err != nil {
		return err
	}
	if k.Min > k.Max || k.Min < -MaxCounterValue || k.Max > MaxCounterValue {
		return newError(ErrBadCounterBounds, "Min", k.Min, "Max", k.Max, "Limit", MaxCounterValue)
	}
	if k.Value < k.Min || k.Value > k.Max {
		return newError(ErrBadCounterValue, "Name", k.Name, "Value", k.Value, "Min", k.Min, "Max", k.Max)
	}
	if k.Reset != "" && k.Reset.Key() == "" {
		return newError(ErrBadReset, "Reset", string(k.Reset))
	}
	return nil
}

// validCounterName: 1–64 runes, trimmed, no brackets.
func validCounterName(name string) error {
	n := strings.TrimSpace(name)
	if n == "" || n != name || utf8.RuneCountInString(n) > MaxNameLen || strings.ContainsAny(n, "[]") {
		return newError(ErrBadCounterName, "Max", MaxNameLen)
	}
	return nil
}

func validateCounters(list []Counter) error {
	if len(list) > MaxCounters {
		return newError(ErrTooManyCounters, "Max", MaxCounters)
	}
	seen := map[string]bool{}
	for _, k := range list {
		if err := k.validate(); err != nil {
			return err
		}
		key := strings.ToLower(k.Name)
		if seen[key] {
			return newError(ErrCounterExists, "Name", k.Name)
		}
		seen[key] = true
	}
	return nil
}

// CounterChange reports a change of a counter.
type CounterChange struct {
	Counter Counter `json:"counter"` // as it is now
	Before  int     `json:"before"`
	After   int     `json:"after"`
}

func (c *Character) counterIndex(name string) int {
	k := strings.ToLower(strings.TrimSpace(name))
	for i, x := range c.Counters {
		if strings.ToLower(x.Name) == k {
			return i
		}
	}
	return -1
}

// FindCounter finds a counter by name, ignoring case and surrounding spaces.
func (c *Character) FindCounter(name string) (Counter, bool) {
	if i := c.counterIndex(name); i >= 0 {
		return c.Counters[i], true
	}
	return Counter{}, false
}

// AddCounter creates a counter at its maximum: name (1–64 characters,
// unique on the sheet, any case), min ≤ max within ±9999, reset short, long
// or none ("" = none).
func (c *Character) AddCounter(name string, minV, maxV int, reset Reset) (*Counter, error) {
	name = strings.TrimSpace(name)
	if reset == "" {
		reset = ResetNone
	}
	k := Counter{Name: name, Min: minV, Max: maxV, Value: maxV, Reset: reset}
	if err := k.validate(); err != nil {
		return nil, err
	}
	if c.counterIndex(name) >= 0 {
		return nil, newError(ErrCounterExists, "Name", name)
	}
	if len(c.Counters) >= MaxCounters {
		return nil, newError(ErrTooManyCounters, "Max", MaxCounters)
	}
	c.Counters = append(c.Counters, k)
	return &k, nil
}

// change sets counter name's value through fn, which checks and returns the new value.
func (c *Character) change(name string, fn func(k Counter) (int, error)) (*CounterChange, error) {
	i := c.counterIndex(name)
	if i < 0 {
		return nil, newError(ErrUnknownCounter, "Name", name)
	}
	k := c.Counters[i]
	v, err := fn(k)
	if err != nil {
		return nil, err
	}
	c.Counters[i].Value = v
	return &CounterChange{Counter: c.Counters[i], Before: k.Value, After: v}, nil
}

// UseCounter spends n of a counter (a negative n gives back): refused when it
// would go below the minimum (ErrCounterEmpty) or above the maximum.
func (c *Character) UseCounter(name string, n int) (*CounterChange, error) {
	return c.change(name, func(k Counter) (int, error) {
		if n < -2*MaxCounterValue || n > 2*MaxCounterValue {
			return 0, newError(ErrBadCounterValue, "Name", k.Name, "Value", n, "Min", k.Min, "Max", k.Max)
		}
		v := k.Value - n
		if v < k.Min {
			return 0, newError(ErrCounterEmpty, "Name", k.Name, "Want", n, "Have", k.Value-k.Min)
		}
		if v > k.Max {
			return 0, newError(ErrBadCounterValue, "Name", k.Name, "Value", v, "Min", k.Min, "Max", k.Max)
		}
		return v, nil
	})
}

// SetCounter sets a counter's value (within its minimum and maximum).
func (c *Character) SetCounter(name string, v int) (*CounterChange, error) {
	return c.change(name, func(k Counter) (int, error) {
		if v < k.Min || v > k.Max {
			return 0, newError(ErrBadCounterValue, "Name", k.Name, "Value", v, "Min", k.Min, "Max", k.Max)
		}
		return v, nil
	})
}

// ResetCounter sets a counter back to its maximum.
func (c *Character) ResetCounter(name string) (*CounterChange, error) {
	return c.change(name, func(k Counter) (int, error) { return k.Max, nil })
}

// DeleteCounter removes a counter; it returns what it was.
func (c *Character) DeleteCounter(name string) (Counter, error) {
	i := c.counterIndex(name)
	if i < 0 {
		return Counter{}, newError(ErrUnknownCounter, "Name", name)
	}
	k := c.Counters[i]
	c.Counters = append(c.Counters[:i:i], c.Counters[i+1:]...)
	if len(c.Counters) == 0 {
		c.Counters = nil
	}
	return k, nil
}

// restCounters resets the counters a rest resets (short: short ones; long:
// short and long ones) that are below their maximum, and reports them.
func (c *Character) restCounters(long bool) []ResetItem {
	var out []ResetItem
	for i, k := range c.Counters {
		if k.Value == k.Max || !(k.Reset == ResetShort || (long && k.Reset == ResetLong)) {
			continue
		}
		out = append(out, ResetItem{Kind: "counter", ID: k.Name, Before: k.Value, After: k.Max})
		c.Counters[i].Value = k.Max
	}
	return out
}
