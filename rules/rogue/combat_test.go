package rogue

import (
	"testing"
)

// defender of the A15 worked example: AGI +1 (dodge 1), STR +1 with a shield (block 1).
func exampleDefender(t *testing.T) *Character {
	return human(t, "Def", Attributes{8, 8, 7, 7}, func(c *Character) { c.Equip.Shield = &Shield{MinBlock: 1, MaxBlock: 2} })
}

func TestDefenceTableOdds(t *testing.T) {
	tests := []struct {
		offense                      int
		hitFrom, block, dodge        int
		hits, blocked, dodged, fumbl int
	}{
		{0, 9, 8, 7, 10, 5, 6, 1},
		{4, 5, 4, 3, 30, 3, 2, 1},
	}
	for _, tt := range tests {
		o := MeleeOdds(tt.offense, 1, 1, DefenceBlock)
		if o.Hits() != tt.hits || o.Blocked != tt.blocked || o.Dodged != tt.dodged || o.Fumble != tt.fumbl || o.Den != 36 {
			t.Errorf("offense %d: %+v", tt.offense, o)
		}
		if o.Hit+o.Critical+o.Blocked+o.Dodged+o.Parried+o.Miss+o.Fumble != 36 {
			t.Errorf("offense %d: counts do not add up", tt.offense)
		}
		// The bands in natural-roll space.
		b := Bands{Offense: tt.offense, Base: 7, Dodge: 1, Second: 1, SecondIs: DefenceBlock, FumbleAt: 2, CritAt: 12}
		b.fill()
		if b.HitFrom != tt.hitFrom || b.SecondFrom != tt.block || b.SecondTo != tt.block || b.DodgeFrom != tt.dodge || b.DodgeTo != tt.dodge {
			t.Errorf("offense %d bands: %+v", tt.offense, b)
		}
		// Enumerate the 36 outcomes by hand.
		counts := map[Outcome]int{}
		for x := 1; x <= 6; x++ {
			for y := 1; y <= 6; y++ {
				counts[b.Resolve(x+y)]++
			}
		}
		if counts[OutcomeBlocked] != tt.blocked || counts[OutcomeDodged] != tt.dodged || counts[OutcomeHit]+counts[OutcomeCritical] != tt.hits {
			t.Errorf("offense %d enumeration: %v", tt.offense, counts)
		}
	}
	// No defence: 21/36; a net +1: 26/36 (A1.4).
	if o := MeleeOdds(0, 0, 0, ""); o.Hits() != 21 {
		t.Errorf("no defence: %d/36", o.Hits())
	}
	if o := MeleeOdds(1, 0, 0, ""); o.Hits() != 26 {
		t.Errorf("no defence +1: %d/36", o.Hits())
	}
}

// The worked example played with real attacks: a roll of 8 is blocked, then the next attacker needs 8.
func TestDefenceTableAttacks(t *testing.T) {
	def := exampleDefender(t)
	if v := def.Defences(); v.Dodge != 1 || v.Block != 1 || !v.HasShield {
		t.Fatalf("defences %+v", v)
	}
	att := human(t, "Att", avg)
	w := AttackOptions{Weapon: Weapon{Damage: "1d6"}}

	res, err := Attack(att, def, w, faces(4, 4))
	if err != nil {
		t.Fatal(err)
	}
	if res.Bands.Target != 9 || res.Outcome != OutcomeBlocked || res.DefenceUsed != DefenceBlock || !def.Used.Block {
		t.Fatalf("first attack: target %d outcome %s used %+v", res.Bands.Target, res.Outcome, def.Used)
	}
	if res.Odds.Blocked != 5 || res.Odds.Dodged != 6 || res.Odds.Hits() != 10 {
		t.Errorf("first attack odds %+v", res.Odds)
	}
	// Next attacker with no bonus needs 8; only the dodge band (7) remains.
	res, err = Attack(att, def, w, faces(3, 4))
	if err != nil {
		t.Fatal(err)
	}
	if res.Bands.Target != 8 || res.Bands.HitFrom != 8 || res.Outcome != OutcomeDodged || !def.Used.Dodge {
		t.Fatalf("second attack: %+v outcome %s", res.Bands, res.Outcome)
	}
	// Both defences used: 7 hits now.
	res, err = Attack(att, def, w, faces(3, 4, 5))
	if err != nil {
		t.Fatal(err)
	}
	if res.Bands.Target != 7 || res.Outcome != OutcomeHit || res.Damage == nil || res.Damage.Total != 5 {
		t.Fatalf("third attack: %+v %s", res.Bands, res.Outcome)
	}
	if def.HP != 7-5 {
		t.Errorf("HP %d", def.HP)
	}
	// A new turn of the defender restores its defences.
	if _, err := def.Turn(TurnOptions{}, faces()); err != nil {
		t.Fatal(err)
	}
	if def.Used != (DefenceUse{}) {
		t.Errorf("defences not restored: %+v", def.Used)
	}
	// +4 attacker: hit on 5+, block on 4, dodge on 3.
	for _, tt := range []struct {
		dice []int
		want Outcome
	}{{[]int{2, 2}, OutcomeBlocked}, {[]int{1, 2}, OutcomeDodged}, {[]int{2, 3, 1}, OutcomeHit}} {
		d := exampleDefender(t)
		res, err := Attack(att, d, AttackOptions{Weapon: Weapon{Damage: "1d6"}, Bonus: 4}, faces(tt.dice...))
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome != tt.want || res.Bands.HitFrom != 5 || res.Odds.Blocked != 3 || res.Odds.Dodged != 2 || res.Odds.Hits() != 30 {
			t.Errorf("+4 dice %v: %s %+v %+v", tt.dice, res.Outcome, res.Bands, res.Odds)
		}
	}
}

