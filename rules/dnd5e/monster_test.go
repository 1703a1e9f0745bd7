package dnd5e

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

func monster(t *testing.T, id string) *Monster {
	t.Helper()
	m, ok := MonsterByID(id)
	if !ok {
		t.Fatalf("no monster %q", id)
	}
	return m
}

// TestGoblinStatBlock asserts the whole goblin by hand (SRD 5.1 "Goblin").
func TestGoblinStatBlock(t *testing.T) {
	want := Monster{
		ID: "goblin", Size: Small, Type: "humanoid", Tags: []Tag{"goblinoid"}, Alignment: "neutral_evil",
		Armor: []ArmorClass{{Value: 15, Kind: ACArmor}}, HP: 7, HitDice: "2d6", HPRoll: "2d6",
		Speed:  Speeds{Walk: 30},
		Scores: Scores{Str: 8, Dex: 14, Con: 10, Int: 10, Wis: 8, Cha: 8},
		Skills: []SkillBonus{{"stealth", 6}}, Senses: Senses{Darkvision: 60, Passive: 9},
		Languages: Languages{Speaks: []Language{"common", "goblin"}},
		CR:        CR{1, 4}, XP: 50, Proficiency: 2,
		Actions: []MonsterAction{
			{ID: "scimitar", Kind: ActAction, Attack: AttackMeleeWeapon, ToHit: 4, Reach: 5,
				Damage: []MonsterDamage{{Dice: "1d6+2", Type: "slashing"}}},
			{ID: "shortbow", Kind: ActAction, Attack: AttackRangedWeapon, ToHit: 4, Range: 80, LongRange: 320,
				Damage: []MonsterDamage{{Dice: "1d6+2", Type: "piercing"}}},
		},
	}
	got := monster(t, "goblin")
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("goblin\n got %+v\nwant %+v", *got, want)
	}
	if got.AC() != 15 || got.InitiativeBonus() != 2 || got.SaveBonus(Dex) != 2 || got.SaveBonus(Wis) != -1 ||
		got.SkillBonus("stealth") != 6 || got.SkillBonus(Perception) != -1 || got.CR.String() != "1/4" {
		t.Errorf("goblin derived numbers: AC %d init %+d", got.AC(), got.InitiativeBonus())
	}
	if got.Key() != "monster.goblin" || got.Actions[0].Key() != "monster.action.scimitar" {
		t.Errorf("keys %s %s", got.Key(), got.Actions[0].Key())
	}
}

// TestBugbearStatBlock asserts the bugbear by hand, with its javelin's
// melee/ranged damage and Surprise Attack's extra 2d6.
func TestBugbearStatBlock(t *testing.T) {
	want := Monster{
		ID: "bugbear", Size: Medium, Type: "humanoid", Tags: []Tag{"goblinoid"}, Alignment: "chaotic_evil",
		Armor: []ArmorClass{{Value: 16, Kind: ACArmor}}, HP: 27, HitDice: "5d8", HPRoll: "5d8+5",
		Speed:  Speeds{Walk: 30},
		Scores: Scores{Str: 15, Dex: 14, Con: 13, Int: 8, Wis: 11, Cha: 9},
		Skills: []SkillBonus{{"stealth", 6}, {"survival", 2}}, Senses: Senses{Darkvision: 60, Passive: 10},
		Languages: Languages{Speaks: []Language{"common", "goblin"}},
		CR:        CR{1, 1}, XP: 200, Proficiency: 2,
		Actions: []MonsterAction{
			{ID: "surprise_attack", Kind: ActTrait, Damage: []MonsterDamage{{Dice: "2d6"}}},
			{ID: "morningstar", Kind: ActAction, Attack: AttackMeleeWeapon, ToHit: 4, Reach: 5,
				Damage: []MonsterDamage{{Dice: "2d8+2", Type: "piercing"}}},
			{ID: "javelin", Kind: ActAction, Attack: AttackMeleeOrRangedWeapon, ToHit: 4, Reach: 5, Range: 30, LongRange: 120,
				Damage: []MonsterDamage{
					{Dice: "2d6+2", Type: "piercing", Choice: 1, Variant: InMelee},
					{Dice: "1d6+2", Type: "piercing", Choice: 1, Variant: AtRange},
				}},
		},
	}
	got := monster(t, "bugbear")
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("bugbear\n got %+v\nwant %+v", *got, want)
	}
	jav, _ := got.Action("Javelin")
	if d := jav.HitDamage(""); d != "2d6[piercing]+2" {
		t.Errorf("javelin default %q", d)
	}
	if d := jav.HitDamage(AtRange); d != "1d6[piercing]+2" {
		t.Errorf("javelin thrown %q", d)
	}
	if v := jav.Variants(); !slices.Equal(v, []Variant{InMelee, AtRange}) {
		t.Errorf("javelin variants %v", v)
	}
}

