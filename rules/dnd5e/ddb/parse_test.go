package ddb

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
)

// TestParseErrors: input that makes no sheet fails with a coded error.
func TestParseErrors(t *testing.T) {
	big := bytes.Repeat([]byte(" "), MaxSize+1)
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"over 1 MiB", big, ErrTooLarge},
		{"MaxSize of spaces is not too large", big[:MaxSize], ErrBadJSON},
		{"not JSON", []byte("<html>"), ErrBadJSON},
		{"an array", []byte("[1,2]"), ErrBadJSON},
		{"a string", []byte(`"x"`), ErrBadJSON},
		{"wrong type", []byte(`{"name": 5}`), ErrBadJSON},
		{"success false", []byte(`{"success":false,"message":"Character not found","data":null}`), ErrNotSuccess},
		{"empty object", []byte(`{}`), ErrNoName},
		{"null", []byte(`null`), ErrNoName},
		{"blank name", []byte(`{"name":"  "}`), ErrNoName},
		{"no class", []byte(`{"name":"X","classes":[]}`), ErrNoClass},
		{"only a class rulekeeper does not know", []byte(`{"name":"X","classes":[{"level":3,"definition":{"name":"Artificer"}}]}`), ErrNoClass},
		{"homebrew fighter", []byte(`{"name":"X","classes":[{"level":3,"definition":{"name":"Fighter","isHomebrew":true}}]}`), ErrNoClass},
		{"no stats", []byte(`{"name":"X","classes":[{"level":3,"definition":{"name":"Fighter"}}]}`), ErrNoStats},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			im, err := Parse(tt.data)
			if got := code(err); got != tt.want || im != nil {
				t.Errorf("Parse = %v, %v; want %s", im, err, tt.want)
			}
		})
	}
}

// TestScoreErrors: a missing base score or an impossible result names the ability.
func TestScoreErrors(t *testing.T) {
	_, err := mutated(t, "fighter.json", func(d obj) { d["stats"].(list)[2].(obj)["value"] = nil })
	if code(err) != ErrNoStats || err.(*Error).Args["Ability"] != "con" {
		t.Errorf("missing CON: %v", err)
	}
	_, err = mutated(t, "fighter.json", func(d obj) { d["overrideStats"].(list)[0].(obj)["value"] = 31 })
	if code(err) != ErrBadScore || err.(*Error).Args["Score"] != 31 {
		t.Errorf("STR override 31: %v", err)
	}
	_, err = mutated(t, "fighter.json", func(d obj) { d["stats"].(list)[5].(obj)["value"] = 0 })
	if code(err) != ErrBadScore {
		t.Errorf("CHA 0: %v", err)
	}
}

