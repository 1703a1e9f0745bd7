package bot

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"rulekeeper/play"
	"rulekeeper/rules/rogue"
)

// This file is the Rogue's Tale part of `/sheet` (create, show, set, rename; import re-validates through
// rename), reading and writing a Rogue's Tale sheet inside a transaction, and reading the names players type
// for the rules' ids (English ids or names in any of the four languages).

// systemRogue is the system id of Rogue's Tale characters.
const systemRogue = "rogue"

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

func (rogueSystem) show(req *Request, sh *play.Sheet) *Reply { return rogueSheetReply(req, sh.Rogue) }

func (rogueSystem) edit(req *Request, field, value string, e *play.SheetEdit) {
	e.Rogue = func(c *rogue.Character) error { return setRogue(c, field, value) }
}

// setRogue changes one field through Character.Update (or a checked setter), so the rule of three, the talent
// budget, literacy, caps and every bound are enforced and a refused value changes nothing.
func setRogue(c *rogue.Character, field, value string) error {
	var err error
	value = strings.TrimSpace(value)
	num := func() (int, error) {
		n, err := strconv.Atoi(strings.TrimPrefix(value, "+"))
		if err != nil {
			return 0, Errorf("rt.err.bad_field_number", "Field", field, "Value", value)
		}
		return n, nil
	}
	boolean := func() (bool, error) {
		switch strings.ToLower(value) {
		case "true", "yes", "1", "on":
			return true, nil
		case "false", "no", "0", "off":
			return false, nil
		}
		return false, Errorf("rt.err.bad_field_bool", "Field", field, "Value", value)
	}
	// capValue reads an equipment cap: a number, or none (no limit / no item).
	capValue := func() (*int, error) {
		if isNone(value) {
			return nil, nil
		}
		n, err := num()
		if err != nil {
			return nil, err
		}
		return rogue.Cap(n), nil
	}
	var change func(*rogue.Character)
	switch field {
	case "str", "agi", "sta", "cha":
		n, err := num()
		if err != nil {
			return err
		}
		change = func(cp *rogue.Character) { cp.Base.Set(rogue.Attribute(field), n) }
	case "str_enhance", "agi_enhance", "sta_enhance", "cha_enhance":
		n, err := num()
		if err != nil {
			return err
		}
		a := rogue.Attribute(strings.TrimSuffix(field, "_enhance"))
		change = func(cp *rogue.Character) { cp.Enhance.Set(a, n) }
	case "ability_damage":
		dmg, err := parseAttributeValues(value)
		if err != nil {
			return err
		}
		change = func(cp *rogue.Character) { cp.AbilityDamage = dmg }
	case "level":
		n, err := num()
		if err != nil {
			return err
		}
		change = func(cp *rogue.Character) { cp.Level = n }
	case "race":
		r, err := parseRogueRace(value)
		if err != nil {
			return err
		}
		change = func(cp *rogue.Character) { cp.Race = r }
	case "sex":
		s, err := parseRogueSex(value)
		if err != nil {
			return err
		}
		change = func(cp *rogue.Character) { cp.Sex = s }
	case "size":
		s, err := parseRogueSize(value)
		if err != nil {
			return err
		}
		change = func(cp *rogue.Character) { cp.Size = s }
	case "monster", "undead", "daemon", "luck", "large_weapon":
		v, err := boolean()
		if err != nil {
			return err
		}
		change = func(cp *rogue.Character) {
			switch field {
			case "monster":
				cp.Monster = v
			case "undead":
				cp.Undead = v
			case "daemon":
				cp.Daemon = v
			case "luck":
				cp.Equip.Luck = v
			default:
				cp.Equip.LargeWeapon = v
			}
		}
	case "talents":
		t, err := parseRogueTalents(value)
		if err != nil {
			return err
		}
		change = func(cp *rogue.Character) { cp.Talents = t }
	case "spells":
		s, err := parseRogueSpells(value)
		if err != nil {
			return err
		}
		change = func(cp *rogue.Character) { cp.Spells = s }
	case "max_dodge", "max_parry", "max_cast":
		p, err := capValue()
		if err != nil {
			return err
		}
		change = func(cp *rogue.Character) {
			switch field {
			case "max_dodge":
				cp.Equip.MaxDodge = p
			case "max_parry":
				cp.Equip.MaxParry = p
			default:
				cp.Equip.MaxCast = p
			}
		}
	case "shield":
		s, err := parseShield(value)
		if err != nil {
			return err
		}
		change = func(cp *rogue.Character) { cp.Equip.Shield = s }
	case "max_block":
		n, err := num()
		if err != nil {
			return err
		}
		change = func(cp *rogue.Character) {
			s := rogue.Shield{}
			if cp.Equip.Shield != nil {
				s = *cp.Equip.Shield
			}
			s.MaxBlock = n
			cp.Equip.Shield = &s
		}
	case "cursed", "crit_mod":
		n, err := num()
		if err != nil {
			return err
		}
		change = func(cp *rogue.Character) {
			if field == "cursed" {
				cp.Equip.Cursed = n
			} else {
				cp.Equip.CritMod = n
			}
		}
	case "resist":
		r, err := parseResistances(value)
		if err != nil {
			return err
		}
		change = func(cp *rogue.Character) { cp.Resist = r }
	case "immune":
		var list []rogue.Immunity
		for _, p := range splitList(value) {
			i, err := parseRogueImmunity(p)
			if err != nil {
				return err
			}
			list = append(list, i)
		}
		change = func(cp *rogue.Character) { cp.Immune = list }
	case "weak":
		var list []rogue.DamageType
		for _, p := range splitList(value) {
			d, err := parseRogueDamageType(p)
			if err != nil {
				return err
			}
			list = append(list, d)
		}
		change = func(cp *rogue.Character) { cp.Weak = list }
	case "aura":
		var aura rogue.DamageType
		if !isNone(value) {
			if aura, err = parseRogueDamageType(value); err != nil {
				return err
			}
		}
		change = func(cp *rogue.Character) { cp.Aura = aura }
	case "hunger", "thirst":
		track := rogue.Track(field)
		n, err := parseTrackValue(track, value)
		if err != nil {
			return err
		}
		change = func(cp *rogue.Character) {
			if track == rogue.TrackHunger {
				cp.Hunger = n
			} else {
				cp.Thirst = n
			}
		}
	case "bonus_hp":
		n, err := num()
		if err != nil {
			return err
		}
		change = func(cp *rogue.Character) { cp.BonusHP = n }
	case "hp":
		n, err := num()
		if err != nil {
			return err
		}
		if err := c.SetHP(n); err != nil {
			return err
		}
	case "energy":
		n, err := num()
		if err != nil {
			return err
		}
		if err := c.SetEnergy(n); err != nil {
			return err
		}
	default:
		return Errorf("rt.err.unknown_field", "Field", field, "Fields", strings.Join(fieldsRogue, ", "))
	}
	if change != nil {
		return c.Update(change)
	}
	return nil
}

