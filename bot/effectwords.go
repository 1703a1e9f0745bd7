package bot

import (
	"slices"
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
)

// Words for effects (issue 13): an effect's name (a spell's or a feature's in the reply language, an item's or a
// house rule's as typed), what each one did to a roll, what an effect changes and for how long, and the effects
// a command started or ended.

// effectName names an effect by its source.
func effectName(req *Request, id string, src dnd5e.EffectSource) string {
	switch src.Kind {
	case dnd5e.SourceSpell:
		return spellName(req, src.ID)
	case dnd5e.SourceFeature:
		if k := "feature." + src.ID; req.P.Has(k) {
			return req.T(k)
		}
	case dnd5e.SourceItem, dnd5e.SourceCustom:
		if src.Name != "" {
			return src.Name
		}
	}
	return id
}

// appliedLines word what each effect did to a roll: "• Bless: bonus +1d4 (3)", "• Faerie Fire: advantage".
func appliedLines(req *Request, list []dnd5e.Applied) []string {
	var out []string
	for _, a := range list {
		name := effectName(req, a.Effect, a.Source)
		if a.Spent && !(a.Kind == dnd5e.ModDamage && a.Source.Kind == dnd5e.SourceFeature) { // not once-per-turn damage
			name = req.P.Paren(name, req.T("fx.spent"))
		}
		out = append(out, "• "+req.P.Label(name, appliedChange(req, a)))
	}
	return out
}

// hitKinds are the kinds of applied effects that change a hit's damage rather than its roll.
var hitKinds = []dnd5e.ModKind{dnd5e.ModDamage, dnd5e.ModCritDice, dnd5e.ModHalfDamage}

// splitApplied splits an attack's applied effects into those on its roll and those on its damage.
func splitApplied(list []dnd5e.Applied) (roll, hit []dnd5e.Applied) {
	for _, a := range list {
		if slices.Contains(hitKinds, a.Kind) {
			hit = append(hit, a)
		} else {
			roll = append(roll, a)
		}
	}
	return roll, hit
}

// appliedChange is what one effect did: its kind and amount, with what its dice rolled.
func appliedChange(req *Request, a dnd5e.Applied) string {
	kind := req.T(a.Kind.Key())
	switch a.Kind {
	case dnd5e.ModMinD20:
		return req.T("fx.min_d20", "Value", a.Value)
	case dnd5e.ModCritRange:
		return req.T("fx.crit_range", "Value", a.Value)
	case dnd5e.ModDuplicates:
		return req.T("fx.duplicate", "Need", a.Value)
	case dnd5e.ModAC, dnd5e.ModExtraAttacks:
		return kind + " " + signedNum(a.Value)
	case dnd5e.ModACBase, dnd5e.ModACMin:
		return kind + " " + strconv.Itoa(a.Value)
	case dnd5e.ModBonus, dnd5e.ModDamage, dnd5e.ModCritDice:
	default:
		return kind
	}
	amount := amountText(req, a.Value, a.Dice, a.Type)
	if a.Dice != "" {
		amount = req.P.Paren(amount, strconv.Itoa(a.Total))
	}
	return kind + " " + amount
}

// amountText renders a mod's amount: "+2", "+1d4", "-1d4", "+1d6 necrotic", "+1d8+2".
func amountText(req *Request, value int, diceNotation string, typ dnd5e.DamageType) string {
	var s string
	if d := strings.TrimSpace(diceNotation); d != "" {
		if d[0] != '-' && d[0] != '+' {
			d = "+" + d
		}
		s = localizeDamageLabels(req, d)
	}
	if value != 0 || s == "" {
		s += signedNum(value)
	}
	if typ != "" {
		s += " " + req.T(typ.Key())
	}
	return s
}