// TestScores: how bonuses, caps, set values and overrides combine.
func TestScores(t *testing.T) {
	tests := []struct {
		name   string
		change func(d obj)
		want   int // the fighter's STR (base 15, +2 race, +1 ASI = 18)
	}{
		{"as built", func(obj) {}, 18},
		{"ASI capped at 20", func(d obj) { addMod(d, "feat", m("bonus", "strength-score", 4)) }, 20},
		{"cap raised by ability-score-maximum", func(d obj) {
			addMod(d, "feat", m("bonus", "strength-score", 4))
			addMod(d, "class", m("bonus", "ability-score-maximum", 4, "statId", 1))
		}, 22},
		{"other bonus above the cap", func(d obj) {
			addMod(d, "feat", m("bonus", "strength-score", 4))
			d["bonusStats"].(list)[0].(obj)["value"] = 2
		}, 22},
		{"restricted bonus ignored", func(d obj) { addMod(d, "feat", m("bonus", "strength-score", 2, "restriction", "while raging")) }, 18},
		{"not granted ignored", func(d obj) { addMod(d, "feat", m("bonus", "strength-score", 2, "isGranted", false)) }, 18},
		{"set raises", func(d obj) { addMod(d, "feat", m("set", "strength-score", 21)) }, 21},
		{"set does not lower", func(d obj) { addMod(d, "feat", m("set", "strength-score", 11)) }, 18},
		{"override wins", func(d obj) { d["overrideStats"].(list)[0].(obj)["value"] = 9 }, 9},
		{"numbers as strings", func(d obj) { d["stats"].(list)[0].(obj)["value"] = "15" }, 18},
		{"unequipped item's set ignored", func(d obj) {
			appendTo(d, "inventory", obj{"id": 99, "equipped": false, "definition": obj{"name": "Belt", "grantedModifiers": list{m("set", "strength-score", 25)}}})
		}, 18},
		{"attuned item's set", func(d obj) {
			appendTo(d, "inventory", obj{"id": 99, "equipped": true, "isAttuned": true, "definition": obj{"name": "Belt", "canAttune": true, "grantedModifiers": list{m("set", "strength-score", 25)}}})
		}, 25},
		{"unattuned item's set ignored", func(d obj) {
			appendTo(d, "inventory", obj{"id": 99, "equipped": true, "definition": obj{"name": "Belt", "canAttune": true, "grantedModifiers": list{m("set", "strength-score", 25)}}})
		}, 18},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			im := mustMutated(t, "fighter.json", tt.change)
			if got := im.Character.Scores.Str; got != tt.want {
				t.Errorf("STR = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestArmorClass: every way D&D Beyond computes AC.
func TestArmorClass(t *testing.T) {
	unequip := func(d obj, ids ...int) {
		for _, id := range ids {
			inventory(d, id)["equipped"] = false
		}
	}
	armour := func(name string, ac, typeID int, mods ...any) obj {
		return obj{"id": 77, "equipped": true, "definition": obj{"name": name, "filterType": "Armor", "armorClass": ac, "armorTypeId": typeID, "grantedModifiers": list(mods)}}
	}
	tests := []struct {
		name   string
		file   string
		change func(d obj)
		want   int
	}{
		// Fighter: DEX 12 (+1), chain mail 16, shield 2, defense +1.
		{"heavy armour, shield, defense", "fighter.json", func(obj) {}, 19},
		{"no shield", "fighter.json", func(d obj) { unequip(d, 2) }, 17},
		{"no armour: 10 + DEX + shield", "fighter.json", func(d obj) { unequip(d, 1) }, 13},
		{"magic armour +1", "fighter.json", func(d obj) {
			inventory(d, 1)["definition"].(obj)["grantedModifiers"] = list{m("bonus", "armor-class", 1)}
		}, 20},
		{"ring of protection (attuned)", "fighter.json", func(d obj) {
			appendTo(d, "inventory", obj{"id": 78, "equipped": true, "isAttuned": true, "definition": obj{"name": "Ring", "canAttune": true, "grantedModifiers": list{m("bonus", "armor-class", 1)}}})
		}, 20},
		{"medium armour: DEX up to 2", "rogue.json", func(d obj) {
			unequip(d, 11)
			appendTo(d, "inventory", armour("Scale Mail", 14, 2))
		}, 17}, // 14 + 2 (DEX 3 capped) + cloak 1
		{"medium armor master: DEX up to 3", "rogue.json", func(d obj) {
			unequip(d, 11)
			appendTo(d, "inventory", armour("Scale Mail", 14, 2))
			addMod(d, "feat", m("set", "ac-max-dex-armored-modifier", 3))
		}, 18},
		{"armour type from its name", "rogue.json", func(d obj) {
			unequip(d, 11)
			appendTo(d, "inventory", obj{"id": 77, "equipped": true, "definition": obj{"name": "Plate", "type": "Heavy Armor", "armorClass": 18}})
		}, 19}, // 18, no DEX, + cloak
		{"AC override", "fighter.json", func(d obj) { appendTo(d, "characterValues", cv(1, 21, 0)) }, 21},
		{"AC magic and misc bonuses", "fighter.json", func(d obj) { appendTo(d, "characterValues", cv(2, 1, 0), cv(3, 2, 0)) }, 22},
		{"racial AC bonus", "fighter.json", func(d obj) { addMod(d, "race", m("bonus", "armor-class", 1)) }, 20},
		// Monk: DEX 18 (+4), WIS 16 (+3).
		{"monk unarmored defense", "monk.json", func(obj) {}, 17},
		{"monk with a shield loses it", "monk.json", func(d obj) { inventory(d, 44)["equipped"] = true }, 16},
		{"monk in armour", "monk.json", func(d obj) { appendTo(d, "inventory", armour("Leather", 11, 1)) }, 15},
		// Barbarian: DEX 14 (+2), CON 19 (+4), shield.
		{"barbarian keeps it with a shield", "barbarian.json", func(obj) {}, 18},
		{"draconic resilience: 13 + DEX", "wizard.json", func(d obj) { addMod(d, "class", m("set", "unarmored-armor-class", 3)) }, 16},
		{"natural armour: base + DEX", "wizard.json", func(d obj) { addMod(d, "race", m("set", "minimum-base-armor", 13)) }, 16},
		{"natural armour without DEX (tortle)", "wizard.json", func(d obj) {
			addMod(d, "race", m("set", "minimum-base-armor", 17))
			addMod(d, "race", m("ignore", "unarmored-dex-ac-bonus", nil))
		}, 17},
		{"unarmoured bonus", "wizard.json", func(d obj) { addMod(d, "feat", m("bonus", "unarmored-armor-class", 1)) }, 14},
		{"AC clamped to 50", "fighter.json", func(d obj) { appendTo(d, "characterValues", cv(3, 99, 0)) }, 50},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			im := mustMutated(t, tt.file, tt.change)
			if got := im.Character.AC; got != tt.want {
				t.Errorf("AC = %d, want %d", got, tt.want)
			}
		})
	}
	im := mustMutated(t, "fighter.json", func(d obj) { appendTo(d, "characterValues", cv(4, 15, 0)) })
	if im.Character.AC != 19 || !hasUnmapped(im, KindAC, ReasonOverride, "") {
		t.Errorf("AC base override: AC %d, unmapped %v", im.Character.AC, im.Unmapped)
	}
	im = mustMutated(t, "fighter.json", func(d obj) { appendTo(d, "characterValues", cv(3, 99, 0)) })
	if !hasUnmapped(im, KindAC, ReasonClamped, "") {
		t.Errorf("AC clamp not reported: %v", im.Unmapped)
	}
}

// TestHitPoints: max HP from base, CON, per-level bonuses and overrides; current and temporary HP.
func TestHitPoints(t *testing.T) {
	tests := []struct {
		name            string
		file            string
		change          func(d obj)
		maxHP, hp, temp int
	}{
		// Fighter 5: base 34 + CON 3×5, 12 taken, 5 temporary.
		{"as built", "fighter.json", func(obj) {}, 49, 37, 5},
		{"Tough: +2 per character level", "fighter.json", func(d obj) { addMod(d, "feat", m("bonus", "hit-points-per-level", 2)) }, 59, 47, 5},
		{"max HP modifier", "fighter.json", func(d obj) { d["bonusHitPoints"] = -4 }, 45, 33, 5},
		{"override", "fighter.json", func(d obj) { d["overrideHitPoints"] = 60 }, 60, 48, 5},
		{"override and modifier", "fighter.json", func(d obj) { d["overrideHitPoints"] = 60; d["bonusHitPoints"] = 3 }, 63, 51, 5},
		{"more damage than HP", "fighter.json", func(d obj) { d["removedHitPoints"] = 500 }, 49, 0, 5},
		{"flat hit point bonus of an equipped item", "fighter.json", func(d obj) { inventory(d, 7)["equipped"] = true }, 51, 39, 5},
		{"temp HP clamped", "fighter.json", func(d obj) { d["temporaryHitPoints"] = 20000 }, 49, 37, dnd5e.MaxHPLimit},
		{"max HP at least 1", "fighter.json", func(d obj) { d["overrideHitPoints"] = nil; d["baseHitPoints"] = -200 }, 1, 0, 5},
		// Paladin 2 / warlock 3: a per-level bonus of the paladin counts 2 levels, of a feat 5.
		{"per-level bonus of a class feature", "paladin_warlock.json", func(d obj) {
			addMod(d, "class", m("bonus", "hit-points-per-level", 1, "componentId", 1502))
		}, 43, 38, 6},
		{"per-level bonus of a feat", "paladin_warlock.json", func(d obj) { addMod(d, "feat", m("bonus", "hit-points-per-level", 1)) }, 46, 41, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := mustMutated(t, tt.file, tt.change).Character
			if c.MaxHP != tt.maxHP || c.HP != tt.hp || c.TempHP != tt.temp {
				t.Errorf("max %d, hp %d, temp %d; want %d, %d, %d", c.MaxHP, c.HP, c.TempHP, tt.maxHP, tt.hp, tt.temp)
			}
		})
	}
	im := mustMutated(t, "fighter.json", func(d obj) { d["classes"].(list)[0].(obj)["hitDiceUsed"] = 9 })
	if im.Character.HitDice != 0 {
		t.Errorf("hit dice = %d, want 0", im.Character.HitDice)
	}
}

// TestLifeState: 0 HP is dying, stable or dead; exhaustion and conditions.
func TestLifeState(t *testing.T) {
	zero := func(d obj) { d["removedHitPoints"] = 100 }
	tests := []struct {
		name       string
		change     func(d obj)
		state      dnd5e.State
		hp, exh    int
		conditions []dnd5e.Condition
		saves      dnd5e.DeathSaves
	}{
		{"conscious: death saves cleared", func(d obj) {
			d["deathSaves"] = obj{"successCount": 2, "failCount": 1}
		}, dnd5e.Conscious, 37, 0, nil, dnd5e.DeathSaves{}},
		{"dying", func(d obj) { zero(d); d["deathSaves"] = obj{"successCount": 2, "failCount": 1} },
			dnd5e.Dying, 0, 0, []dnd5e.Condition{dnd5e.Unconscious, dnd5e.Prone}, dnd5e.DeathSaves{Successes: 2, Failures: 1}},
		{"stable", func(d obj) { zero(d); d["deathSaves"] = obj{"successCount": 3, "isStabilized": true} },
			dnd5e.Stable, 0, 0, []dnd5e.Condition{dnd5e.Unconscious, dnd5e.Prone}, dnd5e.DeathSaves{Successes: 3}},
		{"dead", func(d obj) { zero(d); d["deathSaves"] = obj{"failCount": 3} },
			dnd5e.Dead, 0, 0, nil, dnd5e.DeathSaves{Failures: 3}},
		{"counts clamped", func(d obj) { zero(d); d["deathSaves"] = obj{"successCount": 9, "failCount": -2} },
			dnd5e.Dying, 0, 0, []dnd5e.Condition{dnd5e.Unconscious, dnd5e.Prone}, dnd5e.DeathSaves{Successes: 3}},
		{"exhaustion 4 halves max HP", func(d obj) { d["conditions"] = list{obj{"id": 4, "level": 4}} },
			dnd5e.Conscious, 24, 4, nil, dnd5e.DeathSaves{}},
		{"exhaustion 6 kills", func(d obj) { d["conditions"] = list{obj{"id": 4, "level": 6}} },
			dnd5e.Dead, 0, 6, nil, dnd5e.DeathSaves{}},
		{"exhaustion level clamped", func(d obj) { d["conditions"] = list{obj{"id": 4, "level": 0}, obj{"id": 4, "level": 2}} },
			dnd5e.Conscious, 37, 2, nil, dnd5e.DeathSaves{}},
		{"every condition id", func(d obj) {
			var l list
			for id := 1; id <= 15; id++ {
				if id != 4 {
					l = append(l, obj{"id": id})
				}
			}
			d["conditions"] = l
		}, dnd5e.Conscious, 37, 0, []dnd5e.Condition{dnd5e.Blinded, dnd5e.Charmed, dnd5e.Deafened, dnd5e.Frightened,
			dnd5e.Grappled, dnd5e.Incapacitated, dnd5e.Invisible, dnd5e.Paralyzed, dnd5e.Petrified, // petrified: immune to poisoned (reported)
			dnd5e.Prone, dnd5e.Restrained, dnd5e.Stunned, dnd5e.Unconscious}, dnd5e.DeathSaves{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := mustMutated(t, "fighter.json", tt.change).Character
			var conds []dnd5e.Condition
			for _, ac := range c.Conditions {
				conds = append(conds, ac.ID)
			}
			check(t, "state", c.State, tt.state)
			check(t, "hp", c.HP, tt.hp)
			check(t, "exhaustion", c.Exhaustion, tt.exh)
			check(t, "conditions", conds, tt.conditions)
			check(t, "death saves", c.DeathSaves, tt.saves)
		})
	}
	im := mustMutated(t, "fighter.json", func(d obj) { d["conditions"] = list{obj{"id": 16}} })
	if len(im.Character.Conditions) != 0 || !hasUnmapped(im, KindCondition, ReasonConditionUnknown, "") {
		t.Errorf("condition 16 (diseased): %v, %v", im.Character.Conditions, im.Unmapped)
	}
	// A monk of 10th level is immune to poison (purity of body): poisoned is reported, not added.
	im = mustMutated(t, "monk.json", func(d obj) {
		d["classes"].(list)[0].(obj)["level"] = 10
		d["conditions"] = list{obj{"id": 11}}
	})
	if im.Character.HasCondition(dnd5e.Poisoned) || !hasUnmapped(im, KindCondition, ReasonConditionImmune, "poisoned") {
		t.Errorf("poisoned monk 10: %v, %v", im.Character.Conditions, im.Unmapped)
	}
}

// TestSkills: proficiency overrides of the sheet, half proficiency, all saves.
func TestSkills(t *testing.T) {
	im := mustMutated(t, "rogue.json", func(d obj) {
		appendTo(d, "characterValues",
			cv(26, 4, 2),  // athletics: expertise
			cv(26, 1, 3),  // acrobatics: not proficient
			cv(26, 2, 11), // animal handling: half
			cv(23, 12, 7)) // history: total override
		addMod(d, "feat", m("proficiency", "saving-throws", nil))
	})
	c := im.Character
	check(t, "skills", c.Skills, []dnd5e.Skill{"athletics", "deception", "insight", "investigation", "perception", "sleight_of_hand", "stealth"})
	check(t, "expertise", c.Expertise, []dnd5e.Skill{"athletics", "sleight_of_hand", "stealth"})
	check(t, "saves", c.Saves, []dnd5e.Ability{dnd5e.Str, dnd5e.Dex, dnd5e.Con, dnd5e.Int, dnd5e.Wis, dnd5e.Cha})
	if !hasUnmapped(im, KindSkill, ReasonHalfProficiency, "animal_handling") || !hasUnmapped(im, KindSkill, ReasonOverride, "history") {
		t.Errorf("unmapped %v", im.Unmapped)
	}
}

// TestAttacks: to-hit and damage from the weapon and the sheet's bonuses.
func TestAttacks(t *testing.T) {
	tests := []struct {
		name   string
		file   string
		change func(d obj)
		attack string
		want   dnd5e.Attack
	}{
		{"item to-hit and damage bonus", "fighter.json", func(d obj) { appendTo(d, "characterValues", cv(12, 2, 3), cv(10, 3, 3)) },
			"Longsword", dnd5e.Attack{Name: "Longsword", Ability: dnd5e.Str, Proficient: true, Bonus: 2, Damage: "1d8[slashing]+3"}},
		{"to-hit override: total 10", "fighter.json", func(d obj) { appendTo(d, "characterValues", cv(13, 10, 3)) },
			"Longsword", dnd5e.Attack{Name: "Longsword", Ability: dnd5e.Str, Proficient: true, Bonus: 3, Damage: "1d8[slashing]"}},
		{"archery on ranged weapons", "fighter.json", func(d obj) { addMod(d, "class", m("bonus", "ranged-weapon-attacks", 2)) },
			"Longbow", dnd5e.Attack{Name: "Longbow", Ability: dnd5e.Dex, Proficient: true, Bonus: 2, Damage: "1d8[piercing]", Ranged: true, Range: dnd5e.WeaponRange{Normal: 150, Long: 600}}},
		{"archery not on melee", "fighter.json", func(d obj) { addMod(d, "class", m("bonus", "ranged-weapon-attacks", 2)) },
			"Longsword", dnd5e.Attack{Name: "Longsword", Ability: dnd5e.Str, Proficient: true, Damage: "1d8[slashing]"}},
		{"not proficient", "wizard.json", func(d obj) {
			appendTo(d, "inventory", obj{"id": 90, "equipped": true, "definition": obj{"name": "Greatsword", "type": "Greatsword", "filterType": "Weapon", "categoryId": 2, "attackType": 1, "damage": obj{"diceString": "2d6"}, "damageType": "Slashing"}})
		}, "Greatsword", dnd5e.Attack{Name: "Greatsword", Ability: dnd5e.Str, Damage: "2d6[slashing]"}},
		{"proficient by weapon name (race)", "wizard.json", func(d obj) {
			appendTo(d, "inventory", obj{"id": 90, "equipped": true, "definition": obj{"name": "Longsword", "type": "Longsword", "filterType": "Weapon", "categoryId": 2, "attackType": 1, "damage": obj{"diceString": "1d8"}, "damageType": "Slashing"}})
		}, "Longsword", dnd5e.Attack{Name: "Longsword", Ability: dnd5e.Str, Proficient: true, Damage: "1d8[slashing]"}},
		{"pact weapon is proficient", "wizard.json", func(d obj) {
			appendTo(d, "inventory", obj{"id": 90, "equipped": true, "definition": obj{"name": "Greatsword", "type": "Greatsword", "filterType": "Weapon", "categoryId": 2, "attackType": 1, "damage": obj{"diceString": "2d6"}, "damageType": "Slashing"}})
			appendTo(d, "characterValues", cv(28, 1, 90))
		}, "Greatsword", dnd5e.Attack{Name: "Greatsword", Ability: dnd5e.Str, Proficient: true, Damage: "2d6[slashing]"}},
		{"finesse picks STR when stronger", "fighter.json", func(d obj) {
			appendTo(d, "inventory", obj{"id": 90, "equipped": true, "definition": obj{"name": "Rapier", "type": "Rapier", "filterType": "Weapon", "categoryId": 2, "attackType": 1, "damage": obj{"diceString": "1d8"}, "damageType": "Piercing", "properties": list{obj{"name": "Finesse"}}}})
		}, "Rapier", dnd5e.Attack{Name: "Rapier", Ability: dnd5e.Str, Proficient: true, Damage: "1d8[piercing]"}},
		{"dice from count and value, unknown damage type untyped", "fighter.json", func(d obj) {
			appendTo(d, "inventory", obj{"id": 90, "equipped": true, "definition": obj{"name": "Odd Blade", "filterType": "Weapon", "attackType": 1, "damage": obj{"diceCount": 2, "diceValue": 4}, "damageType": "Sonic"}})
		}, "Odd Blade", dnd5e.Attack{Name: "Odd Blade", Ability: dnd5e.Str, Damage: "2d4"}},
		{"fixed damage", "fighter.json", func(d obj) {
			appendTo(d, "inventory", obj{"id": 90, "equipped": true, "definition": obj{"name": "Blowgun", "filterType": "Weapon", "attackType": 2, "fixedDamage": 1, "damageType": "Piercing"}})
		}, "Blowgun", dnd5e.Attack{Name: "Blowgun", Ability: dnd5e.Dex, Damage: "1[piercing]", Ranged: true}},
		{"negative damage bonus", "fighter.json", func(d obj) { appendTo(d, "characterValues", cv(10, -1, 3)) },
			"Longsword", dnd5e.Attack{Name: "Longsword", Ability: dnd5e.Str, Proficient: true, Damage: "1d8[slashing]-1"}},
		{"damage bonus clamped", "fighter.json", func(d obj) { appendTo(d, "characterValues", cv(10, 1e9, 3)) },
			"Longsword", dnd5e.Attack{Name: "Longsword", Ability: dnd5e.Str, Proficient: true, Damage: "1d8[slashing]+50"}},
		{"to-hit bonus clamped", "fighter.json", func(d obj) { appendTo(d, "characterValues", cv(12, -1e9, 3)) },
			"Longsword", dnd5e.Attack{Name: "Longsword", Ability: dnd5e.Str, Proficient: true, Bonus: -50, Damage: "1d8[slashing]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			im := mustMutated(t, tt.file, tt.change)
			a, err := im.Character.FindAttack(tt.attack)
			if err != nil {
				t.Fatal(err)
			}
			check(t, "attack", a, tt.want)
		})
	}
}

// TestAttackReports: weapons and actions that make no attack, and the sheet's limit.
func TestAttackReports(t *testing.T) {
	im := mustMutated(t, "fighter.json", func(d obj) {
		appendTo(d, "inventory", obj{"id": 90, "equipped": true, "definition": obj{"name": "Net", "filterType": "Weapon", "attackType": 2}})
		appendTo(d, "characterValues", cv(29, 1, 3))
		d["actions"] = obj{"race": list{obj{"name": "Breath Weapon", "displayAsAttack": true, "abilityModifierStatId": 3,
			"dice": obj{"diceString": "2d6"}, "damageTypeId": 7}}}
	})
	for _, w := range []struct {
		name   string
		reason Reason
	}{{"Net", ReasonNoDamage}, {"Longsword", ReasonAttackAbility}, {"Breath Weapon", ReasonAttackAbility}} {
		if !hasUnmapped(im, KindAttack, w.reason, w.name) {
			t.Errorf("%s not reported %s: %v", w.name, w.reason, im.Unmapped)
		}
	}
	im = mustMutated(t, "fighter.json", func(d obj) {
		for i := 0; i < 30; i++ {
			appendTo(d, "inventory", obj{"id": 100 + i, "equipped": true, "definition": obj{"name": "Dart", "filterType": "Weapon", "attackType": 2, "damage": obj{"diceString": "1d4"}}})
		}
	})
	if n := len(im.Character.Attacks); n != dnd5e.MaxAttacks {
		t.Errorf("%d attacks, want %d", n, dnd5e.MaxAttacks)
	}
	if a := im.Character.Attacks[dnd5e.MaxAttacks-1]; a.Name != "Dart 22" {
		t.Errorf("last attack %q, want Dart 22", a.Name)
	}
	n := 0
	for _, u := range im.Unmapped {
		if u.Reason == ReasonTooManyAttacks {
			n++
		}
	}
	if n != 8 { // 3 fixture weapons + 30 darts - 25
		t.Errorf("%d too-many reports, want 8", n)
	}
}

// TestNames: long names are cut to the sheet's limit; attack names stay unique.
func TestNames(t *testing.T) {
	long := strings.Repeat("é", 80)
	im := mustMutated(t, "fighter.json", func(d obj) {
		d["name"] = "  " + long + "  "
		inventory(d, 5)["definition"].(obj)["name"] = long
	})
	if n := utf8.RuneCountInString(im.Character.Name); n != dnd5e.MaxNameLen {
		t.Errorf("name has %d runes", n)
	}
	if err := im.Character.Validate(); err != nil {
		t.Error(err)
	}
	im = mustMutated(t, "fighter.json", func(d obj) { inventory(d, 5)["definition"].(obj)["name"] = "longsword" })
	if im.Character.Attacks[2].Name != "longsword 2" {
		t.Errorf("attacks %v", im.Character.Attacks)
	}
}

// TestSpeed: race speed, bonuses, armour restrictions, custom speed.
func TestSpeed(t *testing.T) {
	tests := []struct {
		name   string
		file   string
		change func(d obj)
		want   int
	}{
		{"race speed", "fighter.json", func(obj) {}, 25},
		{"no race speed: 30", "fighter.json", func(d obj) { delete(d, "race") }, 30},
		{"mobile feat", "fighter.json", func(d obj) { addMod(d, "feat", m("bonus", "speed", 10)) }, 35},
		{"innate walking speed set", "fighter.json", func(d obj) { addMod(d, "race", m("set", "innate-speed-walking", 30)) }, 30},
		{"heavy armour restriction: in chain mail", "fighter.json", func(d obj) {
			addMod(d, "feat", m("bonus", "speed", 10, "restriction", "while you aren’t wearing heavy armor"))
		}, 25},
		{"heavy armour restriction: without", "fighter.json", func(d obj) {
			inventory(d, 1)["equipped"] = false
			addMod(d, "feat", m("bonus", "speed", 10, "restriction", "while you aren't wearing heavy armor"))
		}, 35},
		{"other restrictions ignored", "fighter.json", func(d obj) { addMod(d, "feat", m("bonus", "speed", 10, "restriction", "while raging")) }, 25},
		{"custom walking speed", "fighter.json", func(d obj) {
			d["customSpeeds"] = list{obj{"movementId": 1, "distance": 40}, obj{"movementId": 4, "distance": 60}}
		}, 40},
		{"monk's own unarmored movement left to the rules", "monk.json", func(obj) {}, 35},
		{"barbarian's own fast movement left to the rules", "barbarian.json", func(obj) {}, 30},
		{"a fighter's class speed bonus counts", "fighter.json", func(d obj) { addMod(d, "class", m("bonus", "speed", 5, "componentId", 1101)) }, 30},
		{"unarmored movement of a second class, unarmoured", "wizard.json", func(d obj) { addMod(d, "class", m("bonus", "unarmored-movement", 10)) }, 40},
		{"unarmored movement in armour", "fighter.json", func(d obj) { addMod(d, "class", m("bonus", "unarmored-movement", 10)) }, 25},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := mustMutated(t, tt.file, tt.change).Character.Speed; got != tt.want {
				t.Errorf("speed = %d, want %d", got, tt.want)
			}
		})
	}
}

