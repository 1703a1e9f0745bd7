package bot

import (
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
)

// The reaction buttons an /attack reply offers the character it hit. "Shield" (custom id "shield:<character
// name>") when +5 AC would turn the hit into a miss: its owner (or a GM) clicks it to cast shield in reaction,
// exactly as `/cast spell:shield character:<name>` would — the slot, the +5 AC until its next turn, and the attack
// that had just hit compared again with the new AC (its damage undone when it now misses). "Uncanny Dodge"
// ("dodge:<character name>") for a rogue who took damage: `/feature use feature:uncanny_dodge character:<name>`.

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

func (b *Bot) dodgeButton(req *Request) (*Reply, error) {
	name, ok := strings.CutPrefix(req.CustomID, "dodge:")
	if !ok || strings.TrimSpace(name) == "" {
		return nil, Errorf("core.err.unknown_component")
	}
	req.Options = map[string]any{"feature": "uncanny_dodge", "character": name}
	return b.featureUse(req)
}
