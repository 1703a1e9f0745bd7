package dnd5e

import (
	"encoding/json"
	"testing"
	"time"

	"rulekeeper/rules/dice"
)

// FuzzRollDamage: any notation either fails cleanly or gives a consistent,
// non-negative damage result.
func FuzzRollDamage(f *testing.F) {
	for _, s := range []string{"1d8[slashing]+3", "2d6[fire]+1d8[cold]-2", "(1d6+2)[fire]*2", "1d4-5", "4d6kh3[acid] x", "", "1d", "[fire]", "-1d6[Fire]"} {
		f.Add(s, true, false)
	}
	f.Fuzz(func(t *testing.T, notation string, crit, maxRule bool) {
		rule := CritDouble
		if maxRule {
			rule = CritMax
		}
		target := Target{Resist: []DamageType{"fire"}, Vuln: []DamageType{"cold"}, Immune: []DamageType{"acid"}}
		d, err := RollDamage(notation, crit, rule, target, dice.NewSeeded(1))
		if err != nil {
			return
		}
		sum, raw := 0, 0
		for _, p := range d.Parts {
			if p.Raw < 0 || p.Final < 0 {
				t.Fatalf("negative damage %+v", p)
			}
			sum += p.Final
			raw += p.Raw
		}
		if sum != d.Total || raw != d.Raw || d.Total < 0 || len(d.Parts) == 0 {
			t.Fatalf("inconsistent %+v", d)
		}
		if _, err := json.Marshal(d); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzSheet: a stored sheet either fails to decode or survives every
// mechanic still valid.
func FuzzSheet(f *testing.F) {
	c, _ := New("Brom", "fighter", 3, Scores{16, 12, 14, 10, 13, 8})
	c.Attacks = []Attack{{Name: "Longsword", Ability: Str, Proficient: true, Damage: "1d8[slashing]"}}
	c.Conditions = []ActiveCondition{{ID: Poisoned, Rounds: 2}}
	seed, _ := json.Marshal(c)
	f.Add(seed, uint64(1), 7)
	f.Add([]byte(`{"v":1}`), uint64(2), 30)
	f.Fuzz(func(t *testing.T, data []byte, seed uint64, amount int) {
		c, err := Decode(data)
		if err != nil {
			return
		}
		r := dice.NewSeeded(seed)
		now := time.Unix(1_800_000_000, 0)
		steps := []func(){
			func() { c.SkillCheck("athletics", r, RollOptions{Bonus: "1d4", DC: 12}) },
			func() { c.Save(Dex, r, RollOptions{Mode: Advantage}) },
			func() {
				for _, a := range c.Attacks {
					c.Attack(a.Name, c.AsTarget(), r, AttackOptions{CritRule: CritMax})
				}
			},
			func() { c.Damage(amount, "fire", amount%2 == 0) },
			func() { c.DeathSave(r, RollOptions{}) },
			func() { c.Stabilize(r, StabilizeOptions{MedicineBonus: 2}) },
			func() { c.Heal(amount) },
			func() { c.SetTempHP(amount) },
			func() { c.AddCondition(Unconscious, ConditionOptions{Rounds: 1}) },
			func() { c.AddCondition(Exhaustion, ConditionOptions{Levels: 1 + amount%3}) },
			func() { c.TickConditions() },
			func() { c.ShortRest(1, r) },
			func() { c.LongRest(now) },
			func() { c.SetMaxHP(amount) },
			func() { c.RemoveCondition(Exhaustion) },
			func() { c.PassiveScore(Perception, Normal) },
		}
		for i, step := range steps {
			step()
			if err := c.Validate(); err != nil {
				t.Fatalf("step %d left an invalid sheet: %v\n%+v", i, err, c)
			}
		}
	})
}
