package dnd5e

import (
	"errors"
	"reflect"
	"testing"
)

// TestEffectRules: the spell effects that change how the rules run, each on its rule with forced dice.
func TestEffectRules(t *testing.T) {
	t.Run("mirror image: a d20 of 6+ with three duplicates hits one instead", func(t *testing.T) {
		img := fx("mirror_image", kind(ModDuplicates))
		img.Uses = 3
		ilse := Target{Name: "Ilse", AC: 12, DexMod: 2, Effects: []ActiveEffect{img}}
		c := fighter3(t)
		// Attack 10 + 5 = 15; duplicate roll 6: the duplicate (AC 12) is hit and destroyed, no damage.
		res, err := c.Attack("Longsword", ilse, forced(10, 6), AttackOptions{})
		if err != nil || !res.Duplicate || !res.Hit || res.Damage != nil || res.AC != 12 {
			t.Fatalf("%+v %v", res, err)
		}
		kept, ended := SpendEffects(ilse.Effects, res.TargetApplied)
		if len(ended) != 0 || kept[0].Uses != 2 {
			t.Errorf("one duplicate gone: %+v %v", kept, ended)
		}
		// With two left a 7 is not enough (8+): the attack goes to Ilse.
		ilse.Effects = kept
		res, err = c.Attack("Longsword", ilse, forced(10, 7, 5), AttackOptions{})
		if err != nil || res.Duplicate || !res.Hit || res.Damage == nil || res.Damage.Total != 8 {
			t.Errorf("%+v %v", res, err)
		}
		// True seeing is not fooled: no duplicate roll.
		sees := withEffects(t, fighter3(t), fx("true_seeing", kind(ModSeeInvisible)))
		if res, err := sees.Attack("Longsword", ilse, forced(10, 5), AttackOptions{}); err != nil || res.DuplicateRoll != nil {
			t.Errorf("%+v %v", res, err)
		}
	})
	t.Run("see invisibility cancels the invisible target's edge", func(t *testing.T) {
		ghost := Target{Name: "ghost", AC: 11, Conditions: []Condition{Invisible}}
		c := withEffects(t, fighter3(t), fx("see_invisibility", kind(ModSeeInvisible)))
		res, err := c.Attack("Longsword", ghost, forced(10, 3), AttackOptions{})
		if err != nil || res.Mode != Normal || res.Notation != "1d20+5" || len(res.Applied) != 1 || res.Applied[0].Kind != ModSeeInvisible {
			t.Errorf("%+v %v", res, err)
		}
	})
	t.Run("ray of enfeeblement halves STR weapon damage", func(t *testing.T) {
		c := withEffects(t, fighter3(t), fx("ray_of_enfeeblement", Mod{Kind: ModHalfDamage, Ability: Str, Attack: WeaponAttack}))
		res, err := c.Attack("Longsword", Target{AC: 10}, forced(10, 6), AttackOptions{})
		if err != nil || res.Damage.Total != 4 { // (6 + 3) / 2
			t.Errorf("%+v %v", res.Damage, err)
		}
		res, err = c.Attack("Light crossbow", Target{AC: 10}, forced(10, 6), AttackOptions{})
		if err != nil || res.Damage.Total != 7 { // DEX: not halved
			t.Errorf("%+v %v", res.Damage, err)
		}
	})
	t.Run("shillelagh: WIS and a d8 for the named club", func(t *testing.T) {
		d, _ := New("Fern", "druid", 1, Scores{Str: 8, Dex: 12, Con: 12, Int: 10, Wis: 16, Cha: 10})
		d.Attacks = []Attack{{Name: "Club", Ability: Str, Proficient: true, Damage: "1d4[bludgeoning]"}}
		res, err := d.Cast(spell(t, "shillelagh"), 0, []SpellTarget{{Target: Target{Name: "club"}}}, faces(), CastOptions{})
		if err != nil || len(res.CasterEffects) != 1 {
			t.Fatalf("%+v %v", res, err)
		}
		withEffects(t, d, res.CasterEffects...)
		hit, err := d.Attack("Club", Target{AC: 10}, forced(10, 8), AttackOptions{})
		if err != nil || hit.Notation != "1d20+5" || hit.Damage.Notation != "1d8[bludgeoning]+3" || hit.Damage.Total != 11 {
			t.Errorf("%+v %+v %v", hit, hit.Damage, err)
		}
	})
	t.Run("death ward keeps 1 HP once", func(t *testing.T) {
		c := withEffects(t, fighter3(t), NewEffect(EffectSource{Kind: SourceSpell, ID: "death_ward"}, Hours(8), kind(ModDeathWard)))
		ch, err := c.Damage(100, "fire", false)
		if err != nil || c.HP != 1 || c.State != Conscious || ch.Prevented != "death_ward" || ch.InstantDeath || c.Effects != nil {
			t.Fatalf("%+v %v", ch, err)
		}
		if _, err := c.Damage(5, "fire", false); err != nil || c.State != Dying {
			t.Errorf("second blow: %s %v", c.State, err)
		}
	})
	t.Run("chill touch: no healing until the caster's next turn", func(t *testing.T) {
		c := fighter3(t)
		c.HP = 10
		withEffects(t, c, NewEffect(EffectSource{Kind: SourceSpell, ID: "chill_touch"}, Duration{Kind: UntilTurnStart, Turn: "Ilse"}, kind(ModNoHealing)))
		ch, err := c.Heal(8)
		if err != nil || c.HP != 10 || ch.Prevented != "chill_touch" {
			t.Errorf("%+v %v", ch, err)
		}
		c.OnTurn(TurnEvent{Who: "Ilse"})
		if _, err := c.Heal(8); err != nil || c.HP != 18 {
			t.Errorf("after Ilse's turn: %d %v", c.HP, err)
		}
	})
	t.Run("regenerate: 1 HP at the start of each turn", func(t *testing.T) {
		c := fighter3(t)
		c.HP = 10
		withEffects(t, c, NewEffect(EffectSource{Kind: SourceSpell, ID: "regenerate"}, Hours(1), Mod{Kind: ModRegen, Value: 1}))
		if rep := c.OnTurn(TurnEvent{Who: "Brom"}); rep.Healed == nil || c.HP != 11 {
			t.Errorf("%+v %d", rep, c.HP)
		}
	})
	t.Run("revive and cure", func(t *testing.T) {
		c := fighter3(t)
		if _, err := c.Revive(1); !errors.Is(err, &Error{Code: ErrNotDead}) {
			t.Errorf("alive: %v", err)
		}
		c.HP, c.State, c.DeathSaves = 0, Dead, DeathSaves{Failures: 3}
		c.Conditions = conds(Unconscious, Prone, Poisoned, Blinded)
		if ch, err := c.Revive(1); err != nil || c.HP != 1 || c.State != Conscious || c.DeathSaves != (DeathSaves{}) || c.HasCondition(Unconscious) || ch.Applied != 1 {
			t.Errorf("revivify: %+v %v", c, err)
		}
		res := c.ApplyCure(*spell(t, "lesser_restoration").Cure, "")
		if !reflect.DeepEqual(res.Conditions, []Condition{Blinded}) || !c.HasCondition(Poisoned) {
			t.Errorf("lesser restoration ends the first: %+v", res)
		}
		res = c.ApplyCure(*spell(t, "lesser_restoration").Cure, "poisoned")
		if !reflect.DeepEqual(res.Conditions, []Condition{Poisoned}) || c.HasCondition(Poisoned) {
			t.Errorf("lesser restoration ends the one picked: %+v", res)
		}
		c.Exhaustion = 2
		res = c.ApplyCure(*spell(t, "greater_restoration").Cure, "")
		if res.Exhaustion == nil || c.Exhaustion != 1 {
			t.Errorf("greater restoration: one exhaustion level: %+v", res)
		}
		withEffects(t, c, NewEffect(EffectSource{Kind: SourceSpell, ID: "bestow_curse"}, Minutes(1), dis(ScopeCheck).of(Str)))
		if res := c.ApplyCure(*spell(t, "remove_curse").Cure, ""); !reflect.DeepEqual(res.Effects, []string{"bestow_curse"}) || c.Effects != nil {
			t.Errorf("remove curse: %+v", res)
		}
	})
	t.Run("counterspell: automatic up to its level, else a check against 10 + level", func(t *testing.T) {
		w := caster(t, "wizard", 5)
		if res, err := w.DispelCheck(3, 3, faces(), RollOptions{}); err != nil || !res.Automatic || !res.Success {
			t.Errorf("%+v %v", res, err)
		}
		res, err := w.DispelCheck(5, 3, faces(11), RollOptions{})
		if err != nil || res.Automatic || res.DC != 15 || res.Check.Total != 14 || res.Success {
			t.Errorf("%+v %v", res, err)
		}
		if o := res.Check.Odds(); o == nil || o.Rat.RatString() != "9/20" {
			t.Errorf("odds %+v", o)
		}
	})
	t.Run("bestow curse: disadvantage on attacks against the caster only", func(t *testing.T) {
		c := caster(t, "cleric", 5)
		res, err := c.Cast(spell(t, "bestow_curse"), 0, []SpellTarget{{Target: Target{Name: "orc"}}}, faces(1), CastOptions{Choice: "attacks"})
		if err != nil || len(res.Targets[0].Effects) != 1 || res.Targets[0].Effects[0].Mods[0].Vs != "Caster" {
			t.Fatalf("%+v %v", res, err)
		}
		orc := Target{Name: "orc", Effects: res.Targets[0].Effects}
		if a, _ := RollAttack(orc, Target{Name: "Caster", AC: 10}, 3, "1d6", forced(15, 2, 1), AttackOptions{}); a.Mode != Disadvantage {
			t.Errorf("against the caster: %s", a.Mode)
		}
		if a, _ := RollAttack(orc, Target{Name: "Brom", AC: 10}, 3, "1d6", forced(15, 1), AttackOptions{}); a.Mode != Normal {
			t.Errorf("against another: %s", a.Mode)
		}
	})
}
