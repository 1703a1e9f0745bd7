package bot

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"rulekeeper/play"
	"rulekeeper/rules/dice"
	"rulekeeper/rules/dnd5e"
)

// /sheet set for a D&D 5e sheet: one field at a time, every value checked by the rules (a new level or class
// brings its Hit Dice, saves and slots: dnd5e.SetLevel, SetClass).

func (dnd5eSystem) edit(req *Request, field, value string, e *play.SheetEdit) {
	e.Dnd5e = func(c *dnd5e.Character) error {
		if field == "hp" && req.GM && c.State == dnd5e.Dead {
			return reviveTo(c, value) // a GM's ruling brings the dead back (npc.go)
		}
		return set5e(c, field, value)
	}
}

// set5e changes one field; every value is validated by the rules before it is stored.
func set5e(c *dnd5e.Character, field, value string) error {
	var err error
	value = strings.TrimSpace(value)
	switch field {
	case "skills":
		if c.Skills, err = parseSkillList(value); err != nil {
			return err
		}
	case "expertise":
		if c.Expertise, err = parseSkillList(value); err != nil {
			return err
		}
	case "saves":
		if c.Saves, err = parseAbilityList(value); err != nil {
			return err
		}
	case "resist":
		if c.Resist, err = parseDamageList(value); err != nil {
			return err
		}
	case "vuln":
		if c.Vuln, err = parseDamageList(value); err != nil {
			return err
		}
	case "immune":
		if c.Immune, err = parseDamageList(value); err != nil {
			return err
		}
	case "spell_ability":
		if l := splitList(value); len(l) == 0 {
			c.SpellAbility = ""
		} else if c.SpellAbility, err = parseAbility(value); err != nil {
			return err
		}
	case "slots":
		if err := setSlots(c, value); err != nil {
			return err
		}
	case "attack":
		a, err := parseAttack(value)
		if err != nil {
			return err
		}
		i := slices.IndexFunc(c.Attacks, func(x dnd5e.Attack) bool { return strings.EqualFold(strings.TrimSpace(x.Name), a.Name) })
		if i >= 0 {
			c.Attacks[i] = a
		} else {
			c.Attacks = append(c.Attacks, a)
		}
	case "subclass": // the SRD subclass of its class ("" or "none" clears it)
		if v := strings.ToLower(value); v == "" || v == "none" {
			c.Subclass = ""
		} else if c.Subclass, err = parseSubclass(value, c.Class); err != nil {
			return err
		}
	case "attack_remove":
		if _, err := c.FindAttack(value); err != nil {
			return err
		}
		c.Attacks = slices.DeleteFunc(c.Attacks, func(x dnd5e.Attack) bool { return strings.EqualFold(strings.TrimSpace(x.Name), value) })
	default:
		if ok, err := set5eNumber(c, field, value); ok {
			return err
		}
		return unknownField("play.err.unknown_field", field, fields5e)
	}
	return nil
}

// set5eNumber changes a field whose value is a number (scores, AC, speed, level, HP, Hit Dice) or the class; ok is
// false for another field.
func set5eNumber(c *dnd5e.Character, field, value string) (ok bool, err error) {
	num := func() (int, error) {
		n, err := strconv.Atoi(strings.TrimPrefix(value, "+"))
		if err != nil {
			return 0, Errorf("play.err.bad_field_number", "Field", field, "Value", value)
		}
		return n, nil
	}
	switch field {
	case "str", "dex", "con", "int", "wis", "cha":
		n, err := num()
		if err != nil {
			return true, err
		}
		c.Scores.Set(dnd5e.Ability(field), n)
	case "ac":
		if c.AC, err = num(); err != nil {
			return true, err
		}
	case "speed":
		if c.Speed, err = num(); err != nil {
			return true, err
		}
	case "level": // with its Hit Dice and slots
		n, err := num()
		if err != nil {
			return true, err
		}
		if err := c.SetLevel(n); err != nil {
			return true, err
		}
	case "class": // with its saves, spellcasting and slots
		class, err := parseClass(value)
		if err != nil {
			return true, err
		}
		if err := c.SetClass(class); err != nil {
			return true, err
		}
		if c.Subclass.Class() != c.Class {
			c.Subclass = "" // another class's subclass goes with it
		}
	case "hp":
		n, err := num()
		if err != nil {
			return true, err
		}
		if n < 1 || n > c.EffectiveMaxHP() {
			return true, Errorf("play.err.bad_set_hp", "Value", n, "Max", c.EffectiveMaxHP())
		}
		if c.State == dnd5e.Dead {
			return true, &dnd5e.Error{Code: dnd5e.ErrIsDead, Args: map[string]any{"Name": c.Name}}
		}
		if c.HP == 0 {
			if _, err := c.Heal(n); err != nil {
				return true, err
			}
		}
		c.HP = n
	case "hp_max":
		n, err := num()
		if err != nil {
			return true, err
		}
		if _, err := c.SetMaxHP(n); err != nil {
			return true, err
		}
	case "hp_temp":
		n, err := num()
		if err != nil {
			return true, err
		}
		if n < 0 || n > dnd5e.MaxHPLimit {
			return true, &dnd5e.Error{Code: dnd5e.ErrBadTempHP, Args: map[string]any{"TempHP": n, "Max": dnd5e.MaxHPLimit}}
		}
		c.TempHP = n
	case "hit_dice":
		if c.HitDice, err = num(); err != nil {
			return true, err
		}
	default:
		return false, nil
	}
	return true, nil
}

