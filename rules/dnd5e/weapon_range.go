package dnd5e

import (
	"strconv"
	"strings"
)

// WeaponRange is a ranged or thrown weapon's range in feet (SRD weapon table, "range 80/320"): an attack beyond
// Normal has disadvantage, and one beyond Long cannot be made. The zero value is no known range.
type WeaponRange struct {
	Normal int `json:"normal"`
	Long   int `json:"long"`
}

// weaponRanges are the SRD weapons with a range (thrown and ranged), by id.
var weaponRanges = map[string]WeaponRange{
	"dagger": {20, 60}, "handaxe": {20, 60}, "javelin": {30, 120}, "light_hammer": {20, 60}, "spear": {20, 60},
	"dart": {20, 60}, "trident": {20, 60}, "net": {5, 15},
	"light_crossbow": {80, 320}, "shortbow": {80, 320}, "sling": {30, 120},
	"blowgun": {25, 100}, "hand_crossbow": {30, 120}, "heavy_crossbow": {100, 400}, "longbow": {150, 600},
}

// WeaponRangeOf is the range of the SRD weapon a sheet attack is named after ("Longbow", "light crossbow",
// "Light-Crossbow"); ok is false for any other name.
func WeaponRangeOf(name string) (r WeaponRange, ok bool) {
	r, ok = weaponRanges[weaponID(name)]
	return r, ok
}

// thrownMelee are the SRD melee weapons with the thrown property: ranged only when thrown.
var thrownMelee = map[string]bool{"dagger": true, "handaxe": true, "javelin": true, "light_hammer": true, "spear": true, "trident": true}

// IsThrownMelee reports whether name is an SRD melee weapon with the thrown property (dagger, javelin …): an
// attack with it is melee within reach and ranged only when it is thrown.
func IsThrownMelee(name string) bool { return thrownMelee[weaponID(name)] }

// weaponID is the id of a weapon's name as typed: "Light-Crossbow", "light crossbow" → light_crossbow.
func weaponID(name string) string {
	return strings.Map(func(c rune) rune {
		if c == ' ' || c == '-' {
			return '_'
		}
		return c
	}, strings.ToLower(strings.TrimSpace(name)))
}

// MaxWeaponRange is the longest weapon range ParseWeaponRange takes, in feet.
const MaxWeaponRange = 10000

// ParseWeaponRange reads a weapon range as typed: "80/320" (normal/long, in feet) or one number, a range with no
// long range beyond it ("30" = 30/30). The normal range must be at least 5 ft and at most the long range.
func ParseWeaponRange(s string) (WeaponRange, error) {
	bad := newError(ErrBadWeaponRange, "Range", s, "Max", MaxWeaponRange)
	normal, long, two := strings.Cut(strings.TrimSpace(s), "/")
	n, err := strconv.Atoi(strings.TrimSpace(normal))
	if err != nil {
		return WeaponRange{}, bad
	}
	l := n
	if two {
		if l, err = strconv.Atoi(strings.TrimSpace(long)); err != nil {
			return WeaponRange{}, bad
		}
	}
	if n < 5 || l < n || l > MaxWeaponRange {
		return WeaponRange{}, bad
	}
	return WeaponRange{Normal: n, Long: l}, nil
}

// rangeEffects checks a ranged attack's distance (B5.3): beyond long range it is refused; beyond normal range,
// or with a hostile creature within 5 ft of the attacker (threatened), it has disadvantage.
func (o AttackOptions) rangeEffects() ([]Effect, error) {
	if !o.Ranged {
		return nil, nil
	}
	var out []Effect
	if r := o.Range; r.Normal > 0 {
		if r.Long > 0 && o.Distance > r.Long {
			return nil, newError(ErrOutOfRange, "Distance", o.Distance, "Long", r.Long)
		}
		if o.Distance > r.Normal {
			out = append(out, Effect{Source: SourceLongRange, Effect: EffectDisadvantage})
		}
	}
	if o.Threatened {
		out = append(out, Effect{Source: SourceThreatened, Effect: EffectDisadvantage})
	}
	return out, nil
}

// Sources of an attack's disadvantage that are circumstances, not conditions or effects (Effect.Source).
const (
	SourceLongRange  = "long_range" // beyond the weapon's normal range
	SourceThreatened = "threatened" // a ranged attack with a hostile creature within 5 ft
)
