package bot

import (
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/coc"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// /init list and /init condition.

// initRow is one line of /init list's JSON.
type initRow struct {
	Name       string   `json:"name"`
	Kind       string   `json:"kind"`
	Init       int      `json:"init,omitempty"`
	Current    bool     `json:"current,omitempty"`
	HP         *int     `json:"hp,omitempty"`     // characters, and NPCs for those who run the encounter
	HPMax      *int     `json:"hp_max,omitempty"` //
	HPTemp     int      `json:"hp_temp,omitempty"`
	AC         int      `json:"ac,omitempty"`    // NPCs, for those who run the encounter
	State      string   `json:"state,omitempty"` // characters: conscious/dying/stable/dead; NPCs: unhurt/wounded/bloodied/down
	Conditions []string `json:"conditions,omitempty"`
	// Concentration is the spell a character concentrates on.
	Concentration string         `json:"concentration,omitempty"`
	Pos           *encounter.Pos `json:"pos,omitempty"`
	Owner         string         `json:"owner,omitempty"`
	// Actions are the tracked actions (/action) on the combatant, in the reply language.
	Actions []string `json:"actions,omitempty"`
}

// initListResult is the JSON of /init list.
type initListResult struct {
	Round   int       `json:"round"`
	Current string    `json:"current,omitempty"`
	Order   []string  `json:"order"`
	GM      bool      `json:"gm"` // NPC numbers are shown (detail:true, or the guild's show_npc_stats)
	Rows    []initRow `json:"rows"`
	Page    int       `json:"page"`  // the page shown, from 1 (gmturn.go)
	Pages   int       `json:"pages"` // pages of rows
}

func (b *Bot) initList(req *Request) (*Reply, error) {
	if err := b.guildOnly(req); err != nil {
		return nil, err
	}
	e, all, err := b.cfg.Table.InitList(req.Ctx, req.caller())
	if err != nil {
		return nil, err
	}
	// NPC numbers are the GM's: a public list shows health words, unless the guild shows them
	// (show_npc_stats); detail:true shows them to those who run the encounter, in an ephemeral reply.
	detail := req.Bool("detail")
	if detail && !e.MayControl(req.UserID, req.GM) {
		return nil, Errorf("init.err.not_gm")
	}
	numbers := detail || req.Guild.House[play.HouseShowNPCStats] == "on"
	res := initListResult{Round: e.Round, Order: orderNames(e), GM: numbers, Rows: []initRow{}}
	sheets, concs := all.D5, all.Concs
	var lines []string
	for i, row := range e.Rows(numbers) {
		c := e.Combatants[i]
		out := initRow{Name: c.Name, Kind: string(c.Kind), Current: row.Current, Pos: c.Pos, Owner: c.OwnerID}
		if e.System == encounter.DnD5e {
			out.Init = row.Init
		}
		line := strconv.Itoa(i+1) + ". **" + c.Name + "**"
		if row.Current {
			line = "▶ " + line
			res.Current = c.Name
		}
		if e.System == encounter.DnD5e {
			line = req.P.Paren(line, strconv.Itoa(row.Init))
		}
		var parts []string
		switch {
		case sheets[c.ID] != nil:
			s := sheets[c.ID]
			hp, hpMax := s.HP, s.EffectiveMaxHP()
			out.HP, out.HPMax, out.HPTemp, out.State = &hp, &hpMax, s.TempHP, string(s.State)
			parts = append(parts, hpLine(req, s))
			if s.State != dnd5e.Conscious {
				parts = append(parts, req.T(s.State.Key()))
			}
			for _, cs := range s.ListConditions() {
				if cs.ImpliedBy == "" {
					out.Conditions = append(out.Conditions, string(cs.ID))
					parts = append(parts, conditionRounds(req, conditionLabel(req, cs.ID, cs.Level), cs.Rounds))
				}
			}
			if k := concs[c.ID]; k.Active() {
				out.Concentration = k.Spell
				parts = append(parts, "🧠 "+spellName(req, k.Spell))
			}
		case all.CoC[c.ID] != nil:
			parts = append(parts, cocListParts(req, all.CoC[c.ID], &out)...)
		case all.RT[c.ID] != nil: // Rogue's Tale's own words: HP and energy, dead
			rc := all.RT[c.ID]
			hp, hpMax := rc.HP, rc.MaxHP
			out.HP, out.HPMax = &hp, &hpMax
			parts = append(parts, statusLine(req, rc))
		case e.System == encounter.Rogue && c.Kind == encounter.KindNPC: // Rogue's Tale's words, not 5e's
			parts = append(parts, rtNPCListParts(req, row, &out)...)
		case row.NPC != nil:
			hp, hpMax := row.NPC.HP, row.NPC.MaxHP
			out.HP, out.HPMax, out.HPTemp, out.AC, out.State = &hp, &hpMax, row.NPC.TempHP, row.NPC.AC, string(row.State)
			p := req.T("play.hp_line", "HP", hp, "Max", hpMax)
			if row.NPC.TempHP > 0 {
				p += " " + req.T("play.hp_temp", "Temp", row.NPC.TempHP)
			}
			parts = append(parts, p)
			if row.NPC.AC > 0 {
				parts = append(parts, req.T("play.sheet.ac", "AC", row.NPC.AC))
			}
			parts = append(parts, req.T(row.State.Key()))
		case c.Kind == encounter.KindNPC:
			out.State = string(row.State)
			parts = append(parts, req.T(row.State.Key()))
		}
		for _, cd := range row.Conditions {
			out.Conditions = append(out.Conditions, cd.ID)
			parts = append(parts, conditionRounds(req, conditionText(req, cd.ID), cd.Rounds))
		}
		fx := play.NPCEffects(c)
		if s := sheets[c.ID]; s != nil {
			fx = s.Effects
		}
		if acts := actionNames(req, fx); len(acts) > 0 {
			out.Actions = acts
			parts = append(parts, req.P.List(acts))
		}
		if c.Pos != nil {
			parts = append(parts, posText(req.P, c.Pos))
		}
		if len(parts) > 0 {
			line += " — " + strings.Join(parts, " · ")
		}
		res.Rows = append(res.Rows, out)
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		lines = append(lines, req.T("init.empty"))
	}
	title := req.T("init.list_title", "Round", e.Round)
	switch {
	case e.System == encounter.Rogue && e.Round == 0: // Rogue's Tale has no initiative (A12): a fixed order
		title = req.T("init.list_title_order_waiting")
	case e.System == encounter.Rogue:
		title = req.T("init.list_title_order", "Round", e.Round)
	case e.Round == 0:
		title = req.T("init.list_title_waiting")
	}
	r := listPage(req, title, lines, &res) // one page of rows, with buttons to the others (gmturn.go)
	r.Ephemeral = detail
	return r, nil
}

// actionNames names the tracked actions (/action: dodge, dash …) among a combatant's effects.
func actionNames(req *Request, list []dnd5e.ActiveEffect) []string {
	var out []string
	for _, e := range list {
		if e.Source.Kind == dnd5e.SourceAction {
			out = append(out, effectName(req, e.ID, e.Source))
		}
	}
	return out
}

// rtNPCListParts are a Rogue's Tale NPC's health on its /init list line, in Rogue's Tale's words: its HP to
// those who see NPC numbers, a word for its health to others; "dead" at 0 HP (Rogue's Tale has no dying).
func rtNPCListParts(req *Request, row encounter.Row, out *initRow) []string {
	out.State = string(row.State)
	if n := row.NPC; n != nil {
		hp, hpMax := n.HP, n.MaxHP
		out.HP, out.HPMax = &hp, &hpMax
		parts := []string{req.T("rt.npc.hp", "HP", hp, "Max", hpMax)}
		if row.State == encounter.StateDown {
			parts = append(parts, "**"+req.T("rt.dead_mark")+"**")
		}
		return parts
	}
	switch row.State {
	case encounter.StateDown:
		return []string{"**" + req.T("rt.dead_mark") + "**"}
	case encounter.StateWounded:
		return []string{req.T("rt.npc.hurt")}
	case encounter.StateBloodied:
		return []string{req.T("rt.npc.low_health")}
	}
	return []string{req.T("rt.npc.full_health")}
}

// cocStates are the CoC conditions that are an investigator's state in /init list's JSON, the gravest first.
var cocStates = []coc.Condition{coc.Dead, coc.Dying, coc.Unconscious, coc.Stable}

// cocListParts are an investigator's HP and conditions on its /init list line (its state among them, as a 5e
// character's); the row gets its numbers, its state and its other conditions.
func cocListParts(req *Request, c *coc.Character, out *initRow) []string {
	hp, hpMax := c.HP, c.MaxHP
	out.HP, out.HPMax = &hp, &hpMax
	parts := []string{req.T("play.hp_line", "HP", hp, "Max", hpMax)}
	for _, st := range cocStates {
		if c.Has(st) && out.State == "" {
			out.State = string(st)
		}
	}
	for _, a := range c.Conditions {
		if string(a.ID) != out.State {
			out.Conditions = append(out.Conditions, string(a.ID))
		}
	}
	if len(c.Conditions) > 0 {
		parts = append(parts, cocConditionNames(req, c.Conditions))
	}
	return parts
}

// initCondition puts a condition on a combatant, or takes it off: a 5e character's goes on its sheet (where
// /attack and /check see it), anyone else's is tracked by the encounter. Who may: those who may act for the
// combatant, and the player whose turn it is (a spell or attack of theirs did it).
func (b *Bot) initCondition(req *Request) (*Reply, error) {
	remove := req.Bool("remove")
	if remove && req.Has("rounds") {
		return nil, Errorf("init.err.rounds_remove")
	}
	in := play.InitCondition{Combatant: req.Str("combatant"), Name: req.Str("name"), Rounds: req.Int("rounds", 0), Remove: remove}
	in.Condition.In, in.Condition.Err = parseCondition(strings.TrimSpace(req.Str("name")))
	e, set, err := b.cfg.Table.InitCondition(req.Ctx, req.caller(), in)
	if err != nil {
		return nil, err
	}
	name, cond, change := set.Name, set.Condition, set.Change
	res := newInitResult(e)
	res.Change = change
	key := "init.condition_added"
	if remove {
		key = "init.condition_removed"
	}
	label := conditionText(req, cond)
	if req.Has("rounds") {
		label = conditionRounds(req, label, req.Int("rounds", 0))
	}
	lines := []string{req.T(key, "Name", name, "Condition", label)}
	if h := set.Conc; h != nil { // B6: an incapacitated caster's concentration ends, and what it held
		res.ConcEnded, res.Released = h.ConcEnded, h.Released
		lines = append(lines, incapacitatedConcLines(req, h)...)
	}
	return &Reply{Body: strings.Join(lines, "\n"), Tone: ToneSuccess, Result: res}, nil
}
