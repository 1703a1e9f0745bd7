package bot

import (
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/coc"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// /init runs the channel's encounter (design §3, digest B4): one per channel, stored as the rules/encounter JSON
// in the store's encounter record. Who may do what (design §3): anyone starts an encounter and joins it with a
// character they may edit; the guild's GM role, Manage Server and the encounter's starter run it for others (add,
// prev, end, and next on anyone's turn); a player may end their own combatant's turn, move it, remove it and put
// conditions on it. NPC hit points and AC are the GM's: public replies show a vague state (unless the guild's
// show_npc_stats is on), and /init list detail:true shows them, ephemeral, to those who run the encounter.
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
				{Name: "firearm", Type: Boolean}, // Call of Cthulhu: a readied firearm, DEX + 50 (initcoc.go)
			}, Examples: []string{"/init join", "/init join mode:adv x:3 y:4", "/init join total:17 character:Borin", "/init join firearm:true"}},
			{Name: "add", Type: SubCommand, Handler: b.initAdd, Options: []*Option{
				{Name: "name", Type: String, MinLen: 1, MaxLen: encounter.MaxNameLen},
				// hp: a number, average, roll (a monster's Hit Dice) or dice notation, rolled for each creature
				{Name: "hp", Type: String, MinLen: 1, MaxLen: 64},
				{Name: "monster", Type: String, MaxLen: 64, Complete: completeMonster}, // an SRD monster (monster.go)
				{Name: "initiative", Type: Integer, Min: Bound(-encounter.MaxInitiative), Max: Bound(encounter.MaxInitiative)},
				{Name: "group", Type: Boolean},
				{Name: "ac", Type: Integer, Min: Bound(0), Max: Bound(encounter.MaxAC)},
				bonus(),
				{Name: "count", Type: Integer, Min: Bound(1), Max: Bound(encounter.MaxGroup)},
				coord("x", false), coord("y", false),
				{Name: "dex", Type: Integer, Min: Bound(encounter.MinDex), Max: Bound(coc.MaxChar)}, // 5e: up to encounter.MaxDex
				modeOption(),
				{Name: "saves", Type: String, MaxLen: 100},
				{Name: "resist", Type: String, MaxLen: 100, Complete: completeDamageList},
				{Name: "vuln", Type: String, MaxLen: 100, Complete: completeDamageList},
				{Name: "immune", Type: String, MaxLen: 100, Complete: completeDamageList},
				{Name: "defences", Type: String, MaxLen: 100}, // Rogue's Tale: dodge:2,block:1,parry:0,level:2 (rogue_encounter.go)
				{Name: "summoner", Type: String, MaxLen: encounter.MaxNameLen, Complete: b.completeCombatant},
				{Name: "firearm", Type: Boolean},
			}, Examples: []string{"/init add monster:goblin count:3", "/init add monster:bugbear hp:roll",
				"/init add monster:ogre hp:2d10+20 initiative:20 name:\"Lair Ogre\"",
				"/init add name:Goblin hp:7 ac:15 bonus:2 count:3 x:6 y:2", "/init add name:Ogre hp:59 ac:11 bonus:-1",
				"/init add name:Mage hp:40 ac:12 bonus:2 saves:int+6,wis+4 resist:fire,cold",
				"/init add name:Orc hp:9 count:2 defences:dodge:1,block:1", "/init add name:Wolf hp:5 summoner:Shaman",
				"/init add name:Cultist hp:11 dex:55 defences:dodge:27,fighting:45,damage:1d4+1d4"}},
			{Name: "next", Type: SubCommand, Handler: b.initNext, Examples: []string{"/init next"}},
			{Name: "prev", Type: SubCommand, Handler: b.initPrev, Examples: []string{"/init prev"}},
			{Name: "list", Type: SubCommand, Handler: b.initList, Options: []*Option{
				{Name: "page", Type: Integer, Min: Bound(1), Max: Bound(encounter.MaxCombatants)},
				{Name: "detail", Type: Boolean},
			}, Examples: []string{"/init list", "/init list page:2", "/init list detail:true"}},
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
			{Name: "end", Type: SubCommand, Handler: b.initEnd, Options: []*Option{
				{Name: "keep", Type: Boolean}, // timed conditions keep counting (gmturn.go)
			}, Examples: []string{"/init end", "/init end keep:true"}},
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
	Change   any                `json:"change,omitempty"`  // a condition change (encounter or sheet)
	Stats    *dnd5e.NPCStats    `json:"stats,omitempty"`   // add: the NPCs' saves and damage defences (5e)
	Monster  string             `json:"monster,omitempty"` // add: the SRD monster
	HP       []int              `json:"hp,omitempty"`      // add: each new NPC's hit points
	Expired  []encounter.Expiry `json:"expired,omitempty"` // end: the timed conditions that ended with it
	Ended    bool               `json:"ended,omitempty"`
	Position int                `json:"position,omitempty"` // join: the new combatant's place in the order, from 1
	Check    *dnd5e.RollResult  `json:"check,omitempty"`    // join: the DEX check rolled, when something changed it
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
		Given: req.Has("mode") || req.Has("bonus") || req.Has("total"), Firearm: req.Bool("firearm")}
	if req.Has("total") {
		t := req.Int("total", 0)
		in.Total = &t
	}
	e, added, err := b.cfg.Table.InitJoin(req.Ctx, req.caller(), in, req.Dice)
	if err != nil {
		return nil, err
	}
	res := newInitResult(e)
	res.Added, res.Check = added.Added, added.Check
	a := added.Arrivals[0]
	res.Position = a.Index + 1
	lines := arrivalLines(req, e, added.Added)
	if k := added.Check; k != nil { // initiative is a DEX check: what changed it, before the order line
		var why []string
		if m := modeLine(req, k.Mode); m != "" {
			why = append(why, m)
		}
		why = append(why, effectLines(req, k.Effects, k.Cancelled)...)
		why = append(why, appliedLines(req, k.Applied)...)
		lines = append(lines[:len(lines)-1], append(why, lines[len(lines)-1])...)
	}
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
		Name: strings.TrimSpace(req.Str("name")), Count: req.Int("count", 1), AC: req.Int("ac", 0),
		InitOptions: encounter.InitOptions{Bonus: req.Int("bonus", 0), Mode: mode, Dex: req.Int("dex", 0)}, Pos: pos,
		Summoner: strings.TrimSpace(req.Str("summoner")),
	}
	if req.Has("initiative") {
		n := req.Int("initiative", 0)
		entry.InitOptions.Fixed = &n
	}
	stats, err := readNPCStats(req) // saves and damage defences, read by /cast and /attack (spellcond.go)
	if err != nil {
		return nil, err
	}
	in := play.InitAdd{NPC: entry, Stats5e: stats, DefencesGiven: req.Has("defences")}
	if err := readMonsterAdd(req, &in); err != nil { // monster:, hp:, group: (npc.go)
		return nil, err
	}
	for _, o := range npcStatOptions {
		if req.Has(o) {
			in.Stats5eGiven = append(in.Stats5eGiven, o)
		}
	}
	in.Defences.In, in.Defences.Err = parseRogueNPCSpec(req.Str("defences"))
	in.CoC = readCoCNPC(req)
	e, added, err := b.cfg.Table.InitAdd(req.Ctx, req.caller(), in, req.Dice)
	if err != nil {
		return nil, err
	}
	res := newInitResult(e)
	res.Added, res.Monster, res.HP = added.Added, added.Monster, added.HP
	res.Stats = stats
	lines := append(hpRollLines(req, added), arrivalLines(req, e, added.Added)...)
	return &Reply{Title: req.T("init.add_title", "Name", in.NPC.Name, "Count", len(added.Arrivals)),
		Body: strings.Join(capLines(req, lines), "\n"), Tone: ToneSuccess, Result: res}, nil
}

