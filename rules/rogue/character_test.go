package rogue

import (
	"encoding/json"
	"strings"
	"testing"
)

// A6 worked example: level 4, base STA 8, one +1 STA enhancement → 11 HP.
func TestHPWorkedExample(t *testing.T) {
	if got := HPFormulaFor(4, 8, 1); got != 11 {
		t.Fatalf("HP = %d, want 11", got)
	}
	c := makeChar(t, "Ex", Human, Male, 4, Attributes{7, 7, 8, 7}, func(c *Character) { c.Enhance.Sta = 1; c.HP = 11 })
	if c.MaxHP != 11 || c.HP != 11 {
		t.Errorf("MaxHP %d HP %d, want 11", c.MaxHP, c.HP)
	}
	if c.BaseMod(Sta) != 1 || c.Mod(Sta) != 2 {
		t.Errorf("base mod %d final mod %d, want 1 and 2", c.BaseMod(Sta), c.Mod(Sta))
	}
}

func TestHPFormula(t *testing.T) {
	tests := []struct{ level, sta, enh, want int }{
		{1, 7, 0, 7},    // mod 0
		{1, 10, 0, 13},  // 10 + 3×1
		{3, 10, 0, 13},  // ×1 through level 3
		{4, 10, 0, 16},  // ×2
		{7, 10, 0, 19},  // ×3
		{20, 10, 0, 31}, // 1 + 19/3 = 7: 10 + 21
		{1, 5, 0, 5},    // negative base mod: bonus 0, no difference
		{1, 5, 1, 6},    // +1 enhancement: final − base = 1
		{4, 8, -1, 9},   // 8 + 2 − 1
	}
	for _, tt := range tests {
		if got := HPFormulaFor(tt.level, tt.sta, tt.enh); got != tt.want {
			t.Errorf("HP(level %d, STA %d, enh %d) = %d, want %d", tt.level, tt.sta, tt.enh, got, tt.want)
		}
	}
	for level, want := range map[int]int{1: 1, 3: 1, 4: 2, 6: 2, 7: 3, 9: 3, 10: 4, 19: 7, 20: 7} {
		if got := HPMultiplier(level); got != want {
			t.Errorf("multiplier(%d) = %d, want %d", level, got, want)
		}
	}
}

func TestEnergyFormula(t *testing.T) {
	for mod, want := range map[int]int{-2: 3, 0: 3, 1: 4, 3: 6} {
		if got := EnergyFormula(mod); got != want {
			t.Errorf("energy(%d) = %d, want %d", mod, got, want)
		}
	}
	c := human(t, "E", Attributes{7, 7, 9, 7})
	if c.MaxEnergy != 5 || c.Energy != 5 {
		t.Errorf("energy %d/%d, want 5/5", c.Energy, c.MaxEnergy)
	}
}

// A2: human score − 7; orc STR score − 6.
func TestModifiers(t *testing.T) {
	tests := []struct {
		race  Race
		a     Attribute
		score int
		want  int
	}{
		{Human, Str, 2, -5}, {Human, Str, 7, 0}, {Human, Str, 12, 5}, {Human, Cha, 14, 7},
		{Orc, Str, 2, -4}, {Orc, Str, 12, 6}, {Orc, Agi, 7, 0}, {Orc, Sta, 12, 5},
	}
	for _, tt := range tests {
		if got := Modifier(tt.race, tt.a, tt.score); got != tt.want {
			t.Errorf("%s %s %d → %d, want %d", tt.race, tt.a, tt.score, got, tt.want)
		}
	}
	o := makeChar(t, "Grok", Orc, Male, 1, Attributes{9, 7, 7, 7})
	if o.Mod(Str) != 3 || o.Size != Large {
		t.Errorf("orc STR 9 mod %d size %s", o.Mod(Str), o.Size)
	}
	if Bonus(-2) != 0 || Bonus(3) != 3 {
		t.Error("Bonus")
	}
}

