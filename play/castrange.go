package play

import (
	"fmt"

	"rulekeeper/rules/area"
	"rulekeeper/rules/dnd5e"
	"rulekeeper/rules/encounter"
)

// castInRange applies a 5e cast's distance (issue 14, 5e 7): distance: given is every named target's distance
// (spell attacks use it for prone targets and automatic crits), and a target measured — by distance: or on the
// grid with both placed — beyond the spell's range is refused before anything is spent. A spell with an area is
// measured at its origin (originInRange), not at its targets; the caster itself and targets marked invalid are not measured. cover: is every
// other target's (SRD "Cover": +2/+5 to AC and DEX saves), and total cover refuses the cast.
func castInRange(caster *Creature, targets []*Creature, invalid map[*Creature]bool, k Cast5e, st []dnd5e.SpellTarget) error {
	if err := originInRange(caster, k); err != nil {
		return err
	}
	for i, f := range targets {
		if f == caster || invalid[f] {
			continue
		}
		if err := k.Cover.Targetable(); err != nil {
			return err
		}
		if st[i].Cover = k.Cover; k.Area != nil {
			continue
		}
		if k.Distance != nil {
			st[i].Distance = *k.Distance
		} else if caster.pos() == nil || f.pos() == nil {
			continue // not measured
		}
		if err := k.Spell.Range.Reaches(f.Name(), st[i].Distance); err != nil {
			return err
		}
	}
	return nil
}

// originInRange refuses an area laid farther from its placed caster than the spell's range (a fireball's point of
// 150 ft): the origin is a square with the token method, else a grid intersection, measured to the nearest of the
// four squares that share it. A spell with a range of self starts at the caster and is not measured.
func originInRange(caster *Creature, k Cast5e) error {
	at := caster.pos()
	if k.Area == nil || at == nil || k.Spell.Range.Kind == dnd5e.RangeSelf {
		return nil
	}
	a := k.Area.Area()
	o := encounter.Pos{X: a.Origin.X, Y: a.Origin.Y}
	squares := at.Squares(o)
	if a.Method != area.Token {
		for _, d := range []encounter.Pos{{X: o.X - 1, Y: o.Y}, {X: o.X, Y: o.Y - 1}, {X: o.X - 1, Y: o.Y - 1}} {
			squares = min(squares, at.Squares(d))
		}
	}
	return k.Spell.Range.Reaches(fmt.Sprintf("%d,%d", a.Origin.X, a.Origin.Y), squares*area.FeetPerSquare)
}
