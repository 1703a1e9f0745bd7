package bot

import (
	"regexp"
	"strconv"
	"strings"

	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
)

// This file holds what the D&D 5e commands share: reading and writing a 5e sheet inside a transaction, reading
// the names players type (English ids or localized names in any of the four languages), and rendering rules
// results (effects, rolls, HP) as words.

// system5e is the system id of D&D 5e characters.
const system5e = "dnd5e"

// hpStatus is the HP part of every 5e result that concerns one character.
type hpStatus struct {
	HP     int    `json:"hp"`
	HPMax  int    `json:"hp_max"` // the effective maximum (halved at exhaustion 4+)
	HPTemp int    `json:"hp_temp"`
	State  string `json:"state"` // conscious, dying, stable or dead
}

func statusOf(c *dnd5e.Character) hpStatus {
	return hpStatus{HP: c.HP, HPMax: c.EffectiveMaxHP(), HPTemp: c.TempHP, State: string(c.State)}
}

// --- names players type ---

func rulesError(code, arg, value string) error {
	return &dnd5e.Error{Code: code, Args: map[string]any{arg: value}}
}

func parseAbility(s string) (dnd5e.Ability, error) {
	if id := lookupName(kindAbility, s); id != "" {
		return dnd5e.Ability(id), nil
	}
	return "", rulesError(dnd5e.ErrUnknownAbility, "Ability", s)
}

func parseSkill(s string) (dnd5e.Skill, error) {
	if id := lookupName(kindSkill, s); id != "" {
		return dnd5e.Skill(id), nil
	}
	return "", rulesError(dnd5e.ErrUnknownSkill, "Skill", s)
}

func parseCondition(s string) (dnd5e.Condition, error) {
	if id := lookupName(kindCondition, s); id != "" {
		return dnd5e.Condition(id), nil
	}
	return "", rulesError(dnd5e.ErrUnknownCondition, "Condition", s)
}

// parseDamageType reads a damage type; "" is untyped.
func parseDamageType(s string) (dnd5e.DamageType, error) {
	if strings.TrimSpace(s) == "" {
		return "", nil
	}
	if id := lookupName(kindDamage, s); id != "" {
		return dnd5e.DamageType(id), nil
	}
	return "", rulesError(dnd5e.ErrUnknownDamageType, "Type", s)
}

func parseClass(s string) (dnd5e.Class, error) {
	if id := lookupName(kindClass, s); id != "" {
		return dnd5e.Class(id), nil
	}
	return "", rulesError(dnd5e.ErrUnknownClass, "Class", s)
}

// splitList splits a comma list ("stealth, perception", "隐匿、察觉"); "none", "-" and "" mean an empty list.
func splitList(s string) []string {
	s = strings.TrimSpace(s)
	if s == "" || s == "-" || strings.EqualFold(s, "none") {
		return nil
	}
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '，' || r == '、' || r == ';' || r == '；' })
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func parseSkillList(s string) ([]dnd5e.Skill, error) {
	var out []dnd5e.Skill
	for _, p := range splitList(s) {
		sk, err := parseSkill(p)
		if err != nil {
			return nil, err
		}
		out = append(out, sk)
	}
	return out, nil
}

