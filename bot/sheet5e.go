package bot

import (
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/dnd5e"
)

// The D&D 5e part of /sheet: the options a new sheet reads, building it, and showing it.

// dnd5eSystem is the D&D 5e part of `/sheet`: create, show, set, rename (and import, which re-validates).
type dnd5eSystem struct{}

// The fields `/sheet set` accepts for a 5e sheet.
var fields5e = []string{
	"ac", "attack", "attack_remove", "cha", "class", "con", "dex", "expertise", "hit_dice", "hp", "hp_max", "hp_temp",
	"immune", "int", "level", "resist", "saves", "skills", "slots", "speed", "spell_ability", "str", "subclass", "vuln",
	"wis",
}

// createOptions are the 13 options a 5e sheet reads (besides system and name). They are all optional because
// /sheet create is shared with Rogue's Tale; create checks what 5e needs.
func (dnd5eSystem) createOptions() []*Option {
	score := func(name string) *Option {
		return &Option{Name: name, Type: Integer, Min: Bound(dnd5e.MinScore), Max: Bound(dnd5e.MaxScore)}
	}
	return []*Option{
		{Name: "class", Type: String, MaxLen: 32, Complete: completeClass},
		{Name: "level", Type: Integer, Min: Bound(dnd5e.MinLevel), Max: Bound(dnd5e.MaxLevel)},
		score("str"), score("dex"), score("con"), score("int"), score("wis"), score("cha"),
		{Name: "ac", Type: Integer, Min: Bound(dnd5e.MinAC), Max: Bound(dnd5e.MaxAC)},
		{Name: "hp", Type: Integer, Min: Bound(1), Max: Bound(dnd5e.MaxHPLimit)},
		{Name: "speed", Type: Integer, Min: Bound(0), Max: Bound(dnd5e.MaxSpeed)},
		{Name: "skills", Type: String, MaxLen: 500},
		{Name: "expertise", Type: String, MaxLen: 500},
	}
}

// create builds a sheet: class (required for 5e), level (default 1), scores (default 10), then the rules'
// defaults (AC 10 + DEX, max HP by the fixed-value rule, speed 30, class saves) unless overridden.
func (sys dnd5eSystem) create(req *Request, in *play.NewSheet) {
	if in.Dnd5e.Err = refuseCreateOptions(req, sys, system5e); in.Dnd5e.Err == nil {
		in.Dnd5e.In, in.Dnd5e.Err = sys.build(req)
	}
}

func (dnd5eSystem) build(req *Request) (*dnd5e.Character, error) {
	if !req.Has("class") {
		return nil, Errorf("play.err.class_required", "Classes", classList(req))
	}
	class, err := parseClass(req.Str("class"))
	if err != nil {
		return nil, err
	}
	var scores dnd5e.Scores
	for _, a := range dnd5e.Abilities() {
		scores.Set(a, req.Int(string(a), 10))
	}
	c, err := dnd5e.New(req.Str("name"), class, req.Int("level", 1), scores)
	if err != nil {
		return nil, err
	}
	if req.Has("ac") {
		c.AC = req.Int("ac", c.AC)
	}
	if req.Has("hp") {
		c.MaxHP = req.Int("hp", c.MaxHP)
		c.HP = c.MaxHP
	}
	if req.Has("speed") {
		c.Speed = req.Int("speed", c.Speed)
	}
	if c.Skills, err = parseSkillList(req.Str("skills")); err != nil {
		return nil, err
	}
	if c.Expertise, err = parseSkillList(req.Str("expertise")); err != nil {
		return nil, err
	}
	c.FillSpellSlots() // the class table's slots (none for non-casters); /sheet set field:slots changes them
	return c, nil
}

func classList(req *Request) string {
	var names []string
	for _, c := range dnd5e.Classes() {
		names = append(names, req.T(c.ID.Key())+" (`"+string(c.ID)+"`)")
	}
	return req.P.List(names)
}

func (dnd5eSystem) fields() []string { return fields5e }

func (dnd5eSystem) show(req *Request, sh *play.Sheet) *Reply {
	r := sheetReply(req, sh.Dnd5e)
	spells := sh.Spells()
	if len(spells) == 0 {
		return r
	}
	names := make([]string, len(spells))
	for i, k := range spells {
		names[i] = spellName(req, k.ID)
		if !k.Prepared {
			names[i] = req.T("play.sheet.spell_unprepared", "Name", names[i])
		}
	}
	r.Fields = append(r.Fields, Field{Name: req.T("play.sheet.spells"), Value: cut(req.P.List(names), maxUnmappedText)})
	res := r.Result.(sheetResult)
	res.Spells = spells
	r.Result = res
	return r
}

