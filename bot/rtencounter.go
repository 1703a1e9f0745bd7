package bot

import (
	"strings"
	"unicode/utf8"

	"rulekeeper/rules/rogue"
)

// /rt turn encounter:true: turns for every combatant of the channel's Rogue's Tale encounter, with auras.

func (b *Bot) rtTurnEncounter(req *Request) (*Reply, error) {
	count := req.Int("count", 1)
	act := rogue.Action(req.Str("action"))
	if act == "" {
		act = rogue.ActionAct
	}
	out, err := b.cfg.Table.RTTurnEncounter(req.Ctx, req.caller(), count, act, req.Dice)
	if err != nil {
		return nil, err
	}
	r := &Reply{Title: req.T("rt.turn.encounter.title", "N", count), Result: out}
	var lines []string
	size := 0
	full := false
	for i, c := range out.Combatants {
		line := req.T("rt.turn.encounter.line", "Name", c.Name, "Before", c.HPBefore, "After", c.HP, "Max", c.HPMax,
			"Triggered", c.Triggered, "Hunger", trackText(req, c.Hunger))
		if c.Dead {
			line += " — **" + req.T("rt.died", "Name", c.Name) + "**"
			r.Tone = ToneCritical
		}
		more := req.T("rt.turn.encounter.more", "N", len(out.Combatants)-i)
		if size+utf8.RuneCountInString(line)+utf8.RuneCountInString(more)+2 > MaxBody {
			lines = append(lines, more)
			full = true
			break
		}
		size += utf8.RuneCountInString(line) + 1
		lines = append(lines, line)
	}
	var extra []string
	for _, a := range out.Auras {
		key, amount := "rt.turn.encounter.aura", a.Final
		if a.Heal {
			key, amount = "rt.turn.encounter.aura_heal", a.Healed
		}
		line := req.T(key, "Source", a.Source, "Target", a.Target, "Type", req.T(a.Type.Key()), "Distance", a.Distance,
			"Amount", amount, "Before", a.HPBefore, "After", a.HP)
		if a.Secondary {
			line += " · " + req.T("rt.turn.encounter.aura_secondary")
			if a.Effect != nil && a.Effect.Change != nil && a.Effect.Change.Added {
				line += " · " + req.T("rt.cast.effect", "Name", a.Target, "Effect", effectText(req, a.Effect.Change.Effect))
			}
		}
		if a.Dead {
			line += " — **" + req.T("rt.died", "Name", a.Target) + "**"
			r.Tone = ToneCritical
		}
		extra = append(extra, line)
	}
	if len(out.Unplaced) > 0 {
		extra = append(extra, req.T("rt.turn.encounter.aura_unplaced", "Names", req.P.List(out.Unplaced)))
	}
	for _, line := range extra {
		if full || size+utf8.RuneCountInString(line)+1 > MaxBody {
			break
		}
		size += utf8.RuneCountInString(line) + 1
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		lines = append(lines, req.T("rt.turn.encounter.empty"))
	}
	r.Body = strings.Join(lines, "\n")
	return r, nil
}
