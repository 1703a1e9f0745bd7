package bot

import (
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/rogue"
)

// The Rogue's Tale part of /sheet: the options a new sheet reads, building it, and showing it.

// rogueSystem is the Rogue's Tale sheetSystem.
type rogueSystem struct{}

// shieldChoices are the 2.0 shields (digest A17) offered by `/sheet create shield:`.
var shieldChoices = []string{"buckler", "target", "shield", "barrier"}

// shieldBlocks is each shield's min and max block.
var shieldBlocks = map[string]rogue.Shield{
	"buckler": {MinBlock: 1, MaxBlock: 2},
	"target":  {MinBlock: 1, MaxBlock: 3},
	"shield":  {MinBlock: 2, MaxBlock: 4},
	"barrier": {MinBlock: 2, MaxBlock: 5},
}

// The fields `/sheet set` accepts for a Rogue's Tale sheet.
var fieldsRogue = []string{
	"ability_damage", "agi", "agi_enhance", "aura", "bonus_hp", "cha", "cha_enhance", "crit_mod", "cursed", "daemon",
	"energy", "hp", "hunger", "immune", "large_weapon", "level", "luck", "max_block", "max_cast", "max_dodge",
	"max_parry", "monster", "race", "resist", "sex", "shield", "size", "spells", "sta", "sta_enhance", "str",
	"str_enhance", "talents", "thirst", "undead", "weak",
}

// createOptions are what a Rogue's Tale sheet reads besides system and name. level, str, cha and hp are shared
// with 5e (merged by name: 5e's bounds apply, which fit); the others are Rogue's Tale's own.
func (rogueSystem) createOptions() []*Option {
	score := func(name string) *Option {
		return &Option{Name: name, Type: Integer, Min: Bound(rogue.MinScore), Max: Bound(rogue.MaxScore)}
	}
	capOpt := func(name string) *Option {
		return &Option{Name: name, Type: Integer, Min: Bound(0), Max: Bound(rogue.MaxCap)}
	}
	return []*Option{
		{Name: "level", Type: Integer, Min: Bound(rogue.MinLevel), Max: Bound(rogue.MaxLevel)},
		score("str"), score("cha"),
		{Name: "hp", Type: Integer, Min: Bound(1), Max: Bound(rogue.MaxHPLimit)},
		{Name: "race", Type: String, Choices: []string{string(rogue.Human), string(rogue.Orc)}},
		{Name: "sex", Type: String, Choices: []string{string(rogue.Male), string(rogue.Female)}},
		score("agi"), score("sta"),
		{Name: "talents", Type: String, MaxLen: 500},
		capOpt("max_dodge"), capOpt("max_block"), capOpt("max_parry"), capOpt("max_cast"),
		{Name: "shield", Type: String, Choices: shieldChoices},
	}
}

// create builds a sheet: human male level 1 with every base score 7 unless given, full HP and energy, hunger
// and thirst Satiated. The rules enforce the rule of three, the talent budget and prerequisites.
func (sys rogueSystem) create(req *Request, in *play.NewSheet) {
	if in.Rogue.Err = refuseCreateOptions(req, sys, systemRogue); in.Rogue.Err == nil {
		in.Rogue.In, in.Rogue.Err = sys.build(req)
	}
}