func isNone(s string) bool {
	s = strings.TrimSpace(s)
	return s == "" || s == "-" || strings.EqualFold(s, "none") || strings.EqualFold(s, "no")
}

// parseShield reads a shield: buckler, target, shield, barrier, "min/max" (e.g. 1/3), or none.
func parseShield(value string) (*rogue.Shield, error) {
	v := strings.ToLower(strings.TrimSpace(value))
	if isNone(v) {
		return nil, nil
	}
	if s, ok := shieldBlocks[v]; ok {
		return &s, nil
	}
	lo, hi, ok := strings.Cut(v, "/")
	a, err1 := strconv.Atoi(strings.TrimSpace(lo))
	b, err2 := strconv.Atoi(strings.TrimSpace(hi))
	if !ok || err1 != nil || err2 != nil {
		return nil, Errorf("rt.err.bad_shield", "Value", value)
	}
	return &rogue.Shield{MinBlock: a, MaxBlock: b}, nil
}

// parseResistances reads "fire:2, physical:1/2" (body/head; one number counts for both), or none.
func parseResistances(value string) (map[rogue.DamageType]rogue.Resistance, error) {
	parts := splitList(value)
	if len(parts) == 0 || isNone(value) {
		return nil, nil
	}
	out := map[rogue.DamageType]rogue.Resistance{}
	for _, p := range parts {
		name, v, ok := cutAny(p, ":：=")
		if !ok {
			return nil, Errorf("rt.err.bad_resist", "Value", p)
		}
		d, err := parseRogueDamageType(name)
		if err != nil {
			return nil, err
		}
		body, head, two := strings.Cut(v, "/")
		b, err := strconv.Atoi(strings.TrimSpace(body))
		if err != nil {
			return nil, Errorf("rt.err.bad_resist", "Value", p)
		}
		h := b
		if two {
			if h, err = strconv.Atoi(strings.TrimSpace(head)); err != nil {
				return nil, Errorf("rt.err.bad_resist", "Value", p)
			}
		}
		out[d] = rogue.Resistance{Body: b, Head: h}
	}
	return out, nil
}