// modText words what one mod of an effect changes: "bonus +1d4 (attack rolls)", "resistance: fire".
func modText(req *Request, m dnd5e.Mod) string {
	kind := req.T(m.Kind.Key())
	var s string
	switch m.Kind {
	case dnd5e.ModBonus, dnd5e.ModDamage, dnd5e.ModAC, dnd5e.ModHealBonus, dnd5e.ModMaxHP, dnd5e.ModExtraAttacks:
		s = kind + " " + amountText(req, m.Value, m.Dice, m.Type)
	case dnd5e.ModTempHP, dnd5e.ModRegen, dnd5e.ModACBase, dnd5e.ModACMin, dnd5e.ModCritDice, dnd5e.ModWeaponDie,
		dnd5e.ModSpellImmunity:
		s = kind + " " + strconv.Itoa(m.Value)
	case dnd5e.ModSpeed:
		s = kind + " " + req.T("fx.feet", "Feet", signedNum(m.Value))
	case dnd5e.ModSpeedFactor:
		s = kind + " " + strconv.Itoa(m.Value) + "%"
	case dnd5e.ModMinD20:
		s = req.T("fx.min_d20", "Value", m.Value)
	case dnd5e.ModCritRange:
		s = req.T("fx.crit_range", "Value", m.Value)
	case dnd5e.ModResist, dnd5e.ModImmune, dnd5e.ModVuln:
		s = req.P.Label(kind, req.T(m.Type.Key()))
	case dnd5e.ModCondImmune:
		s = req.P.Label(kind, req.T(m.Condition.Key()))
	case dnd5e.ModWeaponAbility:
		s = req.P.Label(kind, req.T(m.Ability.Key()))
	default:
		s = kind
	}
	if where := modWhere(req, m); len(where) > 0 {
		s = req.P.Paren(s, req.P.List(where))
	}
	return s
}

// modWhere lists what narrows a mod: the roll, the ability or skill, the attacks, the proficiency, the creature.
func modWhere(req *Request, m dnd5e.Mod) []string {
	var out []string
	if m.Roll != "" {
		out = append(out, req.T(m.Roll.Key()))
	}
	if m.Ability != "" && m.Kind != dnd5e.ModWeaponAbility {
		out = append(out, req.T(m.Ability.Key()))
	}
	if m.Skill != "" {
		out = append(out, req.T(m.Skill.Key()))
	}
	if m.Attack != dnd5e.AnyAttack {
		out = append(out, req.T(m.Attack.Key()))
	}
	if k := m.Prof.Key(); k != "" {
		out = append(out, req.T(k))
	}
	if m.Vs != "" {
		out = append(out, req.T("fx.vs", "Name", m.Vs))
	}
	if len(m.VsTypes) > 0 {
		out = append(out, req.T("fx.vs", "Name", strings.Join(m.VsTypes, "/")))
	}
	if m.OncePerTurn {
		out = append(out, req.T("fx.once_per_turn"))
	}
	if m.EachTurn {
		out = append(out, req.T("fx.each_turn"))
	}
	if m.Weapon != "" {
		out = append(out, m.Weapon)
	}
	return out
}

// durationText says how long an effect lasts.
func durationText(req *Request, e dnd5e.ActiveEffect) string {
	d := e.Duration
	switch d.Kind {
	case dnd5e.ForRounds:
		return req.T("fx.rounds_left", "Rounds", d.Rounds)
	case dnd5e.UntilTurnStart:
		if d.Turn != "" {
			return req.T("fx.until_turn_start", "Name", d.Turn)
		}
	case dnd5e.UntilTurnEnd:
		if d.Turn != "" {
			return req.T("fx.until_turn_end", "Name", d.Turn)
		}
	}
	return req.T(d.Kind.Key())
}

// effect5eText describes an effect on one line: its name and source, what it changes, how long, its uses and its
// concentration.
func effect5eText(req *Request, e dnd5e.ActiveEffect) string {
	mods := make([]string, len(e.Mods))
	for i, m := range e.Mods {
		mods[i] = modText(req, m)
	}
	parts := []string{"**" + effectName(req, e.ID, e.Source) + "**", req.P.List(mods)}
	if e.Duration.Kind != dnd5e.UntilRemoved || e.Source.Kind != dnd5e.SourceFeature {
		parts = append(parts, durationText(req, e))
	}
	if e.Uses > 0 {
		parts = append(parts, req.T("fx.uses_left", "Uses", e.Uses))
	}
	if e.Conc != nil {
		parts = append(parts, req.T("fx.conc", "Name", e.Conc.Caster))
	}
	return strings.Join(parts, " · ")
}

