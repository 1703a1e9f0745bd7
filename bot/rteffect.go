package bot

import (
	"strings"

	"rulekeeper/rules/rogue"
)

// /rt effect: lingering effects (add, remove, list).

// rtEffectResult is the JSON of /rt effect add, remove and list.
type rtEffectResult struct {
	rogueStatus
	Character string              `json:"character"`
	Change    *rogue.EffectChange `json:"change,omitempty"`  // add
	Removed   *rogue.Effect       `json:"removed,omitempty"` // remove
	Effects   []rogue.Effect      `json:"effects"`
}

func effectsOf(c *rogue.Character) []rogue.Effect {
	if c.Effects == nil {
		return []rogue.Effect{}
	}
	return c.Effects
}

func (b *Bot) rtEffectAdd(req *Request) (*Reply, error) {
	kind := rogue.EffectKind(req.Str("kind"))
	id, err := parseEffectName(kind, req.Str("name"))
	if err != nil {
		return nil, err
	}
	e, err := rogue.ParseEffect(string(kind), id, req.Int("power", 0), req.Int("turns", 0))
	if err != nil {
		return nil, err
	}
	c, ch, err := b.cfg.Table.RTEffectAdd(req.Ctx, req.caller(), req.Str("character"), e)
	if err != nil {
		return nil, err
	}
	var lines []string
	tone := ToneSuccess
	switch {
	case !ch.Added:
		lines = append(lines, req.T("rt.effect.refused", "Name", c.Name, "Effect", req.T(ch.Effect.Key()), "Why", req.T(ch.Refused)))
		tone = ToneFailure
	case ch.Merged:
		lines = append(lines, req.T("rt.effect.merged", "Name", c.Name, "Effect", effectText(req, ch.Effect)))
	default:
		lines = append(lines, req.T("rt.effect.added", "Name", c.Name, "Effect", effectText(req, ch.Effect)))
	}
	if ch.Halved && ch.Added {
		lines = append(lines, req.T("rt.effect.halved", "Talent", req.T(rogue.StrongWill.Key())))
	}
	return &Reply{Title: req.T("rt.effect.title", "Name", c.Name), Footer: c.Name, Tone: tone,
		Body:   strings.Join(append(lines, effectListLines(req, c)...), "\n"),
		Result: rtEffectResult{rogueStatus: statusRogue(c), Character: c.Name, Change: ch, Effects: effectsOf(c)}}, nil
}

func (b *Bot) rtEffectRemove(req *Request) (*Reply, error) {
	kind := rogue.EffectKind(req.Str("kind"))
	id := ""
	if strings.TrimSpace(req.Str("name")) != "" || effectKindTable(kind) == "" {
		var err error
		if id, err = parseEffectName(kind, req.Str("name")); err != nil {
			return nil, err
		}
	}
	c, removed, err := b.cfg.Table.RTEffectRemove(req.Ctx, req.caller(), req.Str("character"), kind, id)
	if err != nil {
		return nil, err
	}
	lines := []string{req.T("rt.effect.removed", "Name", c.Name, "Effect", req.T(removed.Key()))}
	return &Reply{Title: req.T("rt.effect.title", "Name", c.Name), Footer: c.Name, Tone: ToneSuccess,
		Body:   strings.Join(append(lines, effectListLines(req, c)...), "\n"),
		Result: rtEffectResult{rogueStatus: statusRogue(c), Character: c.Name, Removed: removed, Effects: effectsOf(c)}}, nil
}

func (b *Bot) rtEffectList(req *Request) (*Reply, error) {
	sh, err := b.cfg.Table.ShowSheet(req.Ctx, req.caller(), req.Str("character"))
	if err != nil {
		return nil, err
	}
	if sh.Rogue == nil {
		return nil, Errorf("rt.err.not_rogue", "Name", sh.Name)
	}
	c := sh.Rogue
	return &Reply{Title: req.T("rt.effect.title", "Name", c.Name), Footer: c.Name,
		Body:   strings.Join(effectListLines(req, c), "\n"),
		Result: rtEffectResult{rogueStatus: statusRogue(c), Character: c.Name, Effects: effectsOf(c)}}, nil
}

// effectListLines lists a creature's lingering effects, or says it has none.
func effectListLines(req *Request, c *rogue.Character) []string {
	if len(c.Effects) == 0 {
		return []string{req.T("rt.effect.none", "Name", c.Name)}
	}
	lines := []string{req.T("rt.effect.list_head", "Name", c.Name)}
	for _, e := range c.Effects {
		lines = append(lines, "• "+effectText(req, e))
	}
	return lines
}
