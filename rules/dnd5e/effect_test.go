package dnd5e

import (
	"reflect"
	"slices"
	"testing"

	"rulekeeper/rules/dice"
)

// fx builds a spell effect until removed.
func fx(spell string, mods ...Mod) ActiveEffect {
	return NewEffect(EffectSource{Kind: SourceSpell, ID: spell}, Duration{}, mods...)
}

// custom builds a custom effect until removed.
func custom(name string, mods ...Mod) ActiveEffect {
	return NewEffect(EffectSource{Kind: SourceCustom, Name: name}, Duration{}, mods...)
}

var (
	blessAttack = Mod{Kind: ModBonus, Roll: ScopeAttack, Dice: "1d4"}
	blessSave   = Mod{Kind: ModBonus, Roll: ScopeSave, Dice: "1d4"}
	bless       = fx("bless", blessAttack, blessSave)
	bane        = fx("bane", Mod{Kind: ModBonus, Roll: ScopeAttack, Dice: "-1d4"}, Mod{Kind: ModBonus, Roll: ScopeSave, Dice: "-1d4"})
)

func withEffects(t *testing.T, c *Character, list ...ActiveEffect) *Character {
	t.Helper()
	for _, e := range list {
		if _, err := c.AddEffect(e); err != nil {
			t.Fatalf("AddEffect(%s): %v", e.ID, err)
		}
	}
	return c
}