// sheetResult is the JSON of `/sheet show` (and create/set) for a 5e character.
type sheetResult struct {
	hpStatus
	Name        string              `json:"name"`
	AC          int                 `json:"ac"`
	Speed       int                 `json:"speed"` // after conditions and exhaustion
	Proficiency int                 `json:"proficiency"`
	Modifiers   map[string]int      `json:"modifiers"`
	Saves       map[string]int      `json:"saves"`
	Skills      map[string]int      `json:"skills"`
	Passive     int                 `json:"passive_perception"`
	SpellDC     int                 `json:"spell_dc,omitempty"`
	SpellAttack *int                `json:"spell_attack,omitempty"`
	Attacks     []sheetAttackResult `json:"attacks,omitempty"`
	Sheet       *dnd5e.Character    `json:"sheet"`
	// Issue 13: the effects on it (stored ones, then passive class features), its feature resources.
	Effects   []effectJSON     `json:"effects,omitempty"`
	Resources []dnd5e.Resource `json:"resources,omitempty"`
	// Issue 16: the SRD spells the sheet keeps (a D&D Beyond import).
	Spells []play.KnownSpell `json:"spells,omitempty"`
}

type sheetAttackResult struct {
	Name   string `json:"name"`
	ToHit  int    `json:"to_hit"`
	Damage string `json:"damage"`
	// Range is a ranged attack's own normal/long range in feet, when the sheet gives one.
	Range *dnd5e.WeaponRange `json:"range,omitempty"`
}

// attackNumbers is a sheet attack's to-hit bonus and its damage notation with the ability modifier.
func attackNumbers(c *dnd5e.Character, a dnd5e.Attack) (int, string) {
	toHit := c.Mod(a.Ability) + a.Bonus
	if a.Proficient {
		toHit += c.Proficiency()
	}
	dmg := strings.TrimSpace(a.Damage)
	if m := c.Mod(a.Ability); m != 0 {
		dmg += signedNum(m)
	}
	return toHit, dmg
}

