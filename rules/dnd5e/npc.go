package dnd5e

// A tracked NPC in 5e terms. An encounter keeps an NPC's HP, AC and conditions itself; NPCStats is what it keeps
// beside them for the 5e rules (/init add saves:, resist:, vuln:, immune:).

// NPCStats are an NPC's whole saving-throw modifiers and its damage defences.
type NPCStats struct {
	Saves  map[Ability]int `json:"saves,omitempty"`
	Resist []DamageType    `json:"resist,omitempty"`
	Vuln   []DamageType    `json:"vuln,omitempty"`
	Immune []DamageType    `json:"immune,omitempty"`
}

// Empty reports whether the stats hold nothing.
func (s NPCStats) Empty() bool {
	return len(s.Saves) == 0 && len(s.Resist) == 0 && len(s.Vuln) == 0 && len(s.Immune) == 0
}

// SaveMod is the NPC's saving-throw modifier for a: its own when the stats give one, else its initiative bonus
// for DEX (its DEX modifier, as far as the table knows) and +0 for the others.
func (s NPCStats) SaveMod(a Ability, initBonus int) int {
	if v, ok := s.Saves[a]; ok {
		return v
	}
	if a == Dex {
		return initBonus
	}
	return 0
}

// Target describes the NPC for the rules (attacks, spells, saves): the encounter's numbers and conditions with
// the stats' defences. Conditions that are not 5e conditions, and exhaustion, are left out.
func (s NPCStats) Target(name string, ac, hp, maxHP, tempHP int, conditions []string) Target {
	t := Target{Name: name, AC: ac, HP: hp, MaxHP: maxHP, TempHP: tempHP, Resist: s.Resist, Vuln: s.Vuln, Immune: s.Immune}
	for _, id := range conditions {
		if c := Condition(id); c.Valid() && c != Exhaustion {
			t.Conditions = append(t.Conditions, c)
		}
	}
	return t
}

// NPCState is an NPC's state: dead at 0 HP, else conscious (NPCs make no death saves).
func NPCState(hp int) State {
	if hp <= 0 {
		return Dead
	}
	return Conscious
}
