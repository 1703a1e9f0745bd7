package coc_test

import (
	"fmt"

	"rulekeeper/rules/coc"
	"rulekeeper/rules/dice"
)

// A Spot Hidden roll of 55 with one bonus die: forced faces are the tens die, the units die, then the bonus tens
// die (6, 8, 2 → candidates 68 and 28; the bonus die keeps 28, a regular success: hard needs 27).
func ExampleCheck() {
	res, err := coc.Check(dice.NewScripted([]int{6, 8, 2}), coc.CheckInput{
		Subject: coc.SkillSubject("spot_hidden"), Value: 55, Bonus: 1,
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Roll.Candidates, res.Final, res.Level, res.Success, res.Mark)
	fmt.Println("P(success) =", res.Odds().Success)
	// Output:
	// [68 28] 28 regular true true
	// P(success) = 159/200
}

// A Sanity roll: SAN 60 fails (80) and loses 1D10 = 6, so INT (70) is rolled: 35 is a hard success, and the investigator is
// temporarily insane for 1D10 = 4 hours.
func ExampleCharacter_Sanity() {
	c, _ := coc.New("Ada", 30, coc.Scores{STR: 50, CON: 50, SIZ: 50, DEX: 50, APP: 50, INT: 70, POW: 60, EDU: 60}, 50)
	res, err := c.Sanity(dice.NewScripted([]int{8, 10, 6, 3, 5, 4}), coc.SanityInput{Loss: "1/1d10", Day: 1})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Lost, res.After, res.INT.Level, res.Temporary, res.Hours.Total)
	// Output: 6 54 hard true 4
}
