package coc

import "rulekeeper/rules/dice"

// DamageInput is a hit to roll damage for.
type DamageInput struct {
	Weapon  Weapon      `json:"weapon"`
	DB      DamageBonus `json:"db"`                // the attacker's damage bonus
	Extreme bool        `json:"extreme,omitempty"` // the attacker's extreme success or critical
	Armour  int         `json:"armour,omitempty"`  // the target's armour
}

// DamageResult is rolled damage: every roll and the total after armour.
type DamageResult struct {
	Roll    *dice.Result `json:"roll"`              // the weapon's dice (each at its maximum on an extreme hit)
	DBMode  DBMode       `json:"db_mode"`           // how much of the bonus the weapon adds
	DB      DamageBonus  `json:"db"`                // the bonus added (halved for DBHalf)
	DBRoll  *dice.Result `json:"db_roll,omitempty"` // nil when no bonus applies
	Impale  *dice.Result `json:"impale,omitempty"`  // an impaling weapon's extra roll on an extreme hit
	Extreme bool         `json:"extreme,omitempty"`
	Raw     int          `json:"raw"` // before armour, at least 0
	Armour  int          `json:"armour,omitempty"`
	Total   int          `json:"total"` // after armour, at least 0
}

// RollDamage rolls a hit's damage (§7.4, E7.7, E7.8). Dice, in order: the weapon's dice, the damage bonus dice,
// then on an extreme hit with an impaling weapon its dice once more. On an extreme hit the weapon's and the bonus's
// dice count at their maximum and consume no forced faces. Armour comes off last; damage is never below 0.
func RollDamage(r dice.Roller, in DamageInput) (*DamageResult, error) {
	if err := in.Weapon.validate(); err != nil {
		return nil, err
	}
	if in.Armour < 0 || in.Armour > MaxArmour {
		return nil, newError(ErrBadArmour, "Armour", in.Armour, "Max", MaxArmour)
	}
	res := &DamageResult{DBMode: in.Weapon.DBMode(), Extreme: in.Extreme, Armour: in.Armour}
	roll := func(n string) (*dice.Result, error) {
		if in.Extreme {
			return rollMax(n)
		}
		return dice.Roll(n, r)
	}
	var err error
	if res.Roll, err = roll(in.Weapon.Damage); err != nil {
		return nil, err
	}
	switch res.DBMode {
	case DBFull:
		res.DB = in.DB
	case DBHalf:
		res.DB = in.DB.Halved()
	}
	if res.DB != (DamageBonus{}) {
		if res.DBRoll, err = roll(res.DB.Notation()); err != nil {
			return nil, err
		}
	}
	if in.Extreme && in.Weapon.Impale {
		if res.Impale, err = dice.Roll(in.Weapon.Damage, r); err != nil {
			return nil, err
		}
	}
	res.Raw = res.Roll.Total
	for _, x := range []*dice.Result{res.DBRoll, res.Impale} {
		if x != nil {
			res.Raw += x.Total
		}
	}
	res.Raw = max(0, res.Raw)
	res.Total = max(0, res.Raw-in.Armour)
	return res, nil
}
