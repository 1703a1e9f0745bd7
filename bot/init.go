package bot

import (
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// /init runs the channel's encounter (design §3, digest B4): one per channel, stored as the rules/encounter JSON
// in the store's encounter record. Who may do what (design §3): anyone starts an encounter and joins it with a
// character they may edit; the guild's GM role, Manage Server and the encounter's starter run it for others (add,
// prev, end, and next on anyone's turn); a player may end their own combatant's turn, move it, remove it and put
// conditions on it. NPC hit points and AC are shown to those who run the encounter; players see a vague state.
//
// Sheet conditions of a 5e character count down when its turn ends (the same transaction as the turn change);
// prev cannot give them back. At the start of a 5e character's turn at 0 HP the reply prompts the death save.

// maxChannelID bounds the channel id a button carries.
const maxChannelID = 64

func (b *Bot) initCommand() *Command {
	coord := func(name string, required bool) *Option {
		return &Option{Name: name, Type: Integer, Required: required, Min: Bound(-encounter.MaxCoord), Max: Bound(encounter.MaxCoord)}
	}
	combatant := func() *Option {
		return &Option{Name: "combatant", Type: String, Required: true, MaxLen: encounter.MaxNameLen, Complete: b.completeCombatant}
	}
	bonus := func() *Option {
		return &Option{Name: "bonus", Type: Integer, Min: Bound(-encounter.MaxInitBonus), Max: Bound(encounter.MaxInitBonus)}
	}
	return &Command{
		Name: "init",
		Options: []*Option{
			{Name: "start", Type: SubCommand, Handler: b.initStart, Options: []*Option{
				{Name: "system", Type: String, Choices: systemChoices},
			}, Examples: []string{"/init start"}},
			{Name: "join", Type: SubCommand, Handler: b.initJoin, Options: []*Option{
				modeOption(), bonus(),
				{Name: "total", Type: Integer, Min: Bound(-encounter.MaxInitiative), Max: Bound(encounter.MaxInitiative)},
				coord("x", false), coord("y", false), b.characterOption(),
			}, Examples: []string{"/init join", "/init join mode:adv x:3 y:4", "/init join total:17 character:Borin"}},
			{Name: "add", Type: SubCommand, Handler: b.initAdd, Options: []*Option{
				{Name: "name", Type: String, Required: true, MinLen: 1, MaxLen: encounter.MaxNameLen},
				{Name: "hp", Type: Integer, Required: true, Min: Bound(1), Max: Bound(encounter.MaxHP)},
				{Name: "ac", Type: Integer, Min: Bound(0), Max: Bound(encounter.MaxAC)},
				bonus(),
				{Name: "count", Type: Integer, Min: Bound(1), Max: Bound(encounter.MaxGroup)},
				coord("x", false), coord("y", false),
				{Name: "dex", Type: Integer, Min: Bound(encounter.MinDex), Max: Bound(encounter.MaxDex)},
				modeOption(),
				{Name: "saves", Type: String, MaxLen: 100},
				{Name: "resist", Type: String, MaxLen: 100, Complete: completeDamageList},
				{Name: "vuln", Type: String, MaxLen: 100, Complete: completeDamageList},
				{Name: "immune", Type: String, MaxLen: 100, Complete: completeDamageList},
				{Name: "defences", Type: String, MaxLen: 100}, // Rogue's Tale: dodge:2,block:1,parry:0,level:2 (rogue_encounter.go)
				{Name: "summoner", Type: String, MaxLen: encounter.MaxNameLen, Complete: b.completeCombatant},
			}, Examples: []string{"/init add name:Goblin hp:7 ac:15 bonus:2 count:3 x:6 y:2", "/init add name:Ogre hp:59 ac:11 bonus:-1",
				"/init add name:Mage hp:40 ac:12 bonus:2 saves:int+6,wis+4 resist:fire,cold",
				"/init add name:Orc hp:9 count:2 defences:dodge:1,block:1", "/init add name:Wolf hp:5 summoner:Shaman"}},
			{Name: "next", Type: SubCommand, Handler: b.initNext, Examples: []string{"/init next"}},
			{Name: "prev", Type: SubCommand, Handler: b.initPrev, Examples: []string{"/init prev"}},
			{Name: "list", Type: SubCommand, Handler: b.initList, Examples: []string{"/init list"}},
			{Name: "move", Type: SubCommand, Handler: b.initMove, Options: []*Option{
				combatant(), coord("x", true), coord("y", true),
			}, Examples: []string{"/init move combatant:Aria x:4 y:7"}},
			{Name: "condition", Type: SubCommand, Handler: b.initCondition, Options: []*Option{
				combatant(),
				{Name: "name", Type: String, Required: true, MaxLen: encounter.MaxConditionLen, Complete: completeCondition},
				{Name: "rounds", Type: Integer, Min: Bound(1), Max: Bound(encounter.MaxRounds)},
				{Name: "remove", Type: Boolean},
			}, Examples: []string{"/init condition combatant:\"Goblin 2\" name:frightened rounds:1", "/init condition combatant:\"Goblin 2\" name:frightened remove:true"}},
			{Name: "remove", Type: SubCommand, Handler: b.initRemove, Options: []*Option{combatant()},
				Examples: []string{"/init remove combatant:\"Goblin 3\""}},
			{Name: "end", Type: SubCommand, Handler: b.initEnd, Examples: []string{"/init end"}},
		},
	}
}

// nextButton is the "next turn" button of a channel's encounter.
func nextButton(req *Request, channelID string) Button {
	return Button{Label: req.T("init.next_button"), CustomID: "init:next:" + channelID, Style: ButtonPrimary}
}

// initResult is the JSON of the /init subcommands that change the encounter.
type initResult struct {
	Round    int                `json:"round"`
	Current  string             `json:"current,omitempty"` // whose turn it is
	Order    []string           `json:"order"`             // combatant names in turn order
	Added    *encounter.Added   `json:"added,omitempty"`
	Turn     *initTurn          `json:"turn,omitempty"`
	Removed  *encounter.Removal `json:"removed,omitempty"`
	Moved    *encounter.Pos     `json:"moved,omitempty"`
	Change   any                `json:"change,omitempty"` // a condition change (encounter or sheet)
	Stats    *dnd5e.NPCStats    `json:"stats,omitempty"`  // add: the NPCs' saves and damage defences (5e)
	Ended    bool               `json:"ended,omitempty"`
	Position int                `json:"position,omitempty"` // join: the new combatant's place in the order, from 1
}

// initTurn is what a turn change did, with what the sheets said.
type initTurn struct {
	*encounter.TurnChange
	SheetExpired []encounter.Expiry `json:"sheet_expired,omitempty"` // the ended character's sheet conditions that ran out
	State        string             `json:"state,omitempty"`         // the beginning 5e character's state
	DeathSave    bool               `json:"death_save,omitempty"`    // it is dying: the reply prompts the death save
}

func orderNames(e *encounter.Encounter) []string {
	out := make([]string, 0, len(e.Combatants))
	for _, c := range e.Combatants {
		out = append(out, c.Name)
	}
	return out
}

func newInitResult(e *encounter.Encounter) initResult {
	r := initResult{Round: e.Round, Order: orderNames(e)}
	if c := e.Current(); c != nil {
		r.Current = c.Name
	}
	return r
}

// --- start, join, add ---

func (b *Bot) initStart(req *Request) (*Reply, error) {
	e, err := b.cfg.Table.InitStart(req.Ctx, req.caller(), req.Str("system"))
	if err != nil {
		return nil, err
	}
	system := string(e.System)
	return &Reply{
		Title:  req.T("init.start_title"),
		Body:   req.T("init.started", "System", req.T("system."+system)),
		Tone:   ToneSuccess,
		Result: newInitResult(e),
	}, nil
}

// optPos reads the optional x and y options: both or neither.
func optPos(req *Request) (*encounter.Pos, error) {
	switch {
	case req.Has("x") && req.Has("y"):
		return &encounter.Pos{X: req.Int("x", 0), Y: req.Int("y", 0)}, nil
	case req.Has("x") || req.Has("y"):
		return nil, Errorf("init.err.pos_pair")
	}
	return nil, nil
}

func (b *Bot) initJoin(req *Request) (*Reply, error) {
	mode, err := encounter.ParseMode(req.Str("mode"))
	if err != nil {
		return nil, err
	}
	pos, err := optPos(req)
	if err != nil {
		return nil, err
	}
	in := play.InitJoin{Character: req.Str("character"), Mode: mode, Bonus: req.Int("bonus", 0), Pos: pos,
		Given: req.Has("mode") || req.Has("bonus") || req.Has("total")}
	if req.Has("total") {
		t := req.Int("total", 0)
		in.Total = &t
	}
	e, added, err := b.cfg.Table.InitJoin(req.Ctx, req.caller(), in, req.Dice)
	if err != nil {
		return nil, err
	}
	res := newInitResult(e)
	res.Added = added
	a := added.Arrivals[0]
	res.Position = a.Index + 1
	lines := arrivalLines(req, e, added)
	return &Reply{Title: req.T("init.join_title", "Name", a.Combatant.Name), Body: strings.Join(lines, "\n"),
		Tone: ToneSuccess, Footer: a.Combatant.Name, Result: res}, nil
}

func (b *Bot) initAdd(req *Request) (*Reply, error) {
	mode, err := encounter.ParseMode(req.Str("mode"))
	if err != nil {
		return nil, err
	}
	pos, err := optPos(req)
	if err != nil {
		return nil, err
	}
	entry := encounter.NPCEntry{
		Name: strings.TrimSpace(req.Str("name")), Count: req.Int("count", 1), HP: req.Int("hp", 0), AC: req.Int("ac", 0),
		InitOptions: encounter.InitOptions{Bonus: req.Int("bonus", 0), Mode: mode, Dex: req.Int("dex", 0)}, Pos: pos,
		Summoner: strings.TrimSpace(req.Str("summoner")),
	}
	stats, err := readNPCStats(req) // saves and damage defences, read by /cast and /attack (spellcond.go)
	if err != nil {
		return nil, err
	}
	in := play.InitAdd{NPC: entry, Stats5e: stats, DefencesGiven: req.Has("defences")}
	for _, o := range npcStatOptions {
		if req.Has(o) {
			in.Stats5eGiven = append(in.Stats5eGiven, o)
		}
	}
	in.Defences.In, in.Defences.Err = parseRogueNPCSpec(req.Str("defences"))
	e, added, err := b.cfg.Table.InitAdd(req.Ctx, req.caller(), in, req.Dice)
	if err != nil {
		return nil, err
	}
	res := newInitResult(e)
	res.Added = added
	res.Stats = stats
	return &Reply{Title: req.T("init.add_title", "Name", entry.Name, "Count", len(added.Arrivals)),
		Body: strings.Join(arrivalLines(req, e, added), "\n"), Tone: ToneSuccess, Result: res}, nil
}

// arrivalLines say who entered, with their initiative roll and any roll-off, and the new order.
func arrivalLines(req *Request, e *encounter.Encounter, added *encounter.Added) []string {
	var lines []string
	for _, a := range added.Arrivals {
		switch {
		case a.Roll != nil && a.Roll.Fixed:
			lines = append(lines, req.T("init.arrival_fixed", "Name", a.Combatant.Name, "Init", a.Roll.Total))
		case a.Roll != nil:
			lines = append(lines, req.T("init.arrival_roll", "Name", a.Combatant.Name, "Roll", rollText(req, a.Roll.Result)))
		case a.Summoner != nil:
			lines = append(lines, req.T("init.arrival_summoned", "Name", a.Combatant.Name, "Summoner", a.Summoner.Name))
		default:
			lines = append(lines, req.T("init.arrival", "Name", a.Combatant.Name))
		}
		if c, err := e.Find(a.Combatant.ID); err == nil && c.Pos != nil {
			lines[len(lines)-1] += " " + posText(c.Pos)
		}
		if tb := a.TieBreak; tb != nil {
			var rolls []string
			for _, r := range append(append([]encounter.RollOff(nil), tb.Kept...), tb.Rolls...) {
				rolls = append(rolls, r.Combatant.Name+" "+joinInts(r.Rolls))
			}
			lines = append(lines, "• "+req.T("init.tie", "Init", tb.Init, "Dex", tb.Dex, "Rolls", strings.Join(rolls, ", ")))
		}
	}
	lines = append(lines, req.T("init.order", "Order", strings.Join(orderNames(e), " → ")))
	return lines
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, "/")
}

