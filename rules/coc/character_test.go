package coc

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata golden files")

// fullSheet is a sheet with every kind of field set.
func fullSheet(t *testing.T) *Character {
	t.Helper()
	c := investigator(t)
	c.Occupation = "Professor"
	c.Armour = 1
	c.Weapons = []Weapon{revolver, {Name: "Knife", Skill: FightingBrawl, Damage: "1d4", Impale: true}}
	must(0, c.SetSkill(LanguageOther, "Latin", 41))
	must(c.Mark("spot_hidden", ""))
	must(c.AddCondition(ActiveCondition{ID: InsanityTemporary, Day: 3, Hours: 4}))
	c.SanDay = SanDay{Day: 3, Start: 60, Lost: 6}
	c.SAN = 54
	return c
}

// The sheet's JSON is pinned by testdata/sheet.json (go test -update rewrites it).
func TestSheetGolden(t *testing.T) {
	c := fullSheet(t)
	data := must(c.Encode())
	var buf bytes.Buffer
	if err := json.Indent(&buf, data, "", "  "); err != nil {
		t.Fatal(err)
	}
	buf.WriteByte('\n')
	path := filepath.Join("testdata", "sheet.json")
	if *update {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("sheet JSON changed:\n%s", buf.Bytes())
	}
	back := must(Decode(want))
	if !reflect.DeepEqual(back, c) {
		t.Errorf("round trip:\n%+v\n%+v", back, c)
	}
}

func TestDecodeErrors(t *testing.T) {
	_, err := Decode([]byte("{"))
	wantCode(t, err, ErrBadSheet)
	_, err = Decode([]byte(`{"v":2}`))
	wantCode(t, err, ErrBadVersion)
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(c *Character)
		code string
	}{
		{"name", func(c *Character) { c.Name = " " }, ErrBadName},
		{"occupation", func(c *Character) { c.Occupation = string(make([]rune, 65)) }, ErrBadName},
		{"age", func(c *Character) { c.Age = 0 }, ErrBadAge},
		{"characteristic", func(c *Character) { c.Scores.POW = 100 }, ErrBadChar},
		{"max hp", func(c *Character) { c.MaxHP = 0 }, ErrBadPoolMax},
		{"hp", func(c *Character) { c.HP = 13 }, ErrBadPool},
		{"mp", func(c *Character) { c.MP = -1 }, ErrBadPool},
		{"san above max", func(c *Character) { must(0, c.SetSkill(CthulhuMythos, "", 10)); c.SAN = 90 }, ErrBadPool},
		{"luck", func(c *Character) { c.Luck = 100 }, ErrBadPool},
		{"armour", func(c *Character) { c.Armour = 100 }, ErrBadArmour},
		{"skill id", func(c *Character) { c.Skills = append(c.Skills, SkillEntry{ID: "astrology"}) }, ErrUnknownSkill},
		{"skill value", func(c *Character) { c.Skills[0].Value = MaxValue + 1 }, ErrBadSkillValue},
		{"skill twice", func(c *Character) { c.Skills = append(c.Skills, c.Skills[0]) }, ErrDuplicate},
		{"spec twice", func(c *Character) {
			c.Skills = append(c.Skills, SkillEntry{ID: LanguageOther, Spec: "LATIN", Value: 5})
		}, ErrDuplicate},
		{"spec untrimmed", func(c *Character) { c.Skills = append(c.Skills, SkillEntry{ID: LanguageOther, Spec: " Greek"}) }, ErrBadSpec},
		{"spec on plain skill", func(c *Character) { c.Skills = append(c.Skills, SkillEntry{ID: "listen", Spec: "x"}) }, ErrBadSpec},
		{"weapon skill", func(c *Character) { c.Weapons[0].Skill = "listen" }, ErrWeaponSkill},
		{"weapon name", func(c *Character) { c.Weapons[0].Name = "" }, ErrBadWeaponName},
		{"weapon twice", func(c *Character) { c.Weapons[1].Name = " .38 REVOLVER" }, ErrDuplicate},
		{"weapon damage", func(c *Character) { c.Weapons[0].Damage = "" }, ErrNoDamage},
		{"weapon db", func(c *Character) { c.Weapons[0].DB = "double" }, ErrBadDamageBonus},
		{"weapon range", func(c *Character) { c.Weapons[0].Range = -1 }, ErrBadRange},
		{"weapon uses", func(c *Character) { c.Weapons[0].Uses = MaxUses + 1 }, ErrBadUses},
		{"weapon malfunction", func(c *Character) { c.Weapons[0].Malfunction = 101 }, ErrBadMalfunction},
		{"too many weapons", func(c *Character) {
			for i := range MaxWeapons {
				c.Weapons = append(c.Weapons, Weapon{Name: string(rune('a' + i)), Skill: Throw, Damage: "1d3"})
			}
		}, ErrTooManyWeapons},
		{"condition", func(c *Character) { c.Conditions = append(c.Conditions, ActiveCondition{ID: "sleepy"}) }, ErrUnknownCondition},
		{"condition twice", func(c *Character) { c.Conditions = append(c.Conditions, c.Conditions[0]) }, ErrDuplicate},
		{"dead with hp", func(c *Character) { c.Conditions = append(c.Conditions, ActiveCondition{ID: Dead}) }, ErrBadConditionState},
		{"condition day", func(c *Character) { c.Conditions[0].Day = -1 }, ErrBadDay},
		{"condition hours", func(c *Character) { c.Conditions[0].Hours = MaxHours + 1 }, ErrBadHours},
		{"san day", func(c *Character) { c.SanDay.Lost = -1 }, ErrBadSanDay},
		{"mythos count", func(c *Character) { c.MythosInsanities = -1 }, ErrBadMythosCount},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := fullSheet(t)
			tc.edit(c)
			wantCode(t, c.Validate(), tc.code)
			_, err := c.Encode()
			wantCode(t, err, tc.code)
		})
	}
}