// parseAttributeValues reads "sta:1, agi:2" (attributes not named are 0), or none.
func parseAttributeValues(value string) (rogue.Attributes, error) {
	var out rogue.Attributes
	if isNone(value) {
		return out, nil
	}
	for _, p := range splitList(value) {
		name, v, ok := cutAny(p, ":：=")
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if !ok || err != nil {
			return out, Errorf("rt.err.bad_attribute_values", "Value", p)
		}
		a, err := parseRogueAttr(name)
		if err != nil {
			return out, err
		}
		out.Set(a, n)
	}
	return out, nil
}

// cutAny cuts s around the first of the separators.
func cutAny(s, seps string) (before, after string, ok bool) {
	if i := strings.IndexAny(s, seps); i >= 0 {
		_, size := utf8.DecodeRuneInString(s[i:])
		return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+size:]), true
	}
	return s, "", false
}

// parseTrackValue reads a hunger or thirst counter (turns left, e.g. 1620) or a level name (satiated, 满足 …),
// which sets the counter to the middle of that level (digest A11).
func parseTrackValue(t rogue.Track, value string) (int, error) {
	if n, err := strconv.Atoi(strings.TrimSpace(value)); err == nil {
		return n, nil
	}
	kind := rkHunger
	if t == rogue.TrackThirst {
		kind = rkThirst
	}
	if id := lookupRogue(kind, value); id != "" {
		l, _ := strconv.Atoi(id)
		return rogue.SetLevel(l), nil
	}
	return 0, Errorf("rt.err.bad_track", "Value", value)
}

// lookupRogue finds the id of a typed name of one kind of Rogue's Tale ids ("" when unknown).
func lookupRogue(kind, s string) string { return lookupName(kind, s) }

func rogueErr(code string, kv ...any) error { return &rogue.Error{Code: code, Args: pairs(kv)} }

func parseRogueAttr(s string) (rogue.Attribute, error) {
	if id := lookupRogue(rkAttr, s); id != "" {
		return rogue.Attribute(id), nil
	}
	return "", rogueErr(rogue.ErrUnknownAttribute, "Attribute", s)
}

func parseRogueRace(s string) (rogue.Race, error) {
	if id := lookupRogue(rkRace, s); id != "" {
		return rogue.Race(id), nil
	}
	return "", rogueErr(rogue.ErrUnknownRace, "Race", s)
}

func parseRogueSex(s string) (rogue.Sex, error) {
	if id := lookupRogue(rkSex, s); id != "" {
		return rogue.Sex(id), nil
	}
	return rogue.ParseSex(s) // m / f
}

func parseRogueSize(s string) (rogue.Size, error) {
	if id := lookupRogue(rkSize, s); id != "" {
		return rogue.Size(id), nil
	}
	return "", rogueErr(rogue.ErrUnknownSize, "Size", s)
}

func parseRogueTalent(s string) (rogue.Talent, error) {
	if id := lookupRogue(rkTalent, s); id != "" {
		return rogue.Talent(id), nil
	}
	return "", rogueErr(rogue.ErrUnknownTalent, "Talent", s)
}

func parseRogueSpell(s string) (rogue.Spell, error) {
	if id := lookupRogue(rkSpell, s); id != "" {
		return rogue.Spell(id), nil
	}
	return "", rogueErr(rogue.ErrUnknownSpell, "Spell", s)
}

func parseRogueDamageType(s string) (rogue.DamageType, error) {
	if id := lookupRogue(rkDamage, s); id != "" {
		return rogue.DamageType(id), nil
	}
	return "", rogueErr(rogue.ErrUnknownDamageType, "Type", s)
}

