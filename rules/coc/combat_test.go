package coc

import (
	"reflect"
	"testing"
)

// §7.2 E7.1: Brawl 50 rolls 20 (hard) vs Dodge 40 rolls 18 (hard) → the dodge wins the tie; against Fight Back with
// Brawl 40 the attacker wins the tie.
func TestMeleeE7_1(t *testing.T) {
	att := CheckInput{Subject: SkillSubject(FightingBrawl), Value: 50}
	res := must(Melee(rolls(20, 18), MeleeInput{Attack: att, Defence: DefenceDodge,
		Defend: CheckInput{Subject: SkillSubject(Dodge), Value: 40}}))
	if res.Attack.Level != Hard || res.Defend.Level != Hard || res.Outcome != MeleeDodged {
		t.Errorf("dodge: %+v", res)
	}
	res = must(Melee(rolls(20, 18), MeleeInput{Attack: att, Defence: DefenceFightBack,
		Defend: CheckInput{Subject: SkillSubject(FightingBrawl), Value: 40}}))
	if res.Outcome != MeleeHit || res.Extreme {
		t.Errorf("fight back: %+v", res)
	}
	if !res.Attack.Combat || !res.Defend.Combat {
		t.Error("melee rolls are not marked as combat")
	}
}

// §7.2 E7.2: Fight Back, attacker regular (45 vs 60), defender hard (15 vs 40) → the defender deals damage.
func TestMeleeE7_2(t *testing.T) {
	res := must(Melee(rolls(45, 15), MeleeInput{Attack: CheckInput{Value: 60}, Defence: DefenceFightBack,
		Defend: CheckInput{Value: 40}}))
	if res.Outcome != MeleeCounter || res.Extreme {
		t.Errorf("got %+v", res)
	}
}

func TestResolveMelee(t *testing.T) {
	lv := func(l Level) *CheckResult { return &CheckResult{Level: l, Success: l.Success()} }
	for _, tc := range []struct {
		att, def Level
		d        Defence
		want     MeleeOutcome
	}{
		{Regular, Failure, DefenceDodge, MeleeHit},
		{Failure, Regular, DefenceDodge, MeleeDodged},
		{Failure, Fumble, DefenceDodge, MeleeMiss},
		{Extreme, Hard, DefenceDodge, MeleeHit},
		{Hard, Extreme, DefenceDodge, MeleeDodged},
		{Regular, Failure, DefenceFightBack, MeleeHit},
		{Failure, Regular, DefenceFightBack, MeleeCounter},
		{Critical, Critical, DefenceFightBack, MeleeHit},
		{Critical, Critical, DefenceDodge, MeleeDodged},
		{Fumble, Failure, DefenceFightBack, MeleeMiss},
		{Regular, Regular, DefenceNone, MeleeHit},
		{Failure, Critical, DefenceNone, MeleeMiss},
	} {
		if got := ResolveMelee(lv(tc.att), lv(tc.def), tc.d); got != tc.want {
			t.Errorf("%s vs %s %s: %s, want %s", tc.att, tc.def, tc.d, got, tc.want)
		}
	}
}

// §7.2 E7.3: the investigator has dodged once; the second cultist's attack gets the outnumbered bonus die.
func TestOutnumberedE7_3(t *testing.T) {
	if Outnumbered(0, 1) || !Outnumbered(1, 1) || Outnumbered(1, 2) || !Outnumbered(2, 2) || !Outnumbered(1, 0) {
		t.Error("Outnumbered")
	}
	res := must(Melee(forced(6, 8, 2, 9, 9), MeleeInput{
		Attack:  CheckInput{Value: 40, Mods: []Mod{ModOutnumbered}},
		Defence: DefenceDodge, Defend: CheckInput{Value: 40}}))
	if res.Attack.Net != 1 || res.Attack.Final != 28 || res.Outcome != MeleeHit {
		t.Errorf("got %+v", res.Attack)
	}
}

