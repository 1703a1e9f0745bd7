package dnd5e

import (
	"reflect"
	"testing"
)

// TestCastEffects: what Cast reports beyond damage for each kind of spell
// outcome, with forced dice. The casters have +3 in their casting ability.
func TestCastEffects(t *testing.T) {
	for _, tc := range []struct {
		name    string
		spell   string
		class   Class
		level   int
		slot    int
		opts    CastOptions
		targets []SpellTarget
		faces   []int
		check   func(t *testing.T, res *CastResult)
	}{
		{name: "bless: +1d4 on attacks and saves, tied to concentration", spell: "bless", class: "cleric", level: 1,
			targets: []SpellTarget{{Target: Target{Name: "Brom"}}, {Target: Target{Name: "Ana"}}},
			check: func(t *testing.T, res *CastResult) {
				want := NewEffect(EffectSource{Kind: SourceSpell, ID: "bless"}, Minutes(1),
					Mod{Kind: ModBonus, Roll: ScopeAttack, Dice: "1d4"}, Mod{Kind: ModBonus, Roll: ScopeSave, Dice: "1d4"})
				want.Conc = &ConcLink{Caster: "Caster", Spell: "bless"}
				for _, ct := range res.Targets {
					if !ct.Landed || !reflect.DeepEqual(ct.Effects, []ActiveEffect{want}) {
						t.Errorf("%s: %+v", ct.Name, ct.Effects)
					}
				}
			}},
		// Cleric 1: DC 13. A fails its CHA save (4 + 0), B saves (15).
		{name: "bane: only on a failed save", spell: "bane", class: "cleric", level: 1, faces: []int{4, 15},
			targets: []SpellTarget{{Target: Target{Name: "A"}}, {Target: Target{Name: "B"}}},
			check: func(t *testing.T, res *CastResult) {
				if len(res.Targets[0].Effects) != 1 || res.Targets[0].Effects[0].Mods[0].Dice != "-1d4" || len(res.Targets[1].Effects) != 0 {
					t.Errorf("%+v", res.Targets)
				}
			}},
		{name: "aid at 3rd level: +10", spell: "aid", class: "cleric", level: 5, slot: 3,
			targets: []SpellTarget{{Target: Target{Name: "A"}}},
			check: func(t *testing.T, res *CastResult) {
				if m := res.Targets[0].Effects[0].Mods[0]; m.Kind != ModMaxHP || m.Value != 10 || res.Targets[0].Heal != 0 {
					t.Errorf("%+v", res.Targets[0])
				}
			}},
		{name: "heroism: temp HP = the caster's modifier each turn", spell: "heroism", class: "bard", level: 1,
			targets: []SpellTarget{{Target: Target{Name: "A"}}},
			check: func(t *testing.T, res *CastResult) {
				e := res.Targets[0].Effects[0]
				if e.Mods[1].Kind != ModTempHP || e.Mods[1].Value != 3 || !e.Mods[1].EachTurn || e.Mods[0].Condition != Frightened {
					t.Errorf("%+v", e)
				}
			}},
		{name: "shield: +5 AC on the caster until its next turn", spell: "shield", class: "wizard", level: 1,
			check: func(t *testing.T, res *CastResult) {
				want := NewEffect(EffectSource{Kind: SourceSpell, ID: "shield"}, Duration{Kind: UntilTurnStart, Turn: "Caster"}, Mod{Kind: ModAC, Value: 5})
				if !reflect.DeepEqual(res.CasterEffects, []ActiveEffect{want}) {
					t.Errorf("%+v", res.CasterEffects)
				}
			}},
		// Guiding bolt: +5 to hit. A is hit (15 + 5 vs 12), B is missed (3).
		{name: "guiding bolt: the next attack against a target it hit", spell: "guiding_bolt", class: "cleric", level: 1, slot: 1,
			faces:   []int{15, 1, 1, 1, 1, 3},
			targets: []SpellTarget{{Target: Target{Name: "A", AC: 12}}, {Target: Target{Name: "B", AC: 12}}},
			check: func(t *testing.T, res *CastResult) {
				a := res.Targets[0]
				if len(a.Effects) != 1 || a.Effects[0].Uses != 1 || a.Effects[0].Duration != (Duration{Kind: UntilTurnEnd, Turn: "Caster"}) ||
					!reflect.DeepEqual(a.Effects[0].Mods[0], Mod{Kind: ModAdvantage, Roll: ScopeAttacked}) || len(res.Targets[1].Effects) != 0 {
					t.Errorf("%+v", res.Targets)
				}
			}},
		{name: "reduce on a willing ally: no save", spell: "enlarge_reduce", class: "wizard", level: 3, opts: CastOptions{Choice: "reduce"},
			targets: []SpellTarget{{Target: Target{Name: "Pip"}, Willing: true}},
			check: func(t *testing.T, res *CastResult) {
				e := res.Targets[0].Effects[0]
				if res.Targets[0].Save != nil || e.Mods[0].Dice != "-1d4" || e.Mods[1].Kind != ModDisadvantage || res.Choice != "reduce" {
					t.Errorf("%+v", res.Targets[0])
				}
			}},
		{name: "enlarge is the default choice", spell: "enlarge_reduce", class: "wizard", level: 3,
			targets: []SpellTarget{{Target: Target{Name: "Pip"}, Willing: true}},
			check: func(t *testing.T, res *CastResult) {
				if res.Choice != "enlarge" || res.Targets[0].Effects[0].Mods[0].Dice != "1d4" {
					t.Errorf("%+v", res)
				}
			}},
		{name: "protection from energy: fire", spell: "protection_from_energy", class: "wizard", level: 5, opts: CastOptions{Choice: "fire"},
			targets: []SpellTarget{{Target: Target{Name: "A"}}},
			check: func(t *testing.T, res *CastResult) {
				if m := res.Targets[0].Effects[0].Mods; len(m) != 1 || !reflect.DeepEqual(m[0], Mod{Kind: ModResist, Type: "fire"}) {
					t.Errorf("%+v", m)
				}
			}},
		// Enhance ability (bear): one 2d6 roll (3 + 4) for every target's temporary hit points.
		{name: "enhance ability: one roll for all", spell: "enhance_ability", class: "bard", level: 3, faces: []int{3, 4},
			targets: []SpellTarget{{Target: Target{Name: "A"}}, {Target: Target{Name: "B"}}},
			check: func(t *testing.T, res *CastResult) {
				for _, ct := range res.Targets {
					if m := ct.Effects[0].Mods; m[1].Kind != ModTempHP || m[1].Value != 7 || m[0].Ability != Con {
						t.Errorf("%s: %+v", ct.Name, m)
					}
				}
				if res.EffectRoll == nil || res.EffectRoll.Total != 7 {
					t.Errorf("roll %+v", res.EffectRoll)
				}
			}},
		{name: "branding smite at 3rd level: 3d6 radiant on the next hit", spell: "branding_smite", class: "paladin", level: 9, slot: 3,
			check: func(t *testing.T, res *CastResult) {
				e := res.CasterEffects[0]
				if e.Uses != 1 || !reflect.DeepEqual(e.Mods[0], Mod{Kind: ModDamage, Dice: "3d6", Type: "radiant", Attack: WeaponAttack}) {
					t.Errorf("%+v", e)
				}
			}},
		{name: "magic weapon at 4th level: +2", spell: "magic_weapon", class: "wizard", level: 7, slot: 4,
			targets: []SpellTarget{{Target: Target{Name: "Brom"}}},
			check: func(t *testing.T, res *CastResult) {
				if m := res.Targets[0].Effects[0].Mods; m[0].Value != 2 || m[1].Value != 2 {
					t.Errorf("%+v", m)
				}
			}},
		{name: "a globe keeps a fireball out, with no roll", spell: "fireball", class: "wizard", level: 5, faces: []int{1, 1, 1, 1, 1, 1, 1, 1, 5},
			targets: []SpellTarget{{Target: Target{Name: "A", Effects: []ActiveEffect{fx("globe_of_invulnerability", Mod{Kind: ModSpellImmunity, Value: 5})}}},
				{Target: Target{Name: "B"}}},
			check: func(t *testing.T, res *CastResult) {
				if a := res.Targets[0]; !a.Unaffected || a.Save != nil || a.Total != 0 || res.Targets[1].Total != 12 {
					t.Errorf("%+v", res.Targets)
				}
			}},
		// Divine word: cleric 13, DC 16; every save fails.
		{name: "divine word by hit points", spell: "divine_word", class: "cleric", level: 13, faces: []int{1, 1, 1, 1, 1},
			targets: []SpellTarget{{Target: Target{Name: "A", HP: 15}}, {Target: Target{Name: "B", HP: 25}}, {Target: Target{Name: "C", HP: 40}},
				{Target: Target{Name: "D", HP: 45}}, {Target: Target{Name: "E", HP: 51}}},
			check: func(t *testing.T, res *CastResult) {
				got := []string{}
				for _, ct := range res.Targets {
					s := condIDs(ct.Conditions)
					if ct.Killed {
						s = "killed"
					}
					if ct.Unaffected {
						s = "unaffected"
					}
					got = append(got, s)
				}
				want := []string{"killed", "blinded:600,deafened:600,stunned:600", "deafened:100,blinded:100", "deafened:10", "unaffected"}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%v", got)
				}
			}},
		{name: "spare the dying", spell: "spare_the_dying", class: "cleric", level: 1, targets: []SpellTarget{{Target: Target{Name: "A"}}},
			check: func(t *testing.T, res *CastResult) {
				if !res.Targets[0].Stabilize {
					t.Errorf("%+v", res.Targets[0])
				}
			}},
		{name: "revivify", spell: "revivify", class: "cleric", level: 5, targets: []SpellTarget{{Target: Target{Name: "A"}}},
			check: func(t *testing.T, res *CastResult) {
				if res.Targets[0].Revive != 1 {
					t.Errorf("%+v", res.Targets[0])
				}
			}},
		{name: "lesser restoration", spell: "lesser_restoration", class: "cleric", level: 3, targets: []SpellTarget{{Target: Target{Name: "A"}}},
			check: func(t *testing.T, res *CastResult) {
				if c := res.Targets[0].Cure; c == nil || !c.One || len(c.Conditions) != 4 {
					t.Errorf("%+v", res.Targets[0])
				}
			}},
		// Vampiric touch: +5 to hit, 3d6 = 12 necrotic; the caster regains 6.
		{name: "vampiric touch drains", spell: "vampiric_touch", class: "wizard", level: 5, faces: []int{15, 4, 4, 4},
			targets: []SpellTarget{{Target: Target{Name: "A", AC: 10}}},
			check: func(t *testing.T, res *CastResult) {
				if res.Targets[0].Total != 12 || res.CasterHeal != 6 {
					t.Errorf("%+v heal %d", res.Targets[0], res.CasterHeal)
				}
			}},
		// Harm: cleric 11, DC 15: A fails (2) and takes 14d6 = 14; its maximum drops by 14 for an hour.
		{name: "harm lowers the maximum", spell: "harm", class: "cleric", level: 11, faces: append([]int{2}, repeat(1, 14)...),
			targets: []SpellTarget{{Target: Target{Name: "A", HP: 100}}},
			check: func(t *testing.T, res *CastResult) {
				ct := res.Targets[0]
				if ct.Total != 14 || len(ct.Effects) != 1 || !reflect.DeepEqual(ct.Effects[0].Mods[0], Mod{Kind: ModMaxHP, Value: -14}) || ct.Effects[0].Duration.Rounds != 600 {
					t.Errorf("%+v", ct)
				}
			}},
		// Cure wounds 1d8+3 = 5: a target under beacon of hope gets the maximum, 11.
		{name: "beacon of hope: maximum healing", spell: "cure_wounds", class: "cleric", level: 1, faces: []int{2},
			targets: []SpellTarget{{Target: Target{Name: "A"}}, {Target: Target{Name: "B", Effects: []ActiveEffect{fx("beacon_of_hope", kind(ModMaxHeal))}}}},
			check: func(t *testing.T, res *CastResult) {
				if res.Targets[0].Heal != 5 || res.Targets[1].Heal != 11 {
					t.Errorf("%+v", res.Targets)
				}
			}},
		{name: "spirit guardians of an evil caster: necrotic", spell: "spirit_guardians", class: "cleric", level: 5, opts: CastOptions{Choice: "necrotic"},
			faces: []int{1, 2, 2, 2}, targets: []SpellTarget{{Target: Target{Name: "A"}}},
			check: func(t *testing.T, res *CastResult) {
				if res.Dice.Damage != "3d8[necrotic]" || res.Targets[0].Damage.Parts[0].Type != "necrotic" {
					t.Errorf("%+v", res.Dice)
				}
			}},
		{name: "conjure animals: beasts up to CR 2", spell: "conjure_animals", class: "druid", level: 5,
			check: func(t *testing.T, res *CastResult) {
				if res.Summon == nil || res.Summon.Kind != "beast" || res.Summon.MaxCR != "2" {
					t.Errorf("%+v", res.Summon)
				}
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := caster(t, tc.class, tc.level)
			r := faces(tc.faces...)
			tc.opts.AnyClass = true
			res, err := c.Cast(spell(t, tc.spell), tc.slot, tc.targets, r, tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if r.n != len(tc.faces) {
				t.Errorf("rolled %d dice, want %d", r.n, len(tc.faces))
			}
			tc.check(t, res)
		})
	}
	c := caster(t, "wizard", 3)
	_, err := c.Cast(spell(t, "enlarge_reduce"), 0, nil, faces(), CastOptions{Choice: "shrink"})
	mustCode(t, err, ErrBadChoice)
	if c.SpellSlots[1].Used != 0 {
		t.Error("a refused cast spends a slot")
	}
}

