package dnd5e

import (
	"errors"
	"slices"
	"sort"
	"strings"
	"testing"

	"rulekeeper/rules/dice"
)

// counting wraps a roller and counts the dice it hands out.
type counting struct {
	r dice.Roller
	n int
}

func (c *counting) Roll(lo, hi int) (int, error) { c.n++; return c.r.Roll(lo, hi) }

func faces(f ...int) *counting { return &counting{r: dice.NewScripted(f)} }

// caster makes a level-n character of class with 16 in its casting ability
// (and 14 CON), its class slots filled.
func caster(t *testing.T, class Class, level int) *Character {
	t.Helper()
	sc := Scores{Str: 10, Dex: 12, Con: 14, Int: 10, Wis: 10, Cha: 10}
	if info, _ := class.Info(); info.Spellcasting != "" {
		sc.Set(info.Spellcasting, 16)
	}
	c, err := New("Caster", class, level, sc)
	if err != nil {
		t.Fatal(err)
	}
	c.FillSpellSlots()
	return c
}

func spell(t *testing.T, id string) Spell {
	t.Helper()
	s, ok := LookupSpell(id)
	if !ok {
		t.Fatalf("no spell %s", id)
	}
	return s
}

func mustCode(t *testing.T, err error, code string) {
	t.Helper()
	if !errors.Is(err, &Error{Code: code}) {
		t.Fatalf("error %v, want %s", err, code)
	}
}

func TestSpellTable(t *testing.T) {
	if len(spellTable) != 319 {
		t.Errorf("%d spells, want the 319 of SRD 5.1", len(spellTable))
	}
	seen := map[string]bool{}
	for i, s := range spellTable {
		if seen[s.ID] {
			t.Errorf("%s: duplicate id", s.ID)
		}
		seen[s.ID] = true
		if SpellID(s.Name) != s.ID {
			t.Errorf("%s: id is not the snake_case of %q (%q)", s.ID, s.Name, SpellID(s.Name))
		}
		if i > 0 {
			p := spellTable[i-1]
			if p.Level > s.Level || (p.Level == s.Level && p.ID > s.ID) {
				t.Errorf("%s: out of order after %s", s.ID, p.ID)
			}
		}
		if s.Level < 0 || s.Level > 9 {
			t.Errorf("%s: level %d", s.ID, s.Level)
		}
		if s.School.Key() == "" {
			t.Errorf("%s: school %q", s.ID, s.School)
		}
		if len(s.Classes) == 0 || !sort.SliceIsSorted(s.Classes, func(a, b int) bool { return s.Classes[a] < s.Classes[b] }) {
			t.Errorf("%s: classes %v (want some, sorted)", s.ID, s.Classes)
		}
		for _, c := range s.Classes {
			if info, ok := c.Info(); !ok || info.Spellcasting == "" {
				t.Errorf("%s: class %q casts no spells", s.ID, c)
			}
		}
		if s.Components == "" || strings.Trim(s.Components, "VSM") != "" {
			t.Errorf("%s: components %q", s.ID, s.Components)
		}
		if s.Range.Kind.Key() == "" || (s.Range.Dist > 0) != (s.Range.Kind == RangeFeet || s.Range.Kind == RangeMiles) {
			t.Errorf("%s: range %+v", s.ID, s.Range)
		}
		if s.Attack != "" && s.Attack.Key() == "" {
			t.Errorf("%s: attack %q", s.ID, s.Attack)
		}
		if (s.Save == "") != (s.OnSave == "") || (s.Save != "" && (!s.Save.Valid() || s.OnSave.Key() == "")) {
			t.Errorf("%s: save %q %q", s.ID, s.Save, s.OnSave)
		}
		rolls := 0
		for _, n := range []string{s.Damage, s.Heal, s.Pool} {
			if n != "" {
				rolls++
			}
		}
		if rolls > 1 || (rolls == 0 && (s.Upcast != "" || s.AddMod || s.Instances > 0 || s.Rider)) {
			t.Errorf("%s: damage %q heal %q pool %q with upcast %q", s.ID, s.Damage, s.Heal, s.Pool, s.Upcast)
		}
		if (s.Heal != "") != (s.HealKind != "") {
			t.Errorf("%s: heal %q of kind %q", s.ID, s.Heal, s.HealKind)
		}
		if s.Cantrip() && (s.Upcast != "" || s.Ritual) {
			t.Errorf("%s: a cantrip with upcast %q or ritual", s.ID, s.Upcast)
		}
		if s.Ritual && s.Concentration && s.Level > 1 {
			// fine (detect magic, silence…); nothing to check
		}
		for _, term := range parseTerms(s.Damage) {
			if term.label != "" && !DamageType(term.label).Valid() {
				t.Errorf("%s: damage type %q", s.ID, term.label)
			}
		}
		if s.Area != (SpellArea{}) && (s.Area.Shape.Key() == "" || s.Area.Size <= 0) {
			t.Errorf("%s: area %+v", s.ID, s.Area)
		}
		// Every notation it can roll parses and renders back the same.
		for lvl := s.Level; lvl <= 9; lvl++ {
			for _, cl := range []int{1, 5, 11, 17} {
				d := s.ScaledDice(lvl, cl, -1)
				for _, n := range []string{d.Damage, d.Heal, d.Pool, s.Upcast} {
					if n == "" {
						continue
					}
					if _, err := dice.Parse(n); err != nil {
						t.Errorf("%s at %d: %q: %v", s.ID, lvl, n, err)
					}
					if parseTerms(n).String() != n {
						t.Errorf("%s: %q renders as %q", s.ID, n, parseTerms(n).String())
					}
				}
			}
		}
	}
	// Spells() hands out copies.
	all := Spells()
	all[0].Classes[0] = "fighter"
	if spellTable[0].Classes[0] == "fighter" {
		t.Error("Spells shares the table's class lists")
	}
	if n := len(ClassSpells("wizard", 3)); n == 0 {
		t.Error("no 3rd-level wizard spells")
	}
	if len(ClassSpells("fighter", -1)) != 0 {
		t.Error("fighters have spells")
	}
}