// effectsAddedText says which effects a command put on a creature.
func effectsAddedText(req *Request, name string, list []*dnd5e.EffectChange) []string {
	var out []string
	for _, ch := range list {
		out = append(out, req.T("fx.added", "Name", name, "Effect", effectName(req, ch.Effect.ID, ch.Effect.Source)))
		if ch.HP != nil && !ch.HP.NoEffect {
			out = append(out, "  "+req.P.Label(name, hpChangeLine(req, ch.HP)))
		}
		for _, c := range ch.Ended {
			out = append(out, "  "+req.T("init.expired", "Name", name, "Condition", req.T(c.Key())))
		}
	}
	return out
}

// effectsEndedText says which effects ended, on whom.
func effectsEndedText(req *Request, list []play.EffectEnded) []string {
	var out []string
	for _, x := range list {
		out = append(out, req.T("fx.ended", "Name", x.Name, "Effect", effectName(req, x.Effect.ID, x.Effect.Source)))
	}
	return out
}

// endedEffectsText says which of a creature's effects ended (a rest, a turn).
func endedEffectsText(req *Request, name string, list []dnd5e.ActiveEffect) []string {
	var out []string
	for _, e := range list {
		out = append(out, req.T("fx.ended", "Name", name, "Effect", effectName(req, e.ID, e.Source)))
	}
	return out
}

// outcomeText words the rest of what a spell or feature did to a creature: its effects, its stabilizing, revival,
// cure, drained or healed hit points, and the effects that ended with a concentration.
func outcomeText(req *Request, h *play.Hit) []string {
	out := effectsAddedText(req, h.Name, h.Effects)
	if h.Stabilized != nil {
		out = append(out, req.T("play.stabilize.success", "Name", h.Name))
	}
	if h.Revived != nil {
		out = append(out, req.T("fx.revived", "Name", h.Name, "HP", h.Revived.HPAfter))
	}
	if c := h.Cured; c != nil {
		var names []string
		for _, id := range c.Conditions {
			names = append(names, req.T(id.Key()))
		}
		if c.Exhaustion != nil {
			names = append(names, conditionLabel(req, dnd5e.Exhaustion, c.Exhaustion.ExhaustionAfter))
		}
		for _, id := range c.Effects {
			names = append(names, spellName(req, id))
		}
		if len(names) > 0 {
			out = append(out, req.T("fx.cured", "Name", h.Name, "What", req.P.List(names)))
		}
	}
	for _, ch := range []*dnd5e.HPChange{h.Drained, h.Healed} {
		if ch != nil {
			out = append(out, req.P.Label(h.Name, hpChangeLine(req, ch)))
		}
	}
	return append(out, effectsEndedText(req, h.EffectsEnded)...)
}

// completeSkill suggests the 5e skills.
func completeSkill(req *Request) []Choice {
	var entries []Choice
	for _, s := range dnd5e.Skills() {
		entries = append(entries, Choice{Name: req.P.Paren(req.T(s.ID.Key()), req.T(s.Ability.Key())), Value: string(s.ID)})
	}
	return completeNames(req, entries, kindSkill)
}

// shieldLines word shield's answer to the attack that had just hit its caster.
func shieldLines(req *Request, name string, sh *play.ShieldReaction) []string {
	lines := []string{req.T("fx.shield_vs", "Total", sh.Total, "Before", sh.ACBefore, "AC", sh.AC)}
	switch {
	case sh.Missed:
		lines = append(lines, req.T("fx.shield_missed", "Name", name))
		if sh.Restored != nil {
			lines = append(lines, req.P.Label(name, hpChangeLine(req, sh.Restored)))
		}
	case sh.Crit:
		lines = append(lines, req.T("fx.shield_crit"))
	default:
		lines = append(lines, req.T("fx.shield_still_hits"))
	}
	return lines
}

// parseSpellChoice reads /cast choice: for spell sp, typed in any language.
func parseSpellChoice(req *Request, sp dnd5e.Spell, typed string) (string, error) {
	id := lookupName(kindChoice, typed)
	if id == "" {
		id = strings.ToLower(strings.TrimSpace(typed))
	}
	if !slices.Contains(sp.Choices, id) {
		var names []string
		for _, c := range sp.Choices {
			names = append(names, req.T(choiceKey(c)))
		}
		if len(names) == 0 {
			return "", Errorf("fx.err.no_choices", "Spell", req.T(sp.Key()))
		}
		return "", Errorf("fx.err.bad_choice", "Spell", req.T(sp.Key()), "Choice", typed, "Choices", req.P.List(names))
	}
	return id, nil
}

