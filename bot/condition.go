package bot

import (
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
)

func (b *Bot) conditionCommand() *Command {
	name := func() *Option {
		return &Option{Name: "name", Type: String, Required: true, MaxLen: 32, Complete: completeCondition}
	}
	return &Command{
		Name: "condition",
		Options: []*Option{
			{Name: "add", Type: SubCommand, Handler: b.conditionAdd, Options: []*Option{
				name(),
				{Name: "rounds", Type: Integer, Min: Bound(1), Max: Bound(dnd5e.MaxRounds)},
				{Name: "level", Type: Integer, Min: Bound(1), Max: Bound(dnd5e.MaxExhaustion)},
				b.characterOption(),
			}, Examples: []string{"/condition add name:poisoned rounds:10", "/condition add name:prone character:Borin", "/condition add name:exhaustion", "/condition add name:exhaustion level:3"}},
			{Name: "remove", Type: SubCommand, Handler: b.conditionRemove, Options: []*Option{name(), b.characterOption()},
				Examples: []string{"/condition remove name:poisoned"}},
			{Name: "list", Type: SubCommand, Handler: b.conditionList, Options: []*Option{b.characterOption()},
				Examples: []string{"/condition list"}},
		},
	}
}

// conditionResult is the JSON of /condition.
type conditionResult struct {
	hpStatus
	Character  string                  `json:"character"`
	Conditions []dnd5e.ConditionStatus `json:"conditions"`
	Exhaustion int                     `json:"exhaustion"`
	Change     *dnd5e.ConditionChange  `json:"change,omitempty"`
	ConcEnded  string                  `json:"conc_ended,omitempty"` // the spell its concentration lost (incapacitated)
	Released   []play.Released         `json:"released,omitempty"`   // the conditions that ended with it
}

func (b *Bot) conditionAdd(req *Request) (*Reply, error) {
	id, err := parseCondition(req.Str("name"))
	if err != nil {
		return nil, err
	}
	if id == dnd5e.Exhaustion && req.Has("rounds") {
		return nil, Errorf("play.condition.err.rounds_exhaustion")
	}
	if id != dnd5e.Exhaustion && req.Has("level") {
		return nil, Errorf("play.condition.err.level_only_exhaustion")
	}
	// level: sets the exhaustion level; without it, one level is gained.
	in := play.Condition{Character: req.Str("character"), Condition: id, Rounds: req.Int("rounds", 0)}
	if id == dnd5e.Exhaustion && req.Has("level") {
		in.Level = req.Int("level", 1)
	}
	res, err := b.cfg.Table.SetCondition(req.Ctx, req.caller(), in)
	if err != nil {
		return nil, err
	}
	return conditionChangeReply(req, res), nil
}

func (b *Bot) conditionRemove(req *Request) (*Reply, error) {
	id, err := parseCondition(req.Str("name"))
	if err != nil {
		return nil, err
	}
	res, err := b.cfg.Table.SetCondition(req.Ctx, req.caller(), play.Condition{Character: req.Str("character"), Condition: id, Remove: true})
	if err != nil {
		return nil, err
	}
	return conditionChangeReply(req, res), nil
}

func (b *Bot) conditionList(req *Request) (*Reply, error) {
	c, err := b.cfg.Table.Sheet5e(req.Ctx, req.caller(), req.Str("character"))
	if err != nil {
		return nil, err
	}
	return conditionReply(req, c, nil), nil
}

// conditionChangeReply is conditionReply after a change, with what it did to the character's concentration (B6): a
// condition that incapacitates ends it, and the conditions and effects it held end too.
func conditionChangeReply(req *Request, res *play.ConditionResult) *Reply {
	r := conditionReply(req, res.Character, res.Change)
	if h := res.Conc; h != nil {
		if conc := incapacitatedConcLines(req, h); len(conc) > 0 {
			r.Body += "\n" + strings.Join(conc, "\n")
		}
		if cr, ok := r.Result.(conditionResult); ok {
			cr.ConcEnded, cr.Released = h.ConcEnded, h.Released
			r.Result = cr
		}
	}
	return r
}

// incapacitatedConcLines word a concentration that ended because its caster became incapacitated (B6): the spell,
// and the conditions and effects it held.
func incapacitatedConcLines(req *Request, h *play.Hit) []string {
	var lines []string
	if h.ConcEnded != "" {
		lines = append(lines, req.T("fight.conc.lost", "Name", h.Name, "Spell", spellName(req, h.ConcEnded))+" "+req.T("play.condition.conc_incapacitated"))
	}
	lines = append(lines, releasedText(req, h.Released)...)
	return append(lines, effectsEndedText(req, h.EffectsEnded)...)
}

