package ddb

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"rulekeeper/rules/dnd5e"
)

// sheet is the expected mapping of a fixture: every field issue 16 lists.
// The numbers are worked out by hand from the fixture (see the comments),
// not copied from Parse's output.
type sheet struct {
	file, name, race string
	id               int
	class            dnd5e.Class
	level            int
	subclass         dnd5e.Subclass
	classes          []ClassLevel
	scores           dnd5e.Scores
	saves            []dnd5e.Ability
	skills, expert   []dnd5e.Skill
	ac, maxHP, hp    int
	temp, speed      int
	hitDice          int
	attacks          []dnd5e.Attack
	weapons          []Weapon
	spellAbility     dnd5e.Ability
	slots            [9]dnd5e.SpellSlot
	spells           []Spell
	conditions       []dnd5e.Condition
	exhaustion       int
	deathSaves       dnd5e.DeathSaves
	state            dnd5e.State
	resist           []dnd5e.DamageType
	unmapped         []Unmapped
	// What D&D Beyond's sheet shows, worked out from the rules on the mapped sheet.
	toHit     map[string]int // attack name → attack bonus
	skillBon  map[dnd5e.Skill]int
	saveBon   map[dnd5e.Ability]int
	effSpeed  int // with the class features the rules add
	spellDC   int // 0 = no spellcasting
	profBonus int
}

func slotsOf(pairs ...int) [9]dnd5e.SpellSlot {
	var s [9]dnd5e.SpellSlot
	for i := 0; i+1 < len(pairs); i += 2 {
		s[i/2] = dnd5e.SpellSlot{Max: pairs[i], Used: pairs[i+1]}
	}
	return s
}

func sc(str, dex, con, in, wis, cha int) dnd5e.Scores {
	return dnd5e.Scores{Str: str, Dex: dex, Con: con, Int: in, Wis: wis, Cha: cha}
}

