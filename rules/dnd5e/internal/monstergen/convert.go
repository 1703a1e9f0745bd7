package main

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// slug turns a name into an id: lower case, parentheses dropped, every run of
// other characters one underscore ("Wing Attack (Costs 2 Actions)" → "wing_attack").
func slug(name string) string {
	name = parens.ReplaceAllString(name, "")
	var b strings.Builder
	under := false
	for _, r := range strings.ToLower(name) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if under && b.Len() > 0 {
				b.WriteByte('_')
			}
			under = false
			b.WriteRune(r)
			continue
		}
		if r != '\'' {
			under = true
		}
	}
	return b.String()
}

var (
	parens = regexp.MustCompile(`\s*\([^)]*\)`)
	feet   = regexp.MustCompile(`^(\d+) ft\.`)
)

// convert builds one table row; ex collects the numbers it could not place.
func convert(s *srdMonster, ex *[]MonsterException) (Monster, error) {
	m := Monster{
		ID:          strings.ReplaceAll(s.Index, "-", "_"),
		Size:        Size(strings.ToLower(s.Size)),
		HP:          s.HitPoints,
		HitDice:     s.HitDice,
		HPRoll:      strings.ReplaceAll(s.HitPointsRoll, " ", ""),
		Scores:      Scores{s.Strength, s.Dexterity, s.Constitution, s.Intelligence, s.Wisdom, s.Charisma},
		XP:          s.XP,
		Proficiency: s.ProficiencyBonus,
	}
	var err error
	if m.Type, m.SwarmOf, err = creatureType(s.Type); err != nil {
		return m, err
	}
	for _, t := range strings.Split(s.Subtype, ",") {
		if t = strings.TrimSpace(t); t != "" {
			m.Tags = append(m.Tags, Tag(slug(t)))
		}
	}
	m.Alignment = alignment(s.Alignment)
	for _, a := range s.ArmorClass {
		ac := ArmorClass{Value: a.Value, Kind: ACKind(a.Type)}
		if a.Spell != nil {
			ac.Spell = strings.ReplaceAll(a.Spell.Index, "-", "_")
		}
		if a.Condition != nil {
			ac.Condition = Condition(a.Condition.Index)
		}
		m.Armor = append(m.Armor, ac)
	}
	if m.Speed, err = speeds(s.Speed); err != nil {
		return m, fmt.Errorf("%s: %w", s.Index, err)
	}
	for _, p := range s.Proficiencies {
		switch id := p.Proficiency.Index; {
		case strings.HasPrefix(id, "saving-throw-"):
			m.Saves = append(m.Saves, SaveBonus{Ability(strings.TrimPrefix(id, "saving-throw-")), p.Value})
		case strings.HasPrefix(id, "skill-"):
			m.Skills = append(m.Skills, SkillBonus{Skill(strings.ReplaceAll(strings.TrimPrefix(id, "skill-"), "-", "_")), p.Value})
		default:
			return m, fmt.Errorf("%s: proficiency %q", s.Index, id)
		}
	}
	for _, d := range []struct {
		in  []string
		out *[]DamageDefence
	}{{s.Vulnerabilities, &m.Vulnerable}, {s.Resistances, &m.Resistant}, {s.Immunities, &m.Immune}} {
		for _, line := range d.in {
			defs, err := defences(line)
			if err != nil {
				return m, fmt.Errorf("%s: %w", s.Index, err)
			}
			*d.out = append(*d.out, defs...)
		}
	}
	for _, c := range s.ConditionImmunities {
		m.ConditionImmune = append(m.ConditionImmune, Condition(c.Index))
	}
	if m.Senses, err = senses(s.Senses); err != nil {
		return m, fmt.Errorf("%s: %w", s.Index, err)
	}
	if m.Languages, err = languages(s.Languages); err != nil {
		return m, fmt.Errorf("%s: %w", s.Index, err)
	}
	m.CR = cr(s.ChallengeRating)
	if err := actions(&m, s, ex); err != nil {
		return m, fmt.Errorf("%s: %w", s.Index, err)
	}
	return m, nil
}

func creatureType(s string) (CreatureType, Size, error) {
	if rest, ok := strings.CutPrefix(s, "swarm of "); ok {
		f := strings.Fields(rest) // "Tiny beasts"
		if len(f) != 2 {
			return "", "", fmt.Errorf("type %q", s)
		}
		return CreatureType(strings.TrimSuffix(f[1], "s")), Size(strings.ToLower(f[0])), nil
	}
	return CreatureType(s), "", nil
}

func alignment(s string) Alignment {
	switch s {
	case "any alignment":
		return "any"
	case "neutral good (50%) or neutral evil (50%)":
		return "neutral_good_or_evil"
	}
	return Alignment(slug(strings.TrimSuffix(s, " alignment")))
}

func speeds(in map[string]any) (Speeds, error) {
	var sp Speeds
	for k, v := range in {
		if k == "hover" {
			sp.Hover = v == true
			continue
		}
		str, _ := v.(string)
		m := feet.FindStringSubmatch(str)
		if m == nil {
			return sp, fmt.Errorf("speed %s %v", k, v)
		}
		n, _ := strconv.Atoi(m[1])
		switch k {
		case "walk":
			sp.Walk = n
		case "fly":
			sp.Fly = n
		case "swim":
			sp.Swim = n
		case "climb":
			sp.Climb = n
		case "burrow":
			sp.Burrow = n
		default:
			return sp, fmt.Errorf("speed %s", k)
		}
	}
	return sp, nil
}