func TestParryBand(t *testing.T) {
	def := human(t, "P", Attributes{7, 10, 8, 8}, func(c *Character) { c.Equip.MaxParry = Cap(2) })
	v := def.Defences()
	if v.Dodge != 3 || v.Parry != 2 {
		t.Fatalf("defences %+v (parry = ceil(3/2) = 2)", v)
	}
	def.Talents = []Talent{DualWield}
	def.Level = 3
	if v := def.Defences(); v.Parry != 2 {
		t.Errorf("Dual Wield parry capped by Max Parry: %d", v.Parry)
	}
	def.Equip.MaxParry = Cap(3)
	if v := def.Defences(); v.Parry != 3 {
		t.Errorf("Dual Wield: full AGI bonus, got %d", v.Parry)
	}
	att := human(t, "A", avg)
	res, err := Attack(att, def, AttackOptions{Weapon: Weapon{Damage: "1d6"}}, faces(5, 5))
	if err != nil {
		t.Fatal(err)
	}
	// Target 7 + 3 + 3 = 13: dodge band 7–9, parry band 10–12; nat 10 is parried.
	if res.Bands.Target != 13 || res.Outcome != OutcomeParried || !def.Used.Parry {
		t.Errorf("%+v %s", res.Bands, res.Outcome)
	}
}

func TestDefenceCaps(t *testing.T) {
	c := human(t, "C", Attributes{10, 10, 8, 8}, func(c *Character) {
		c.Equip.MaxDodge = Cap(1)
		c.Equip.Shield = &Shield{MinBlock: 2, MaxBlock: 4}
	})
	if v := c.Defences(); v.Dodge != 1 || v.Block != 3 || v.Deflect != 2 {
		t.Errorf("caps: %+v", v)
	}
	// Slowing Poison lowers each by its power, never below the equipment minimum.
	c.Effects = []Effect{{Kind: KindPoison, ID: string(PoisonSlowing), Power: 2}}
	if v := c.Defences(); v.Dodge != 0 || v.Block != 2 {
		t.Errorf("slowing poison: %+v", v)
	}
	// Shield Bash known: deflect = the full block modifier.
	c.Effects = nil
	c.Level, c.Talents = 3, []Talent{ShieldBash}
	if v := c.Defences(); v.Deflect != 3 {
		t.Errorf("deflect with Shield Bash: %+v", v)
	}
	// Sweeping Blow with a large weapon: +1 min block, +1 max parry.
	p := human(t, "S", Attributes{7, 10, 8, 8}, withLevel(6), withTalents(CrushingBlow, SweepingBlow),
		func(c *Character) { c.Equip.MaxParry = Cap(1); c.Equip.LargeWeapon = true })
	if v := p.Defences(); v.Parry != 2 {
		t.Errorf("sweeping blow parry: %+v", v)
	}
}

// A18: (3, 4) → distance 5 → modifier 2.
func TestRangeModifier(t *testing.T) {
	tests := []struct{ dx, dy, want int }{{3, 4, 2}, {0, 0, 0}, {1, 1, 0}, {2, 2, 1}, {10, 0, 5}, {-3, -4, 2}, {6, 8, 5}, {1, 0, 0}, {2, 0, 1}}
	for _, tt := range tests {
		if got := RangeModifier(tt.dx, tt.dy); got != tt.want {
			t.Errorf("range(%d, %d) = %d, want %d", tt.dx, tt.dy, got, tt.want)
		}
	}
}