// A5: the rule of three with the female exception and the level-20 point.
func TestRuleOfThree(t *testing.T) {
	tests := []struct {
		name  string
		sex   Sex
		level int
		base  Attributes // str agi sta cha
		code  string     // "" = accepted
	}{
		{"gap 3", Male, 1, Attributes{7, 10, 10, 8}, ""},
		{"gap 0", Male, 1, Attributes{7, 7, 7, 7}, ""},
		{"gap 4 male", Male, 1, Attributes{6, 10, 9, 8}, ErrRuleOfThree},
		{"female exception: STR lowest, CHA highest", Female, 1, Attributes{6, 8, 9, 10}, ""},
		{"female exception: CHA tied highest", Female, 1, Attributes{6, 10, 9, 10}, ""},
		{"female: STR not strictly lowest", Female, 1, Attributes{6, 6, 9, 10}, ErrRuleOfThree},
		{"female: CHA not highest", Female, 1, Attributes{6, 10, 9, 8}, ErrRuleOfThree},
		{"female: lowest is AGI", Female, 1, Attributes{8, 6, 9, 10}, ErrRuleOfThree},
		{"female: gap 5", Female, 1, Attributes{5, 8, 9, 10}, ErrRuleOfThree},
		{"male gap 4 at level 19", Male, 19, Attributes{7, 11, 10, 8}, ErrRuleOfThree},
		{"level 20: the point makes gap 4", Male, 20, Attributes{7, 11, 10, 8}, ""},
		{"level 20: gap 4 with two highest is unreachable", Male, 20, Attributes{7, 11, 11, 8}, ErrRuleOfThree20},
		{"level 20: gap 5", Male, 20, Attributes{7, 12, 10, 8}, ErrRuleOfThree20},
		{"level 20 female: the point may not push 4 to 5", Female, 20, Attributes{6, 8, 9, 11}, ErrRuleOfThree20},
		{"level 20 female: the point elsewhere keeps 4", Female, 20, Attributes{6, 9, 9, 10}, ""},
		{"level 20 female: exception shape from a gap-3 spread", Female, 20, Attributes{6, 9, 8, 10}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := RuleOfThree(tt.sex, tt.level, tt.base)
			if tt.code == "" {
				if err != nil {
					t.Fatalf("rejected: %v", err)
				}
				// The same spread is accepted by New too.
				if _, err := New("X", Human, tt.sex, tt.level, tt.base, NewOptions{Monster: false}); err != nil && !strings.Contains(err.Error(), "talent") {
					t.Fatalf("New: %v", err)
				}
				return
			}
			wantCode(t, err, tt.code)
			_, err = New("X", Human, tt.sex, tt.level, tt.base, NewOptions{})
			wantCode(t, err, tt.code)
		})
	}
	// Monsters are exempt.
	if _, err := New("Ogre", Orc, Male, 5, Attributes{14, 5, 10, 3}, NewOptions{Monster: true}); err != nil {
		t.Errorf("monster: %v", err)
	}
}

// Sheet changes keep the rule of three: a breaking change is refused and changes nothing.
func TestUpdateIsAtomic(t *testing.T) {
	c := human(t, "U", Attributes{7, 9, 10, 8})
	err := c.Update(func(c *Character) { c.Base.Sta = 11 })
	wantCode(t, err, ErrRuleOfThree)
	if c.Base.Sta != 10 {
		t.Fatalf("refused change applied: STA %d", c.Base.Sta)
	}
	if err := c.Update(func(c *Character) { c.Base.Str = 8; c.Enhance.Sta = 1 }); err != nil {
		t.Fatal(err)
	}
	if c.MaxHP != 10+3+1 || c.MaxEnergy != 6 {
		t.Errorf("recalc: MaxHP %d MaxEnergy %d", c.MaxHP, c.MaxEnergy)
	}
	// Level up to 4: the multiplier doubles the STA bonus.
	if err := c.Update(func(c *Character) { c.Level = 4 }); err != nil {
		t.Fatal(err)
	}
	if c.MaxHP != 10+3*2+1 {
		t.Errorf("level 4 MaxHP %d", c.MaxHP)
	}
}

