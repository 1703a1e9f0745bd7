package bot

import (
	"strings"

	"rulekeeper/rules/dnd5e"
)

// /identify: INT (Arcana) to identify a spell being cast (B10).

func (b *Bot) identifyCommand() *Command {
	return &Command{
		Name: "identify",
		Options: []*Option{
			{Name: "spell", Type: String, Required: true, MaxLen: 64, Complete: b.completeSpell},
			{Name: "same_class", Type: Boolean},
			modeOption(), bonusOption(), b.characterOption(),
		},
		Handler:  b.identify,
		Examples: []string{"/identify spell:fireball", "/identify spell:cure_wounds same_class:true", "/identify spell:火球术"},
	}
}

// identifyResult is the JSON of /identify.
type identifyResult struct {
	Character string                `json:"character"`
	Spell     string                `json:"spell"`
	Level     int                   `json:"level"`
	DC        int                   `json:"dc"`
	Total     int                   `json:"total"`
	Natural   int                   `json:"natural"`
	Outcome   string                `json:"outcome"` // success or failure
	SameClass bool                  `json:"same_class,omitempty"`
	Mode      string                `json:"mode"`
	oddsJSON                        // chance of success before the roll (odds.go)
	Detail    *dnd5e.IdentifyResult `json:"detail"`
}

// identify rolls INT (Arcana) against DC 15 + the spell's level (B10), with advantage when the spell was cast as a
// spell of the identifier's own class.
func (b *Bot) identify(req *Request) (*Reply, error) {
	spell, err := parseSpell(req.Str("spell"))
	if err != nil {
		return nil, err
	}
	o, err := rollOptions(req)
	if err != nil {
		return nil, err
	}
	c, res, err := b.cfg.Table.Identify(req.Ctx, req.caller(), req.Str("character"), spell, req.Bool("same_class"), o, req.Dice)
	if err != nil {
		return nil, err
	}
	out := identifyResult{Character: c.Name, Spell: spell.ID, Level: spell.Level, DC: res.DC, Total: res.Total,
		Natural: res.Natural, Outcome: string(res.Outcome), SameClass: res.SameClass, Mode: string(res.Check.Mode), Detail: res}
	name := req.T(spell.Key())
	lines := []string{req.T("identify.check", "Spell", name, "Level", spellLevelText(req, spell.Level)) + " " +
		rollText(req, res.Check.Roll) + " " + req.T("play.roll.vs_dc", "DC", res.DC)}
	if res.Check.Proficiency > 0 {
		key := "play.roll.proficient"
		if res.Check.Expertise {
			key = "play.roll.expertise"
		}
		lines = append(lines, req.T(key, "Bonus", signedNum(res.Check.Proficiency)))
	}
	effects := res.Check.Effects
	if res.SameClass {
		lines = append(lines, "• "+req.T("identify.same_class"))
		for i, ef := range effects { // the rules list it as an option: it is worded above
			if ef.Condition == "" && ef.Effect == dnd5e.EffectAdvantage {
				effects = append(effects[:i:i], effects[i+1:]...)
				break
			}
		}
	}
	if m := modeLine(req, res.Check.Mode); m != "" {
		lines = append(lines, m)
	}
	lines = append(lines, effectLines(req, effects, res.Check.Cancelled)...)
	lines = append(lines, appliedLines(req, res.Check.Applied)...)
	odds := res.Check.Odds()
	out.oddsJSON = oddsOut(odds)
	lines = appendLine(lines, oddsLine(req, "stats.odds.success", odds))
	r := &Reply{Title: req.T("identify.title", "Name", c.Name), Footer: c.Name, Result: out}
	if res.Outcome == dnd5e.OutcomeSuccess {
		r.Tone = ToneSuccess
		lines = append(lines, "**"+req.T("identify.success", "Spell", name)+"**")
	} else {
		r.Tone = ToneFailure
		lines = append(lines, "**"+req.T("identify.failure")+"**")
	}
	r.Body = strings.Join(lines, "\n")
	return r, nil
}