// TestAdultRedDragon: multiattack (Frightful Presence, bite, two claws),
// breath with recharge and half damage, legendary actions with costs.
func TestAdultRedDragon(t *testing.T) {
	m := monster(t, "Adult Red Dragon")
	steps, err := m.Multiattack(0, forced())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, a := range steps {
		ids = append(ids, a.ID)
	}
	if strings.Join(ids, ",") != "frightful_presence,bite,claw,claw" || m.MultiattackOptions() != 1 {
		t.Errorf("multiattack %v", ids)
	}
	bite, _ := m.Action("bite")
	if bite.ToHit != 14 || bite.Reach != 10 || bite.HitDamage("") != "2d10[piercing]+8 + 2d6[fire]" {
		t.Errorf("bite %+v %q", bite, bite.HitDamage(""))
	}
	fp, _ := m.Action("frightful_presence")
	if *fp.Save != (MonsterSave{DC: 19, Ability: Wis}) || fp.Attack != "" {
		t.Errorf("frightful presence %+v", fp)
	}
	breath, _ := m.Action("fire_breath")
	if breath.Recharge != 5 || *breath.Save != (MonsterSave{DC: 21, Ability: Dex, Half: true}) ||
		breath.SaveDamage("") != "18d6[fire]" || breath.HitDamage("") != "" {
		t.Errorf("fire breath %+v", breath)
	}
	var legendary []string
	for _, a := range m.Actions {
		if a.Kind == ActLegendary {
			legendary = append(legendary, a.ID+"/"+string(rune('0'+a.Cost))+"/"+strings.Join(a.Uses, "+"))
		}
	}
	if strings.Join(legendary, " ") != "detect/1/ tail_attack/1/tail wing_attack/2/" || m.Legendary != 3 {
		t.Errorf("legendary %v (%d a round)", legendary, m.Legendary)
	}
	wing, _ := m.Action("Wing Attack")
	if *wing.Save != (MonsterSave{DC: 22, Ability: Dex}) || wing.SaveDamage("") != "2d6[bludgeoning]+8" {
		t.Errorf("wing attack %+v", wing)
	}
	if !m.ImmuneToDamage("fire", DamageSource{}) || m.SaveBonus(Con) != 13 || m.SaveBonus(Str) != 8 || m.CR.String() != "17" {
		t.Errorf("dragon defences or saves")
	}
}

// TestLichSaveDCs: the lich's spell save DC and attack bonus, and its actions' DCs.
func TestLichSaveDCs(t *testing.T) {
	m := monster(t, "lich")
	if len(m.Spellcasting) != 1 {
		t.Fatalf("spellcasting %+v", m.Spellcasting)
	}
	sc := m.Spellcasting[0]
	if sc.DC != 20 || sc.ToHit != 12 || sc.Ability != Int || sc.Level != 18 || sc.Class != "wizard" ||
		!slices.Equal(sc.Slots, []int{4, 3, 3, 3, 3, 1, 1, 1, 1}) || len(sc.Spells) != 26 {
		t.Errorf("lich spellcasting %+v", sc)
	}
	if i := slices.IndexFunc(sc.Spells, func(s MonsterSpell) bool { return s.ID == "power_word_kill" }); i < 0 || sc.Spells[i].Level != 9 {
		t.Errorf("power word kill missing")
	}
	touch, _ := m.Action("paralyzing_touch")
	if touch.Kind != ActAction || touch.Attack != AttackMeleeSpell || touch.ToHit != 12 || *touch.Save != (MonsterSave{DC: 18, Ability: Con}) ||
		touch.HitDamage("") != "3d6[cold]" {
		t.Errorf("paralyzing touch %+v", touch)
	}
	disrupt, _ := m.Action("disrupt_life")
	if disrupt.Kind != ActLegendary || disrupt.Cost != 3 || *disrupt.Save != (MonsterSave{DC: 18, Ability: Con, Half: true}) ||
		disrupt.SaveDamage("") != "6d6[necrotic]" {
		t.Errorf("disrupt life %+v", disrupt)
	}
	lr, _ := m.Action("legendary_resistance")
	if lr.Kind != ActTrait || lr.PerDay != 3 {
		t.Errorf("legendary resistance %+v", lr)
	}
	if m.SaveBonus(Int) != 12 || m.SaveBonus(Dex) != 3 || !m.ImmuneTo(Paralyzed) || m.ImmuneTo(Prone) {
		t.Errorf("lich saves or condition immunities")
	}
	if m.Languages.Any != 5 || !slices.Equal(m.Languages.Speaks, []Language{"common"}) {
		t.Errorf("lich languages %+v", m.Languages)
	}
}

