package ddb_test

import (
	"fmt"
	"os"

	"rulekeeper/rules/dnd5e/ddb"
)

func ExampleParse() {
	data, err := os.ReadFile("testdata/paladin_warlock.json")
	if err != nil {
		panic(err)
	}
	im, err := ddb.Parse(data)
	if err != nil {
		panic(err)
	}
	c := im.Character
	fmt.Println(c.Name, c.Class, c.Level, c.Subclass, "AC", c.AC, "HP", c.HP, "/", c.MaxHP)
	for _, u := range im.Unmapped {
		fmt.Println(u.Kind.Key(), u.Name, u.Reason.Key())
	}
	// Output:
	// Seraphine Ashvale warlock 3 fiend AC 18 HP 36 / 41
	// ddb.kind.class Paladin ddb.reason.second_class
	// ddb.kind.level  ddb.reason.proficiency
	// ddb.kind.spell Green-Flame Blade ddb.reason.spell_not_srd
	// ddb.kind.spell Hex ddb.reason.spell_not_srd
	// ddb.kind.race Variant Human ddb.reason.race_traits
	// ddb.kind.feat War Caster ddb.reason.feat
}

func ExampleCharacterID() {
	id, _ := ddb.CharacterID("https://www.dndbeyond.com/profile/someone/characters/123456789")
	u, _ := ddb.ServiceURL(ddb.DefaultBase, id)
	fmt.Println(id)
	fmt.Println(u)
	// Output:
	// 123456789
	// https://character-service.dndbeyond.com/character/v5/character/123456789
}
