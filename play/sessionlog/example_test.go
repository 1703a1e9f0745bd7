package sessionlog_test

import (
	"fmt"
	"time"

	"rulekeeper/play/sessionlog"
)

func Example() {
	start := time.Date(2026, 3, 14, 19, 30, 0, 0, time.UTC)
	l, err := sessionlog.New(sessionlog.Header{ID: "ambush", Guild: "g1", Channel: "c1", Name: "Goblin ambush",
		Lang: "en", Starter: "u-gm", Started: start})
	if err != nil {
		panic(err)
	}
	err = l.Append(sessionlog.Entry{Time: start, Kind: sessionlog.KindAttack, User: "u-alice", UserName: "alice",
		Character: "Aria", Lines: []string{"Shortbow against Goblin 1 (AC 15): 17 + 5 = 22, hit"},
		Roll: &sessionlog.Roll{Expr: "1d20+5", Dice: []sessionlog.Die{{Sides: 20, Face: 17}}, Total: 22, Natural: 17,
			Outcome: sessionlog.Success, Target: 15, Odds: &sessionlog.Odds{P: 0.55, Fraction: "11/20"}}})
	if err != nil {
		panic(err)
	}
	aria := l.Stats().Names[0]
	fmt.Printf("%s: %d roll, natural %.1f against %.1f, luck %+.2f\n", aria.Name, aria.Rolls, aria.D20Mean(),
		aria.D20ExpectedMean(), aria.Luck())
	fmt.Println(sessionlog.Chance(l.Entries[0].Roll.Odds))
	fmt.Print(string(sessionlog.Markdown(l, sessionlog.Labels{})))
	// Output:
	// Aria: 1 roll, natural 17.0 against 10.5, luck +0.45
	// 55% (11/20)
	// # Goblin ambush
	//
	// 2026-03-14 19:30 UTC
	//
	// - **Aria** — alice
	//
	// ---
	//
	// **Aria** · Shortbow against Goblin 1 (AC 15): 17 + 5 = 22, hit · `1d20+5` \[17\] = **22** · 55% (11/20)
}
