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
	c.Subclass = "champion"
	c.AddEffect(NewEffect(EffectSource{Kind: SourceSpell, ID: "aid"}, Rounds(2), Mod{Kind: ModMaxHP, Value: 5}))
	c.AddEffect(NewEffect(EffectSource{Kind: SourceSpell, ID: "bless"}, Minutes(1), Mod{Kind: ModBonus, Roll: ScopeAttack, Dice: "1d4"}))
	c.AddCounter("Arrows", 0, 20, ResetLong)
	c.Spent = map[string]int{"second_wind": 1}
	seed, _ = json.Marshal(c)
	f.Add(seed, uint64(3), 12)
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
			func() { c.OnTurn(TurnEvent{Who: c.Name}) },
			func() { c.OnTurn(TurnEvent{Who: c.Name, End: true}) },
			func() { c.UseFeature("second_wind", r, FeatureOptions{}) },
			func() { c.UseFeature("action_surge", r, FeatureOptions{}) },
			func() {
				c.AddEffect(NewEffect(EffectSource{Kind: SourceCustom, Name: "ward"}, Duration{}, Mod{Kind: ModMaxHP, Value: amount % 50}))
			},
			func() { c.RemoveEffect("ward") },
			func() { c.EndConcentrationEffects("Ana", "") },
			func() {
				for _, a := range c.Attacks {
					if res, err := c.AttackAction(a.Name, Target{AC: 12}, r, AttackOptions{Turn: "t"}); err == nil {
						for _, x := range res {
							c.SpendEffects(x.Applied, "t")
						}
					}
				}
			},
			func() { c.AddCounter("Luck", -amount%10, amount%10, ResetShort) },
			func() { c.UseCounter("Arrows", amount%30) },
			func() { c.SetCounter("Luck", amount%12) },
		}
		for i, step := range steps {
			step()
			if err := c.Validate(); err != nil {
				t.Fatalf("step %d left an invalid sheet: %v\n%+v", i, err, c)
			}
		}
	})
}
