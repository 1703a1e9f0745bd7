package rogue

import (
	"testing"
)

// sturdy is a 7,7,7,7 human with 40 extra HP and full energy.
func sturdy(t *testing.T, opts ...func(*Character)) *Character {
	t.Helper()
	c := human(t, "S", avg, append([]func(*Character){func(c *Character) { c.BonusHP = 40; c.HP = 47 }}, opts...)...)
	return c
}

func TestHaste(t *testing.T) {
	if AtLeast(8) != 15 {
		t.Fatalf("haste chance %d/36, want 15", AtLeast(8))
	}
	c := sturdy(t, withEffects(Effect{Kind: KindHaste}))
	res, err := c.Turn(TurnOptions{}, faces(4, 4))
	if err != nil {
		t.Fatal(err)
	}
	// Ring of Haste: (1+1) per track per action; two actions: 4 per track (8 food and water in all).
	if res.Actions != 2 || res.FoodCost != 4 || c.Hunger != 1620-4 || c.Thirst != 1620-4 {
		t.Errorf("haste success: %+v", res)
	}
	res, _ = c.Turn(TurnOptions{}, faces(3, 4))
	if res.Actions != 1 || res.FoodCost != 2 {
		t.Errorf("haste failure still costs (1+1): %+v", res)
	}
	// Two haste effects: any roll ≥ 8 is enough.
	c = sturdy(t, withEffects(Effect{Kind: KindHaste}, Effect{Kind: KindHaste}))
	res, _ = c.Turn(TurnOptions{}, faces(1, 2, 6, 2))
	if res.Actions != 2 || len(res.HasteRolls) != 2 || res.FoodCost != 6 {
		t.Errorf("two hastes: %+v", res)
	}
}

func TestSlow(t *testing.T) {
	// 2D6 + STA ≥ 7 + power: power 1 needs 8.
	c := sturdy(t, withEffects(Effect{Kind: KindSlow, Power: 1, Turns: 5}))
	res, err := c.Turn(TurnOptions{}, faces(3, 4))
	if err != nil {
		t.Fatal(err)
	}
	if !res.Lost || res.LostBy != "rogue.effect.slow" || res.Actions != 0 || res.FoodCost != 1 || len(res.SlowChecks) != 1 || res.SlowChecks[0].Difficulty != 8 {
		t.Errorf("slow failure: %+v", res)
	}
	res, _ = c.Turn(TurnOptions{}, faces(4, 4))
	if res.Lost || res.Actions != 1 {
		t.Errorf("slow success: %+v", res)
	}
	// Two hastes and one slow: a failed slow check cancels the haste rolls (A13 example: 0, 1 or 2 actions).
	c = sturdy(t, withEffects(Effect{Kind: KindHaste}, Effect{Kind: KindHaste}, Effect{Kind: KindSlow}))
	res, _ = c.Turn(TurnOptions{}, faces(1, 2))
	if res.Actions != 0 || len(res.HasteRolls) != 0 || res.FoodCost != 3 {
		t.Errorf("slowed hasted: %+v", res)
	}
	res, _ = c.Turn(TurnOptions{}, faces(3, 4, 4, 4, 1, 1))
	if res.Actions != 2 {
		t.Errorf("slow passed, haste succeeded: %+v", res)
	}
	// Slowing and Paralytic Poison count as slow effects.
	c = sturdy(t, withEffects(Effect{Kind: KindPoison, ID: string(PoisonSlowing), Power: 2}))
	res, _ = c.Turn(TurnOptions{}, faces(4, 4))
	if !res.Lost || res.LostBy != "rogue.poison.slowing" || len(res.Triggers) != 0 {
		t.Errorf("slowing poison: %+v", res)
	}
	// Helpless and lost turns.
	c = sturdy(t, withEffects(Effect{Kind: KindState, ID: string(Stunned), Turns: 1}))
	res, _ = c.Turn(TurnOptions{}, faces())
	if !res.Lost || res.LostBy != "rogue.state.stunned" || c.HasState(Stunned) || len(res.Events) != 1 || res.Events[0].Type != EventExpired {
		t.Errorf("stunned: %+v", res)
	}
	c.LoseTurn = true // a sheet saved before the cause was kept: only curses cost a turn
	res, _ = c.Turn(TurnOptions{}, faces())
	if !res.Lost || res.LostBy != KindCurse.Key() || c.LoseTurn {
		t.Errorf("lose turn: %+v", res)
	}
}