func TestRangedAttack(t *testing.T) {
	att := human(t, "Archer", Attributes{7, 9, 8, 8}, withLevel(6), withTalents(AimedShot, DarkVision))
	def := exampleDefender(t)
	// Range (3, 4) = 2, deflect 1 (min block): 3; Dark Vision halves: 1. Target 8. No dodge band (G-A13).
	res, err := Attack(att, def, AttackOptions{Kind: Ranged, Weapon: Weapon{Damage: "1d8"}, DX: 3, DY: 4}, faces(3, 3, 5))
	if err != nil {
		t.Fatal(err)
	}
	if res.Bands.Target != 8 || res.Bands.Dodge != 0 || res.Offense() != 2 || res.Outcome != OutcomeHit {
		t.Fatalf("bands %+v outcome %s mods %+v", res.Bands, res.Outcome, res.BandMods)
	}
	if res.Damage.Notation != "1d8+2" || res.Damage.Total != 7 {
		t.Errorf("damage %s = %d", res.Damage.Notation, res.Damage.Total)
	}
	// Aimed Shot: +1D3 per AGI bonus point instead of +1; 1 energy.
	def = exampleDefender(t)
	res, err = Attack(att, def, AttackOptions{Kind: Ranged, Talent: AimedShot, Weapon: Weapon{Damage: "1d8"}}, faces(4, 4, 5, 3, 3))
	if err != nil {
		t.Fatal(err)
	}
	if res.Damage.Notation != "1d8+2d3" || res.Damage.Total != 11 || res.EnergySpent != 1 || att.Energy != att.MaxEnergy-1 {
		t.Errorf("aimed shot: %s = %d energy %d", res.Damage.Notation, res.Damage.Total, att.Energy)
	}
}

func (r *AttackResult) Offense() int { return r.Bands.Offense }

// A20 tables and the +5 cap with its damage exceptions.
func TestDamageModifierTables(t *testing.T) {
	for mod, want := range map[int]int{-2: 0, -1: 0, 0: 0, 1: 2, 2: 3, 3: 5, 4: 6, 5: 8} {
		if got := TwoHandedMod(mod); got != want {
			t.Errorf("two-handed %d → %d, want %d", mod, got, want)
		}
	}
	for mod, want := range map[int]int{3: -1, 0: -1, -1: -2, -2: -4, -3: -6} {
		if got := OffHandMod(mod); got != want {
			t.Errorf("off-hand %d → %d, want %d", mod, got, want)
		}
	}
}