var fixtures = []sheet{
	{
		// Fighter 5 (champion), mountain dwarf. STR 15+2 race+1 ASI, CON 14+2+1.
		file: "fighter.json", name: "Brannoc Ironhand", race: "Mountain Dwarf", id: 90000001,
		class: "fighter", level: 5, subclass: "champion",
		classes: []ClassLevel{{Name: "Fighter", Class: "fighter", Level: 5, SubclassName: "Champion", Subclass: "champion", Starting: true, Mapped: true}},
		scores:  sc(18, 12, 17, 10, 12, 8),
		saves:   []dnd5e.Ability{dnd5e.Str, dnd5e.Con},
		skills:  []dnd5e.Skill{"athletics", "intimidation", "perception"},
		// Chain mail 16 + defense style 1 + shield 2.
		ac: 19,
		// Base 10 + 4×6 = 34, CON +3 × 5 = 15; 12 damage taken; the unequipped potion's +2 does not count.
		maxHP: 49, hp: 37, temp: 5, speed: 25, hitDice: 4,
		attacks: []dnd5e.Attack{
			{Name: "Longsword", Ability: dnd5e.Str, Proficient: true, Damage: "1d8[slashing]"},
			{Name: "Longbow", Ability: dnd5e.Dex, Proficient: true, Damage: "1d8[piercing]", Ranged: true, Range: dnd5e.WeaponRange{Normal: 150, Long: 600}},
			{Name: "Handaxe", Ability: dnd5e.Str, Proficient: true, Damage: "1d6[slashing]"},
		},
		weapons: []Weapon{{Attack: "Longsword", Versatile: "1d10"}, {Attack: "Longbow", Range: 150, LongRange: 600},
			{Attack: "Handaxe", Thrown: true, Range: 20, LongRange: 60}},
		state:    dnd5e.Conscious,
		resist:   []dnd5e.DamageType{"poison"},
		unmapped: []Unmapped{{Kind: KindRace, Name: "Mountain Dwarf", Reason: ReasonRaceTraits}},
		toHit:    map[string]int{"Longsword": 7, "Longbow": 4, "Handaxe": 7},
		skillBon: map[dnd5e.Skill]int{"athletics": 7, "perception": 4, "stealth": 1},
		saveBon:  map[dnd5e.Ability]int{dnd5e.Str: 7, dnd5e.Con: 6, dnd5e.Dex: 1},
		effSpeed: 25, profBonus: 3,
	},
	{
		// Rogue 4 (thief), lightfoot halfling, Alert. DEX 15+2, CHA 13+1.
		file: "rogue.json", name: "Pip Underbough", race: "Lightfoot Halfling", id: 90000002,
		class: "rogue", level: 4, subclass: "thief",
		classes: []ClassLevel{{Name: "Rogue", Class: "rogue", Level: 4, SubclassName: "Thief", Subclass: "thief", Starting: true, Mapped: true}},
		scores:  sc(8, 17, 14, 12, 10, 14),
		saves:   []dnd5e.Ability{dnd5e.Dex, dnd5e.Int},
		// Class, background, and insight made proficient by a sheet override.
		skills: []dnd5e.Skill{"acrobatics", "deception", "insight", "investigation", "perception", "sleight_of_hand", "stealth"},
		expert: []dnd5e.Skill{"sleight_of_hand", "stealth"},
		// Leather 11 + DEX 3 + cloak of protection 1 (the ring is not attuned).
		ac: 15,
		// Base 8 + 3×5 = 23, CON +2 × 4; all 31 taken: dying, one success, two failures.
		maxHP: 31, hp: 0, speed: 25, hitDice: 2,
		attacks: []dnd5e.Attack{
			{Name: "Rapier, +1", Ability: dnd5e.Dex, Proficient: true, Bonus: 1, Damage: "1d8[piercing]+1"},
			{Name: "Shortbow", Ability: dnd5e.Dex, Proficient: true, Damage: "1d6[piercing]", Ranged: true, Range: dnd5e.WeaponRange{Normal: 80, Long: 320}},
			{Name: "Dagger", Ability: dnd5e.Dex, Proficient: true, Damage: "1d4[piercing]"},
			{Name: "Dagger 2", Ability: dnd5e.Dex, Proficient: true, Damage: "1d4[piercing]"},
		},
		weapons: []Weapon{{Attack: "Rapier, +1", Magic: 1}, {Attack: "Shortbow", Range: 80, LongRange: 320},
			{Attack: "Dagger", Thrown: true, Range: 20, LongRange: 60}, {Attack: "Dagger 2", Thrown: true, Range: 20, LongRange: 60}},
		conditions: []dnd5e.Condition{dnd5e.Unconscious, dnd5e.Prone, dnd5e.Poisoned},
		deathSaves: dnd5e.DeathSaves{Successes: 1, Failures: 2},
		state:      dnd5e.Dying,
		unmapped: []Unmapped{
			{Kind: KindSkill, Name: "perception", Reason: ReasonOverride, Value: 1},
			{Kind: KindRace, Name: "Lightfoot Halfling", Reason: ReasonRaceTraits},
			{Kind: KindFeat, Name: "Alert", ID: 1301, Reason: ReasonFeat},
			{Kind: KindItem, Name: "Cloak of Protection", ID: 35, Reason: ReasonMagicItem},
		},
		toHit:    map[string]int{"Rapier, +1": 6, "Shortbow": 5, "Dagger": 5},
		skillBon: map[dnd5e.Skill]int{"stealth": 7, "sleight_of_hand": 7, "insight": 2, "perception": 2, "athletics": -1},
		saveBon:  map[dnd5e.Ability]int{dnd5e.Dex: 5, dnd5e.Int: 3, dnd5e.Wis: 0},
		effSpeed: 25, profBonus: 2,
	},
	{
		// Wizard 5 (evocation), high elf, Resilient (CON). DEX 14+2, INT 15+1, CON 14+1.
		file: "wizard.json", name: "Quillon Varr", race: "High Elf", id: 90000003,
		class: "wizard", level: 5, subclass: "evocation",
		classes: []ClassLevel{{Name: "Wizard", Class: "wizard", Level: 5, SubclassName: "School of Evocation", Subclass: "evocation", Starting: true, Mapped: true}},
		scores:  sc(8, 16, 15, 16, 12, 10),
		saves:   []dnd5e.Ability{dnd5e.Con, dnd5e.Int, dnd5e.Wis},
		skills:  []dnd5e.Skill{"arcana", "history", "investigation", "perception", "religion"},
		ac:      13, // 10 + DEX 3
		// Base 6 + 4×4 = 22, CON +2 × 5 = 10, max HP modifier +3.
		maxHP: 35, hp: 35, speed: 30, hitDice: 5,
		attacks: []dnd5e.Attack{{Name: "Quarterstaff", Ability: dnd5e.Str, Proficient: true, Damage: "1d6[bludgeoning]"}},
		weapons: []Weapon{{Attack: "Quarterstaff", Versatile: "1d8"}},
		// Wizard 5: 4/3/2, two 1st and one 3rd used.
		spellAbility: dnd5e.Int, slots: slotsOf(4, 2, 3, 0, 2, 1),
		spells: []Spell{
			{ID: "fire_bolt", Level: 0, Prepared: true, Class: "wizard", Source: "class"},
			{ID: "mage_hand", Level: 0, Prepared: true, Class: "wizard", Source: "class"},
			{ID: "prestidigitation", Level: 0, Prepared: true, Class: "wizard", Source: "class"},
			{ID: "magic_missile", Level: 1, Prepared: true, Class: "wizard", Source: "class"},
			{ID: "shield", Level: 1, Prepared: true, Class: "wizard", Source: "class"},
			{ID: "mage_armor", Level: 1, Prepared: true, Class: "wizard", Source: "class"},
			{ID: "detect_magic", Level: 1, Class: "wizard", Source: "class"},
			{ID: "find_familiar", Level: 1, Class: "wizard", Source: "class"},
			{ID: "misty_step", Level: 2, Prepared: true, Class: "wizard", Source: "class"},
			{ID: "scorching_ray", Level: 2, Prepared: true, Class: "wizard", Source: "class"},
			{ID: "fireball", Level: 3, Prepared: true, Class: "wizard", Source: "class"},
			{ID: "counterspell", Level: 3, Prepared: true, Class: "wizard", Source: "class"},
			{ID: "light", Level: 0, Prepared: true, Source: "race"},
		},
		exhaustion: 1,
		state:      dnd5e.Conscious,
		unmapped: []Unmapped{
			{Kind: KindSpell, Name: "Booming Blade", ID: 2005, Reason: ReasonSpellNotSRD},
			{Kind: KindSpell, Name: "Tiny Servant", ID: 2015, Reason: ReasonSpellNotSRD, Level: 3},
			{Kind: KindRace, Name: "High Elf", Reason: ReasonRaceTraits},
			{Kind: KindFeat, Name: "Resilient", ID: 1405, Reason: ReasonFeat},
		},
		toHit:    map[string]int{"Quarterstaff": 2},
		skillBon: map[dnd5e.Skill]int{"arcana": 6, "perception": 4, "stealth": 3},
		saveBon:  map[dnd5e.Ability]int{dnd5e.Con: 5, dnd5e.Int: 6, dnd5e.Wis: 4, dnd5e.Dex: 3},
		effSpeed: 30, spellDC: 14, profBonus: 3,
	},
	{
		// Paladin 2 (starting) / warlock 3 (fiend), variant human, War Caster. STR 15+1, CHA 15+1.
		// The sheet is the warlock (higher level); the paladin is reported.
		file: "paladin_warlock.json", name: "Seraphine Ashvale", race: "Variant Human", id: 90000004,
		class: "warlock", level: 3, subclass: "fiend",
		classes: []ClassLevel{
			{Name: "Paladin", Class: "paladin", Level: 2, Starting: true},
			{Name: "Warlock", Class: "warlock", Level: 3, SubclassName: "The Fiend", Subclass: "fiend", Mapped: true},
		},
		scores: sc(16, 10, 14, 8, 12, 16),
		// The paladin's saves and skills (starting class); the warlock's arcana is not available to multiclassing.
		saves:  []dnd5e.Ability{dnd5e.Wis, dnd5e.Cha},
		skills: []dnd5e.Skill{"athletics", "history", "insight", "persuasion", "religion"},
		ac:     18, // chain mail 16 + shield 2
		// Base 10 + 6 + 3×5 = 31, CON +2 × 5 (total level); dark one's blessing temp HP 6.
		maxHP: 41, hp: 36, temp: 6, speed: 30, hitDice: 2,
		attacks: []dnd5e.Attack{
			{Name: "Longsword", Ability: dnd5e.Str, Proficient: true, Damage: "1d8[slashing]"},
			{Name: "Javelin", Ability: dnd5e.Str, Proficient: true, Damage: "1d6[piercing]"},
		},
		weapons: []Weapon{{Attack: "Longsword", Versatile: "1d10"}, {Attack: "Javelin", Thrown: true, Range: 30, LongRange: 120}},
		// Paladin 2 alone: two 1st-level slots; warlock 3: two 2nd-level pact slots; one of each used.
		spellAbility: dnd5e.Cha, slots: slotsOf(2, 1, 2, 1),
		spells: []Spell{
			{ID: "bless", Level: 1, Prepared: true, Class: "paladin", Source: "class"},
			{ID: "cure_wounds", Level: 1, Prepared: true, Class: "paladin", Source: "class"},
			{ID: "shield_of_faith", Level: 1, Class: "paladin", Source: "class"},
			{ID: "divine_favor", Level: 1, Class: "paladin", Source: "class"},
			{ID: "eldritch_blast", Level: 0, Prepared: true, Class: "warlock", Source: "class"},
			{ID: "hellish_rebuke", Level: 1, Prepared: true, Class: "warlock", Source: "class"},
			{ID: "misty_step", Level: 2, Prepared: true, Class: "warlock", Source: "class"},
			{ID: "burning_hands", Level: 1, Prepared: true, Class: "warlock", Source: "class"},
		},
		state: dnd5e.Conscious,
		unmapped: []Unmapped{
			{Kind: KindClass, Name: "Paladin", ID: 7, Reason: ReasonSecondClass, Level: 2},
			{Kind: KindLevel, Reason: ReasonProficiency, Level: 5, Value: 1},
			{Kind: KindSpell, Name: "Green-Flame Blade", ID: 3006, Reason: ReasonSpellNotSRD},
			{Kind: KindSpell, Name: "Hex", ID: 3007, Reason: ReasonSpellNotSRD, Level: 1},
			{Kind: KindRace, Name: "Variant Human", Reason: ReasonRaceTraits},
			{Kind: KindFeat, Name: "War Caster", ID: 1701, Reason: ReasonFeat},
		},
		toHit:    map[string]int{"Longsword": 5, "Javelin": 5},
		skillBon: map[dnd5e.Skill]int{"athletics": 5, "persuasion": 5, "arcana": -1},
		saveBon:  map[dnd5e.Ability]int{dnd5e.Wis: 3, dnd5e.Cha: 5, dnd5e.Str: 3},
		effSpeed: 30, spellDC: 13, profBonus: 2,
	},
	{
		// Monk 6 (open hand), wood elf. DEX 15+2+1 ASI, WIS 14+1+1 ASI.
		file: "monk.json", name: "Kestrel Dawnmantle", race: "Wood Elf", id: 90000005,
		class: "monk", level: 6, subclass: "open_hand",
		classes: []ClassLevel{{Name: "Monk", Class: "monk", Level: 6, SubclassName: "Way of the Open Hand", Subclass: "open_hand", Starting: true, Mapped: true}},
		scores:  sc(10, 18, 13, 10, 16, 8),
		saves:   []dnd5e.Ability{dnd5e.Str, dnd5e.Dex},
		skills:  []dnd5e.Skill{"acrobatics", "insight", "medicine", "perception", "religion"},
		ac:      17, // unarmored defense 10 + DEX 4 + WIS 3 (the shield is not equipped)
		// Base 8 + 5×5 = 33, CON +1 × 6; 9 taken.
		maxHP: 39, hp: 30, speed: 35, hitDice: 4,
		// Monk weapons with DEX and the martial arts d6; darts are ranged.
		attacks: []dnd5e.Attack{
			{Name: "Shortsword", Ability: dnd5e.Dex, Proficient: true, Damage: "1d6[piercing]"},
			{Name: "Quarterstaff", Ability: dnd5e.Dex, Proficient: true, Damage: "1d6[bludgeoning]"},
			{Name: "Dart", Ability: dnd5e.Dex, Proficient: true, Damage: "1d4[piercing]", Ranged: true, Range: dnd5e.WeaponRange{Normal: 20, Long: 60}},
			{Name: "Unarmed Strike", Ability: dnd5e.Dex, Proficient: true, Damage: "1d6[bludgeoning]"},
		},
		weapons:    []Weapon{{Attack: "Shortsword"}, {Attack: "Quarterstaff", Versatile: "1d8"}, {Attack: "Dart", Range: 20, LongRange: 60}},
		conditions: []dnd5e.Condition{dnd5e.Frightened},
		state:      dnd5e.Conscious,
		unmapped: []Unmapped{
			{Kind: KindAttack, Name: "Deflect Missiles Throw", Reason: ReasonCustomAction},
			{Kind: KindRace, Name: "Wood Elf", Reason: ReasonRaceTraits},
			{Kind: KindItem, Name: "Periapt of Wound Closure", ID: 54, Reason: ReasonMagicItem},
		},
		toHit:    map[string]int{"Shortsword": 7, "Unarmed Strike": 7, "Dart": 7},
		skillBon: map[dnd5e.Skill]int{"acrobatics": 7, "insight": 6, "stealth": 4},
		saveBon:  map[dnd5e.Ability]int{dnd5e.Str: 3, dnd5e.Dex: 7, dnd5e.Wis: 3},
		// Wood elf 35 + unarmored movement 15 at 6th level, added by the rules, not stored.
		effSpeed: 50, profBonus: 3,
	},
	{
		// Barbarian 5 (berserker), half-orc, the bare data object. STR 15+2+2 ASI, CON 14+1 set to 19 by the amulet.
		file: "barbarian.json", name: "Grusha Two-Axes", race: "Half-Orc", id: 90000006,
		class: "barbarian", level: 5, subclass: "berserker",
		classes: []ClassLevel{{Name: "Barbarian", Class: "barbarian", Level: 5, SubclassName: "Path of the Berserker", Subclass: "berserker", Starting: true, Mapped: true}},
		scores:  sc(19, 14, 19, 8, 12, 10),
		saves:   []dnd5e.Ability{dnd5e.Str, dnd5e.Con},
		skills:  []dnd5e.Skill{"athletics", "intimidation", "nature", "survival"},
		ac:      18, // unarmored defense 10 + DEX 2 + CON 4, shield 2
		// Base 40, CON +4 × 5.
		maxHP: 60, hp: 60, speed: 30, hitDice: 5,
		attacks: []dnd5e.Attack{
			{Name: "Greataxe", Ability: dnd5e.Str, Proficient: true, Damage: "1d12[slashing]"},
			{Name: "Handaxe", Ability: dnd5e.Str, Proficient: true, Damage: "1d6[slashing]"},
		},
		weapons: []Weapon{{Attack: "Greataxe"}, {Attack: "Handaxe", Thrown: true, Range: 20, LongRange: 60}},
		state:   dnd5e.Conscious,
		unmapped: []Unmapped{
			{Kind: KindRace, Name: "Half-Orc", Reason: ReasonRaceTraits},
			{Kind: KindItem, Name: "Amulet of Health", ID: 61, Reason: ReasonMagicItem},
			{Kind: KindItem, Name: "Grusha's Lucky Tooth", ID: 62, Reason: ReasonHomebrew},
		},
		toHit:    map[string]int{"Greataxe": 7, "Handaxe": 7},
		skillBon: map[dnd5e.Skill]int{"athletics": 7, "intimidation": 3},
		saveBon:  map[dnd5e.Ability]int{dnd5e.Str: 7, dnd5e.Con: 7},
		// 30 + fast movement 10, added by the rules.
		effSpeed: 40, profBonus: 3,
	},
}

