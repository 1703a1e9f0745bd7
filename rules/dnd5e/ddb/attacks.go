package ddb

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"rulekeeper/rules/dnd5e"
)

// Weapon notes what the sheet's dnd5e.Attack does not hold about the
// weapon an attack was made from.
type Weapon struct {
	Attack    string `json:"attack"`              // the sheet attack's name
	Thrown    bool   `json:"thrown,omitempty"`    // a melee weapon that can be thrown (with the same ability)
	Versatile string `json:"versatile,omitempty"` // the two-handed damage dice ("1d10"), "" if not versatile
	Range     int    `json:"range,omitempty"`     // normal range in feet (ranged and thrown weapons)
	LongRange int    `json:"long_range,omitempty"`
	Magic     int    `json:"magic,omitempty"` // the magic bonus, already in the attack's to-hit and damage
}

// D&D Beyond's weapon attack types and categories.
const (
	attackMelee     = 1
	attackRanged    = 2
	categorySimple  = 1
	categoryMartial = 2
)

// Character value type ids of weapons.
const (
	cvPactWeapon = 28 // the item is a pact weapon: proficient
	cvHexWeapon  = 29 // the item attacks with CHA: not an ability a sheet attack takes
)

// damageTypeIDs are D&D Beyond's damage type ids (actions).
var damageTypeIDs = map[int]dnd5e.DamageType{
	1: "bludgeoning", 2: "piercing", 3: "slashing", 4: "necrotic", 5: "acid", 6: "cold", 7: "fire",
	8: "lightning", 9: "thunder", 10: "poison", 11: "psychic", 12: "radiant", 13: "force",
}

var diceString = regexp.MustCompile(`^([0-9]{1,2})d([0-9]{1,3})$`)

// roll is a damage expression: count dice of faces, plus a flat part.
type roll struct{ count, faces, flat int }

// rollOf reads a damage object: its dice string, else its count and value, else its fixed value.
func rollOf(d *damage) (roll, bool) {
	if d == nil {
		return roll{}, false
	}
	if m := diceString.FindStringSubmatch(strings.TrimSpace(d.DiceString)); m != nil {
		n, _ := strconv.Atoi(m[1])
		f, _ := strconv.Atoi(m[2])
		if n > 0 && f > 0 {
			return roll{count: n, faces: f}, true
		}
	}
	if n, f := d.DiceCount.Int(), d.DiceValue.Int(); n > 0 && n < 100 && f > 0 && f < 1000 {
		return roll{count: n, faces: f}, true
	}
	if v := d.FixedValue.Int(); v > 0 && v < 1000 {
		return roll{flat: v}, true
	}
	return roll{}, false
}

// notation writes the roll plus bonus, labelled with the damage type ("1d8[slashing]+1");
// the bonus joins the typed group.
func (r roll) notation(bonus int, t dnd5e.DamageType) string {
	var s string
	if r.count > 0 {
		s = strconv.Itoa(r.count) + "d" + strconv.Itoa(r.faces)
	} else {
		s, r.flat = strconv.Itoa(r.flat+bonus), 0
		bonus = 0
	}
	if t.Valid() {
		s += "[" + string(t) + "]"
	}
	if n := r.flat + bonus; n > 0 {
		s += "+" + strconv.Itoa(n)
	} else if n < 0 {
		s += strconv.Itoa(n)
	}
	return s
}

// classLevel is the level of the sheet's class with SRD id c in any position, 0 if none.
func (b *builder) classLevel(c dnd5e.Class) int {
	for _, cl := range b.classes {
		if cl.Class == c {
			return cl.Level
		}
	}
	return 0
}

// finesseAbility is the better of STR and DEX (DEX on a tie, so that sneak attack qualifies).
func (b *builder) finesseAbility() dnd5e.Ability {
	if b.c.Mod(dnd5e.Dex) >= b.c.Mod(dnd5e.Str) {
		return dnd5e.Dex
	}
	return dnd5e.Str
}

// addAttack puts an attack on the sheet under a unique name (" 2", " 3" added
// to a repeated one); past the sheet's limit it is reported instead.
func (b *builder) addAttack(a dnd5e.Attack, w *Weapon) {
	a.Name = uniqueName(b.c.Attacks, truncate(strings.TrimSpace(a.Name), dnd5e.MaxNameLen-3))
	if len(b.c.Attacks) >= dnd5e.MaxAttacks {
		b.report(Unmapped{Kind: KindAttack, Name: a.Name, Reason: ReasonTooManyAttacks, Value: dnd5e.MaxAttacks})
		return
	}
	a.Bonus = b.clamp(KindAttack, a.Name, a.Bonus, -dnd5e.MaxAttackMod, dnd5e.MaxAttackMod)
	b.c.Attacks = append(b.c.Attacks, a)
	if w != nil {
		w.Attack = a.Name
		b.out.Weapons = append(b.out.Weapons, *w)
	}
}

// uniqueName adds " 2", " 3"… to name until no attack has it (ignoring case).
func uniqueName(attacks []dnd5e.Attack, name string) string {
	taken := func(n string) bool {
		for _, a := range attacks {
			if strings.EqualFold(strings.TrimSpace(a.Name), n) {
				return true
			}
		}
		return false
	}
	out := name
	for i := 2; taken(out); i++ {
		out = name + " " + strconv.Itoa(i)
	}
	return out
}

// truncate keeps at most n runes of s.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return strings.TrimSpace(string([]rune(s)[:n]))
}

// normalize keeps the letters and digits of s, lowercased ("Crossbow, Hand" → "crossbowhand").
func normalize(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}

// hasProperty returns the weapon property named name, if it has it.
func hasProperty(d itemDef, name string) (property, bool) {
	for _, p := range d.Properties {
		if strings.EqualFold(strings.TrimSpace(p.Name), name) {
			return p, true
		}
	}
	return property{}, false
}
