package bot

import (
	"strconv"
	"strings"

	"rulekeeper/locales"
	"rulekeeper/play"
	"rulekeeper/rules/rogue"
)

// Reading what players type for Rogue's Tale: ids or names in any of the four languages (names.go), weapons,
// checks, bonuses, lingering effects, an NPC's defences.

// systemRogue is the system id of Rogue's Tale characters.
const systemRogue = "rogue"

// lookupRogue finds the id of a typed name of one kind of Rogue's Tale ids ("" when unknown).
func lookupRogue(kind, s string) string { return lookupName(kind, s) }

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

// rogueBonus reads the shared bonus: option as a signed number (Rogue's Tale modifiers are flat).
func rogueBonus(req *Request) (int, error) {
	s := strings.TrimSpace(req.Str("bonus"))
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(strings.TrimPrefix(s, "+"))
	if err != nil {
		return 0, Errorf("rt.err.bad_bonus", "Value", s)
	}
	return n, nil
}

// parseRogueCheck reads /check skill: for Rogue's Tale: an attribute (str, agi, sta, cha, or their names) or a
// named check (mental, reflex, search) with its default attribute.
func parseRogueCheck(s string) (rogue.CheckOptions, error) {
	if a, err := parseRogueAttr(s); err == nil {
		return rogue.CheckOptions{Attr: a}, nil
	}
	if id := lookupRogue(rkCheck, s); id != "" {
		k := rogue.CheckKind(id)
		a := rogue.Sta
		if k == rogue.CheckReflex {
			a = rogue.Agi
		}
		return rogue.CheckOptions{Kind: k, Attr: a}, nil
	}
	return rogue.CheckOptions{}, Errorf("rt.err.unknown_check", "Name", s)
}

// rogueWeapon reads the weapon: option's words (a name, a size — small, medium, large —, "slow", a damage type,
// a signed magic damage modifier, a damage roll) and damage: (the weapon's roll, a [type] label allowed).
func rogueWeapon(req *Request, weapon, damage string) (string, rogue.Weapon) {
	w := rogue.Weapon{}
	var name []string
	for _, word := range strings.Fields(weapon) {
		lw := strings.ToLower(word)
		switch {
		case lookupRogue(rkWeaponSize, word) != "":
			w.Size = rogue.WeaponSize(lookupRogue(rkWeaponSize, word))
		case lw == "slow" || locales.Fold(word) == locales.Fold(req.T("rt.weapon.slow")):
			w.Slow = true
		case lookupRogue(rkDamage, word) != "":
			w.Type = rogue.DamageType(lookupRogue(rkDamage, word))
		case isSigned(lw):
			w.Magic, _ = strconv.Atoi(strings.TrimPrefix(lw, "+"))
		case looksLikeDice(word) && damage == "":
			damage = word
		default:
			name = append(name, word)
		}
	}
	damage = labelRE.ReplaceAllStringFunc(damage, func(m string) string {
		if id := lookupRogue(rkDamage, m[1:len(m)-1]); id != "" {
			w.Type = rogue.DamageType(id)
			return ""
		}
		return m
	})
	w.Damage = strings.TrimSpace(damage)
	return strings.Join(name, " "), w
}

// parseRogueNPCSpec reads the compact defences string (keys dodge, block, parry, level; "=" works as ":").
func parseRogueNPCSpec(s string) (play.RogueDefences, error) {
	sp := play.RogueDefences{Level: 1}
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '，' || r == ';' }) {
		k, v, ok := strings.Cut(strings.ReplaceAll(part, "=", ":"), ":")
		n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(v), "+"))
		if !ok || err != nil {
			return sp, Errorf("rt.init.err.bad_defences", "Value", part)
		}
		lo, hi := 0, rogue.MaxCap
		if strings.EqualFold(strings.TrimSpace(k), "level") {
			lo, hi = 1, rogue.MaxLevel
		}
		if n < lo || n > hi {
			return sp, Errorf("rt.init.err.bad_defences", "Value", part)
		}
		switch strings.ToLower(strings.TrimSpace(k)) {
		case "dodge":
			sp.Dodge = n
		case "block":
			sp.Block, sp.HasBlock = n, true
		case "parry":
			sp.Parry, sp.HasParry = n, true
		case "level":
			sp.Level = n
		default:
			return sp, Errorf("rt.init.err.bad_defences", "Value", part)
		}
	}
	return sp, nil
}