// §7.2 E7.4: Build 0 grappling Build 2 → 2 penalty dice; against Build 3 → impossible.
func TestManoeuvreE7_4(t *testing.T) {
	mods, ok := ManoeuvreMods(0, 2)
	if !ok || !reflect.DeepEqual(mods, []Mod{ModBuildGap, ModBuildGap}) {
		t.Errorf("build 2: %v %v", mods, ok)
	}
	if _, ok := ManoeuvreMods(0, 3); ok {
		t.Error("build 3 possible")
	}
	if mods, ok := ManoeuvreMods(2, 0); !ok || mods != nil {
		t.Errorf("bigger initiator: %v", mods)
	}
	lv := func(l Level) *CheckResult { return &CheckResult{Level: l, Success: l.Success()} }
	if ManoeuvreSucceeds(lv(Hard), lv(Hard)) || !ManoeuvreSucceeds(lv(Hard), lv(Regular)) ||
		ManoeuvreSucceeds(lv(Failure), lv(Fumble)) {
		t.Error("ManoeuvreSucceeds")
	}
}

var revolver = Weapon{Name: ".38 revolver", Skill: "firearms_handgun", Damage: "1d10", Impale: true, Range: 15, Uses: 3,
	Malfunction: 100}

// §7.3 E7.5: revolver base range 15 yd, DEX 60.
func TestRangeE7_5(t *testing.T) {
	for _, tc := range []struct {
		feet int
		band RangeBand
		d    Difficulty
	}{{12, PointBlank, DifficultyRegular}, {13, BaseRange, DifficultyRegular}, {14 * 3, BaseRange, DifficultyRegular},
		{25 * 3, LongRange, DifficultyHard}, {50 * 3, VeryLong, DifficultyExtreme}, {70 * 3, Beyond, DifficultyCritical}} {
		if got := RangeOf(tc.feet, 15, 60); got != tc.band || got.Difficulty() != tc.d {
			t.Errorf("%d ft: %s, want %s", tc.feet, got, tc.band)
		}
	}
	res := must(Shoot(forced(3, 5, 2), ShotInput{Value: 45, DEX: 60, Weapon: revolver, Distance: 10}))
	if res.Band != PointBlank || res.Check.Net != 1 || res.Check.Final != 25 || !res.Hit || res.Check.Difficulty != DifficultyRegular {
		t.Errorf("point blank: %+v", res.Check)
	}
	_, err := Shoot(rolls(10), ShotInput{Value: 45, DEX: 60, Weapon: revolver, Distance: 210})
	wantCode(t, err, ErrOutOfRange)
}

// §7.3 E7.6: a target behind a car and running at 25 yd → Hard with 2 penalty dice.
func TestShotE7_6(t *testing.T) {
	in := ShotInput{Value: 60, DEX: 50, Weapon: revolver, Distance: 75, Mods: []Mod{ModCover, ModFastTarget}}
	res := must(Shoot(forced(1, 5, 2, 3), in))
	if res.Band != LongRange || res.Check.Difficulty != DifficultyHard || res.Check.Net != -2 ||
		res.Check.Final != 35 || res.Hit {
		t.Errorf("got %+v", res.Check)
	}
	o := ShotOdds(in)
	if want := CheckOdds(60, DifficultyHard, -2, 100); !reflect.DeepEqual(o, want) {
		t.Errorf("odds %+v", o)
	}
}

func TestShotErrors(t *testing.T) {
	club := Weapon{Name: "club", Skill: FightingBrawl, Damage: "1d8"}
	_, err := Shoot(rolls(10), ShotInput{Value: 45, DEX: 60, Weapon: club, Distance: 5})
	wantCode(t, err, ErrWeaponSkill)
	_, err = Shoot(rolls(10), ShotInput{Value: 45, DEX: 60, Weapon: revolver, Distance: -1})
	wantCode(t, err, ErrBadDistance)
	_, err = Shoot(rolls(10), ShotInput{Value: 45, DEX: 100, Weapon: revolver, Distance: 5})
	wantCode(t, err, ErrBadChar)
	if ShotOdds(ShotInput{Weapon: club}) != nil {
		t.Error("odds of a club shot")
	}
}