// sheetReply renders a 5e sheet as an embed worth a screenshot.
func sheetReply(req *Request, c *dnd5e.Character) *Reply {
	ac, _ := c.ArmorClass()
	res := sheetResult{
		hpStatus: statusOf(c), Name: c.Name, AC: ac, Proficiency: c.Proficiency(),
		Modifiers: map[string]int{}, Saves: map[string]int{}, Skills: map[string]int{}, Sheet: c,
	}
	speed, _ := c.EffectiveSpeed()
	res.Speed = speed
	init := c.Mod(dnd5e.Dex)
	summary := []string{
		hpLine(req, c),
		req.T("play.sheet.ac", "AC", ac),
		req.T("play.sheet.speed", "Speed", speed),
		req.T("play.sheet.proficiency", "Bonus", signedNum(c.Proficiency())),
		req.T("play.sheet.initiative", "Bonus", signedNum(init)),
	}
	body := []string{strings.Join(summary, " · ")}
	if s := stateLine(req, c); s != "" {
		body = append(body, s)
	}
	var abilities, saves []string
	for _, a := range dnd5e.Abilities() {
		m := c.Mod(a)
		res.Modifiers[string(a)] = m
		abilities = append(abilities, req.P.Paren(req.T(a.Key())+" **"+strconv.Itoa(c.Scores.Get(a))+"**", signedNum(m)))
		mark := "○"
		if c.SaveProficient(a) {
			mark = "●"
		}
		res.Saves[string(a)] = c.SaveBonus(a)
		saves = append(saves, mark+" "+req.T(a.Key())+" "+signedNum(c.SaveBonus(a)))
	}
	var skills []string
	for _, s := range dnd5e.Skills() {
		mark := "○"
		switch {
		case c.HasExpertise(s.ID):
			mark = "◆"
		case c.Proficient(s.ID):
			mark = "●"
		}
		res.Skills[string(s.ID)] = c.SkillBonus(s.ID)
		skills = append(skills, mark+" "+req.T(s.ID.Key())+" "+signedNum(c.SkillBonus(s.ID)))
	}
	half := (len(skills) + 1) / 2
	title := req.T("play.sheet.title", "Name", c.Name, "Class", req.T(c.Class.Key()), "Level", c.Level)
	if c.Subclass != "" {
		title = req.P.Paren(title, req.T(c.Subclass.Key()))
	}
	r := &Reply{
		Title:  title,
		Footer: c.Name,
		Fields: []Field{
			{Name: req.T("play.sheet.abilities"), Value: strings.Join(abilities, "\n"), Inline: true},
			{Name: req.T("play.sheet.saves"), Value: strings.Join(saves, "\n"), Inline: true},
			{Name: req.T("play.sheet.skills"), Value: strings.Join(skills[:half], "\n"), Inline: true},
			{Value: strings.Join(skills[half:], "\n"), Inline: true}, // a continuation: no name
		},
	}
	if p, err := c.PassiveScore(dnd5e.Perception, dnd5e.Normal); err == nil {
		res.Passive = p.Score
	}
	r.Fields = append(r.Fields,
		Field{Name: req.T("play.sheet.hit_dice"), Value: req.T("play.sheet.hit_dice_value", "Left", c.HitDice, "Total", c.Level, "Die", c.HitDie()), Inline: true},
		Field{Name: req.T("play.sheet.passive"), Value: strconv.Itoa(res.Passive), Inline: true},
	)
	if dc, err := c.SpellSaveDC(); err == nil {
		atk, _ := c.SpellAttackBonus()
		res.SpellDC, res.SpellAttack = dc, &atk
		v := req.T("play.sheet.spell_value", "Ability", req.T(c.SpellAbility.Key()), "DC", dc, "Attack", signedNum(atk))
		var slots []string
		for i, s := range c.SpellSlots {
			if s.Max > 0 {
				slots = append(slots, req.T("play.sheet.slot", "Level", i+1, "Left", s.Max-s.Used, "Max", s.Max))
			}
		}
		if len(slots) > 0 {
			v += "\n" + strings.Join(slots, " · ")
		}
		r.Fields = append(r.Fields, Field{Name: req.T("play.sheet.spellcasting"), Value: v, Inline: true})
	}
	var attacks []string
	for _, a := range c.Attacks {
		toHit, dmg := attackNumbers(c, a)
		row := sheetAttackResult{Name: a.Name, ToHit: toHit, Damage: dmg}
		line := req.T("play.sheet.attack_line", "Name", a.Name, "ToHit", signedNum(toHit), "Damage", localizeDamageLabels(req, dmg))
		if rg := a.Range; rg.Normal > 0 { // "elven bow … 100/400"
			row.Range = &rg
			line += " · " + req.T("play.sheet.attack_range", "Normal", rg.Normal, "Long", rg.Long)
		}
		res.Attacks = append(res.Attacks, row)
		attacks = append(attacks, line)
	}
	if len(attacks) == 0 {
		attacks = []string{req.T("play.sheet.no_attacks")}
	}
	r.Fields = append(r.Fields, Field{Name: req.T("play.sheet.attacks"), Value: strings.Join(attacks, "\n")})
	r.Fields = append(r.Fields, Field{Name: req.T("play.sheet.conditions"), Value: conditionsText(req, c)})
	var defences []string
	for _, d := range []struct {
		key  string
		list []dnd5e.DamageType
	}{{"play.sheet.resist", c.Resist}, {"play.sheet.vuln", c.Vuln}, {"play.sheet.immune", c.Immune}} {
		if len(d.list) == 0 {
			continue
		}
		names := make([]string, len(d.list))
		for i, t := range d.list {
			names[i] = req.T(t.Key())
		}
		defences = append(defences, req.T(d.key, "Types", req.P.List(names)))
	}
	if len(defences) > 0 {
		r.Fields = append(r.Fields, Field{Name: req.T("play.sheet.defences"), Value: strings.Join(defences, "\n")})
	}
	r.Fields = append(r.Fields, sheetEffectFields(req, c, &res)...)
	r.Body = strings.Join(body, "\n")
	r.Result = res
	return r
}

// conditionsText lists the character's conditions with durations and exhaustion, or "none".
func conditionsText(req *Request, c *dnd5e.Character) string {
	var out []string
	for _, s := range c.ListConditions() {
		name := conditionLabel(req, s.ID, s.Level)
		switch {
		case s.ImpliedBy != "":
			name = req.T("play.condition.implied", "Name", name, "By", req.T(s.ImpliedBy.Key()))
		case s.Rounds > 0:
			name = req.T("play.condition.rounds", "Name", name, "Rounds", s.Rounds)
		}
		out = append(out, name)
	}
	if len(out) == 0 {
		return req.T("play.none")
	}
	return req.P.List(out)
}