func TestParseSpell(t *testing.T) {
	for in, want := range map[string]string{
		"Fireball": "fireball", "  MAGIC MISSILE ": "magic_missile", "magic-missile": "magic_missile",
		"Hunter's Mark": "hunters_mark", "hunter’s mark": "hunters_mark", "spell.cure_wounds": "cure_wounds",
		"Blindness/Deafness": "blindness_deafness", "heroes' feast": "heroes_feast", "Power  Word   Kill": "power_word_kill",
	} {
		s, err := ParseSpell(in)
		if err != nil || s.ID != want {
			t.Errorf("ParseSpell(%q) = %q, %v; want %q", in, s.ID, err, want)
		}
	}
	_, err := ParseSpell("Chromatic Orb") // not SRD 5.1
	mustCode(t, err, ErrUnknownSpell)
	if e := err.(*Error); e.Args["Spell"] != "Chromatic Orb" {
		t.Errorf("args %v", e.Args)
	}
	if s := spell(t, "fireball"); s.Key() != "spell.fireball" || s.IdentifyDC() != 18 || !s.Perceptible(false) || s.Perceptible(true) {
		t.Errorf("fireball: key %s, identify DC %d", s.Key(), s.IdentifyDC())
	}
}

func TestScaledDice(t *testing.T) {
	for _, tc := range []struct {
		spell            string
		slot, level, mod int
		damage, heal     string
		pool             string
		instances        int
	}{
		{spell: "fireball", slot: 3, damage: "8d6[fire]"},
		{spell: "fireball", slot: 5, damage: "10d6[fire]"},
		{spell: "fireball", slot: 1, damage: "8d6[fire]"}, // below its level: its level
		{spell: "magic_missile", slot: 1, damage: "1d4[force]+1", instances: 3},
		{spell: "magic_missile", slot: 4, damage: "1d4[force]+1", instances: 6},
		{spell: "scorching_ray", slot: 3, damage: "2d6[fire]", instances: 4},
		{spell: "cure_wounds", slot: 1, mod: 3, heal: "1d8+3"},
		{spell: "cure_wounds", slot: 3, mod: 3, heal: "3d8+3"},
		{spell: "cure_wounds", slot: 2, mod: -1, heal: "2d8-1"},
		{spell: "healing_word", slot: 2, mod: 4, heal: "2d4+4"},
		{spell: "fire_bolt", level: 1, damage: "1d10[fire]"},
		{spell: "fire_bolt", level: 4, damage: "1d10[fire]"},
		{spell: "fire_bolt", level: 5, damage: "2d10[fire]"},
		{spell: "fire_bolt", level: 11, damage: "3d10[fire]"},
		{spell: "fire_bolt", level: 17, damage: "4d10[fire]"},
		{spell: "eldritch_blast", level: 11, damage: "1d10[force]", instances: 3},
		{spell: "spiritual_weapon", slot: 2, mod: 3, damage: "1d8[force]+3"},
		{spell: "spiritual_weapon", slot: 3, mod: 3, damage: "1d8[force]+3"},
		{spell: "spiritual_weapon", slot: 4, mod: 3, damage: "2d8[force]+3"},
		{spell: "flame_blade", slot: 6, damage: "5d6[fire]"},
		{spell: "flame_strike", slot: 6, damage: "5d6[fire]+4d6[radiant]"},
		{spell: "ice_storm", slot: 5, damage: "3d8[bludgeoning]+4d6[cold]"},
		{spell: "disintegrate", slot: 7, damage: "13d6[force]+40"},
		{spell: "circle_of_death", slot: 7, damage: "10d6[necrotic]"},
		{spell: "guardian_of_faith", slot: 4, damage: "20[radiant]"},
		{spell: "heal", slot: 7, heal: "80"},
		{spell: "branding_smite", slot: 4, damage: "4d6[radiant]"},
		{spell: "false_life", slot: 2, heal: "1d4+9"},
		{spell: "sleep", slot: 2, pool: "7d8"},
		{spell: "color_spray", slot: 3, pool: "10d10"},
		{spell: "chain_lightning", slot: 8, damage: "10d8[lightning]"},
	} {
		d := spell(t, tc.spell).ScaledDice(tc.slot, tc.level, tc.mod)
		if d.Damage != tc.damage || d.Heal != tc.heal || d.Pool != tc.pool || d.Instances != tc.instances {
			t.Errorf("%s slot %d level %d: %+v", tc.spell, tc.slot, tc.level, d)
		}
	}
	for l, want := range map[int]int{1: 1, 4: 1, 5: 2, 10: 2, 11: 3, 16: 3, 17: 4, 20: 4} {
		if got := CantripTier(l); got != want {
			t.Errorf("tier at %d = %d, want %d", l, got, want)
		}
	}
}