// A27: a turn lost to Curse of Sloth or Gluttony names the curse (never "Turn lost: Lost turn").
func TestLostTurnNamesTheCurse(t *testing.T) {
	for _, curse := range []Curse{CurseSloth, CurseGluttony} {
		c := sturdy(t, withEffects(Effect{Kind: KindCurse, ID: string(curse), Power: 1}))
		if _, err := c.Turn(TurnOptions{}, faces(1, 2)); err != nil || !c.LoseTurn || c.LoseTurnBy != curse.Key() {
			t.Fatalf("%s: trigger %v, lose %v by %q", curse, err, c.LoseTurn, c.LoseTurnBy)
		}
		res, err := c.Turn(TurnOptions{}, faces(6, 6))
		if err != nil || !res.Lost || res.LostBy != curse.Key() || c.LoseTurn || c.LoseTurnBy != "" {
			t.Errorf("%s: lost %v by %q", curse, res.Lost, res.LostBy)
		}
	}
	c := sturdy(t)
	c.LoseTurnBy = "rogue.src.bonus"
	wantCode(t, c.Validate(), ErrUnknownEffect)
}

func TestRegeneration(t *testing.T) {
	// Both tracks Satiated: rest heals on 2D6 + STA ≥ 10.
	c := sturdy(t, func(c *Character) { c.HP = 10 })
	res, err := c.Turn(TurnOptions{Action: ActionRest}, faces(5, 5))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.HealthRegen) != 1 || res.HealthRegen[0].Check.Difficulty != 10 || c.HP != 11 || len(res.EnergyRegen) != 0 {
		t.Errorf("rest: %+v", res)
	}
	// One Satiated, the other Not Thirsty: 12.
	c.Thirst = SetLevel(4)
	res, _ = c.Turn(TurnOptions{Action: ActionRest}, faces(5, 5))
	if res.HealthRegen[0].Check.Difficulty != 12 || c.HP != 11 {
		t.Errorf("rest at 12: %+v", res.HealthRegen[0].Check)
	}
	// Neither Satiated: no health regeneration.
	c.Hunger = SetLevel(4)
	res, _ = c.Turn(TurnOptions{Action: ActionRest}, faces())
	if res.NoHealthRegen != "rogue.hunger.not_hungry" || len(res.HealthRegen) != 0 {
		t.Errorf("no regen: %+v", res)
	}
	// Energy: rest ≥ 7, move ≥ 10; Famished: none.
	c = sturdy(t, func(c *Character) { c.Energy = 0 })
	res, _ = c.Turn(TurnOptions{Action: ActionRest}, faces(3, 4))
	if len(res.EnergyRegen) != 1 || c.Energy != 1 {
		t.Errorf("energy rest: %+v", res)
	}
	res, _ = c.Turn(TurnOptions{Action: ActionMove}, faces(4, 5))
	if res.EnergyRegen[0].Check.Difficulty != 10 || c.Energy != 1 {
		t.Errorf("energy move: %+v", res.EnergyRegen[0].Check)
	}
	c.Hunger = SetLevel(1)
	res, _ = c.Turn(TurnOptions{Action: ActionMove}, faces())
	if !res.NoEnergyRegen || len(res.EnergyRegen) != 0 {
		t.Errorf("famished: %+v", res)
	}
	// Curse of Sloth re-rolls a successful energy roll; Draining Poison −P.
	c = sturdy(t, func(c *Character) { c.Energy = 0 }, withEffects(Effect{Kind: KindCurse, ID: string(CurseSloth)}, Effect{Kind: KindPoison, ID: string(PoisonDraining), Power: 1}))
	res, _ = c.Turn(TurnOptions{Action: ActionRest}, faces(4, 4, 1, 3, 6, 6, 6, 6))
	g := res.EnergyRegen[0]
	if g.Check.Modifier != -1 || len(g.Check.Rolls) != 2 || g.Check.Reroll != "rogue.curse.sloth" || g.Gained != 0 {
		t.Errorf("sloth re-roll: %+v", g.Check)
	}
	// Deadly Poison re-rolls successful health rolls; Leeching −P.
	c = sturdy(t, func(c *Character) { c.HP = 5 }, withEffects(Effect{Kind: KindPoison, ID: string(PoisonDeadly)}, Effect{Kind: KindPoison, ID: string(PoisonLeeching), Power: 2}))
	res, _ = c.Turn(TurnOptions{Action: ActionRest}, faces(6, 6, 6, 6, 6, 6, 6, 6))
	g = res.HealthRegen[0]
	if g.Check.Modifier != -2 || len(g.Check.Rolls) != 2 || g.Gained != 1 {
		t.Errorf("deadly re-roll: %+v", g.Check)
	}
}

