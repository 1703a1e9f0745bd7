package rogue

import (
	"testing"
)

// mage: level 12, STA 10 (X = 3), CHA 9 (Y = 2), the four literacies and every spell.
func mage(t *testing.T, opts ...func(*Character)) *Character {
	t.Helper()
	all := []Spell{}
	for _, s := range Spells() {
		all = append(all, s.ID)
	}
	base := []func(*Character){withLevel(12), withTalents(LiteracyCommon, LiteracyCelestial, LiteracyDraconic, LiteracyInfernal),
		func(c *Character) { c.Spells = all }}
	c := human(t, "Mage", Attributes{8, 8, 10, 9}, append(base, opts...)...)
	c.HP, c.Energy = c.MaxHP, c.MaxEnergy
	return c
}

// victim: level 8 (Z = 2), 50 HP.
func victim(t *testing.T, opts ...func(*Character)) *Character {
	t.Helper()
	return human(t, "Vic", avg, append([]func(*Character){withLevel(8), func(c *Character) { c.BonusHP = 43; c.HP = 50 }}, opts...)...)
}

func TestSpellCosts(t *testing.T) {
	c, v := mage(t), victim(t)
	if c.MaxEnergy != 6 {
		t.Fatalf("energy %d", c.MaxEnergy)
	}
	res, err := Cast(c, v, CastOptions{Spell: Telekinesis, DX: 1}, faces(3, 4))
	if err != nil {
		t.Fatal(err)
	}
	if res.EnergySpent != 1 || c.Energy != 5 || !res.Hit || res.ToHit.Difficulty != 7 {
		t.Errorf("energy cost: %+v", res)
	}
	// No energy: D3 HP instead.
	c.Energy = 0
	res, _ = Cast(c, v, CastOptions{Spell: Telekinesis, DX: 1}, faces(2, 3, 4))
	if res.HPCost == nil || res.HPCost.Total != 2 || c.HP != c.MaxHP-2 || res.EnergySpent != 0 {
		t.Errorf("HP cost: %+v HP %d", res, c.HP)
	}
	// Clearcasting (taught by Silent Cast): D6 + crit modifier ≥ 6 is free; a 1 always fails.
	cc := mage(t, withLevel(15), withTalents(SilentCast))
	res, _ = Cast(cc, v, CastOptions{Spell: Telekinesis, DX: 1}, faces(6, 3, 4))
	if !res.Clearcast.Success || res.EnergySpent != 0 || cc.Energy != cc.MaxEnergy {
		t.Errorf("clearcast: %+v", res.Clearcast)
	}
	res, _ = Cast(cc, v, CastOptions{Spell: Telekinesis, DX: 1}, faces(5, 3, 4))
	if res.Clearcast.Success || res.EnergySpent != 1 {
		t.Errorf("clearcast 5: %+v", res.Clearcast)
	}
	lucky := mage(t, withLevel(15), withTalents(SilentCast), func(c *Character) { c.Equip.CritMod = 5 })
	res, _ = Cast(lucky, v, CastOptions{Spell: Telekinesis, DX: 1}, faces(1, 3, 4))
	if res.Clearcast.Success || res.Clearcast.Roll.Total != 6 {
		t.Errorf("natural 1 fails: %+v", res.Clearcast)
	}
	cc.Energy = 0
	res, _ = Cast(cc, v, CastOptions{Spell: Telekinesis, DX: 1}, faces(1, 3, 4))
	if res.Clearcast != nil || res.HPCost == nil {
		t.Errorf("no energy: no clearcasting roll: %+v", res)
	}
	// A scroll costs no energy and needs only Literacy: Common.
	sc := human(t, "Scribe", avg, withLevel(3), withTalents(LiteracyCommon))
	res, err = Cast(sc, v, CastOptions{Spell: FlamingOrb, Scroll: true, DX: 1}, faces(1, 2))
	if err != nil || res.EnergySpent != 0 || res.Hit {
		t.Errorf("scroll: %v %+v", err, res)
	}
	// A miss still costs the energy.
	c = mage(t)
	res, _ = Cast(c, v, CastOptions{Spell: FlamingOrb, DX: 1}, faces(1, 2))
	if res.Hit || c.Energy != 5 || v.HP != 50 {
		t.Errorf("miss: %+v", res)
	}
}

