package bot

import (
	"fmt"
	"strings"
)

// Folded options (issues 14 and 18). /attack is at Discord's 25-option limit, so some of its options share one
// slot: `visibility:` (public, private, secret) stands for `private:` and `secret:`, `distance:` is also Rogue's
// Tale's range (in its own unit), and `defences:` ("dodge 3, block 2") holds an untracked Rogue's Tale defender's
// dodge, block and parry. A line typed with the old names (`private:true`, `range:6`, `dodge:1`) still works: the
// names are folded into the new options before the options are checked. Discord only ever sends the new ones.
// /attack has its own `range:` now (a 5e ad-hoc weapon's range), so it is not folded there: a Rogue's Tale
// attack reads it as its distance instead (attackrt.go rtDistance); other commands with `distance:` still fold it.

// Visibility choices.
const (
	visPublic  = "public"
	visPrivate = "private"
	visSecret  = "secret"
)

// visibilityChoices are the choices of the `visibility` option.
var visibilityChoices = []string{visPublic, visPrivate, visSecret}

// visibilityOption is the `visibility` option: public (default), private (only the caller sees the reply) or
// secret (the result goes to the GM, secret.go).
func visibilityOption() *Option {
	return &Option{Name: "visibility", Type: String, Choices: visibilityChoices}
}

// rtDefences are the defences `defences:` holds, in the order they are written back.
var rtDefences = []string{"dodge", "block", "parry"}

// foldOptions rewrites the old names of folded options into the options the command has; an option the command
// has itself is left alone.
func foldOptions(opts []*Option, in map[string]any) map[string]any {
	has := func(name string) bool { return FindOption(opts, name) != nil }
	_, hadPrivate := in["private"]
	_, hadSecret := in["secret"]
	if !has("visibility") || has("private") || (!hadPrivate && !hadSecret) {
		return foldRT(opts, in)
	}
	out := make(map[string]any, len(in))
	for k, v := range in {
		if k != "private" && k != "secret" {
			out[k] = v
		}
	}
	if _, set := out["visibility"]; !set {
		secret, okS := truthy(in["secret"], hadSecret)
		private, okP := truthy(in["private"], hadPrivate)
		switch {
		case !okS:
			out["visibility"] = fmt.Sprint(in["secret"]) // not a yes or no: refused as a choice of visibility
		case !okP:
			out["visibility"] = fmt.Sprint(in["private"])
		case secret:
			out["visibility"] = visSecret
		case private:
			out["visibility"] = visPrivate
		}
	}
	return foldRT(opts, out)
}

// foldRT folds Rogue's Tale's `range:` into `distance:` and `dodge:`/`block:`/`parry:` into `defences:`.
func foldRT(opts []*Option, in map[string]any) map[string]any {
	has := func(name string) bool { return FindOption(opts, name) != nil }
	v, ok := in["range"]
	if ok && has("distance") && !has("range") {
		if _, set := in["distance"]; !set {
			in["distance"] = v
		}
		delete(in, "range")
	}
	if !has("defences") || has("dodge") {
		return in
	}
	var parts []string
	for _, d := range rtDefences {
		if v, ok := in[d]; ok {
			parts = append(parts, d+" "+strings.TrimSpace(fmt.Sprint(v)))
			delete(in, d)
		}
	}
	if _, set := in["defences"]; !set && len(parts) > 0 {
		in["defences"] = strings.Join(parts, ", ")
	}
	return in
}

// truthy reads a raw boolean option (a bool from Discord, a word from the console); ok is false for a value that
// is neither yes nor no. An option not given (had false) is false.
func truthy(v any, had bool) (yes, ok bool) {
	if !had {
		return false, true
	}
	b, err := coerce(&Option{Name: "b", Type: Boolean}, v)
	return b == true, err == nil
}
