package bot

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"rulekeeper/play"
	"rulekeeper/rules/rogue"
)

// /sheet set for a Rogue's Tale sheet: one field at a time through Character.Update (or a checked setter), so the
// rule of three, the talent budget, literacy, caps and every bound are enforced and a refused value changes
// nothing.

func (rogueSystem) edit(req *Request, field, value string, e *play.SheetEdit) {
	e.Rogue = func(c *rogue.Character) error { return setRogue(c, field, value) }
}

// rtField is one /sheet set field of a Rogue's Tale sheet and its value as typed.
type rtField struct{ name, value string }

func (f rtField) num() (int, error) {
	n, err := strconv.Atoi(strings.TrimPrefix(f.value, "+"))
	if err != nil {
		return 0, Errorf("rt.err.bad_field_number", "Field", f.name, "Value", f.value)
	}
	return n, nil
}

func (f rtField) boolean() (bool, error) {
	switch strings.ToLower(f.value) {
	case "true", "yes", "1", "on":
		return true, nil
	case "false", "no", "0", "off":
		return false, nil
	}
	return false, Errorf("rt.err.bad_field_bool", "Field", f.name, "Value", f.value)
}

// capValue reads an equipment cap: a number, or none (no limit / no item).
func (f rtField) capValue() (*int, error) {
	if isNone(f.value) {
		return nil, nil
	}
	n, err := f.num()
	if err != nil {
		return nil, err
	}
	return rogue.Cap(n), nil
}

// setRogue changes one field through Character.Update (or a checked setter), so the rule of three, the talent
// budget, literacy, caps and every bound are enforced and a refused value changes nothing.
func setRogue(c *rogue.Character, field, value string) error {
	f := rtField{name: field, value: strings.TrimSpace(value)}
	for _, set := range []func(*rogue.Character, rtField) (func(*rogue.Character), bool, error){
		setRogueAttributes, setRogueEquipment, setRogueDefences, setRogueState,
	} {
		change, ok, err := set(c, f)
		switch {
		case err != nil:
			return err
		case ok && change != nil:
			return c.Update(change)
		case ok:
			return nil
		}
	}
	return unknownField("rt.err.unknown_field", field, fieldsRogue)
}