func TestMeleeDamage(t *testing.T) {
	strong := Attributes{11, 8, 8, 8} // STR +4
	tests := []struct {
		name     string
		att      *Character
		o        AttackOptions
		dice     []int
		notation string
		toHit    int
	}{
		{"main hand STR +4", human(t, "A", strong), AttackOptions{Weapon: Weapon{Damage: "1d6"}}, []int{4, 4, 1}, "1d6+4", 4},
		{"two-handed +4 → 6, capped at 5", human(t, "A", strong), AttackOptions{Hand: TwoHands, Weapon: Weapon{Damage: "1d10", Size: WeaponLarge}}, []int{4, 4, 1}, "1d10+5", 4},
		{"Crushing Blow: 6D3, exempt from the cap", human(t, "A", strong, withLevel(3), withTalents(CrushingBlow)), AttackOptions{Hand: TwoHands, Talent: CrushingBlow, Weapon: Weapon{Damage: "1d10", Size: WeaponLarge, Magic: 1}}, []int{4, 4, 1, 1, 1, 1, 1, 1, 1}, "1d10+6d3+1", 4},
		{"Heroic Charge +1 within the cap", human(t, "A", strong, withLevel(3), withTalents(HeroicCharge)), AttackOptions{Talent: HeroicCharge, Weapon: Weapon{Damage: "1d6"}}, []int{4, 4, 1}, "1d6+5", 4},
		{"magic modifier after the hand rule", human(t, "A", avg), AttackOptions{Hand: TwoHands, Weapon: Weapon{Damage: "2d6", Magic: 2}}, []int{4, 4, 1, 1}, "2d6+2", 0},
		// A2, G-A6: the weapon's magic damage bonus counts inside the +5 cap; only the talents' D3s go over it.
		{"STR +5 and a +2 enchant: capped at 5", human(t, "A", Attributes{12, 9, 9, 9}), AttackOptions{Weapon: Weapon{Damage: "1d6", Magic: 2}}, []int{4, 4, 1}, "1d6+5", 5},
		{"STR +4, Heroic Charge and a +1 enchant: capped at 5", human(t, "A", strong, withLevel(3), withTalents(HeroicCharge)), AttackOptions{Talent: HeroicCharge, Weapon: Weapon{Damage: "1d6", Magic: 1}}, []int{4, 4, 1}, "1d6+5", 4},
		{"two-handed +4 → 6, a −1 enchant: 5", human(t, "A", strong), AttackOptions{Hand: TwoHands, Weapon: Weapon{Damage: "1d10", Size: WeaponLarge, Magic: -1}}, []int{4, 4, 1}, "1d10+5", 4},
		{"Crushing Blow STR +5: 5D3 exempt, a +6 enchant capped at 5", human(t, "A", Attributes{12, 9, 9, 9}, withLevel(3), withTalents(CrushingBlow)), AttackOptions{Talent: CrushingBlow, Weapon: Weapon{Damage: "1d8", Magic: 6}}, []int{4, 4, 1, 1, 1, 1, 1, 1}, "1d8+5d3+5", 5},
		{"off-hand STR −2 → −4 and −2 to hit", human(t, "W", Attributes{5, 7, 7, 7}), AttackOptions{Hand: OffHand, Weapon: Weapon{Damage: "1d8"}}, []int{6, 5, 8}, "1d8-4", -4},
		{"off-hand STR +4 → −1", human(t, "A", strong), AttackOptions{Hand: OffHand, Weapon: Weapon{Damage: "1d6"}}, []int{4, 4, 1}, "1d6-1", 2},
		{"Dual Wield removes the off-hand penalties", human(t, "A", strong, withLevel(3), withTalents(DualWield)), AttackOptions{Hand: OffHand, Weapon: Weapon{Damage: "1d6"}}, []int{4, 4, 1}, "1d6+4", 4},
		{"small weapon uses the better of STR and AGI", human(t, "Q", Attributes{7, 10, 8, 8}), AttackOptions{Weapon: Weapon{Damage: "1d4", Size: WeaponSmall}}, []int{4, 4, 1}, "1d4+3", 3},
		{"thrown: AGI to hit, STR damage", human(t, "T", Attributes{9, 10, 8, 8}), AttackOptions{Kind: Thrown, Weapon: Weapon{Damage: "1d4"}}, []int{4, 4, 1}, "1d4+2", 3},
		{"Deadly Throw: better of STR/AGI, D3s", human(t, "T", Attributes{9, 10, 8, 8}, withLevel(3), withTalents(DeadlyThrow)), AttackOptions{Kind: Thrown, Talent: DeadlyThrow, Weapon: Weapon{Damage: "1d4"}}, []int{4, 4, 1, 1, 1, 1}, "1d4+3d3", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			def := human(t, "D", avg, func(c *Character) { c.BonusHP = 50; c.HP = 57 })
			res, err := Attack(tt.att, def, tt.o, faces(tt.dice...))
			if err != nil {
				t.Fatal(err)
			}
			if res.Offense() != tt.toHit {
				t.Errorf("to-hit %d, want %d (%+v)", res.Offense(), tt.toHit, res.Mods)
			}
			if !res.Hit || res.Damage == nil || res.Damage.Notation != tt.notation {
				t.Fatalf("outcome %s damage %+v, want %s", res.Outcome, res.Damage, tt.notation)
			}
			if res.Damage.Applied.Final != res.Damage.Total || def.HP != 57-res.Damage.Total {
				t.Errorf("applied %+v HP %d", res.Damage.Applied, def.HP)
			}
		})
	}
}