func TestNewErrors(t *testing.T) {
	_, err := New("x", 30, Scores{STR: 120}, 50)
	wantCode(t, err, ErrBadChar)
	_, err = New("x", 30, baseScores, 120)
	wantCode(t, err, ErrBadPool)
	_, err = New("", 30, baseScores, 50)
	wantCode(t, err, ErrBadName)
	// a tiny investigator still has 1 HP
	c := must(New("tiny", 30, Scores{CON: 3, SIZ: 3, POW: 99}, 50))
	if c.MaxHP != 1 || c.SAN != 99 {
		t.Errorf("got %+v", c)
	}
}

func TestSkillList(t *testing.T) {
	c := fullSheet(t)
	list := c.SkillList()
	byID := map[Skill]SkillLine{}
	for _, l := range list {
		if l.Spec == "" {
			byID[l.ID] = l
		}
	}
	if byID[Dodge] != (SkillLine{ID: Dodge, Value: 40, Base: 35, Set: true}) {
		t.Errorf("dodge %+v", byID[Dodge])
	}
	if byID["spot_hidden"] != (SkillLine{ID: "spot_hidden", Value: 45, Base: 25, Mark: true, Set: true}) {
		t.Errorf("spot hidden %+v", byID["spot_hidden"])
	}
	if byID["climb"] != (SkillLine{ID: "climb", Value: 20, Base: 20}) || byID[LanguageOwn].Value != 80 {
		t.Errorf("climb %+v own %+v", byID["climb"], byID[LanguageOwn])
	}
	if _, ok := byID["computer_use"]; ok {
		t.Error("modern skill on a 1920s list")
	}
	if _, ok := byID["science"]; ok {
		t.Error("a bare any-skill listed")
	}
	found := false
	for i, l := range list {
		if l.ID == LanguageOther && l.Spec == "Latin" {
			found = l.Value == 41 && list[i+1].ID == LanguageOwn
		}
	}
	if !found {
		t.Error("Language (Other): Latin missing or out of place")
	}
	modern := c.SkillList(Standard, Modern, Uncommon)
	if len(modern) != len(list)+2+6 {
		t.Errorf("with modern and uncommon: %d vs %d", len(modern), len(list))
	}
}

func TestSkillValueErrors(t *testing.T) {
	c := investigator(t)
	_, err := c.SkillValue("astrology", "")
	wantCode(t, err, ErrUnknownSkill)
	wantCode(t, c.SetSkill("listen", "", -1), ErrBadSkillValue)
	wantCode(t, c.SetSkill("astrology", "", 5), ErrUnknownSkill)
	wantCode(t, c.SetSkill("listen", "ears", 5), ErrBadSpec)
	_, err = c.Value(Subject{})
	wantCode(t, err, ErrUnknownSkill)
}