// setSlots reads the spell slots per level, "4,3,2" (1st to 3rd level; the rest 0). Used slots are kept up
// to the new maximum.
func setSlots(c *dnd5e.Character, value string) error {
	parts := splitList(strings.NewReplacer("/", ",", " ", ",").Replace(value))
	if len(parts) > len(c.SpellSlots) {
		return Errorf("play.err.bad_slots", "Value", value)
	}
	var slots [9]dnd5e.SpellSlot
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || n > 9 {
			return Errorf("play.err.bad_slots", "Value", value)
		}
		slots[i] = dnd5e.SpellSlot{Max: n, Used: min(c.SpellSlots[i].Used, n)}
	}
	c.SpellSlots = slots
	return nil
}

// parseAttack reads a sheet attack. Two spellings, which may be mixed, in any language (the words are the
// play.attack.word.* catalog names and their aliases, abilities by their names):
//
//	longsword str prof +1 1d8[slashing]      장궁 민첩 숙련 1d8[관통]      长剑 力量 熟练 1d8[挥砍]
//	name:longsword ability:str prof:true bonus:1 damage:1d8[slashing]
//
// The words before anything else are the name; an ability after the name (default str); "prof" makes it
// proficient; "ranged" a ranged (or thrown) attack; "80/320" its range in feet (ranged too); a signed number is the
// to-hit bonus; the first dice notation
// starts the damage, which runs to the end (types in brackets, in any language). A word after the name that is
// none of these is an error naming it, never a part of the name. The ability modifier is added to the damage by
// the rules, so it is not written.
func parseAttack(value string) (dnd5e.Attack, error) {
	a := dnd5e.Attack{Ability: dnd5e.Str}
	ok := false
	var name, damage []string
	inName, inDamage := true, false
	for _, w := range strings.Fields(value) {
		if key, orig, ok := cutKey(w); ok {
			done, err := setAttackWord(&a, attackWord(key), orig, value)
			if err != nil {
				return a, err
			}
			if done {
				inName, inDamage = false, false
				switch attackWord(key) {
				case "name":
					name, inName = append(name, orig), true
				case "damage":
					damage, inDamage = append(damage, orig), true
				}
				continue
			}
		}
		if inDamage {
			damage = append(damage, w)
			continue
		}
		word := attackWord(w)
		switch {
		case word == "prof":
			a.Proficient = true
		case word == "ranged": // a ranged or thrown attack (rage, divine smite and the melee filters skip it)
			a.Ranged = true
		case len(name) > 0 && weaponRangeRE.MatchString(w): // "80/320": a ranged attack's normal and long range in feet
			if a.Range, ok = parseWeaponRange(w); !ok {
				return a, Errorf("play.err.attack_word", "Word", w, "Value", value)
			}
			a.Ranged = true
		case isSigned(w):
			n, _ := strconv.Atoi(strings.TrimPrefix(w, "+"))
			a.Bonus = n
		case len(name) > 0 && lookupName(kindAbility, w) != "":
			a.Ability = dnd5e.Ability(lookupName(kindAbility, w))
		case looksLikeDice(w):
			damage = append(damage, w)
			inDamage = true
		case inName:
			name = append(name, w)
			continue
		default: // after the name, a word that is nothing known: never a silent part of the name
			return a, Errorf("play.err.attack_word", "Word", w, "Value", value)
		}
		inName = false
	}
	a.Name = strings.Join(name, " ")
	a.Damage = normalizeDamageLabels(strings.Join(damage, " "))
	if a.Name == "" {
		return a, Errorf("play.err.bad_attack", "Value", value)
	}
	if strings.TrimSpace(a.Damage) == "" {
		return a, &dnd5e.Error{Code: dnd5e.ErrNoDamage}
	}
	if _, err := dice.Parse(a.Damage); err != nil {
		return a, err
	}
	return a, nil
}

