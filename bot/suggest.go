package bot

import (
	"slices"
	"strings"

	"rulekeeper/play"
)

// Autocomplete reads: each suggestion reads what it needs in one read transaction through play, and suggests
// nothing when that fails.

// acting is the request's acting character (its character: option, else the caller's active one), nil when
// there is none.
func (b *Bot) acting(req *Request) *play.Sheet {
	if req.GuildID == "" {
		return nil
	}
	sh, err := b.cfg.Table.ShowSheet(req.Ctx, req.caller(), req.Str("character"))
	if err != nil {
		return nil
	}
	return sh
}

// actingSystem is the system of the request's acting character ("" when there is none).
func (b *Bot) actingSystem(req *Request) string {
	if sh := b.acting(req); sh != nil {
		return sh.System
	}
	return ""
}

// completeCharacter suggests the caller's characters (and, for a GM, everyone's) whose name starts with what
// was typed.
func (b *Bot) completeCharacter(req *Request) []Choice {
	if req.GuildID == "" {
		return nil
	}
	list, _ := b.cfg.Table.Roster(req.Ctx, req.caller(), false)
	typed := strings.ToLower(strings.TrimSpace(req.Str(req.Focused)))
	var out []Choice
	for _, c := range list {
		if strings.HasPrefix(strings.ToLower(c.Name), typed) && !slices.ContainsFunc(out, func(x Choice) bool { return x.Value == c.Name }) {
			out = append(out, Choice{Name: c.Name, Value: c.Name})
		}
	}
	return out
}

// completeSystemCharacters suggests the guild's characters of one rule system (every owner's) whose name contains
// what was typed in the focused option.
func (b *Bot) completeSystemCharacters(req *Request, system string) []Choice {
	if req.GuildID == "" {
		return nil
	}
	list, _ := b.cfg.Table.Roster(req.Ctx, req.caller(), true)
	typed := strings.ToLower(strings.TrimSpace(req.Str(req.Focused)))
	var out []Choice
	for _, c := range list {
		if c.System == system && strings.Contains(strings.ToLower(c.Name), typed) &&
			!slices.ContainsFunc(out, func(x Choice) bool { return x.Value == c.Name }) {
			out = append(out, Choice{Name: c.Name, Value: c.Name})
		}
	}
	return out
}

// completeCombatant suggests the channel's combatants whose name contains what was typed, in turn order.
func (b *Bot) completeCombatant(req *Request) []Choice {
	if req.GuildID == "" {
		return nil
	}
	e, err := b.cfg.Table.Encounter(req.Ctx, req.caller())
	if err != nil || e == nil {
		return nil
	}
	var out []Choice
	typed := lastListItem(req.Str(req.Focused))
	for _, c := range e.Search(typed, 25) {
		out = append(out, Choice{Name: c.Name, Value: completedList(req.Str(req.Focused), c.Name)})
	}
	return out
}

// completeField suggests `/sheet set` fields of the caller's character's system.
func (b *Bot) completeField(req *Request) []Choice {
	sh := b.acting(req)
	if sh == nil {
		return nil
	}
	typed := strings.ToLower(req.Str("field"))
	var out []Choice
	for _, f := range b.systems[sh.System].fields() {
		if strings.HasPrefix(f, typed) {
			out = append(out, Choice{Name: f, Value: f})
		}
	}
	return out
}
