package play

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"rulekeeper/rules/area"
	"rulekeeper/rules/coc"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
	"rulekeeper/rules/rogue"
	"rulekeeper/store"
)

// Importing a guild (`rulekeeper import`, issue 11 §5): the store checks an export's shape (ids, names, owners,
// sizes); ValidateImport checks what it holds with the rules, record by record — each character's sheet by its
// system (a level of 1,000,000 imported, and then every command on it failed), each encounter, the guild's
// settings — so that what imports is what the commands can use. The caller imports nothing when it fails.

// ImportError is one record of an import the rules refuse: which record, and the rules' error, whose data names
// the field and the value.
type ImportError struct {
	Record string // "characters[2]", "encounters[0]", "guild"
	Name   string // the character's name, the encounter's channel, the setting's name
	Err    error  // a rules error (*coded.Error and the rules' own), or play's
}

func (e *ImportError) Error() string { return fmt.Sprintf("%s %q: %v", e.Record, e.Name, e.Err) }

// Unwrap returns the rules' error.
func (e *ImportError) Unwrap() error { return e.Err }

// ImportErrors are the records ValidateImport refuses, in file order, at most MaxImportErrors of them.
type ImportErrors []*ImportError

func (es ImportErrors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// MaxImportErrors bounds the records ValidateImport reports.
const MaxImportErrors = 20

// ValidateImport checks every record of a guild export with the rules packages: each character's sheet by its
// system, each encounter's state, the guild's settings. It returns nil, or ImportErrors naming each bad record.
func ValidateImport(e *store.Export) error {
	var errs ImportErrors
	add := func(record, name string, err error) {
		if err != nil && len(errs) < MaxImportErrors {
			errs = append(errs, &ImportError{Record: record, Name: name, Err: err})
		}
	}
	for i, ch := range e.Characters {
		if ch != nil {
			add(fmt.Sprintf("characters[%d]", i), ch.Name, validSheet(ch))
		}
	}
	for i, enc := range e.Encounters {
		if enc != nil {
			_, err := encounter.Decode(enc.Data)
			add(fmt.Sprintf("encounters[%d]", i), enc.ChannelID, err)
		}
	}
	for _, s := range settingChecks(e.Guild) {
		add("guild", s.name, s.err)
	}
	count := map[string]int{}
	for i, m := range e.Macros {
		if m != nil {
			count[m.OwnerID]++
			add(fmt.Sprintf("macros[%d]", i), m.Name, validMacro(m, count[m.OwnerID]))
		}
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}

// validMacro checks a macro by /macro save's bounds; n is its rank among its owner's.
func validMacro(m *store.Macro, n int) error {
	switch {
	case checkMacroName(strings.TrimSpace(m.Name)) != nil:
		return checkMacroName(strings.TrimSpace(m.Name))
	case utf8.RuneCountInString(m.Command) > MaxMacroCommand:
		return fail("macro.err.too_long", "Max", MaxMacroCommand)
	case n > MaxMacros:
		return fail("macro.err.too_many", "Max", MaxMacros)
	}
	return nil
}

// validSheet decodes a character's sheet by its system, with every check a new sheet gets.
func validSheet(ch *store.Character) error {
	switch ch.System {
	case System5e:
		_, err := decode5e(ch)
		return err
	case SystemRogue:
		_, err := decodeRogue(ch)
		return err
	case SystemCoC:
		_, _, err := decodeCoC(ch)
		return err
	}
	return fail("char.err.unknown_system", "System", ch.System)
}

// settingCheck is one guild setting's verdict.
type settingCheck struct {
	name string
	err  error
}

// importLanguages are the reply languages a guild may be set to ("" follows each user).
var importLanguages = []string{"", "en", "zh-CN", "zh-TW", "ko"}

// settingChecks checks the guild's settings: the values /settings may set, or none.
func settingChecks(g store.Guild) []settingCheck {
	bad := func(field, value string) error {
		return fail("play.import.err.setting", "Field", field, "Value", value)
	}
	var out []settingCheck
	check := func(field, value string, ok bool) {
		if !ok {
			out = append(out, settingCheck{field, bad(field, value)})
		}
	}
	check("language", g.Language, slices.Contains(importLanguages, g.Language))
	_, err := dnd5e.ParseCritRule(g.CritRule)
	check("crit_rule", g.CritRule, err == nil)
	check("system", g.System, g.System == "" || g.System == System5e || g.System == SystemRogue || g.System == SystemCoC)
	_, err = area.ParseMethod(g.AoEMethod)
	check("aoe_method", g.AoEMethod, g.AoEMethod == "" || err == nil)
	if v, ok := g.House[HouseRTCritDirection]; ok {
		_, err := rogue.ParseCritDirection(v)
		check(HouseRTCritDirection, v, err == nil)
	}
	if v, ok := g.House[HouseCoCDeath]; ok {
		check(HouseCoCDeath, v, v == string(coc.DeathClassic) || v == string(coc.DeathPulp))
	}
	if v, ok := g.House[HouseCoCDay]; ok {
		d, err := strconv.Atoi(v)
		check(HouseCoCDay, v, err == nil && d >= 1 && d <= coc.MaxDay)
	}
	for _, k := range []string{HouseRTCritEffect, HouseShowNPCStats} {
		if v, ok := g.House[k]; ok {
			check(k, v, v == "on" || v == "off")
		}
	}
	return out
}