// attackWords are the catalog keys of the words of a sheet attack, by id.
var attackWords = map[string]string{
	"name": "play.attack.word.name", "ability": "play.attack.word.ability", "prof": "play.attack.word.prof",
	"ranged": "play.attack.word.ranged", "bonus": "play.attack.word.bonus", "damage": "play.attack.word.damage",
	"yes": "play.attack.word.yes", "no": "play.attack.word.no",
}

// attackWord is the id of a word of a sheet attack typed in any language ("" when it is none).
func attackWord(w string) string { return lookupName(kindAttackWord, w) }

// cutKey splits a `key:value` word (the colon half- or full-width); ok is false for a word without one.
func cutKey(w string) (key, value string, ok bool) {
	i := strings.IndexAny(w, ":：")
	if i <= 0 {
		return "", "", false
	}
	_, size := utf8.DecodeRuneInString(w[i:])
	return w[:i], w[i+size:], true
}

// setAttackWord applies a `key:value` word of a sheet attack whose key is the attack word id; done is false when
// the key is none (the word is then read as a plain word). The name and damage are gathered by the caller.
func setAttackWord(a *dnd5e.Attack, id, v, value string) (done bool, err error) {
	switch id {
	case "name", "damage":
	case "ability":
		if a.Ability, err = parseAbility(v); err != nil {
			return true, err
		}
	case "prof", "ranged":
		b, ok := attackBool(v)
		if !ok {
			return true, Errorf("play.err.attack_word", "Word", v, "Value", value)
		}
		if id == "ranged" {
			a.Ranged = b
		} else {
			a.Proficient = b
		}
	case "bonus":
		n, err := strconv.Atoi(strings.TrimPrefix(v, "+"))
		if err != nil {
			return true, Errorf("play.err.attack_word", "Word", v, "Value", value)
		}
		a.Bonus = n
	default:
		return false, nil
	}
	return true, nil
}

// attackBool reads the value of `prof:` or `ranged:`: true or false, yes or no in any language.
func attackBool(v string) (b, ok bool) {
	if b, err := strconv.ParseBool(v); err == nil {
		return b, true
	}
	switch attackWord(v) {
	case "yes":
		return true, true
	case "no":
		return false, true
	}
	return false, false
}

// isSigned reports whether w is a signed integer such as +1 or -2.
func isSigned(w string) bool {
	if len(w) < 2 || (w[0] != '+' && w[0] != '-') {
		return false
	}
	_, err := strconv.Atoi(w[1:])
	return err == nil
}

// looksLikeDice reports whether w starts a damage notation: a digit or a "d" followed by a digit.
func looksLikeDice(w string) bool {
	if w == "" {
		return false
	}
	if w[0] >= '0' && w[0] <= '9' {
		return true
	}
	return (w[0] == 'd' || w[0] == 'D') && len(w) > 1 && w[1] >= '0' && w[1] <= '9'
}

// weaponRangeRE is a weapon range as the SRD writes it: "80/320" (feet).
var weaponRangeRE = regexp.MustCompile(`^\d{1,5}/\d{1,5}$`)

// parseWeaponRange reads "80/320": a normal range of at least 5 ft, a long range at least as far, both at most
// 10,000 ft.
func parseWeaponRange(w string) (dnd5e.WeaponRange, bool) {
	n, l, _ := strings.Cut(w, "/")
	normal, err1 := strconv.Atoi(n)
	long, err2 := strconv.Atoi(l)
	if err1 != nil || err2 != nil || normal < 5 || long < normal || long > 10000 {
		return dnd5e.WeaponRange{}, false
	}
	return dnd5e.WeaponRange{Normal: normal, Long: long}, true
}
