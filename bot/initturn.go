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
	SheetExpired []encounter.Expiry  `json:"sheet_expired,omitempty"` // the ended character's sheet conditions that ran out
	State        string              `json:"state,omitempty"`         // the beginning 5e character's state
	DeathSave    bool                `json:"death_save,omitempty"`    // it is dying: the reply prompts the death save
	Repeated     []play.RepeatRoll   `json:"repeated,omitempty"`      // the ended combatant's repeat saves (gmturn.go)
	Effects      []play.TurnEffects  `json:"effects,omitempty"`       // what the turn did to the combatants' effects
	CoCDying     []play.CoCDyingRoll `json:"coc_dying,omitempty"`     // CoC: the dying's CON rolls at the round's end
}

func (b *Bot) initNext(req *Request) (*Reply, error) { return b.turn(req, true) }

func (b *Bot) initPrev(req *Request) (*Reply, error) { return b.turn(req, false) }

// initButton answers the "next turn" button: custom id "init:next:<channel id>", and the list's page buttons
// "init:list:<channel id>:<page>" (gmturn.go).
func (b *Bot) initButton(req *Request) (*Reply, error) {
	if rest, ok := strings.CutPrefix(req.CustomID, "init:list:"); ok {
		return b.initListButton(req, rest)
	}
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
	e, t, err := b.cfg.Table.InitTurn(req.Ctx, req.caller(), next, req.Dice)
	if err != nil {
		return nil, err
	}
	turn := initTurn{TurnChange: t.TurnChange, SheetExpired: t.SheetExpired, Effects: t.Effects, Repeated: t.Repeated,
		CoCDying: t.CoCDying}
	sheet := t.Sheet
	if sheet != nil {
		turn.State = string(sheet.State)
		turn.DeathSave = next && sheet.State == dnd5e.Dying
	}
	res := newInitResult(e)
	res.Turn = &turn
	tc := turn.TurnChange
	lines := repeatLines(req, t.Repeated)                    // gmturn.go
	lines = append(lines, cocDyingLines(req, t.CoCDying)...) // initcoc.go: at the end of the round
	if tc.Started {
		lines = append(lines, req.T("init.first_turn"))
	} else if tc.NewRound {
		lines = append(lines, req.T("init.new_round", "Round", tc.Round))
	}
	for _, s := range tc.Skipped {
		if s.Kind == encounter.KindCharacter {
			lines = append(lines, req.T("gm.init.skipped_dead", "Name", s.Name)) // dead by its sheet
			continue
		}
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
	lines = append(lines, req.T("init.turn_of", "Name", "**"+began.Name+"**"))
	// The player is pinged by the message's content, the only place Discord notifies from (Reply.Mention).
	r := &Reply{Title: req.T("init.turn_title", "Round", tc.Round, "Name", began.Name), Result: res, Mention: began.OwnerID}
	r.Markers = turnMarkers(tc)
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
	r.Body = strings.Join(capLines(req, lines), "\n") // 20 and more combatants still fit (gmturn.go)
	if turn.DeathSave && sheet != nil {
		r.Buttons = append(r.Buttons, Button{Label: req.T("init.death_save_button"), CustomID: "deathsave:" + t.SheetID, Style: ButtonDanger})
	}
	r.Buttons = append(r.Buttons, nextButton(req, req.ChannelID))
	return r, nil
}
