package dnd5e

import (
	"errors"
	"reflect"
	"testing"
	"time"
)

// hero makes a level-n character of class (and subclass) with the scores given, or 10s.
func hero(t *testing.T, class Class, sub Subclass, level int, sc ...Scores) *Character {
	t.Helper()
	s := Scores{10, 10, 10, 10, 10, 10}
	if len(sc) > 0 {
		s = sc[0]
	}
	c, err := New("Hero", class, level, s)
	if err != nil {
		t.Fatal(err)
	}
	c.Subclass = sub
	c.FillSpellSlots()
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestExtraAttack(t *testing.T) {
	for _, tc := range []struct {
		class Class
		level int
		want  int
	}{{"fighter", 4, 1}, {"fighter", 5, 2}, {"fighter", 11, 3}, {"fighter", 20, 4}, {"paladin", 5, 2}, {"monk", 5, 2},
		{"ranger", 5, 2}, {"barbarian", 5, 2}, {"rogue", 20, 1}, {"wizard", 20, 1}} {
		if got, _ := hero(t, tc.class, "", tc.level).AttacksPerAction(); got != tc.want {
			t.Errorf("%s %d: %d attacks, want %d", tc.class, tc.level, got, tc.want)
		}
	}
	// Haste's attack adds to extra attack.
	p := withEffects(t, hero(t, "paladin", "", 5), fx("haste", Mod{Kind: ModExtraAttacks, Value: 1}))
	if n, applied := p.AttacksPerAction(); n != 3 || len(applied) != 2 {
		t.Errorf("hasted paladin: %d %+v", n, applied)
	}
	// The Attack action of a 5th-level fighter: two attacks (STR 16: +6, 1d8+3).
	f := hero(t, "fighter", "", 5, Scores{Str: 16, Dex: 10, Con: 10, Int: 10, Wis: 10, Cha: 10})
	f.Attacks = []Attack{{Name: "Longsword", Ability: Str, Proficient: true, Damage: "1d8[slashing]"}}
	res, err := f.AttackAction("Longsword", Target{AC: 15}, forced(10, 4, 3), AttackOptions{})
	if err != nil || len(res) != 2 || !res[0].Hit || res[1].Hit || res[0].Damage.Total != 7 {
		t.Errorf("attack action: %+v %v", res, err)
	}
}

// TestSneakAttack: dice by level, when an attack qualifies, once per turn.
func TestSneakAttack(t *testing.T) {
	for _, tc := range []struct {
		mode Mode
		ally bool
		want bool
	}{{Advantage, false, true}, {Normal, true, true}, {Disadvantage, true, false}, {Normal, false, false}, {Advantage, true, true}} {
		if got := SneakAttackQualifies(tc.mode, tc.ally); got != tc.want {
			t.Errorf("%s ally=%v: %v", tc.mode, tc.ally, got)
		}
	}
	for l, want := range map[int]string{1: "1d6", 2: "1d6", 3: "2d6", 10: "5d6", 19: "10d6", 20: "10d6"} {
		if got := SneakAttackDice(l); got != want {
			t.Errorf("level %d: %s, want %s", l, got, want)
		}
	}
	// Vex, rogue 5 (DEX 18: rapier +7, 1d8+4; sneak attack 3d6).
	vex := hero(t, "rogue", "", 5, Scores{Str: 8, Dex: 18, Con: 12, Int: 10, Wis: 10, Cha: 10})
	vex.Attacks = []Attack{{Name: "Rapier", Ability: Dex, Proficient: true, Damage: "1d8[piercing]"},
		{Name: "Club", Ability: Str, Proficient: true, Damage: "1d4[bludgeoning]"}}
	goblin := Target{Name: "goblin", AC: 13}
	for _, tc := range []struct {
		name   string
		attack string
		opts   AttackOptions
		faces  []int
		damage int
		sneak  bool
	}{
		{"an ally beside the goblin", "Rapier", AttackOptions{Sneak: SneakAuto, AllyAdjacent: true}, []int{10, 5, 1, 2, 3}, 15, true},
		{"advantage", "Rapier", AttackOptions{Sneak: SneakAuto, Mode: Advantage}, []int{3, 10, 5, 1, 2, 3}, 15, true},
		{"no ally, no advantage", "Rapier", AttackOptions{Sneak: SneakAuto}, []int{10, 5}, 9, false},
		{"not asked for", "Rapier", AttackOptions{AllyAdjacent: true}, []int{10, 5}, 9, false},
		{"not with a club", "Club", AttackOptions{Sneak: SneakAuto, Mode: Advantage}, []int{3, 18, 4}, 3, false},
		{"forced with a club", "Club", AttackOptions{Sneak: SneakForce}, []int{18, 4, 1, 1, 1}, 6, true},
		// B5.2: a critical hit doubles the sneak attack dice too.
		{"a crit doubles it", "Rapier", AttackOptions{Sneak: SneakAuto, AllyAdjacent: true}, []int{20, 1, 1, 1, 1, 1, 1, 1, 1}, 12, true},
	} {
		res, err := vex.Attack(tc.attack, goblin, forced(tc.faces...), tc.opts)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		sneak := false
		for _, a := range res.Applied {
			sneak = sneak || (a.Effect == "sneak_attack" && a.Spent)
		}
		if res.Damage == nil || res.Damage.Total != tc.damage || sneak != tc.sneak {
			t.Errorf("%s: %+v applied %+v", tc.name, res.Damage, res.Applied)
		}
	}
	// Once per turn: the second hit of the turn has none, the next turn's has it again.
	o := AttackOptions{Sneak: SneakAuto, AllyAdjacent: true, Turn: "r1t2"}
	first, _ := vex.Attack("Rapier", goblin, forced(10, 5, 1, 2, 3), o)
	vex.SpendEffects(first.Applied, o.Turn)
	second, _ := vex.Attack("Rapier", goblin, forced(10, 5), o)
	o.Turn = "r2t2"
	third, _ := vex.Attack("Rapier", goblin, forced(10, 5, 1, 2, 3), o)
	if first.Damage.Total != 15 || second.Damage.Total != 9 || third.Damage.Total != 15 {
		t.Errorf("once per turn: %d %d %d", first.Damage.Total, second.Damage.Total, third.Damage.Total)
	}
	// One Attack action with two attacks (a rogue has one; a fighter-like haste gives two): the sneak attack goes once.
	withEffects(t, vex, fx("haste", Mod{Kind: ModExtraAttacks, Value: 1}))
	vex.TurnUses = nil
	both, err := vex.AttackAction("Rapier", goblin, forced(10, 5, 1, 2, 3, 10, 5), AttackOptions{Sneak: SneakAuto, AllyAdjacent: true})
	if err != nil || len(both) != 2 || both[0].Damage.Total != 15 || both[1].Damage.Total != 9 {
		t.Errorf("attack action: %+v %v", both, err)
	}
}

// TestRage: uses per long rest, the damage bonus, resistance, advantage on STR.
func TestRage(t *testing.T) {
	for l, want := range map[int][2]int{1: {2, 2}, 3: {3, 2}, 6: {4, 2}, 9: {4, 3}, 12: {5, 3}, 16: {5, 4}, 17: {6, 4}, 20: {Unlimited, 4}} {
		if RageCount(l) != want[0] || RageDamage(l) != want[1] {
			t.Errorf("level %d: %d rages +%d", l, RageCount(l), RageDamage(l))
		}
	}
	b := hero(t, "barbarian", "berserker", 3, Scores{Str: 16, Dex: 12, Con: 14, Int: 8, Wis: 10, Cha: 8})
	b.Attacks = []Attack{{Name: "Greataxe", Ability: Str, Proficient: true, Damage: "1d12[slashing]"}}
	use, err := b.UseFeature("rage", nil, FeatureOptions{})
	if err != nil || use.Resource.Before != 3 || use.Resource.After != 2 || use.Effect == nil || use.OnTarget {
		t.Fatalf("%+v %v", use, err)
	}
	hit, _ := b.Attack("Greataxe", Target{AC: 10}, forced(10, 6), AttackOptions{})
	if hit.Damage.Total != 11 { // 6 + 3 + 2
		t.Errorf("raging hit: %+v", hit.Damage)
	}
	if ch, _ := b.Damage(9, "piercing", false); ch.Defence.Final != 4 {
		t.Errorf("resisted: %+v", ch.Defence)
	}
	if s, _ := b.Save(Str, forced(4, 15), RollOptions{}); s.Mode != Advantage {
		t.Errorf("STR save: %s", s.Mode)
	}
	b.UseFeature("rage", nil, FeatureOptions{})
	b.UseFeature("rage", nil, FeatureOptions{})
	if _, err := b.UseFeature("rage", nil, FeatureOptions{}); !errors.Is(err, &Error{Code: ErrNoUsesLeft}) {
		t.Errorf("fourth rage: %v", err)
	}
	if _, err := b.ShortRest(0, forced()); err != nil {
		t.Fatal(err)
	}
	if r, _ := b.FindResource("rage"); r.Left() != 0 {
		t.Errorf("a short rest gives no rage back: %+v", r)
	}
	lr, err := b.LongRest(time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC))
	if r, _ := b.FindResource("rage"); err != nil || r.Left() != 3 || !reflect.DeepEqual(lr.Reset, []ResetItem{{Kind: "resource", ID: "rage", Before: 0, After: 3}}) {
		t.Errorf("long rest: %+v %+v %v", r, lr.Reset, err)
	}
	// 20th level: unlimited.
	if r, ok := hero(t, "barbarian", "", 20).FindResource("rage"); !ok || !r.Unlimited {
		t.Errorf("20th level: %+v", r)
	}
}

