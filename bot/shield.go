package bot

import (
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
)

// The "Shield" button an /attack reply offers a character it hit when +5 AC would turn the hit into a miss: custom
// id "shield:<character name>". Its owner (or a GM) clicks it to cast shield in reaction, exactly as
// `/cast spell:shield character:<name>` would: the slot, the +5 AC until its next turn, and the attack that had
// just hit compared again with the new AC (its damage undone when it now misses).

func (b *Bot) shieldButton(req *Request) (*Reply, error) {
	name, ok := strings.CutPrefix(req.CustomID, "shield:")
	if !ok || strings.TrimSpace(name) == "" {
		return nil, Errorf("core.err.unknown_component")
	}
	sp, _ := dnd5e.LookupSpell("shield")
	in := play.Cast{Character: name, Dnd5e: play.Reading[play.Cast5e]{In: play.Cast5e{Spell: sp, Mode: dnd5e.Normal}}}
	res, err := b.cfg.Table.Cast(req.Ctx, req.caller(), in, req.Dice)
	if err != nil {
		return nil, err
	}
	if res.Dnd5e == nil {
		return nil, Errorf("core.err.unknown_component")
	}
	return castReply(req, res.Dnd5e, nil, nil), nil
}