func TestTalentRules(t *testing.T) {
	c := human(t, "T", avg, withLevel(6))
	if TalentPoints(2) != 0 || TalentPoints(3) != 1 || TalentPoints(6) != 2 || TalentPoints(18) != 6 || TalentPoints(20) != 6 {
		t.Error("TalentPoints")
	}
	wantCode(t, c.Update(func(c *Character) { c.Talents = []Talent{MultiShot} }), ErrTalentPrereq)
	wantCode(t, c.Update(func(c *Character) { c.Talents = []Talent{AimedShot, MultiShot, DualWield} }), ErrTooManyTalents)
	wantCode(t, c.Update(func(c *Character) { c.Talents = []Talent{AimedShot, AimedShot} }), ErrDuplicate)
	wantCode(t, c.Update(func(c *Character) { c.Talents = []Talent{"flying"} }), ErrUnknownTalent)
	if err := c.Update(func(c *Character) { c.Talents = []Talent{SilentCast, Clearcasting} }); err != nil {
		t.Errorf("Clearcasting costs no point: %v", err)
	}
	if !c.HasTalent(Clearcasting) {
		t.Error("Clearcasting")
	}
	wantCode(t, c.Update(func(c *Character) { c.Spells = []Spell{FlamingOrb} }), ErrSpellLiteracy)
	if err := c.Update(func(c *Character) {
		c.Talents = []Talent{LiteracyCommon, LiteracyDraconic}
		c.Spells = []Spell{FlamingOrb}
	}); err != nil {
		t.Errorf("literacy: %v", err)
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		f    func(*Character)
		code string
	}{
		{"name", func(c *Character) { c.Name = " " }, ErrBadName},
		{"race", func(c *Character) { c.Race = "elf" }, ErrUnknownRace},
		{"sex", func(c *Character) { c.Sex = "x" }, ErrUnknownSex},
		{"size", func(c *Character) { c.Size = "tiny" }, ErrUnknownSize},
		{"level", func(c *Character) { c.Level = 0 }, ErrBadLevel},
		{"score", func(c *Character) { c.Base.Str = 0 }, ErrBadScore},
		{"enhancement", func(c *Character) { c.Enhance.Agi = 11 }, ErrBadEnhancement},
		{"ability damage", func(c *Character) { c.AbilityDamage.Cha = -1 }, ErrBadAbilityDamage},
		{"resist magic", func(c *Character) { c.Resist = map[DamageType]Resistance{Magic: {1, 1}} }, ErrNotResistible},
		{"resist value", func(c *Character) { c.Resist = map[DamageType]Resistance{Fire: {21, 0}} }, ErrBadResistance},
		{"immunity", func(c *Character) { c.Immune = []Immunity{"cold"} }, ErrUnknownDamageType},
		{"weakness twice", func(c *Character) { c.Weak = []DamageType{Fire, Fire} }, ErrDuplicate},
		{"aura", func(c *Character) { c.Aura = Magic }, ErrBadAura},
		{"counter", func(c *Character) { c.Hunger = 10000 }, ErrBadCounter},
		{"cap", func(c *Character) { c.Equip.MaxDodge = Cap(11) }, ErrBadCap},
		{"shield", func(c *Character) { c.Equip.Shield = &Shield{3, 2} }, ErrBadShield},
		{"shield and parry", func(c *Character) { c.Equip.Shield = &Shield{1, 2}; c.Equip.MaxParry = Cap(2) }, ErrShieldAndParry},
		{"cursed", func(c *Character) { c.Equip.Cursed = 21 }, ErrBadCount},
		{"effect kind", func(c *Character) { c.Effects = []Effect{{Kind: "hex"}} }, ErrUnknownEffect},
		{"effect id", func(c *Character) { c.Effects = []Effect{{Kind: KindCurse, ID: "doom"}} }, ErrUnknownEffect},
		{"effect power", func(c *Character) { c.Effects = []Effect{{Kind: KindSlow, Power: 11}} }, ErrBadPower},
		{"effect turns", func(c *Character) { c.Effects = []Effect{{Kind: KindHaste, Turns: -1}} }, ErrBadTurns},
		{"form without talent", func(c *Character) { c.Form = Wolf }, ErrTalentUnknownToMe},
		{"bonus hp", func(c *Character) { c.BonusHP = -1 }, ErrBadAmount},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := human(t, "V", avg)
			wantCode(t, c.Update(tt.f), tt.code)
		})
	}
	c := human(t, "V", avg)
	c.HP = c.MaxHP + 1
	wantCode(t, c.Validate(), ErrBadHP)
	c = human(t, "V", avg)
	c.Energy = -1
	wantCode(t, c.Validate(), ErrBadEnergy)
}

