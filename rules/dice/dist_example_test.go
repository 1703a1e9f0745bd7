package dice_test

import (
	"encoding/json"
	"fmt"

	"rulekeeper/rules/dice"
)

// The chance of a check: a comparison's probability of success, as a
// fraction when it is small enough to show, and as a percentage.
func ExampleExpr_Distribution() {
	e, _ := dice.Parse("2d20kh1+5 >= 15 to hit, with advantage")
	d, err := e.Distribution(dice.DistOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	p, frac, _ := d.Success()
	fmt.Println(frac, dice.Percent(p))
	// Output: 319/400 79.75%
}

// `/stats 4d6kh3 target:15 compare:>=`: the distribution of the expression,
// then the probability of the target.
func ExampleDist_WithTarget() {
	d, _ := dice.DistributionOf("4d6kh3", dice.DistOptions{})
	mean, _ := d.MeanRat()
	t, _ := d.WithTarget(">=", 15)
	p, frac, _ := t.Success()
	fmt.Printf("mean %v ≈ %.2f, sd %.2f, %d..%d\n", mean, d.Mean(), d.StdDev(), d.Min(), d.Max())
	fmt.Printf("P(>= 15) = %v = %s\n", frac, dice.Percent(p))
	// Output:
	// mean 15869/1296 ≈ 12.24, sd 2.85, 3..18
	// P(>= 15) = 25/108 = 23.15%
}

// Beyond the state budget the distribution is a seeded Monte-Carlo
// estimate, which says so.
func ExampleDist_Interval95() {
	d, _ := dice.DistributionOf("1d20+5 >= 15", dice.DistOptions{Budget: -1, Samples: 10_000, Seed: 1})
	p, frac, _ := d.Success()
	lo, hi := d.Interval95(p)
	fmt.Println(d.Exact(), d.Samples(), frac == nil, lo < 0.55 && 0.55 < hi)
	// Output: false 10000 true true
}

// The JSON of `/stats` and `rulekeeper stats --json`.
func ExampleDist_MarshalJSON() {
	d, _ := dice.DistributionOf("1d4+1 >= 4", dice.DistOptions{})
	b, _ := json.Marshal(d)
	fmt.Println(string(b))
	// Output: {"exact":true,"mean":3.5,"stddev":1.118033988749895,"min":2,"max":5,"mean_rat":"7/2","p_target":0.5,"p_target_rat":"1/2","pmf":[[2,0.25],[3,0.25],[4,0.25],[5,0.25]]}
}