func TestAttackErrors(t *testing.T) {
	att := human(t, "A", avg, withLevel(6), withTalents(AimedShot, CrushingBlow))
	def := human(t, "D", avg)
	tests := []struct {
		o    AttackOptions
		code string
	}{
		{AttackOptions{Weapon: Weapon{Damage: "1d6", Size: WeaponSmall}, Hand: TwoHands}, ErrBadHand},
		{AttackOptions{Weapon: Weapon{Damage: "1d12", Size: WeaponLarge}}, ErrBadHand},
		{AttackOptions{Weapon: Weapon{Damage: ""}}, ErrBadDamage},
		{AttackOptions{Weapon: Weapon{Damage: "2x"}}, ErrBadDamage},
		{AttackOptions{Kind: "magic", Weapon: Weapon{Damage: "1d6"}}, ErrUnknownOption},
		{AttackOptions{Talent: AimedShot, Weapon: Weapon{Damage: "1d6"}}, ErrTalentAttack},
		{AttackOptions{Talent: MultiShot, Kind: Ranged, Weapon: Weapon{Damage: "1d6"}}, ErrTalentUnknownToMe},
		{AttackOptions{Talent: CrushingBlow, Weapon: Weapon{Damage: "1d4", Size: WeaponSmall}}, ErrTalentWeapon},
		{AttackOptions{Talent: CrushingBlow, Hand: OffHand, Weapon: Weapon{Damage: "1d6"}}, ErrTalentAttack},
		{AttackOptions{Talent: "fly", Weapon: Weapon{Damage: "1d6"}}, ErrUnknownTalent},
		{AttackOptions{Bonus: 60, Weapon: Weapon{Damage: "1d6"}}, ErrBadModifier},
		{AttackOptions{Kind: Ranged, DX: 5000, Weapon: Weapon{Damage: "1d6"}}, ErrBadDistance},
	}
	for _, tt := range tests {
		before := *att
		_, err := Attack(att, def, tt.o, faces(4, 4, 4, 4))
		wantCode(t, err, tt.code)
		if att.Energy != before.Energy {
			t.Errorf("%s: energy spent on an error", tt.code)
		}
	}
	att.Energy = 0
	_, err := Attack(att, def, AttackOptions{Talent: AimedShot, Kind: Ranged, Weapon: Weapon{Damage: "1d6"}}, faces(4, 4))
	wantCode(t, err, ErrNoEnergy)
	sleeper := human(t, "Z", avg, withEffects(Effect{Kind: KindState, ID: string(Asleep), Turns: 3}))
	_, err = Attack(sleeper, def, AttackOptions{Weapon: Weapon{Damage: "1d6"}}, faces(4, 4))
	wantCode(t, err, ErrHelpless)
	def.HP = 0
	_, err = Attack(human(t, "B", avg), def, AttackOptions{Weapon: Weapon{Damage: "1d6"}}, faces(4, 4))
	wantCode(t, err, ErrDead)
	// A roller error changes nothing.
	a2, d2 := human(t, "A2", avg, withLevel(3), withTalents(HeroicCharge)), exampleDefender(t)
	if _, err := Attack(a2, d2, AttackOptions{Talent: HeroicCharge, Weapon: Weapon{Damage: "1d6"}}, faces(6, 5)); err == nil {
		t.Fatal("exhausted roller: no error")
	}
	if a2.Energy != a2.MaxEnergy || d2.HP != d2.MaxHP {
		t.Error("a failed attack changed the sheets")
	}
}

// A16: helpless and invisible targets, invisible and hidden attackers.
func TestHelplessInvisibleHidden(t *testing.T) {
	att := human(t, "A", avg)
	def := human(t, "D", avg, withEffects(Effect{Kind: KindState, ID: string(Paralysed), Turns: 2}))
	res, err := Attack(att, def, AttackOptions{Weapon: Weapon{Damage: "1d6"}}, faces(6, 2, 4, 4))
	if err != nil {
		t.Fatal(err)
	}
	if !res.AutoHit || !res.Critical || res.Location != Head || res.Odds.Den != 6 || res.Odds.Critical != 1 || len(res.Rolls) != 0 {
		t.Errorf("helpless: %+v", res)
	}
	def = human(t, "D", avg, withEffects(Effect{Kind: KindState, ID: string(Asleep), Turns: 2}))
	res, err = Attack(att, def, AttackOptions{Weapon: Weapon{Damage: "1d6"}}, faces(5, 2))
	if err != nil {
		t.Fatal(err)
	}
	if !res.AutoHit || res.Critical || res.Damage.Applied.Final != 2 || !res.Damage.Applied.Woke || def.HasState(Asleep) {
		t.Errorf("helpless, no crit, damage wakes: %+v", res.Damage.Applied)
	}
	// Invisible defender: base 12 for melee; defences still on top.
	def = exampleDefender(t)
	def.Effects = []Effect{{Kind: KindState, ID: string(Invisible)}}
	res, err = Attack(att, def, AttackOptions{Weapon: Weapon{Damage: "1d6"}}, faces(5, 6))
	if err != nil {
		t.Fatal(err)
	}
	if res.Bands.Base != 12 || res.Bands.Target != 14 || res.Outcome != OutcomeMiss {
		t.Errorf("invisible defender: %+v %s", res.Bands, res.Outcome)
	}
	// A double six always hits.
	res, _ = Attack(att, def, AttackOptions{Weapon: Weapon{Damage: "1d6"}}, faces(6, 6, 1, 6, 6))
	if res.Outcome != OutcomeCritical {
		t.Errorf("double six vs invisible: %s", res.Outcome)
	}
	// Invisible attacker: no defence bands.
	inv := human(t, "I", avg, withEffects(Effect{Kind: KindState, ID: string(Invisible)}))
	res, _ = Attack(inv, exampleDefender(t), AttackOptions{Weapon: Weapon{Damage: "1d6"}}, faces(3, 4, 1))
	if res.Bands.Target != 7 || res.Outcome != OutcomeHit {
		t.Errorf("invisible attacker: %+v %s", res.Bands, res.Outcome)
	}
	// Hidden attacker (Silent Move): undefendable and ×2 damage; the attack reveals it.
	sneak := human(t, "S", avg, withLevel(3), withTalents(SilentMove))
	if err := sneak.SilentMove(); err != nil || !sneak.HasState(Hidden) || sneak.Energy != sneak.MaxEnergy-1 {
		t.Fatalf("silent move: %v", err)
	}
	def = exampleDefender(t)
	res, err = Attack(sneak, def, AttackOptions{Weapon: Weapon{Damage: "1d6"}}, faces(3, 4, 3))
	if err != nil {
		t.Fatal(err)
	}
	if res.Bands.Target != 7 || res.Damage.Multiplier != 2 || res.Damage.Total != 6 || !res.Revealed || sneak.HasState(Hidden) {
		t.Errorf("hidden: %+v %+v", res.Bands, res.Damage)
	}
}

