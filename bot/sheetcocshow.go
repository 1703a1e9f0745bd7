package bot

import (
	"strconv"
	"strings"

	"rulekeeper/rules/coc"
)

// /sheet show for a Call of Cthulhu investigator.

// cocSheetResult is the JSON of /sheet show (and create/set) for a CoC character.
type cocSheetResult struct {
	Name            string                `json:"name"`
	Occupation      string                `json:"occupation,omitempty"`
	Age             int                   `json:"age"`
	Characteristics map[string]int        `json:"characteristics"`
	HP              int                   `json:"hp"`
	MaxHP           int                   `json:"hp_max"`
	MP              int                   `json:"mp"`
	MaxMP           int                   `json:"mp_max"`
	SAN             int                   `json:"san"`
	MaxSAN          int                   `json:"san_max"`
	Luck            int                   `json:"luck"`
	Derived         coc.Derived           `json:"derived"`
	Skills          []coc.SkillLine       `json:"skills"` // the skills the sheet records (the others are at base)
	Weapons         []coc.Weapon          `json:"weapons"`
	Conditions      []coc.ActiveCondition `json:"conditions"`
	SanDay          coc.SanDay            `json:"san_day"`
	Sheet           *coc.Character        `json:"sheet"`
}

// recordedSkills are the sheet's skills that differ from a bare sheet: values set, marks.
func recordedSkills(c *coc.Character) []coc.SkillLine {
	out := []coc.SkillLine{}
	for _, l := range c.SkillList() {
		if l.Set || l.Mark {
			out = append(out, l)
		}
	}
	return out
}

// cocSheetReply renders an investigator: pools and derived values, characteristics with their half and fifth,
// the recorded skills (development marks ✓), weapons and conditions.
func cocSheetReply(req *Request, c *coc.Character) *Reply {
	d := c.Derived()
	res := cocSheetResult{Name: c.Name, Occupation: c.Occupation, Age: c.Age, Characteristics: map[string]int{},
		HP: c.HP, MaxHP: c.MaxHP, MP: c.MP, MaxMP: c.MaxMP, SAN: c.SAN, MaxSAN: c.MaxSAN(), Luck: c.Luck, Derived: d,
		Skills: recordedSkills(c), Weapons: c.Weapons, Conditions: c.Conditions, SanDay: c.SanDay, Sheet: c}
	if res.Weapons == nil {
		res.Weapons = []coc.Weapon{}
	}
	if res.Conditions == nil {
		res.Conditions = []coc.ActiveCondition{}
	}
	title := req.T("cthulhu.sheet.title", "Name", c.Name, "Age", c.Age)
	if c.Occupation != "" {
		title = req.T("cthulhu.sheet.title_occupation", "Name", c.Name, "Occupation", c.Occupation, "Age", c.Age)
	}
	body := []string{cocPoolsLine(req, c),
		req.T("cthulhu.sheet.derived", "MOV", d.MOV, "Build", d.Build, "DB", d.DB.String(), "Armour", c.Armour)}
	if len(c.Conditions) > 0 {
		body = append(body, req.P.Label(req.T("cthulhu.sheet.conditions"), cocConditionNames(req, c.Conditions)))
	}
	if c.SanDay.Lost > 0 {
		body = append(body, req.T("cthulhu.sheet.san_day", "Day", c.SanDay.Day, "Lost", c.SanDay.Lost,
			"Limit", max(1, c.SanDay.Start/5)))
	}
	var chars []string
	for _, ch := range coc.Characteristics() {
		v := c.Scores.Get(ch)
		res.Characteristics[string(ch)] = v
		chars = append(chars, cocValueLine(req, req.T(ch.Key()), v))
	}
	var skills []string
	for _, l := range res.Skills {
		line := cocValueLine(req, subjectName(req, coc.Subject{Skill: l.ID, Spec: l.Spec}), l.Value)
		if l.Mark {
			line += " ✓"
		}
		skills = append(skills, line)
	}
	skills = append(skills, req.T("cthulhu.sheet.other_skills"))
	return &Reply{
		Title:  title,
		Body:   strings.Join(body, "\n"),
		Footer: c.Name,
		Fields: []Field{
			{Name: req.T("cthulhu.sheet.characteristics"), Value: strings.Join(chars, "\n"), Inline: true},
			{Name: req.T("cthulhu.sheet.skills"), Value: strings.Join(skills, "\n"), Inline: true},
			{Name: req.T("cthulhu.sheet.weapons"), Value: cocWeaponsText(req, c)},
		},
		Result: res,
	}
}