// TestRollHP: hit points from the stat block's dice, forced; at least 1.
func TestRollHP(t *testing.T) {
	for _, tc := range []struct {
		id    string
		faces []int
		want  int
	}{
		{"goblin", []int{3, 4}, 7},
		{"bugbear", []int{1, 2, 3, 4, 5}, 20},
		{"adult_red_dragon", slices.Repeat([]int{12}, 19), 19*12 + 133},
		{"bat", []int{1}, 1}, // 1d4-1 rolls 0: at least 1
	} {
		m := monster(t, tc.id)
		got, err := m.RollHP(forced(tc.faces...))
		if err != nil || got != tc.want {
			t.Errorf("%s: %d %v, want %d", tc.id, got, err, tc.want)
		}
		_, roll, err := m.RollHPResult(forced(tc.faces...))
		if err != nil || max(1, roll.Total) != tc.want || roll.Breakdown() == "" {
			t.Errorf("%s: roll %+v %v", tc.id, roll, err)
		}
	}
	if monster(t, "goblin").AverageHP() != 7 {
		t.Error("goblin average HP")
	}
}

// TestMultiattackExpansion: the SRD's "or" options, dice counts and errors.
func TestMultiattackExpansion(t *testing.T) {
	ids := func(as []*MonsterAction) string {
		var out []string
		for _, a := range as {
			out = append(out, a.ID)
		}
		return strings.Join(out, ",")
	}
	captain := monster(t, "bandit_captain")
	for opt, want := range []string{"scimitar,scimitar,dagger", "dagger,dagger"} {
		got, err := captain.Multiattack(opt, forced())
		if err != nil || ids(got) != want {
			t.Errorf("captain option %d: %s %v, want %s", opt, ids(got), err, want)
		}
	}
	_, err := captain.Multiattack(2, forced())
	wantCode(t, err, ErrBadMultiOption)
	_, err = monster(t, "goblin").Multiattack(0, forced())
	wantCode(t, err, ErrNoMultiattack)
	// The violet fungus makes 1d4 Rotting Touch attacks.
	got, err := monster(t, "violet_fungus").Multiattack(0, forced(3))
	if err != nil || ids(got) != "rotting_touch,rotting_touch,rotting_touch" {
		t.Errorf("violet fungus %s %v", ids(got), err)
	}
	// The glabrezu's multiattack may cast a spell: the spellcasting step is left out.
	got, err = monster(t, "glabrezu").Multiattack(1, forced())
	if err != nil || strings.Contains(ids(got), "spellcasting") || len(got) == 0 {
		t.Errorf("glabrezu %s %v", ids(got), err)
	}
}