func TestRest(t *testing.T) {
	c := sturdy(t, func(c *Character) { c.HP = 44 })
	res, err := c.Rest(3, TurnOptions{}, faces(5, 5, 1, 1, 5, 5))
	if err != nil {
		t.Fatal(err)
	}
	if res.Turns != 3 || res.HealthChecks != 3 || res.HealthGained != 2 || c.HP != 46 || res.HPAfter != 46 || c.Hunger != 1617 {
		t.Errorf("rest: %+v", res)
	}
	if _, err := c.Rest(0, TurnOptions{}, faces()); err == nil {
		t.Error("0 turns accepted")
	}
	if _, err := c.Rest(3, TurnOptions{}, faces(5)); err == nil || c.HP != 46 {
		t.Error("a failed rest changed the sheet")
	}
}

func TestOverflowDamage(t *testing.T) {
	c := sturdy(t, func(c *Character) { c.Hunger = 1; c.Thirst = 2600 })
	res, err := c.Turn(TurnOptions{}, faces())
	if err != nil {
		t.Fatal(err)
	}
	if c.HP != 45 || len(res.Events) != 2 || res.Events[0].Type != EventOverflow || res.Events[1].Track != TrackThirst {
		t.Errorf("overflow: HP %d %+v", c.HP, res.Events)
	}
}

// trigger runs one turn of a sturdy character with a single lingering effect.
func trigger(t *testing.T, e Effect, opts TurnOptions, dice ...int) (*Character, *TurnResult) {
	t.Helper()
	c := sturdy(t, withEffects(e))
	res, err := c.Turn(opts, faces(dice...))
	if err != nil {
		t.Fatalf("%s %s: %v", e.Kind, e.ID, err)
	}
	return c, res
}