func parseRogueImmunity(s string) (rogue.Immunity, error) {
	if id := lookupRogue(rkImmunity, s); id != "" {
		return rogue.Immunity(id), nil
	}
	return "", rogueErr(rogue.ErrUnknownDamageType, "Type", s)
}

func parseRogueTalents(s string) ([]rogue.Talent, error) {
	var out []rogue.Talent
	for _, p := range splitList(s) {
		t, err := parseRogueTalent(p)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

func parseRogueSpells(s string) ([]rogue.Spell, error) {
	var out []rogue.Spell
	for _, p := range splitList(s) {
		sp, err := parseRogueSpell(p)
		if err != nil {
			return nil, err
		}
		out = append(out, sp)
	}
	return out, nil
}

// effectKindTable is the id table a lingering effect's name is read from, by kind ("": the kind has no name).
func effectKindTable(k rogue.EffectKind) string {
	switch k {
	case rogue.KindCurse:
		return rkCurse
	case rogue.KindPoison:
		return rkPoison
	case rogue.KindDisease:
		return rkDisease
	case rogue.KindState:
		return rkState
	case rogue.KindSpell:
		return rkSpell
	}
	return ""
}

// parseEffectName reads an effect's name for its kind ("" for haste and slow).
func parseEffectName(k rogue.EffectKind, s string) (string, error) {
	table := effectKindTable(k)
	if table == "" {
		if strings.TrimSpace(s) != "" {
			return "", rogueErr(rogue.ErrUnknownEffect, "Kind", string(k), "ID", s)
		}
		return "", nil
	}
	if strings.TrimSpace(s) == "" {
		return "", Errorf("rt.effect.err.need_name", "Kind", string(k))
	}
	if id := lookupRogue(table, s); id != "" {
		return id, nil
	}
	return "", rogueErr(rogue.ErrUnknownEffect, "Kind", string(k), "ID", s)
}

// rogueIDKey is the catalog key naming an id in a Rogue's Tale rules error's data; "" leaves the value as it is
// (an unknown id is what the user typed).
func rogueIDKey(code, arg, s string) string {
	switch arg {
	case "Attribute":
		return rogue.Attribute(s).Key()
	case "Race":
		return rogue.Race(s).Key()
	case "Sex":
		return rogue.Sex(s).Key()
	case "Size":
		if code == rogue.ErrBadHand {
			return rogue.WeaponSize(s).Key()
		}
		return rogue.Size(s).Key()
	case "Talent", "Needs":
		return rogue.Talent(s).Key()
	case "Spell":
		return rogue.Spell(s).Key()
	case "State":
		return rogue.State(s).Key()
	case "Type":
		return rogue.Immunity(s).Key()
	case "Hand":
		return rogue.Hand(s).Key()
	case "Kind":
		if code == rogue.ErrTalentAttack {
			return rogue.AttackKind(s).Key()
		}
		return rogue.EffectKind(s).Key()
	case "Need":
		switch s {
		case "undead":
			return "rt.need.undead"
		case "daemon":
			return "rt.need.daemon"
		}
	case "Name":
		if code == rogue.ErrDuplicate {
			for _, k := range []string{rogue.Talent(s).Key(), rogue.Spell(s).Key(), rogue.Immunity(s).Key()} {
				if k != "" {
					return k
				}
			}
		}
	}
	return ""
}

// --- autocomplete ---

// completeRogue suggests the entries (ids of kinds, named by their keys) whose id or name (in any language)
// contains what was typed.
func completeRogue(req *Request, ids []string, keys []string, kinds ...string) []Choice {
	var entries []Choice
	for i, id := range ids {
		entries = append(entries, Choice{Name: req.T(keys[i]), Value: id})
	}
	return completeNames(req, entries, kinds...)
}

// completeRogueCheck suggests the attributes and the named checks of Rogue's Tale.
func completeRogueCheck(req *Request) []Choice {
	var ids, keys []string
	for _, a := range rogue.AllAttributes() {
		ids, keys = append(ids, string(a)), append(keys, a.Key())
	}
	for _, k := range []rogue.CheckKind{rogue.CheckMental, rogue.CheckReflex, rogue.CheckSearch} {
		ids, keys = append(ids, string(k)), append(keys, k.Key())
	}
	return completeRogue(req, ids, keys, rkAttr, rkCheck)
}

func completeRogueDamageType(req *Request) []Choice {
	var ids, keys []string
	for _, d := range rogue.DamageTypes() {
		ids, keys = append(ids, string(d)), append(keys, d.Key())
	}
	return completeRogue(req, ids, keys, rkDamage)
}

// completeRogueTalent suggests the acting character's active talents (every active talent without one).
func (b *Bot) completeRogueTalent(req *Request) []Choice {
	var known []rogue.Talent
	if sh := b.acting(req); sh != nil && sh.Rogue != nil {
		known = sh.Rogue.Talents
	}
	var ids, keys []string
	for _, t := range rogue.Talents() {
		if t.Active && (len(known) == 0 || slices.Contains(known, t.ID)) {
			ids, keys = append(ids, string(t.ID)), append(keys, t.ID.Key())
		}
	}
	return completeRogue(req, ids, keys, rkTalent)
}

// completeRogueSpell suggests the caster's spells (every spell when it knows none: scrolls).
func (b *Bot) completeRogueSpell(req *Request) []Choice {
	var known []rogue.Spell
	if sh := b.acting(req); sh != nil && sh.Rogue != nil {
		known = sh.Rogue.Spells
	}
	var ids, keys []string
	for _, s := range rogue.Spells() {
		if len(known) == 0 || slices.Contains(known, s.ID) {
			ids, keys = append(ids, string(s.ID)), append(keys, s.ID.Key())
		}
	}
	return completeRogue(req, ids, keys, rkSpell)
}

// completeEffectName suggests the names of the effect kind already chosen (every kind's when none is).
func completeEffectName(req *Request) []Choice {
	kinds := []rogue.EffectKind{rogue.KindCurse, rogue.KindPoison, rogue.KindDisease, rogue.KindState, rogue.KindSpell}
	if k := rogue.EffectKind(req.Str("kind")); effectKindTable(k) != "" {
		kinds = []rogue.EffectKind{k}
	}
	var ids, keys, tables []string
	for _, k := range kinds {
		tables = append(tables, effectKindTable(k))
		switch k {
		case rogue.KindCurse:
			for _, c := range rogue.Curses() {
				ids, keys = append(ids, string(c)), append(keys, c.Key())
			}
		case rogue.KindPoison:
			for _, p := range rogue.Poisons() {
				ids, keys = append(ids, string(p)), append(keys, p.Key())
			}
		case rogue.KindDisease:
			for _, d := range rogue.Diseases() {
				ids, keys = append(ids, string(d.ID)), append(keys, d.ID.Key())
			}
		case rogue.KindState:
			for _, s := range rogue.States() {
				ids, keys = append(ids, string(s)), append(keys, s.Key())
			}
		case rogue.KindSpell:
			for _, s := range rogue.Spells() {
				ids, keys = append(ids, string(s.ID)), append(keys, s.ID.Key())
			}
		}
	}
	return completeRogue(req, ids, keys, tables...)
}

// completeCheckSkill is /check skill:'s autocomplete: Rogue's Tale attributes and checks for a Rogue's Tale
// character, the 5e skills and abilities otherwise.
func (b *Bot) completeCheckSkill(req *Request) []Choice {
	if b.actingSystem(req) == systemRogue {
		return completeRogueCheck(req)
	}
	return completeSkillOrAbility(req)
}

// completeHPType is /hp damage type:'s autocomplete, by the acting character's system.
func (b *Bot) completeHPType(req *Request) []Choice {
	if b.actingSystem(req) == systemRogue {
		return completeRogueDamageType(req)
	}
	return completeDamageType(req)
}

// completeAttackTarget is /attack target:'s autocomplete: the channel's combatants, then the guild's characters
// of the attacker's system.
func (b *Bot) completeAttackTarget(req *Request) []Choice {
	if b.actingSystem(req) != systemRogue {
		return b.completeTargets(req) // the channel's combatants, then the guild's 5e characters (fight.go)
	}
	out := b.completeCombatant(req)
	for _, c := range b.completeSystemCharacters(req, systemRogue) {
		if !slices.ContainsFunc(out, func(o Choice) bool { return strings.EqualFold(o.Name, c.Name) }) {
			out = append(out, c)
		}
	}
	return out[:min(len(out), 25)]
}
