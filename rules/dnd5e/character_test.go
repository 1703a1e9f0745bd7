package dnd5e

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

// fighter3 is the digest's level-3 fighter: d10 Hit Dice, CON 14.
func fighter3(t *testing.T) *Character {
	t.Helper()
	c, err := New("Brom", "fighter", 3, Scores{Str: 16, Dex: 12, Con: 14, Int: 10, Wis: 13, Cha: 8})
	if err != nil {
		t.Fatal(err)
	}
	c.Skills = []Skill{"athletics", "perception"}
	c.Attacks = []Attack{
		{Name: "Longsword", Ability: Str, Proficient: true, Damage: "1d8[slashing]"},
		{Name: "Light crossbow", Ability: Dex, Proficient: true, Bonus: 1, Damage: "1d8[piercing]"},
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestModifier(t *testing.T) {
	for score, want := range map[int]int{1: -5, 2: -4, 3: -4, 8: -1, 9: -1, 10: 0, 11: 0, 12: 1, 15: 2, 20: 5, 29: 9, 30: 10} {
		if got := Modifier(score); got != want {
			t.Errorf("Modifier(%d) = %d, want %d", score, got, want)
		}
	}
}

func TestProficiencyBonus(t *testing.T) {
	for _, tc := range []struct{ level, want int }{
		{1, 2}, {4, 2}, {5, 3}, {8, 3}, {9, 4}, {12, 4}, {13, 5}, {16, 5}, {17, 6}, {20, 6},
	} {
		if got := ProficiencyBonus(tc.level); got != tc.want {
			t.Errorf("ProficiencyBonus(%d) = %d, want %d", tc.level, got, tc.want)
		}
	}
}

func TestNewDefaults(t *testing.T) {
	c := fighter3(t)
	if c.V != Version || c.State != Conscious || c.HitDice != 3 || c.Speed != 30 {
		t.Errorf("defaults: %+v", c)
	}
	// Fixed-value HP: 10+2, then (6+2)×2.
	if c.MaxHP != 28 || c.HP != 28 {
		t.Errorf("HP %d/%d, want 28/28", c.HP, c.MaxHP)
	}
	if c.AC != 11 {
		t.Errorf("AC %d, want 11", c.AC)
	}
	if !reflect.DeepEqual(c.Saves, []Ability{Str, Con}) {
		t.Errorf("saves %v", c.Saves)
	}
	if c.SpellAbility != "" {
		t.Errorf("fighter casts with %q", c.SpellAbility)
	}
	if c.HitDie() != 10 {
		t.Errorf("hit die d%d", c.HitDie())
	}
	w, err := New("Ilse", "wizard", 1, Scores{8, 14, 12, 16, 12, 10})
	if err != nil {
		t.Fatal(err)
	}
	if w.MaxHP != 7 || w.SpellAbility != Int {
		t.Errorf("wizard HP %d, casting %q", w.MaxHP, w.SpellAbility)
	}
	// Very low CON: at least 1 HP per level.
	frail, err := New("Frail", "wizard", 3, Scores{8, 8, 1, 8, 8, 8})
	if err != nil {
		t.Fatal(err)
	}
	if frail.MaxHP != 3 {
		t.Errorf("frail max HP %d, want 3", frail.MaxHP)
	}
}

func TestDerivedBonuses(t *testing.T) {
	r, err := New("Vex", "rogue", 5, Scores{Str: 8, Dex: 18, Con: 12, Int: 14, Wis: 12, Cha: 10})
	if err != nil {
		t.Fatal(err)
	}
	r.Skills = []Skill{"stealth", "perception", "investigation"}
	r.Expertise = []Skill{"stealth"}
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		skill Skill
		want  int
	}{
		{"stealth", 4 + 6},       // expertise doubles +3
		{"perception", 1 + 3},    // proficient
		{"athletics", -1},        // not proficient
		{"investigation", 2 + 3}, // proficient
	} {
		if got := r.SkillBonus(tc.skill); got != tc.want {
			t.Errorf("%s bonus %d, want %d", tc.skill, got, tc.want)
		}
	}
	if got := r.SaveBonus(Dex); got != 7 {
		t.Errorf("DEX save %d, want 7", got)
	}
	if got := r.SaveBonus(Wis); got != 1 {
		t.Errorf("WIS save %d, want 1", got)
	}
	p, err := r.PassiveScore("perception", Normal)
	if err != nil || p.Score != 14 {
		t.Errorf("passive perception %+v, %v", p, err)
	}
	p, _ = r.PassiveScore("perception", Advantage)
	if p.Score != 19 {
		t.Errorf("passive with advantage %d, want 19", p.Score)
	}
	r.Conditions = []ActiveCondition{{ID: Poisoned}}
	p, _ = r.PassiveScore("perception", Normal)
	if p.Score != 9 || p.Mode != Disadvantage || len(p.Effects) != 1 || p.Effects[0].Condition != Poisoned {
		t.Errorf("poisoned passive %+v", p)
	}
	p, _ = r.PassiveScore("perception", Advantage)
	if p.Score != 14 || !p.Cancelled {
		t.Errorf("adv+poisoned passive %+v", p)
	}
}

func TestSpellNumbers(t *testing.T) {
	// B6: DC = 8 + mod + prof; attack = mod + prof.
	c, err := New("Ana", "cleric", 5, Scores{10, 10, 14, 10, 18, 12})
	if err != nil {
		t.Fatal(err)
	}
	dc, err := c.SpellSaveDC()
	if err != nil || dc != 8+4+3 {
		t.Errorf("spell save DC %d, %v", dc, err)
	}
	atk, err := c.SpellAttackBonus()
	if err != nil || atk != 7 {
		t.Errorf("spell attack %d, %v", atk, err)
	}
	f := fighter3(t)
	_, err = f.SpellSaveDC()
	wantCode(t, err, ErrNoSpellcasting)
	_, err = f.SpellAttackBonus()
	wantCode(t, err, ErrNoSpellcasting)
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(c *Character)
		code string
	}{
		{"version", func(c *Character) { c.V = Version + 1 }, ErrBadVersion},
		{"empty name", func(c *Character) { c.Name = "  " }, ErrBadName},
		{"long name", func(c *Character) { c.Name = string(make([]rune, 65)) }, ErrBadName},
		{"class", func(c *Character) { c.Class = "artificer" }, ErrUnknownClass},
		{"level 0", func(c *Character) { c.Level = 0 }, ErrBadLevel},
		{"level 21", func(c *Character) { c.Level = 21 }, ErrBadLevel},
		{"score 0", func(c *Character) { c.Scores.Wis = 0 }, ErrBadScore},
		{"score 31", func(c *Character) { c.Scores.Str = 31 }, ErrBadScore},
		{"skill", func(c *Character) { c.Skills = append(c.Skills, "cooking") }, ErrUnknownSkill},
		{"dup skill", func(c *Character) { c.Skills = append(c.Skills, "athletics") }, ErrDuplicate},
		{"expertise", func(c *Character) { c.Expertise = []Skill{"stealth"} }, ErrExpertiseNeedsProf},
		{"save", func(c *Character) { c.Saves = []Ability{"luck"} }, ErrUnknownAbility},
		{"ac", func(c *Character) { c.AC = 0 }, ErrBadAC},
		{"max hp", func(c *Character) { c.MaxHP = 0 }, ErrBadMaxHP},
		{"hp", func(c *Character) { c.HP = 29 }, ErrBadHP},
		{"temp", func(c *Character) { c.TempHP = -1 }, ErrBadTempHP},
		{"speed", func(c *Character) { c.Speed = -5 }, ErrBadSpeed},
		{"hit dice", func(c *Character) { c.HitDice = 4 }, ErrBadHitDice},
		{"exhaustion", func(c *Character) { c.Exhaustion = 7 }, ErrBadExhaustion},
		{"death saves", func(c *Character) { c.DeathSaves.Failures = 4 }, ErrBadDeathSaves},
		{"state", func(c *Character) { c.State = "sleepy" }, ErrBadState},
		{"dying with hp", func(c *Character) { c.State = Dying }, ErrBadState},
		{"conscious at 0", func(c *Character) { c.HP = 0 }, ErrBadState},
		{"condition", func(c *Character) { c.Conditions = []ActiveCondition{{ID: "dazed"}} }, ErrUnknownCondition},
		{"exhaustion in list", func(c *Character) { c.Conditions = []ActiveCondition{{ID: Exhaustion}} }, ErrUnknownCondition},
		{"rounds", func(c *Character) { c.Conditions = []ActiveCondition{{ID: Prone, Rounds: -1}} }, ErrBadRounds},
		{"attack ability", func(c *Character) { c.Attacks[0].Ability = Wis }, ErrAttackAbility},
		{"attack name", func(c *Character) { c.Attacks[0].Name = "" }, ErrBadAttackName},
		{"attack dup", func(c *Character) { c.Attacks[1].Name = "longsword" }, ErrDuplicate},
		{"attack bonus", func(c *Character) { c.Attacks[0].Bonus = 99 }, ErrBadAttackBonus},
		{"attack no damage", func(c *Character) { c.Attacks[0].Damage = "" }, ErrNoDamage},
		{"spell ability", func(c *Character) { c.SpellAbility = "luck" }, ErrSpellAbility},
		{"slots", func(c *Character) { c.SpellSlots[0] = SpellSlot{Max: 2, Used: 3} }, ErrBadSpellSlots},
		{"resist", func(c *Character) { c.Resist = []DamageType{"holy"} }, ErrUnknownDamageType},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := fighter3(t)
			tc.edit(c)
			wantCode(t, c.Validate(), tc.code)
		})
	}
	c := fighter3(t)
	c.Attacks[0].Damage = "1d8+"
	if err := c.Validate(); err == nil {
		t.Error("bad damage notation accepted")
	} else if _, ok := err.(*Error); ok {
		t.Errorf("bad damage notation: %v, want a dice error", err)
	}
	_, err := New("X", "fighter", 0, Scores{10, 10, 10, 10, 10, 10})
	wantCode(t, err, ErrBadLevel)
	_, err = New("X", "bard", 1, Scores{10, 10, 10, 10, 10, 0})
	wantCode(t, err, ErrBadScore)
	_, err = New("X", "nobody", 1, Scores{10, 10, 10, 10, 10, 10})
	wantCode(t, err, ErrUnknownClass)
}

