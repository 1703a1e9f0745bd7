package bot

import (
	"slices"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
	"rulekeeper/rules/rogue"
)

// Autocomplete: suggestions for the options being typed. Each reads what it needs in one read transaction
// through play (the acting character, the guild's characters, the channel's encounter) and suggests nothing when
// that fails; names match in any language (names.go).

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
		ch := Choice{Name: req.P.Paren(req.T(s.Key()), spellLevelText(req, s.Level)), Value: s.ID}
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

// completeWeapon suggests the attacks on the attacker's sheet.
func (b *Bot) completeWeapon(req *Request) []Choice {
	if strings.TrimSpace(req.Str("as")) != "" {
		return b.completeMonsterAction(req) // an NPC's stat block actions
	}
	sh := b.acting(req)
	if sh != nil && sh.CoC != nil {
		return completeCoCWeapon(req, sh.CoC)
	}
	if sh == nil || sh.Dnd5e == nil {
		return nil
	}
	c := sh.Dnd5e
	typed := strings.ToLower(strings.TrimSpace(req.Str("weapon")))
	var out []Choice
	for _, a := range c.Attacks {
		if strings.Contains(strings.ToLower(a.Name), typed) {
			toHit, dmg := attackNumbers(c, a)
			out = append(out, Choice{Name: req.P.Paren(a.Name, signedNum(toHit)+", "+localizeDamageLabels(req, dmg)), Value: a.Name})
		}
	}
	return out
}

// completeTarget suggests the guild's 5e characters (every owner's) whose name contains what was typed.
func (b *Bot) completeTarget(req *Request) []Choice { return b.completeSystemCharacters(req, system5e) }

func completeSkillOrAbility(req *Request) []Choice {
	var entries []Choice
	for _, s := range dnd5e.Skills() {
		entries = append(entries, Choice{Name: req.P.Paren(req.T(s.ID.Key()), req.T(s.Ability.Key())), Value: string(s.ID)})
	}
	for _, a := range dnd5e.Abilities() {
		entries = append(entries, Choice{Name: req.T(a.Key()), Value: string(a)})
	}
	return completeNames(req, entries, kindSkill, kindAbility)
}

func completeAbility(req *Request) []Choice {
	var entries []Choice
	for _, a := range dnd5e.Abilities() {
		entries = append(entries, Choice{Name: req.T(a.Key()), Value: string(a)})
	}
	return completeNames(req, entries, kindAbility)
}

func completeCondition(req *Request) []Choice {
	var entries []Choice
	for _, c := range dnd5e.Conditions() {
		entries = append(entries, Choice{Name: req.T(c.Key()), Value: string(c)})
	}
	return completeNames(req, entries, kindCondition)
}

func completeDamageType(req *Request) []Choice {
	var entries []Choice
	for _, d := range dnd5e.DamageTypes() {
		entries = append(entries, Choice{Name: req.T(d.Key()), Value: string(d)})
	}
	return completeNames(req, entries, kindDamage)
}

func completeClass(req *Request) []Choice {
	var entries []Choice
	for _, c := range dnd5e.Classes() {
		entries = append(entries, Choice{Name: req.T(c.ID.Key()), Value: string(c.ID)})
	}
	return completeNames(req, entries, kindClass)
}

// completeRogue suggests the entries (ids of kinds, named by their keys) whose id or name (in any language)
// contains what was typed.
func completeRogue(req *Request, ids []string, keys []string, kinds ...string) []Choice {
	var entries []Choice
	for i, id := range ids {
		entries = append(entries, Choice{Name: req.T(keys[i]), Value: id})
	}
	return completeNames(req, entries, kinds...)
}

// completeRogueCheck suggests the attributes and the named checks of Rogue's Tale.
func completeRogueCheck(req *Request) []Choice {
	var ids, keys []string
	for _, a := range rogue.AllAttributes() {
		ids, keys = append(ids, string(a)), append(keys, a.Key())
	}
	for _, k := range []rogue.CheckKind{rogue.CheckMental, rogue.CheckReflex, rogue.CheckSearch} {
		ids, keys = append(ids, string(k)), append(keys, k.Key())
	}
	return completeRogue(req, ids, keys, rkAttr, rkCheck)
}

func completeRogueDamageType(req *Request) []Choice {
	var ids, keys []string
	for _, d := range rogue.DamageTypes() {
		ids, keys = append(ids, string(d)), append(keys, d.Key())
	}
	return completeRogue(req, ids, keys, rkDamage)
}

// completeRogueTalent suggests the acting character's active talents (every active talent without one).
func (b *Bot) completeRogueTalent(req *Request) []Choice {
	var known []rogue.Talent
	if sh := b.acting(req); sh != nil && sh.Rogue != nil {
		known = sh.Rogue.Talents
	}
	var ids, keys []string
	for _, t := range rogue.Talents() {
		if t.Active && (len(known) == 0 || slices.Contains(known, t.ID)) {
			ids, keys = append(ids, string(t.ID)), append(keys, t.ID.Key())
		}
	}
	return completeRogue(req, ids, keys, rkTalent)
}

