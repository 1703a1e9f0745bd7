package bot

import (
	"slices"
	"strconv"
	"strings"

	"rulekeeper/play"
	"rulekeeper/rules/coc"
)

// /sheet set for a Call of Cthulhu investigator: every value is checked by the rules (coc.Character.Validate)
// before it is stored.

// fieldsCoC are the fields `/sheet set` accepts for a CoC sheet; a skill's name (in any language) is a field too
// (`/sheet set field:图书馆使用 value:70`).
var fieldsCoC = []string{
	"age", "app", "armor", "con", "condition", "condition_remove", "dex", "edu", "hp", "hp_max", "int", "luck", "mp",
	"mp_max", "occupation", "pow", "san", "siz", "skill", "skills", "str", "weapon", "weapon_remove",
}

func (cocSystem) fields() []string { return fieldsCoC }

func (cocSystem) edit(req *Request, field, value string, e *play.SheetEdit) {
	e.CoC = func(c *coc.Character) error {
		if err := setCoC(c, cocField(field), strings.TrimSpace(value)); err != nil {
			return err
		}
		return c.Validate()
	}
}

// cocField is the field a typed name means: a field's id, or a characteristic's or a sheet value's name in any
// language (力量, 이성, Hit Points); else what was typed (a skill's name, or nothing known).
func cocField(typed string) string {
	if slices.Contains(fieldsCoC, typed) {
		return typed
	}
	if id := lookupName(ckChar, typed); id != "" {
		return id
	}
	switch id := coc.Stat(lookupName(ckStat, typed)); id {
	case coc.StatHP, coc.StatMP, coc.StatSAN, coc.StatArmour, coc.StatAge, coc.StatOccupation:
		return string(id)
	}
	return typed
}

// setCoC changes one field of an investigator.
func setCoC(c *coc.Character, field, value string) error {
	switch field {
	case "occupation":
		c.Occupation = value
		return nil
	case "skill", "skills":
		return setCoCValues(c, value)
	case "weapon":
		w, err := parseCoCWeapon(value)
		if err != nil {
			return err
		}
		if i := slices.IndexFunc(c.Weapons, func(x coc.Weapon) bool { return strings.EqualFold(x.Name, w.Name) }); i >= 0 {
			c.Weapons[i] = w
		} else {
			c.Weapons = append(c.Weapons, w)
		}
		return nil
	case "weapon_remove":
		if _, err := c.FindWeapon(value); err != nil {
			return err
		}
		c.Weapons = slices.DeleteFunc(c.Weapons, func(x coc.Weapon) bool { return strings.EqualFold(x.Name, value) })
		return nil
	case "condition", "condition_remove":
		id := lookupName(ckCondition, value)
		if id == "" {
			return &coc.Error{Code: coc.ErrUnknownCondition, Args: map[string]any{"Condition": value}}
		}
		if field == "condition" {
			_, err := c.AddCondition(coc.ActiveCondition{ID: coc.Condition(id)})
			return err
		}
		c.RemoveCondition(coc.Condition(id))
		return nil
	}
	n, err := strconv.Atoi(strings.TrimPrefix(value, "+"))
	if err != nil {
		return Errorf("play.err.bad_field_number", "Field", field, "Value", value)
	}
	if setCoCNumber(c, field, n) {
		return nil
	}
	skill, spec, err := parseCoCSkill(field)
	if err != nil {
		return unknownField("play.err.unknown_field", field, fieldsCoC)
	}
	return c.SetSkill(skill, spec, n)
}

// setCoCNumber sets a numeric field; false for a field that is not one.
func setCoCNumber(c *coc.Character, field string, n int) bool {
	if ch, err := coc.ParseCharacteristic(field); err == nil && ch != coc.Luck && slices.Contains(fieldsCoC, field) {
		c.Scores.Set(ch, n)
		return true
	}
	for _, f := range []struct {
		name string
		p    *int
	}{
		{"luck", &c.Luck}, {"hp", &c.HP}, {"hp_max", &c.MaxHP}, {"mp", &c.MP}, {"mp_max", &c.MaxMP},
		{"san", &c.SAN}, {"age", &c.Age}, {"armor", &c.Armour},
	} {
		if f.name == field {
			*f.p = n
			if field == "hp_max" || field == "mp_max" {
				c.HP, c.MP = min(c.HP, c.MaxHP), min(c.MP, c.MaxMP)
			}
			return true
		}
	}
	return false
}

// parseCoCWeapon reads a weapon: "name, skill, damage" and then any of "range N", "impale", "malfunction N",
// "uses N" (a damage of "1d8+db" or "1d6+½db" sets the damage bonus explicitly). Skills and words in any language
// the catalogs know; the words here are the English ids.
func parseCoCWeapon(value string) (coc.Weapon, error) {
	parts := splitList(value)
	if len(parts) < 3 {
		return coc.Weapon{}, Errorf("cthulhu.err.bad_weapon", "Value", value)
	}
	skill, _, err := parseCoCSkill(parts[1])
	if err != nil {
		return coc.Weapon{}, err
	}
	dmg, db, err := coc.ParseDamage(parts[2])
	if err != nil {
		return coc.Weapon{}, err
	}
	w := coc.Weapon{Name: parts[0], Skill: skill, Damage: dmg, DB: db}
	for _, p := range parts[3:] {
		word, num, _ := strings.Cut(strings.TrimSpace(p), " ")
		n, nerr := strconv.Atoi(strings.TrimSpace(num))
		switch {
		case strings.EqualFold(word, "impale") && num == "":
			w.Impale = true
		case strings.EqualFold(word, "range") && nerr == nil:
			w.Range = n
		case strings.EqualFold(word, "malfunction") && nerr == nil:
			w.Malfunction = n
		case strings.EqualFold(word, "uses") && nerr == nil:
			w.Uses = n
		default:
			return coc.Weapon{}, Errorf("cthulhu.err.bad_weapon", "Value", value)
		}
	}
	return w, nil
}