func TestJSONRoundTrip(t *testing.T) {
	c := human(t, "Rin", Attributes{8, 9, 10, 9}, withLevel(6), withTalents(LiteracyCommon, LiteracyDraconic),
		func(c *Character) {
			c.Sex = Female
			c.Spells = []Spell{FlamingOrb, MageArmour}
			c.Resist = map[DamageType]Resistance{Fire: {Body: 2, Head: 1}}
			c.Immune = []Immunity{Immunity(Poison), ImmuneInstantDeath}
			c.Weak = []DamageType{Frost}
			c.Equip = Equipment{MaxDodge: Cap(3), Shield: &Shield{1, 2}, MaxCast: Cap(4), Cursed: 1}
			c.Effects = []Effect{{Kind: KindCurse, ID: string(CurseAgony), Power: 2, Turns: 30}, {Kind: KindHaste}}
			c.Used.Dodge = true
		})
	data, err := c.Encode()
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil || raw["v"] != float64(1) {
		t.Fatalf("no v field: %s", data)
	}
	d, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := d.Encode()
	if string(again) != string(data) {
		t.Errorf("round trip differs:\n%s\n%s", data, again)
	}
	if _, err := Decode([]byte("{")); err == nil {
		t.Error("bad JSON accepted")
	}
	wantCode(t, func() error { _, err := Decode([]byte(`{"v":2}`)); return err }(), ErrBadVersion)
}

func TestParsers(t *testing.T) {
	if a, err := ParseAttribute(" AGI "); err != nil || a != Agi {
		t.Error("ParseAttribute")
	}
	if _, err := ParseAttribute("int"); err == nil {
		t.Error("int is not an RT attribute")
	}
	if tl, err := ParseTalent("Aimed Shot"); err != nil || tl != AimedShot {
		t.Error("ParseTalent")
	}
	if s, err := ParseSpell("flaming-orb"); err != nil || s != FlamingOrb {
		t.Error("ParseSpell")
	}
	if s, err := ParseSex("F"); err != nil || s != Female {
		t.Error("ParseSex")
	}
	if _, err := ParseRace("elf"); err == nil {
		t.Error("ParseRace")
	}
	if e, err := ParseEffect("poison", "Slowing", 2, 10); err != nil || e.ID != "slowing" {
		t.Errorf("ParseEffect: %v", err)
	}
	if _, err := ParseEffect("poison", "slow", 2, 10); err == nil {
		t.Error("unknown poison accepted")
	}
	if d, _ := ParseCritDirection(""); d != CritAttacker {
		t.Error("default crit direction")
	}
	if i, err := ParseImmunity("energy_drain"); err != nil || i != ImmuneEnergyDrain {
		t.Error("ParseImmunity")
	}
}