func parseFile(t testing.TB, file string) *Import {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	im, err := Parse(data)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return im
}

func check(t *testing.T, field string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got  %#v\n want %#v", field, got, want)
	}
}

// TestFixtures maps every fixture and checks the sheet field by field (issue 16).
func TestFixtures(t *testing.T) {
	for _, w := range fixtures {
		t.Run(w.file, func(t *testing.T) {
			im := parseFile(t, w.file)
			c := im.Character
			check(t, "id", im.ID, w.id)
			check(t, "race", im.Race, w.race)
			check(t, "classes", im.Classes, w.classes)
			check(t, "name", c.Name, w.name)
			check(t, "class", c.Class, w.class)
			check(t, "level", c.Level, w.level)
			check(t, "subclass", c.Subclass, w.subclass)
			check(t, "scores", c.Scores, w.scores)
			check(t, "saves", c.Saves, w.saves)
			check(t, "skills", c.Skills, w.skills)
			check(t, "expertise", c.Expertise, w.expert)
			check(t, "ac", c.AC, w.ac)
			check(t, "max hp", c.MaxHP, w.maxHP)
			check(t, "hp", c.HP, w.hp)
			check(t, "temp hp", c.TempHP, w.temp)
			check(t, "speed", c.Speed, w.speed)
			check(t, "hit dice", c.HitDice, w.hitDice)
			check(t, "attacks", c.Attacks, w.attacks)
			check(t, "weapons", im.Weapons, w.weapons)
			check(t, "spell ability", c.SpellAbility, w.spellAbility)
			check(t, "spell slots", c.SpellSlots, w.slots)
			check(t, "spells", im.Spells, w.spells)
			var conds []dnd5e.Condition
			for _, ac := range c.Conditions {
				conds = append(conds, ac.ID)
			}
			check(t, "conditions", conds, w.conditions)
			check(t, "exhaustion", c.Exhaustion, w.exhaustion)
			check(t, "death saves", c.DeathSaves, w.deathSaves)
			check(t, "state", c.State, w.state)
			check(t, "resist", c.Resist, w.resist)
			check(t, "unmapped", im.Unmapped, w.unmapped)
			if err := c.Validate(); err != nil {
				t.Errorf("Validate: %v", err)
			}
			checkDerived(t, c, w)
		})
	}
}

