package dnd5e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// srdDir finds the SRD 5.1 reference data (RULEKEEPER_SRD_DIR, else the
// shared folder beside the repository) or skips the test.
func srdDir(t *testing.T) string {
	t.Helper()
	for _, dir := range []string{os.Getenv("RULEKEEPER_SRD_DIR"), filepath.Join("..", "..", "..", "shared", "data", "srd-5.1")} {
		if dir == "" {
			continue
		}
		if st, err := os.Stat(dir); err == nil && st.IsDir() {
			return dir
		}
	}
	t.Skip("SRD 5.1 reference data not found (set RULEKEEPER_SRD_DIR)")
	return ""
}

func readSRD(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(srdDir(t), name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

type ref struct {
	Index string `json:"index"`
}

func TestSRDAbilities(t *testing.T) {
	var rows []ref
	readSRD(t, "Ability-Scores.json", &rows)
	var got []string
	for _, a := range Abilities() {
		got = append(got, string(a))
	}
	var want []string
	for _, r := range rows {
		want = append(want, r.Index)
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("abilities %v, SRD %v", got, want)
	}
}

func TestSRDSkills(t *testing.T) {
	var rows []struct {
		Index        string `json:"index"`
		AbilityScore ref    `json:"ability_score"`
	}
	readSRD(t, "Skills.json", &rows)
	if len(rows) != 18 || len(Skills()) != 18 {
		t.Fatalf("SRD has %d skills, table %d", len(rows), len(Skills()))
	}
	for _, r := range rows {
		id := Skill(strings.ReplaceAll(r.Index, "-", "_"))
		if got := id.Ability(); string(got) != r.AbilityScore.Index {
			t.Errorf("skill %s: ability %q, SRD %q", id, got, r.AbilityScore.Index)
		}
	}
}

func TestSRDClasses(t *testing.T) {
	var rows []struct {
		Index        string `json:"index"`
		HitDie       int    `json:"hit_die"`
		SavingThrows []ref  `json:"saving_throws"`
		Spellcasting *struct {
			Ability ref `json:"spellcasting_ability"`
		} `json:"spellcasting"`
	}
	readSRD(t, "Classes.json", &rows)
	if len(rows) != 12 || len(Classes()) != 12 {
		t.Fatalf("SRD has %d classes, table %d", len(rows), len(Classes()))
	}
	for _, r := range rows {
		info, ok := Class(r.Index).Info()
		if !ok {
			t.Errorf("class %s missing", r.Index)
			continue
		}
		if info.HitDie != r.HitDie {
			t.Errorf("%s hit die d%d, SRD d%d", r.Index, info.HitDie, r.HitDie)
		}
		if len(r.SavingThrows) != 2 || string(info.Saves[0]) != r.SavingThrows[0].Index || string(info.Saves[1]) != r.SavingThrows[1].Index {
			t.Errorf("%s saves %v, SRD %v", r.Index, info.Saves, r.SavingThrows)
		}
		want := ""
		if r.Spellcasting != nil {
			want = r.Spellcasting.Ability.Index
		}
		if string(info.Spellcasting) != want {
			t.Errorf("%s spellcasting %q, SRD %q", r.Index, info.Spellcasting, want)
		}
	}
}

func TestSRDConditionsAndDamageTypes(t *testing.T) {
	for _, tc := range []struct {
		file string
		got  []string
	}{
		{"Conditions.json", toStrings(Conditions())},
		{"Damage-Types.json", toStrings(DamageTypes())},
	} {
		var rows []ref
		readSRD(t, tc.file, &rows)
		var want []string
		for _, r := range rows {
			want = append(want, r.Index)
		}
		if strings.Join(tc.got, ",") != strings.Join(want, ",") {
			t.Errorf("%s: table %v, SRD %v", tc.file, tc.got, want)
		}
	}
}

func TestSRDProficiencyBonus(t *testing.T) {
	var rows []struct {
		Level     int  `json:"level"`
		ProfBonus *int `json:"prof_bonus"`
	}
	readSRD(t, "Levels.json", &rows)
	n := 0
	for _, r := range rows {
		if r.ProfBonus == nil {
			continue // subclass rows
		}
		n++
		if got := ProficiencyBonus(r.Level); got != *r.ProfBonus {
			t.Errorf("level %d: proficiency %d, SRD %d", r.Level, got, *r.ProfBonus)
		}
	}
	if n < 20 {
		t.Errorf("only %d level rows checked", n)
	}
}

func toStrings[T ~string](xs []T) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = string(x)
	}
	return out
}