func posText(p *encounter.Pos) string {
	if p == nil {
		return ""
	}
	return "(" + strconv.Itoa(p.X) + "," + strconv.Itoa(p.Y) + ")"
}

// --- next, prev and the button ---

func (b *Bot) initNext(req *Request) (*Reply, error) { return b.turn(req, true) }
func (b *Bot) initPrev(req *Request) (*Reply, error) { return b.turn(req, false) }

// initButton answers the "next turn" button: custom id "init:next:<channel id>".
func (b *Bot) initButton(req *Request) (*Reply, error) {
	rest, ok := strings.CutPrefix(req.CustomID, "init:next:")
	if !ok || rest == "" || len(rest) > maxChannelID {
		return nil, Errorf("core.err.unknown_component")
	}
	req.ChannelID = rest
	return b.turn(req, true)
}

// turn runs next (or prev) in one transaction: the encounter's turn, the ended character's sheet conditions,
// and a look at the beginning character's sheet for the death save.
func (b *Bot) turn(req *Request, next bool) (*Reply, error) {
	e, t, err := b.cfg.Table.InitTurn(req.Ctx, req.caller(), next)
	if err != nil {
		return nil, err
	}
	turn := initTurn{TurnChange: t.TurnChange, SheetExpired: t.SheetExpired}
	sheet := t.Sheet
	if sheet != nil {
		turn.State = string(sheet.State)
		turn.DeathSave = next && sheet.State == dnd5e.Dying
	}
	res := newInitResult(e)
	res.Turn = &turn
	tc := turn.TurnChange
	var lines []string
	if tc.Started {
		lines = append(lines, req.T("init.first_turn"))
	} else if tc.NewRound {
		lines = append(lines, req.T("init.new_round", "Round", tc.Round))
	}
	for _, s := range tc.Skipped {
		lines = append(lines, req.T("init.skipped", "Name", s.Name))
	}
	for _, x := range append(append([]encounter.Expiry(nil), turn.SheetExpired...), tc.Expired...) {
		lines = append(lines, req.T("init.expired", "Name", x.Combatant.Name, "Condition", conditionText(req, x.Condition)))
	}
	for _, x := range tc.Restored {
		lines = append(lines, req.T("init.restored", "Name", x.Combatant.Name, "Condition", conditionText(req, x.Condition)))
	}
	began := tc.Began
	line := req.T("init.turn_of", "Name", "**"+began.Name+"**")
	if began.OwnerID != "" {
		line += " <@" + began.OwnerID + ">"
	}
	lines = append(lines, line)
	r := &Reply{Title: req.T("init.turn_title", "Round", tc.Round, "Name", began.Name), Result: res}
	if sheet != nil {
		lines = append(lines, hpLine(req, sheet))
		switch sheet.State {
		case dnd5e.Dying:
			lines = append(lines, "**"+req.T("init.death_save", "Name", sheet.Name)+"**", deathSavesLine(req, sheet.DeathSaves))
			r.Tone = ToneFailure
		case dnd5e.Stable:
			lines = append(lines, req.T("init.stable", "Name", sheet.Name))
		case dnd5e.Dead:
			lines = append(lines, req.T("init.dead", "Name", sheet.Name))
		}
	}
	if tc.BeganDown {
		lines = append(lines, req.T("init.began_down", "Name", began.Name))
	}
	if next && tc.DefencesReset && e.System == encounter.Rogue {
		lines = append(lines, req.T("rt.init.defences_reset", "Name", began.Name))
	}
	r.Body = strings.Join(lines, "\n")
	if turn.DeathSave && sheet != nil {
		r.Buttons = append(r.Buttons, Button{Label: req.T("init.death_save_button"), CustomID: "deathsave:" + t.SheetID, Style: ButtonDanger})
	}
	r.Buttons = append(r.Buttons, nextButton(req, req.ChannelID))
	return r, nil
}

