package play

import "rulekeeper/rules/dnd5e"

// castInRange applies a 5e cast's distance (issue 14, 5e 7): distance: given is every named target's distance
// (spell attacks use it for prone targets and automatic crits), and a target measured — by distance: or on the
// grid with both placed — beyond the spell's range is refused before anything is spent. A spell with an area is
// measured at its origin, not here; the caster itself and targets marked invalid are not measured. cover: is every
// other target's (SRD "Cover": +2/+5 to AC and DEX saves), and total cover refuses the cast.
func castInRange(caster *Creature, targets []*Creature, invalid map[*Creature]bool, k Cast5e, st []dnd5e.SpellTarget) error {
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