// A26–A29: every curse, poison and disease, triggered with forced dice (power 1: 2D6 ≤ 3).
func TestTriggers(t *testing.T) {
	state := func(s State, turns int) func(*testing.T, *Character, *TurnResult) {
		return func(t *testing.T, c *Character, r *TurnResult) {
			e, ok := c.effect(KindState, string(s))
			if !ok || e.Turns != turns {
				t.Errorf("state %s: %+v", s, c.Effects)
			}
		}
	}
	hp := func(want int) func(*testing.T, *Character, *TurnResult) {
		return func(t *testing.T, c *Character, r *TurnResult) {
			if c.HP != want {
				t.Errorf("HP %d, want %d (%+v)", c.HP, want, r.Events)
			}
		}
	}
	attr := func(a Attribute, then func(*testing.T, *Character, *TurnResult)) func(*testing.T, *Character, *TurnResult) {
		return func(t *testing.T, c *Character, r *TurnResult) {
			if c.AbilityDamage.Get(a) != 1 {
				t.Errorf("ability damage %+v", c.AbilityDamage)
			}
			if then != nil {
				then(t, c, r)
			}
		}
	}
	tests := []struct {
		kind  EffectKind
		id    string
		opts  TurnOptions
		dice  []int
		check func(*testing.T, *Character, *TurnResult)
	}{
		{KindCurse, "agony", TurnOptions{}, []int{1, 2, 2}, hp(44)}, // D3 + X = 3 magic
		{KindCurse, "envy", TurnOptions{}, []int{1, 2, 4}, state(Envious, 4)},
		{KindCurse, "gluttony", TurnOptions{}, []int{1, 2}, func(t *testing.T, c *Character, r *TurnResult) {
			if !c.LoseTurn || r.Events[0].Type != EventForcedEat {
				t.Errorf("gluttony: %+v", r.Events)
			}
		}},
		{KindCurse, "gluttony", TurnOptions{NoFood: true}, []int{1, 2, 3}, state(Frenzied, 3)},
		{KindCurse, "greed", TurnOptions{}, []int{1, 2, 5}, state(Greedy, 5)},
		{KindCurse, "hunger", TurnOptions{}, []int{1, 1}, func(t *testing.T, c *Character, r *TurnResult) {
			if c.Hunger != LevelDown(1619) || Level(c.Hunger) != 4 || LeftInLevel(c.Hunger) != 270 {
				t.Errorf("hunger level down: %d", c.Hunger)
			}
		}},
		{KindCurse, "hunger", TurnOptions{}, []int{1, 2, 1, 2, 3, 4, 5}, func(t *testing.T, c *Character, r *TurnResult) {
			if c.Hunger != 1619-15 || r.Events[0].Amount != 15 || r.Events[0].Roll.Notation != "5d6" {
				t.Errorf("hunger (4+X)D6: %d %+v", c.Hunger, r.Events)
			}
		}},
		{KindCurse, "lust", TurnOptions{}, []int{1, 2, 6}, state(Lustful, 6)},
		{KindCurse, "pride", TurnOptions{}, []int{1, 2, 2}, state(Reckless, 2)},
		{KindCurse, "sloth", TurnOptions{}, []int{1, 2}, func(t *testing.T, c *Character, r *TurnResult) {
			if c.Energy != c.MaxEnergy-1 || !c.LoseTurn {
				t.Errorf("sloth: energy %d lose %v", c.Energy, c.LoseTurn)
			}
		}},
		{KindCurse, "thirst", TurnOptions{}, []int{1, 1}, func(t *testing.T, c *Character, r *TurnResult) {
			if Level(c.Thirst) != 4 || c.Hunger != 1619 {
				t.Errorf("thirst: %d", c.Thirst)
			}
		}},
		{KindCurse, "wrath", TurnOptions{}, []int{1, 2, 1}, state(Frenzied, 1)},
		{KindCurse, "agony", TurnOptions{}, []int{2, 2}, hp(47)}, // nat 4 > 3: no trigger
		{KindPoison, "blinding", TurnOptions{}, []int{1, 2, 3}, state(Blinded, 3)},
		{KindPoison, "charming", TurnOptions{}, []int{1, 2, 3}, state(Charmed, 3)},
		{KindPoison, "confusing", TurnOptions{}, []int{1, 2, 3}, state(Confused, 3)},
		{KindPoison, "deadly", TurnOptions{}, []int{1, 2, 3}, hp(43)},
		{KindPoison, "deafening", TurnOptions{}, []int{1, 2, 3}, state(Deafened, 3)},
		{KindPoison, "draining", TurnOptions{}, []int{1, 2}, func(t *testing.T, c *Character, r *TurnResult) {
			if c.Energy != c.MaxEnergy-1 {
				t.Errorf("draining: %d", c.Energy)
			}
		}},
		{KindPoison, "leeching", TurnOptions{}, []int{1, 2, 1}, hp(45)},
		{KindPoison, "paralytic", TurnOptions{}, []int{4, 4, 1, 2, 3}, state(Paralysed, 3)}, // slow check first
		{KindPoison, "silencing", TurnOptions{}, []int{1, 2, 3}, state(Silenced, 3)},
		{KindPoison, "sleeping", TurnOptions{}, []int{1, 2, 3}, state(Asleep, 3)},
		{KindDisease, "aching_muscle", TurnOptions{}, []int{1, 2, 1, 2, 3}, attr(Str, func(t *testing.T, c *Character, r *TurnResult) {
			if len(c.SlowEffects()) != 1 || c.SlowEffects()[0].Turns != 3 || c.SlowEffects()[0].Power != 1 {
				t.Errorf("aching muscle slow: %+v", c.Effects)
			}
		})},
		{KindDisease, "bloody_flux", TurnOptions{}, []int{1, 2, 1, 2, 2}, attr(Sta, func(t *testing.T, c *Character, r *TurnResult) {
			if c.MaxHP != 46 || c.HP != 43 { // STA damage: max HP 7 + 40 − 1; then D3 + X = 3
				t.Errorf("bloody flux: %d/%d", c.HP, c.MaxHP)
			}
		})},
		{KindDisease, "bone_plague", TurnOptions{}, []int{1, 2, 1, 2, 4}, attr(Str, state(Paralysed, 4))},
		{KindDisease, "burning_lung", TurnOptions{}, []int{1, 2, 1, 2, 2}, attr(Sta, func(t *testing.T, c *Character, r *TurnResult) {
			if c.Energy != c.MaxEnergy-2 {
				t.Errorf("burning lung: energy %d/%d", c.Energy, c.MaxEnergy)
			}
		})},
		{KindDisease, "itching_groin", TurnOptions{}, []int{1, 2, 1, 2, 4}, attr(Agi, state(Blinded, 4))},
		{KindDisease, "putrid_breath", TurnOptions{}, []int{1, 2, 1, 2, 4}, attr(Cha, state(Silenced, 4))},
		{KindDisease, "swollen_joint", TurnOptions{}, []int{1, 2, 1, 2, 4}, attr(Agi, state(Confused, 4))},
		{KindDisease, "rotting_flesh", TurnOptions{}, []int{1, 2, 1, 2, 4}, attr(Cha, state(Asleep, 4))},
		{KindDisease, "rotting_flesh", TurnOptions{}, []int{3, 3, 1, 2, 4}, func(t *testing.T, c *Character, r *TurnResult) {
			if c.AbilityDamage != (Attributes{}) || !c.HasState(Asleep) || len(r.Triggers) != 2 || r.Triggers[0].Triggered || r.Triggers[0].Part != 1 {
				t.Errorf("second roll alone: %+v %+v", c.AbilityDamage, r.Triggers)
			}
		}},
		// Dungeon Fever: one roll; 1d8 = 3 picks Bone Plague (the 3rd other disease): STR damage and paralysed.
		{KindDisease, "dungeon_fever", TurnOptions{}, []int{1, 2, 3, 5}, attr(Str, state(Paralysed, 5))},
	}
	for _, tt := range tests {
		t.Run(string(tt.kind)+"/"+tt.id, func(t *testing.T) {
			c, res := trigger(t, Effect{Kind: tt.kind, ID: tt.id, Power: 1, Turns: 50}, tt.opts, tt.dice...)
			for _, tr := range res.Triggers {
				if tr.Need != 3 {
					t.Errorf("need %d", tr.Need)
				}
			}
			tt.check(t, c, res)
		})
	}
}

