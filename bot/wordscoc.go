package bot

import (
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/coc"
	"rulekeeper/rules/dice"
)

// Words shared by the Call of Cthulhu replies: a roll in one line, wounds, damage.

// cocRollLine is one combat or healing roll: "Fighting (Brawl) 50: d100 **20** → Hard success".
func cocRollLine(req *Request, what string, res *coc.CheckResult) string {
	return req.T("cthulhu.roll_line", "What", what, "Value", res.Value, "Dice", cocDiceLine(req, res.Roll),
		"Level", req.T(res.Level.Key()))
}

// cocWoundLines say what one hit did to a character: HP, death, a major wound with its CON roll, unconsciousness,
// dying.
func cocWoundLines(req *Request, name string, w *coc.WoundResult) []string {
	lines := []string{req.T("cthulhu.wound.hp", "Name", name, "Before", w.Before, "After", w.After, "Max", w.MaxHP)}
	if w.Dead {
		return append(lines, req.T("cthulhu.wound.dead", "Name", name))
	}
	if w.MajorWound {
		lines = append(lines, req.T("cthulhu.wound.major", "Name", name))
	}
	if w.CON != nil {
		lines = append(lines, cocRollLine(req, req.T("cthulhu.wound.con"), w.CON))
	}
	if w.Unconscious {
		lines = append(lines, req.T("cthulhu.wound.unconscious", "Name", name))
	}
	if w.Dying {
		lines = append(lines, req.T("cthulhu.wound.dying", "Name", name))
	}
	return lines
}

// cocHurtLines say what a hit did to a tracked creature: a character's wound, or an NPC's HP (numbers for those
// who run the encounter, a vague state for the others).
func cocHurtLines(req *Request, h *play.CoCHurt) []string {
	if h == nil {
		return nil
	}
	if h.Wound != nil {
		return cocWoundLines(req, h.Name, h.Wound)
	}
	var lines []string
	if h.Vague {
		lines = append(lines, req.T("cthulhu.npc.state", "Name", h.Name, "State", req.T(h.State.Key())))
	} else {
		lines = append(lines, req.T("cthulhu.wound.hp", "Name", h.Name, "Before", h.NPCHP.HPBefore, "After", h.NPCHP.HPAfter,
			"Max", h.NPCHP.MaxHP))
	}
	if h.MajorWound && h.NPCHP.HPAfter > 0 {
		lines = append(lines, req.T("cthulhu.npc.major", "Name", h.Name))
	}
	return lines
}

// rollBare is a roll's breakdown without its total ("1d8 (5)", "1d10 (3) + 2"): one part of a sum.
func rollBare(req *Request, r *dice.Result) string {
	return strings.TrimSuffix(rollText(req, r), " = "+strconv.Itoa(r.Total))
}

// cocDamageLine is a hit's damage: the weapon's roll, the damage bonus, an impaling roll, less armour.
func cocDamageLine(req *Request, d *coc.DamageResult) string {
	parts := []string{rollBare(req, d.Roll)}
	if d.DBRoll != nil {
		parts = append(parts, req.T("cthulhu.damage.db", "Roll", rollBare(req, d.DBRoll)))
	}
	if d.Impale != nil {
		parts = append(parts, req.T("cthulhu.damage.impale", "Roll", rollBare(req, d.Impale)))
	}
	text := strings.Join(parts, " + ")
	if d.Armour > 0 {
		text += " " + req.T("cthulhu.damage.armour", "Armour", d.Armour)
	}
	key := "cthulhu.damage.line"
	if d.Extreme {
		key = "cthulhu.damage.extreme"
	}
	return req.T(key, "Parts", text, "Total", d.Total)
}
