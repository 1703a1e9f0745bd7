package play

import (
	"slices"
	"strconv"
	"strings"

	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// /init add monster: (issue 12): SRD monsters as NPCs. Each creature is a numbered combatant carrying the monster's
// id in its stats (its saves, skills, defences, condition immunities, actions and spellcasting apply), its AC, and
// hit points by the stat block's average, its Hit Dice rolled, a number or any dice notation (each creature rolls
// its own). Initiative is rolled with the monster's DEX, for each creature or for the whole group (the guild's
// npc_initiative setting, or group:), unless a fixed total is given (lair actions at 20).

// HouseNPCInitiative is the guild setting (Settings.House) that rolls a group of NPCs' initiative once ("group") or
// for each creature ("each", the default).
const HouseNPCInitiative = "npc_initiative"

// monsterEntry fills an NPC entry from its SRD monster (AC, initiative bonus and DEX, unless given) and returns
// the stats to store: the monster with what was given by hand.
func (s *scene) monsterEntry(e *encounter.Encounter, in *InitAdd, entry *encounter.NPCEntry) (*dnd5e.NPCStats, error) {
	g, err := s.settings()
	if err != nil {
		return nil, err
	}
	switch {
	case in.Group != nil:
		entry.Shared = *in.Group
	default:
		entry.Shared = g.House[HouseNPCInitiative] == "group"
	}
	stats := in.Stats5e
	if in.Monster == "" {
		return stats, nil
	}
	if e.System != encounter.DnD5e {
		return nil, fail("rt.err.option_not_for_system", "Option", "monster", "System", string(e.System))
	}
	m, err := dnd5e.ParseMonster(in.Monster)
	if err != nil {
		return nil, err
	}
	in.Monster = m.ID
	if entry.AC == 0 {
		entry.AC = m.AC()
	}
	if entry.InitOptions.Bonus == 0 {
		entry.InitOptions.Bonus = m.InitiativeBonus()
	}
	if entry.InitOptions.Dex == 0 {
		entry.InitOptions.Dex = m.Scores.Dex
	}
	st := dnd5e.NPCStats{} // a copy: the transaction may run again, and the caller's stats stay as given
	if stats != nil {
		st = *stats
	}
	st.Monster = m.ID
	stats = &st
	return stats, nil
}

// npcHP finds the hit points of count new NPCs: a number given (in.NPC.HP) for all; the monster's average (also
// "average"); its Hit Dice ("roll") or dice notation rolled for each. nil when the number was given.
func (s *scene) npcHP(in *InitAdd, count int) ([]int, []*dice.Result, error) {
	count = max(count, 1)
	spec := strings.ToLower(strings.TrimSpace(in.HP))
	if in.NPC.HP > 0 && spec == "" {
		return nil, nil, nil
	}
	var m *dnd5e.Monster
	if in.Monster != "" {
		m, _ = dnd5e.MonsterByID(in.Monster)
	}
	switch spec {
	case "", "average", "avg":
		if m == nil {
			return nil, nil, fail("npc.err.hp_needed")
		}
		return slices.Repeat([]int{m.AverageHP()}, count), nil, nil
	case "roll":
		if m == nil {
			return nil, nil, fail("npc.err.hp_needed")
		}
		spec = m.HPRoll
	}
	if n, err := strconv.Atoi(spec); err == nil {
		if n < 1 || n > encounter.MaxHP {
			return nil, nil, fail("npc.err.bad_hp", "HP", n, "Max", encounter.MaxHP)
		}
		return slices.Repeat([]int{n}, count), nil, nil
	}
	var hps []int
	var rolls []*dice.Result
	for range count {
		res, err := dice.Roll(spec, s.r)
		if err != nil {
			return nil, nil, err
		}
		hps, rolls = append(hps, min(max(1, res.Total), encounter.MaxHP)), append(rolls, res)
	}
	return hps, rolls, nil
}

// setGroupHP gives each new NPC its own hit points (the arrivals in number order), and returns them; with none
// rolled, every NPC has the entry's.
func setGroupHP(e *encounter.Encounter, added *encounter.Added, hps []int, hp int) ([]int, error) {
	var out []int
	for i, a := range added.Arrivals {
		want := hp
		if i < len(hps) {
			want = hps[i]
		}
		if want != hp {
			if _, err := e.SetHP(a.Combatant.ID, want, want); err != nil {
				return nil, err
			}
		}
		out = append(out, want)
	}
	return out, nil
}