// A19, G-A12: threshold 12 − size − level − magic, at least 7.
func TestCritThreshold(t *testing.T) {
	orc := makeChar(t, "Orc", Orc, Male, 2, avg)
	hum := human(t, "Hum", avg)
	tests := []struct {
		name     string
		att, def *Character
		rules    Rules
		want     int
	}{
		{"orc out-levelling a human: 10", orc, hum, Rules{}, 10},
		{"human attacking the orc: 12", hum, orc, Rules{}, 12},
		{"defender direction: human attacking the orc: 10", hum, orc, Rules{CritDirection: CritDefender}, 10},
		{"2.0 magic only", orc, hum, Rules{CritDirection: CritMagicOnly}, 12},
	}
	for _, tt := range tests {
		if got, _ := CritThreshold(tt.att, tt.def, tt.rules); got != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, got, tt.want)
		}
	}
	lucky := human(t, "L", avg, func(c *Character) { c.Equip.Luck = true; c.Equip.CritMod = 2 })
	if got, _ := CritThreshold(lucky, hum, Rules{}); got != 9 {
		t.Errorf("luck + crit mod 2: %d", got)
	}
	big := makeChar(t, "Big", Orc, Male, 20, avg, func(c *Character) { c.Size = Huge; c.Equip.CritMod = 5 })
	if got, mods := CritThreshold(big, hum, Rules{}); got != 7 || mods[len(mods)-1].Source != SrcCap {
		t.Errorf("minimum 7: %d %+v", got, mods)
	}
	// A crit on nat 10 needs the attack to hit too; a double six always crits.
	res, err := Attack(orc, exampleDefender(t), AttackOptions{Weapon: Weapon{Damage: "1d6"}, Rules: Rules{NoCritEffect: true}}, faces(5, 5, 1))
	if err != nil {
		t.Fatal(err)
	}
	if !res.Critical || res.Location != Head || res.Odds.Critical != 6 {
		t.Errorf("orc nat 10: %s odds %+v", res.Outcome, res.Odds)
	}
	d := exampleDefender(t)
	d.Effects = []Effect{{Kind: KindState, ID: string(Invisible)}}
	res, _ = Attack(orc, d, AttackOptions{Weapon: Weapon{Damage: "1d6"}}, faces(5, 5))
	if res.Critical || res.Hit {
		t.Errorf("nat 10 that misses is no crit: %s", res.Outcome)
	}
}

// A19.4: 2D6 + STA ≥ 7 + unresisted damage, else confused for the margin.
func TestCritEffectCheck(t *testing.T) {
	v := human(t, "V", avg, func(c *Character) { c.BonusHP = 20; c.HP = 27 })
	res, turns, err := CritEffectCheck(v, 3, faces(2, 3))
	if err != nil {
		t.Fatal(err)
	}
	if res.Difficulty != 10 || res.Success || turns != 5 || !v.HasState(Confused) {
		t.Errorf("margin: difficulty %d turns %d", res.Difficulty, turns)
	}
	v = human(t, "V", avg)
	res, turns, _ = CritEffectCheck(v, 0, faces(3, 4))
	if !res.Success || turns != 0 || v.HasState(Confused) {
		t.Errorf("made even with all damage resisted: %+v", res)
	}
	// In an attack: a crit with 4 unresisted damage.
	att := human(t, "A", avg)
	def := human(t, "D", avg, func(c *Character) {
		c.BonusHP = 20
		c.HP = 27
		c.Resist = map[DamageType]Resistance{Physical: {Body: 0, Head: 1}}
	})
	r, err := Attack(att, def, AttackOptions{Weapon: Weapon{Damage: "1d6"}}, faces(6, 6, 5, 2, 2))
	if err != nil {
		t.Fatal(err)
	}
	if r.Damage.Applied.Resistance != 1 || r.Damage.Applied.Final != 4 || r.CritEffect == nil || r.CritEffect.Difficulty != 11 || r.Confused != 7 {
		t.Errorf("crit effect in attack: %+v confused %d", r.Damage.Applied, r.Confused)
	}
}