func TestConditions(t *testing.T) {
	c := investigator(t)
	if added := must(c.AddCondition(ActiveCondition{ID: Prone})); !added || !c.Has(Prone) {
		t.Error("add")
	}
	if added := must(c.AddCondition(ActiveCondition{ID: Prone, Day: 2})); added || c.Conditions[0].Day != 2 {
		t.Error("replace")
	}
	if !c.RemoveCondition(Prone) || c.RemoveCondition(Prone) || c.Has(Prone) {
		t.Error("remove")
	}
	_, err := c.AddCondition(ActiveCondition{ID: "sleepy"})
	wantCode(t, err, ErrUnknownCondition)
	_, err = c.AddCondition(ActiveCondition{ID: Prone, Hours: -1})
	wantCode(t, err, ErrBadHours)
	if p := must(ParseCondition(" DYING")); p != Dying {
		t.Error("parse")
	}
	_, err = ParseCondition("sleepy")
	wantCode(t, err, ErrUnknownCondition)
}

func TestWeapons(t *testing.T) {
	c := fullSheet(t)
	if w := must(c.FindWeapon(" KNIFE ")); w.Name != "Knife" || w.DBMode() != DBFull || w.PerRound() != 1 || w.Ranged() {
		t.Errorf("knife %+v", w)
	}
	if revolver.DBMode() != DBNone || revolver.PerRound() != 3 || !revolver.Ranged() {
		t.Error("revolver")
	}
	bow := Weapon{Name: "bow", Skill: "firearms_bow", Damage: "1d6"}
	if bow.DBMode() != DBHalf {
		t.Error("bow")
	}
	_, err := c.FindWeapon("sword")
	wantCode(t, err, ErrUnknownWeapon)
	for _, tc := range []struct {
		in, notation string
		mode         DBMode
	}{
		{"1D8+DB", "1d8", DBFull}, {"1D6 + ½DB", "1d6", DBHalf}, {"1d4+db/2", "1d4", DBHalf},
		{"1d10+2", "1d10+2", ""}, {"2D6+1/2DB", "2d6", DBHalf}, {"1d3 + half DB", "1d3", DBHalf},
	} {
		n, m, err := ParseDamage(tc.in)
		if err != nil || n != tc.notation || m != tc.mode {
			t.Errorf("%q: %q %q %v", tc.in, n, m, err)
		}
	}
	for _, bad := range []string{"", "+DB", "1d"} {
		if _, _, err := ParseDamage(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestParseIDs(t *testing.T) {
	if s := must(ParseSkill(" Spot_Hidden ")); s != "spot_hidden" {
		t.Error(s)
	}
	if ch := must(ParseCharacteristic("LUCK")); ch != Luck {
		t.Error(ch)
	}
	_, err := ParseSkill("astrology")
	wantCode(t, err, ErrUnknownSkill)
	_, err = ParseCharacteristic("cha")
	wantCode(t, err, ErrUnknownChar)
}

// §4.1: base values, G7 choices included.
func TestSkillBases(t *testing.T) {
	s := Scores{DEX: 65, EDU: 72}
	for id, want := range map[Skill]int{"accounting": 5, "appraise": 5, "art_forgery": 5, "science_mathematics": 10,
		"science_physics": 1, Dodge: 32, LanguageOwn: 72, CreditRating: 0, CthulhuMythos: 0, FightingBrawl: 25,
		"firearms_rifle_shotgun": 25, FirstAidSkill: 30, "spot_hidden": 25, "computer_use": 5, "lore": 1,
		"fighting_whip": 5, "firearms_smg": 15, "survival": 10, "charm": 15} {
		info, ok := id.Info()
		if !ok || info.BaseValue(s) != want {
			t.Errorf("%s: %d, want %d", id, info.BaseValue(s), want)
		}
	}
	seen := map[Skill]bool{}
	for _, info := range Skills() {
		if seen[info.ID] || info.key != "coc.skill."+string(info.ID) {
			t.Errorf("%s: duplicate or key %q", info.ID, info.key)
		}
		seen[info.ID] = true
		if info.Parent != "" {
			if p, ok := info.Parent.Info(); !ok || !p.Any {
				t.Errorf("%s: parent %s", info.ID, info.Parent)
			}
		}
	}
}
