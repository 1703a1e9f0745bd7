package encounter

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"rulekeeper/rules/dice"
)

func fixed(n int) *int { return &n }

func faces(f ...int) dice.Roller { return dice.NewScripted(f) }

func mustNew(t *testing.T, sys System) *Encounter {
	t.Helper()
	e, err := New(sys, "u-gm")
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// joinFixed adds a character with a fixed initiative.
func joinFixed(t *testing.T, e *Encounter, name string, init int) *Combatant {
	t.Helper()
	if _, err := e.Join(CharacterEntry{Name: name, CharacterID: "ch-" + name, OwnerID: "u-" + name,
		InitOptions: InitOptions{Fixed: fixed(init)}}, faces()); err != nil {
		t.Fatal(err)
	}
	c, err := e.Find(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// npcFixed adds one NPC with a fixed initiative.
func npcFixed(t *testing.T, e *Encounter, name string, init, hp int) *Combatant {
	t.Helper()
	a, err := e.AddNPCs(NPCEntry{Name: name, HP: hp, AC: 12, InitOptions: InitOptions{Fixed: fixed(init)}}, faces())
	if err != nil {
		t.Fatal(err)
	}
	return e.byID(a.Arrivals[0].Combatant.ID)
}

func mustNext(t *testing.T, e *Encounter) *TurnChange {
	t.Helper()
	tc, err := e.Next()
	if err != nil {
		t.Fatal(err)
	}
	return tc
}

func names(e *Encounter) string {
	var out []string
	for _, c := range e.Combatants {
		out = append(out, c.Name)
	}
	return strings.Join(out, " ")
}

func currentName(e *Encounter) string {
	if c := e.Current(); c != nil {
		return c.Name
	}
	return ""
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Code != code {
		t.Fatalf("error = %v, want %s", err, code)
	}
	if !errors.Is(err, &Error{Code: code}) {
		t.Fatalf("errors.Is does not match %s", code)
	}
}

// roundTrip marshals e and decodes it back, failing on any error.
func roundTrip(t *testing.T, e *Encounter) *Encounter {
	t.Helper()
	data, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	d, err := Decode(data)
	if err != nil {
		t.Fatalf("Decode: %v\n%s", err, data)
	}
	return d
}