// conditionText names a tracked condition: a 5e condition in the reply language, anything else as it is.
func conditionText(req *Request, id string) string {
	if c := dnd5e.Condition(id); c.Valid() {
		return req.T(c.Key())
	}
	return id
}

// --- list ---

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
}

// initListResult is the JSON of /init list.
type initListResult struct {
	Round   int       `json:"round"`
	Current string    `json:"current,omitempty"`
	Order   []string  `json:"order"`
	GM      bool      `json:"gm"` // the caller sees NPC numbers
	Rows    []initRow `json:"rows"`
}

func (b *Bot) initList(req *Request) (*Reply, error) {
	if err := b.guildOnly(req); err != nil {
		return nil, err
	}
	e, sheets, concs, err := b.cfg.Table.InitList(req.Ctx, req.caller())
	if err != nil {
		return nil, err
	}
	gm := e.MayControl(req.UserID, req.GM)
	res := initListResult{Round: e.Round, Order: orderNames(e), GM: gm, Rows: []initRow{}}
	var lines []string
	for i, row := range e.Rows(gm) {
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
			line += " (" + strconv.Itoa(row.Init) + ")"
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
		if c.Pos != nil {
			parts = append(parts, posText(c.Pos))
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
	if e.Round == 0 {
		title = req.T("init.list_title_waiting")
	}
	return &Reply{Title: title, Body: strings.Join(lines, "\n"), Result: res, Buttons: []Button{nextButton(req, req.ChannelID)}}, nil
}

// conditionRounds is "Poisoned (3)" for a timed condition, the name alone otherwise.
func conditionRounds(req *Request, name string, rounds int) string {
	if rounds > 0 {
		return req.T("init.condition_rounds", "Name", name, "Rounds", rounds)
	}
	return name
}

// --- move, condition, remove, end ---

func (b *Bot) initMove(req *Request) (*Reply, error) {
	pos := &encounter.Pos{X: req.Int("x", 0), Y: req.Int("y", 0)}
	e, moved, err := b.cfg.Table.InitMove(req.Ctx, req.caller(), req.Str("combatant"), pos)
	if err != nil {
		return nil, err
	}
	res := newInitResult(e)
	res.Moved = moved.Pos
	return &Reply{Body: req.T("init.moved", "Name", moved.Name, "Pos", posText(moved.Pos)), Tone: ToneSuccess, Result: res}, nil
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
	return &Reply{Body: req.T(key, "Name", name, "Condition", label), Tone: ToneSuccess, Result: res}, nil
}

func (b *Bot) initRemove(req *Request) (*Reply, error) {
	e, rm, err := b.cfg.Table.InitRemove(req.Ctx, req.caller(), req.Str("combatant"))
	if err != nil {
		return nil, err
	}
	res := newInitResult(e)
	res.Removed = rm
	lines := []string{req.T("init.removed", "Name", rm.Removed.Name)}
	if rm.Turn != nil {
		lines = append(lines, req.T("init.turn_of", "Name", "**"+rm.Turn.Began.Name+"**"))
	}
	lines = append(lines, req.T("init.order", "Order", strings.Join(orderNames(e), " → ")))
	return &Reply{Body: strings.Join(lines, "\n"), Tone: ToneSuccess, Result: res}, nil
}

func (b *Bot) initEnd(req *Request) (*Reply, error) {
	e, err := b.cfg.Table.InitEnd(req.Ctx, req.caller())
	if err != nil {
		return nil, err
	}
	res := newInitResult(e)
	res.Ended = true
	return &Reply{Title: req.T("init.end_title"), Body: req.T("init.ended", "Rounds", e.Round, "Count", len(e.Combatants)),
		Tone: ToneSuccess, Result: res}, nil
}