func TestEffectRules(t *testing.T) {
	// Immunity stops secondary effects; Strong Will halves charm and the like.
	c := sturdy(t, func(c *Character) { c.Immune = []Immunity{Immunity(Poison), ImmuneHealthDrain} })
	ch, err := c.AddEffect(Effect{Kind: KindPoison, ID: string(PoisonDeadly), Power: 2, Turns: 10})
	if err != nil || ch.Added || ch.Refused != "rogue.damage.poison" {
		t.Errorf("poison immunity: %+v %v", ch, err)
	}
	c.Immune = []Immunity{ImmuneHealthDrain}
	c.AddEffect(Effect{Kind: KindPoison, ID: string(PoisonLeeching), Power: 1})
	res, _ := c.Turn(TurnOptions{}, faces(1, 1))
	if c.HP != 47 || res.Events[0].Type != EventImmune {
		t.Errorf("health drain immunity: %+v", res.Events)
	}
	sw := sturdy(t, withLevel(3), withTalents(StrongWill))
	ch, _ = sw.AddState(Charmed, 5)
	if !ch.Halved || ch.Effect.Turns != 2 {
		t.Errorf("strong will: %+v", ch)
	}
	ch, _ = sw.AddState(Frenzied, 1)
	if ch.Added || ch.Refused != StrongWill.Key() {
		t.Errorf("halved to 0: %+v", ch)
	}
	ch, _ = sw.AddState(Confused, 5)
	if ch.Halved || ch.Effect.Turns != 5 {
		t.Errorf("confusion is not halved: %+v", ch)
	}
	// Merging keeps the higher power and the longer duration; haste stacks.
	c = sturdy(t)
	c.AddEffect(Effect{Kind: KindCurse, ID: string(CurseAgony), Power: 1, Turns: 50})
	c.AddEffect(Effect{Kind: KindCurse, ID: string(CurseAgony), Power: 3, Turns: 20})
	c.AddEffect(Effect{Kind: KindHaste})
	c.AddEffect(Effect{Kind: KindHaste})
	if len(c.Effects) != 3 || c.Effects[0].Power != 3 || c.Effects[0].Turns != 50 || c.HasteCount() != 2 {
		t.Errorf("merge: %+v", c.Effects)
	}
	// Durations tick at the end of the turn; expired effects are removed.
	c = sturdy(t, withEffects(Effect{Kind: KindState, ID: string(Blinded), Turns: 2}))
	c.Turn(TurnOptions{}, faces())
	if e, _ := c.effect(KindState, string(Blinded)); e == nil || e.Turns != 1 {
		t.Errorf("tick: %+v", c.Effects)
	}
	res, _ = c.Turn(TurnOptions{}, faces())
	if c.HasState(Blinded) || res.Events[0].Type != EventExpired || res.Events[0].Source != "rogue.state.blinded" {
		t.Errorf("expiry: %+v", res.Events)
	}
	// Burning: D3 fire per turn, ignoring resistance.
	c = sturdy(t, func(c *Character) { c.Resist = map[DamageType]Resistance{Fire: {5, 5}} }, withEffects(Effect{Kind: KindState, ID: string(Burning), Turns: 3}))
	c.Turn(TurnOptions{}, faces(2))
	if c.HP != 45 {
		t.Errorf("burning: %d", c.HP)
	}
	// Blinding and Confusing Poison: −P to hit.
	a := sturdy(t, withEffects(Effect{Kind: KindPoison, ID: string(PoisonBlinding), Power: 2}))
	r, err := Attack(a, sturdy(t), AttackOptions{Weapon: Weapon{Damage: "1d6"}}, faces(4, 4))
	if err != nil || r.Offense() != -2 || r.Outcome != OutcomeMiss {
		t.Errorf("blinding poison to hit: %v %+v", err, r.Mods)
	}
}