// TestResistanceQualifiers: "from nonmagical attacks (that aren't silvered /
// adamantine)", "damage from spells", "from magic weapons wielded by good creatures".
func TestResistanceQualifiers(t *testing.T) {
	wolf := monster(t, "werewolf_human")
	golem := monster(t, "clay_golem")
	mage := monster(t, "archmage")
	rak := monster(t, "rakshasa")
	lich := monster(t, "lich")
	for _, tc := range []struct {
		name string
		got  bool
		want bool
	}{
		{"werewolf vs mundane sword", wolf.ImmuneToDamage("slashing", DamageSource{}), true},
		{"werewolf vs silvered sword", wolf.ImmuneToDamage("slashing", DamageSource{Silvered: true}), false},
		{"werewolf vs magic sword", wolf.ImmuneToDamage("slashing", DamageSource{Magical: true}), false},
		{"werewolf vs fire", wolf.ImmuneToDamage("fire", DamageSource{}), false},
		{"clay golem vs adamantine", golem.ImmuneToDamage("bludgeoning", DamageSource{Adamantine: true}), false},
		{"clay golem vs silvered", golem.ImmuneToDamage("bludgeoning", DamageSource{Silvered: true}), true},
		{"archmage vs a spell's fire", mage.ResistsFrom("fire", DamageSource{Spell: true}), true},
		{"archmage vs a magic sword's fire", mage.ResistsFrom("fire", DamageSource{Magical: true}), false},
		{"archmage vs a mundane club", mage.Resists("bludgeoning", false), true},
		{"archmage vs a magic club", mage.Resists("bludgeoning", true), false},
		{"rakshasa vs a good paladin's magic spear", rak.VulnerableTo("piercing", DamageSource{Magical: true, GoodWielder: true}), true},
		{"rakshasa vs a mundane spear", rak.VulnerableTo("piercing", DamageSource{GoodWielder: true}), false},
		{"lich vs cold", lich.Resists("cold", true), true},
		{"lich vs mundane mace", lich.ImmuneToDamage("bludgeoning", DamageSource{}), true},
	} {
		if tc.got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, tc.got, tc.want)
		}
	}
	tg := lich.Target("Lich", 100, DamageSource{})
	if tg.AC != 17 || tg.HP != 100 || tg.MaxHP != 135 || !slices.Equal(tg.Immune, []DamageType{"bludgeoning", "piercing", "poison", "slashing"}) ||
		!slices.Equal(tg.Resist, []DamageType{"cold", "lightning", "necrotic"}) {
		t.Errorf("lich target vs mundane %+v", tg)
	}
	if tg := lich.Target("Lich", 135, DamageSource{Magical: true}); !slices.Equal(tg.Immune, []DamageType{"poison"}) {
		t.Errorf("lich target vs magic %+v", tg)
	}
	// The werewolf's immunity cuts a mundane longsword's damage to 0 through the damage rules.
	d, err := RollDamage("1d8[slashing]+3", false, CritDouble, wolf.Target("Werewolf", 58, DamageSource{}), forced(5))
	if err != nil || d.Total != 0 {
		t.Errorf("damage to a werewolf %+v %v", d, err)
	}
}