func TestSlotsFor(t *testing.T) {
	for _, tc := range []struct {
		class Class
		level int
		want  [9]int
	}{
		{"wizard", 1, [9]int{2}},
		{"wizard", 5, [9]int{4, 3, 2}},
		{"cleric", 20, [9]int{4, 3, 3, 3, 3, 2, 2, 1, 1}},
		{"paladin", 1, [9]int{}},
		{"paladin", 2, [9]int{2}},
		{"ranger", 9, [9]int{4, 3, 2}},
		{"warlock", 1, [9]int{1}},
		{"warlock", 2, [9]int{2}},
		{"warlock", 3, [9]int{0, 2}},
		{"warlock", 5, [9]int{0, 0, 2}},
		{"warlock", 10, [9]int{0, 0, 0, 0, 2}},
		{"warlock", 11, [9]int{0, 0, 0, 0, 3}},
		{"warlock", 17, [9]int{0, 0, 0, 0, 4}},
		{"fighter", 20, [9]int{}},
		{"nope", 3, [9]int{}},
	} {
		if got := SlotsFor(tc.class, tc.level); got != tc.want {
			t.Errorf("%s %d: %v, want %v", tc.class, tc.level, got, tc.want)
		}
	}
	c := caster(t, "wizard", 3)
	c.SpellSlots[0].Used = 4
	c.SpellSlots[1].Used = 1
	c.Level, c.HitDice = 1, 1
	c.FillSpellSlots()
	if c.SpellSlots[0] != (SpellSlot{Max: 2, Used: 2}) || c.SpellSlots[1] != (SpellSlot{}) {
		t.Errorf("refilled at level 1: %v", c.SpellSlots)
	}
	if err := c.Validate(); err != nil {
		t.Error(err)
	}
}

// fireballTargets: a goblin that fails (5+1 < 14), one that saves (15+1),
// a fire-resistant one that saves (13+1), and a paralyzed one (fails DEX
// with no roll).
func fireballTargets() []SpellTarget {
	return []SpellTarget{
		{Target: Target{Name: "A", AC: 15}, SaveMod: 1},
		{Target: Target{Name: "B", AC: 15}, SaveMod: 1},
		{Target: Target{Name: "C", AC: 15, Resist: []DamageType{"fire"}}, SaveMod: 1},
		{Target: Target{Name: "D", AC: 15, Conditions: []Condition{Paralyzed}}, SaveMod: 1},
	}
}

func TestCastFireball(t *testing.T) {
	for _, tc := range []struct {
		name       string
		level      int // wizard level
		slot       int
		faces      []int
		notation   string
		rolled     int
		totals     []int
		slotsLeft  int
		slotUsed   int
		damageDice int
	}{
		// Wizard 5, INT 16: DC 8 + 3 + 3 = 14. 8d6 = 32.
		{name: "3rd level", level: 5, slot: 3, faces: []int{5, 15, 13, 6, 5, 4, 3, 2, 1, 6, 5},
			notation: "8d6[fire]", rolled: 32, totals: []int{32, 16, 8, 32}, slotsLeft: 1, slotUsed: 3},
		// Wizard 9: DC 8 + 3 + 4 = 15; 10d6 of 3s = 30.
		{name: "5th level", level: 9, slot: 5, faces: []int{5, 15, 14, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3},
			notation: "10d6[fire]", rolled: 30, totals: []int{30, 15, 7, 30}, slotsLeft: 0, slotUsed: 5},
		// Slot 0: the lowest with one left (3rd).
		{name: "auto slot", level: 9, slot: 0, faces: []int{5, 15, 14, 1, 1, 1, 1, 1, 1, 1, 1},
			notation: "8d6[fire]", rolled: 8, totals: []int{8, 4, 2, 8}, slotsLeft: 2, slotUsed: 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := caster(t, "wizard", tc.level)
			r := faces(tc.faces...)
			res, err := c.Cast(spell(t, "fireball"), tc.slot, fireballTargets(), r, CastOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if r.n != len(tc.faces) {
				t.Errorf("rolled %d dice, want %d", r.n, len(tc.faces))
			}
			if res.Dice.Damage != tc.notation || res.DamageRoll == nil || res.DamageRoll.Total != tc.rolled {
				t.Errorf("damage %q rolled %v, want %q = %d", res.Dice.Damage, res.DamageRoll, tc.notation, tc.rolled)
			}
			if res.SlotLevel != tc.slotUsed || res.SlotsLeft != tc.slotsLeft || c.SlotsLeft(tc.slotUsed) != tc.slotsLeft {
				t.Errorf("slot %d left %d, want %d left %d", res.SlotLevel, res.SlotsLeft, tc.slotUsed, tc.slotsLeft)
			}
			wantDC := 8 + 3 + c.Proficiency()
			if res.DC != wantDC || res.ToHit != 0 {
				t.Errorf("DC %d to hit %d, want DC %d", res.DC, res.ToHit, wantDC)
			}
			for i, ct := range res.Targets {
				if ct.Total != tc.totals[i] {
					t.Errorf("%s took %d, want %d", ct.Name, ct.Total, tc.totals[i])
				}
			}
			a, b, cc, d := res.Targets[0], res.Targets[1], res.Targets[2], res.Targets[3]
			if a.Saved || a.Halved || !b.Saved || !b.Halved || !cc.Halved || !cc.Damage.Parts[0].Resisted {
				t.Errorf("saves: %+v %+v %+v", a, b, cc)
			}
			if d.Save == nil || !d.Save.AutoFail || d.Saved {
				t.Errorf("paralyzed target's save %+v", d.Save)
			}
			if a.Save.Notation != "1d20+1" || a.Save.DC != wantDC || a.Save.Ability != Dex {
				t.Errorf("save %+v", a.Save)
			}
		})
	}
}