func TestSpellErrors(t *testing.T) {
	c, v := mage(t), victim(t)
	tests := []struct {
		caster *Character
		target *Character
		o      CastOptions
		code   string
	}{
		{c, v, CastOptions{Spell: "fireball"}, ErrUnknownSpell},
		{c, v, CastOptions{Spell: MageArmour}, ErrSelfOnly},
		{human(t, "N", avg), v, CastOptions{Spell: FlamingOrb}, ErrSpellNotKnown},
		{human(t, "N", avg), v, CastOptions{Spell: FlamingOrb, Scroll: true}, ErrScrollLiteracy},
		{mage(t, withEffects(Effect{Kind: KindState, ID: string(Silenced), Turns: 3})), v, CastOptions{Spell: FlamingOrb}, ErrSilenced},
		{c, v, CastOptions{Spell: FlamingOrb, DX: 3, DY: 4}, ErrOutOfReach},
		{c, v, CastOptions{Spell: TurnUndead}, ErrWrongTarget},
		{c, v, CastOptions{Spell: BanishDaemon}, ErrWrongTarget},
		{c, v, CastOptions{Spell: CureDisease}, ErrEffectAbsent},
		{c, v, CastOptions{Spell: FlamingOrb, Bonus: 99}, ErrBadModifier},
	}
	for _, tt := range tests {
		e := tt.caster.Energy
		_, err := Cast(tt.caster, tt.target, tt.o, faces(3, 4, 4, 4, 4, 4))
		wantCode(t, err, tt.code)
		if tt.caster.Energy != e {
			t.Errorf("%s: energy spent on an error", tt.code)
		}
	}
	// Silent Cast casts while silenced.
	sc := mage(t, withLevel(15), withTalents(SilentCast), withEffects(Effect{Kind: KindState, ID: string(Silenced), Turns: 3}))
	if _, err := Cast(sc, v, CastOptions{Spell: Telekinesis, DX: 1}, faces(3, 3, 4)); err != nil {
		t.Errorf("silent cast while silenced: %v", err)
	}
}

func TestSpellToHit(t *testing.T) {
	v := victim(t)
	// Focused Cast reaches far: range (3, 4) = 2 → difficulty 9; +XD3 damage.
	fc := mage(t, withLevel(15), withTalents(FocusedCast))
	res, err := Cast(fc, v, CastOptions{Spell: FlamingOrb, DX: 3, DY: 4}, faces(3, 3, 2, 1, 1, 1, 6, 6, 1))
	if err != nil {
		t.Fatal(err)
	}
	if res.ToHit.Difficulty != 9 || res.Damage.Notation != "1d6+3d3" || res.Damage.Total != 5 {
		t.Errorf("focused cast: %+v %+v", res.ToHit, res.Damage)
	}
	// Silent Cast halves the spell range modifier: 5 → 2.
	sc := mage(t, withLevel(18), withTalents(FocusedCast, SilentCast))
	res, _ = Cast(sc, v, CastOptions{Spell: Telekinesis, DX: 10}, faces(6, 3, 4))
	if res.Range != 2 || res.ToHit.Difficulty != 9 {
		t.Errorf("silent cast range: %d %+v", res.Range, res.RangeMods)
	}
	// Max Cast caps the casting modifier; Celestial spells keep at least 2.
	mc := mage(t, func(c *Character) { c.Equip.MaxCast = Cap(0) })
	res, _ = Cast(mc, v, CastOptions{Spell: Telekinesis, DX: 1}, faces(3, 3))
	if res.ToHit.Modifier != 0 || res.ToHit.Mods[1] != (Mod{SrcMaxCast, -3}) {
		t.Errorf("max cast: %+v", res.ToHit.Mods)
	}
	res, _ = Cast(mc, v, CastOptions{Spell: HealingWave, DX: 1}, faces(3, 3, 1))
	if res.ToHit.Modifier != 2 {
		t.Errorf("celestial max cast ≥ 2: %+v", res.ToHit.Mods)
	}
	// A shield re-rolls a successful to-hit; Deafening Poison −P.
	sh := mage(t, func(c *Character) { c.Equip.Shield = &Shield{1, 2} }, withEffects(Effect{Kind: KindPoison, ID: string(PoisonDeafening), Power: 1}))
	res, _ = Cast(sh, v, CastOptions{Spell: Telekinesis, DX: 1}, faces(4, 4, 1, 3))
	if len(res.ToHit.Rolls) != 2 || res.Hit || res.ToHit.Modifier != 2 || res.ToHit.Reroll != SrcShield {
		t.Errorf("shield re-roll and deafening: %+v", res.ToHit)
	}
}