// TestMonsterAttack: a monster action rolled by the attack machinery, forced dice.
func TestMonsterAttack(t *testing.T) {
	gob := monster(t, "goblin")
	res, err := gob.Attack("scimitar", "", Target{Name: "Goblin 1"}, Target{Name: "Aria", AC: 14}, forced(12, 4), AttackOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Notation != "1d20+4" || res.Total != 16 || !res.Hit || res.Damage.Total != 6 || res.Attack != "scimitar" ||
		res.Attacker != "Goblin 1" || res.Damage.Parts[0].Type != "slashing" {
		t.Errorf("goblin scimitar %+v %+v", res, res.Damage)
	}
	// Two damage types: a fire-resistant target halves only the fire part.
	dragon := monster(t, "adult_red_dragon")
	res, err = dragon.Attack("bite", "", Target{}, Target{AC: 18, Resist: []DamageType{"fire"}}, forced(10, 5, 6, 3, 4), AttackOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Hit || res.Damage.Total != (5+6+8)+(3+4)/2 {
		t.Errorf("dragon bite %+v", res.Damage)
	}
	// An attacker's conditions apply (a poisoned goblin attacks with disadvantage).
	res, err = gob.Attack("shortbow", "", Target{Conditions: []Condition{Poisoned}}, Target{AC: 10}, forced(18, 2, 3), AttackOptions{})
	if err != nil || res.Notation != "2d20kl1+4" || res.Hit {
		t.Errorf("poisoned goblin %+v %v", res, err)
	}
	_, err = dragon.Attack("fire_breath", "", Target{}, Target{}, forced(), AttackOptions{})
	wantCode(t, err, ErrNotAnAttack)
	_, err = gob.Attack("bite", "", Target{}, Target{}, forced(), AttackOptions{})
	wantCode(t, err, ErrUnknownAction)
	// The djinni's scimitar adds lightning or thunder: the default is the first, a variant names the other.
	scim, _ := monster(t, "djinni").Action("scimitar")
	if scim.HitDamage("") != "2d6[slashing]+5 + 1d6[lightning]" || scim.HitDamage("thunder") != "2d6[slashing]+5 + 1d6[thunder]" {
		t.Errorf("djinni scimitar %q %q", scim.HitDamage(""), scim.HitDamage("thunder"))
	}
}

// TestMonsterRolls: saves, checks and recharge with the monster's own bonuses.
func TestMonsterRolls(t *testing.T) {
	m := monster(t, "adult_red_dragon")
	sv, err := m.Save(Con, Target{Name: "Dragon"}, forced(7), RollOptions{DC: 20})
	if err != nil || sv.Total != 20 || sv.Outcome != OutcomeSuccess {
		t.Errorf("dragon CON save %+v %v", sv, err)
	}
	ck, err := m.SkillCheck(Perception, Target{}, forced(1), RollOptions{})
	if err != nil || ck.Total != 14 || ck.Kind != KindSkillCheck || ck.Skill != Perception {
		t.Errorf("dragon perception %+v %v", ck, err)
	}
	ab, err := m.AbilityCheck(Str, Target{}, forced(10), RollOptions{})
	if err != nil || ab.Total != 18 {
		t.Errorf("dragon STR check %+v %v", ab, err)
	}
	_, err = m.Save("luck", Target{}, forced(1), RollOptions{})
	wantCode(t, err, ErrUnknownAbility)
	_, err = m.SkillCheck("juggling", Target{}, forced(1), RollOptions{})
	wantCode(t, err, ErrUnknownSkill)
	breath, _ := m.Action("fire_breath")
	for face, want := range map[int]bool{4: false, 5: true, 6: true} {
		ok, roll, err := breath.RollRecharge(forced(face))
		if err != nil || ok != want || roll.Total != face {
			t.Errorf("recharge on %d: %v %v", face, ok, err)
		}
	}
	bite, _ := m.Action("bite")
	if ok, roll, _ := bite.RollRecharge(forced()); !ok || roll != nil {
		t.Error("an action without recharge rolls nothing")
	}
}

func TestMonsterLookup(t *testing.T) {
	for _, s := range []string{"adult_red_dragon", "Adult Red Dragon", "adult-red-dragon", " ADULT RED DRAGON "} {
		if m, ok := MonsterByID(s); !ok || m.ID != "adult_red_dragon" {
			t.Errorf("%q not found", s)
		}
	}
	_, err := ParseMonster("tarasque")
	wantCode(t, err, ErrUnknownMonster)
	if m, err := ParseMonster("tarrasque"); err != nil || m.CR.String() != "30" {
		t.Errorf("tarrasque %v", err)
	}
	ms, again := Monsters(), Monsters()
	seen := map[string]bool{}
	for i, m := range ms {
		if seen[m.ID] || again[i] != m {
			t.Errorf("monster %d (%s): duplicate or unstable order", i, m.ID)
		}
		seen[m.ID] = true
	}
	if ms[0].ID != "aboleth" || ms[len(ms)-1].ID != "zombie" {
		t.Errorf("order: %s … %s", ms[0].ID, ms[len(ms)-1].ID)
	}
	if len(monster(t, "goblin").Attacks()) != 2 {
		t.Error("goblin attacks")
	}
	for cr, want := range map[CR]string{{0, 1}: "0", {1, 8}: "1/8", {1, 2}: "1/2", {30, 1}: "30"} {
		if cr.String() != want {
			t.Errorf("CR %v is %q", cr, cr.String())
		}
	}
	if !(CR{1, 8}).Less(CR{1, 4}) || (CR{2, 1}).Less(CR{1, 2}) {
		t.Error("CR order")
	}
}

func BenchmarkMonsterByID(b *testing.B) {
	for b.Loop() {
		if _, ok := MonsterByID("Adult Red Dragon"); !ok {
			b.Fatal("not found")
		}
	}
}

func BenchmarkMonsterMultiattack(b *testing.B) {
	m, _ := MonsterByID("adult_red_dragon")
	for b.Loop() {
		steps, err := m.Multiattack(0, forced())
		if err != nil || len(steps) != 4 {
			b.Fatal(err)
		}
		for _, a := range steps[1:] {
			if _, err := m.Attack(a.ID, "", Target{}, Target{AC: 18}, forced(15, 5, 5, 3, 3, 2, 2), AttackOptions{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}