// TestPassiveFeatures: each passive feature on its rule, with forced dice.
func TestPassiveFeatures(t *testing.T) {
	athlete := Scores{Str: 14, Dex: 14, Con: 14, Int: 14, Wis: 14, Cha: 16}
	for _, tc := range []struct {
		name     string
		c        *Character
		roll     func(c *Character) (*RollResult, error)
		notation string
		mode     Mode
	}{
		{"jack of all trades: +1 at 2nd", hero(t, "bard", "", 2, athlete), func(c *Character) (*RollResult, error) {
			return c.SkillCheck("athletics", forced(10), RollOptions{})
		}, "1d20+2+1[jack_of_all_trades]", Normal},
		{"jack of all trades: +2 at 9th", hero(t, "bard", "", 9, athlete), func(c *Character) (*RollResult, error) {
			return c.AbilityCheck(Int, forced(10), RollOptions{})
		}, "1d20+2+2[jack_of_all_trades]", Normal},
		{"remarkable athlete: +2 on STR at 7th", hero(t, "fighter", "champion", 7, athlete), func(c *Character) (*RollResult, error) {
			return c.SkillCheck("athletics", forced(10), RollOptions{})
		}, "1d20+2+2[remarkable_athlete]", Normal},
		{"remarkable athlete: not on INT", hero(t, "fighter", "champion", 7, athlete), func(c *Character) (*RollResult, error) {
			return c.AbilityCheck(Int, forced(10), RollOptions{})
		}, "1d20+2", Normal},
		{"reliable talent at 11th", func() *Character {
			c := hero(t, "rogue", "", 11, athlete)
			c.Skills = []Skill{"stealth"}
			return c
		}(), func(c *Character) (*RollResult, error) {
			return c.SkillCheck("stealth", forced(2), RollOptions{})
		}, "1d20mi10+6", Normal},
		{"danger sense: advantage on DEX saves", hero(t, "barbarian", "", 2, athlete), func(c *Character) (*RollResult, error) {
			return c.Save(Dex, forced(3, 12), RollOptions{})
		}, "2d20kh1+2", Advantage},
		{"danger sense: not while blinded", func() *Character {
			c := hero(t, "barbarian", "", 2, athlete)
			c.Conditions = conds(Blinded)
			return c
		}(), func(c *Character) (*RollResult, error) {
			return c.Save(Dex, forced(3), RollOptions{})
		}, "1d20+2", Normal},
		{"feral instinct: advantage on initiative", hero(t, "barbarian", "", 7, athlete), func(c *Character) (*RollResult, error) {
			return c.Initiative(forced(3, 12), RollOptions{})
		}, "2d20kh1+2", Advantage},
		{"aura of protection: + CHA on saves", hero(t, "paladin", "", 6, athlete), func(c *Character) (*RollResult, error) {
			return c.Save(Str, forced(3), RollOptions{})
		}, "1d20+2+3[aura_of_protection]", Normal},
		{"diamond soul: proficient in every save", hero(t, "monk", "", 14, athlete), func(c *Character) (*RollResult, error) {
			return c.Save(Int, forced(3), RollOptions{})
		}, "1d20+7", Normal},
	} {
		res, err := tc.roll(tc.c)
		if err != nil || res.Notation != tc.notation || res.Mode != tc.mode {
			t.Errorf("%s: %+v %v", tc.name, res, err)
		}
	}
	// Improved and superior critical.
	for l, want := range map[int]int{2: 0, 3: 19, 15: 18} {
		c := hero(t, "fighter", "champion", l)
		c.Attacks = []Attack{{Name: "Sword", Ability: Str, Damage: "1d8"}}
		res, _ := c.Attack("Sword", Target{AC: 30}, forced(19, 1, 1), AttackOptions{})
		if res.CritMin != want || res.Crit != (want != 0) {
			t.Errorf("champion %d: crit on %d: %+v", l, res.CritMin, res)
		}
	}
	// Speeds.
	for _, tc := range []struct {
		class Class
		level int
		want  int
	}{{"barbarian", 5, 40}, {"monk", 2, 40}, {"monk", 18, 60}, {"rogue", 20, 30}} {
		if got, _ := hero(t, tc.class, "", tc.level).EffectiveSpeed(); got != tc.want {
			t.Errorf("%s %d: speed %d, want %d", tc.class, tc.level, got, tc.want)
		}
	}
	// Brutal critical: one more weapon die on a crit (1d12 + 1d12 + 1d12).
	b := hero(t, "barbarian", "", 9)
	b.Attacks = []Attack{{Name: "Greataxe", Ability: Str, Damage: "1d12[slashing]"}}
	res, _ := b.Attack("Greataxe", Target{AC: 10}, forced(20, 1, 2, 12), AttackOptions{})
	if res.Damage.Notation != "2d12[slashing]+1d12[brutal_critical]" || res.Damage.Total != 15 {
		t.Errorf("brutal critical: %+v", res.Damage)
	}
	// Purity of body and aura of courage: immunities.
	m := hero(t, "monk", "", 10)
	if _, err := m.AddCondition(Poisoned, ConditionOptions{}); !errors.Is(err, &Error{Code: ErrConditionImmune}) {
		t.Errorf("purity of body: %v", err)
	}
	if ch, _ := m.Damage(10, "poison", false); ch.Applied != 0 || !ch.Defence.Immune {
		t.Errorf("poison damage: %+v", ch)
	}
	// Divine strike: +1d8 radiant once per turn; disciple of life: cure wounds + 2 + its level.
	life := hero(t, "cleric", "life", 8, Scores{Str: 14, Dex: 10, Con: 10, Int: 10, Wis: 16, Cha: 10})
	life.Attacks = []Attack{{Name: "Mace", Ability: Str, Damage: "1d6[bludgeoning]"}}
	hit, _ := life.Attack("Mace", Target{AC: 10}, forced(10, 4, 5), AttackOptions{Turn: "t1"})
	if hit.Damage.Total != 11 { // 4 + 2 + 5
		t.Errorf("divine strike: %+v", hit.Damage)
	}
	cure, err := life.Cast(spell(t, "cure_wounds"), 2, []SpellTarget{{Target: Target{Name: "A"}}}, faces(3, 4), CastOptions{})
	if err != nil || cure.Targets[0].Heal != 3+4+3+2+2 {
		t.Errorf("disciple of life: %+v %v", cure.Targets, err)
	}
	// Survivor: 5 + CON back at the start of its turn at half HP or less.
	s := hero(t, "fighter", "champion", 18, Scores{Str: 10, Dex: 10, Con: 14, Int: 10, Wis: 10, Cha: 10})
	s.HP = s.MaxHP / 2
	if rep := s.OnTurn(TurnEvent{Who: "Hero"}); rep.Healed == nil || rep.Healed.Applied != 7 {
		t.Errorf("survivor: %+v", rep)
	}
}

