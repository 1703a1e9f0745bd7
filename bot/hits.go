package bot

import (
	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// Words for what a command did to tracked creatures (play.Hit): HP changes, vague states, concentration.

// hpStatusOf is the JSON of a creature's HP.
func hpStatusOf(st play.Status) hpStatus {
	return hpStatus{HP: st.HP, HPMax: st.MaxHP, HPTemp: st.TempHP, State: string(st.State)}
}

// fightLines word what a fight did to a tracked creature: what the temp HP absorbed, its HP change (a vague state
// for an NPC the caller does not run), and its concentration.
func fightLines(req *Request, h *play.Hit) []string {
	var lines []string
	if ch := h.Change; ch != nil {
		if ch.TempAbsorbed > 0 && !h.Vague {
			lines = append(lines, req.T("play.hp.temp_absorbed", "Amount", ch.TempAbsorbed))
		}
		if ch.NoEffect && ch.StateBefore == dnd5e.Dead {
			lines = append(lines, req.T("play.hp.already_dead", "Name", h.Name))
		} else {
			lines = append(lines, hpText(req, h, ch)...)
		}
	}
	return append(lines, concText(req, h)...)
}

// hpText is what the caller may see of a creature's HP change: numbers for characters and for those who run the
// encounter, a vague state for an NPC otherwise.
func hpText(req *Request, h *play.Hit, ch *dnd5e.HPChange) []string {
	if !h.Vague {
		lines := []string{h.Name + ": " + hpChangeLine(req, ch)}
		return append(lines, stateChangeLines(req, h.Name, ch)...)
	}
	st := encounter.VagueState(h.Status.HP, h.Status.MaxHP)
	line := h.Name + ": " + req.T(st.Key())
	if ch.StateAfter == dnd5e.Dead && ch.StateBefore != dnd5e.Dead {
		line = req.T("play.hp.died", "Name", h.Name)
	}
	return []string{line}
}

// concText says what happened to a creature's concentration: its CON save, a spell lost without one, and the
// conditions that ended with it.
func concText(req *Request, h *play.Hit) []string {
	var out []string
	if s := h.ConcSave; s != nil {
		line := req.T("fight.conc.save", "Name", h.Name) + " " + rollText(req, s.Save.Roll) + " " + req.T("play.roll.vs_dc", "DC", s.DC)
		if s.Save.AutoFail {
			line = req.T("fight.conc.save", "Name", h.Name) + " " + req.T("play.roll.auto_fail")
		}
		out = append(out, line)
		out = appendLine(out, oddsLine(req, "stats.odds.success", s.Save.Odds()))
		if s.Kept {
			out = append(out, req.T("fight.conc.kept", "Name", h.Name))
		} else {
			out = append(out, req.T("fight.conc.lost", "Name", h.Name, "Spell", spellName(req, s.Ended)))
		}
	}
	if h.ConcEnded != "" {
		out = append(out, req.T("fight.conc.lost", "Name", h.Name, "Spell", spellName(req, h.ConcEnded)))
	}
	return append(out, releasedText(req, h.Released)...)
}

// refuseOptions refuses the options of a command that only other systems read, by name: the reading of a shared
// command for system when the caller gave one of others.
func refuseOptions(req *Request, system string, others []string) error {
	for _, o := range others {
		if req.Has(o) {
			return Errorf("rt.err.option_not_for_system", "Option", o, "System", req.T("system."+system))
		}
	}
	return nil
}