func TestSpells(t *testing.T) {
	type check func(t *testing.T, c, v *Character, r *CastResult)
	tests := []struct {
		name   string
		spell  Spell
		self   bool
		victim func(*Character)
		caster func(*Character)
		o      CastOptions
		dice   []int
		check  check
	}{
		{"cure disease", CureDisease, false, func(v *Character) { v.Effects = []Effect{{Kind: KindDisease, ID: string(DiseaseBonePlague), Power: 1}} }, nil, CastOptions{}, []int{3, 4, 3, 3},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if !r.Removal.Success || r.Removal.Difficulty != 8 || r.Removal.Modifier != 2 || len(v.Effects) != 0 {
					t.Errorf("%+v", r.Removal)
				}
			}},
		{"cure poison fails", CurePoison, false, func(v *Character) { v.Effects = []Effect{{Kind: KindPoison, ID: string(PoisonDeadly), Power: 3}} }, nil, CastOptions{}, []int{3, 4, 3, 4},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if r.Removal.Success || r.Removal.Difficulty != 10 || len(v.Effects) != 1 {
					t.Errorf("%+v", r.Removal)
				}
			}},
		{"dispel magic picks the 2nd effect", DispelMagic, false, func(v *Character) {
			v.Effects = []Effect{{Kind: KindHaste}, {Kind: KindCurse, ID: "agony"}, {Kind: KindSpell, ID: string(MageArmour), Power: 1, Value: 1}}
		}, nil, CastOptions{Effect: 2}, []int{3, 4, 3, 3},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if r.Removed == nil || r.Removed.ID != string(MageArmour) || len(v.Effects) != 2 {
					t.Errorf("%+v %+v", r.Removed, v.Effects)
				}
			}},
		{"remove curse", RemoveCurse, false, func(v *Character) { v.Effects = []Effect{{Kind: KindCurse, ID: "agony", Power: 2}} }, nil, CastOptions{}, []int{3, 4, 4, 3},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if !r.Removal.Success || r.Removal.Difficulty != 9 || len(v.Effects) != 0 {
					t.Errorf("%+v", r.Removal)
				}
			}},
		{"divine grace on caster and friend", DivineGrace, false, nil, nil, CastOptions{}, []int{3, 4, 3},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if r.Effects[0].Change.Effect.Turns != 50 || v.Mod(Agi) != 1 || c.Mod(Cha) != 3 || v.Resistance(Poison, Body) != 1 || len(r.Effects) != 2 {
					t.Errorf("%+v", r.Effects)
				}
			}},
		{"divine might", DivineMight, true, nil, nil, CastOptions{}, []int{3, 4, 1},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if r.Attr != Sta || r.Effects[0].Change.Effect.Turns != 40 || c.Mod(Str) != 2 || c.Resistance(Shock, Head) != 1 {
					t.Errorf("%+v", r.Effects)
				}
			}},
		{"divine reach", DivineReach, true, nil, nil, CastOptions{}, []int{3, 4, 2},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if !c.hasSpellEffect(DivineReach) || r.Effects[0].Duration.Notation != "(1d6+3)*10" {
					t.Errorf("%+v", r.Effects)
				}
			}},
		{"healing touch", HealingTouch, false, func(v *Character) { v.HP = 30; v.AbilityDamage = Attributes{Str: 1, Agi: 2} }, nil, CastOptions{}, []int{3, 4, 4},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if r.HealRoll.Notation != "1d6+2" || v.HP != 36 || r.Restored != Agi || v.AbilityDamage.Agi != 1 {
					t.Errorf("%+v %+v", r.Heal, v.AbilityDamage)
				}
			}},
		{"healing wave", HealingWave, false, func(v *Character) { v.HP = 30 }, nil, CastOptions{}, []int{3, 4, 3},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if v.HP != 35 || r.Splash != 5 {
					t.Errorf("%+v splash %d", r.Heal, r.Splash)
				}
			}},
		{"renewing touch", RenewingTouch, false, func(v *Character) { v.HP = 30 }, nil, CastOptions{}, []int{3, 4, 2},
			func(t *testing.T, c, v *Character, r *CastResult) {
				e, ok := v.effect(KindSpell, string(RenewingTouch))
				if !ok || e.Turns != 4 || e.Value != 2 {
					t.Fatalf("%+v", v.Effects)
				}
				if _, err := v.Turn(TurnOptions{}, faces(1)); err != nil || v.HP != 33 {
					t.Errorf("per-turn heal: HP %d", v.HP)
				}
				// Damage cuts the duration to Y (2).
				dr, _ := v.TakeDamage(Damage{Amount: 1}, faces())
				if e, _ := v.effect(KindSpell, string(RenewingTouch)); e.Turns != 2 || len(dr.Shortened) != 1 {
					t.Errorf("shortened: %+v", dr.Shortened)
				}
			}},
		{"turn undead kills", TurnUndead, false, func(v *Character) { v.Undead = true }, nil, CastOptions{}, []int{3, 4, 4, 5, 5},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if r.Damage.Type != Magic || r.Damage.Total != 6 || r.Kill.Difficulty != 12 || r.Kill.Modifier != 2 || !r.Killed || v.HP != 0 {
					t.Errorf("%+v %+v", r.Damage, r.Kill)
				}
			}},
		{"banish daemon uses X to kill", BanishDaemon, false, func(v *Character) { v.Daemon = true }, nil, CastOptions{}, []int{3, 4, 4, 3, 3},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if r.Attr != Cha || r.Damage.Notation != "1d6+2" || r.Kill.Modifier != 3 || r.Killed {
					t.Errorf("%+v %+v", r.Damage, r.Kill)
				}
			}},
		{"electric orb shocks X/2", ElectricOrb, false, func(v *Character) { v.Resist = map[DamageType]Resistance{Shock: {1, 1}} }, nil, CastOptions{}, []int{3, 4, 2, 4, 4},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if r.Damage.Total != 5 || r.Damage.Applied.Final != 4 || r.Secondary.Difficulty != 11 || !r.SecondaryOn {
					t.Errorf("%+v %+v", r.Damage.Applied, r.Secondary)
				}
				if e, ok := v.effect(KindState, string(Shocked)); !ok || e.Turns != 1 {
					t.Errorf("shocked: %+v", v.Effects)
				}
			}},
		{"flaming orb sets on fire", FlamingOrb, false, nil, nil, CastOptions{}, []int{3, 4, 2, 4, 3, 4},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if v.HP != 45 || r.Secondary.Difficulty != 10 {
					t.Errorf("%+v", r.Damage.Applied)
				}
				if e, ok := v.effect(KindState, string(Burning)); !ok || e.Turns != 7 {
					t.Errorf("burning: %+v", v.Effects)
				}
			}},
		{"flaming orb vs fire immunity", FlamingOrb, false, func(v *Character) { v.Immune = []Immunity{Immunity(Fire)} }, nil, CastOptions{}, []int{3, 4, 2},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if !r.Immune || r.Secondary != nil || v.HasState(Burning) || v.HP != 45 {
					t.Errorf("immune: %+v", r)
				}
			}},
		{"frozen orb vs vulnerable target", FrozenOrb, false, func(v *Character) { v.Weak = []DamageType{Frost} }, nil, CastOptions{}, []int{3, 4, 2, 3},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if v.HP != 40 || r.Secondary != nil || !r.SecondaryOn {
					t.Errorf("%+v", r.Damage.Applied)
				}
				if s := v.SlowEffects(); len(s) != 1 || s[0].Turns != 6 || s[0].Power != 3 {
					t.Errorf("slowed: %+v", v.Effects)
				}
			}},
		{"amplify magic adds D6 to orbs", FlamingOrb, false, nil, func(c *Character) { c.Effects = []Effect{{Kind: KindSpell, ID: string(AmplifyMagic), Turns: 30}} }, CastOptions{}, []int{3, 4, 2, 6, 1, 1},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if r.Damage.Notation != "1d6+3+1d6" || !r.Damage.Amplified || v.HP != 39 {
					t.Errorf("%+v", r.Damage)
				}
			}},
		{"enlarge orb explodes once", VenomousOrb, false, nil, func(c *Character) { c.Effects = []Effect{{Kind: KindSpell, ID: string(EnlargeOrb), Turns: 5}} }, CastOptions{}, []int{3, 4, 2, 4, 1, 1},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if r.Damage.Extra == nil || r.Damage.Extra.Total != 7 || r.Splash != 5 || v.HP != 38 || c.hasSpellEffect(EnlargeOrb) {
					t.Errorf("%+v splash %d HP %d", r.Damage, r.Splash, v.HP)
				}
			}},
		{"amplify magic", AmplifyMagic, true, nil, nil, CastOptions{}, []int{3, 4, 6},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if e, ok := c.effect(KindSpell, string(AmplifyMagic)); !ok || e.Turns != 90 {
					t.Errorf("%+v", c.Effects)
				}
			}},
		{"enlarge orb", EnlargeOrb, true, nil, nil, CastOptions{}, []int{3, 4, 2, 2},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if e, ok := c.effect(KindSpell, string(EnlargeOrb)); !ok || e.Turns != 7 {
					t.Errorf("%+v", c.Effects)
				}
			}},
		{"illumination", Illumination, false, nil, nil, CastOptions{}, []int{3, 4, 1},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if !c.hasSpellEffect(Illumination) || !v.hasSpellEffect(Illumination) || r.Attr != Cha {
					t.Errorf("%+v", r.Effects)
				}
			}},
		{"mage armour", MageArmour, true, nil, nil, CastOptions{}, []int{3, 4, 1},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if c.Resistance(Fire, Body) != 1 || c.Resistance(Physical, Head) != 1 {
					t.Errorf("+max(X/2, 1) = 1: %+v", c.Effects)
				}
				if ended, err := c.SetEquipment(Equipment{MaxDodge: Cap(2)}); err != nil || c.hasSpellEffect(MageArmour) || len(ended) != 1 {
					t.Errorf("ends when the equipment changes: %v", err)
				}
			}},
		{"mirror image", MirrorImage, true, nil, nil, CastOptions{}, []int{3, 4, 1},
			func(t *testing.T, c, v *Character, r *CastResult) {
				sh, err := c.HitMirrorImage(2, faces(3, 4))
				if err != nil || sh.Before != 30 || sh.After != 23 {
					t.Errorf("%+v %v", sh, err)
				}
			}},
		{"telekinesis", Telekinesis, false, nil, nil, CastOptions{}, []int{3, 4},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if !r.Hit || len(r.Effects) != 0 {
					t.Errorf("%+v", r)
				}
			}},
		{"plane shift", PlaneShift, true, nil, nil, CastOptions{}, []int{3, 4},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if !r.Hit {
					t.Errorf("%+v", r)
				}
			}},
		{"bestow curse: random curse", BestowCurse, false, nil, nil, CastOptions{}, []int{3, 4, 3, 3, 5, 1},
			func(t *testing.T, c, v *Character, r *CastResult) {
				e, ok := v.effect(KindCurse, string(CurseHunger))
				if !r.Chance.Success || r.Chance.Difficulty != 9 || r.Picked.Total != 5 || !ok || e.Power != 3 || e.Turns != 40 {
					t.Errorf("%+v %+v", r.Chance, v.Effects)
				}
			}},
		{"bestow curse: agony on a failure", BestowCurse, false, nil, nil, CastOptions{}, []int{3, 4, 1, 3, 1},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if r.Chance.Success || !v.hasEffect(KindCurse, string(CurseAgony)) || r.Picked != nil {
					t.Errorf("%+v", v.Effects)
				}
			}},
		{"capture soul", CaptureSoul, false, nil, nil, CastOptions{}, []int{3, 4, 2},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if e, ok := v.effect(KindSpell, string(CaptureSoul)); !ok || e.Turns != 5 {
					t.Fatalf("%+v", v.Effects)
				}
				dr, _ := v.TakeDamage(Damage{Amount: 60}, faces())
				if !dr.Dead || !dr.Soul {
					t.Errorf("soul: %+v", dr)
				}
			}},
		{"capture soul with X = 0", CaptureSoul, false, nil, func(c *Character) { c.Base.Sta = 7; c.Base.Str = 7 }, CastOptions{}, []int{3, 4},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if !r.NoEffect || len(v.Effects) != 0 {
					t.Errorf("%+v", r)
				}
			}},
		{"demonic visage", DemonicVisage, true, nil, nil, CastOptions{}, []int{3, 4, 4},
			func(t *testing.T, c, v *Character, r *CastResult) {
				dr, _ := c.TakeDamage(Damage{Amount: 2}, faces(6, 6))
				if len(dr.Shortened) != 1 || dr.Shortened[0].Before != 60 || dr.Shortened[0].After != 48 {
					t.Errorf("%+v", dr.Shortened)
				}
			}},
		{"enslave daemon", EnslaveDaemon, false, func(v *Character) { v.Daemon = true }, nil, CastOptions{}, []int{3, 4, 4, 4, 2},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if e, ok := v.effect(KindState, string(Charmed)); !r.Chance.Success || r.Chance.Difficulty != 10 || !ok || e.Turns != 40 {
					t.Errorf("%+v %+v", r.Chance, v.Effects)
				}
			}},
		{"summon daemon enslaves the summoned", SummonDaemon, false, func(v *Character) { v.Daemon = true }, nil, CastOptions{}, []int{3, 4, 1, 2},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if r.Chance == nil || r.Chance.Success || v.HasState(Charmed) {
					t.Errorf("%+v", r.Chance)
				}
			}},
		{"release soul", ReleaseSoul, false, nil, nil, CastOptions{}, []int{3, 4, 2, 2},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if r.Damage.Notation != "2d6+3" || r.Damage.Type != Magic || v.HP != 43 {
					t.Errorf("%+v", r.Damage)
				}
			}},
		{"release soul: failed enchantment", ReleaseSoul, false, nil, nil, CastOptions{Enchant: true, EnchantFailed: true}, []int{3, 4, 2, 2},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if r.Backfire == nil || c.HP != c.MaxHP-7 || v.HP != 50 {
					t.Errorf("%+v", r.Backfire)
				}
			}},
		{"venomous orb: random poison", VenomousOrb, false, nil, nil, CastOptions{}, []int{3, 4, 1, 3, 4, 11, 2},
			func(t *testing.T, c, v *Character, r *CastResult) {
				e, ok := v.effect(KindPoison, string(PoisonSlowing))
				if r.Damage.Type != Poison || v.HP != 46 || !ok || e.Power != 3 || e.Turns != 50 {
					t.Errorf("%+v %+v", r.Damage, v.Effects)
				}
			}},
		{"virulent orb: random disease", VirulentOrb, false, nil, nil, CastOptions{}, []int{3, 4, 1, 3, 4, 9, 2},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if !v.hasEffect(KindDisease, string(DiseaseRottingFlesh)) || r.Damage.Type != Disease {
					t.Errorf("%+v", v.Effects)
				}
			}},
		{"virulent orb vs disease immunity", VirulentOrb, false, func(v *Character) { v.Immune = []Immunity{Immunity(Disease)} }, nil, CastOptions{}, []int{3, 4, 1},
			func(t *testing.T, c, v *Character, r *CastResult) {
				if !r.Immune || len(v.Effects) != 0 || v.HP != 46 {
					t.Errorf("%+v", r)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := mage(t)
			if tt.caster != nil {
				tt.caster(c)
				c.Recalc()
				c.HP = c.MaxHP
			}
			v := victim(t)
			if tt.victim != nil {
				tt.victim(v)
			}
			target := v
			o := tt.o
			o.Spell = tt.spell
			if tt.self {
				target = nil
			} else {
				o.DX = 1
			}
			res, err := Cast(c, target, o, faces(tt.dice...))
			if err != nil {
				t.Fatal(err)
			}
			if !res.Hit || res.EnergySpent != 1 {
				t.Fatalf("to-hit: %+v", res.ToHit)
			}
			tt.check(t, c, v, res)
		})
	}
}