// TestEvasionAndUncannyDodge: a rogue's DEX save for half takes none on a success, half on a failure.
func TestEvasionAndUncannyDodge(t *testing.T) {
	rogue := hero(t, "rogue", "", 7, Scores{Str: 10, Dex: 18, Con: 10, Int: 10, Wis: 10, Cha: 10})
	w := caster(t, "wizard", 5) // DC 14; fireball 8d6 = 16
	targets := []SpellTarget{SheetTarget(rogue, spell(t, "fireball")), SheetTarget(rogue, spell(t, "fireball"))}
	res, err := w.Cast(spell(t, "fireball"), 3, targets, faces(10, 2, 2, 2, 2, 2, 2, 2, 2, 2), CastOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if a, b := res.Targets[0], res.Targets[1]; !a.Saved || a.Total != 0 || !a.Evasion || b.Saved || b.Total != 8 || !b.Halved {
		t.Errorf("evasion: %+v / %+v", a, b)
	}
	d := &DamageResult{Parts: []DamagePart{{Type: "slashing", Final: 9}, {Type: "fire", Final: 5}}, Total: 14}
	if h := HalveDamage(d); h.Total != 6 || d.Total != 14 {
		t.Errorf("uncanny dodge: %+v", h)
	}
}

// TestFeatureResources: maximums by level and ability, spending, pools, resets.
func TestFeatureResources(t *testing.T) {
	cha16 := Scores{Str: 10, Dex: 10, Con: 10, Int: 10, Wis: 10, Cha: 16}
	for _, tc := range []struct {
		c     *Character
		id    string
		max   int
		reset Reset
	}{
		{hero(t, "bard", "", 4, cha16), "bardic_inspiration", 3, ResetLong},
		{hero(t, "bard", "", 5, cha16), "bardic_inspiration", 3, ResetShort},
		{hero(t, "bard", "", 1), "bardic_inspiration", 1, ResetLong}, // CHA +0: at least 1
		{hero(t, "cleric", "", 2), "channel_divinity", 1, ResetShort},
		{hero(t, "cleric", "", 6), "channel_divinity", 2, ResetShort},
		{hero(t, "cleric", "", 18), "channel_divinity", 3, ResetShort},
		{hero(t, "paladin", "", 3), "channel_divinity", 1, ResetShort},
		{hero(t, "monk", "", 7), "ki", 7, ResetShort},
		{hero(t, "sorcerer", "", 9), "sorcery_points", 9, ResetLong},
		{hero(t, "paladin", "", 4), "lay_on_hands", 20, ResetLong},
		{hero(t, "paladin", "", 1, cha16), "divine_sense", 4, ResetLong},
		{hero(t, "fighter", "", 1), "second_wind", 1, ResetShort},
		{hero(t, "fighter", "", 17), "action_surge", 2, ResetShort},
		{hero(t, "fighter", "", 13), "indomitable", 2, ResetLong},
		{hero(t, "druid", "", 2), "wild_shape", 2, ResetShort},
		{hero(t, "wizard", "", 1), "arcane_recovery", 1, ResetLong},
		{hero(t, "warlock", "", 17), "mystic_arcanum_9", 1, ResetLong},
	} {
		r, ok := tc.c.FindResource(tc.id)
		if !ok || r.Max != tc.max || r.Reset != tc.reset {
			t.Errorf("%s %d %s: %+v", tc.c.Class, tc.c.Level, tc.id, r)
		}
	}
	if _, ok := hero(t, "monk", "", 1).FindResource("ki"); ok {
		t.Error("a 1st-level monk has no ki")
	}
	// Ki: spend points, a short rest restores them.
	m := hero(t, "monk", "", 5)
	if use, err := m.UseFeature("ki", nil, FeatureOptions{Amount: 2}); err != nil || use.Resource.After != 3 {
		t.Fatalf("%+v %v", use, err)
	}
	if _, err := m.UseFeature("ki", nil, FeatureOptions{Amount: 4}); !errors.Is(err, &Error{Code: ErrNotEnoughPool}) {
		t.Errorf("overspent: %v", err)
	}
	if rest, _ := m.ShortRest(0, forced()); len(rest.Reset) != 1 || rest.Reset[0].After != 5 {
		t.Errorf("short rest: %+v", rest.Reset)
	}
	// Lay on hands: hit points from the pool for the caller to give.
	p := hero(t, "paladin", "", 3)
	if use, err := p.UseFeature("lay_on_hands", nil, FeatureOptions{Amount: 7}); err != nil || use.Heal != 7 || use.Resource.After != 8 {
		t.Errorf("lay on hands: %+v %v", use, err)
	}
	// Second wind: 1d10 + level on itself.
	f := hero(t, "fighter", "", 3)
	f.HP = 5
	if use, err := f.UseFeature("second_wind", forced(6), FeatureOptions{}); err != nil || use.Roll.Total != 9 || f.HP != 14 {
		t.Errorf("second wind: %+v %v", use, err)
	}
	// Bardic inspiration: an effect for the target with the bard's die, one use.
	bard := hero(t, "bard", "", 5, cha16)
	use, err := bard.UseFeature("bardic_inspiration", nil, FeatureOptions{Target: "Brom"})
	if err != nil || !use.OnTarget || use.Effect.Uses != 1 || use.Effect.Mods[0].Dice != "1d8" {
		t.Fatalf("%+v %v", use, err)
	}
	brom := withEffects(t, fighter3(t), *use.Effect)
	res, _ := brom.Attack("Longsword", Target{AC: 18}, forced(10, 6, 4), AttackOptions{})
	brom.SpendEffects(res.Applied, "")
	if res.Total != 21 || !res.Hit || brom.Effects != nil {
		t.Errorf("inspired attack: %+v, effects left %+v", res, brom.Effects)
	}
	// Sacred weapon: + CHA to weapon attacks for a minute, a channel divinity use.
	dev := hero(t, "paladin", "devotion", 3, cha16)
	if use, err := dev.UseFeature("sacred_weapon", nil, FeatureOptions{}); err != nil || use.Effect.Mods[0].Value != 3 || use.Resource.ID != "channel_divinity" {
		t.Errorf("sacred weapon: %+v %v", use, err)
	}
	// Refusals.
	if _, err := f.UseFeature("rage", nil, FeatureOptions{}); !errors.Is(err, &Error{Code: ErrNoFeature}) {
		t.Errorf("a fighter rages: %v", err)
	}
	if _, err := hero(t, "rogue", "", 3).UseFeature("sneak_attack", nil, FeatureOptions{}); !errors.Is(err, &Error{Code: ErrPassiveFeature}) {
		t.Errorf("using sneak attack: %v", err)
	}
	if _, err := f.UseFeature("flight", nil, FeatureOptions{}); !errors.Is(err, &Error{Code: ErrUnknownFeature}) {
		t.Errorf("unknown: %v", err)
	}
}

// TestDivineSmite: 2d8 + 1d8 per slot level above 1st, at most 5d8, +1d8 against undead or fiends, doubled on a crit.
func TestDivineSmite(t *testing.T) {
	for _, tc := range []struct {
		slot   int
		undead bool
		want   string
	}{{1, false, "2d8[radiant]"}, {2, false, "3d8[radiant]"}, {4, false, "5d8[radiant]"}, {5, false, "5d8[radiant]"},
		{1, true, "3d8[radiant]"}, {4, true, "6d8[radiant]"}} {
		if got := SmiteDice(tc.slot, tc.undead); got != tc.want {
			t.Errorf("slot %d undead %v: %s", tc.slot, tc.undead, got)
		}
	}
	p := hero(t, "paladin", "", 5)
	res, err := p.DivineSmite(2, true, CritDouble, Target{Name: "ghoul", CreatureType: "undead"}, forced(1, 1, 1, 1, 1, 1, 1, 1))
	if err != nil || res.Dice != "4d8[radiant]" || res.Damage.Notation != "8d8[radiant]" || res.Damage.Total != 8 || res.SlotsLeft != 1 {
		t.Errorf("%+v %+v %v", res, res.Damage, err)
	}
	if _, err := hero(t, "fighter", "", 5).DivineSmite(1, false, "", Target{}, forced()); !errors.Is(err, &Error{Code: ErrNoFeature}) {
		t.Errorf("a fighter smites: %v", err)
	}
}

// TestSlotFeatures: arcane recovery and flexible casting.
func TestSlotFeatures(t *testing.T) {
	w := hero(t, "wizard", "", 5) // slots 4/3/2; recovers 3 levels
	w.SpellSlots[0].Used, w.SpellSlots[1].Used, w.SpellSlots[2].Used = 2, 1, 1
	if _, err := w.RecoverSlots("arcane_recovery", []int{3, 1}); !errors.Is(err, &Error{Code: ErrBadRecovery}) {
		t.Errorf("4 levels: %v", err)
	}
	use, err := w.UseFeature("arcane_recovery", nil, FeatureOptions{Slots: []int{2, 1}})
	if err != nil || w.SpellSlots[0].Used != 1 || w.SpellSlots[1].Used != 0 || !reflect.DeepEqual(use.Slots, []int{2, 1}) {
		t.Errorf("%+v %v", use, err)
	}
	if _, err := w.RecoverSlots("arcane_recovery", []int{1}); !errors.Is(err, &Error{Code: ErrNoUsesLeft}) {
		t.Errorf("twice a day: %v", err)
	}
	s := hero(t, "sorcerer", "", 5) // 5 sorcery points
	if use, err := s.ConvertSlot(2); err != nil || use.Resource.After != 5 || s.SpellSlots[1].Used != 1 {
		t.Errorf("convert at full points: %+v %v", use, err)
	}
	if use, err := s.CreateSlot(2); err != nil || use.Resource.After != 2 || s.SpellSlots[1].Used != 0 {
		t.Errorf("create: %+v %v", use, err)
	}
	if _, err := s.CreateSlot(1); !errors.Is(err, &Error{Code: ErrNoSlotSpent}) {
		t.Errorf("no spent slot: %v", err)
	}
	if use, err := s.ConvertSlot(1); err != nil || use.Resource.After != 3 {
		t.Errorf("convert: %+v %v", use, err)
	}
}

// TestPassiveWithEffects: B3: passive = 10 + all modifiers, ±5 for advantage or disadvantage; effects count.
func TestPassiveWithEffects(t *testing.T) {
	bard := hero(t, "bard", "", 2) // jack of all trades +1 on perception (not proficient)
	p, err := bard.PassiveScore(Perception, Normal)
	if err != nil || p.Score != 11 || len(p.Applied) != 1 {
		t.Errorf("%+v %v", p, err)
	}
	withEffects(t, bard, fx("enthrall", dis(ScopeCheck).skill(Perception)))
	if p, _ := bard.PassiveScore(Perception, Normal); p.Score != 6 || p.Mode != Disadvantage {
		t.Errorf("enthralled: %+v", p)
	}
}
