package bot

import (
	"slices"
	"strconv"
	"strings"

	"rulekeeper/rules/coc"
)

// Autocomplete for Call of Cthulhu options: skills, characteristics, Luck and SAN in any language; targets.

// completeCoCSkill suggests the skills, characteristics, Luck and Sanity whose names contain what was typed.
func completeCoCSkill(req *Request) []Choice {
	var entries []Choice
	for _, c := range append(coc.Characteristics(), coc.Luck) {
		entries = append(entries, Choice{Name: req.T(c.Key()), Value: string(c)})
	}
	entries = append(entries, Choice{Name: req.T(coc.StatSAN.Key()), Value: string(coc.StatSAN)})
	for _, s := range coc.Skills() {
		entries = append(entries, Choice{Name: req.T(s.ID.Key()), Value: string(s.ID)})
	}
	return completeNames(req, entries, ckChar, ckStat, ckSkill)
}

// completeCoCTarget suggests the channel's combatants, then the guild's CoC characters.
func (b *Bot) completeCoCTarget(req *Request) []Choice {
	out := b.completeCombatant(req)
	for _, c := range b.completeSystemCharacters(req, systemCoC) {
		if !slices.ContainsFunc(out, func(o Choice) bool { return strings.EqualFold(o.Name, c.Name) }) {
			out = append(out, c)
		}
	}
	return out[:min(len(out), 25)]
}

// completeCoCWeapon suggests an investigator's weapons whose name contains what was typed, with skill and damage.
func completeCoCWeapon(req *Request, c *coc.Character) []Choice {
	typed := strings.ToLower(strings.TrimSpace(req.Str("weapon")))
	var out []Choice
	for _, w := range c.Weapons {
		if strings.Contains(strings.ToLower(w.Name), typed) {
			v, _ := c.SkillValue(w.Skill, "")
			out = append(out, Choice{Name: req.P.Paren(w.Name, req.T(w.Skill.Key())+" "+strconv.Itoa(v)+", "+cocDamageText(req, w)), Value: w.Name})
		}
	}
	return out[:min(len(out), 25)]
}
