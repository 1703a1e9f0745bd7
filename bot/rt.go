package bot

import (
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/rogue"
)

// This file is /rt, the Rogue's Tale commands that have no D&D 5e counterpart: turns (hunger and thirst,
// lingering effects, auras, regeneration), rest, eating and drinking, and lingering effects.

// maxTurnEvents bounds the events a multi-turn reply lists (the JSON keeps up to maxTurnEventsJSON).
const (
	maxTurnEvents     = 12
	maxTurnEventsJSON = 200
)

func (b *Bot) rtCommand() *Command {
	effectKinds := make([]string, 0, len(rogue.EffectKinds()))
	for _, k := range rogue.EffectKinds() {
		effectKinds = append(effectKinds, string(k))
	}
	return &Command{
		Name: "rt",
		Options: []*Option{
			{Name: "turn", Type: SubCommand, Handler: b.rtTurn, Options: []*Option{
				{Name: "count", Type: Integer, Min: Bound(1), Max: Bound(rogue.MaxRestTurns)},
				{Name: "action", Type: String, Choices: []string{string(rogue.ActionAct), string(rogue.ActionMove)}},
				b.characterOption(),
				{Name: "encounter", Type: Boolean},
			}, Examples: []string{"/rt turn", "/rt turn count:400", "/rt turn action:move character:Grak", "/rt turn encounter:true count:3"}},
			{Name: "rest", Type: SubCommand, Handler: b.rtRest, Options: []*Option{
				{Name: "turns", Type: Integer, Min: Bound(1), Max: Bound(rogue.MaxRestTurns)},
				b.characterOption(),
			}, Examples: []string{"/rt rest", "/rt rest turns:20"}},
			{Name: "eat", Type: SubCommand, Handler: b.rtEat, Options: []*Option{
				{Name: "amount", Type: Integer, Required: true, Min: Bound(1), Max: Bound(rogue.MaxHPLimit)},
				b.characterOption(),
			}, Examples: []string{"/rt eat amount:360"}},
			{Name: "drink", Type: SubCommand, Handler: b.rtDrink, Options: []*Option{
				{Name: "amount", Type: Integer, Required: true, Min: Bound(1), Max: Bound(rogue.MaxHPLimit)},
				b.characterOption(),
			}, Examples: []string{"/rt drink amount:360"}},
			{Name: "effect", Type: SubCommandGroup, Options: []*Option{
				{Name: "add", Type: SubCommand, Handler: b.rtEffectAdd, Options: []*Option{
					{Name: "kind", Type: String, Required: true, Choices: effectKinds},
					{Name: "name", Type: String, MaxLen: 64, Complete: completeEffectName},
					{Name: "power", Type: Integer, Min: Bound(0), Max: Bound(rogue.MaxPower)},
					{Name: "turns", Type: Integer, Min: Bound(0), Max: Bound(rogue.MaxTurns)},
					b.characterOption(),
				}, Examples: []string{"/rt effect add kind:curse name:agony power:2 turns:30", "/rt effect add kind:haste turns:10", "/rt effect add kind:poison name:slowing power:1"}},
				{Name: "remove", Type: SubCommand, Handler: b.rtEffectRemove, Options: []*Option{
					{Name: "kind", Type: String, Required: true, Choices: effectKinds},
					{Name: "name", Type: String, MaxLen: 64, Complete: completeEffectName},
					b.characterOption(),
				}, Examples: []string{"/rt effect remove kind:curse name:agony"}},
				{Name: "list", Type: SubCommand, Handler: b.rtEffectList, Options: []*Option{b.characterOption()},
					Examples: []string{"/rt effect list"}},
			}},
		},
	}
}

// --- /rt turn ---