// Every spell has its effect function in the table.
func TestSpellTable(t *testing.T) {
	for _, s := range Spells() {
		if spellEffects[s.ID] == nil {
			t.Errorf("%s has no effect function", s.ID)
		}
	}
	if len(spellEffects) != len(Spells()) {
		t.Errorf("%d effect functions for %d spells", len(spellEffects), len(Spells()))
	}
}

// A19.4: a spell's critical hit makes the same crit effect check as a weapon's: 2D6 + STA ≥ 7 + unresisted
// damage, confused for the margin. The mage (level 12) crits the victim (level 8) on a natural 8 or more (G-A12).
func TestSpellCritEffect(t *testing.T) {
	tests := []struct {
		name     string
		victim   func(*Character)
		rules    Rules
		dice     []int // to-hit, damage, secondary check, crit effect check
		critical bool
		check    int // the crit effect check's difficulty, 0 = none
		confused int
	}{
		{"critical: 2D6 + 0 ≥ 7 + 5 fails by 5", nil, Rules{}, []int{4, 4, 2, 1, 1, 3, 4}, true, 12, 5},
		{"all resisted: still checked against 7", func(v *Character) { v.Resist = map[DamageType]Resistance{Fire: {0, 9}} }, Rules{}, []int{4, 4, 2, 1, 1, 3, 3}, true, 7, 1},
		{"critical, passed", nil, Rules{}, []int{4, 4, 2, 1, 1, 6, 6}, true, 12, 0},
		{"the guild turned it off", nil, Rules{NoCritEffect: true}, []int{4, 4, 2, 1, 1}, true, 0, 0},
		{"a plain hit: no check", nil, Rules{}, []int{3, 3, 2, 1, 1}, false, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, v := mage(t), victim(t)
			if tt.victim != nil {
				tt.victim(v)
			}
			res, err := Cast(c, v, CastOptions{Spell: FlamingOrb, DX: 1, Rules: tt.rules}, faces(tt.dice...))
			if err != nil {
				t.Fatal(err)
			}
			if res.Critical != tt.critical || !res.Hit {
				t.Fatalf("to-hit %+v", res.ToHit)
			}
			if tt.check == 0 {
				if res.CritEffect != nil || v.HasState(Confused) {
					t.Errorf("unexpected crit effect check %+v", res.CritEffect)
				}
				return
			}
			if res.CritEffect == nil || res.CritEffect.Difficulty != tt.check || res.Confused != tt.confused {
				t.Fatalf("crit effect %+v, confused %d", res.CritEffect, res.Confused)
			}
			if e, ok := v.effect(KindState, string(Confused)); (tt.confused > 0) != ok || (ok && e.Turns != tt.confused) {
				t.Errorf("confused %+v", v.Effects)
			}
		})
	}
}

