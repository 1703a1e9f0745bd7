package dnd5e

import (
	"errors"
	"slices"
	"testing"
)

// TestSetLevelAndClass: a new level brings its Hit Dice (a lost level takes the surplus away) and, when the slots
// follow the class table, the new level's slots; a new class brings its save proficiencies, spellcasting ability
// and slots. Slots set by hand stay (B3 level table, B10 slot tables).
func TestSetLevelAndClass(t *testing.T) {
	tests := []struct {
		name      string
		class     Class
		level     int
		hitDice   int // left before the change
		handSlots bool
		setLevel  int
		setClass  Class
		wantLevel int
		wantDice  int
		wantSlots [9]int
		wantSaves []Ability
		wantSpell Ability
	}{
		{name: "wizard 3 → 5: two Hit Dice and the 5th-level slots", class: "wizard", level: 3, hitDice: 3, setLevel: 5,
			wantLevel: 5, wantDice: 5, wantSlots: [9]int{4, 3, 2}, wantSaves: []Ability{Int, Wis}, wantSpell: Int},
		{name: "spent Hit Dice stay spent", class: "wizard", level: 3, hitDice: 1, setLevel: 4,
			wantLevel: 4, wantDice: 2, wantSlots: [9]int{4, 3}, wantSaves: []Ability{Int, Wis}, wantSpell: Int},
		{name: "wizard 5 → 2 keeps at most 2 Hit Dice", class: "wizard", level: 5, hitDice: 5, setLevel: 2,
			wantLevel: 2, wantDice: 2, wantSlots: [9]int{3}, wantSaves: []Ability{Int, Wis}, wantSpell: Int},
		{name: "slots set by hand stay", class: "wizard", level: 3, hitDice: 3, handSlots: true, setLevel: 5,
			wantLevel: 5, wantDice: 5, wantSlots: [9]int{1, 1}, wantSaves: []Ability{Int, Wis}, wantSpell: Int},
		{name: "fighter → cleric: saves, WIS casting, cleric slots", class: "fighter", level: 3, hitDice: 3, setClass: "cleric",
			wantLevel: 3, wantDice: 3, wantSlots: [9]int{4, 2}, wantSaves: []Ability{Wis, Cha}, wantSpell: Wis},
		{name: "wizard → rogue: no slots", class: "wizard", level: 5, hitDice: 5, setClass: "rogue",
			wantLevel: 5, wantDice: 5, wantSlots: [9]int{}, wantSaves: []Ability{Dex, Int}, wantSpell: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := New("Mira", tt.class, tt.level, Scores{Str: 10, Dex: 14, Con: 12, Int: 16, Wis: 12, Cha: 10})
			if err != nil {
				t.Fatal(err)
			}
			c.FillSpellSlots()
			c.HitDice = tt.hitDice
			if tt.handSlots {
				c.SpellSlots = [9]SpellSlot{{Max: 1}, {Max: 1}}
			}
			if tt.setLevel != 0 {
				err = c.SetLevel(tt.setLevel)
			} else {
				err = c.SetClass(tt.setClass)
			}
			if err != nil {
				t.Fatal(err)
			}
			var slots [9]int
			for i, s := range c.SpellSlots {
				slots[i] = s.Max
			}
			if c.Level != tt.wantLevel || c.HitDice != tt.wantDice || slots != tt.wantSlots ||
				!slices.Equal(c.Saves, tt.wantSaves) || c.SpellAbility != tt.wantSpell {
				t.Errorf("level %d, hit dice %d, slots %v, saves %v, spellcasting %q", c.Level, c.HitDice, slots, c.Saves, c.SpellAbility)
			}
			if err := c.Validate(); err != nil {
				t.Errorf("the sheet no longer validates: %v", err)
			}
		})
	}
}

func TestSetLevelAndClassRefused(t *testing.T) {
	c, err := New("Mira", "wizard", 3, Scores{Str: 10, Dex: 14, Con: 12, Int: 16, Wis: 12, Cha: 10})
	if err != nil {
		t.Fatal(err)
	}
	before := *c
	for _, n := range []int{0, 21} {
		if err := c.SetLevel(n); !errors.Is(err, &Error{Code: ErrBadLevel}) {
			t.Errorf("level %d: %v", n, err)
		}
	}
	if err := c.SetClass("bard_of_doom"); !errors.Is(err, &Error{Code: ErrUnknownClass}) {
		t.Errorf("unknown class: %v", err)
	}
	if c.Level != before.Level || c.Class != before.Class || c.HitDice != before.HitDice {
		t.Errorf("a refused change changed the sheet: %+v", c)
	}
}
