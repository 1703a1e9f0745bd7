package dnd5e

import (
	"testing"

	"rulekeeper/internal/catalogtest"
)

// codeKeys are every catalog key the package hands out.
func codeKeys() []string {
	var keys []string
	for _, a := range Abilities() {
		keys = append(keys, a.Key())
	}
	for _, s := range Skills() {
		keys = append(keys, s.ID.Key())
	}
	for _, c := range Classes() {
		keys = append(keys, c.ID.Key())
	}
	for _, c := range Conditions() {
		keys = append(keys, c.Key())
	}
	for _, d := range DamageTypes() {
		keys = append(keys, d.Key())
	}
	for _, s := range States() {
		keys = append(keys, s.Key())
	}
	for _, m := range []Mode{Normal, Advantage, Disadvantage} {
		keys = append(keys, m.Key())
	}
	for _, e := range EffectKinds() {
		keys = append(keys, e.Key())
	}
	for _, o := range []Outcome{OutcomeSuccess, OutcomeFailure, OutcomeHit, OutcomeCrit, OutcomeMiss} {
		keys = append(keys, o.Key())
	}
	for _, o := range []DeathOutcome{DeathSuccess, DeathFailure, DeathDoubleFailure, DeathRevived} {
		keys = append(keys, o.Key())
	}
	for _, c := range Covers() {
		keys = append(keys, c.Key())
	}
	keys = append(keys, ErrorCodes()...)
	return keys
}

func TestCatalogMatchesCode(t *testing.T) {
	catalogtest.Keys(t, "dnd5e", codeKeys())
}

// TestErrorTemplateArgs checks every error message uses only template arguments that the code really passes
// with that code (newError calls in the package's non-test source), in every language, and the same set everywhere.
func TestErrorTemplateArgs(t *testing.T) {
	args := catalogtest.CallArgs(t, "newError")
	catalogtest.Produced(t, ErrorCodes(), args)
	catalogtest.Args(t, "dnd5e", ErrorCodes(), args)
}
