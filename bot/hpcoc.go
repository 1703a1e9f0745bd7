package bot

import (
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/coc"
)

// /hp on a Call of Cthulhu character: damage is one hit after armour (a major wound rolls CON to stay conscious;
// the guild's death rule), heal is the Keeper's word, max a new maximum; there are no temporary hit points.

// readHPCoC refuses the /hp options a Call of Cthulhu character does not read.
func readHPCoC(req *Request) (r play.Reading[struct{}]) {
	r.Err = refuseOptions(req, systemCoC, []string{"type", "crit"})
	return r
}

// cocHPResult is the JSON of /hp on a Call of Cthulhu character.
type cocHPResult struct {
	Character  string           `json:"character"`
	HP         int              `json:"hp"`
	MaxHP      int              `json:"hp_max"`
	Amount     int              `json:"amount"`
	Conditions []string         `json:"conditions"`
	Wound      *coc.WoundResult `json:"wound,omitempty"`
	CONOdds    *coc.Odds        `json:"con_odds,omitempty"` // of the CON roll after a major wound
	Heal       *coc.HealResult  `json:"heal,omitempty"`
	By         string           `json:"by,omitempty"` // the user who changed another's character
}

// cocHPReply renders what /hp did to a Call of Cthulhu character.
func cocHPReply(req *Request, kind play.HPKind, amount int, h *play.HPCoC) *Reply {
	c := h.Character
	out := cocHPResult{Character: c.Name, HP: c.HP, MaxHP: c.MaxHP, Amount: amount, Conditions: []string{}}
	for _, a := range c.Conditions {
		out.Conditions = append(out.Conditions, string(a.ID))
	}
	var title string
	var lines []string
	r := &Reply{Footer: c.Name}
	switch kind {
	case play.HPDamage:
		title = req.T("cthulhu.hp.damage_title", "Name", c.Name)
		lines = cocWoundLines(req, c.Name, h.Wound)
		out.Wound = h.Wound
		if h.Wound.CON != nil {
			out.CONOdds = h.Wound.CON.Odds()
		}
		r.Tone = ToneFailure
		if h.Wound.Dead {
			r.Tone = ToneCritical
		}
	case play.HPHeal:
		title = req.T("cthulhu.hp.heal_title", "Name", c.Name)
		hr := h.Heal
		lines = []string{req.T("cthulhu.wound.hp", "Name", c.Name, "Before", hr.Before, "After", hr.After, "Max", c.MaxHP)}
		if hr.Woke {
			lines = append(lines, req.T("cthulhu.heal.woke", "Name", c.Name))
		}
		if hr.MajorWoundEnded {
			lines = append(lines, req.T("cthulhu.heal.major_ended", "Name", c.Name))
		}
		out.Heal = hr
		r.Tone = ToneSuccess
	default:
		title = req.T("cthulhu.hp.max_title", "Name", c.Name)
		lines = []string{req.T("cthulhu.hp.max_line", "Before", h.MaxBefore, "After", c.MaxHP, "HP", c.HP)}
	}
	if len(c.Conditions) > 0 {
		lines = append(lines, req.P.Label(req.T("cthulhu.sheet.conditions"), cocConditionNames(req, c.Conditions)))
	}
	r.Title, r.Body, r.Result = title, strings.Join(lines, "\n"), out
	return r
}
