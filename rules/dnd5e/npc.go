package dnd5e

// A tracked NPC in 5e terms. An encounter keeps an NPC's HP, AC and conditions itself; NPCStats is what it keeps
// beside them for the 5e rules: the SRD monster it is (/init add monster:), the saves and defences given by hand
// (/init add saves:, resist:, vuln:, immune:), and what the rules track on it between commands — the spell it
// concentrates on with the conditions that spell holds, and the saves it repeats at the end of its turns.

// NPCStats are an NPC's 5e numbers beside the encounter's: its monster, its own saving-throw modifiers and
// defences (which win over the monster's), its concentration and its repeat saves.
type NPCStats struct {
	// Monster is the id of the SRD monster the NPC is ("goblin"; "" for a hand-made NPC): its saves, skills,
	// damage defences, condition immunities, actions and spellcasting apply.
	Monster    string          `json:"monster,omitempty"`
	Saves      map[Ability]int `json:"saves,omitempty"`
	Resist     []DamageType    `json:"resist,omitempty"`
	Vuln       []DamageType    `json:"vuln,omitempty"`
	Immune     []DamageType    `json:"immune,omitempty"`
	CondImmune []Condition     `json:"cond_immune,omitempty"` // conditions that never land on it
	// Concentration is the spell the NPC concentrates on; Holding the conditions that spell holds on others.
	Concentration Concentration   `json:"concentration,omitzero"`
	Holding       []HeldCondition `json:"holding,omitempty"`
	// Repeats are the saves it makes at the end of each of its turns against spells that allow one.
	Repeats []RepeatSave `json:"repeats,omitempty"`
}

// Empty reports whether the stats hold nothing.
func (s NPCStats) Empty() bool {
	return s.Monster == "" && len(s.Saves) == 0 && len(s.Resist) == 0 && len(s.Vuln) == 0 && len(s.Immune) == 0 &&
		len(s.CondImmune) == 0 && !s.Concentration.Active() && len(s.Holding) == 0 && len(s.Repeats) == 0
}

// Stat is the SRD monster the NPC is; nil for a hand-made NPC (or an id the table no longer has).
func (s NPCStats) Stat() *Monster {
	if s.Monster == "" {
		return nil
	}
	m, _ := MonsterByID(s.Monster)
	return m
}

// SaveMod is the NPC's saving-throw modifier for a: its own when the stats give one, else its monster's (the stat
// block's save bonus or ability modifier), else its initiative bonus for DEX (its DEX modifier, as far as the table
// knows) and +0 for the others.
func (s NPCStats) SaveMod(a Ability, initBonus int) int {
	if v, ok := s.Saves[a]; ok {
		return v
	}
	if m := s.Stat(); m != nil {
		return m.SaveBonus(a)
	}
	if a == Dex {
		return initBonus
	}
	return 0
}

// CheckMod is the NPC's modifier for an ability check with skill sk ("" for a plain check of a): its monster's
// skill bonus or ability modifier; a hand-made NPC's initiative bonus for DEX and +0 for the others.
func (s NPCStats) CheckMod(a Ability, sk Skill, initBonus int) int {
	if m := s.Stat(); m != nil {
		if sk != "" {
			return m.SkillBonus(sk)
		}
		return m.Mod(a)
	}
	if sk != "" {
		a = sk.Ability()
	}
	if a == Dex {
		return initBonus
	}
	return 0
}

// ImmuneTo reports whether condition c never lands on the NPC: its own condition immunities or its monster's.
func (s NPCStats) ImmuneTo(c Condition) bool {
	for _, x := range s.CondImmune {
		if x == c {
			return true
		}
	}
	m := s.Stat()
	return m != nil && m.ImmuneTo(c)
}

// Target describes the NPC for the rules (attacks, spells, saves) against nonmagical damage: see TargetFrom.
func (s NPCStats) Target(name string, ac, hp, maxHP, tempHP int, conditions []string) Target {
	return s.TargetFrom(name, ac, hp, maxHP, tempHP, conditions, DamageSource{})
}

// TargetFrom describes the NPC for the rules: the encounter's numbers and conditions with the defences that count
// against damage from src — its own, and its monster's (a monster's "from nonmagical attacks" resistances do not
// count against magic). Conditions that are not 5e conditions, and exhaustion, are left out.
func (s NPCStats) TargetFrom(name string, ac, hp, maxHP, tempHP int, conditions []string, src DamageSource) Target {
	t := Target{Name: name, AC: ac, HP: hp, MaxHP: maxHP, TempHP: tempHP,
		Resist: append([]DamageType(nil), s.Resist...), Vuln: append([]DamageType(nil), s.Vuln...),
		Immune: append([]DamageType(nil), s.Immune...)}
	if m := s.Stat(); m != nil {
		mt := m.Target(name, hp, src)
		t.Resist, t.Vuln, t.Immune = addTypes(t.Resist, mt.Resist), addTypes(t.Vuln, mt.Vuln), addTypes(t.Immune, mt.Immune)
		t.CreatureType, t.DexMod = string(m.Type), m.Mod(Dex)
	}
	for _, id := range conditions {
		if c := Condition(id); c.Valid() && c != Exhaustion {
			t.Conditions = append(t.Conditions, c)
		}
	}
	return t
}

// addTypes appends the damage types of more that list lacks.
func addTypes(list, more []DamageType) []DamageType {
	for _, d := range more {
		found := false
		for _, x := range list {
			found = found || x == d
		}
		if !found {
			list = append(list, d)
		}
	}
	return list
}

// NPCState is an NPC's state: dead at 0 HP, else conscious (NPCs make no death saves).
func NPCState(hp int) State {
	if hp <= 0 {
		return Dead
	}
	return Conscious
}
