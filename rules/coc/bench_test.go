package coc

import (
	"testing"

	"rulekeeper/rules/dice"
)

func BenchmarkCheck(b *testing.B) {
	r := dice.NewSeeded(1)
	in := CheckInput{Subject: SkillSubject("spot_hidden"), Value: 55, Bonus: 1}
	for b.Loop() {
		if _, err := Check(r, in); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCheckOdds(b *testing.B) {
	for b.Loop() {
		CheckOdds(55, DifficultyHard, -2, 0)
	}
}

func BenchmarkMeleeOdds(b *testing.B) {
	in := MeleeInput{Attack: CheckInput{Value: 50, Bonus: 1}, Defence: DefenceFightBack, Defend: CheckInput{Value: 45}}
	for b.Loop() {
		MeleeOddsOf(in)
	}
}

func BenchmarkSanity(b *testing.B) {
	r := dice.NewSeeded(1)
	base := must(New("x", 30, Scores{STR: 50, CON: 50, SIZ: 50, DEX: 50, APP: 50, INT: 50, POW: 80, EDU: 50}, 50))
	for b.Loop() {
		c := *base
		c.Conditions = nil
		if _, err := c.Sanity(r, SanityInput{Loss: "1/1d6", Day: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGenerate(b *testing.B) {
	r := dice.NewSeeded(1)
	for b.Loop() {
		if _, err := Generate(r, GenerateInput{Age: 45}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDecode(b *testing.B) {
	c := must(New("x", 30, baseScores, 50))
	must(0, c.SetSkill("spot_hidden", "", 60))
	c.Weapons = []Weapon{revolver}
	data := must(c.Encode())
	for b.Loop() {
		if _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}
