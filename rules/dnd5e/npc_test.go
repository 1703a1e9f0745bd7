package dnd5e

import (
	"slices"
	"testing"

	"rulekeeper/rules/dice"
)

// TestNPCSaves: a tracked NPC saves with its own modifier for an ability when /init add gave one, else with its
// initiative bonus for DEX and +0 for the others (forced d20 faces; B5 saving throws).
func TestNPCSaves(t *testing.T) {
	stats := NPCStats{Saves: map[Ability]int{Wis: 4, Int: -1}}
	tests := []struct {
		name      string
		ability   Ability
		initBonus int
		face, dc  int
		wantTotal int
		want      Outcome
	}{
		{"its own WIS save", Wis, 2, 9, 13, 13, OutcomeSuccess},
		{"its own INT save, negative", Int, 2, 13, 13, 12, OutcomeFailure},
		{"DEX falls back to the initiative bonus", Dex, 2, 11, 13, 13, OutcomeSuccess},
		{"DEX with a negative initiative bonus", Dex, -1, 13, 13, 12, OutcomeFailure},
		{"the others are +0", Str, 2, 12, 13, 12, OutcomeFailure},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			goblin := stats.Target("Goblin 1", 15, 7, 7, 0, nil)
			res, err := goblin.Save(tt.ability, stats.SaveMod(tt.ability, tt.initBonus), dice.NewScripted([]int{tt.face}), RollOptions{DC: tt.dc})
			if err != nil {
				t.Fatal(err)
			}
			if res.Total != tt.wantTotal || res.Outcome != tt.want {
				t.Errorf("total %d %s, want %d %s", res.Total, res.Outcome, tt.wantTotal, tt.want)
			}
		})
	}
}

// TestNPCTarget: an NPC's numbers come from the encounter, its defences from its stats; its 5e conditions (not
// exhaustion, not other systems' ids) change attacks on it (forced dice; B5 resistance, B8 prone).
func TestNPCTarget(t *testing.T) {
	stats := NPCStats{Resist: []DamageType{"fire"}, Vuln: []DamageType{"cold"}, Immune: []DamageType{"poison"}}
	ogre := stats.Target("Ogre", 11, 59, 59, 0, []string{"prone", "exhaustion", "rt_haste"})
	if !slices.Equal(ogre.Conditions, []Condition{Prone}) || ogre.AC != 11 || ogre.HP != 59 {
		t.Fatalf("target %+v", ogre)
	}
	tests := []struct {
		name   string
		damage string
		faces  []int // d20 (twice: advantage against a prone target within 5 ft), then the damage dice
		want   int
	}{
		{"fire is resisted", "2d6[fire]", []int{12, 3, 4, 5}, 4},
		{"cold is doubled", "2d6[cold]", []int{12, 3, 4, 5}, 18},
		{"poison does nothing", "2d6[poison]", []int{12, 3, 4, 5}, 0},
		{"slashing as rolled", "2d6[slashing]", []int{12, 3, 4, 5}, 9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := RollAttack(Target{}, ogre, 4, tt.damage, dice.NewScripted(tt.faces), AttackOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Mode != Advantage || !res.Hit || res.Damage == nil || res.Damage.Total != tt.want {
				t.Errorf("mode %s hit %v damage %+v, want %d", res.Mode, res.Hit, res.Damage, tt.want)
			}
		})
	}
	if NPCState(0) != Dead || NPCState(1) != Conscious || (NPCStats{}).Empty() != true || stats.Empty() {
		t.Error("NPCState or Empty")
	}
}

// TestNPCMonster: an NPC that is an SRD monster saves, checks and defends with its stat block (issue 12); numbers
// given by hand win over the monster's.
func TestNPCMonster(t *testing.T) {
	bugbear := NPCStats{Monster: "bugbear"}
	for _, tt := range []struct {
		name string
		got  int
		want int
	}{
		{"DEX save: the modifier (14: +2)", bugbear.SaveMod(Dex, 9), 2},
		{"WIS save (11: +0)", bugbear.SaveMod(Wis, 9), 0},
		{"a save given by hand wins", NPCStats{Monster: "bugbear", Saves: map[Ability]int{Wis: 5}}.SaveMod(Wis, 0), 5},
		{"Stealth: the stat block's +6", bugbear.CheckMod(Dex, "stealth", 0), 6},
		{"Athletics: STR 15, +2", bugbear.CheckMod(Str, "athletics", 0), 2},
		{"a plain STR check", bugbear.CheckMod(Str, "", 0), 2},
		{"hand-made: DEX check is the initiative bonus", NPCStats{}.CheckMod(Dex, "stealth", 3), 3},
		{"hand-made: other checks +0", NPCStats{}.CheckMod(Str, "athletics", 3), 0},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, tt.got, tt.want)
		}
	}
	wolf := NPCStats{Monster: "werewolf_human"}
	if got := wolf.TargetFrom("Werewolf", 11, 58, 58, 0, nil, DamageSource{}); !slices.Contains(got.Immune, "slashing") {
		t.Errorf("a nonmagical sword: immune %v", got.Immune)
	}
	if got := wolf.TargetFrom("Werewolf", 11, 58, 58, 0, nil, DamageSource{Silvered: true}); slices.Contains(got.Immune, "slashing") {
		t.Errorf("a silvered sword: immune %v", got.Immune)
	}
	skel := NPCStats{Monster: "skeleton", Resist: []DamageType{"fire"}}
	got := skel.Target("Skeleton", 13, 13, 13, 0, []string{"prone"})
	if !slices.Equal(got.Vuln, []DamageType{"bludgeoning"}) || !slices.Equal(got.Immune, []DamageType{"poison"}) ||
		!slices.Equal(got.Resist, []DamageType{"fire"}) || got.CreatureType != "undead" {
		t.Errorf("skeleton target %+v", got)
	}
	if !skel.ImmuneTo(Poisoned) || skel.ImmuneTo(Prone) || !(NPCStats{CondImmune: []Condition{Charmed}}).ImmuneTo(Charmed) {
		t.Error("condition immunities")
	}
	if (NPCStats{Monster: "goblin"}).Empty() || !(NPCStats{}).Empty() {
		t.Error("Empty")
	}
}
