package bot

import (
	"strings"
	"unicode/utf8"

	"rulekeeper/locales"
	"rulekeeper/rules/coc"
)

// Call of Cthulhu names typed in any language (names.go's index): skills, characteristics, the pools and derived
// values, difficulties, conditions, modifiers, defences and bout modes, each by its id, its catalog names and the
// aliases of locales/alias/coc.*.toml (侦查, 聆听, 图书馆使用 …; 관찰력, 듣기, 자료조사 …).

// Kinds of the rules index for Call of Cthulhu.
const (
	ckSkill      = "coc.skill"
	ckChar       = "coc.char"
	ckStat       = "coc.stat"
	ckDifficulty = "coc.difficulty"
	ckCondition  = "coc.condition"
	ckMod        = "coc.mod"
	ckDefence    = "coc.defence"
)

func addCoCNames(x *locales.Index) {
	for _, s := range coc.Skills() {
		x.Add(ckSkill, string(s.ID), s.ID.Key())
	}
	for _, c := range append(coc.Characteristics(), coc.Luck) {
		x.Add(ckChar, string(c), c.Key())
	}
	for _, s := range coc.Stats() {
		x.Add(ckStat, string(s), s.Key())
	}
	for _, d := range coc.Difficulties() {
		x.Add(ckDifficulty, string(d), d.Key())
	}
	for _, c := range coc.Conditions() {
		x.Add(ckCondition, string(c), c.Key())
	}
	for _, m := range coc.Mods() {
		x.Add(ckMod, string(m), m.Key())
	}
	for _, d := range []coc.Defence{coc.DefenceDodge, coc.DefenceFightBack, coc.DefenceNone} {
		x.Add(ckDefence, string(d), d.Key())
	}
}

// specSeparators split a skill from its specialisation as players write it: "language_other:Latin",
// "外语：拉丁语", "Science (Biology)", "예술(사진)".
const specSeparators = ":：(（"

// parseCoCSkill reads a skill in any language, with a specialisation for the skills that take one (coc.Skill,
// spec).
func parseCoCSkill(typed string) (coc.Skill, string, error) {
	s := strings.TrimSpace(typed)
	if id := lookupName(ckSkill, s); id != "" {
		return coc.Skill(id), "", nil
	}
	if i := strings.IndexAny(s, specSeparators); i > 0 {
		if id := lookupName(ckSkill, s[:i]); id != "" {
			if info, _ := coc.Skill(id).Info(); info.Any {
				_, size := utf8.DecodeRuneInString(s[i:])
				spec := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s[i+size:]), ")）"))
				return coc.Skill(id), spec, nil
			}
		}
	}
	return "", "", &coc.Error{Code: coc.ErrUnknownSkill, Args: map[string]any{"Skill": s}}
}

// parseCoCSubject reads what a roll is made against: a skill (with a specialisation), a characteristic, Luck, or
// Sanity.
func parseCoCSubject(typed string) (coc.Subject, error) {
	s := strings.TrimSpace(typed)
	if id := lookupName(ckChar, s); id != "" {
		return coc.CharSubject(coc.Characteristic(id)), nil
	}
	if id := lookupName(ckStat, s); id == string(coc.StatSAN) {
		return coc.Subject{San: true}, nil
	}
	skill, spec, err := parseCoCSkill(s)
	if err != nil {
		return coc.Subject{}, err
	}
	return coc.Subject{Skill: skill, Spec: spec}, nil
}

// subjectName is a roll's subject in the reply language: "Spot Hidden", "Language (Other) (Latin)", "Luck".
func subjectName(req *Request, s coc.Subject) string {
	name := req.T(s.Key())
	if s.Spec != "" {
		name = req.P.Paren(name, s.Spec)
	}
	return name
}

// parseCoCDifficulty reads a difficulty in any language ("" is regular).
func parseCoCDifficulty(typed string) (coc.Difficulty, error) {
	if strings.TrimSpace(typed) == "" {
		return coc.DifficultyRegular, nil
	}
	if id := lookupName(ckDifficulty, typed); id != "" {
		return coc.Difficulty(id), nil
	}
	return "", &coc.Error{Code: coc.ErrBadDifficulty, Args: map[string]any{"Difficulty": typed}}
}

// parseCoCMods reads a comma list of circumstance modifiers in any language ("cover, 瞄准").
func parseCoCMods(typed string) ([]coc.Mod, error) {
	var out []coc.Mod
	for _, item := range splitList(typed) {
		id := lookupName(ckMod, item)
		if id == "" {
			return nil, &coc.Error{Code: coc.ErrUnknownMod, Args: map[string]any{"Mod": item}}
		}
		out = append(out, coc.Mod(id))
	}
	return out, nil
}

// cocIDKey is the catalog key naming an id in a Call of Cthulhu error's data (the rules' coc.err.* and the bot's
// cthulhu.err.*); "" leaves the value as it is (an unknown id is what the user typed).
func cocIDKey(code, arg, s string) string {
	switch arg {
	case "Skill", "Subject", "Pool", "Char":
		for _, k := range []string{coc.Skill(s).Key(), coc.Characteristic(s).Key(), coc.Stat(s).Key()} {
			if k != "" {
				return k
			}
		}
	case "Condition":
		return coc.Condition(s).Key()
	case "Mod":
		return coc.Mod(s).Key()
	case "Defence":
		return coc.Defence(s).Key()
	case "Difficulty":
		if d := coc.Difficulty(s); s != "" && d.Valid() {
			return d.Key()
		}
	case "System":
		return systemIDKey(code, arg, s)
	}
	return ""
}