// rtTurnResult is the JSON of /rt turn.
type rtTurnResult struct {
	rogueStatus
	Character    string            `json:"character"`
	Count        int               `json:"count"` // turns asked
	Turns        int               `json:"turns"` // turns played (fewer when the creature died)
	Action       string            `json:"action"`
	Actions      int               `json:"actions"` // actions taken (haste gives two, a lost turn none)
	Lost         int               `json:"lost"`
	Triggered    int               `json:"triggered"` // lingering-effect triggers
	HealthGained int               `json:"health_gained"`
	EnergyGained int               `json:"energy_gained"`
	HPBefore     int               `json:"hp_before"`
	EnergyBefore int               `json:"energy_before"`
	HungerBefore rogue.TrackState  `json:"hunger_before"`
	Hunger       rogue.TrackState  `json:"hunger"`
	ThirstBefore rogue.TrackState  `json:"thirst_before"`
	Thirst       rogue.TrackState  `json:"thirst"`
	Events       []rogue.Event     `json:"events"`       // with their turn (1-based); at most maxTurnEventsJSON
	EventsTotal  int               `json:"events_total"` //
	Detail       *rogue.TurnResult `json:"detail,omitempty"`
	Auras        []*rogue.AuraRoll `json:"auras,omitempty"` // one turn: the aura to apply to neighbours
}

func (b *Bot) rtTurn(req *Request) (*Reply, error) {
	if req.Bool("encounter") {
		return b.rtTurnEncounter(req)
	}
	count := req.Int("count", 1)
	act := rogue.Action(req.Str("action"))
	if act == "" {
		act = rogue.ActionAct
	}
	t, err := b.cfg.Table.RTTurn(req.Ctx, req.caller(), req.Str("character"), count, act, req.Dice)
	if err != nil {
		return nil, err
	}
	c, last := t.Character, t.Last
	out := rtTurnResult{Count: count, Action: string(act), Turns: t.Turns, Actions: t.Actions, Lost: t.Lost, Triggered: t.Triggered,
		HealthGained: t.HealthGained, EnergyGained: t.EnergyGained, HPBefore: t.HPBefore, EnergyBefore: t.EnergyBefore,
		HungerBefore: t.HungerBefore, ThirstBefore: t.ThirstBefore, Events: t.Events, EventsTotal: t.EventsTotal}
	out.rogueStatus, out.Character = statusRogue(c), c.Name
	out.Hunger, out.Thirst = play.TrackState(rogue.TrackHunger, c.Hunger), play.TrackState(rogue.TrackThirst, c.Thirst)
	r := &Reply{Footer: c.Name, Result: &out}
	var lines []string
	if count == 1 {
		out.Detail = last
		if last.Aura != nil {
			out.Auras = []*rogue.AuraRoll{last.Aura}
		}
		r.Title = req.T("rt.turn.title", "Name", c.Name)
		lines = turnLines(req, c, last)
	} else {
		r.Title = req.T("rt.turn.title_many", "Name", c.Name, "N", out.Turns)
		lines = append(lines, req.T("rt.turn.summary", "Turns", out.Turns, "Actions", out.Actions, "Lost", out.Lost, "Triggered", out.Triggered))
		if out.HealthGained > 0 || out.EnergyGained > 0 {
			lines = append(lines, req.T("rt.turn.regen_summary", "Health", out.HealthGained, "Energy", out.EnergyGained))
		}
		lines = append(lines, eventLines(req, out.Events, out.EventsTotal)...)
	}
	lines = append(lines, tracksLine(req, out.HungerBefore, out.Hunger, out.ThirstBefore, out.Thirst))
	if out.HPBefore != c.HP {
		lines = append(lines, req.T("rt.hp_change", "Name", c.Name, "Before", out.HPBefore, "After", c.HP))
	}
	if c.Dead() {
		lines = append(lines, "**"+req.T("rt.died", "Name", c.Name)+"**")
		r.Tone = ToneCritical
	}
	lines = append(lines, statusLine(req, c))
	r.Body = strings.Join(lines, "\n")
	return r, nil
}

// --- /rt rest ---

// rtRestResult is the JSON of /rt rest.
type rtRestResult struct {
	rogueStatus
	Character    string            `json:"character"`
	Turns        int               `json:"turns"`
	HealthGained int               `json:"health_gained"`
	EnergyGained int               `json:"energy_gained"`
	Hunger       rogue.TrackState  `json:"hunger"`
	Thirst       rogue.TrackState  `json:"thirst"`
	Detail       *rogue.RestResult `json:"detail"`
}