// TestTableKeys checks that every table id has the catalog key prefix+id and
// that the tables have the sizes of the SRD (also without the SRD data).
func TestTableKeys(t *testing.T) {
	check := func(prefix string, ids []string, key func(string) string, n int) {
		t.Helper()
		if len(ids) != n {
			t.Errorf("%s: %d ids, want %d", prefix, len(ids), n)
		}
		seen := map[string]bool{}
		for _, id := range ids {
			if seen[id] {
				t.Errorf("%s%s duplicated", prefix, id)
			}
			seen[id] = true
			if got := key(id); got != prefix+id {
				t.Errorf("key of %q = %q, want %q", id, got, prefix+id)
			}
		}
	}
	check("dnd5e.ability.", toStrings(Abilities()), func(s string) string { return Ability(s).Key() }, 6)
	var skills []string
	for _, s := range Skills() {
		skills = append(skills, string(s.ID))
	}
	check("dnd5e.skill.", skills, func(s string) string { return Skill(s).Key() }, 18)
	var classes []string
	for _, c := range Classes() {
		classes = append(classes, string(c.ID))
	}
	check("dnd5e.class.", classes, func(s string) string { return Class(s).Key() }, 12)
	check("dnd5e.condition.", toStrings(Conditions()), func(s string) string { return Condition(s).Key() }, 15)
	check("dnd5e.damage.", toStrings(DamageTypes()), func(s string) string { return DamageType(s).Key() }, 13)
	check("dnd5e.state.", toStrings(States()), func(s string) string { return State(s).Key() }, 4)
	check("dnd5e.effect.", toStrings(EffectKinds()), func(s string) string { return EffectKind(s).Key() }, 10)
	check("dnd5e.mode.", []string{"normal", "adv", "dis"}, func(s string) string { return Mode(s).Key() }, 3)
	check("dnd5e.outcome.", []string{"success", "failure", "hit", "crit", "miss"}, func(s string) string { return Outcome(s).Key() }, 5)
	check("dnd5e.deathsave.", []string{"success", "failure", "double_failure", "revived"}, func(s string) string { return DeathOutcome(s).Key() }, 4)
	for _, bad := range []string{"", "STR", "foo"} {
		if Ability(bad).Valid() || Skill(bad).Valid() || Class(bad).Valid() || Condition(bad).Valid() || DamageType(bad).Valid() {
			t.Errorf("%q counted as a valid id", bad)
		}
	}
}

func TestSkillAbilities(t *testing.T) {
	// B3's table.
	want := map[Ability][]Skill{
		Str: {"athletics"},
		Dex: {"acrobatics", "sleight_of_hand", "stealth"},
		Int: {"arcana", "history", "investigation", "nature", "religion"},
		Wis: {"animal_handling", "insight", "medicine", "perception", "survival"},
		Cha: {"deception", "intimidation", "performance", "persuasion"},
	}
	n := 0
	for a, skills := range want {
		for _, s := range skills {
			n++
			if s.Ability() != a {
				t.Errorf("%s: ability %q, want %q", s, s.Ability(), a)
			}
		}
	}
	if n != 18 {
		t.Fatalf("test table has %d skills", n)
	}
}

func TestParsers(t *testing.T) {
	if a, err := ParseAbility(" DEX "); err != nil || a != Dex {
		t.Errorf("ParseAbility = %q, %v", a, err)
	}
	if s, err := ParseSkill("Sleight of Hand"); err != nil || s != "sleight_of_hand" {
		t.Errorf("ParseSkill = %q, %v", s, err)
	}
	if s, err := ParseSkill("animal-handling"); err != nil || s != "animal_handling" {
		t.Errorf("ParseSkill = %q, %v", s, err)
	}
	if c, err := ParseClass("Wizard"); err != nil || c != "wizard" {
		t.Errorf("ParseClass = %q, %v", c, err)
	}
	if c, err := ParseCondition("Prone"); err != nil || c != Prone {
		t.Errorf("ParseCondition = %q, %v", c, err)
	}
	if d, err := ParseDamageType("FIRE"); err != nil || d != "fire" {
		t.Errorf("ParseDamageType = %q, %v", d, err)
	}
	for _, tc := range []struct {
		err  error
		code string
	}{
		{second(ParseAbility("luck")), ErrUnknownAbility},
		{second(ParseSkill("cooking")), ErrUnknownSkill},
		{second(ParseClass("artificer")), ErrUnknownClass},
		{second(ParseCondition("dazed")), ErrUnknownCondition},
		{second(ParseDamageType("holy")), ErrUnknownDamageType},
		{second(ParseMode("lucky")), ErrBadMode},
		{second(ParseCritRule("triple")), ErrBadCritRule},
	} {
		wantCode(t, tc.err, tc.code)
	}
	for in, want := range map[string]Mode{"": Normal, "adv": Advantage, "Advantage": Advantage, "dis": Disadvantage, "disadvantage": Disadvantage, "normal": Normal} {
		if got, err := ParseMode(in); err != nil || got != want {
			t.Errorf("ParseMode(%q) = %q, %v", in, got, err)
		}
	}
}

func second[T any](_ T, err error) error { return err }

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	e, ok := err.(*Error)
	if !ok {
		t.Errorf("error %v (%T), want code %s", err, err, code)
		return
	}
	if e.Code != code {
		t.Errorf("error code %s, want %s (%v)", e.Code, code, e)
	}
}