// checkDerived compares the numbers D&D Beyond's sheet shows with what the rules make of the mapped sheet.
func checkDerived(t *testing.T, c *dnd5e.Character, w sheet) {
	t.Helper()
	check(t, "proficiency bonus", c.Proficiency(), w.profBonus)
	for name, want := range w.toHit {
		a, err := c.FindAttack(name)
		if err != nil {
			t.Errorf("attack %s: %v", name, err)
			continue
		}
		got := c.Mod(a.Ability) + a.Bonus
		if a.Proficient {
			got += c.Proficiency()
		}
		check(t, "to-hit of "+name, got, want)
	}
	for s, want := range w.skillBon {
		check(t, "skill "+string(s), c.SkillBonus(s), want)
	}
	for a, want := range w.saveBon {
		check(t, "save "+string(a), c.SaveBonus(a), want)
	}
	speed, _ := c.EffectiveSpeed()
	check(t, "effective speed", speed, w.effSpeed)
	dc, err := c.SpellSaveDC()
	if err != nil {
		dc = 0
	}
	check(t, "spell save DC", dc, w.spellDC)
}

// TestEnvelopeOrBare: the service's envelope and the bare data object map alike.
func TestEnvelopeOrBare(t *testing.T) {
	for _, file := range []string{"fighter.json", "barbarian.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		env, bare := rewrap(t, data)
		a, err := Parse(env)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Parse(bare)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: envelope and bare data differ", file)
		}
	}
}
