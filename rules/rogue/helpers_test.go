package rogue

import (
	"errors"
	"testing"

	"rulekeeper/rules/dice"
)

// dice returns a scripted roller with the given faces.
func faces(f ...int) dice.Roller { return dice.NewScripted(f) }

// human makes a valid human character (level 1 unless changed by opts).
func human(t *testing.T, name string, base Attributes, opts ...func(*Character)) *Character {
	t.Helper()
	return makeChar(t, name, Human, Male, 1, base, opts...)
}

func makeChar(t *testing.T, name string, race Race, sex Sex, level int, base Attributes, opts ...func(*Character)) *Character {
	t.Helper()
	c, err := New(name, race, sex, level, base, NewOptions{})
	if err != nil {
		t.Fatalf("New(%s): %v", name, err)
	}
	for _, o := range opts {
		o(c)
	}
	c.Recalc()
	if err := c.Validate(); err != nil {
		t.Fatalf("%s invalid after options: %v", name, err)
	}
	return c
}

// avg is a 7,7,7,7 human.
var avg = Attributes{7, 7, 7, 7}

func withLevel(l int) func(*Character) { return func(c *Character) { c.Level = l } }
func withTalents(ts ...Talent) func(*Character) {
	return func(c *Character) { c.Talents = append(c.Talents, ts...) }
}
func withEffects(es ...Effect) func(*Character) {
	return func(c *Character) { c.Effects = append(c.Effects, es...) }
}
func monster(c *Character) { c.Monster = true }

// wantCode fails unless err is an *Error with the code.
func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if !errors.Is(err, &Error{Code: code}) {
		t.Fatalf("error = %v, want %s", err, code)
	}
}