// completeRogueSpell suggests the caster's spells (every spell when it knows none: scrolls).
func (b *Bot) completeRogueSpell(req *Request) []Choice {
	var known []rogue.Spell
	if sh := b.acting(req); sh != nil && sh.Rogue != nil {
		known = sh.Rogue.Spells
	}
	var ids, keys []string
	for _, s := range rogue.Spells() {
		if len(known) == 0 || slices.Contains(known, s.ID) {
			ids, keys = append(ids, string(s.ID)), append(keys, s.ID.Key())
		}
	}
	return completeRogue(req, ids, keys, rkSpell)
}

// completeEffectName suggests the names of the effect kind already chosen (every kind's when none is).
func completeEffectName(req *Request) []Choice {
	kinds := []rogue.EffectKind{rogue.KindCurse, rogue.KindPoison, rogue.KindDisease, rogue.KindState, rogue.KindSpell}
	if k := rogue.EffectKind(req.Str("kind")); effectKindTable(k) != "" {
		kinds = []rogue.EffectKind{k}
	}
	var ids, keys, tables []string
	for _, k := range kinds {
		tables = append(tables, effectKindTable(k))
		switch k {
		case rogue.KindCurse:
			for _, c := range rogue.Curses() {
				ids, keys = append(ids, string(c)), append(keys, c.Key())
			}
		case rogue.KindPoison:
			for _, p := range rogue.Poisons() {
				ids, keys = append(ids, string(p)), append(keys, p.Key())
			}
		case rogue.KindDisease:
			for _, d := range rogue.Diseases() {
				ids, keys = append(ids, string(d.ID)), append(keys, d.ID.Key())
			}
		case rogue.KindState:
			for _, s := range rogue.States() {
				ids, keys = append(ids, string(s)), append(keys, s.Key())
			}
		case rogue.KindSpell:
			for _, s := range rogue.Spells() {
				ids, keys = append(ids, string(s.ID)), append(keys, s.ID.Key())
			}
		}
	}
	return completeRogue(req, ids, keys, tables...)
}

// completeCheckSkill is /check skill:'s autocomplete: Rogue's Tale attributes and checks for a Rogue's Tale
// character, the 5e skills and abilities otherwise.
func (b *Bot) completeCheckSkill(req *Request) []Choice {
	switch b.actingSystem(req) {
	case systemRogue:
		return completeRogueCheck(req)
	case systemCoC:
		return completeCoCSkill(req)
	}
	return completeSkillOrAbility(req)
}

// completeHPType is /hp damage type:'s autocomplete, by the acting character's system.
func (b *Bot) completeHPType(req *Request) []Choice {
	if b.actingSystem(req) == systemRogue {
		return completeRogueDamageType(req)
	}
	return completeDamageType(req)
}

// completeAttackTarget is /attack target:'s autocomplete: the channel's combatants, then the guild's characters
// of the attacker's system.
func (b *Bot) completeAttackTarget(req *Request) []Choice {
	if b.actingSystem(req) == systemCoC {
		return b.completeCoCTarget(req)
	}
	if b.actingSystem(req) != systemRogue {
		return b.completeTargets(req) // the channel's combatants, then the guild's 5e characters (fight.go)
	}
	out := b.completeCombatant(req)
	for _, c := range b.completeSystemCharacters(req, systemRogue) {
		if !slices.ContainsFunc(out, func(o Choice) bool { return strings.EqualFold(o.Name, c.Name) }) {
			out = append(out, c)
		}
	}
	return out[:min(len(out), 25)]
}

// completeCastSpell is /cast spell:'s autocomplete, by the caster's system.
func (b *Bot) completeCastSpell(req *Request) []Choice {
	if b.actingSystem(req) == systemRogue {
		return b.completeRogueSpell(req)
	}
	return b.completeSpell(req)
}

// completeDamageList completes the last damage type of a comma list (resist:, vuln:, immune:).
func completeDamageList(req *Request) []Choice {
	full := req.Str(req.Focused)
	match := map[string]bool{}
	for _, id := range names().Search(kindDamage, lastListItem(full)) {
		match[id] = true
	}
	var out []Choice
	for _, d := range dnd5e.DamageTypes() {
		if v := completedList(full, string(d)); match[string(d)] && len(v) <= 100 {
			name := completedList(full, req.T(d.Key()))
			if len([]rune(name)) > 100 {
				name = req.T(d.Key())
			}
			out = append(out, Choice{Name: name, Value: v})
		}
	}
	if len(out) > 25 {
		out = out[:25]
	}
	return out
}

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

// completeEncounter is the channel's encounter for a suggestion: nil outside a guild, without one, or when it
// cannot be read (a suggestion then offers nothing).
func (b *Bot) completeEncounter(req *Request) *encounter.Encounter {
	if req.GuildID == "" {
		return nil
	}
	e, err := b.cfg.Table.Encounter(req.Ctx, req.caller())
	if err != nil {
		return nil
	}
	return e
}

// completeCombatant suggests the channel's combatants whose name contains what was typed, in turn order.
func (b *Bot) completeCombatant(req *Request) []Choice {
	e := b.completeEncounter(req)
	if e == nil {
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
		if name := fieldName(req.P, f); strings.HasPrefix(f, typed) || strings.HasPrefix(strings.ToLower(name), typed) {
			out = append(out, Choice{Name: name, Value: f})
		}
	}
	return out
}