func TestAura(t *testing.T) {
	c := human(t, "Fire", Attributes{7, 7, 8, 7}, func(c *Character) { c.Aura = Fire })
	a, err := c.RollAura(faces(2))
	if err != nil {
		t.Fatal(err)
	}
	if a.Amount != 3 || a.Adjacent != 3 || a.Radius != 1 {
		t.Errorf("aura: %+v", a)
	}
	// Resistance: floor((body + head) / 2) = floor(5/2) = 2.
	target := sturdy(t, func(c *Character) { c.Resist = map[DamageType]Resistance{Fire: {Body: 3, Head: 2}} })
	h, err := ApplyAura(a, target, 1, faces())
	if err != nil {
		t.Fatal(err)
	}
	if h.Damage.Resistance != 2 || h.Damage.Final != 1 || target.HP != 46 {
		t.Errorf("aura resistance: %+v", h.Damage)
	}
	if _, err := ApplyAura(a, target, 2, faces()); err == nil {
		t.Error("radius 1 reached 2")
	}
	// Monster: radius 2, ×1.5 (floor) to adjacent creatures only (G-A8).
	m := makeChar(t, "Imp", Human, Male, 1, Attributes{7, 7, 8, 7}, monster, func(c *Character) { c.Aura = Fire })
	a, _ = m.RollAura(faces(2))
	if a.Radius != 2 || a.Adjacent != 4 || a.Amount != 3 {
		t.Errorf("monster aura: %+v", a)
	}
	far := sturdy(t)
	h, _ = ApplyAura(a, far, 2, faces())
	near := sturdy(t, func(c *Character) { c.Weak = []DamageType{Fire} })
	hn, _ := ApplyAura(a, near, 1, faces(4)) // A10.3: the vulnerable creature is set burning for 1d6 + X = 4 + 1 turns
	if h.Damage.Final != 3 || hn.Damage.Final != 8 || !hn.Secondary || h.Secondary || h.Effect != nil {
		t.Errorf("monster aura hits: far %+v near %+v", h.Damage, hn.Damage)
	}
	if e, ok := near.effect(KindState, string(Burning)); !ok || e.Turns != 5 || hn.Effect == nil || hn.Effect.Duration.Total != 5 {
		t.Errorf("vulnerable: secondary effect %+v, effects %+v", hn.Effect, near.Effects)
	}
	// Same aura heals; aura creatures take no damage of their type.
	same := sturdy(t, func(c *Character) { c.Aura = Fire; c.HP = 40 })
	h, _ = ApplyAura(a, same, 1, faces())
	if h.Heal == nil || same.HP != 44 {
		t.Errorf("same aura heals: %+v", h)
	}
	dr, _ := same.TakeDamage(Damage{Amount: 10, Type: Fire}, faces())
	if !dr.AuraImmune || dr.Final != 0 {
		t.Errorf("aura immunity: %+v", dr)
	}
	// The aura is rolled at the end of the bearer's turn.
	res, _ := c.Turn(TurnOptions{}, faces(3))
	if res.Aura == nil || res.Aura.Amount != 4 {
		t.Errorf("turn aura: %+v", res.Aura)
	}
}