func TestTalentAttacks(t *testing.T) {
	// Killing Blow: a hit with a pair kills unless immune.
	kb := human(t, "K", Attributes{10, 8, 8, 8}, withLevel(6), withTalents(CrushingBlow, KillingBlow))
	def := human(t, "D", avg, func(c *Character) { c.BonusHP = 50; c.HP = 57 })
	res, err := Attack(kb, def, AttackOptions{Rules: noCE, Talent: KillingBlow, Weapon: Weapon{Damage: "1d8"}}, faces(4, 4, 2))
	if err != nil {
		t.Fatal(err)
	}
	if !res.Slain || def.HP != 0 || !res.Damage.Applied.Dead {
		t.Errorf("killing blow: %+v HP %d", res, def.HP)
	}
	immune := human(t, "I", avg, func(c *Character) { c.BonusHP = 50; c.HP = 57; c.Immune = []Immunity{ImmuneInstantDeath} })
	res, err = Attack(kb, immune, AttackOptions{Rules: noCE, Talent: KillingBlow, Weapon: Weapon{Damage: "1d8"}}, faces(4, 4, 2))
	if err != nil {
		t.Fatal(err)
	}
	if res.Slain || immune.HP != 52 {
		t.Errorf("immune to instant death: HP %d", immune.HP)
	}
	res, _ = Attack(kb, human(t, "D", avg), AttackOptions{Rules: noCE, Talent: KillingBlow, Weapon: Weapon{Damage: "1d8"}}, faces(3, 5, 1))
	if res.Slain {
		t.Error("no pair, no kill")
	}
	// Shield Bash: off-hand, undefendable, D3 for a buckler; damage → knockback and stun D3.
	sb := human(t, "SB", Attributes{10, 8, 8, 8}, withLevel(3), withTalents(ShieldBash), func(c *Character) { c.Equip.Shield = &Shield{1, 2} })
	def = exampleDefender(t)
	res, err = Attack(sb, def, AttackOptions{Rules: noCE, Talent: ShieldBash}, faces(3, 4, 2, 2))
	if err != nil {
		t.Fatal(err)
	}
	if res.Bands.Target != 7 || res.Hand != OffHand || res.Offense() != 1 || res.Damage.Notation != "1d3-1" || !res.Knockback || res.Stunned != 2 || !def.HasState(Stunned) {
		t.Errorf("shield bash: %+v %+v stunned %d", res.Bands, res.Damage, res.Stunned)
	}
	_, err = Attack(human(t, "N", avg, withLevel(3), withTalents(ShieldBash)), def, AttackOptions{Rules: noCE, Talent: ShieldBash}, faces(3, 4))
	wantCode(t, err, ErrNeedsShield)
	// Steady Shot re-rolls a failed to-hit.
	ss := human(t, "SS", avg, withLevel(3), withTalents(SteadyShot))
	res, err = Attack(ss, human(t, "D", avg), AttackOptions{Rules: noCE, Kind: Ranged, Talent: SteadyShot, Weapon: Weapon{Damage: "1d6"}}, faces(1, 2, 4, 4, 3))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rolls) != 2 || !res.Hit || res.Reroll != SteadyShot.Key() || res.Odds.Den != 1296 || res.Odds.Hits() != 21*36+15*21 {
		t.Errorf("steady shot: %+v odds %+v", res.Rolls, res.Odds)
	}
	// Multi Shot, Sweeping Blow, Blade Flurry report their extra targets/attacks.
	ms := human(t, "M", Attributes{7, 10, 8, 8}, withLevel(6), withTalents(AimedShot, MultiShot))
	res, _ = Attack(ms, human(t, "D", avg), AttackOptions{Rules: noCE, Kind: Ranged, Talent: MultiShot, Weapon: Weapon{Damage: "1d6"}}, faces(4, 4, 1))
	if res.Extra != 3 {
		t.Errorf("multi shot extra %d", res.Extra)
	}
	_, err = Attack(ms, human(t, "D", avg), AttackOptions{Rules: noCE, Kind: Ranged, Talent: MultiShot, Weapon: Weapon{Damage: "1d6", Slow: true}}, faces(4, 4, 1))
	wantCode(t, err, ErrTalentSlowWeapon)
	bf := human(t, "B", Attributes{7, 10, 8, 8}, withLevel(3), withTalents(BladeFlurry))
	res, _ = Attack(bf, human(t, "D", avg), AttackOptions{Rules: noCE, Talent: BladeFlurry, Weapon: Weapon{Damage: "1d4", Size: WeaponSmall}}, faces(4, 4, 1))
	if res.Extra != 2 {
		t.Errorf("blade flurry AGI +3 with small weapons: %d", res.Extra)
	}
	res, _ = Attack(bf, human(t, "D", avg), AttackOptions{Rules: noCE, Talent: BladeFlurry, Hand: TwoHands, Weapon: Weapon{Damage: "1d8"}}, faces(4, 4, 1))
	if res.Extra != 1 {
		t.Errorf("blade flurry with a medium weapon two-handed: %d", res.Extra)
	}
	_, err = Attack(bf, human(t, "D", avg), AttackOptions{Rules: noCE, Talent: BladeFlurry, Weapon: Weapon{Damage: "1d8"}}, faces(4, 4, 1))
	wantCode(t, err, ErrTalentWeapon)
	sw := human(t, "Sw", Attributes{10, 8, 8, 8}, withLevel(6), withTalents(CrushingBlow, SweepingBlow))
	res, _ = Attack(sw, human(t, "D", avg), AttackOptions{Rules: noCE, Talent: SweepingBlow, Weapon: Weapon{Damage: "1d8"}}, faces(4, 4, 1))
	if res.Extra != 3 {
		t.Errorf("sweeping blow: %d", res.Extra)
	}
	// Slow and Steady: slow ranged weapons count as Aimed Shot and Steady Shot, better of STR/AGI.
	sst := human(t, "SaS", Attributes{10, 8, 8, 8}, withLevel(3), withTalents(SlowAndSteady))
	res, _ = Attack(sst, human(t, "D", avg, func(c *Character) { c.BonusHP = 20; c.HP = 27 }), AttackOptions{Rules: noCE, Kind: Ranged, Weapon: Weapon{Damage: "1d10", Slow: true}}, faces(1, 1, 4, 4, 5, 1, 1, 1))
	if res.Offense() != 3 || len(res.Rolls) != 2 || res.Damage.Notation != "1d10+3d3" {
		t.Errorf("slow and steady: offense %d rolls %d %+v", res.Offense(), len(res.Rolls), res.Damage)
	}
}