// A23: Healing Wave heals the target and every creature adjacent to it on the grid (one D3 + Y roll); A24: an
// enlarged orb deals its normal damage to every creature adjacent to the target, the caster included.
func TestSpellSplash(t *testing.T) {
	at := func(x, y int) *Square { return &Square{x, y} }
	t.Run("healing wave", func(t *testing.T) {
		c, v := mage(t), victim(t, func(v *Character) { v.HP = 30 })
		c.HP -= 10
		ally, far, dead, unplaced := victim(t, func(v *Character) { v.HP = 30 }), victim(t, func(v *Character) { v.HP = 30 }), victim(t, func(v *Character) { v.HP = 0 }), victim(t, func(v *Character) { v.HP = 30 })
		o := CastOptions{Spell: HealingWave, DX: 1, At: at(1, 0), Nearby: []Nearby{
			{"caster", at(0, 0), c}, {"ally", at(2, 1), ally}, {"ally again", at(2, 1), ally}, {"far", at(3, 0), far},
			{"dead", at(1, 1), dead}, {"unplaced", nil, unplaced}, {"target", at(1, 0), v},
		}}
		res, err := Cast(c, v, o, faces(3, 4, 3))
		if err != nil {
			t.Fatal(err)
		}
		if v.HP != 35 || c.HP != c.MaxHP-5 || ally.HP != 35 || far.HP != 30 || dead.HP != 0 || unplaced.HP != 30 {
			t.Errorf("HP: target %d caster %d/%d ally %d far %d dead %d unplaced %d", v.HP, c.HP, c.MaxHP, ally.HP, far.HP, dead.HP, unplaced.HP)
		}
		if len(res.Splashed) != 2 || res.Splashed[0].ID != "caster" || res.Splashed[1].ID != "ally" || res.Splashed[1].Heal.Amount != 5 {
			t.Errorf("splashed %+v", res.Splashed)
		}
	})
	t.Run("enlarged orb", func(t *testing.T) {
		c := mage(t, withEffects(Effect{Kind: KindSpell, ID: string(EnlargeOrb), Turns: 5}))
		v, ally := victim(t), victim(t, func(v *Character) { v.Resist = map[DamageType]Resistance{Fire: {1, 1}} })
		o := CastOptions{Spell: FlamingOrb, DX: 1, At: at(1, 0), Nearby: []Nearby{{"caster", at(0, 0), c}, {"ally", at(0, 1), ally}}}
		// to-hit 3+4, damage 1d6+3 = 5, explosion 1d6+3 = 7, secondary check 1+1 fails
		res, err := Cast(c, v, o, faces(3, 4, 2, 4, 1, 1))
		if err != nil {
			t.Fatal(err)
		}
		if v.HP != 38 || res.Splash != 5 || c.HP != c.MaxHP-5 || ally.HP != 46 {
			t.Errorf("HP: target %d caster %d/%d ally %d, splash %d", v.HP, c.HP, c.MaxHP, ally.HP, res.Splash)
		}
		if len(res.Splashed) != 2 || res.Splashed[1].Damage.Final != 4 || res.Splashed[1].Damage.Location != Body || res.Splashed[0].Damage.Type != Fire {
			t.Errorf("splashed %+v", res.Splashed)
		}
		// Without the explosion nothing splashes.
		res, _ = Cast(c, v, o, faces(3, 4, 2, 1, 1))
		if res.Splashed != nil || ally.HP != 46 {
			t.Errorf("no explosion: %+v", res.Splashed)
		}
	})
	t.Run("an error changes nothing", func(t *testing.T) {
		c, v, ally := mage(t), victim(t, func(v *Character) { v.HP = 30 }), victim(t, func(v *Character) { v.HP = 30 })
		o := CastOptions{Spell: HealingWave, DX: 1, At: at(1, 0), Nearby: []Nearby{{"ally", at(2, 1), ally}}}
		if _, err := Cast(c, v, o, faces(3, 4)); err == nil || ally.HP != 30 || v.HP != 30 || c.Energy != c.MaxEnergy {
			t.Errorf("ran out of dice: %v, ally %d", err, ally.HP)
		}
	})
}

