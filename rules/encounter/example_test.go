package encounter_test

import (
	"fmt"

	"rulekeeper/rules/dice"
	"rulekeeper/rules/encounter"
)

func Example() {
	e, _ := encounter.New(encounter.DnD5e, "user-1")
	r := dice.NewScripted([]int{14, 9, 17, 4}) // forced dice: Aria 14, the goblins 9, 17, 4
	_, _ = e.Join(encounter.CharacterEntry{Name: "Aria", CharacterID: "sheet-1", OwnerID: "user-2",
		InitOptions: encounter.InitOptions{Bonus: 3, Dex: 16}}, r)
	_, _ = e.AddNPCs(encounter.NPCEntry{Name: "Goblin", Count: 3, HP: 7, AC: 15,
		InitOptions: encounter.InitOptions{Bonus: 2}}, r)
	for _, c := range e.Order() {
		fmt.Println(c.Init, c.Name)
	}
	tc, _ := e.Next()
	fmt.Println("round", tc.Round, "turn:", tc.Began.Name)
	_, _ = e.ApplyDamage("goblin 2", 5)
	for _, row := range e.Rows(false) {
		if row.State != "" {
			fmt.Println(row.Combatant.Name, row.State)
		}
	}
	// Output:
	// 19 Goblin 2
	// 17 Aria
	// 11 Goblin 1
	// 6 Goblin 3
	// round 1 turn: Goblin 2
	// Goblin 2 bloodied
	// Goblin 1 unhurt
	// Goblin 3 unhurt
}