func TestHPAndEnergyChanges(t *testing.T) {
	c := human(t, "H", avg)
	wantCode(t, c.SetHP(8), ErrBadHP)
	wantCode(t, c.SetEnergy(-1), ErrBadEnergy)
	if err := c.SetHP(3); err != nil || c.HP != 3 {
		t.Fatal(err)
	}
	if h := c.Heal(10); h.Amount != 4 || h.After != 7 {
		t.Errorf("heal caps at max: %+v", h)
	}
	c.HP = 0
	if h := c.Heal(5); h.Amount != 0 || !c.Dead() {
		t.Errorf("the dead are not healed: %+v", h)
	}
	if _, err := c.Turn(TurnOptions{}, faces()); err == nil {
		t.Error("a dead creature took a turn")
	}
	if err := c.SetEnergy(2); err != nil || c.Energy != 2 {
		t.Error("SetEnergy")
	}
	e := newError(ErrBadHP, "HP", 8, "Max", 7)
	if e.Error() != "rogue.err.bad_hp (HP=8, Max=7)" || newError(ErrBadSheet).Error() != ErrBadSheet {
		t.Errorf("Error(): %s", e.Error())
	}
	for _, s := range []string{"small", "HUGE"} {
		if _, err := ParseSize(s); err != nil {
			t.Error(err)
		}
	}
	if _, err := ParseSize("tiny"); err == nil {
		t.Error("tiny")
	}
	if d, err := ParseDamageType("Shock"); err != nil || d != Shock {
		t.Error("ParseDamageType")
	}
	if _, err := ParseDamageType("acid"); err == nil {
		t.Error("acid")
	}
	if _, err := ParseSex("other"); err == nil {
		t.Error("ParseSex")
	}
	if _, err := ParseCritDirection("sideways"); err == nil {
		t.Error("ParseCritDirection")
	}
	if d, _ := ParseCritDirection("Defender"); d != CritDefender {
		t.Error("defender")
	}
}

// A24: Mage Armour ends when the caster's equipped items change, whichever equipment field a sheet edit touches.
func TestMageArmourEndsWithEquipment(t *testing.T) {
	tests := []struct {
		name  string
		edit  func(*Character)
		ended bool
	}{
		{"a shield", func(c *Character) { c.Equip.Shield = &Shield{1, 2} }, true},
		{"max dodge", func(c *Character) { c.Equip.MaxDodge = Cap(3) }, true},
		{"max cast changed", func(c *Character) { c.Equip.MaxCast = Cap(1) }, true},
		{"a cursed item", func(c *Character) { c.Equip.Cursed = 1 }, true},
		{"a large weapon", func(c *Character) { c.Equip.LargeWeapon = true }, true},
		{"the same equipment again", func(c *Character) { c.Equip.MaxCast = Cap(4) }, false},
		{"not the equipment", func(c *Character) { c.BonusHP = 5 }, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := mage(t, func(c *Character) { c.Equip.MaxCast = Cap(4) })
			if _, err := Cast(c, nil, CastOptions{Spell: MageArmour}, faces(3, 4, 1)); err != nil || !c.hasSpellEffect(MageArmour) {
				t.Fatalf("cast: %v", err)
			}
			ended, err := c.Edit(tt.edit)
			if err != nil {
				t.Fatal(err)
			}
			if c.hasSpellEffect(MageArmour) == tt.ended || (len(ended) == 1) != tt.ended {
				t.Errorf("ended %+v, still on: %v", ended, c.hasSpellEffect(MageArmour))
			}
			if tt.ended && (ended[0].ID != string(MageArmour) || c.Resistance(Fire, Body) != 0) {
				t.Errorf("ended %+v, fire resistance %d", ended, c.Resistance(Fire, Body))
			}
		})
	}
	// Update (the plain sheet edit) keeps the rule; a refused edit changes nothing.
	c := mage(t, withEffects(Effect{Kind: KindSpell, ID: string(MageArmour), Power: 3, Value: 1, Turns: 40}))
	if err := c.Update(func(c *Character) { c.Equip.MaxDodge = Cap(99) }); err == nil || !c.hasSpellEffect(MageArmour) {
		t.Errorf("refused edit: %v", err)
	}
	if err := c.Update(func(c *Character) { c.Equip.MaxDodge = Cap(2) }); err != nil || c.hasSpellEffect(MageArmour) {
		t.Errorf("Update: %v", err)
	}
}