// A jam: the malfunction number comes before the level.
func TestShotJam(t *testing.T) {
	res := must(Shoot(rolls(100), ShotInput{Value: 99, DEX: 60, Weapon: revolver, Distance: 30}))
	if !res.Check.Jammed || res.Hit {
		t.Errorf("got %+v", res.Check)
	}
}

// §7.4 E7.7, E7.8.
func TestDamageE7_7_8(t *testing.T) {
	knife := Weapon{Name: "large knife", Skill: FightingBrawl, Damage: "1d8", Impale: true}
	d4 := DamageBonus{Count: 1, Sides: 4}
	seen := map[int]bool{}
	for f := 1; f <= 8; f++ {
		res := must(RollDamage(forced(f), DamageInput{Weapon: knife, DB: d4, Extreme: true}))
		if res.Roll.Total != 8 || res.DBRoll.Total != 4 || res.Impale.Total != f || res.Total != 12+f {
			t.Errorf("knife impale %d: %+v", f, res)
		}
		seen[res.Total] = true
	}
	if len(seen) != 8 || !seen[13] || !seen[20] {
		t.Errorf("knife range %v", seen)
	}
	club := Weapon{Name: "club", Skill: FightingBrawl, Damage: "1d8"}
	res := must(RollDamage(forced(), DamageInput{Weapon: club, DB: d4, Extreme: true}))
	if res.Total != 12 || res.Impale != nil {
		t.Errorf("club: %+v", res)
	}
	res = must(RollDamage(forced(6), DamageInput{Weapon: revolver, DB: d4, Extreme: true}))
	if res.Roll.Total != 10 || res.DBRoll != nil || res.Impale.Total != 6 || res.Total != 16 || res.DBMode != DBNone {
		t.Errorf("handgun: %+v", res)
	}
	unarmed := Weapon{Name: "unarmed", Skill: FightingBrawl, Damage: "1d3"}
	res = must(RollDamage(forced(1), DamageInput{Weapon: unarmed, DB: DamageBonus{Flat: -1}}))
	if res.Raw != 0 || res.Total != 0 || res.DBRoll.Total != -1 {
		t.Errorf("unarmed: %+v", res)
	}
}

// Ordinary hits, half DB for thrown weapons, armour.
func TestDamageOrdinary(t *testing.T) {
	knife := Weapon{Name: "knife", Skill: Throw, Damage: "1d4", Impale: true}
	res := must(RollDamage(forced(3, 1), DamageInput{Weapon: knife, DB: DamageBonus{Count: 1, Sides: 4}, Armour: 1}))
	if res.DBMode != DBHalf || res.DB != (DamageBonus{Count: 1, Sides: 2}) || res.Raw != 4 || res.Total != 3 || res.Impale != nil {
		t.Errorf("thrown: %+v", res)
	}
	axe := Weapon{Name: "axe", Skill: "fighting_axe", Damage: "1d8+2"}
	res = must(RollDamage(forced(5, 4, 2), DamageInput{Weapon: axe, DB: DamageBonus{Count: 2, Sides: 6}, Armour: 20}))
	if res.Raw != 13 || res.Total != 0 {
		t.Errorf("axe: %+v", res)
	}
	_, err := RollDamage(forced(1), DamageInput{Weapon: axe, Armour: -1})
	wantCode(t, err, ErrBadArmour)
}

