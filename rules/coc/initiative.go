package coc

import "sort"

// ReadiedFirearmBonus is what a readied firearm adds to DEX for the order of a round (§7.1).
const ReadiedFirearmBonus = 50

// Initiative is a combatant's place value in a round: DEX, +50 with a readied firearm.
func Initiative(dex int, readiedFirearm bool) int {
	if readiedFirearm {
		return dex + ReadiedFirearmBonus
	}
	return dex
}

// Fighter is one combatant to order.
type Fighter struct {
	DEX            int  `json:"dex"`
	ReadiedFirearm bool `json:"readied_firearm,omitempty"`
}

// Place is one combatant's place in the order: its index in the input, its initiative, and whether another
// combatant has the same initiative (G9: ties are the Keeper's call; they keep the input order).
type Place struct {
	Index      int  `json:"index"`
	Initiative int  `json:"initiative"`
	Tied       bool `json:"tied,omitempty"`
}

// InitiativeOrder orders combatants for a round, highest initiative first; ties keep the input order and are
// marked.
func InitiativeOrder(fighters []Fighter) []Place {
	out := make([]Place, len(fighters))
	count := map[int]int{}
	for i, f := range fighters {
		out[i] = Place{Index: i, Initiative: Initiative(f.DEX, f.ReadiedFirearm)}
		count[out[i].Initiative]++
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].Initiative > out[b].Initiative })
	for i := range out {
		out[i].Tied = count[out[i].Initiative] > 1
	}
	return out
}
