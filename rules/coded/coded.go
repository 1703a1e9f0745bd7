// Package coded is the error of the rules packages: a catalog key (locales/catalog) and the data its message
// needs. Rules code never holds words; the bot renders the key in the user's language.
package coded

import (
	"fmt"
	"sort"
	"strings"
)

// Error is a rules error. Code is a catalog key whose first part names the package ("dnd5e.err.bad_level",
// "rogue.err.rule_of_three"); Args fill the message template.
type Error struct {
	Code string
	Args map[string]any
}

// New builds an Error from a code and name/value pairs.
func New(code string, kv ...any) *Error {
	e := &Error{Code: code}
	if len(kv) > 0 {
		e.Args = make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			e.Args[kv[i].(string)] = kv[i+1]
		}
	}
	return e
}

// Error is the code and its data, for logs; users see the catalog message.
func (e *Error) Error() string {
	if len(e.Args) == 0 {
		return e.Code
	}
	keys := make([]string, 0, len(e.Args))
	for k := range e.Args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%v", k, e.Args[k])
	}
	return e.Code + " (" + strings.Join(parts, ", ") + ")"
}

// Is makes errors.Is(err, &Error{Code: X}) and errors.Is(err, Code(X)) match on the code alone.
func (e *Error) Is(target error) bool {
	switch t := target.(type) {
	case *Error:
		return t.Code == e.Code
	case Code:
		return string(t) == e.Code
	}
	return false
}

// Code is an error code as an errors.Is target. The rules packages' ErrX names are codes (catalog keys, strings),
// so errors.Is(err, coded.Code(dnd5e.ErrIsDead)) reports whether err is, or wraps, a rules error with that code.
type Code string

// Error is the code.
func (c Code) Error() string { return string(c) }