// setRogueAttributes reads the fields of attributes, identity, talents and spells; ok is false for another field.
func setRogueAttributes(c *rogue.Character, f rtField) (change func(*rogue.Character), ok bool, err error) {
	switch f.name {
	case "str", "agi", "sta", "cha":
		n, err := f.num()
		if err != nil {
			return nil, true, err
		}
		change = func(cp *rogue.Character) { cp.Base.Set(rogue.Attribute(f.name), n) }
	case "str_enhance", "agi_enhance", "sta_enhance", "cha_enhance":
		n, err := f.num()
		if err != nil {
			return nil, true, err
		}
		a := rogue.Attribute(strings.TrimSuffix(f.name, "_enhance"))
		change = func(cp *rogue.Character) { cp.Enhance.Set(a, n) }
	case "ability_damage":
		dmg, err := parseAttributeValues(f.value)
		if err != nil {
			return nil, true, err
		}
		change = func(cp *rogue.Character) { cp.AbilityDamage = dmg }
	case "level":
		n, err := f.num()
		if err != nil {
			return nil, true, err
		}
		change = func(cp *rogue.Character) { cp.Level = n }
	case "race":
		r, err := parseRogueRace(f.value)
		if err != nil {
			return nil, true, err
		}
		change = func(cp *rogue.Character) { cp.Race = r }
	case "sex":
		s, err := parseRogueSex(f.value)
		if err != nil {
			return nil, true, err
		}
		change = func(cp *rogue.Character) { cp.Sex = s }
	case "size":
		s, err := parseRogueSize(f.value)
		if err != nil {
			return nil, true, err
		}
		change = func(cp *rogue.Character) { cp.Size = s }
	case "monster", "undead", "daemon", "luck", "large_weapon":
		v, err := f.boolean()
		if err != nil {
			return nil, true, err
		}
		change = func(cp *rogue.Character) {
			switch f.name {
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
		t, err := parseRogueTalents(f.value)
		if err != nil {
			return nil, true, err
		}
		change = func(cp *rogue.Character) { cp.Talents = t }
	case "spells":
		s, err := parseRogueSpells(f.value)
		if err != nil {
			return nil, true, err
		}
		change = func(cp *rogue.Character) { cp.Spells = s }
	default:
		return nil, false, nil
	}
	return change, true, nil
}

// setRogueEquipment reads the equipment fields; ok is false for another field.
func setRogueEquipment(c *rogue.Character, f rtField) (change func(*rogue.Character), ok bool, err error) {
	switch f.name {
	case "max_dodge", "max_parry", "max_cast":
		p, err := f.capValue()
		if err != nil {
			return nil, true, err
		}
		change = func(cp *rogue.Character) {
			switch f.name {
			case "max_dodge":
				cp.Equip.MaxDodge = p
			case "max_parry":
				cp.Equip.MaxParry = p
			default:
				cp.Equip.MaxCast = p
			}
		}
	case "shield":
		s, err := parseShield(f.value)
		if err != nil {
			return nil, true, err
		}
		change = func(cp *rogue.Character) { cp.Equip.Shield = s }
	case "max_block":
		n, err := f.num()
		if err != nil {
			return nil, true, err
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
		n, err := f.num()
		if err != nil {
			return nil, true, err
		}
		change = func(cp *rogue.Character) {
			if f.name == "cursed" {
				cp.Equip.Cursed = n
			} else {
				cp.Equip.CritMod = n
			}
		}
	default:
		return nil, false, nil
	}
	return change, true, nil
}

// setRogueDefences reads the damage-type fields (resistances, immunities, weaknesses, aura); ok is false for another
// field.
func setRogueDefences(c *rogue.Character, f rtField) (change func(*rogue.Character), ok bool, err error) {
	switch f.name {
	case "resist":
		r, err := parseResistances(f.value)
		if err != nil {
			return nil, true, err
		}
		change = func(cp *rogue.Character) { cp.Resist = r }
	case "immune":
		var list []rogue.Immunity
		for _, p := range splitList(f.value) {
			i, err := parseRogueImmunity(p)
			if err != nil {
				return nil, true, err
			}
			list = append(list, i)
		}
		change = func(cp *rogue.Character) { cp.Immune = list }
	case "weak":
		var list []rogue.DamageType
		for _, p := range splitList(f.value) {
			d, err := parseRogueDamageType(p)
			if err != nil {
				return nil, true, err
			}
			list = append(list, d)
		}
		change = func(cp *rogue.Character) { cp.Weak = list }
	case "aura":
		var aura rogue.DamageType
		if !isNone(f.value) {
			if aura, err = parseRogueDamageType(f.value); err != nil {
				return nil, true, err
			}
		}
		change = func(cp *rogue.Character) { cp.Aura = aura }
	default:
		return nil, false, nil
	}
	return change, true, nil
}

// setRogueState reads hunger, thirst, bonus HP, HP and energy (the last two set directly, checked); ok is false for
// another field.
func setRogueState(c *rogue.Character, f rtField) (change func(*rogue.Character), ok bool, err error) {
	switch f.name {
	case "hunger", "thirst":
		track := rogue.Track(f.name)
		n, err := parseTrackValue(track, f.value)
		if err != nil {
			return nil, true, err
		}
		change = func(cp *rogue.Character) {
			if track == rogue.TrackHunger {
				cp.Hunger = n
			} else {
				cp.Thirst = n
			}
		}
	case "bonus_hp":
		n, err := f.num()
		if err != nil {
			return nil, true, err
		}
		change = func(cp *rogue.Character) { cp.BonusHP = n }
	case "hp":
		n, err := f.num()
		if err != nil {
			return nil, true, err
		}
		if err := c.SetHP(n); err != nil {
			return nil, true, err
		}
	case "energy":
		n, err := f.num()
		if err != nil {
			return nil, true, err
		}
		if err := c.SetEnergy(n); err != nil {
			return nil, true, err
		}
	default:
		return nil, false, nil
	}
	return change, true, nil
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
