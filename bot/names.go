package bot

import (
	"strconv"
	"strings"
	"sync"

	"rulekeeper/locales"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/rogue"
)

// Names typed in any language: one locales.Index of the rules tables' ids (by kind), fed with each id's catalog
// names in the four languages and the alias files, and one of the command table's names (commands, options,
// choices), built with the table. Both compare with locales.Fold.

// Kinds of the rules index.
const (
	kindAbility    = "dnd5e.ability"
	kindSkill      = "dnd5e.skill"
	kindCondition  = "dnd5e.condition"
	kindDamage     = "dnd5e.damage"
	kindClass      = "dnd5e.class"
	kindSpell      = "spell"
	kindFeature    = "feature"
	kindChoice     = "spell.choice" // the options of spells that offer some (enlarge or reduce, …)
	kindSubclass   = "subclass"
	rkAttr         = "rogue.attr"
	rkRace         = "rogue.race"
	rkSex          = "rogue.sex"
	rkSize         = "rogue.size"
	rkTalent       = "rogue.talent"
	rkSpell        = "rogue.spell"
	rkState        = "rogue.state"
	rkCurse        = "rogue.curse"
	rkPoison       = "rogue.poison"
	rkDisease      = "rogue.disease"
	rkDamage       = "rogue.damage"
	rkImmunity     = "rogue.immunity"
	rkCheck        = "rogue.check"
	rkWeaponSize   = "rogue.weapon_size"
	rkHunger       = "rogue.hunger"
	rkThirst       = "rogue.thirst"
	kindAttackWord = "attack.word" // the words of a sheet attack (sheetset5e.go)
	kindField      = "sheet.field" // + "." + a system: the fields of /sheet set of that system (fieldnames.go)
	kindCommand    = "cmd"
	kindOptionPre  = "cmd."    // + the command path joined with "."
	kindChoicePre  = "choice." // + the option's path joined with "."
)

// names is the index of the rules tables' ids.
var names = sync.OnceValue(func() *locales.Index {
	x := locales.NewIndex()
	for _, a := range dnd5e.Abilities() {
		x.Add(kindAbility, string(a), a.Key())
	}
	for _, s := range dnd5e.Skills() {
		x.Add(kindSkill, string(s.ID), s.ID.Key())
	}
	for _, c := range dnd5e.Conditions() {
		x.Add(kindCondition, string(c), c.Key())
	}
	for _, d := range dnd5e.DamageTypes() {
		x.Add(kindDamage, string(d), d.Key())
	}
	for _, c := range dnd5e.Classes() {
		x.Add(kindClass, string(c.ID), c.ID.Key())
	}
	for _, s := range dnd5e.Spells() {
		x.Add(kindSpell, s.ID, s.Key(), s.Name) // also the SRD's English name
	}
	for id, key := range attackWords {
		x.Add(kindAttackWord, id, key)
	}
	for system, fields := range systemFields {
		for _, f := range fields {
			x.Add(fieldKind(system), f, fieldKey(f))
		}
	}
	addEffectNames(x) // class features and spell choices (effectnames.go)
	addRogueNames(x)
	addCoCNames(x)     // namescoc.go
	addMonsterNames(x) // monster.go
	return x
})

