package bot

import (
	"slices"
	"strings"

	"rulekeeper/rules/dnd5e"
)

// Targets and spell names: what /attack and /cast suggest and read.

// completeTargets suggests combatants first, then the guild's 5e characters (for /attack and /cast target:).
func (b *Bot) completeTargets(req *Request) []Choice {
	out := b.completeCombatant(req)
	for _, c := range b.completeTarget(req) {
		dup := false
		for _, o := range out {
			if strings.EqualFold(o.Name, c.Name) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, c)
		}
	}
	if len(out) > 25 {
		out = out[:25]
	}
	return out
}

// lastListItem is the item being typed in a comma list ("Goblin 1, Gob" → "Gob").
func lastListItem(s string) string {
	if i := strings.LastIndexAny(s, ",，、;"); i >= 0 {
		_, size := firstRune(s[i:])
		return strings.TrimSpace(s[i+size:])
	}
	return strings.TrimSpace(s)
}

// completedList replaces the item being typed with name ("Goblin 1, Gob" + "Goblin 2" → "Goblin 1, Goblin 2").
func completedList(s, name string) string {
	if i := strings.LastIndexAny(s, ",，、;"); i >= 0 {
		_, size := firstRune(s[i:])
		return strings.TrimSpace(s[:i+size]) + " " + name
	}
	return name
}

func firstRune(s string) (rune, int) {
	for _, r := range s {
		return r, len(string(r))
	}
	return 0, 0
}

// --- spell names ---

// parseSpell reads a spell name in any language (or its id, or its catalog key).
func parseSpell(s string) (dnd5e.Spell, error) {
	if sp, err := dnd5e.ParseSpell(s); err == nil {
		return sp, nil
	}
	if id := lookupName(kindSpell, s); id != "" {
		if sp, ok := dnd5e.LookupSpell(id); ok {
			return sp, nil
		}
	}
	return dnd5e.Spell{}, &dnd5e.Error{Code: dnd5e.ErrUnknownSpell, Args: map[string]any{"Spell": strings.TrimSpace(s)}}
}

// spellName names a spell id in the reply language.
func spellName(req *Request, id string) string {
	if sp, ok := dnd5e.LookupSpell(id); ok {
		return req.T(sp.Key())
	}
	return id
}

// completeSpell suggests spells whose name in any language (or id) contains what was typed, named in the reply
// language with their level; the caster's class spells first when the caller has a 5e character.
func (b *Bot) completeSpell(req *Request) []Choice {
	match := map[string]bool{}
	for _, id := range names().Search(kindSpell, req.Str(req.Focused)) {
		match[id] = true
	}
	var class dnd5e.Class
	if sh := b.acting(req); sh != nil && sh.Dnd5e != nil {
		class = sh.Dnd5e.Class
	}
	var first, rest []Choice
	for _, s := range dnd5e.Spells() {
		if !match[s.ID] {
			continue
		}
		ch := Choice{Name: req.T(s.Key()) + " (" + spellLevelText(req, s.Level) + ")", Value: s.ID}
		if class != "" && s.HasClass(class) {
			first = append(first, ch)
		} else {
			rest = append(rest, ch)
		}
		if len(first) >= 25 {
			break
		}
	}
	out := append(first, rest...)
	if len(out) > 25 {
		out = out[:25]
	}
	return out
}

// spellLevelText is "cantrip" or "level 3".
func spellLevelText(req *Request, level int) string {
	if level == 0 {
		return req.T("cast.cantrip")
	}
	return req.T("cast.level", "Level", level)
}

// encounterIDKey is the catalog key naming an id in an encounter error's data: 5e conditions and game systems.
func encounterIDKey(code, arg, s string) string {
	switch arg {
	case "Condition":
		if c := dnd5e.Condition(s); c.Valid() {
			return c.Key()
		}
	case "System":
		if slices.Contains(systemChoices, s) {
			return "system." + s
		}
	}
	return ""
}
