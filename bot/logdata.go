package bot

import (
	"rulekeeper/play"
	"rulekeeper/play/sessionlog"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// The data of log entries that the rules know beyond the words (record.go): a 5e d20 roll's dice, mode, target,
// outcome and exact odds.

// logRoll5e is the log entry of a 5e check or save, nil when nothing was rolled.
func logRoll5e(res *dnd5e.RollResult, odds *dnd5e.Odds) *sessionlog.Entry {
	if res == nil || res.Roll == nil {
		return nil
	}
	kind := sessionlog.KindCheck
	if res.Kind == dnd5e.KindSave {
		kind = sessionlog.KindSave
	}
	r := sessionlog.FromDice(res.Roll)
	r.Natural = res.Natural
	switch res.Mode {
	case dnd5e.Advantage:
		r.Mode = sessionlog.Advantage
	case dnd5e.Disadvantage:
		r.Mode = sessionlog.Disadvantage
	}
	if res.DC > 0 {
		r.Target = res.DC
		r.Outcome = sessionlog.Failure
		if res.Outcome == dnd5e.OutcomeSuccess {
			r.Outcome = sessionlog.Success
		}
		if odds != nil && odds.Exact {
			r.Odds = sessionlog.NewOdds(odds.P, odds.Rat)
		}
	}
	return &sessionlog.Entry{Kind: kind, Roll: &r}
}

// logAttack5e is the log entry of a 5e attack: the first attack roll with its verdict and odds, and the damage
// dealt by every roll of the command to its target.
func logAttack5e(a *play.Attack5eResult, damage int, target string) *sessionlog.Entry {
	r := attackRoll5e(a.Roll)
	if r == nil {
		return nil
	}
	e := &sessionlog.Entry{Kind: sessionlog.KindAttack, Roll: r}
	if damage > 0 && target != "" {
		e.Damage = &sessionlog.Damage{Amount: damage, Target: target}
	}
	return e
}

// attackRoll5e is a 5e attack roll as log data: its dice, mode, AC, verdict and exact odds; nil when nothing was
// rolled.
func attackRoll5e(res *dnd5e.AttackResult) *sessionlog.Roll {
	if res == nil || res.Roll == nil {
		return nil
	}
	r := sessionlog.FromDice(res.Roll)
	r.Natural, r.Target, r.Outcome = res.Natural, res.AC, ""
	switch res.Mode {
	case dnd5e.Advantage:
		r.Mode = sessionlog.Advantage
	case dnd5e.Disadvantage:
		r.Mode = sessionlog.Disadvantage
	}
	switch {
	case res.Crit:
		r.Outcome = sessionlog.Crit
	case res.Fumble:
		r.Outcome = sessionlog.Fumble
	case res.Outcome == dnd5e.OutcomeMiss:
		r.Outcome = sessionlog.Failure
	case res.Hit && res.AC > 0:
		r.Outcome = sessionlog.Success
	}
	if o := res.Odds(); o != nil && o.Exact && res.AC > 0 {
		r.Odds = sessionlog.NewOdds(o.P, o.Rat)
	}
	return &r
}

// turnMarkers are the log's markers of a turn change: a new round, then whose turn it is (none going back).
func turnMarkers(tc *encounter.TurnChange) []sessionlog.Entry {
	if tc.Back {
		return nil
	}
	var out []sessionlog.Entry
	if tc.Started || tc.NewRound {
		out = append(out, sessionlog.Entry{Kind: sessionlog.KindRound, Round: tc.Round})
	}
	return append(out, sessionlog.Entry{Kind: sessionlog.KindTurn, Character: tc.Began.Name,
		NPC: tc.Began.OwnerID == "", Round: tc.Round, Turn: tc.Index + 1})
}