func addRogueNames(x *locales.Index) {
	for _, a := range rogue.AllAttributes() {
		x.Add(rkAttr, string(a), a.Key())
	}
	for _, r := range rogue.Races() {
		x.Add(rkRace, string(r.ID), r.ID.Key())
	}
	for _, s := range rogue.Sexes() {
		x.Add(rkSex, string(s), s.Key())
	}
	for _, s := range rogue.Sizes() {
		x.Add(rkSize, string(s), s.Key())
	}
	for _, t := range rogue.Talents() {
		x.Add(rkTalent, string(t.ID), t.ID.Key())
	}
	for _, s := range rogue.Spells() {
		x.Add(rkSpell, string(s.ID), s.ID.Key())
	}
	for _, s := range rogue.States() {
		x.Add(rkState, string(s), s.Key())
	}
	for _, c := range rogue.Curses() {
		x.Add(rkCurse, string(c), c.Key())
	}
	for _, p := range rogue.Poisons() {
		x.Add(rkPoison, string(p), p.Key())
	}
	for _, d := range rogue.Diseases() {
		x.Add(rkDisease, string(d.ID), d.ID.Key())
	}
	for _, d := range rogue.DamageTypes() {
		x.Add(rkDamage, string(d), d.Key())
	}
	for _, i := range rogue.Immunities() {
		x.Add(rkImmunity, string(i), i.Key())
	}
	for _, k := range []rogue.CheckKind{rogue.CheckMental, rogue.CheckReflex, rogue.CheckSearch} {
		x.Add(rkCheck, string(k), k.Key())
	}
	for _, w := range []rogue.WeaponSize{rogue.WeaponSmall, rogue.WeaponMedium, rogue.WeaponLarge} {
		x.Add(rkWeaponSize, string(w), w.Key())
	}
	// The hunger and thirst levels map to the level number (1–7), and answer to the key's last part too.
	for l := 1; l <= rogue.TrackLevels; l++ {
		hk, tk := rogue.TrackHunger.LevelKey(l), rogue.TrackThirst.LevelKey(l)
		x.Add(rkHunger, strconv.Itoa(l), hk, strings.TrimPrefix(hk, "rogue.hunger."))
		x.Add(rkThirst, strconv.Itoa(l), tk, strings.TrimPrefix(tk, "rogue.thirst."))
	}
}

// lookupName finds the id of a typed name of one kind ("" when unknown).
func lookupName(kind, s string) string {
	id, _ := names().Lookup(kind, s)
	return id
}

// completeNames keeps the entries (Value: an id of one of kinds) whose id or names contain what the focused option
// holds, at most 25.
func completeNames(req *Request, entries []Choice, kinds ...string) []Choice {
	return completeTyped(req.Str(req.Focused), entries, kinds...)
}

// completeTyped keeps the entries whose id (of one of kinds) has a name that contains typed, at most 25.
func completeTyped(typed string, entries []Choice, kinds ...string) []Choice {
	match := map[string]bool{}
	for _, k := range kinds {
		for _, id := range names().Search(k, typed) {
			match[id] = true
		}
	}
	var out []Choice
	for _, e := range entries {
		if match[e.Value] {
			out = append(out, e)
		}
	}
	if len(out) > 25 {
		out = out[:25]
	}
	return out
}

// labelIndex indexes the command table's names by the catalog labels of every command, option and choice.
func labelIndex(cmds []*Command) *locales.Index {
	x := locales.NewIndex()
	Walk(cmds, func(path []string, c *Command, o *Option) {
		if o == nil {
			x.Add(kindCommand, c.Name, LabelKey(path...))
			return
		}
		x.Add(kindOptionPre+strings.Join(path[:len(path)-1], "."), o.Name, LabelKey(path...))
		for _, ch := range o.Choices {
			x.Add(kindChoicePre+strings.Join(path, "."), ch, ChoiceKey(ch, path...))
		}
	})
	return x
}

// Command finds a command by its name or by its label in any language, as a Discord client lets a user type
// `/掷骰` for `/roll`; nil when there is none.
func (b *Bot) Command(typed string) *Command {
	if c := b.Lookup(strings.ToLower(strings.TrimSpace(typed))); c != nil {
		return c
	}
	if name, ok := b.labels.Lookup(kindCommand, typed); ok {
		return b.Lookup(name)
	}
	return nil
}

// Option finds the option (or subcommand) under a command path by its name or by its label in any language; nil
// when there is none.
func (b *Bot) Option(path []string, typed string) *Option {
	opts, ok := b.Options(path)
	if !ok {
		return nil
	}
	if o := FindOption(opts, strings.ToLower(typed)); o != nil {
		return o
	}
	if name, ok := b.labels.Lookup(kindOptionPre+strings.Join(path, "."), typed); ok {
		return FindOption(opts, name)
	}
	return nil
}

// choice finds the value of a choice of the option at path by its value or its label in any language.
func (b *Bot) choice(path []string, typed string) (string, bool) {
	return b.labels.Lookup(kindChoicePre+strings.Join(path, "."), typed)
}
