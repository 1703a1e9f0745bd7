package bot

import (
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// /init next, prev and the "next turn" button.

// initTurn is what a turn change did, with what the sheets said.
type initTurn struct {
	*encounter.TurnChange
	SheetExpired []encounter.Expiry `json:"sheet_expired,omitempty"` // the ended character's sheet conditions that ran out
	State        string             `json:"state,omitempty"`         // the beginning 5e character's state
	DeathSave    bool               `json:"death_save,omitempty"`    // it is dying: the reply prompts the death save
	Effects      []play.TurnEffects `json:"effects,omitempty"`       // what the turn did to the combatants' effects
}

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
	turn := initTurn{TurnChange: t.TurnChange, SheetExpired: t.SheetExpired, Effects: t.Effects}
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
	lines = append(lines, turnEffectLines(req, t.Effects)...)
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