func (rogueSystem) build(req *Request) (*rogue.Character, error) {
	race, sex := rogue.Human, rogue.Male
	if req.Has("race") {
		race = rogue.Race(req.Str("race"))
	}
	if req.Has("sex") {
		sex = rogue.Sex(req.Str("sex"))
	}
	var base rogue.Attributes
	for _, a := range rogue.AllAttributes() {
		base.Set(a, req.Int(string(a), 7))
	}
	talents, err := parseRogueTalents(req.Str("talents"))
	if err != nil {
		return nil, err
	}
	var eq rogue.Equipment
	for name, p := range map[string]**int{"max_dodge": &eq.MaxDodge, "max_parry": &eq.MaxParry, "max_cast": &eq.MaxCast} {
		if req.Has(name) {
			*p = rogue.Cap(req.Int(name, 0))
		}
	}
	if req.Has("shield") {
		s := shieldBlocks[req.Str("shield")]
		eq.Shield = &s
	}
	if req.Has("max_block") {
		if eq.Shield == nil {
			eq.Shield = &rogue.Shield{}
		}
		eq.Shield.MaxBlock = req.Int("max_block", 0)
	}
	c, err := rogue.New(req.Str("name"), race, sex, req.Int("level", 1), base, rogue.NewOptions{Talents: talents, Equip: eq})
	if err != nil {
		return nil, err
	}
	if req.Has("hp") {
		if err := play.SetRogueMaxHP(c, req.Int("hp", 0)); err != nil {
			return nil, err
		}
		c.HP = c.MaxHP
	}
	return c, nil
}

func (rogueSystem) fields() []string { return fieldsRogue }

func (rogueSystem) show(req *Request, sh *play.Sheet) *Reply {
	r := rogueSheetReply(req, sh.Rogue)
	for _, x := range sh.Ended { // /sheet set ended them: Mage Armour on an equipment change (A24)
		r.Body = req.T("rt.sheet.effect_ended", "Name", sh.Name, "Effect", req.T(x.Key())) + "\n" + r.Body
	}
	return r
}

// rtSheetResult is the JSON of /sheet show (and create/set) for a Rogue's Tale character.
type rtSheetResult struct {
	rogueStatus
	Name      string              `json:"name"`
	Race      string              `json:"race"`
	Sex       string              `json:"sex"`
	Size      string              `json:"size"`
	Level     int                 `json:"level"`
	Scores    map[string]int      `json:"scores"`
	Modifiers map[string]int      `json:"modifiers"`
	Defences  rogue.DefenceValues `json:"defences"`
	Used      rogue.DefenceUse    `json:"used"`
	Hunger    rogue.TrackState    `json:"hunger"`
	Thirst    rogue.TrackState    `json:"thirst"`
	Effects   []rogue.Effect      `json:"effects"`
	Sheet     *rogue.Character    `json:"sheet"`
}

// rogueSheetReply renders a Rogue's Tale sheet as an embed.
func rogueSheetReply(req *Request, c *rogue.Character) *Reply {
	res := rtSheetResult{
		rogueStatus: statusRogue(c), Name: c.Name, Race: string(c.Race), Sex: string(c.Sex), Size: string(c.Size), Level: c.Level,
		Scores: map[string]int{}, Modifiers: map[string]int{}, Defences: c.Defences(), Used: c.Used,
		Hunger: play.TrackState(rogue.TrackHunger, c.Hunger), Thirst: play.TrackState(rogue.TrackThirst, c.Thirst),
		Effects: c.Effects, Sheet: c,
	}
	if res.Effects == nil {
		res.Effects = []rogue.Effect{}
	}
	body := []string{statusLine(req, c) + " · " + req.T("rt.sheet.size", "Size", req.T(c.Size.Key()))}
	if tags := rtSheetTags(req, c); len(tags) > 0 {
		body = append(body, strings.Join(tags, " · "))
	}
	for _, a := range rogue.AllAttributes() {
		res.Scores[string(a)] = c.Score(a)
		res.Modifiers[string(a)] = c.Mod(a)
	}
	var spells, effects []string
	for _, s := range c.Spells {
		spells = append(spells, req.T(s.Key()))
	}
	for _, e := range c.Effects {
		effects = append(effects, effectText(req, e))
	}
	return &Reply{
		Title:  req.T("rt.sheet.title", "Name", c.Name, "Race", req.T(c.Race.Key()), "Sex", req.T(c.Sex.Key()), "Level", c.Level),
		Body:   strings.Join(body, "\n"),
		Footer: c.Name,
		Fields: []Field{
			{Name: req.T("rt.sheet.attributes"), Value: strings.Join(rtSheetAttributes(req, c), "\n"), Inline: true},
			{Name: req.T("rt.sheet.defences"), Value: rtSheetDefences(req, c, res.Defences), Inline: true},
			{Name: req.T("rt.sheet.tracks"), Value: req.P.Label(req.T(rogue.TrackHunger.Key()), trackText(req, res.Hunger)) + "\n" +
				req.P.Label(req.T(rogue.TrackThirst.Key()), trackText(req, res.Thirst)), Inline: true},
			{Name: req.T("rt.sheet.damage_types"), Value: strings.Join(rtSheetDamageTypes(req, c), "\n"), Inline: true},
			{Name: req.T("rt.sheet.equipment"), Value: strings.Join(rtSheetEquipment(req, c), "\n"), Inline: true},
			{Name: req.T("rt.sheet.talents"), Value: rtSheetTalents(req, c)},
			{Name: req.T("rt.sheet.spells"), Value: rtNames(req, spells)},
			{Name: req.T("rt.sheet.effects"), Value: rtNames(req, effects)},
		},
		Result: res,
	}
}