// §7.5 E7.9: max HP 11.
func TestWoundsE7_9(t *testing.T) {
	mk := func() *Character {
		return must(New("Joe", 30, Scores{STR: 50, CON: 55, SIZ: 60, DEX: 50, APP: 50, INT: 50, POW: 50, EDU: 50}, 50))
	}
	c := mk()
	if c.MaxHP != 11 {
		t.Fatalf("max HP %d", c.MaxHP)
	}
	res := must(c.TakeDamage(rolls(10), 5, DeathClassic))
	if res.MajorWound || res.After != 6 || len(c.Conditions) != 0 {
		t.Errorf("5: %+v", res)
	}
	c = mk()
	res = must(c.TakeDamage(rolls(70), 6, DeathClassic))
	if !res.MajorWound || res.After != 5 || res.CON == nil || res.CON.Success || !res.Unconscious ||
		!reflect.DeepEqual(res.Added, []Condition{MajorWound, Prone, Unconscious}) {
		t.Errorf("6: %+v", res)
	}
	c = mk()
	res = must(c.TakeDamage(rolls(30), 6, DeathClassic))
	if res.CON == nil || !res.CON.Success || res.Unconscious {
		t.Errorf("6, CON made: %+v", res)
	}
	c = mk()
	res = must(c.TakeDamage(rolls(), 11, DeathClassic))
	if !res.MajorWound || !res.Dying || res.Dead || c.HP != 0 || !c.Has(Dying) || !c.Has(Unconscious) || res.CON != nil {
		t.Errorf("11: %+v", res)
	}
	c = mk()
	res = must(c.TakeDamage(rolls(), 12, DeathClassic))
	if !res.Dead || !c.Has(Dead) || c.HP != 0 {
		t.Errorf("12: %+v", res)
	}
	// G2 Pulp: max HP kills
	c = mk()
	res = must(c.TakeDamage(rolls(), 11, DeathPulp))
	if !res.Dead {
		t.Errorf("pulp 11: %+v", res)
	}
	// damage to the dead changes nothing
	res = must(c.TakeDamage(rolls(), 3, DeathClassic))
	if !res.Dead || len(res.Added) != 0 {
		t.Errorf("dead: %+v", res)
	}
}

// 0 HP without a major wound: unconscious, not dying; a later hit at 0 HP with an old major wound: dying.
func TestWoundsZeroHP(t *testing.T) {
	c := investigator(t) // max HP 12
	must(c.TakeDamage(rolls(), 5, DeathClassic))
	must(c.TakeDamage(rolls(), 5, DeathClassic))
	res := must(c.TakeDamage(rolls(), 5, DeathClassic))
	if res.After != 0 || !res.Unconscious || res.Dying || c.Has(Dying) {
		t.Errorf("no major wound: %+v", res)
	}
	c = investigator(t)
	must(c.TakeDamage(rolls(10), 6, DeathClassic)) // major wound, CON made
	must(c.TakeDamage(rolls(), 3, DeathClassic))
	res = must(c.TakeDamage(rolls(), 3, DeathClassic))
	if !res.Dying || !c.Has(Dying) {
		t.Errorf("old major wound: %+v", res)
	}
	_, err := c.TakeDamage(rolls(), -1, DeathClassic)
	wantCode(t, err, ErrBadAmount)
	_, err = c.TakeDamage(rolls(), 1, "cinematic")
	wantCode(t, err, ErrBadDeathRule)
}

// Dying: a CON roll each round; First Aid stabilises (+1 HP), Medicine heals 1D3.
func TestDyingAndAid(t *testing.T) {
	c := investigator(t)
	must(c.TakeDamage(rolls(), 12, DeathClassic))
	if !c.Has(Dying) {
		t.Fatal("not dying")
	}
	d := must(c.DyingRoll(rolls(40)))
	if d.Dead || !c.Has(Dying) {
		t.Errorf("CON made: %+v", d)
	}
	aid := must(Check(rolls(20), CheckInput{Subject: SkillSubject(FirstAidSkill), Value: 50}))
	h := must(c.FirstAid(aid))
	if h.Healed != 1 || !h.Stabilised || !h.Woke || c.Has(Dying) || !c.Has(Stable) || c.HP != 1 {
		t.Errorf("first aid: %+v %v", h, c.Conditions)
	}
	med := must(Check(rolls(20), CheckInput{Subject: SkillSubject(MedicineSkill), Value: 40}))
	h = must(c.Medicine(forced(3), med))
	if h.Healed != 3 || c.HP != 4 || c.Has(Stable) {
		t.Errorf("medicine: %+v", h)
	}
	_, err := c.FirstAid(med)
	wantCode(t, err, ErrWrongSkill)
	_, err = c.DyingRoll(rolls(10))
	wantCode(t, err, ErrNotDying)
	failed := must(Check(rolls(90), CheckInput{Subject: SkillSubject(FirstAidSkill), Value: 50}))
	h = must(c.FirstAid(failed))
	if h.Healed != 0 || c.HP != 4 {
		t.Errorf("failed aid: %+v", h)
	}
	c2 := investigator(t)
	must(c2.TakeDamage(rolls(), 12, DeathClassic))
	d = must(c2.DyingRoll(rolls(80)))
	if !d.Dead || !c2.Has(Dead) || c2.Has(Dying) {
		t.Errorf("CON failed: %+v", d)
	}
	_, err = c2.FirstAid(aid)
	wantCode(t, err, ErrIsDead)
}