func TestShapeshift(t *testing.T) {
	c := human(t, "Wolfie", Attributes{9, 8, 8, 8}, withLevel(6), withTalents(ShapeshiftWolf, BestialWrath))
	if err := c.Shapeshift(Wolf); err != nil {
		t.Fatal(err)
	}
	if c.Form != Wolf || c.Energy != c.MaxEnergy-1 {
		t.Fatalf("form %s energy %d", c.Form, c.Energy)
	}
	if !c.HasTalent(HeroicCharge) || !c.HasTalent(SilentMove) || c.HasTalent(SixthSense) || c.HasTalent(ShapeshiftWolf) {
		t.Error("wolf talents at level 6")
	}
	res, err := Attack(c, human(t, "D", avg), AttackOptions{Rules: noCE, Kind: Ranged, Weapon: Weapon{Damage: "1d12"}}, faces(4, 4, 3, 2))
	if err != nil {
		t.Fatal(err)
	}
	if res.Kind != Melee || res.Form != Wolf || res.Damage.Notation != "1d6+2+1d3" || !res.Damage.Bestial {
		t.Errorf("ferocious bite: %+v", res.Damage)
	}
	_, err = Attack(c, human(t, "D", avg), AttackOptions{Rules: noCE, Talent: CrushingBlow}, faces(4, 4))
	wantCode(t, err, ErrFormTalent)
	if err := c.Shapeshift(FormNone); err != nil || c.Form != FormNone {
		t.Error("revert")
	}
}

var noCE = Rules{NoCritEffect: true}

func TestPlanAttack(t *testing.T) {
	att := human(t, "A", avg, withLevel(3), withTalents(HeroicCharge))
	def := exampleDefender(t)
	before, _ := def.Encode()
	p, err := PlanAttack(att, def, AttackOptions{Talent: HeroicCharge, Weapon: Weapon{Damage: "1d6"}})
	if err != nil {
		t.Fatal(err)
	}
	after, _ := def.Encode()
	if string(before) != string(after) || att.Energy != att.MaxEnergy {
		t.Error("PlanAttack changed a sheet")
	}
	if p.EnergySpent != 1 || p.Bands.Target != 9 || p.Odds.Blocked != 5 || p.Odds.Dodged != 6 || p.Odds.Hits() != 10 || p.Bands.CritAt != 10 {
		t.Errorf("plan: %+v", p)
	}
	// Critical hits at level difference 2 (threshold 10): nat 10 and 11 hit critically, 12 too.
	if p.Odds.Critical != 6 || p.Odds.Hit != 4 {
		t.Errorf("crit odds: %+v", p.Odds)
	}
	def.Used.Block = true
	if p, _ := PlanAttack(att, def, AttackOptions{Weapon: Weapon{Damage: "1d6"}}); p.Bands.Target != 8 || p.Odds.Blocked != 0 || p.Odds.Dodged != 6 {
		t.Errorf("after block: %+v", p.Odds)
	}
}