// rtNames lists names, or says none.
func rtNames(req *Request, names []string) string {
	if len(names) == 0 {
		return req.T("rt.none")
	}
	return req.P.List(names)
}

// rtSheetTags are the creature's kind (monster, undead, daemon) and form.
func rtSheetTags(req *Request, c *rogue.Character) []string {
	var tags []string
	for _, t := range []struct {
		on  bool
		key string
	}{{c.Monster, "rt.sheet.monster"}, {c.Undead, "rt.sheet.undead"}, {c.Daemon, "rt.sheet.daemon"}} {
		if t.on {
			tags = append(tags, req.T(t.key))
		}
	}
	if c.Form != rogue.FormNone {
		tags = append(tags, req.T("rt.sheet.form", "Form", req.T(c.Form.Key())))
	}
	return tags
}

// rtSheetAttributes are the attribute lines: score, its parts when it is not the base alone, and modifier.
func rtSheetAttributes(req *Request, c *rogue.Character) []string {
	var attrs []string
	for _, a := range rogue.AllAttributes() {
		parts := strconv.Itoa(c.Base.Get(a))
		if n := c.Enhance.Get(a); n != 0 {
			parts += " " + signedNum(n)
		}
		if n := c.AbilityDamage.Get(a); n != 0 {
			parts += " " + req.T("rt.sheet.ability_damage", "Amount", n)
		}
		if n := c.Score(a) - c.Base.Get(a) - c.Enhance.Get(a) + c.AbilityDamage.Get(a); n != 0 {
			parts += " " + req.T("rt.sheet.buff", "Amount", signedNum(n))
		}
		if parts == strconv.Itoa(c.Score(a)) {
			attrs = append(attrs, req.T("rt.sheet.attr_line_plain", "Name", req.T(a.Key()), "Score", c.Score(a), "Mod", signedNum(c.Mod(a))))
			continue
		}
		attrs = append(attrs, req.T("rt.sheet.attr_line", "Name", req.T(a.Key()), "Score", c.Score(a), "Parts", parts, "Mod", signedNum(c.Mod(a))))
	}
	return attrs
}