func (b *Bot) rtRest(req *Request) (*Reply, error) {
	rest, err := b.cfg.Table.RTRestTurns(req.Ctx, req.caller(), req.Str("character"), req.Int("turns", 1), req.Dice)
	if err != nil {
		return nil, err
	}
	c, res, hb, tb := rest.Character, rest.Result, rest.HungerBefore, rest.ThirstBefore
	lines := []string{req.T("rt.rest.summary", "Turns", res.Turns, "HealthChecks", res.HealthChecks, "Health", res.HealthGained,
		"EnergyChecks", res.EnergyChecks, "Energy", res.EnergyGained)}
	if res.HealthChecks > 0 {
		lines = append(lines, req.T("rt.rest.health_need", "Difficulty", c.HealthRegenDifficulty()))
	}
	if res.NoHealthRegen != "" {
		lines = append(lines, req.T("rt.turn.no_health_regen", "Level", req.T(res.NoHealthRegen)))
	}
	if res.NoEnergyRegen {
		lines = append(lines, req.T("rt.turn.no_energy_regen"))
	}
	if res.Lost > 0 || res.Triggered > 0 {
		lines = append(lines, req.T("rt.rest.lost", "Lost", res.Lost, "Triggered", res.Triggered))
	}
	lines = append(lines, eventLines(req, res.Events, len(res.Events))...)
	lines = append(lines, tracksLine(req, hb, res.HungerAfter, tb, res.ThirstAfter))
	lines = append(lines, req.T("rt.hp_change", "Name", c.Name, "Before", res.HPBefore, "After", res.HPAfter))
	if res.Dead {
		lines = append(lines, "**"+req.T("rt.died", "Name", c.Name)+"**")
	}
	lines = append(lines, statusLine(req, c))
	r := &Reply{Title: req.T("rt.rest.title", "Name", c.Name, "Turns", res.Turns), Footer: c.Name, Body: strings.Join(lines, "\n"),
		Result: rtRestResult{rogueStatus: statusRogue(c), Character: c.Name, Turns: res.Turns, HealthGained: res.HealthGained,
			EnergyGained: res.EnergyGained, Hunger: res.HungerAfter, Thirst: res.ThirstAfter, Detail: res}}
	switch {
	case res.Dead:
		r.Tone = ToneCritical
	case res.HealthGained > 0 || res.EnergyGained > 0:
		r.Tone = ToneSuccess
	}
	return r, nil
}

// --- /rt eat, /rt drink ---

// rtConsumeResult is the JSON of /rt eat and /rt drink.
type rtConsumeResult struct {
	rogueStatus
	Character string               `json:"character"`
	Hunger    rogue.TrackState     `json:"hunger"`
	Thirst    rogue.TrackState     `json:"thirst"`
	Capped    bool                 `json:"capped"`
	Detail    *rogue.ConsumeResult `json:"detail"`
}

func (b *Bot) rtEat(req *Request) (*Reply, error)   { return b.consume(req, req.Int("amount", 0), 0) }
func (b *Bot) rtDrink(req *Request) (*Reply, error) { return b.consume(req, 0, req.Int("amount", 0)) }

func (b *Bot) consume(req *Request, food, water int) (*Reply, error) {
	c, res, err := b.cfg.Table.RTConsume(req.Ctx, req.caller(), req.Str("character"), food, water)
	if err != nil {
		return nil, err
	}
	title := req.T("rt.eat.title", "Name", c.Name, "Amount", food)
	if water > 0 {
		title = req.T("rt.drink.title", "Name", c.Name, "Amount", water)
	}
	lines := []string{tracksLine(req, res.HungerBefore, res.HungerAfter, res.ThirstBefore, res.ThirstAfter)}
	if res.Capped {
		lines = append(lines, req.T("rt.eat.capped"))
	}
	if res.Gluttony {
		lines = append(lines, req.T("rt.eat.gluttony", "Curse", req.T(rogue.CurseGluttony.Key())))
	}
	return &Reply{Title: title, Footer: c.Name, Tone: ToneSuccess, Body: strings.Join(lines, "\n"),
		Result: rtConsumeResult{rogueStatus: statusRogue(c), Character: c.Name, Hunger: res.HungerAfter, Thirst: res.ThirstAfter,
			Capped: res.Capped, Detail: res}}, nil
}

// --- /rt effect ---