func parseAbilityList(s string) ([]dnd5e.Ability, error) {
	var out []dnd5e.Ability
	for _, p := range splitList(s) {
		a, err := parseAbility(p)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

func parseDamageList(s string) ([]dnd5e.DamageType, error) {
	var out []dnd5e.DamageType
	for _, p := range splitList(s) {
		d, err := parseDamageType(p)
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

var labelRE = regexp.MustCompile(`\[([^\[\]]*)\]`)

// normalizeDamageLabels rewrites damage-type labels typed in any language to their ids ("1d8[挥砍]" →
// "1d8[slashing]"), which the rules read.
func normalizeDamageLabels(s string) string {
	return labelRE.ReplaceAllStringFunc(s, func(m string) string {
		if id := lookupName(kindDamage, m[1:len(m)-1]); id != "" {
			return "[" + id + "]"
		}
		return m
	})
}

// localizeDamageLabels shows damage-type labels in the reply language ("[slashing]" → "[挥砍]").
func localizeDamageLabels(req *Request, s string) string {
	return labelRE.ReplaceAllStringFunc(s, func(m string) string {
		if d := dnd5e.DamageType(strings.ToLower(strings.TrimSpace(m[1 : len(m)-1]))); d.Valid() {
			return "[" + req.T(d.Key()) + "]"
		}
		return m
	})
}

// --- autocomplete ---

func completeSkillOrAbility(req *Request) []Choice {
	var entries []Choice
	for _, s := range dnd5e.Skills() {
		entries = append(entries, Choice{Name: req.T(s.ID.Key()) + " (" + req.T(s.Ability.Key()) + ")", Value: string(s.ID)})
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

// --- rendering ---

// signedNum renders a modifier with its sign: +3, -1, +0.
func signedNum(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// conditionLabel names a condition, with its level for exhaustion.
func conditionLabel(req *Request, id dnd5e.Condition, level int) string {
	if id == dnd5e.Exhaustion && level > 0 {
		return req.T("play.exhaustion_level", "Name", req.T(id.Key()), "Level", level)
	}
	return req.T(id.Key())
}

// effectLines renders who changed a roll: "Poisoned: disadvantage", "Prone (target): advantage",
// "requested: advantage", and whether advantage and disadvantage cancelled.
func effectLines(req *Request, effects []dnd5e.Effect, cancelled bool) []string {
	var out []string
	for _, e := range effects {
		what := req.T(e.Effect.Key())
		switch {
		case e.Condition == "":
			out = append(out, "• "+req.T("play.effect.option", "Effect", what))
		case e.OnTarget:
			out = append(out, "• "+req.T("play.effect.target", "Condition", conditionLabel(req, e.Condition, e.Level), "Effect", what))
		default:
			out = append(out, "• "+req.T("play.effect.self", "Condition", conditionLabel(req, e.Condition, e.Level), "Effect", what))
		}
	}
	if cancelled {
		out = append(out, "• "+req.T("play.effect.cancelled"))
	}
	return out
}

// modeLine names the final roll mode when it is not a straight roll.
func modeLine(req *Request, m dnd5e.Mode) string {
	if m == dnd5e.Normal || m == "" {
		return ""
	}
	return req.T("play.mode_line", "Mode", req.T(m.Key()))
}

// rollText renders a roll's breakdown with damage types in the reply language.
func rollText(req *Request, r *dice.Result) string {
	if r == nil {
		return ""
	}
	return localizeDamageLabels(req, r.BreakdownN(1500))
}

// hpLine is "HP 17/20 (+5 temp)".
func hpLine(req *Request, c *dnd5e.Character) string {
	s := req.T("play.hp_line", "HP", c.HP, "Max", c.EffectiveMaxHP())
	if c.TempHP > 0 {
		s += " " + req.T("play.hp_temp", "Temp", c.TempHP)
	}
	return s
}

// tally renders n of 3 as ●●○.
func tally(n int) string {
	n = min(max(n, 0), 3)
	return strings.Repeat("●", n) + strings.Repeat("○", 3-n)
}

// deathSavesLine is "Death saves: successes ●○○ · failures ●●○".
func deathSavesLine(req *Request, ds dnd5e.DeathSaves) string {
	return req.T("play.death_saves", "Successes", tally(ds.Successes), "Failures", tally(ds.Failures))
}

// stateLine names the character's state when it is not simply conscious, with the death-save tallies while dying.
func stateLine(req *Request, c *dnd5e.Character) string {
	switch c.State {
	case dnd5e.Dying:
		return "**" + req.T(c.State.Key()) + "** · " + deathSavesLine(req, c.DeathSaves)
	case dnd5e.Stable, dnd5e.Dead:
		return "**" + req.T(c.State.Key()) + "**"
	}
	return ""
}

// conditionNames lists conditions in the reply language.
func conditionNames(req *Request, ids []dnd5e.Condition) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = req.T(id.Key())
	}
	return strings.Join(names, ", ")
}

// stateChangeLines say what an HP change did to the character's state.
func stateChangeLines(req *Request, name string, ch *dnd5e.HPChange) []string {
	var out []string
	switch {
	case ch.InstantDeath:
		out = append(out, req.T("play.hp.instant_death", "Name", name))
	case ch.StateAfter == dnd5e.Dead && ch.StateBefore != dnd5e.Dead:
		out = append(out, req.T("play.hp.died", "Name", name))
	case ch.FailuresAdded > 0:
		out = append(out, req.T("play.hp.failures_added", "Name", name, "Count", ch.FailuresAdded, "Failures", ch.DeathSaves.Failures))
	case ch.StateBefore == dnd5e.Conscious && ch.StateAfter == dnd5e.Dying:
		out = append(out, req.T("play.hp.dropped", "Name", name))
	case ch.StateBefore != dnd5e.Conscious && ch.StateAfter == dnd5e.Conscious:
		out = append(out, req.T("play.hp.woke", "Name", name))
	}
	if ch.StateBefore == dnd5e.Stable && ch.StateAfter == dnd5e.Dying {
		out = append(out, req.T("play.hp.dying_again", "Name", name))
	}
	if len(ch.Added) > 0 {
		out = append(out, req.T("play.conditions_added", "Conditions", conditionNames(req, ch.Added)))
	}
	if len(ch.Removed) > 0 {
		out = append(out, req.T("play.conditions_removed", "Conditions", conditionNames(req, ch.Removed)))
	}
	return out
}

// hpChangeLine is "HP 20 → 13/20 · temp 5 → 0".
func hpChangeLine(req *Request, ch *dnd5e.HPChange) string {
	s := req.T("play.hp_change", "Before", ch.HPBefore, "After", ch.HPAfter, "Max", ch.MaxAfter)
	if ch.TempBefore != ch.TempAfter || ch.TempAfter > 0 {
		s += " · " + req.T("play.temp_change", "Before", ch.TempBefore, "After", ch.TempAfter)
	}
	return s
}

// damagePartsText renders typed damage and what the defences did: "7 fire (resisted → 3)".
func damagePartsText(req *Request, parts []dnd5e.DamagePart) string {
	var out []string
	for _, p := range parts {
		s := strconv.Itoa(p.Raw)
		if p.Type != "" {
			s += " " + req.T(p.Type.Key())
		}
		var notes []string
		if p.Immune {
			notes = append(notes, req.T("play.damage.immune"))
		}
		if p.Resisted {
			notes = append(notes, req.T("play.damage.resisted"))
		}
		if p.Vulnerable {
			notes = append(notes, req.T("play.damage.vulnerable"))
		}
		if len(notes) > 0 {
			s += " (" + strings.Join(notes, ", ") + " → " + strconv.Itoa(p.Final) + ")"
		}
		out = append(out, s)
	}
	return strings.Join(out, " + ")
}

// dnd5eIDKey is the catalog key naming an id in a 5e (or spell) rules error's data; "" leaves the value as it is
// (an unknown id is what the user typed).
func dnd5eIDKey(code, arg, s string) string {
	switch arg {
	case "Ability":
		return dnd5e.Ability(s).Key()
	case "Skill":
		return dnd5e.Skill(s).Key()
	case "Class":
		return dnd5e.Class(s).Key()
	case "Condition":
		return dnd5e.Condition(s).Key()
	case "Type":
		return dnd5e.DamageType(s).Key()
	case "State":
		return dnd5e.State(s).Key()
	case "Spell": // spell errors name the spell in English (or as typed, when unknown)
		if sp, err := dnd5e.ParseSpell(s); err == nil {
			return sp.Key()
		}
	case "Name":
		if code == dnd5e.ErrDuplicate {
			for _, k := range []string{dnd5e.Skill(s).Key(), dnd5e.Ability(s).Key(), dnd5e.Condition(s).Key(), dnd5e.DamageType(s).Key()} {
				if k != "" {
					return k
				}
			}
		}
	}
	return ""
}