// TestEffectsOnAttacks: each attack effect on its rule, with forced dice.
func TestEffectsOnAttacks(t *testing.T) {
	goblin := Target{Name: "goblin", AC: 15}
	fiend := Target{Name: "imp", CreatureType: "fiend"}
	for _, tc := range []struct {
		name     string
		mine     []ActiveEffect // on Brom (longsword +5, 1d8+3 slashing)
		attack   string
		attacker *Target // an NPC attacker instead of Brom (RollAttack, +4, 1d6+2)
		target   Target
		opts     AttackOptions
		faces    []int
		notation string
		total    int
		ac       int
		outcome  Outcome
		damage   int // -1: none
		dmgNote  string
		applied  []Applied // Brom's (or the NPC's) Applied, Faces and Total included
		tapplied []Applied
	}{
		{name: "bless adds its d4 and lists it", mine: []ActiveEffect{bless}, target: goblin, faces: []int{8, 2, 5},
			notation: "1d20+5+1d4[bless]", total: 15, ac: 15, outcome: OutcomeHit, damage: 8, dmgNote: "1d8[slashing]+3",
			applied: []Applied{{Effect: "bless", Source: bless.Source, Kind: ModBonus, Dice: "1d4", Faces: []int{2}, Total: 2}}},
		{name: "bane takes its d4", mine: []ActiveEffect{bane}, target: goblin, faces: []int{12, 3},
			notation: "1d20+5-1d4[bane]", total: 14, ac: 15, outcome: OutcomeMiss, damage: -1,
			applied: []Applied{{Effect: "bane", Source: bane.Source, Kind: ModBonus, Dice: "-1d4", Faces: []int{3}, Total: -3}}},
		{name: "shield of faith on the target", target: Target{Name: "Ana", AC: 15, Effects: []ActiveEffect{
			fx("shield_of_faith", Mod{Kind: ModAC, Value: 2})}}, faces: []int{11},
			notation: "1d20+5", total: 16, ac: 17, outcome: OutcomeMiss, damage: -1,
			tapplied: []Applied{{Effect: "shield_of_faith", Source: EffectSource{Kind: SourceSpell, ID: "shield_of_faith"}, Kind: ModAC, Value: 2, Total: 2}}},
		{name: "faerie fire: attacks against it have advantage", target: Target{Name: "orc", AC: 13, Effects: []ActiveEffect{
			fx("faerie_fire", Mod{Kind: ModAdvantage, Roll: ScopeAttacked})}}, faces: []int{2, 9, 4},
			notation: "2d20kh1+5", total: 14, ac: 13, outcome: OutcomeHit, damage: 7, dmgNote: "1d8[slashing]+3",
			tapplied: []Applied{{Effect: "faerie_fire", Source: EffectSource{Kind: SourceSpell, ID: "faerie_fire"}, Kind: ModAdvantage}}},
		{name: "protection from evil: a fiend attacks with disadvantage", attacker: &fiend,
			target: Target{Name: "Ana", AC: 12, Effects: []ActiveEffect{fx("protection_from_evil_and_good",
				Mod{Kind: ModDisadvantage, Roll: ScopeAttacked, VsTypes: []string{"aberration", "fiend", "undead"}})}},
			faces: []int{15, 6}, notation: "2d20kl1+4", total: 10, ac: 12, outcome: OutcomeMiss, damage: -1,
			tapplied: []Applied{{Effect: "protection_from_evil_and_good", Source: EffectSource{Kind: SourceSpell, ID: "protection_from_evil_and_good"}, Kind: ModDisadvantage}}},
		{name: "protection from evil: a humanoid attacks normally", attacker: &Target{Name: "bandit", CreatureType: "humanoid"},
			target: Target{Name: "Ana", AC: 12, Effects: []ActiveEffect{fx("protection_from_evil_and_good",
				Mod{Kind: ModDisadvantage, Roll: ScopeAttacked, VsTypes: []string{"fiend"}})}},
			faces: []int{15, 6}, notation: "1d20+4", total: 19, ac: 12, outcome: OutcomeHit, damage: 8, dmgNote: "1d6+2"},
		{name: "improved critical: 19 crits", mine: []ActiveEffect{custom("keen", Mod{Kind: ModCritRange, Value: 19, Attack: WeaponAttack})},
			target: Target{AC: 30}, faces: []int{19, 3, 5}, notation: "1d20+5", total: 24, ac: 30, outcome: OutcomeCrit,
			damage: 11, dmgNote: "2d8[slashing]+3",
			applied: []Applied{{Effect: "keen", Source: EffectSource{Kind: SourceCustom, Name: "keen"}, Kind: ModCritRange, Value: 19}}},
		{name: "rage damage on a STR melee hit", mine: []ActiveEffect{rageEffect(2)}, target: goblin, faces: []int{10, 6},
			notation: "1d20+5", total: 15, ac: 15, outcome: OutcomeHit, damage: 11, dmgNote: "1d8[slashing]+3+2[rage]",
			applied: []Applied{{Effect: "rage", Source: EffectSource{Kind: SourceFeature, ID: "rage"}, Kind: ModDamage, Value: 2, Total: 2}}},
		{name: "no rage damage with the crossbow", mine: []ActiveEffect{rageEffect(2)}, attack: "Light crossbow", target: goblin,
			faces: []int{11, 8}, notation: "1d20+4", total: 15, ac: 15, outcome: OutcomeHit, damage: 9, dmgNote: "1d8[piercing]+1"},
		{name: "hunter's mark on the marked goblin", mine: []ActiveEffect{fx("hunters_mark", Mod{Kind: ModDamage, Dice: "1d6", Attack: WeaponAttack, Vs: "Goblin"})},
			target: goblin, faces: []int{10, 6, 4}, notation: "1d20+5", total: 15, ac: 15, outcome: OutcomeHit, damage: 13,
			dmgNote: "1d8[slashing]+3+1d6[hunters_mark]",
			applied: []Applied{{Effect: "hunters_mark", Source: EffectSource{Kind: SourceSpell, ID: "hunters_mark"}, Kind: ModDamage, Dice: "1d6", Faces: []int{4}, Total: 4}}},
		{name: "hunter's mark not on another", mine: []ActiveEffect{fx("hunters_mark", Mod{Kind: ModDamage, Dice: "1d6", Attack: WeaponAttack, Vs: "orc"})},
			target: goblin, faces: []int{10, 6}, notation: "1d20+5", total: 15, ac: 15, outcome: OutcomeHit, damage: 9, dmgNote: "1d8[slashing]+3"},
		// B5.2: a critical hit doubles every damage die, the effect's too.
		{name: "a crit doubles an effect's die", mine: []ActiveEffect{custom("hex", Mod{Kind: ModDamage, Dice: "1d6", Type: "necrotic", Vs: "goblin"})},
			target: goblin, faces: []int{20, 1, 2, 3, 4}, notation: "1d20+5", total: 25, ac: 15, outcome: OutcomeCrit, damage: 13,
			dmgNote: "2d8[slashing]+3+2d6[necrotic][hex]",
			applied: []Applied{{Effect: "hex", Source: EffectSource{Kind: SourceCustom, Name: "hex"}, Kind: ModDamage, Dice: "1d6", Type: "necrotic", Faces: []int{3, 4}, Total: 7}}},
		{name: "brutal critical: one more weapon die, rolled once", mine: []ActiveEffect{custom("brutal", Mod{Kind: ModCritDice, Value: 1, Attack: MeleeWeapon})},
			target: goblin, faces: []int{20, 1, 2, 8}, notation: "1d20+5", total: 25, ac: 15, outcome: OutcomeCrit, damage: 14,
			dmgNote: "2d8[slashing]+3+1d8[brutal]",
			applied: []Applied{{Effect: "brutal", Source: EffectSource{Kind: SourceCustom, Name: "brutal"}, Kind: ModCritDice, Value: 1, Dice: "1d8", Faces: []int{8}, Total: 8}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var res *AttackResult
			var err error
			if tc.attacker != nil {
				res, err = RollAttack(*tc.attacker, tc.target, 4, "1d6+2", forced(tc.faces...), tc.opts)
			} else {
				c := withEffects(t, fighter3(t), tc.mine...)
				name := tc.attack
				if name == "" {
					name = "Longsword"
				}
				res, err = c.Attack(name, tc.target, forced(tc.faces...), tc.opts)
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Notation != tc.notation || res.Total != tc.total || res.AC != tc.ac || res.Outcome != tc.outcome {
				t.Errorf("%s = %d vs AC %d → %s, want %s = %d vs %d → %s", res.Notation, res.Total, res.AC, res.Outcome,
					tc.notation, tc.total, tc.ac, tc.outcome)
			}
			switch {
			case tc.damage < 0 && res.Damage != nil:
				t.Errorf("damage %+v, want none", res.Damage)
			case tc.damage >= 0 && (res.Damage == nil || res.Damage.Total != tc.damage || res.Damage.Notation != tc.dmgNote):
				t.Errorf("damage %+v, want %d from %s", res.Damage, tc.damage, tc.dmgNote)
			}
			if !reflect.DeepEqual(res.Applied, tc.applied) {
				t.Errorf("applied %+v\nwant    %+v", res.Applied, tc.applied)
			}
			if !reflect.DeepEqual(res.TargetApplied, tc.tapplied) {
				t.Errorf("target applied %+v\nwant           %+v", res.TargetApplied, tc.tapplied)
			}
		})
	}
}

func rageEffect(bonus int) ActiveEffect {
	return NewEffect(EffectSource{Kind: SourceFeature, ID: "rage"}, Minutes(1),
		Mod{Kind: ModDamage, Value: bonus, Attack: MeleeWeapon, Ability: Str},
		Mod{Kind: ModResist, Type: "bludgeoning"}, Mod{Kind: ModResist, Type: "piercing"}, Mod{Kind: ModResist, Type: "slashing"},
		Mod{Kind: ModAdvantage, Roll: ScopeCheck, Ability: Str}, Mod{Kind: ModAdvantage, Roll: ScopeSave, Ability: Str})
}

// TestEffectsOnChecksAndSaves: bonuses, modes, minimums and automatic failures on checks, saves and death saves.
func TestEffectsOnChecksAndSaves(t *testing.T) {
	guidance := fx("guidance", Mod{Kind: ModBonus, Roll: ScopeCheck, Dice: "1d4"})
	guidance.Uses = 1
	reliable := custom("reliable", Mod{Kind: ModMinD20, Roll: ScopeCheck, Value: 10, Prof: Proficient})
	joat := custom("joat", Mod{Kind: ModBonus, Roll: ScopeCheck, Value: 1, Prof: Unproficient})
	hold := custom("held", Mod{Kind: ModSaveAutoFail, Roll: ScopeSave, Ability: Dex})
	for _, tc := range []struct {
		name     string
		fx       []ActiveEffect
		roll     func(c *Character, r dice.Roller) (*RollResult, error)
		faces    []int
		notation string
		total    int
		mode     Mode
		autoFail bool
		spent    bool
	}{
		{name: "guidance on a check, one use", fx: []ActiveEffect{guidance}, faces: []int{10, 3}, notation: "1d20+5+1d4[guidance]", total: 18, spent: true,
			roll: func(c *Character, r dice.Roller) (*RollResult, error) {
				return c.SkillCheck("athletics", r, RollOptions{})
			}},
		{name: "guidance not on a save", fx: []ActiveEffect{guidance}, faces: []int{10}, notation: "1d20+5", total: 15,
			roll: func(c *Character, r dice.Roller) (*RollResult, error) { return c.Save(Str, r, RollOptions{}) }},
		{name: "bless on a save", fx: []ActiveEffect{bless}, faces: []int{10, 4}, notation: "1d20+4+1d4[bless]", total: 18,
			roll: func(c *Character, r dice.Roller) (*RollResult, error) { return c.Save(Con, r, RollOptions{}) }},
		{name: "bless and bane both", fx: []ActiveEffect{bless, bane}, faces: []int{10, 4, 1}, notation: "1d20+4+1d4[bless]-1d4[bane]", total: 17,
			roll: func(c *Character, r dice.Roller) (*RollResult, error) { return c.Save(Con, r, RollOptions{}) }},
		{name: "reliable talent lifts a 3 to 10", fx: []ActiveEffect{reliable}, faces: []int{3}, notation: "1d20mi10+5", total: 15,
			roll: func(c *Character, r dice.Roller) (*RollResult, error) {
				return c.SkillCheck("athletics", r, RollOptions{})
			}},
		{name: "reliable talent needs proficiency", fx: []ActiveEffect{reliable}, faces: []int{3}, notation: "1d20+1", total: 4,
			roll: func(c *Character, r dice.Roller) (*RollResult, error) {
				return c.SkillCheck("stealth", r, RollOptions{})
			}},
		{name: "jack of all trades on a check without proficiency", fx: []ActiveEffect{joat}, faces: []int{3}, notation: "1d20+1+1[joat]", total: 5,
			roll: func(c *Character, r dice.Roller) (*RollResult, error) {
				return c.SkillCheck("stealth", r, RollOptions{})
			}},
		{name: "jack of all trades on initiative", fx: []ActiveEffect{joat}, faces: []int{3}, notation: "1d20+1+1[joat]", total: 5,
			roll: func(c *Character, r dice.Roller) (*RollResult, error) { return c.Initiative(r, RollOptions{}) }},
		{name: "rage: advantage on STR checks", fx: []ActiveEffect{rageEffect(2)}, faces: []int{3, 17}, notation: "2d20kh1+3", total: 20, mode: Advantage,
			roll: func(c *Character, r dice.Roller) (*RollResult, error) { return c.AbilityCheck(Str, r, RollOptions{}) }},
		{name: "rage: not on DEX saves", fx: []ActiveEffect{rageEffect(2)}, faces: []int{3}, notation: "1d20+1", total: 4,
			roll: func(c *Character, r dice.Roller) (*RollResult, error) { return c.Save(Dex, r, RollOptions{}) }},
		{name: "rage and poisoned cancel on a STR check", fx: []ActiveEffect{rageEffect(2)}, faces: []int{3}, notation: "1d20+3", total: 6,
			roll: func(c *Character, r dice.Roller) (*RollResult, error) {
				c.Conditions = conds(Poisoned)
				return c.AbilityCheck(Str, r, RollOptions{})
			}},
		{name: "an effect fails DEX saves", fx: []ActiveEffect{hold}, autoFail: true,
			roll: func(c *Character, r dice.Roller) (*RollResult, error) { return c.Save(Dex, r, RollOptions{DC: 5}) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := withEffects(t, fighter3(t), tc.fx...)
			if tc.roll == nil {
				t.Fatal("no roll")
			}
			res, err := tc.roll(c, forced(tc.faces...))
			if err != nil {
				t.Fatal(err)
			}
			if tc.mode == "" {
				tc.mode = Normal
			}
			if res.Notation != tc.notation || res.Total != tc.total || res.Mode != tc.mode || res.AutoFail != tc.autoFail {
				t.Errorf("%s = %d (%s, autofail %v), want %s = %d (%s, %v)", res.Notation, res.Total, res.Mode, res.AutoFail,
					tc.notation, tc.total, tc.mode, tc.autoFail)
			}
			spent := slices.ContainsFunc(res.Applied, func(a Applied) bool { return a.Spent })
			if spent != tc.spent {
				t.Errorf("spent %v, want %v: %+v", spent, tc.spent, res.Applied)
			}
			if tc.spent {
				if ended := c.SpendEffects(res.Applied, ""); len(ended) != 1 || len(c.Effects) != len(tc.fx)-1 {
					t.Errorf("spending: ended %v, left %v", ended, c.Effects)
				}
			}
		})
	}
}