// arrivalLines say who entered, with their initiative roll and any roll-off, and the new order.
func arrivalLines(req *Request, e *encounter.Encounter, added *encounter.Added) []string {
	var lines []string
	for _, a := range added.Arrivals {
		switch {
		case a.Roll != nil && a.Roll.Fixed && e.System == encounter.CoC:
			lines = append(lines, req.T("cthulhu.init.arrival", "Name", a.Combatant.Name, "Init", a.Roll.Total))
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
			lines[len(lines)-1] += " " + posText(req.P, c.Pos)
		}
		if tb := a.TieBreak; tb != nil {
			var rolls []string
			for _, r := range append(append([]encounter.RollOff(nil), tb.Kept...), tb.Rolls...) {
				rolls = append(rolls, r.Combatant.Name+" "+joinInts(r.Rolls))
			}
			lines = append(lines, "• "+req.T("init.tie", "Init", tb.Init, "Dex", tb.Dex, "Rolls", req.P.List(rolls)))
		}
	}
	lines = append(lines, orderLine(req, e))
	return lines
}

func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, "/")
}

// --- next, prev and the button ---

// --- list ---

// --- move, condition, remove, end ---

func (b *Bot) initMove(req *Request) (*Reply, error) {
	pos := &encounter.Pos{X: req.Int("x", 0), Y: req.Int("y", 0)}
	e, moved, err := b.cfg.Table.InitMove(req.Ctx, req.caller(), req.Str("combatant"), pos)
	if err != nil {
		return nil, err
	}
	res := newInitResult(e)
	res.Moved = moved.Pos
	return &Reply{Body: req.T("init.moved", "Name", moved.Name, "Pos", posText(req.P, moved.Pos)), Tone: ToneSuccess, Result: res}, nil
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
	lines = append(lines, orderLine(req, e))
	return &Reply{Body: strings.Join(lines, "\n"), Tone: ToneSuccess, Result: res}, nil
}

func (b *Bot) initEnd(req *Request) (*Reply, error) {
	e, expired, err := b.cfg.Table.InitEnd(req.Ctx, req.caller(), req.Bool("keep"))
	if err != nil {
		return nil, err
	}
	res := newInitResult(e)
	res.Ended, res.Expired = true, expired
	lines := []string{req.T("init.ended", "Rounds", e.Round, "Count", len(e.Combatants))}
	for _, x := range expired {
		lines = append(lines, req.T("init.expired", "Name", x.Combatant.Name, "Condition", conditionText(req, x.Condition)))
	}
	return &Reply{Title: req.T("init.end_title"), Body: strings.Join(lines, "\n"), Tone: ToneSuccess, Result: res}, nil
}