// rtSheetDefences are the defence values and which were used this turn.
func rtSheetDefences(req *Request, c *rogue.Character, d rogue.DefenceValues) string {
	def := []string{req.T("rt.sheet.dodge", "Value", signedNum(d.Dodge))}
	if d.HasShield {
		def = append(def, req.T("rt.sheet.block", "Value", signedNum(d.Block), "Deflect", d.Deflect))
	}
	if d.HasParry {
		def = append(def, req.T("rt.sheet.parry", "Value", signedNum(d.Parry)))
	}
	var used []string
	for _, u := range []struct {
		on bool
		d  rogue.Defence
	}{{c.Used.Dodge, rogue.DefenceDodge}, {c.Used.Block, rogue.DefenceBlock}, {c.Used.Parry, rogue.DefenceParry}} {
		if u.on {
			used = append(used, req.T(u.d.Key()))
		}
	}
	usedLine := req.T("rt.sheet.defences_fresh")
	if len(used) > 0 {
		usedLine = req.T("rt.sheet.defences_used", "List", req.P.List(used))
	}
	return strings.Join(def, "\n") + "\n" + usedLine
}

// rtSheetDamageTypes are the resistances, immunities, weaknesses and aura.
func rtSheetDamageTypes(req *Request, c *rogue.Character) []string {
	var resist, immune, weak []string
	for _, t := range rogue.DamageTypes() { // with the spells' buffs (Divine Grace, Divine Might, Mage Armour)
		_, stored := c.Resist[t]
		body, head := c.Resistance(t, rogue.Body), c.Resistance(t, rogue.Head)
		if stored || body != 0 || head != 0 {
			resist = append(resist, req.T("rt.sheet.resist_line", "Type", req.T(t.Key()), "Body", body, "Head", head))
		}
	}
	for _, i := range c.Immune {
		immune = append(immune, req.T(i.Key()))
	}
	for _, w := range c.Weak {
		weak = append(weak, req.T(w.Key()))
	}
	aura := req.T("rt.none")
	if c.Aura != "" {
		aura = req.T(c.Aura.Key())
	}
	return []string{
		req.T("rt.sheet.resist", "List", rtNames(req, resist)),
		req.T("rt.sheet.immune", "List", rtNames(req, immune)),
		req.T("rt.sheet.weak", "List", rtNames(req, weak)),
		req.T("rt.sheet.aura", "Type", aura),
	}
}

// rtSheetTalents are the talents, with the points they use for a character.
func rtSheetTalents(req *Request, c *rogue.Character) string {
	var talents []string
	points := 0
	for _, t := range c.Talents {
		talents = append(talents, req.T(t.Key()))
		if t != rogue.Clearcasting {
			points++
		}
	}
	value := rtNames(req, talents)
	if !c.Monster {
		value += "\n" + req.T("rt.sheet.talent_points", "Used", points, "Max", rogue.TalentPoints(c.Level))
	}
	return value
}

// rtSheetEquipment are the equipment caps and items, and the fumble and crit thresholds.
func rtSheetEquipment(req *Request, c *rogue.Character) []string {
	capText := func(p *int) string {
		if p == nil {
			return req.T("rt.sheet.no_cap")
		}
		return signedNum(*p)
	}
	eq := []string{
		req.T("rt.sheet.max_dodge", "Value", capText(c.Equip.MaxDodge)),
		req.T("rt.sheet.max_cast", "Value", capText(c.Equip.MaxCast)),
	}
	if s := c.Equip.Shield; s != nil {
		eq = append(eq, req.T("rt.sheet.shield", "Min", s.MinBlock, "Max", s.MaxBlock))
	}
	if c.Equip.MaxParry != nil {
		eq = append(eq, req.T("rt.sheet.max_parry", "Value", signedNum(*c.Equip.MaxParry)))
	}
	if c.Equip.Cursed > 0 {
		eq = append(eq, req.T("rt.sheet.cursed", "N", c.Equip.Cursed))
	}
	if c.Equip.Luck {
		eq = append(eq, req.T(rogue.SrcLuck))
	}
	if c.Equip.LargeWeapon {
		eq = append(eq, req.T(rogue.WeaponLarge.Key()))
	}
	cfm, _ := c.FumbleMod()
	csm, _ := c.CritMod()
	return append(eq, req.T("rt.sheet.thresholds", "Fumble", 2+cfm, "Crit", 12-csm))
}