// §7.6 E7.10: HP 5/12 without a major wound → 6 after a day, 7 after two.
func TestRestE7_10(t *testing.T) {
	c := investigator(t)
	c.HP = 5
	if h := must(c.Rest(1)); h.After != 6 {
		t.Errorf("one day: %+v", h)
	}
	if h := must(c.Rest(1)); h.After != 7 {
		t.Errorf("two days: %+v", h)
	}
	if h := must(c.Rest(30)); h.After != 12 {
		t.Errorf("capped: %+v", h)
	}
	c.add(MajorWound)
	_, err := c.Rest(1)
	wantCode(t, err, ErrHasMajorWound)
	_, err = c.Rest(0)
	wantCode(t, err, ErrBadDays)
}

// §7.6 E7.11: major wound, CON 60: weekly roll 45 → +1D3; 10 (extreme, ≤ 12) → +2D3 and the major wound ends.
func TestWeeklyHealingE7_11(t *testing.T) {
	c := investigator(t) // CON 60, max HP 12
	c.HP = 2
	c.add(MajorWound)
	h := must(c.WeeklyHealing(faces(d100faces(45), []int{2}), 0, 0))
	if h.Aid.Level != Regular || h.Roll.Total != 2 || c.HP != 4 || h.MajorWoundEnded || !c.Has(MajorWound) {
		t.Errorf("45: %+v", h)
	}
	h = must(c.WeeklyHealing(faces(d100faces(10), []int{1, 1}), 0, 0))
	if h.Aid.Level != Extreme || h.Roll.Total != 2 || c.HP != 6 || !h.MajorWoundEnded || c.Has(MajorWound) {
		t.Errorf("10: %+v", h)
	}
	_, err := c.WeeklyHealing(rolls(10), 0, 0)
	wantCode(t, err, ErrNoMajorWound)
	c.add(MajorWound)
	h = must(c.WeeklyHealing(rolls(100), 0, 0))
	if !h.Complication || h.Healed != 0 {
		t.Errorf("fumble: %+v", h)
	}
	h = must(c.WeeklyHealing(rolls(80), 0, 0))
	if h.Healed != 0 || h.Complication {
		t.Errorf("failure: %+v", h)
	}
}

// Healing to half of max HP ends the major wound.
func TestHealEndsMajorWound(t *testing.T) {
	c := investigator(t)
	c.HP = 5
	c.add(MajorWound)
	h := must(c.WeeklyHealing(faces(d100faces(45), []int{1}), 0, 0))
	if c.HP != 6 || !h.MajorWoundEnded {
		t.Errorf("got %+v", h)
	}
}

// §7.1: DEX order, readied firearms +50, ties kept in input order and marked.
func TestInitiativeOrder(t *testing.T) {
	got := InitiativeOrder([]Fighter{{DEX: 60}, {DEX: 40, ReadiedFirearm: true}, {DEX: 70}, {DEX: 60}})
	want := []Place{{1, 90, false}, {2, 70, false}, {0, 60, true}, {3, 60, true}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v", got)
	}
	if Initiative(55, true) != 105 || Initiative(55, false) != 55 {
		t.Error("Initiative")
	}
}

