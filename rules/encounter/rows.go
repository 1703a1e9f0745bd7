package encounter

// Row is one line of the initiative list as a viewer may see it.
type Row struct {
	Combatant Ref      `json:"combatant"`
	Index     int      `json:"index"`
	Current   bool     `json:"current,omitempty"`
	Init      int      `json:"init,omitempty"`    // 5e; Call of Cthulhu: the order value
	Natural   int      `json:"natural,omitempty"` // 5e, 0 when given by hand or summoned
	Summoner  *Ref     `json:"summoner,omitempty"`
	Down      bool     `json:"down,omitempty"`  // NPC at 0 HP
	State     State    `json:"state,omitempty"` // NPCs: the vague state everyone may see
	NPC       *Numbers `json:"npc,omitempty"`   // NPCs, for GMs only: the numbers
	// Characters carry neither State nor NPC: the bot shows their HP from the sheet.
	Conditions []Condition `json:"conditions,omitempty"`
	Pos        *Pos        `json:"pos,omitempty"`
	Used       DefenceUse  `json:"used,omitzero"` // Rogue's Tale
}

// Numbers are an NPC's hit points and AC.
type Numbers struct {
	HP     int `json:"hp"`
	MaxHP  int `json:"max_hp"`
	TempHP int `json:"temp_hp,omitempty"`
	AC     int `json:"ac,omitempty"`
}

// Rows is the list in turn order for one viewer. NPC hit points and AC are
// shown only to a GM (gm: the guild's GM role, Manage Server, or the
// encounter's starter, as the bot decides); others see the vague state.
func (e *Encounter) Rows(gm bool) []Row {
	out := make([]Row, len(e.Combatants))
	for i, c := range e.Combatants {
		r := Row{Combatant: c.Ref(), Index: i, Current: i == e.Turn, Pos: c.Pos, Used: c.Used,
			Conditions: c.Conditions}
		switch e.System {
		case DnD5e:
			r.Init, r.Natural = c.Init, c.Natural
		case CoC:
			r.Init = c.Init
		}
		if s := e.byID(c.Summoner); s != nil {
			r.Summoner = s.refPtr()
		}
		if c.Kind == KindNPC {
			r.Down, r.State = c.Down(), c.State()
			if gm {
				r.NPC = &Numbers{HP: c.HP, MaxHP: c.MaxHP, TempHP: c.TempHP, AC: c.AC}
			}
		}
		out[i] = r
	}
	return out
}
