package play

import (
	"encoding/json"
	"testing"

	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// TestNPCEffectsKeepStats: an NPC's effects live beside its other stats (5e saves and defences, whatever another
// feature keeps there): writing them changes nothing else, and removing the last one leaves the rest as it was.
func TestNPCEffectsKeepStats(t *testing.T) {
	bless := dnd5e.NewEffect(dnd5e.EffectSource{Kind: dnd5e.SourceSpell, ID: "bless"}, dnd5e.Minutes(1),
		dnd5e.Mod{Kind: dnd5e.ModBonus, Roll: dnd5e.ScopeSave, Dice: "1d4"})
	for _, tc := range []struct {
		name, stats, want string
	}{
		{"no stats", ``, ``},
		{"5e saves and resistances", `{"saves":{"dex":3},"resist":["fire"]}`, `{"resist":["fire"],"saves":{"dex":3}}`},
		{"another key", `{"monster":"goblin"}`, `{"monster":"goblin"}`},
		{"not an object", `[1,2]`, ``},
	} {
		t.Run(tc.name, func(t *testing.T) {
			with, err := withNPCEffects(json.RawMessage(tc.stats), []dnd5e.ActiveEffect{bless})
			if err != nil {
				t.Fatal(err)
			}
			c := &encounter.Combatant{Stats: with}
			if got := npcEffects(c); len(got) != 1 || got[0].ID != "bless" {
				t.Fatalf("effects %+v in %s", got, with)
			}
			if st := npcStats(c); tc.name == "5e saves and resistances" && (st.Saves[dnd5e.Dex] != 3 || len(st.Resist) != 1) {
				t.Errorf("stats lost: %+v", st)
			}
			without, err := withNPCEffects(with, nil)
			if err != nil {
				t.Fatal(err)
			}
			if string(without) != tc.want {
				t.Errorf("without effects: %s, want %s", without, tc.want)
			}
		})
	}
}