func TestCastSaveEffects(t *testing.T) {
	// Vulnerable and saved: halved first, then doubled: 7 → 3 → 6.
	c := caster(t, "wizard", 1)
	res, err := c.Cast(spell(t, "burning_hands"), 1, []SpellTarget{
		{Target: Target{Name: "V", Vuln: []DamageType{"fire"}}, SaveMod: 0},
		{Target: Target{Name: "I", Immune: []DamageType{"fire"}}, SaveMod: 0},
	}, faces(20, 1, 1, 2, 4), CastOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if v := res.Targets[0]; !v.Saved || v.Total != 6 || !v.Damage.Parts[0].Vulnerable {
		t.Errorf("vulnerable saver: %+v", v.Damage)
	}
	if i := res.Targets[1]; i.Saved || i.Total != 0 || !i.Damage.Parts[0].Immune {
		t.Errorf("immune: %+v", i.Damage)
	}
	// Save avoids it (sacred flame): a success takes nothing, and no damage is rolled when all succeed.
	cl := caster(t, "cleric", 1)
	r := faces(20)
	res, err = cl.Cast(spell(t, "sacred_flame"), 0, []SpellTarget{{Target: Target{Name: "X"}}}, r, CastOptions{})
	if err != nil || !res.Targets[0].Saved || res.Targets[0].Damage != nil || res.DamageRoll != nil || r.n != 1 {
		t.Errorf("saved sacred flame: %+v %v (%d dice)", res, err, r.n)
	}
	// Heat metal (the save decides another effect): damage even on a success.
	bard := caster(t, "bard", 3)
	res, err = bard.Cast(spell(t, "heat_metal"), 2, []SpellTarget{{Target: Target{Name: "K"}, SaveMod: 10}}, faces(15, 3, 4), CastOptions{})
	if err != nil || !res.Targets[0].Saved || res.Targets[0].Total != 7 {
		t.Errorf("heat metal: %+v %v", res.Targets, err)
	}
}

func TestCastMagicMissile(t *testing.T) {
	goblin := Target{Name: "goblin", AC: 15}
	orc := Target{Name: "orc", AC: 13}
	for _, tc := range []struct {
		name    string
		level   int
		slot    int
		targets []SpellTarget
		faces   []int
		totals  []int
		darts   []int
		notes   []string
	}{
		{name: "3 darts", level: 1, slot: 1, targets: []SpellTarget{{Target: goblin}}, faces: []int{1, 2, 3},
			totals: []int{9}, darts: []int{3}, notes: []string{"3d4[force]+3"}},
		{name: "4 darts at 2nd", level: 3, slot: 2, targets: []SpellTarget{{Target: goblin}}, faces: []int{4, 4, 4, 4},
			totals: []int{20}, darts: []int{4}, notes: []string{"4d4[force]+4"}},
		{name: "shared out", level: 1, slot: 1, targets: []SpellTarget{{Target: goblin}, {Target: orc}}, faces: []int{1, 1, 4},
			totals: []int{4, 5}, darts: []int{2, 1}, notes: []string{"2d4[force]+2", "1d4[force]+1"}},
		{name: "aimed", level: 1, slot: 1, targets: []SpellTarget{{Target: goblin}, {Target: orc, Instances: 3}}, faces: []int{2, 2, 2},
			totals: []int{0, 9}, darts: []int{0, 3}, notes: []string{"", "3d4[force]+3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := caster(t, "wizard", tc.level)
			r := faces(tc.faces...)
			res, err := c.Cast(spell(t, "magic_missile"), tc.slot, tc.targets, r, CastOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if r.n != len(tc.faces) {
				t.Errorf("%d dice, want %d", r.n, len(tc.faces))
			}
			for i, ct := range res.Targets {
				note := ""
				if ct.Damage != nil {
					note = ct.Damage.Notation
				}
				if ct.Total != tc.totals[i] || ct.Instances != tc.darts[i] || !strings.EqualFold(strings.ReplaceAll(note, "1d", "d"), strings.ReplaceAll(tc.notes[i], "1d", "d")) {
					t.Errorf("%s: %d darts %q = %d; want %d %q = %d", ct.Name, ct.Instances, note, ct.Total, tc.darts[i], tc.notes[i], tc.totals[i])
				}
			}
		})
	}
	c := caster(t, "wizard", 1)
	_, err := c.Cast(spell(t, "magic_missile"), 1, []SpellTarget{{Target: goblin, Instances: 2}}, faces(), CastOptions{})
	mustCode(t, err, ErrBadInstances)
	if c.SlotsLeft(1) != 2 {
		t.Error("a refused cast spent a slot")
	}
}

func TestCastHealing(t *testing.T) {
	// Cleric, WIS 16: +3.
	for _, tc := range []struct {
		level, slot int
		faces       []int
		heal        string
		amount      int
	}{
		{1, 1, []int{5}, "1d8+3", 8},
		{3, 2, []int{4, 4}, "2d8+3", 11},
	} {
		c := caster(t, "cleric", tc.level)
		ally := SheetTarget(caster(t, "fighter", 1), spell(t, "cure_wounds"))
		res, err := c.Cast(spell(t, "cure_wounds"), tc.slot, []SpellTarget{ally}, faces(tc.faces...), CastOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Dice.Heal != tc.heal || res.Targets[0].Heal != tc.amount || res.Targets[0].HealKind != HealHP || res.Targets[0].Total != 0 {
			t.Errorf("cure wounds at %d: %q → %+v", tc.slot, res.Dice.Heal, res.Targets[0])
		}
	}
	// Mass healing: one roll for everyone; an invalid target (a construct) gets nothing.
	c := caster(t, "cleric", 5)
	r := faces(2, 3)
	res, err := c.Cast(spell(t, "mass_healing_word"), 3, []SpellTarget{{Target: Target{Name: "a"}}, {Target: Target{Name: "b"}}, {Target: Target{Name: "golem"}, Invalid: true}}, r, CastOptions{})
	if err != nil || r.n != 1 || res.Targets[0].Heal != 5 || res.Targets[1].Heal != 5 || res.Targets[2].Heal != 0 {
		t.Errorf("mass healing word: %+v %v (%d dice)", res, err, r.n)
	}
	// False life: temporary HP 1d4 + 4.
	w := caster(t, "wizard", 1)
	res, err = w.Cast(spell(t, "false_life"), 1, []SpellTarget{{Target: w.AsTarget()}}, faces(3), CastOptions{})
	if err != nil || res.Targets[0].Heal != 7 || res.Targets[0].HealKind != HealTempHP {
		t.Errorf("false life: %+v %v", res, err)
	}
}

func TestCastSpellAttacks(t *testing.T) {
	orc := Target{Name: "orc", AC: 13}
	// Fire bolt by a sorcerer (CHA 16) at levels 1/5/11/17: the d20, then 1–4 d10.
	for _, tc := range []struct {
		level  int
		toHit  int
		faces  []int
		damage int
		note   string
	}{
		{1, 5, []int{10, 7}, 7, "1d10[fire]"},
		{5, 6, []int{10, 7, 3}, 10, "2d10[fire]"},
		{11, 7, []int{10, 7, 3, 1}, 11, "3d10[fire]"},
		{17, 9, []int{10, 7, 3, 1, 10}, 21, "4d10[fire]"},
	} {
		c := caster(t, "sorcerer", tc.level)
		slots := c.SpellSlots
		r := faces(tc.faces...)
		res, err := c.Cast(spell(t, "fire_bolt"), 0, []SpellTarget{{Target: orc, Distance: 60}}, r, CastOptions{})
		if err != nil {
			t.Fatal(err)
		}
		a := res.Targets[0].Attacks[0]
		if res.ToHit != tc.toHit || a.ToHit != tc.toHit || a.Outcome != OutcomeHit || res.Dice.Damage != tc.note || res.Targets[0].Total != tc.damage {
			t.Errorf("fire bolt at %d: to hit %d, %s, %q = %d", tc.level, a.ToHit, a.Outcome, res.Dice.Damage, res.Targets[0].Total)
		}
		if res.SlotLevel != 0 || c.SpellSlots != slots || r.n != len(tc.faces) {
			t.Errorf("a cantrip spent a slot or rolled %d dice", r.n)
		}
	}
	// Guiding bolt (cleric 1, WIS 16: +5): natural 20 doubles the dice (8d6); natural 1 misses.
	c := caster(t, "cleric", 1)
	res, err := c.Cast(spell(t, "guiding_bolt"), 1, []SpellTarget{{Target: Target{Name: "dragon", AC: 30}}}, faces(20, 1, 2, 3, 4, 5, 6, 1, 2), CastOptions{})
	if err != nil {
		t.Fatal(err)
	}
	a := res.Targets[0].Attacks[0]
	if !a.Crit || a.Outcome != OutcomeCrit || a.Damage == nil || a.Damage.Total != 24 || res.Targets[0].Total != 24 {
		t.Errorf("guiding bolt crit: %+v %+v", a, a.Damage)
	}
	if a.Attack != "guiding_bolt" || res.Targets[0].Save != nil {
		t.Errorf("attack %q", a.Attack)
	}
	res, err = c.Cast(spell(t, "guiding_bolt"), 1, []SpellTarget{{Target: Target{Name: "rat", AC: 5}}}, faces(1), CastOptions{})
	if err != nil || !res.Targets[0].Attacks[0].Fumble || res.Targets[0].Total != 0 || res.Targets[0].Attacks[0].Damage != nil {
		t.Errorf("guiding bolt natural 1: %+v %v", res.Targets[0], err)
	}
	if c.SlotsLeft(1) != 0 {
		t.Errorf("%d slots left after two casts", c.SlotsLeft(1))
	}
	// Conditions: a poisoned caster attacks with disadvantage; a prone target at 30 ft too.
	p := caster(t, "cleric", 1)
	p.Conditions = []ActiveCondition{{ID: Poisoned}}
	res, err = p.Cast(spell(t, "guiding_bolt"), 1, []SpellTarget{{Target: orc}}, faces(18, 4, 1, 1, 1, 1), CastOptions{})
	if err != nil || res.Targets[0].Attacks[0].Mode != Disadvantage || res.Targets[0].Attacks[0].Outcome != OutcomeMiss {
		t.Errorf("poisoned caster: %+v %v", res.Targets[0].Attacks[0], err)
	}
	// Scorching ray at 3rd: 4 rays, aimed 3 and 1; each its own attack.
	w := caster(t, "wizard", 5)
	r := faces(15, 1, 1, 15, 2, 2, 1, 15, 6, 6) // orc: hit 2, hit 4, natural 1; imp: hit, immune
	res, err = w.Cast(spell(t, "scorching_ray"), 3, []SpellTarget{{Target: orc, Instances: 3}, {Target: Target{Name: "imp", AC: 13, Immune: []DamageType{"fire"}}, Instances: 1}}, r, CastOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Targets[0].Attacks) != 3 || len(res.Targets[1].Attacks) != 1 || res.Targets[0].Total != 2+4 || res.Targets[1].Total != 0 || r.n != 10 {
		t.Errorf("scorching ray: %+v (%d dice)", res.Targets, r.n)
	}
	// Eldritch blast at 11: three beams at one target.
	k := caster(t, "warlock", 11)
	res, err = k.Cast(spell(t, "eldritch_blast"), 0, []SpellTarget{{Target: orc}}, faces(15, 4, 15, 4, 15, 4), CastOptions{})
	if err != nil || len(res.Targets[0].Attacks) != 3 || res.Targets[0].Total != 12 {
		t.Errorf("eldritch blast: %+v %v", res.Targets, err)
	}
	// An attack with a later save (ray of enfeeblement): the attack only, no damage, DC reported.
	res, err = w.Cast(spell(t, "ray_of_enfeeblement"), 2, []SpellTarget{{Target: orc}}, faces(15), CastOptions{})
	if err != nil || res.DC != 14 || res.Targets[0].Attacks[0].Damage != nil || res.Targets[0].Save != nil || !res.Targets[0].Attacks[0].Hit {
		t.Errorf("ray of enfeeblement: %+v %v", res, err)
	}
	// Spiritual weapon adds the WIS modifier: 1d8 + 3 force, melee spell attack +5.
	cl := caster(t, "cleric", 3)
	res, err = cl.Cast(spell(t, "spiritual_weapon"), 2, []SpellTarget{{Target: orc}}, faces(12, 6), CastOptions{})
	if err != nil || res.Targets[0].Total != 9 || res.Dice.Damage != "1d8[force]+3" {
		t.Errorf("spiritual weapon: %+v %v", res, err)
	}
}

func TestCastSlots(t *testing.T) {
	goblin := []SpellTarget{{Target: Target{Name: "goblin", AC: 15}}}
	w := caster(t, "wizard", 1) // two 1st-level slots
	for i := range 2 {
		if _, err := w.Cast(spell(t, "magic_missile"), 0, goblin, faces(1, 1, 1), CastOptions{}); err != nil {
			t.Fatalf("cast %d: %v", i+1, err)
		}
	}
	if w.SpellSlots[0] != (SpellSlot{Max: 2, Used: 2}) {
		t.Errorf("slots %v", w.SpellSlots[0])
	}
	_, err := w.Cast(spell(t, "magic_missile"), 0, goblin, faces(1, 1, 1), CastOptions{})
	mustCode(t, err, ErrNoSlotAvailable)
	_, err = w.Cast(spell(t, "magic_missile"), 1, goblin, faces(1, 1, 1), CastOptions{})
	mustCode(t, err, ErrNoSlotLeft)
	_, err = w.Cast(spell(t, "magic_missile"), 3, goblin, faces(1, 1, 1), CastOptions{})
	mustCode(t, err, ErrNoSlots)
	_, err = w.Cast(spell(t, "fireball"), 2, goblin, faces(), CastOptions{})
	mustCode(t, err, ErrSlotTooLow)
	_, err = w.Cast(spell(t, "fireball"), 10, goblin, faces(), CastOptions{})
	mustCode(t, err, ErrBadSlotLevel)
	// Cantrips and rituals need no slot.
	if _, err := w.Cast(spell(t, "ray_of_frost"), 0, goblin, faces(2), CastOptions{}); err != nil {
		t.Error(err)
	}
	res, err := w.Cast(spell(t, "detect_magic"), 0, nil, faces(), CastOptions{Ritual: true})
	if err != nil || res.SlotLevel != 0 || !res.Ritual || res.Dice.CastLevel != 1 {
		t.Errorf("ritual: %+v %v", res, err)
	}
	_, err = w.Cast(spell(t, "magic_missile"), 0, goblin, faces(), CastOptions{Ritual: true})
	mustCode(t, err, ErrNotRitual)
	// Repeat (a later turn): no slot.
	res, err = w.Cast(spell(t, "magic_missile"), 1, goblin, faces(1, 1, 1), CastOptions{Repeat: true})
	if err != nil || res.SlotLevel != 0 || res.Targets[0].Total != 6 {
		t.Errorf("repeat: %+v %v", res, err)
	}
	// Warlock 5: two 3rd-level pact slots; a 1st-level spell is cast at 3rd.
	k := caster(t, "warlock", 5)
	if k.SpellSlots[2] != (SpellSlot{Max: 2}) || k.SpellSlots[0] != (SpellSlot{}) {
		t.Fatalf("warlock slots %v", k.SpellSlots)
	}
	r := faces(1, 10, 10, 10, 10) // the save (fails), then 4d10
	res, err = k.Cast(spell(t, "hellish_rebuke"), 0, goblin, r, CastOptions{})
	if err != nil || res.SlotLevel != 3 || res.Dice.Damage != "4d10[fire]" || res.Targets[0].Total != 40 || res.SlotsLeft != 1 {
		t.Errorf("pact slot: %+v %v", res, err)
	}
	_, err = k.Cast(spell(t, "hellish_rebuke"), 1, goblin, faces(), CastOptions{})
	mustCode(t, err, ErrNoSlots)
	if n := k.RestorePactSlots(); n != 1 || k.SlotsLeft(3) != 2 {
		t.Errorf("short rest gave back %d, left %d", n, k.SlotsLeft(3))
	}
	if n := w.RestorePactSlots(); n != 0 || w.SlotsLeft(1) != 0 {
		t.Error("a wizard regained slots on a short rest")
	}
	if k.LowestSlot(4) != 0 || k.LowestSlot(1) != 3 || k.SlotsLeft(0) != 0 || k.SlotsLeft(10) != 0 {
		t.Error("LowestSlot / SlotsLeft bounds")
	}
}

func TestCastRefused(t *testing.T) {
	w := caster(t, "wizard", 5)
	_, err := w.Cast(spell(t, "cure_wounds"), 1, nil, faces(), CastOptions{})
	mustCode(t, err, ErrClassCantCast)
	if e := err.(*Error); e.Args["Spell"] != "Cure Wounds" || e.Args["Class"] != "wizard" {
		t.Errorf("args %v", e.Args)
	}
	if _, err := w.Cast(spell(t, "cure_wounds"), 1, nil, faces(), CastOptions{AnyClass: true}); err != nil {
		t.Errorf("any class: %v", err)
	}
	f := caster(t, "fighter", 5)
	_, err = f.Cast(spell(t, "fire_bolt"), 0, nil, faces(), CastOptions{AnyClass: true})
	mustCode(t, err, ErrNotACaster)
	s := caster(t, "wizard", 5)
	s.Conditions = []ActiveCondition{{ID: Stunned}}
	_, err = s.Cast(spell(t, "fire_bolt"), 0, nil, faces(), CastOptions{})
	mustCode(t, err, ErrCasterIncapable)
	d := caster(t, "wizard", 5)
	d.HP, d.State = 0, Dead
	_, err = d.Cast(spell(t, "fire_bolt"), 0, nil, faces(), CastOptions{})
	mustCode(t, err, ErrIsDead)
	_, err = w.Cast(spell(t, "fireball"), 3, []SpellTarget{{SaveMod: 99}}, faces(), CastOptions{})
	mustCode(t, err, ErrBadSaveMod)
	_, err = w.Cast(spell(t, "fire_bolt"), 0, nil, faces(), CastOptions{Mode: "sideways"})
	mustCode(t, err, ErrBadMode)
	fresh := caster(t, "wizard", 5).SpellSlots
	fresh[0].Used = 1 // the AnyClass cure wounds
	if w.SpellSlots != fresh {
		t.Errorf("refused casts spent slots: %v", w.SpellSlots)
	}
}

func TestCastInvalidTarget(t *testing.T) {
	// Charm person on a target it cannot affect: no roll, it appears to have
	// saved, and the slot is spent (G-B5).
	b := caster(t, "bard", 1)
	r := faces()
	res, err := b.Cast(spell(t, "charm_person"), 1, []SpellTarget{{Target: Target{Name: "zombie"}, Invalid: true}}, r, CastOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if ct := res.Targets[0]; !ct.Invalid || !ct.AppearsSaved || ct.Save != nil || r.n != 0 || b.SlotsLeft(1) != 1 {
		t.Errorf("invalid target: %+v, %d dice, %d slots left", ct, r.n, b.SlotsLeft(1))
	}
	// Fireball (half on a save): the invalid one is untouched and does not appear to save.
	w := caster(t, "wizard", 5)
	res, err = w.Cast(spell(t, "fireball"), 3, []SpellTarget{{Target: Target{Name: "ghost"}, Invalid: true}, {Target: Target{Name: "orc"}}}, faces(2, 1, 1, 1, 1, 1, 1, 1, 1), CastOptions{})
	if err != nil || res.Targets[0].AppearsSaved || res.Targets[0].Total != 0 || res.Targets[1].Total != 8 {
		t.Errorf("fireball with an invalid target: %+v %v", res.Targets, err)
	}
	// Every target invalid: the slot is still spent.
	res, err = w.Cast(spell(t, "fireball"), 3, []SpellTarget{{Target: Target{Name: "ghost"}, Invalid: true}}, faces(), CastOptions{})
	if err != nil || res.SlotLevel != 3 || w.SlotsLeft(3) != 0 {
		t.Errorf("all invalid: %+v %v", res, err)
	}
}

func TestConcentration(t *testing.T) {
	for dmg, want := range map[int]int{0: 10, 9: 10, 20: 10, 21: 10, 22: 11, 35: 17, 100: 50} {
		if got := ConcentrationDC(dmg); got != want {
			t.Errorf("ConcentrationDC(%d) = %d, want %d", dmg, got, want)
		}
	}
	c := caster(t, "cleric", 3)
	k := &Concentration{Spell: "bless", Level: 1}
	res, err := c.Cast(spell(t, "hold_person"), 2, nil, faces(), CastOptions{Concentration: k})
	if err != nil {
		t.Fatal(err)
	}
	if res.Concentration == nil || res.Concentration.Ended != "bless" || res.Concentration.Started != "hold_person" || *k != (Concentration{Spell: "hold_person", Level: 2}) {
		t.Errorf("replacing: %+v, now %+v", res.Concentration, k)
	}
	res, err = c.Cast(spell(t, "cure_wounds"), 1, nil, faces(), CastOptions{Concentration: k})
	if err != nil || res.Concentration != nil || k.Spell != "hold_person" {
		t.Errorf("a non-concentration spell changed concentration: %+v %+v", res.Concentration, k)
	}
	res, err = c.Cast(spell(t, "bless"), 0, nil, faces(), CastOptions{})
	if err != nil || res.Concentration == nil || res.Concentration.Started != "bless" || res.Concentration.Ended != "" {
		t.Errorf("untracked: %+v %v", res.Concentration, err)
	}
	// CON save: cleric CON 14 (+2), not proficient. 22 damage → DC 11.
	sv, err := c.ConcentrationSave(22, k, faces(8), RollOptions{})
	if err != nil || sv.DC != 11 || sv.Kept || sv.Ended != "hold_person" || k.Active() || sv.Save.Total != 10 {
		t.Errorf("failed save: %+v %v, now %+v", sv, err, k)
	}
	k = &Concentration{Spell: "bless", Level: 1}
	sv, err = c.ConcentrationSave(35, k, faces(15), RollOptions{})
	if err != nil || sv.DC != 17 || !sv.Kept || k.Spell != "bless" {
		t.Errorf("kept: %+v %v", sv, err)
	}
	_, err = c.ConcentrationSave(5, &Concentration{}, faces(10), RollOptions{})
	mustCode(t, err, ErrNotConcentrating)
	sv, err = ConcentrationSaveFor(Target{Name: "mage"}, 3, 9, nil, faces(6), RollOptions{})
	if err != nil || sv.DC != 10 || sv.Kept || sv.Ended != "" {
		t.Errorf("NPC: %+v %v", sv, err)
	}
	// Incapacitated or down: concentration ends.
	if got := k.EndIfIncapacitated(c); got != "" || !k.Active() {
		t.Errorf("ended while conscious: %q", got)
	}
	c.Conditions = []ActiveCondition{{ID: Stunned}}
	if got := k.EndIfIncapacitated(c); got != "bless" || k.Active() {
		t.Errorf("stunned: ended %q, now %+v", got, k)
	}
}

func TestIdentifySpell(t *testing.T) {
	// Wizard 5, INT 16, proficient in Arcana: +6.
	w := caster(t, "wizard", 5)
	w.Skills = []Skill{"arcana"}
	for _, tc := range []struct {
		spell     string
		same      bool
		faces     []int
		dc        int
		notation  string
		total     int
		outcome   Outcome
		mode      Mode
		conds     []ActiveCondition
		cancelled bool
	}{
		{spell: "fireball", same: true, faces: []int{4, 13}, dc: 18, notation: "2d20kh1+6", total: 19, outcome: OutcomeSuccess, mode: Advantage},
		{spell: "fireball", faces: []int{11}, dc: 18, notation: "1d20+6", total: 17, outcome: OutcomeFailure, mode: Normal},
		{spell: "fire_bolt", faces: []int{9}, dc: 15, notation: "1d20+6", total: 15, outcome: OutcomeSuccess, mode: Normal},
		{spell: "wish", same: true, faces: []int{20, 1}, dc: 24, notation: "2d20kh1+6", total: 26, outcome: OutcomeSuccess, mode: Advantage},
		// Poisoned: disadvantage on checks cancels the same-class advantage.
		{spell: "fireball", same: true, faces: []int{12}, dc: 18, notation: "1d20+6", total: 18, outcome: OutcomeSuccess, mode: Normal,
			conds: []ActiveCondition{{ID: Poisoned}}, cancelled: true},
	} {
		w.Conditions = tc.conds
		res, err := w.IdentifySpell(spell(t, tc.spell), tc.same, faces(tc.faces...), RollOptions{DC: 5})
		if err != nil {
			t.Fatal(err)
		}
		if res.DC != tc.dc || res.Check.Notation != tc.notation || res.Total != tc.total || res.Outcome != tc.outcome ||
			res.Check.Mode != tc.mode || res.Check.Cancelled != tc.cancelled || res.Check.Skill != "arcana" || res.SameClass != tc.same {
			t.Errorf("identify %s same=%v: %+v / %+v", tc.spell, tc.same, res, res.Check)
		}
	}
	// A cleric uses INT too.
	c := caster(t, "cleric", 1)
	res, err := c.IdentifySpell(spell(t, "bless"), true, faces(10, 3), RollOptions{})
	if err != nil || res.Check.Modifier != 0 || res.Check.Ability != Int || res.DC != 16 {
		t.Errorf("cleric: %+v %v", res, err)
	}
}

func TestSheetTarget(t *testing.T) {
	f := caster(t, "fighter", 5) // CON save proficient, DEX 12
	if st := SheetTarget(f, spell(t, "fireball")); st.SaveMod != 1 || st.Target.AC != f.AC {
		t.Errorf("fireball: %+v", st)
	}
	if st := SheetTarget(f, spell(t, "cloudkill")); st.SaveMod != 2+3 {
		t.Errorf("cloudkill: %+v", st)
	}
	if st := SheetTarget(f, spell(t, "magic_missile")); st.SaveMod != 0 {
		t.Errorf("magic missile: %+v", st)
	}
}

func TestSpellPoolAndRider(t *testing.T) {
	w := caster(t, "wizard", 3)
	r := faces(8, 8, 8, 8, 8, 8, 8)
	res, err := w.Cast(spell(t, "sleep"), 2, nil, r, CastOptions{})
	if err != nil || res.PoolRoll == nil || res.PoolRoll.Total != 56 || res.Dice.Pool != "7d8" {
		t.Errorf("sleep: %+v %v", res, err)
	}
	// Hunter's mark: rider damage (untyped 1d6) for the caster's weapon hits on the marked deer: an effect on the
	// caster, nothing rolled at the cast.
	rg := caster(t, "ranger", 2)
	res, err = rg.Cast(spell(t, "hunters_mark"), 1, []SpellTarget{{Target: Target{Name: "deer"}}}, faces(), CastOptions{})
	if err != nil || !spell(t, "hunters_mark").Rider || res.Targets[0].Total != 0 || res.Dice.Damage != "1d6" ||
		len(res.CasterEffects) != 1 || res.CasterEffects[0].Mods[0].Vs != "deer" || res.CasterEffects[0].Mods[0].Dice != "1d6" {
		t.Errorf("hunter's mark: %+v %v", res, err)
	}
}

func TestSpellDiceTerms(t *testing.T) {
	for in, want := range map[string]string{
		"8d6[fire]":              "8d6[fire]",
		"10d6[force]+40":         "10d6[force]+40",
		"4d6[fire]+4d6[radiant]": "4d6[fire]+4d6[radiant]",
		"20[radiant]":            "20[radiant]",
		"1d8 + 3":                "1d8+3",
	} {
		if got := parseTerms(in).String(); got != want {
			t.Errorf("%q → %q, want %q", in, got, want)
		}
	}
	if got := parseTerms("1d8").plus(spellTerms{{n: -2}}, 1).String(); got != "1d8-2" {
		t.Errorf("negative modifier: %q", got)
	}
	if got := parseTerms("2d8[bludgeoning]+4d6[cold]").plus(parseTerms("1d8[bludgeoning]"), 2).String(); got != "4d8[bludgeoning]+4d6[cold]" {
		t.Errorf("upcast: %q", got)
	}
}

// TestCastInstancesAtNoTarget (issue 14, 5e 6): a spell of darts, rays or beams cast at no target rolls each one on
// its own — magic missile three 1d4+1 damage rolls, scorching ray three attacks with their 2d6.
func TestCastInstancesAtNoTarget(t *testing.T) {
	c := caster(t, "wizard", 3)
	r := faces(1, 2, 4)
	res, err := c.Cast(spell(t, "magic_missile"), 1, nil, r, CastOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var totals []int
	for _, d := range res.OpenDarts {
		totals = append(totals, d.Total)
	}
	if !slices.Equal(totals, []int{2, 3, 5}) || r.n != 3 || res.DamageRoll != nil {
		t.Errorf("magic missile darts %v (%d dice), want [2 3 5]", totals, r.n)
	}
	r = faces(12, 1, 2, 5, 3, 3, 18, 6, 6)
	res, err = c.Cast(spell(t, "scorching_ray"), 2, nil, r, CastOptions{})
	if err != nil {
		t.Fatal(err)
	}
	totals = nil
	for _, a := range res.OpenAttacks {
		totals = append(totals, a.Natural, a.Damage.Total)
	}
	if !slices.Equal(totals, []int{12, 3, 5, 6, 18, 12}) || res.OpenAttack != nil {
		t.Errorf("scorching ray: natural and damage of each ray %v", totals)
	}
}
