package coc

import (
	"errors"
	"testing"

	"rulekeeper/rules/dice"
)

func forced(faces ...int) dice.Roller { return dice.NewScripted(faces) }

// d100faces are the forced faces (tens, units) of a roll of v: face 10 reads as 0.
func d100faces(v int) []int {
	t, u := (v/10)%10, v%10
	if v == 100 {
		t, u = 0, 0
	}
	f := func(d int) int {
		if d == 0 {
			return 10
		}
		return d
	}
	return []int{f(t), f(u)}
}

// rolls are the forced faces of several plain d100 rolls in a row.
func rolls(vs ...int) dice.Roller {
	var faces []int
	for _, v := range vs {
		faces = append(faces, d100faces(v)...)
	}
	return dice.NewScripted(faces)
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if !errors.Is(err, &Error{Code: code}) {
		t.Fatalf("error %v, want %s", err, code)
	}
}

// must returns v, panicking on an error (a panic fails the test with its stack).
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
