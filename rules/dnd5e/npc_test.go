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