func repeat(face, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = face
	}
	return out
}

// TestSpendPool: sleep's pool over candidates, lowest hit points first.
func TestSpendPool(t *testing.T) {
	cands := []PoolCandidate{{Name: "B", HP: 12}, {Name: "A", HP: 5}, {Name: "D", HP: 0}, {Name: "E", HP: 9},
		{Name: "C", HP: 3, Skip: true}, {Name: "F", HP: 9}}
	affected, left := SpendPool(22, cands)
	if want := []bool{false, true, false, true, false, false}; !reflect.DeepEqual(affected, want) || left != 8 {
		t.Errorf("%v left %d", affected, left)
	}
	if affected, left := SpendPool(0, cands); left != 0 || affected[1] {
		t.Errorf("an empty pool: %v", affected)
	}
}

// TestSpellEffectTemplates: every spell's effects, for every option and slot
// level, make valid effects tied to the caster's concentration when the spell
// needs it; every option of a spell with choices does something.
func TestSpellEffectTemplates(t *testing.T) {
	for _, s := range Spells() {
		choices := append([]string{""}, s.Choices...)
		for _, ch := range choices {
			for lvl := max(1, s.Level); lvl <= 9; lvl++ {
				ec := EffectCast{Caster: "Ana", CasterMod: 3, Level: lvl, Target: "orc", Choice: ch}
				any := false
				for _, side := range []bool{false, true} {
					e, _, ok, err := s.SpellEffects(ec, side, faces(3, 3, 3, 3))
					if err != nil {
						t.Fatalf("%s %q at %d: %v", s.ID, ch, lvl, err)
					}
					if !ok {
						continue
					}
					any = true
					if (e.Conc != nil) != s.Concentration || e.Source != (EffectSource{Kind: SourceSpell, ID: s.ID}) {
						t.Errorf("%s: %+v", s.ID, e)
					}
				}
				if len(s.Effects) > 0 && ch == "" && !any && len(s.Choices) == 0 {
					t.Errorf("%s makes no effect", s.ID)
				}
			}
		}
		for _, ch := range s.Choices {
			does := false
			for _, e := range s.Effects {
				does = does || e.Choice == ch
			}
			for _, c := range s.Conditions {
				does = does || c.Choice == ch
			}
			does = does || DamageType(ch).Valid() && len(s.DamageTypes) > 0
			if !does && !(s.ID == "command" || s.ID == "symbol" || s.ID == "bestow_curse") {
				t.Errorf("%s: option %q does nothing", s.ID, ch)
			}
		}
	}
}

// TestFeatureEffectsValid: the passive features of every class, subclass and
// level are valid effects with distinct ids.
func TestFeatureEffectsValid(t *testing.T) {
	for _, info := range Classes() {
		for l := MinLevel; l <= MaxLevel; l++ {
			for _, sub := range []Subclass{"", subclassOf(info.ID)} {
				c := hero(t, info.ID, sub, l, Scores{12, 12, 12, 12, 12, 12})
				if err := validateEffects(c.FeatureEffects()); err != nil {
					t.Errorf("%s %s %d: %v", info.ID, sub, l, err)
				}
				for _, r := range c.Resources() {
					if r.Max < 1 && !r.Unlimited {
						t.Errorf("%s %d: %+v", info.ID, l, r)
					}
				}
			}
		}
	}
}

func subclassOf(c Class) Subclass {
	for _, s := range Subclasses() {
		if s.Class() == c {
			return s
		}
	}
	return ""
}