// Melee odds add up and match enumeration.
func TestMeleeOddsByEnumeration(t *testing.T) {
	for _, d := range []Defence{DefenceDodge, DefenceFightBack, DefenceNone} {
		in := MeleeInput{Attack: CheckInput{Value: 50, Mods: []Mod{ModOutnumbered}}, Defence: d, Defend: CheckInput{Value: 40}}
		counts := map[MeleeOutcome]int64{}
		var extreme, total int64
		n := 5
		if d == DefenceNone {
			n = 3
		}
		faceCombos(n, func(f []int) {
			res := must(Melee(forced(f...), in))
			counts[res.Outcome]++
			if res.Extreme {
				extreme++
			}
			total++
		})
		o := MeleeOddsOf(in)
		for out, got := range map[MeleeOutcome]Chance{MeleeHit: o.Hit, MeleeDodged: o.Dodged, MeleeCounter: o.Counter, MeleeMiss: o.Miss} {
			if want := NewChance(counts[out], total); got != want {
				t.Errorf("%s %s: %s, enumeration %s", d, out, got, want)
			}
		}
		if want := NewChance(extreme, total); o.Extreme != want {
			t.Errorf("%s extreme: %s, enumeration %s", d, o.Extreme, want)
		}
	}
	if MeleeOddsOf(MeleeInput{Defence: "parry"}) != nil {
		t.Error("odds for a bad defence")
	}
}

func TestMeleeErrors(t *testing.T) {
	_, err := Melee(rolls(1, 1), MeleeInput{Attack: CheckInput{Value: 50}, Defence: "parry"})
	wantCode(t, err, ErrBadDefence)
	_, err = Melee(rolls(1, 1), MeleeInput{Attack: CheckInput{Value: 50, Pushed: true}, Defence: DefenceNone})
	wantCode(t, err, ErrNoPush)
}

// A hit on someone already unconscious at 0 HP adds nothing new; Heal works without a roll.
func TestWoundFlagsAndHeal(t *testing.T) {
	c := investigator(t)
	must(c.TakeDamage(rolls(), 4, DeathClassic))
	must(c.TakeDamage(rolls(), 4, DeathClassic))
	res := must(c.TakeDamage(rolls(), 5, DeathClassic))
	if !res.Unconscious || res.Dying {
		t.Fatalf("first: %+v", res)
	}
	res = must(c.TakeDamage(rolls(), 2, DeathClassic))
	if res.Unconscious || res.Dying || len(res.Added) != 0 || res.After != 0 {
		t.Errorf("again: %+v", res)
	}
	h := must(c.Heal(20))
	if h.After != 12 || h.Healed != 12 || !c.Has(Unconscious) {
		t.Errorf("heal: %+v", h)
	}
	_, err := c.Heal(-1)
	wantCode(t, err, ErrBadAmount)
}

// Marks from plain inputs built from the sheet: Melee through Character.Input and ApplyMarks.
func TestInputAndApplyMarks(t *testing.T) {
	a, d := investigator(t), investigator(t)
	att := must(a.Input(CheckOptions{Subject: SkillSubject(FightingBrawl)}))
	def := must(d.Input(CheckOptions{Subject: SkillSubject(Dodge)}))
	if att.Value != 50 || def.Value != 40 {
		t.Fatalf("inputs %+v %+v", att, def)
	}
	res := must(Melee(rolls(20, 90), MeleeInput{Attack: att, Defence: DefenceDodge, Defend: def}))
	a.ApplyMarks(res.Attack)
	d.ApplyMarks(res.Defend, nil)
	if !a.Skills[a.entry(FightingBrawl, "")].Mark || d.Skills[d.entry(Dodge, "")].Mark {
		t.Errorf("marks: %+v / %+v", a.Skills, d.Skills)
	}
}
