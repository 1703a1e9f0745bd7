package area_test

import (
	"fmt"

	"rulekeeper/rules/area"
)

// A fireball (20-ft-radius sphere) on the intersection 10,10, laid with each method.
func ExampleSquares() {
	for _, m := range area.Methods() {
		sq, err := area.Squares(area.Area{Shape: area.Sphere, Method: m, Size: 20, Origin: area.Square{X: 10, Y: 10}})
		if err != nil {
			panic(err)
		}
		lo, hi, _ := area.Bounds(sq)
		fmt.Printf("%s: %d squares, %v to %v\n", m, len(sq), lo, hi)
	}
	// Output:
	// template: 60 squares, {6 6} to {13 13}
	// token: 64 squares, {6 6} to {13 13}
	// half: 52 squares, {6 6} to {13 13}
}

// Parsing "/aoe shape:cone size:30ft method:token origin:4,7 direction:ne" and
// testing combatants' squares.
func ExampleCompile() {
	shape, _ := area.ParseShape("cone")
	method, _ := area.ParseMethod("token")
	size, _ := area.ParseFeet("30ft")
	origin, _ := area.ParseOrigin("4,7")
	dir, _ := area.ParseDirection("ne")
	f, err := area.Compile(area.Area{Shape: shape, Method: method, Size: size, Origin: origin, Dir: dir})
	if err != nil {
		panic(err)
	}
	key, _ := area.DirKey(dir)
	fmt.Println(len(f.Squares()), "squares", key)
	fmt.Println(f.Has(5, 6), f.Has(4, 7), f.Has(10, 6), f.Has(11, 6))
	// Output:
	// 21 squares area.dir.ne
	// true false true false
}

func ExampleParseDirection() {
	for _, s := range []string{"sw", "30", "-45°", "up"} {
		d, err := area.ParseDirection(s)
		fmt.Println(d, err)
	}
	// Output:
	// 225 <nil>
	// 30 <nil>
	// 315 <nil>
	// 0 area.err.bad_direction (Direction=up)
}