func TestTakeDamage(t *testing.T) {
	c := sturdy(t, func(c *Character) {
		c.Resist = map[DamageType]Resistance{Physical: {Body: 2, Head: 1}, Fire: {Body: 1, Head: 1}}
		c.Weak = []DamageType{Fire}
	})
	tests := []struct {
		d     Damage
		final int
	}{
		{Damage{Amount: 5}, 3},
		{Damage{Amount: 5, Location: Head}, 4},
		{Damage{Amount: 5, Type: Magic}, 5},
		{Damage{Amount: 5, Type: Trap}, 5},
		{Damage{Amount: 5, OverTime: true}, 5},
		{Damage{Amount: 5, Type: Fire}, 9}, // doubled, then resisted
		{Damage{Amount: 1}, 0},
	}
	for _, tt := range tests {
		dr, err := c.Clone().TakeDamage(tt.d, faces())
		if err != nil || dr.Final != tt.final {
			t.Errorf("%+v: %+v %v, want %d", tt.d, dr, err, tt.final)
		}
	}
	// Divine Grace +1 physical, Mage Armour +Value to every resistance.
	c.Effects = []Effect{{Kind: KindSpell, ID: string(DivineGrace)}, {Kind: KindSpell, ID: string(MageArmour), Value: 2}}
	if c.Resistance(Physical, Body) != 5 || c.Resistance(Frost, Head) != 2 || c.Resistance(Magic, Body) != 0 {
		t.Errorf("buffed resistance: %d %d", c.Resistance(Physical, Body), c.Resistance(Frost, Head))
	}
	if _, err := c.TakeDamage(Damage{Amount: -1}, faces()); err == nil {
		t.Error("negative damage accepted")
	}
}