func senses(in map[string]any) (Senses, error) {
	var se Senses
	for k, v := range in {
		if k == "passive_perception" {
			f, _ := v.(float64)
			se.Passive = int(f)
			continue
		}
		str, _ := v.(string)
		m := feet.FindStringSubmatch(str)
		if m == nil {
			return se, fmt.Errorf("sense %s %v", k, v)
		}
		n, _ := strconv.Atoi(m[1])
		switch k {
		case "darkvision":
			se.Darkvision = n
		case "blindsight":
			se.Blindsight = n
			se.BlindBeyond = strings.Contains(str, "blind beyond")
		case "tremorsense":
			se.Tremorsense = n
		case "truesight":
			se.Truesight = n
		default:
			return se, fmt.Errorf("sense %s", k)
		}
	}
	return se, nil
}

// defences reads one line of the SRD's vulnerabilities/resistances/immunities:
// a damage type, or "bludgeoning, piercing, and slashing from nonmagical weapons…".
func defences(line string) ([]DamageDefence, error) {
	line = strings.TrimSpace(parens.ReplaceAllString(line, ""))
	if line == "damage from spells" {
		return []DamageDefence{{"", "spells"}}, nil
	}
	types, from, _ := strings.Cut(line, " from ")
	var q DamageQualifier
	switch {
	case from == "":
	case from == "magic weapons wielded by good creatures":
		q = "magic_weapon_good_user"
	case strings.HasPrefix(from, "nonmagical") && strings.HasSuffix(from, "that aren't silvered"):
		q = "nonmagical_unsilvered"
	case strings.HasPrefix(from, "nonmagical") && strings.HasSuffix(from, "that aren't adamantine"):
		q = "nonmagical_nonadamant"
	case from == "nonmagical weapons" || from == "nonmagical attacks":
		q = "nonmagical"
	default:
		return nil, fmt.Errorf("damage qualifier %q", line)
	}
	var out []DamageDefence
	for _, t := range splitList(types) {
		if !damageTypes[t] {
			return nil, fmt.Errorf("damage type %q in %q", t, line)
		}
		out = append(out, DamageDefence{DamageType(t), q})
	}
	return out, nil
}

var damageTypes = map[string]bool{
	"acid": true, "bludgeoning": true, "cold": true, "fire": true, "force": true, "lightning": true,
	"necrotic": true, "piercing": true, "poison": true, "psychic": true, "radiant": true, "slashing": true,
	"thunder": true,
}

// splitList splits "a, b, and c" / "a and b" into its items.
func splitList(s string) []string {
	s = strings.ReplaceAll(s, ", and ", ", ")
	s = strings.ReplaceAll(s, " and ", ", ")
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func cr(f float64) CR {
	switch f {
	case 0.125:
		return CR{1, 8}
	case 0.25:
		return CR{1, 4}
	case 0.5:
		return CR{1, 2}
	}
	return CR{int(math.Round(f)), 1}
}

var (
	telepathy   = regexp.MustCompile(`,?\s*telepathy (\d+) ft\.`)
	understands = regexp.MustCompile(`,?\s*understands (.*?) but (?:can't|doesn't) speak(?: it)?`)
	anyCount    = map[string]int{"one": 1, "two": 2, "four": 4, "five": 5, "six": 6}
)

// languages reads the SRD's languages line into ids.
func languages(s string) (Languages, error) {
	var l Languages
	s = parens.ReplaceAllString(s, "")
	if m := telepathy.FindStringSubmatch(s); m != nil {
		l.Telepathy, _ = strconv.Atoi(m[1])
		s = telepathy.ReplaceAllString(s, "")
	}
	if m := understands.FindStringSubmatch(s); m != nil {
		list, err := languageList(m[1], &l)
		if err != nil {
			return l, err
		}
		l.Understands = list
		s = understands.ReplaceAllString(s, "")
	}
	s = strings.ReplaceAll(s, " plus ", ", ")
	list, err := languageList(s, &l)
	l.Speaks = list
	return l, err
}

func languageList(s string, l *Languages) ([]Language, error) {
	var out []Language
	for _, item := range splitList(strings.ToLower(s)) {
		f := strings.Fields(item)
		switch {
		case item == "all" || item == "all languages it spoke in life" || item == "all languages it knew in life":
			if item == "all" {
				out = append(out, "all")
			} else {
				out = append(out, "knew_in_life")
			}
		case strings.Contains(item, "in life"):
			out = append(out, "knew_in_life")
		case strings.Contains(item, "creator"):
			out = append(out, "creator")
		case item == "commands given in any language":
			out = append(out, "commands")
		case len(f) >= 3 && f[0] == "any" && anyCount[f[1]] > 0:
			l.Any = anyCount[f[1]]
		case strings.HasPrefix(item, "up to ") && len(f) >= 3 && anyCount[f[2]] > 0:
			l.Any = anyCount[f[2]]
		default:
			id := Language(slug(item))
			if !knownLanguages[id] {
				return nil, fmt.Errorf("language %q", item)
			}
			out = append(out, id)
		}
	}
	return out, nil
}

var knownLanguages = map[Language]bool{}

func init() {
	for _, l := range strings.Fields(`abyssal aquan auran blink_dog celestial common deep_speech draconic druidic
		dwarvish elvish giant giant_eagle giant_elk giant_owl gnoll gnomish goblin ignan infernal orc otyugh
		primordial sahuagin sphinx sylvan terran thieves_cant undercommon winter_wolf worg`) {
		knownLanguages[Language(l)] = true
	}
}

// sortedKeys returns a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