func TestJSONRoundTrip(t *testing.T) {
	c := fighter3(t)
	c.Conditions = []ActiveCondition{{ID: Poisoned, Rounds: 3}}
	c.Exhaustion = 1
	c.TempHP = 5
	c.LastLongRest = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	c.SpellSlots[0] = SpellSlot{Max: 2, Used: 1}
	c.Resist = []DamageType{"fire"}
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	if raw["v"] != float64(Version) {
		t.Errorf(`"v" = %v`, raw["v"])
	}
	back, err := Decode(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c, back) {
		t.Errorf("round trip changed the sheet:\n%+v\n%+v", c, back)
	}
	_, err = Decode([]byte("{"))
	wantCode(t, err, ErrBadSheet)
	_, err = Decode([]byte(`{"v":9}`))
	wantCode(t, err, ErrBadVersion)
}

func TestEffectiveSpeed(t *testing.T) {
	c := fighter3(t)
	if s, e := c.EffectiveSpeed(); s != 30 || len(e) != 0 {
		t.Errorf("speed %d %v", s, e)
	}
	c.Exhaustion = 2
	if s, e := c.EffectiveSpeed(); s != 15 || len(e) != 1 || e[0].Effect != EffectSpeedHalved {
		t.Errorf("exhaustion 2: speed %d %v", s, e)
	}
	c.Conditions = []ActiveCondition{{ID: Grappled}}
	if s, _ := c.EffectiveSpeed(); s != 0 {
		t.Errorf("grappled speed %d", s)
	}
	c.Conditions = nil
	c.Exhaustion = 5
	if s, _ := c.EffectiveSpeed(); s != 0 {
		t.Errorf("exhaustion 5 speed %d", s)
	}
}

func TestErrorText(t *testing.T) {
	e := newError(ErrLongRestTooSoon, "Hours", 3, "Minutes", 5)
	if e.Error() != "dnd5e.err.long_rest_too_soon (Hours=3, Minutes=5)" {
		t.Errorf("Error() = %q", e.Error())
	}
	seen := map[string]bool{}
	for _, c := range ErrorCodes() {
		if seen[c] {
			t.Errorf("duplicate code %s", c)
		}
		seen[c] = true
	}
}