// TestDefences: damage types only, unrestricted, once each.
func TestDefences(t *testing.T) {
	c := mustMutated(t, "fighter.json", func(d obj) {
		addMod(d, "feat", m("resistance", "poison", nil))
		addMod(d, "feat", m("resistance", "fire", nil, "restriction", "while raging"))
		addMod(d, "feat", m("immunity", "poisoned", nil))
		addMod(d, "feat", m("immunity", "necrotic", nil))
		addMod(d, "feat", m("vulnerability", "cold", nil))
	}).Character
	check(t, "resist", c.Resist, []dnd5e.DamageType{"poison"})
	check(t, "immune", c.Immune, []dnd5e.DamageType{"necrotic"})
	check(t, "vuln", c.Vuln, []dnd5e.DamageType{"cold"})
}

// TestNotation: every damage notation the mapping can write parses, whatever
// the dice, flat part, bonus and type.
func TestNotation(t *testing.T) {
	for _, r := range []roll{{count: 1, faces: 8}, {count: 99, faces: 999}, {flat: 1}, {flat: 999}} {
		for _, bonus := range []int{-50, -1, 0, 1, 50} {
			for _, typ := range []dnd5e.DamageType{"fire", "", "sonic"} {
				n := r.notation(bonus, typ)
				if _, err := dice.Parse(n); err != nil {
					t.Errorf("%+v %+d %q: %q: %v", r, bonus, typ, n, err)
				}
			}
		}
	}
	if got := (roll{flat: 1}).notation(2, "piercing"); got != "3[piercing]" {
		t.Errorf("flat notation %q", got)
	}
}