// cocPoolsLine is "HP 11/11 · MP 13/13 · Sanity 65/99 · Luck 55".
func cocPoolsLine(req *Request, c *coc.Character) string {
	return req.T("cthulhu.sheet.pools", "HP", c.HP, "MaxHP", c.MaxHP, "MP", c.MP, "MaxMP", c.MaxMP, "SAN", c.SAN,
		"MaxSAN", c.MaxSAN(), "Luck", c.Luck)
}

// cocValueLine is "Library Use 70 (35/14)": a value with its half and fifth.
func cocValueLine(req *Request, name string, v int) string {
	t := coc.ThresholdsOf(v)
	return req.P.Paren(name+" **"+strconv.Itoa(v)+"**", strconv.Itoa(t.Hard)+"/"+strconv.Itoa(t.Extreme))
}

// cocConditionNames lists conditions in the reply language; a temporary insanity with its hours.
func cocConditionNames(req *Request, list []coc.ActiveCondition) string {
	var out []string
	for _, a := range list {
		name := req.T(a.ID.Key())
		if a.ID == coc.InsanityTemporary && a.Hours > 0 {
			name = req.P.Paren(name, req.T("cthulhu.hours", "Hours", a.Hours))
		}
		out = append(out, name)
	}
	return req.P.List(out)
}

// cocWeaponsText lists the sheet's weapons, or says there are none (unarmed is always there).
func cocWeaponsText(req *Request, c *coc.Character) string {
	lines := []string{cocWeaponLine(req, c, coc.Weapon{Skill: coc.FightingBrawl, Damage: "1d3"})}
	for _, w := range c.Weapons {
		lines = append(lines, cocWeaponLine(req, c, w))
	}
	return strings.Join(lines, "\n")
}

// cocWeaponLine is "Knife — Fighting (Brawl) 40, 1D4 + DB, impaling" with its range and malfunction.
func cocWeaponLine(req *Request, c *coc.Character, w coc.Weapon) string {
	v, _ := c.SkillValue(w.Skill, "")
	parts := []string{subjectName(req, coc.SkillSubject(w.Skill)) + " " + strconv.Itoa(v), cocDamageText(req, w)}
	if w.Impale {
		parts = append(parts, req.T("cthulhu.weapon.impale"))
	}
	if w.Range > 0 {
		parts = append(parts, req.T("cthulhu.weapon.range", "Range", w.Range))
	}
	if w.Uses > 1 {
		parts = append(parts, req.T("cthulhu.weapon.uses", "Uses", w.Uses))
	}
	if w.Malfunction > 0 {
		parts = append(parts, req.T("cthulhu.weapon.malfunction", "Malfunction", w.Malfunction))
	}
	return "**" + cocWeaponName(req, w) + "** — " + req.P.List(parts)
}

// cocWeaponName is a weapon's name; unarmed is worded.
func cocWeaponName(req *Request, w coc.Weapon) string {
	if w.Name == "" {
		return req.T("cthulhu.weapon.unarmed")
	}
	return w.Name
}

// cocDamageText is a weapon's damage with its share of the damage bonus: "1D4 + DB", "1D6 + ½DB", "1D10".
func cocDamageText(req *Request, w coc.Weapon) string {
	switch w.DBMode() {
	case coc.DBFull:
		return req.T("cthulhu.weapon.damage_db", "Damage", w.Damage)
	case coc.DBHalf:
		return req.T("cthulhu.weapon.damage_half_db", "Damage", w.Damage)
	}
	return w.Damage
}