// conditionReply says what changed (if anything) and lists the character's conditions with what each does.
func conditionReply(req *Request, c *dnd5e.Character, ch *dnd5e.ConditionChange) *Reply {
	var lines []string
	if ch != nil {
		name := conditionLabel(req, ch.Condition, 0)
		switch {
		case ch.Condition == dnd5e.Exhaustion:
			lines = append(lines, req.T("play.condition.exhaustion_change", "Name", c.Name, "Before", ch.ExhaustionBefore, "After", ch.ExhaustionAfter))
		case len(ch.Removed) > 0:
			lines = append(lines, req.T("play.condition.removed", "Name", c.Name, "Condition", name))
		case ch.Refreshed:
			lines = append(lines, req.T("play.condition.refreshed", "Name", c.Name, "Condition", name))
		default:
			lines = append(lines, req.T("play.condition.added", "Name", c.Name, "Condition", name))
		}
		if extra := without(ch.Added, ch.Condition); len(extra) > 0 {
			lines = append(lines, req.T("play.conditions_added", "Conditions", conditionNames(req, extra)))
		}
		for _, e := range ch.Effects {
			if e.Effect != dnd5e.EffectImpliesProne {
				lines = append(lines, "• "+req.T("play.effect.self", "Condition", conditionLabel(req, e.Condition, e.Level), "Effect", req.T(e.Effect.Key())))
			}
		}
		if ch.MaxBefore != ch.MaxAfter || ch.HPBefore != ch.HPAfter {
			lines = append(lines, hpLine(req, c))
		}
		if ch.StateAfter == dnd5e.Dead && ch.StateBefore != dnd5e.Dead {
			lines = append(lines, req.T("play.hp.died", "Name", c.Name))
		}
	}
	list := c.ListConditions()
	if len(list) == 0 {
		lines = append(lines, req.T("play.condition.none", "Name", c.Name))
	}
	for _, s := range list {
		line := "**" + conditionLabel(req, s.ID, s.Level) + "**"
		switch {
		case s.ImpliedBy != "":
			line += " " + req.T("play.condition.implied_by", "By", req.T(s.ImpliedBy.Key()))
		case s.Rounds > 0:
			line += " " + req.T("play.condition.rounds_left", "Rounds", s.Rounds)
		}
		if what := conditionSummary(req, s); what != "" {
			line += " — " + what
		}
		lines = append(lines, line)
	}
	r := &Reply{Title: req.T("play.condition.title", "Name", c.Name), Body: strings.Join(lines, "\n"), Footer: c.Name}
	if ch != nil {
		r.Tone = ToneSuccess
	}
	if list == nil {
		list = []dnd5e.ConditionStatus{}
	}
	r.Result = conditionResult{hpStatus: statusOf(c), Character: c.Name, Conditions: list, Exhaustion: c.Exhaustion, Change: ch}
	return r
}

func without(list []dnd5e.Condition, id dnd5e.Condition) []dnd5e.Condition {
	var out []dnd5e.Condition
	for _, x := range list {
		if x != id {
			out = append(out, x)
		}
	}
	return out
}

// conditionSummary is what a condition does to rolls, in a few words, as the bot applies it.
func conditionSummary(req *Request, s dnd5e.ConditionStatus) string {
	switch s.ID {
	case dnd5e.Blinded:
		return req.T("play.summary.blinded")
	case dnd5e.Charmed:
		return req.T("play.summary.charmed")
	case dnd5e.Deafened:
		return req.T("play.summary.deafened")
	case dnd5e.Frightened:
		return req.T("play.summary.frightened")
	case dnd5e.Grappled:
		return req.T("play.summary.grappled")
	case dnd5e.Incapacitated:
		return req.T("play.summary.incapacitated")
	case dnd5e.Invisible:
		return req.T("play.summary.invisible")
	case dnd5e.Paralyzed:
		return req.T("play.summary.paralyzed")
	case dnd5e.Petrified:
		return req.T("play.summary.petrified")
	case dnd5e.Poisoned:
		return req.T("play.summary.poisoned")
	case dnd5e.Prone:
		return req.T("play.summary.prone")
	case dnd5e.Restrained:
		return req.T("play.summary.restrained")
	case dnd5e.Stunned:
		return req.T("play.summary.stunned")
	case dnd5e.Unconscious:
		return req.T("play.summary.unconscious")
	case dnd5e.Exhaustion:
		switch {
		case s.Level >= 6:
			return req.T("play.summary.exhaustion6")
		case s.Level >= 5:
			return req.T("play.summary.exhaustion5")
		case s.Level >= 4:
			return req.T("play.summary.exhaustion4")
		case s.Level >= 3:
			return req.T("play.summary.exhaustion3")
		case s.Level >= 2:
			return req.T("play.summary.exhaustion2")
		}
		return req.T("play.summary.exhaustion1")
	}
	return ""
}