// completeSpellChoice suggests the options of the spell being cast.
func completeSpellChoice(req *Request) []Choice {
	sp, err := parseSpell(req.Str("spell"))
	if err != nil {
		return nil
	}
	var entries []Choice
	for _, c := range sp.Choices {
		entries = append(entries, Choice{Name: req.T(choiceKey(c)), Value: c})
	}
	if strings.TrimSpace(req.Str(req.Focused)) == "" {
		return entries
	}
	return completeNames(req, entries, kindChoice)
}

// sheetEffectFields are the sheet's fields of issue 13: its stored effects, its feature resources (with what is
// left and the rest that restores them) and its custom counters; none when it has none of them.
func sheetEffectFields(req *Request, c *dnd5e.Character, res *sheetResult) []Field {
	var fields []Field
	var effects []string
	for _, e := range c.Effects {
		res.Effects = append(res.Effects, effectJSON{ActiveEffect: e, Name: effectName(req, e.ID, e.Source)})
		effects = append(effects, "• "+effect5eText(req, e))
	}
	if len(effects) > 0 {
		fields = append(fields, Field{Name: req.T("fx.sheet_effects"), Value: strings.Join(effects, "\n")})
	}
	res.Resources = c.Resources()
	var resources []string
	for _, r := range res.Resources {
		resources = append(resources, req.P.Label(req.T(r.Key()), resourceText(req, r)))
	}
	if len(resources) > 0 {
		fields = append(fields, Field{Name: req.T("fx.sheet_resources"), Value: strings.Join(resources, "\n")})
	}
	if lines := countersLines(req, c); len(lines) > 0 {
		fields = append(fields, Field{Name: req.T("fx.sheet_counters"), Value: strings.Join(lines, "\n")})
	}
	return fields
}

// restResetLines say what a rest ended and restored: effects, feature resources, counters.
func restResetLines(req *Request, name string, res *dnd5e.RestResult) []string {
	out := endedEffectsText(req, name, res.EffectsEnded)
	for _, it := range res.Reset {
		what := it.ID
		if it.Kind == "resource" {
			what = req.T("feature." + it.ID)
		}
		out = append(out, req.T("fx.restored", "What", what, "Before", it.Before, "After", it.After))
	}
	return out
}

// turnEffectLines say what a turn change did to the combatants' effects.
func turnEffectLines(req *Request, list []play.TurnEffects) []string {
	var out []string
	for _, te := range list {
		out = append(out, endedEffectsText(req, te.Name, te.Ended)...)
		for _, ch := range []*dnd5e.HPChange{te.TempHP, te.Healed} {
			if ch != nil {
				out = append(out, req.P.Label(te.Name, hpChangeLine(req, ch)))
			}
		}
	}
	return out
}

// effectIDKey is the catalog key naming an id in an effect, feature or counter error's data: a feature, a mod
// kind, a roll, an option of /effect add named by a bad field; "" leaves the value as it is.
func effectIDKey(code, arg, s string) string {
	switch arg {
	case "Feature":
		if _, ok := dnd5e.LookupFeature(s); ok {
			return "feature." + s
		}
	case "Kind":
		if k := dnd5e.ModKind(s).Key(); k != "" {
			return k
		}
		if k := dnd5e.SourceKind(s).Key(); k != "" {
			return k
		}
	case "Field":
		if k := LabelKey("effect", "add", s); s != "" && effectFields[s] {
			return k
		}
	case "Reset":
		return dnd5e.Reset(s).Key()
	case "Class":
		return dnd5e.Class(s).Key()
	case "Condition":
		return dnd5e.Condition(s).Key()
	case "Effect": // an immunity's source: a condition (petrified against poisoned), else an effect's own name
		return dnd5e.Condition(s).Key()
	}
	return ""
}

// effectFields are the fields of an effect's mod that /effect add sets by an option of the same name.
var effectFields = map[string]bool{"roll": true, "value": true, "dice": true, "ability": true, "skill": true,
	"type": true, "attack": true, "condition": true, "vs": true, "uses": true}

// effectLabel names an effect's dice label (its id) when it is a spell's or a class feature's; "" otherwise.
func effectLabel(req *Request, id string) string {
	if sp, ok := dnd5e.LookupSpell(id); ok {
		return req.T(sp.Key())
	}
	if _, ok := dnd5e.LookupFeature(id); ok {
		return req.T("feature." + id)
	}
	return ""
}