// A25: Summon Daemon brings in a daemon, to be added after its summoner (A12), then attempts Enslave Daemon:
// 2D6 + Y ≥ 8 + Z with Z from the daemon's level (8 → 2), charmed for (1d6 + Y)×10 turns.
func TestSummonDaemon(t *testing.T) {
	d, err := NewDaemon("Imp", 8)
	if err != nil || !d.Daemon || !d.Monster || d.Mod(Cha) != 0 {
		t.Fatalf("NewDaemon: %+v %v", d, err)
	}
	tests := []struct {
		name     string
		dice     []int
		summoned bool
		enslaved bool
		turns    int
	}{
		{"enslaved", []int{3, 4, 4, 4, 2}, true, true, 40},
		{"summoned but not enslaved", []int{3, 4, 1, 2}, true, false, 0},
		{"the spell misses: no daemon", []int{1, 2}, false, false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := mage(t)
			res, err := Cast(c, nil, CastOptions{Spell: SummonDaemon, Daemon: d}, faces(tt.dice...))
			if err != nil {
				t.Fatal(err)
			}
			if (res.Summoned != nil) != tt.summoned {
				t.Fatalf("summoned %+v", res.Summoned)
			}
			if d.HasState(Charmed) {
				t.Error("the caller's daemon changed")
			}
			if !tt.summoned {
				return
			}
			s := res.Summoned
			if s.Summoner != "Mage" || s.Enslaved != tt.enslaved || s.Creature.Name != "Imp" || res.Chance.Difficulty != 10 || res.Z != 2 {
				t.Errorf("%+v, check %+v", s, res.Chance)
			}
			e, ok := s.Creature.effect(KindState, string(Charmed))
			if ok != tt.enslaved || (ok && e.Turns != tt.turns) {
				t.Errorf("charm %+v", s.Creature.Effects)
			}
		})
	}
	c := mage(t)
	for _, o := range []CastOptions{{Spell: SummonDaemon}, {Spell: SummonDaemon, Daemon: victim(t)}} {
		_, err := Cast(c, nil, o, faces(3, 4, 4, 4, 2))
		wantCode(t, err, ErrWrongTarget)
	}
}
