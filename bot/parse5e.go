package bot

import (
	"regexp"
	"strconv"
	"strings"

	"rulekeeper/rules/dnd5e"
)

// Reading what players type for D&D 5e: ids or names in any of the four languages (names.go), comma lists,
// damage-type labels, spells, an NPC's saves.

// system5e is the system id of D&D 5e characters.
const system5e = "dnd5e"

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

// npcStatOptions are /init add's options that fill the stats.
var npcStatOptions = []string{"saves", "resist", "vuln", "immune"}

// readNPCStats reads /init add's saves:, resist:, vuln: and immune: options; nil when none is given.
func readNPCStats(req *Request) (*dnd5e.NPCStats, error) {
	var st dnd5e.NPCStats
	var err error
	if st.Saves, err = parseSaves(req.Str("saves")); err != nil {
		return nil, err
	}
	for _, d := range []struct {
		opt  string
		list *[]dnd5e.DamageType
	}{{"resist", &st.Resist}, {"vuln", &st.Vuln}} {
		if *d.list, err = parseDamageList(req.Str(d.opt)); err != nil {
			return nil, err
		}
	}
	if st.Immune, st.CondImmune, err = parseImmunities(req.Str("immune")); err != nil { // npc.go
		return nil, err
	}
	if st.Empty() {
		return nil, nil
	}
	return &st, nil
}

var saveItemRE = regexp.MustCompile(`(\pL+)\s*[:=]?\s*([+\-−]?)\s*(\d+)`)

// parseSaves reads saving-throw modifiers: "str+2,dex+1,wis-1" (also "STR +2 DEX 1", ability names in any language,
// "−" for minus). Each modifier is at most MaxAttackMod either way; a later one replaces an earlier.
func parseSaves(s string) (map[dnd5e.Ability]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	bad := Errorf("init.err.bad_saves", "Value", s, "Max", dnd5e.MaxAttackMod)
	out := map[dnd5e.Ability]int{}
	rest := saveItemRE.ReplaceAllStringFunc(s, func(string) string { return "" })
	if strings.Trim(rest, " \t,，、;；") != "" {
		return nil, bad
	}
	for _, m := range saveItemRE.FindAllStringSubmatch(s, -1) {
		a, err := parseAbility(m[1])
		if err != nil {
			return nil, err
		}
		v, err := strconv.Atoi(m[3])
		if err != nil || v > dnd5e.MaxAttackMod {
			return nil, bad
		}
		if m[2] == "-" || m[2] == "−" {
			v = -v
		}
		out[a] = v
	}
	return out, nil
}
