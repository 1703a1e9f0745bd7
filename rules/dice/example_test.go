package dice_test

import (
	"errors"
	"fmt"

	"rulekeeper/rules/dice"
)

// Forced faces make the outcome exact, as in tests and `--dice 6,2,5,1`.
func Example() {
	res, err := dice.Roll("4d6kh3 strength", dice.NewScripted([]int{6, 2, 5, 1}))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Breakdown())
	fmt.Println(res.Total, res.Comment)
	// Output:
	// 4d6kh3 (**6**, 2, 5, ~~**1**~~) = 13
	// 13 strength
}

// A comparison of totals carries a verdict; a d20 roll carries its natural face.
func Example_check() {
	res, _ := dice.Roll("2d20kh1+5 >= 15 to hit", dice.NewScripted([]int{20, 3}))
	fmt.Println(res.Breakdown())
	fmt.Println(res.Verdict, res.Crit, res.Natural)
	// Output:
	// 2d20kh1 (**20**, ~~3~~) + 5 = 25 >= 15
	// success success 20
}

// A 5e critical hit rolls every damage die twice.
func ExampleExpr_Doubled() {
	e, _ := dice.Parse("1d8[slashing] + 2d6[fire] + 3")
	crit := e.Doubled()
	fmt.Println(crit.Notation(), e.MaxDice())
	// Output: 2d8[slashing]+4d6[fire]+3 20
}

// Errors carry a catalog key and template data; the bot renders them.
func ExampleError() {
	_, err := dice.Parse("1d20+")
	var e *dice.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code, e.Args["Op"], e.Args["Pos"])
	}
	// Output: dice.err.expected_operand + 5
}

// A /roll line: Avrae's adv rolls the first d20 twice; ";" separates rolls.
func ExampleParseLine() {
	lines, err := dice.ParseLine("1d20+5 adv to hit; 2d6+3 fire")
	if err != nil {
		fmt.Println(err)
		return
	}
	r := dice.NewScripted([]int{8, 17, 4, 6})
	for _, l := range lines {
		res, _ := l.Roll(r)
		fmt.Println(res.Breakdown(), "|", res.Comment, "|", l.Mode)
	}
	// Output:
	// 2d20kh1 (~~8~~, 17) + 5 = 22 | to hit | adv
	// 2d6 (4, **6**) + 3 = 13 | fire |
}

// The console prints the breakdown without markdown.
func ExampleResult_BreakdownPlain() {
	res, _ := dice.Roll("4d6k3", dice.NewScripted([]int{6, 2, 5, 1}))
	fmt.Println(res.BreakdownPlain())
	// Output: 4d6kh3 (6, 2, 5, 1d) = 13
}

// A spelling with a space inside a term is refused with the one it probably meant.
func ExampleError_didYouMean() {
	_, err := dice.Parse("2d20 kh1 + 5")
	var e *dice.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code, e.Args["Hint"])
	}
	// Output: dice.err.did_you_mean 2d20kh1+5
}
