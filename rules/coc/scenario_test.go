package coc

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestInvestigationGolden plays a short investigation with forced dice and pins every result's JSON in
// testdata/investigation.json (go test -update rewrites it): a library search that fails and is pushed, a Luck
// spend, a SAN loss with temporary insanity, and a fight with a major wound.
func TestInvestigationGolden(t *testing.T) {
	c := investigator(t) // Library Use 60, Persuade 50, Luck 40, SAN 60, INT 85, CON 60, HP 12
	c.Weapons = []Weapon{revolver}
	steps := []struct {
		name string
		run  func() (any, error)
	}{
		{"library", func() (any, error) {
			first, err := c.Check(rolls(71), CheckOptions{Subject: SkillSubject("library_use")})
			if err != nil {
				return nil, err
			}
			return c.Push(rolls(44), first)
		}},
		{"luck", func() (any, error) {
			return c.Check(rolls(58), CheckOptions{Subject: SkillSubject("persuade"), Luck: 10})
		}},
		{"sanity", func() (any, error) {
			return c.Sanity(faces(d100faces(80), []int{6}, d100faces(35), []int{4}),
				SanityInput{Loss: "1/1d10", Day: 1, Mythos: true})
		}},
		{"melee", func() (any, error) {
			return Melee(rolls(12, 70), MeleeInput{
				Attack:  CheckInput{Subject: SkillSubject(FightingBrawl), Value: 60},
				Defence: DefenceDodge, Defend: CheckInput{Subject: SkillSubject(Dodge), Value: must(c.Value(SkillSubject(Dodge)))}})
		}},
		{"damage", func() (any, error) {
			return RollDamage(forced(3), DamageInput{Weapon: Weapon{Name: "knife", Skill: FightingBrawl, Damage: "1d4",
				Impale: true}, DB: DamageBonus{Count: 1, Sides: 4}, Extreme: true, Armour: c.Armour})
		}},
		{"wound", func() (any, error) { return c.TakeDamage(rolls(75), 11, DeathClassic) }},
		{"shot", func() (any, error) {
			return Shoot(faces(d100faces(30), []int{5}), ShotInput{Value: 45, DEX: 70, Weapon: revolver, Distance: 75,
				Mods: []Mod{ModAiming}})
		}},
		{"develop", func() (any, error) { return c.Develop(faces(d100faces(88), []int{5})) }},
		{"sheet", func() (any, error) { return c, c.Validate() }},
	}
	var buf bytes.Buffer
	buf.WriteString("{\n")
	for i, s := range steps {
		v, err := s.run()
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		data, err := json.MarshalIndent(v, "  ", "  ")
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		buf.WriteString("  " + `"` + s.name + `": `)
		buf.Write(data)
		if i < len(steps)-1 {
			buf.WriteString(",")
		}
		buf.WriteString("\n")
	}
	buf.WriteString("}\n")
	path := filepath.Join("testdata", "investigation.json")
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
		t.Errorf("results changed; run go test -update and review the diff:\n%s", buf.Bytes())
	}
	// the story the file tells, asserted directly too
	if c.Luck != 32 || c.SAN != 54 || c.Mythos() != 5 || c.HP != 1 || !c.Has(MajorWound) || !c.Has(Unconscious) ||
		!c.Has(InsanityTemporary) || c.Skills[c.entry("library_use", "")].Value != 65 {
		t.Errorf("sheet after: %+v", c)
	}
}
